import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decodeSegment, encodeSegment, mergeSegments, readCorpusFile, readCorpusHeader, readSegmentHeader, readShards,
  writeCorpusFile, writeCorpusShards, SEGMENT_VERSION,
} from '../../src/index-format/index.ts';
import { analyseSegment } from '../../src/engine/segments.ts';
import { DERIVED } from '../../src/index-format/derived.ts';
import { hash32 } from '../../src/index-format/hash.ts';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { openDerived } from '../../src/engine/table-passages.ts';
import type { DocumentRecord } from '../../src/storage/store.ts';

const HTML = '<h1>Rates</h1><p>Since 2015 the bank has published rates. From 1990 to 1993 it did not. On 3 March 2021 at noon it changed.</p>'
  + '<table><caption>Rates</caption><tr><th></th><th colspan="2">2013</th></tr><tr><th></th><th>Buy</th><th>Sell</th></tr>'
  + '<tr><th>Euro</th><td>1.3</td><td>1.4</td></tr><tr><th>Peso</th><td>11.2</td><td></td></tr></table>';

async function records(): Promise<DocumentRecord[]> {
  const html = await prepareDocument({ id: 'rates', name: 'rates.html', content: HTML, date: new Date('2022-01-01') }, { now: 1_700_000_000_123 });
  const md = await prepareDocument({ id: 'notes', name: 'notes.md', content: '# Notes\n\nCafé naïve Отчёт 报告 text.\n\n## Later\n\nIn 1811 George Peter bought the house.' }, { now: 1_700_000_000_456 });
  const vectors = new Map(html.passages.map((p, i) => [p.id, new Float32Array([i, -i / 3, 0.25])]));
  return [{ document: html.document, passages: html.passages, vectors }, { document: md.document, passages: md.passages }];
}

/**
 * Decoded records as an engine opens them: a row's or a column's summary is stored without its
 * text (version 4) and written again from its table (`openDerived`), which the engine does first.
 */
function opened(records: DocumentRecord[]): DocumentRecord[] {
  expect(openDerived(records)).toEqual([]);
  return records;
}

