import { STRUCTURED_KINDS } from '../retrieval/term-index.ts';
import type { DocumentRecord } from '../storage/store.ts';
import type { EventInterval, TimeSpan } from '../types.ts';
import { ByteReader, ByteWriter, FormatError } from './bytes.ts';

/**
 * The dated evidence of documents without their text: per document, the timestamps and the
 * inferred intervals of each dated sentence of its prose passages, and whether it has undated
 * sentences too. A sharded index (`term-shards.ts`) writes it in small files of consecutive
 * documents (`times/N.bin`), so a query can score the time of a hundred candidates for a few
 * kB before it fetches the text of the few it returns (the whole index's temporal reranker
 * reads its 100 best BM25 passages; text for that many would cost ~0.5 MB).
 *
 * Times are kept in whole days (start rounded down, end up): this is a first-stage estimate;
 * the engine scores the documents it then fetches exactly. Table passages carry no entry:
 * their rows' dates are records, read by name against the question, which needs their text.
 * Pure: records in, bytes out, bytes in, evidence out.
 */

/** One dated sentence's evidence, as the temporal curves read it. */
export interface DatedSentence {
  times: TimeSpan[];
  intervals?: EventInterval[];
}

/** A document's dated evidence. */
export interface DocumentTimes {
  /** Its dated prose sentences (table passages left out). */
  sentences: DatedSentence[];
  /** Whether some prose sentence of it carries no date (it may inherit its passage's). */
  undated: boolean;
}

const DAY = 86_400_000;
const GRANULARITIES: ReadonlyArray<TimeSpan['granularity']> = ['day', 'month', 'season', 'year', 'decade', 'century'];
const END_KINDS: ReadonlyArray<EventInterval['endKind']> = ['explicit', 'next', 'present', 'open'];
const SOURCES: ReadonlyArray<EventInterval['source']> = ['sentence', 'passage', 'record'];

/** The evidence {@link encodeTimes} keeps of a document (what a reader of its bytes gets back). */
export function documentTimes(record: DocumentRecord): DocumentTimes {
  const sentences: DatedSentence[] = [];
  let undated = false;
  for (const p of record.passages) {
    // Column summaries list many rows' dates and state no time of their own (as the reranker reads them).
    if (STRUCTURED_KINDS.has(p.kind) || p.kind === 'table') continue;
    for (const s of p.sentences) {
      const intervals = (s.intervals ?? []).filter((iv) => iv.source !== 'record' && GRANULARITIES.includes(iv.granularity));
      const times = s.times.filter((t) => GRANULARITIES.includes(t.granularity) && Number.isFinite(t.start) && Number.isFinite(t.end));
      if (!times.length && !intervals.length) {
        undated = true;
        continue;
      }
      sentences.push({ times: times.map(daySpan), ...(intervals.length ? { intervals: intervals.map(dayInterval) } : {}) });
    }
  }
  return { sentences, undated };
}

/** Encodes consecutive documents' evidence (see {@link documentTimes}). */
export function encodeTimes(records: readonly DocumentRecord[]): Uint8Array {
  return joinTimes(records.map(encodeDocumentTimes));
}

/** Joins documents encoded one by one ({@link encodeDocumentTimes}) into what {@link decodeTimes} reads. */
export function joinTimes(parts: readonly Uint8Array[]): Uint8Array {
  const w = new ByteWriter();
  w.varint(parts.length);
  for (const p of parts) w.bytes(p);
  return w.finish();
}

