import { createError } from '../errors.ts';
import { ByteReader, FormatError } from './bytes.ts';
import { contentHash } from './hash.ts';
import { decodeSegment, readSegmentHeader, SEGMENT_VERSION, typed, type Segment } from './segment.ts';

/**
 * A corpus as files: a manifest and one or more segments (`segment.ts`). The same bytes serve
 * export / import (one file: {@link writeCorpusFile}) and the prebuilt index of `almanac build`
 * (a manifest `index.json` and segment files, {@link writeCorpusShards}). IndexedDB keeps the
 * very same segments, one record each.
 */

/** What a corpus file or a build says about itself, readable before any segment is fetched. */
export interface CorpusManifest {
  format: 'almanac-corpus';
  /** Version of this container; a reader refuses a newer one (`INDEX_TOO_NEW`). */
  version: number;
  /** Newest segment version inside. */
  segmentVersion: number;
  /** When it was written (ISO 8601). */
  createdAt: string;
  /** 64-bit hash (16 hex digits) of the segments' own hashes in order: names the build, e.g. as a cache key. */
  contentHash: string;
  /** Tokenizer and field mapping of the postings (`termsFingerprint()`). */
  terms: string;
  counts: { documents: number; passages: number; vectors: number };
  /** The embedder whose vectors the segments carry, if any. */
  embedder?: { id: string; dimensions: number };
  /**
   * The segments, in order. In one file, `offset` counts from the first byte after the
   * manifest; in a build, `file` names the segment's file beside the manifest.
   */
  segments: Array<{ offset?: number; file?: string; length: number; hash: string; documents: number; passages: number }>;
}

/** The container version this code writes and reads. */
export const CORPUS_FILE_VERSION = 1;
/** Bytes 0-3 of a one-file corpus: "ALMC". */
const MAGIC = [0x41, 0x4c, 0x4d, 0x43] as const;

/** The manifest of encoded segments. */
export function corpusManifest(segments: readonly Uint8Array[], placement: (i: number) => { offset?: number; file?: string }): CorpusManifest {
  let documents = 0;
  let passages = 0;
  let vectors = 0;
  let terms = '';
  let embedder: CorpusManifest['embedder'];
  const entries = segments.map((bytes, i) => {
    const h = readSegmentHeader(bytes);
    documents += h.documents;
    passages += h.passages;
    vectors += h.vectors;
    if (terms && h.terms !== terms) throw new Error('corpusManifest: segments written with different tokenizers');
    terms = h.terms;
    if (h.vectors) embedder = { id: h.embedderId ?? '', dimensions: h.dimensions ?? 0 };
    return { ...placement(i), length: bytes.length, hash: contentHash(bytes), documents: h.documents, passages: h.passages };
  });
  return {
    format: 'almanac-corpus', version: CORPUS_FILE_VERSION, segmentVersion: SEGMENT_VERSION, createdAt: new Date().toISOString(),
    contentHash: contentHash(new TextEncoder().encode(entries.map((e) => e.hash).join(','))), terms, counts: { documents, passages, vectors },
    ...(embedder ? { embedder } : {}), segments: entries,
  };
}

/** Checks a manifest's shape and version (`INDEX_CORRUPT`, `INDEX_TOO_NEW`). */
export function checkManifest(manifest: unknown): CorpusManifest {
  const m = manifest as CorpusManifest;
  if (!m || m.format !== 'almanac-corpus' || !Number.isInteger(m.version) || !Array.isArray(m.segments)) {
    throw createError('INDEX_CORRUPT', 'no Almanac corpus manifest');
  }
  if (m.version > CORPUS_FILE_VERSION) throw createError('INDEX_TOO_NEW', m.version, CORPUS_FILE_VERSION);
  if (m.segmentVersion > SEGMENT_VERSION) throw createError('INDEX_TOO_NEW', m.segmentVersion, SEGMENT_VERSION);
  for (const s of m.segments) {
    if (!s || !Number.isInteger(s.length) || s.length < 0 || typeof s.hash !== 'string') throw createError('INDEX_CORRUPT', 'a manifest entry lacks its length or hash');
  }
  return m;
}