describe('segment encoding', () => {
  it('round-trips documents, tables, passages, timestamps, vectors and postings exactly', async () => {
    const input = await records();
    const segment = analyseSegment(input, 'emb');
    const back = decodeSegment(encodeSegment(segment));
    expect(opened(back.records)).toEqual(input);
    expect(back.lexical).toEqual(segment.lexical);
    expect(back.structured).toEqual(segment.structured);
    expect(back.embedderId).toBe('emb');
    expect(back.terms).toBe(segment.terms);
    expect(input[0]!.passages.some((p) => p.sentences.some((s) => s.times.length))).toBe(true);
  });

  it('keeps fields it does not know, and the source offsets and page formats adds', async () => {
    const input = await records();
    const p = input[1]!.passages[0]! as unknown as Record<string, unknown>;
    p.source = { start: 2, end: 40 };
    p.page = 3;
    p.language = 'en';
    const q = input[1]!.passages[1]! as unknown as Record<string, unknown>;
    q.source = { start: 5, end: 1 }; // not a range the binary layout takes: kept as it is
    (input[1]!.document as unknown as Record<string, unknown>).checksum = 'abc';
    (input[0]!.document.tables[0]!.cells[0] as unknown as Record<string, unknown>).style = 'bold';
    const s = input[1]!.passages[1]!.sentences[0]!;
    (s as unknown as Record<string, unknown>).tag = 1;
    const back = decodeSegment(encodeSegment(analyseSegment(input)));
    expect(opened(back.records)).toEqual(input);
  });

  it('stores text passages as slices of their document, not twice', async () => {
    const text = 'word '.repeat(20_000);
    const r = await prepareDocument({ id: 'big', name: 'big.txt', content: text });
    const bytes = encodeSegment(analyseSegment([{ document: r.document, passages: r.passages }]));
    expect(bytes.length).toBeLessThan(text.length * 1.2);
  });

  it('leaves out excluded documents with their postings', async () => {
    const input = await records();
    const bytes = encodeSegment(analyseSegment(input));
    const back = decodeSegment(bytes, { exclude: new Set(['rates']) });
    expect(back.records.map((r) => r.document.id)).toEqual(['notes']);
    const alone = analyseSegment([input[1]!]);
    expect(back.lexical).toEqual(alone.lexical);
    expect(back.structured).toEqual(alone.structured);
  });

  it('merges segments as if their documents had been analysed together', async () => {
    const input = await records();
    const merged = mergeSegments([analyseSegment([input[0]!]), analyseSegment([input[1]!])]);
    const together = analyseSegment(input);
    expect(merged.lexical).toEqual(together.lexical);
    expect(merged.structured).toEqual(together.structured);
  });

  it('rejects damaged, truncated and foreign bytes with INDEX_CORRUPT, newer ones with INDEX_TOO_NEW', async () => {
    const bytes = encodeSegment(analyseSegment(await records()));
    for (const at of [20, Math.floor(bytes.length / 2), bytes.length - 1]) {
      const damaged = bytes.slice();
      damaged[at]! ^= 0x5a;
      expect(() => decodeSegment(damaged)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    }
    expect(() => decodeSegment(bytes.subarray(0, bytes.length - 7))).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    expect(() => decodeSegment(new TextEncoder().encode('{"not":"a segment"}'))).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    const newer = bytes.slice();
    newer[4] = SEGMENT_VERSION + 1;
    expect(() => decodeSegment(newer)).toThrow(expect.objectContaining({ code: 'INDEX_TOO_NEW' }));
    expect(readSegmentHeader(bytes)).toMatchObject({ version: SEGMENT_VERSION, documents: 2, vectors: 9, dimensions: 3 });
  });

  it('reads a version 1 segment (event intervals as JSON) and writes it again as the current version', () => {
    // Written by the version 1 encoder; the JSON beside it is what was encoded.
    const v1 = new Uint8Array(readFileSync(new URL('../fixtures/segment-v1.bin', import.meta.url)));
    const written = JSON.parse(readFileSync(new URL('../fixtures/segment-v1.json', import.meta.url), 'utf8'));
    expect(readSegmentHeader(v1).version).toBe(1);
    const back = decodeSegment(v1);
    expect(JSON.parse(JSON.stringify(back.records))).toEqual(written);
    expect(back.records[0]!.passages.flatMap((p) => p.sentences).filter((s) => s.intervals?.length)).toHaveLength(2);
    const again = encodeSegment(analyseSegment(back.records));
    expect(readSegmentHeader(again).version).toBe(SEGMENT_VERSION);
    expect(decodeSegment(again).records).toEqual(back.records);
  });
});

describe('segment encoding of derived table passages (version 3)', () => {
  it('reads a version 2 segment as it was written and writes it again as the current version', () => {
    // Written by the version 2 encoder, table passages among them; the JSON beside it is what was encoded.
    const v2 = new Uint8Array(readFileSync(new URL('../fixtures/segment-v2-tables.bin', import.meta.url)));
    const written = JSON.parse(readFileSync(new URL('../fixtures/segment-v2-tables.json', import.meta.url), 'utf8'));
    expect(readSegmentHeader(v2)).toMatchObject({ version: 2, documents: 1 });
    const back = decodeSegment(v2);
    expect(JSON.parse(JSON.stringify(back.records))).toEqual(written);
    expect(back.records[0]!.passages.some((p) => p.kind === 'table-row')).toBe(true);
    const again = encodeSegment(analyseSegment(back.records));
    // Nothing said how its table passages were derived: they stay stored as they are.
    expect(readSegmentHeader(again)).toMatchObject({ version: SEGMENT_VERSION });
    expect(readSegmentHeader(again).summaries).toBeUndefined();
    expect(decodeSegment(again).records).toEqual(back.records);
  });

  it('keeps a table passage whole beside which summary it is, and rejects the mark where none can be', async () => {
    const input = await records();
    const bytes = encodeSegment(analyseSegment(input));
    const header = readSegmentHeader(bytes);
    expect(header.summaries).toBeDefined();
    const back = decodeSegment(bytes);
    // A few rows and columns (fewer than make deriving them worth its code at opening): stored whole.
    expect(JSON.parse(JSON.stringify(back.records.map((r) => r.passages)))).toEqual(JSON.parse(JSON.stringify(input.map((r) => r.passages))));
    const marked = back.records.flatMap((r) => r.passages).filter((p) => Object.hasOwn(p, DERIVED));
    expect(marked.map((p) => p.kind).sort()).toEqual(input.flatMap((r) => r.passages).filter((p) => p.tableIndex !== undefined).map((p) => p.kind).sort());
    expect(marked.every((p) => !Object.keys(p).includes(String(DERIVED)) && !Object.getOwnPropertyDescriptor(p, DERIVED)!.enumerable)).toBe(true);
    // The same bytes read as version 2 (a version 2 writer never set the flag): corrupt, not misread.
    const old = bytes.slice();
    old[4] = 2;
    new DataView(old.buffer).setUint32(8, hash32(old.subarray(12)), true);
    expect(() => decodeSegment(old)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
  });
});

describe('corpus files', () => {
  it('writes one file with a manifest and reads every segment back', async () => {
    const input = await records();
    const parts = [encodeSegment(analyseSegment([input[0]!], 'emb')), encodeSegment(analyseSegment([input[1]!]))];
    const file = writeCorpusFile(parts);
    const { manifest, segments } = readCorpusFile(file);
    expect(manifest).toMatchObject({ format: 'almanac-corpus', version: 1, counts: { documents: 2 }, embedder: { id: 'emb', dimensions: 3 } });
    expect(manifest.contentHash).toMatch(/^[0-9a-f]{16}$/);
    expect(opened(segments.flatMap((s) => s.records))).toEqual(input);
    expect(readCorpusHeader(file).manifest.segments).toHaveLength(2);
  });

  it('refuses a truncated or tampered file as a whole', async () => {
    const file = writeCorpusFile([encodeSegment(analyseSegment(await records()))]);
    expect(() => readCorpusFile(file.subarray(0, file.length - 100))).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    const tampered = file.slice();
    tampered[tampered.length - 50]! ^= 1;
    expect(() => readCorpusFile(tampered)).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
    const newer = file.slice();
    newer[4] = 9;
    expect(() => readCorpusFile(newer)).toThrow(expect.objectContaining({ code: 'INDEX_TOO_NEW' }));
  });

  it('writes a build as a manifest and segment files, checked against each other on reading', async () => {
    const input = await records();
    const { manifest, files } = writeCorpusShards([encodeSegment(analyseSegment([input[0]!])), encodeSegment(analyseSegment([input[1]!]))]);
    expect(files.map((f) => f.name)).toEqual(['segment-0.bin', 'segment-1.bin']);
    const json = JSON.parse(JSON.stringify(manifest));
    expect(opened(readShards(json, files.map((f) => f.bytes)).flatMap((s) => s.records))).toEqual(input);
    expect(() => readShards(json, [files[1]!.bytes, files[0]!.bytes])).toThrow(expect.objectContaining({ code: 'INDEX_CORRUPT' }));
  });
});
