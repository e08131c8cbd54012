import { createError } from '../errors.ts';
import { DEFAULT_BM25 } from '../retrieval/bm25.ts';
import { compareTerms, FIELDS, STRUCTURED_KINDS, type TermIndex } from '../retrieval/term-index.ts';
import { STRUCTURED_BM25, TABLE_TITLE_WEIGHT } from '../tables/settings.ts';
import type { DocumentRecord } from '../storage/store.ts';
import { ByteReader, ByteWriter } from './bytes.ts';
import { contentHash, hash32 } from './hash.ts';
import { decodeSegment, type Segment } from './segment.ts';
import { isBare } from './derived.ts';
import { encodeSegment } from './segment-writer.ts';
import { decodeTimes, encodeDocumentTimes, joinTimes, type DocumentTimes } from './time-shards.ts';

/**
 * A prebuilt index split for fetching on demand, the way Pagefind splits a site's index: a
 * query fetches the postings of its own terms and the documents it returns, never the whole
 * index. Pure (a segment in, files out; bytes in, postings or documents out).
 *
 * - `index.json` (format `almanac-shards`): counts, the first term of each term shard, and how
 *   many documents each document fragment holds (varints, base64);
 * - `terms/N.bin`: for a run of terms in code-unit order, each term's document frequency and
 *   its postings at the *document* level: document numbers with a one-byte impact (the best
 *   BM25 term score over the document's passages and fields, k1 and b fixed at build time);
 *   a term in more than {@link MAX_POSTINGS} documents keeps its highest-impact ones (an
 *   impact-ordered cut, as search engines' early termination makes: a term that common has a
 *   low IDF and barely moves a ranking);
 *   exact copies (same title and text as an earlier document) are left out of the postings, so
 *   that the few candidates a query fetches are distinct documents, not one document in copies;
 * - `docs/N.bin`: consecutive documents as a segment of `segment.ts` without postings (the
 *   reader tokenises the few documents it fetched; postings would double the bytes);
 * - `times/N.bin` (version 2): consecutive documents' dated evidence without their text
 *   (`time-shards.ts`), a few hundred bytes for dozens of documents, so that a dated question
 *   can rank a hundred candidates on time before fetching the text of the few it returns.
 *
 * This is the first stage of a search only: it picks candidate documents; the engine then
 * runs its whole pipeline (BM25F, tables, time) over the documents fetched so far. Every
 * file opens with `ALTS` / `ALDF`, a version, a checksum and the build's id, so a file of
 * another build (a stale CDN copy) or damaged bytes are refused (`INDEX_CORRUPT`).
 */

/** 2: time shards (`times/N.bin`) and `manifest.times`. A reader of 2 refuses a manifest of 1 (rebuild it). */
export const SHARDS_VERSION = 2;
const TERMS_MAGIC = [0x41, 0x4c, 0x54, 0x53] as const; // ALTS
const DOCS_MAGIC = [0x41, 0x4c, 0x44, 0x46] as const; // ALDF
const TIMES_MAGIC = [0x41, 0x4c, 0x54, 0x4d] as const; // ALTM
/**
 * A time shard closes past this many bytes: small, since a query's hundred candidates fall in
 * many of them (fewer when they cluster, as a site's pages on one subject tend to).
 */
const TIME_BYTES = 1024;
/** Documents kept per term (highest impact first). */
export const MAX_POSTINGS = 512;
/**
 * A term shard closes past this many bytes. A query uses a handful of terms, each from its own
 * shard, so most of a shard is other terms' postings: smaller shards waste less (measured at
 * 150k passages: a 51-question session's term bytes 984 kB at 8 kB, 716 at 4 kB, 475 at 2 kB,
 * the same requests), for a longer manifest (one first term per shard: 4.5 -> 8.1 kB gzip).
 */
const SHARD_BYTES = 2 * 1024;
/**
 * A document fragment closes past this many characters of text: small, since a query fetches
 * a fragment for each candidate document (a few paragraphs of prose, or one table).
 */
const FRAGMENT_CHARS = 1_500;