/**
 * One file holding a whole corpus: `ALMC`, container version (u16), flags (u16), manifest
 * length (u32), the manifest as JSON, then each segment at an 8-byte boundary.
 */
export function writeCorpusFile(segments: readonly Uint8Array[]): Uint8Array {
  const offsets: number[] = [];
  let at = 0;
  for (const s of segments) {
    offsets.push(at);
    at = align8(at + s.length);
  }
  const manifest = corpusManifest(segments, (i) => ({ offset: offsets[i]! }));
  const json = new TextEncoder().encode(JSON.stringify(manifest));
  const body = align8(12 + json.length);
  const out = new Uint8Array(body + at);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint16(4, CORPUS_FILE_VERSION, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, json.length, true);
  out.set(json, 12);
  segments.forEach((s, i) => out.set(s, body + offsets[i]!));
  return out;
}

/**
 * Reads a one-file corpus: its manifest and every segment, each checked against the
 * manifest's length and hash and decoded (`INDEX_CORRUPT`, `INDEX_TOO_NEW`). All or nothing:
 * nothing is returned from a file that fails anywhere.
 */
export function readCorpusFile(file: Uint8Array): { manifest: CorpusManifest; segments: Segment[]; bytes: Uint8Array[] } {
  const { manifest, body } = readCorpusHeader(file);
  const bytes = manifest.segments.map((entry) => {
    const start = body + (entry.offset ?? NaN);
    if (!Number.isInteger(start) || start < body || start + entry.length > file.length) throw createError('INDEX_CORRUPT', 'a segment lies outside the file (truncated?)');
    return file.subarray(start, start + entry.length);
  });
  return { manifest, bytes, segments: readShards(manifest, bytes) };
}

/** The manifest of a one-file corpus and where its body starts. */
export function readCorpusHeader(file: Uint8Array): { manifest: CorpusManifest; body: number } {
  return typed(() => {
    if (file.length < 12 || MAGIC.some((b, i) => file[i] !== b)) throw new FormatError('not an Almanac corpus file (bad magic bytes)');
    const r = new ByteReader(file, 4);
    const version = r.u8() | (r.u8() << 8);
    if (version > CORPUS_FILE_VERSION) throw createError('INDEX_TOO_NEW', version, CORPUS_FILE_VERSION);
    r.pos = 8;
    const length = r.u32();
    let manifest: unknown;
    try {
      manifest = JSON.parse(new TextDecoder().decode(r.bytes(length)));
    } catch (err) {
      if (err instanceof FormatError) throw err;
      throw new FormatError('the manifest is not JSON');
    }
    return { manifest: checkManifest(manifest), body: align8(12 + length) };
  });
}

/**
 * A corpus as a manifest (`index.json`, as JSON) and one file per segment, `segment-N.bin`
 * (a build's output; the caller decides how many documents go to a segment).
 */
export function writeCorpusShards(segments: readonly Uint8Array[]): { manifest: CorpusManifest; files: Array<{ name: string; bytes: Uint8Array }> } {
  const files = segments.map((bytes, i) => ({ name: `segment-${i}.bin`, bytes }));
  return { manifest: corpusManifest(segments, (i) => ({ file: files[i]!.name })), files };
}

/** Decodes segments a manifest lists (fetched or read by the caller), checking each against it. */
export function readShards(manifest: CorpusManifest, bytes: readonly Uint8Array[]): Segment[] {
  const m = checkManifest(manifest);
  if (bytes.length !== m.segments.length) throw createError('INDEX_CORRUPT', `${bytes.length} segments for a manifest of ${m.segments.length}`);
  const segments = bytes.map((b, i) => {
    const entry = m.segments[i]!;
    if (b.length !== entry.length || contentHash(b) !== entry.hash) throw createError('INDEX_CORRUPT', `segment ${i} differs from its manifest entry (truncated or replaced?)`);
    return decodeSegment(b);
  });
  const documents = segments.reduce((n, s) => n + s.records.length, 0);
  if (documents !== m.counts?.documents) throw createError('INDEX_CORRUPT', 'the segments hold another number of documents than the manifest says');
  return segments;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