/** One document's evidence, encoded (a builder sizes its files with these). */
export function encodeDocumentTimes(record: DocumentRecord): Uint8Array {
  const w = new ByteWriter();
  {
    const { sentences, undated } = documentTimes(record);
    w.varint((sentences.length << 1) | (undated ? 1 : 0));
    for (const s of sentences) {
      w.varint(s.times.length);
      for (const t of s.times) {
        w.varint((GRANULARITIES.indexOf(t.granularity) << 2) | (t.open === 'start' ? 1 : t.open === 'end' ? 2 : 0));
        w.svarint(t.start / DAY);
        w.varint((t.end - t.start) / DAY);
        w.varint(t.from);
      }
      const intervals = s.intervals ?? [];
      w.varint(intervals.length);
      for (const v of intervals) {
        const flags = (v.start !== undefined ? 1 : 0) | (v.end !== undefined ? 2 : 0) | (v.stated ? 4 : 0) | (v.stated === 'end' ? 8 : 0) | (v.from !== undefined ? 16 : 0);
        w.varint(flags);
        w.varint((GRANULARITIES.indexOf(v.granularity) << 4) | (END_KINDS.indexOf(v.endKind) << 2) | SOURCES.indexOf(v.source));
        if (v.start !== undefined) w.svarint(v.start / DAY);
        if (v.end !== undefined) w.svarint(v.end / DAY);
        if (v.from !== undefined) w.varint(v.from);
      }
    }
  }
  return w.finish();
}

/** Decodes what {@link encodeTimes} wrote (a `FormatError` on bytes it did not write). */
export function decodeTimes(bytes: Uint8Array, from = 0): DocumentTimes[] {
  const r = new ByteReader(bytes, from);
  const n = r.count(1);
  const out: DocumentTimes[] = new Array(n);
  const pick = <T>(list: readonly T[], i: number): T => {
    const v = list[i];
    if (v === undefined) throw new FormatError('a time field is out of range');
    return v;
  };
  for (let d = 0; d < n; d++) {
    const head = r.varint();
    if ((head >>> 1) * 2 > r.end - r.pos) throw new FormatError('a sentence count exceeds the data left');
    const sentences: DatedSentence[] = new Array(head >>> 1);
    for (let i = 0; i < sentences.length; i++) {
      const times: TimeSpan[] = new Array(r.count(4));
      for (let j = 0; j < times.length; j++) {
        const flags = r.varint();
        const start = r.svarint() * DAY;
        const end = start + r.varint() * DAY;
        const fromAt = r.varint();
        const granularity = pick(GRANULARITIES, flags >> 2);
        times[j] = flags & 3 ? { start, end, granularity, open: flags & 1 ? 'start' : 'end', from: fromAt, to: fromAt } : { start, end, granularity, from: fromAt, to: fromAt };
      }
      const intervals: EventInterval[] = new Array(r.count(2));
      for (let j = 0; j < intervals.length; j++) {
        const flags = r.varint();
        const kinds = r.varint();
        const v: EventInterval = { endKind: pick(END_KINDS, (kinds >> 2) & 3), granularity: pick(GRANULARITIES, kinds >> 4), source: pick(SOURCES, kinds & 3) };
        if (flags & 1) v.start = r.svarint() * DAY;
        if (flags & 2) v.end = r.svarint() * DAY;
        if (flags & 4) v.stated = flags & 8 ? 'end' : 'start';
        if (flags & 16) v.from = v.to = r.varint();
        intervals[j] = v;
      }
      sentences[i] = intervals.length ? { times, intervals } : { times };
    }
    out[d] = { sentences, undated: (head & 1) === 1 };
  }
  if (r.pos !== r.end) throw new FormatError('bytes left over after the last document');
  return out;
}

function daySpan(t: TimeSpan): TimeSpan {
  const start = Math.floor(t.start / DAY) * DAY;
  const end = Math.max(start, Math.ceil(t.end / DAY) * DAY);
  // Offsets only tell a date that opens or closes an interval (`from`) from the others.
  return t.open ? { start, end, granularity: t.granularity, open: t.open, from: t.from, to: t.from } : { start, end, granularity: t.granularity, from: t.from, to: t.from };
}

function dayInterval(v: EventInterval): EventInterval {
  const out: EventInterval = { endKind: v.endKind, granularity: v.granularity, source: v.source };
  if (v.start !== undefined && Number.isFinite(v.start)) out.start = Math.floor(v.start / DAY) * DAY;
  if (v.end !== undefined && Number.isFinite(v.end)) out.end = Math.ceil(v.end / DAY) * DAY;
  if (v.stated) out.stated = v.stated;
  if (v.from !== undefined) out.from = out.to = v.from;
  return out;
}