/** The sizes of a sharded build (defaults above; a benchmark may try others). */
export interface ShardSizes {
  maxPostings?: number;
  shardBytes?: number;
  fragmentChars?: number;
  /** Bytes of dated evidence per time shard (default 1,024). */
  timeBytes?: number;
  /**
   * Leave exact copies out of the postings (default true): a document whose title and text
   * equal an earlier one's scores exactly as that one does, so as a candidate it would only
   * take the place of another document; it stays in its fragment (and in `df`, the collection's
   * count), only the first stage no longer proposes it.
   */
  collapseDuplicates?: boolean;
}
/** The largest impact a term can have (BM25's (k1 + 1) times the field weights), mapped to 255. */
const FIELD_WEIGHTS = [1, 1, TABLE_TITLE_WEIGHT];
const MAX_IMPACT = (DEFAULT_BM25.k1 + 1) * FIELD_WEIGHTS.reduce((a, b) => a + b, 0);
/** Terms fingerprint of a fragment's segment: none (the reader analyses it). */
const UNINDEXED = 'unindexed';

export interface ShardsManifest {
  format: 'almanac-shards';
  version: number;
  createdAt: string;
  /** Names the build (hash of every file's bytes); each file carries it too. */
  contentHash: string;
  /** The tokenizer the postings were written with (`termsFingerprint()`). */
  terms: string;
  counts: { documents: number; passages: number; termShards: number; fragments: number; timeShards: number };
  /** First term of each term shard, in order: shard `i` holds terms from `firstTerms[i]` up to the next. */
  firstTerms: string[];
  /** Documents per fragment, as base64 varints: fragment `i` holds the next that many documents. */
  fragmentSizes: string;
  /** Documents per time shard, as base64 varints (as {@link fragmentSizes}). */
  timeSizes: string;
  /** The BM25 statistics of the whole collection, per index (the engine scores fetched passages on them). */
  collection: { lexical: { passages: number; avgLengths: number[] }; structured: { passages: number; avgLengths: number[] } };
}

/** One term's document postings, as a query reads them. */
export interface TermPostings {
  /** Documents holding the term (before the cut to {@link MAX_POSTINGS}). */
  df: number;
  /** Passages holding the term in any field, in the lexical and in the structured index. */
  passageDf: [number, number];
  docs: Uint32Array;
  /** Impacts, 0-255 (see {@link impactScale}). */
  impacts: Uint8Array;
}

/** What one impact unit is worth in BM25 term-score units. */
export const impactScale = MAX_IMPACT / 255;

/** Splits a whole corpus (one segment, postings in record order) into term shards and fragments. */
export function writeShardedIndex(segment: Segment, sizes: ShardSizes = {}): { manifest: ShardsManifest; files: Array<{ name: string; bytes: Uint8Array }> } {
  const { records } = segment;
  const maxPostings = sizes.maxPostings ?? MAX_POSTINGS;
  const shardBytes = sizes.shardBytes ?? SHARD_BYTES;
  const fragmentChars = sizes.fragmentChars ?? FRAGMENT_CHARS;
  const duplicate = new Uint8Array(records.length);
  if (sizes.collapseDuplicates ?? true) {
    const firstOf = new Set<string>();
    records.forEach((r, d) => {
      const key = `${r.document.title}\u0000${r.document.text}`;
      if (firstOf.has(key)) duplicate[d] = 1;
      else firstOf.add(key);
    });
  }
  const docOf = (kinds: 'lexical' | 'structured') => {
    const out: number[] = [];
    records.forEach((r, d) => { for (const p of r.passages) if (STRUCTURED_KINDS.has(p.kind) === (kinds === 'structured')) out.push(d); });
    return Uint32Array.from(out);
  };
  const docLexical = docOf('lexical');
  const docStructured = docOf('structured');
  const sources = [
    { index: segment.lexical, doc: docLexical, params: DEFAULT_BM25 },
    { index: segment.structured, doc: docStructured, params: STRUCTURED_BM25 },
  ].flatMap(({ index, doc, params }) => index.fields.map((field, f) => ({ field, doc, params, weight: FIELD_WEIGHTS[f]!, avg: average(field.lengths), index })));
  // Every term of every field, merged in order.
  const all = [...new Set(sources.flatMap((s) => s.field.terms))].sort(compareTerms);
  const cursors = sources.map(() => 0);
  const shards: Array<{ first: string; bytes: Uint8Array }> = [];
  let w = new ByteWriter();
  let first = '';
  let count = 0;
  const byPassage = new Map<number, number>();
  const perPassage = new Map<number, number>();
  const inPassages = [new Set<number>(), new Set<number>()];
  const closeShard = () => {
    if (!count) return;
    shards.push({ first, bytes: finishShard(w, count) });
    w = new ByteWriter();
    count = 0;
  };
  for (const term of all) {
    perPassage.clear();
    for (const set of inPassages) set.clear();
    sources.forEach((s, k) => {
      const terms = s.field.terms;
      let i = cursors[k]!;
      while (i < terms.length && compareTerms(terms[i]!, term) < 0) i++;
      cursors[k] = i;
      if (terms[i] !== term) return;
      byPassage.clear();
      const { offsets, ids, counts, lengths } = s.field;
      const { k1, b } = s.params;
      for (let j = offsets[i]!; j < offsets[i + 1]!; j++) {
        const tf = counts[j]!;
        const norm = s.avg ? lengths[ids[j]!]! / s.avg : 1;
        byPassage.set(ids[j]!, s.weight * ((tf * (k1 + 1)) / (tf + k1 * (1 - b + b * norm))));
      }
      // A passage's fields add up (in its own index), keyed by passage: summed per document, a
      // table of a hundred rows that each name the term would outscore every paragraph that
      // does once, which is not how the engine ranks (passages, not documents).
      const structured = s.index === segment.structured ? 1 : 0;
      for (const [pid, score] of byPassage) {
        inPassages[structured]!.add(pid);
        const key = pid * 2 + structured;
        perPassage.set(key, (perPassage.get(key) ?? 0) + score);
      }
    });
    // A document keeps its best passage.
    const best = new Map<number, number>();
    for (const [key, score] of perPassage) {
      const d = (key & 1 ? docStructured : docLexical)[Math.floor(key / 2)]!;
      best.set(d, Math.max(best.get(d) ?? 0, score));
    }
    const df = best.size;
    let entries = [...best].filter(([d]) => !duplicate[d]);
    if (entries.length > maxPostings) entries = entries.sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, maxPostings);
    entries.sort((a, b) => a[0] - b[0]);
    if (!count) first = term;
    w.string(term);
    w.varint(df);
    w.varint(inPassages[0]!.size);
    w.varint(inPassages[1]!.size);
    w.varint(entries.length);
    let last = 0;
    for (const [d] of entries) {
      w.varint(d - last);
      last = d;
    }
    for (const [, score] of entries) w.u8(Math.max(1, Math.min(255, Math.round(score / impactScale))));
    count++;
    if (w.length >= shardBytes) closeShard();
  }
  closeShard();

  // Fragments: consecutive documents up to FRAGMENT_CHARS of text each.
  const fragments: DocumentRecord[][] = [];
  let size = Infinity;
  for (const r of records) {
    if (size >= fragmentChars) {
      fragments.push([]);
      size = 0;
    }
    fragments.at(-1)!.push(r);
    // What the fragment stores: a text passage is a slice of its document's text, a row's or a
    // column's summary decoded bare stays bare (a fragment of fewer rows than DERIVE_ON_OPEN
    // stores those it holds whole).
    size += r.document.text.length + r.passages.reduce((n, p) => n + (p.kind === 'text' || p.kind === 'sentence' || isBare(p) ? 0 : p.text.length), 0);
  }
  const fragmentBytes = fragments.map(encodeFragment);
  // Time shards: consecutive documents' dated evidence, up to `timeBytes` each.
  const timeBytes = sizes.timeBytes ?? TIME_BYTES;
  const timeFiles: Uint8Array[] = [];
  const timeSizes = new ByteWriter();
  const perDoc = records.map(encodeDocumentTimes);
  for (let d = 0; d < records.length;) {
    let end = d + 1;
    let size = perDoc[d]!.length;
    while (end < records.length && size + perDoc[end]!.length <= timeBytes) size += perDoc[end++]!.length;
    timeFiles.push(joinTimes(perDoc.slice(d, end)));
    timeSizes.varint(end - d);
    d = end;
  }
  const payloads = [...shards.map((s) => s.bytes), ...fragmentBytes, ...timeFiles];
  const build = contentHash(new TextEncoder().encode(payloads.map((p) => contentHash(p)).join(',')));
  const files = [
    ...shards.map((s, i) => ({ name: `terms/${i}.bin`, bytes: frame(TERMS_MAGIC, build, s.bytes) })),
    ...fragmentBytes.map((b, i) => ({ name: `docs/${i}.bin`, bytes: frame(DOCS_MAGIC, build, b) })),
    ...timeFiles.map((b, i) => ({ name: `times/${i}.bin`, bytes: frame(TIMES_MAGIC, build, b) })),
  ];
  const table = new ByteWriter();
  for (const g of fragments) table.varint(g.length);
  const manifest: ShardsManifest = {
    format: 'almanac-shards', version: SHARDS_VERSION, createdAt: new Date().toISOString(), contentHash: build, terms: segment.terms,
    counts: { documents: records.length, passages: records.reduce((n, r) => n + r.passages.length, 0), termShards: shards.length, fragments: fragments.length, timeShards: timeFiles.length },
    firstTerms: shards.map((s) => s.first),
    fragmentSizes: toBase64(table.finish()),
    timeSizes: toBase64(timeSizes.finish()),
    collection: {
      lexical: { passages: segment.lexical.passages, avgLengths: segment.lexical.fields.map((f) => average(f.lengths)) },
      structured: { passages: segment.structured.passages, avgLengths: segment.structured.fields.map((f) => average(f.lengths)) },
    },
  };
  return { manifest, files };
}

/** A checked manifest, with where each fragment and time shard starts (document numbers). */
export type CheckedShardsManifest = ShardsManifest & { fragmentStarts: Uint32Array; timeStarts: Uint32Array };

/** Checks a manifest of this format (`INDEX_CORRUPT`, `INDEX_TOO_NEW`, `INDEX_TOO_OLD`). */
export function checkShardsManifest(json: unknown): CheckedShardsManifest {
  const m = json as ShardsManifest;
  if (!m || m.format !== 'almanac-shards' || !Array.isArray(m.firstTerms) || typeof m.fragmentSizes !== 'string' || typeof m.contentHash !== 'string') {
    throw createError('INDEX_CORRUPT', 'no Almanac sharded-index manifest');
  }
  if (m.version > SHARDS_VERSION) throw createError('INDEX_TOO_NEW', m.version, SHARDS_VERSION);
  if (!(m.version >= SHARDS_VERSION)) throw createError('INDEX_TOO_OLD', m.version, SHARDS_VERSION);
  if (typeof m.timeSizes !== 'string') throw createError('INDEX_CORRUPT', 'the manifest lists no time shards');
  const starts = (table: string, files: number, what: string): Uint32Array => {
    let out: Uint32Array;
    try {
      const r = new ByteReader(fromBase64(table));
      out = new Uint32Array(files + 1);
      for (let i = 0; i < files; i++) out[i + 1] = out[i]! + r.varint();
    } catch {
      throw createError('INDEX_CORRUPT', `the ${what} table does not decode`);
    }
    if (out[files] !== m.counts.documents) throw createError('INDEX_CORRUPT', `the ${what}s hold another number of documents than the manifest says`);
    return out;
  };
  return { ...m, fragmentStarts: starts(m.fragmentSizes, m.counts.fragments, 'fragment'), timeStarts: starts(m.timeSizes, m.counts.timeShards, 'time shard') };
}

/** The file of `starts` (a checked manifest's `fragmentStarts` or `timeStarts`) holding document `doc`. */
export function fileOf(starts: Uint32Array, doc: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= doc) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The shard that would hold `term`. */
export function shardOf(manifest: ShardsManifest, term: string): number {
  let lo = 0;
  let hi = manifest.firstTerms.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (compareTerms(manifest.firstTerms[mid]!, term) <= 0) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Decodes a term shard into its terms' postings. */
export function readTermShard(bytes: Uint8Array, build: string): Map<string, TermPostings> {
  const r = unframe(bytes, TERMS_MAGIC, build);
  try {
    const n = r.varint();
    const out = new Map<string, TermPostings>();
    for (let i = 0; i < n; i++) {
      const term = r.string();
      const df = r.varint();
      const passageDf: [number, number] = [r.varint(), r.varint()];
      const k = r.varint();
      const docs = new Uint32Array(k);
      let last = 0;
      for (let j = 0; j < k; j++) docs[j] = last += r.varint();
      const impacts = r.bytes(k).slice();
      out.set(term, { df, passageDf, docs, impacts });
    }
    return out;
  } catch (err) {
    throw createError('INDEX_CORRUPT', `a term shard does not decode (${(err as Error).message})`);
  }
}

/** Decodes a time shard into its documents' dated evidence, in document order. */
export function readTimeShard(bytes: Uint8Array, build: string): DocumentTimes[] {
  const r = unframe(bytes, TIMES_MAGIC, build);
  try {
    return decodeTimes(bytes, r.pos);
  } catch (err) {
    throw createError('INDEX_CORRUPT', `a time shard does not decode (${(err as Error).message})`);
  }
}

/** Documents as a fragment's segment holds them (no postings: the reader analyses them). */
export function encodeFragment(records: DocumentRecord[]): Uint8Array {
  return encodeSegment({ terms: UNINDEXED, records, lexical: unindexed(records, false), structured: unindexed(records, true) });
}

/** Decodes a fragment into its documents (a segment without postings: analyse before indexing). */
export function readFragment(bytes: Uint8Array, build: string): Segment {
  const r = unframe(bytes, DOCS_MAGIC, build);
  return decodeSegment(bytes.subarray(r.pos));
}

// ---------------------------------------------------------------------------

function average(lengths: Uint32Array): number {
  let sum = 0;
  for (const l of lengths) sum += l;
  return lengths.length ? sum / lengths.length : 0;
}

/** Postings of no terms over a group's passages (a fragment's segment carries none). */
function unindexed(group: DocumentRecord[], structured: boolean): TermIndex {
  const n = group.reduce((k, r) => k + r.passages.filter((p) => STRUCTURED_KINDS.has(p.kind) === structured).length, 0);
  return { passages: n, fields: FIELDS.map(() => ({ terms: [], offsets: new Uint32Array(1), ids: new Uint32Array(0), counts: new Uint16Array(0), lengths: new Uint32Array(n) })) };
}

function finishShard(w: ByteWriter, count: number): Uint8Array {
  const body = w.finish();
  const head = new ByteWriter();
  head.varint(count);
  const h = head.finish();
  const out = new Uint8Array(h.length + body.length);
  out.set(h);
  out.set(body, h.length);
  return out;
}

/** magic, version (u16), checksum of the rest (u32), the build id (16 hex digits), the payload. */
function frame(magic: readonly number[], build: string, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(10 + 16 + payload.length);
  out.set(magic);
  out[4] = SHARDS_VERSION & 0xff;
  out[5] = SHARDS_VERSION >> 8;
  out.set(new TextEncoder().encode(build), 10);
  out.set(payload, 26);
  new DataView(out.buffer).setUint32(6, hash32(out.subarray(10)), true);
  return out;
}

function unframe(bytes: Uint8Array, magic: readonly number[], build: string): ByteReader {
  if (bytes.length < 26 || magic.some((b, i) => bytes[i] !== b)) throw createError('INDEX_CORRUPT', 'not a file of an Almanac sharded index');
  const version = bytes[4]! | (bytes[5]! << 8);
  if (version > SHARDS_VERSION) throw createError('INDEX_TOO_NEW', version, SHARDS_VERSION);
  if (new DataView(bytes.buffer, bytes.byteOffset).getUint32(6, true) !== hash32(bytes.subarray(10))) throw createError('INDEX_CORRUPT', 'a shard fails its checksum (truncated or damaged)');
  if (new TextDecoder().decode(bytes.subarray(10, 26)) !== build) throw createError('INDEX_CORRUPT', 'a shard of another build (a stale copy?): fetch the index again');
  return new ByteReader(bytes, 26);
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text: string): Uint8Array {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

