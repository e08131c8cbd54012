import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { prepareDocument, releasePrepared } from '../../src/engine/prepare.ts';
import { analyseSegment } from '../../src/engine/segments.ts';
import { decodeSegment, readSegmentHeader } from '../../src/index-format/segment.ts';
import { termsFingerprint } from '../../src/retrieval/term-index.ts';
import { encodeSegment } from '../../src/index-format/segment-writer.ts';
import { writeCorpusFile } from '../../src/index-format/corpus-file.ts';
import { DERIVED, derivedMark } from '../../src/index-format/derived.ts';
import { openDerived, sentenceTimes } from '../../src/engine/table-passages.ts';
import { timeCoverage } from '../../src/temporal/coverage.ts';
import type { DocumentRecord } from '../../src/storage/store.ts';
import type { DocumentInput, Passage } from '../../src/types.ts';

// A table with merged headers, units, a dated caption (timestamps), a group row and a dated
// column (a row's interval): every part a table passage derives.
const RATES: DocumentInput = {
  name: 'rates.html',
  content: '<h1>Exchange rates</h1><table><caption>Average exchange rates, 2012 to 2014 (percent)</caption><thead>'
    + '<tr><th rowspan="2">Currency</th><th colspan="2">2013</th><th colspan="2">2012</th><th rowspan="2">Introduced</th></tr>'
    + '<tr><th>Buy</th><th>Sell</th><th>Buy</th><th>Sell</th></tr></thead><tbody>'
    + '<tr><th colspan="6">Americas</th></tr>'
    + '<tr><th>Mexican peso</th><td>11.2</td><td>11.9</td><td>10.9</td><td>11.5</td><td>1 January 1993</td></tr>'
    + '<tr><th>Canadian dollar</th><td>1.03</td><td>1.05</td><td></td><td>1.01</td><td>1858</td></tr>'
    + '<tr><th>Euro</th><td>1.3</td><td>1.4</td><td>1.2</td><td>1.25</td><td>1 January 1999</td></tr></tbody></table>'
    + '<p>The peso was revalued in 1993. Rates are averages over each year.</p>',
};

/** A long table: more row summaries than the engine keeps derived at once. */
function longTable(name: string, rows: number): DocumentInput {
  const body = Array.from({ length: rows }, (_, i) => `<tr><th>item ${name} ${i}</th><td>${i}</td><td>${(i * 1.5).toFixed(1)}</td></tr>`).join('');
  return { name: `${name}.html`, content: `<table><caption>Inventory ${name}</caption><tr><th>Item</th><th>Count</th><th>Weight (kg)</th></tr>${body}</table>` };
}

/** A long table of terms, each row dated by its start and end columns (a row's interval) and its year in its label (timestamps). */
function datedTable(rows: number): DocumentInput {
  const body = Array.from({ length: rows }, (_, i) => `<tr><th>term ${i} of ${1900 + (i % 120)}</th><td>${1900 + (i % 120)}-01-0${1 + (i % 9)}</td><td>${1901 + (i % 120)}-06-1${i % 10}</td><td>${i}</td></tr>`).join('');
  return { name: 'terms.html', content: `<table><caption>Terms of office</caption><tr><th>Term</th><th>Start</th><th>End</th><th>Votes</th></tr>${body}</table>` };
}

/** A full collection, and the weak references of the last job let go first (they hold their target until it ends). */
async function collect(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

/** Whether a passage derives its text when read (an accessor), rather than holding it. */
const derived = (p: Passage) => typeof Object.getOwnPropertyDescriptor(p, 'text')?.get === 'function';

/** What a passage is, as plain data (what a page receives from the worker). */
const plain = (p: Passage) => JSON.parse(JSON.stringify(p)) as Passage;

/** The passages as prepared, before any is released: written once, eagerly. */
async function eager(input: DocumentInput): Promise<Passage[]> {
  return (await prepareDocument(input, { now: 0 })).passages.map(plain);
}

describe('table passages', () => {
  it('found by search, are complete and equal to the eagerly built ones', async () => {
    const expected = await eager(RATES);
    const almanac = await createAlmanac();
    await almanac.ingest([{ ...RATES }]);
    const res = await almanac.search('Mexican peso buy 2013', { limit: 10 });
    const found = res.results.filter((r) => r.passage.kind !== 'text' && r.passage.kind !== 'sentence');
    expect(found.length).toBeGreaterThan(0);
    for (const r of found) {
      const want = expected.find((p) => p.id === r.passage.id)!;
      expect(plain(r.passage)).toEqual(want);
      // Own, enumerable: a spread and Object.keys see them as on any passage.
      expect({ ...r.passage }).toEqual(want);
      expect(Object.keys(r.passage)).toEqual(Object.keys(want));
    }
    const row = found.find((r) => r.passage.kind === 'table-row' && r.passage.text.includes('Mexican peso'))!;
    expect(row.passage.text).toContain('Americas, Mexican peso: in 2013 Buy 11.2');
    expect(row.matchedCells?.[0]?.text).toBe('11.2');
    // The dated column gave the row an interval, kept through the derivation.
    const dated = expected.filter((p) => p.sentences.some((s) => s.intervals?.length));
    expect(dated.length).toBeGreaterThan(0);
    expect(expected.some((p) => p.kind === 'table-row' && p.sentences.some((s) => s.times.length))).toBe(true);
    await almanac.close();
  });

  it('read back after more reads than are kept derived, are the same every time', async () => {
    const inputs = [longTable('a', 1050), longTable('b', 1050)];
    const expected = [...(await eager(inputs[0]!)), ...(await eager(inputs[1]!))];
    const almanac = await createAlmanac();
    await almanac.ingest(inputs);
    const res1 = await almanac.search('item a 7 count', { limit: 5 });
    expect(res1.results[0]?.passage.text).toContain('item a 7');
    const { passages } = (almanac as unknown as { state: { passages: Map<string, Passage> } }).state;
    const byId = new Map(expected.map((p) => [p.id, p]));
    const want = JSON.stringify([...passages.keys()].map((id) => byId.get(id)));
    for (let round = 0; round < 2; round++) expect(JSON.stringify([...passages.values()])).toBe(want);
    await almanac.close();
  });

  it('cross to a page as plain, complete data (structured clone reads own properties only)', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ ...RATES }]);
    const res = await almanac.search('Canadian dollar sell 2012', { limit: 10 });
    const cloned = structuredClone(res);
    const expected = await eager(RATES);
    for (const r of cloned.results) {
      expect(Object.getPrototypeOf(r.passage)).toBe(Object.prototype);
      expect(r.passage).toEqual(expected.find((p) => p.id === r.passage.id));
    }
    await almanac.close();
  });

  it('are stored whole with which summary they are, and open from a store derived, as ingested', async () => {
    const prepared = await prepareDocument({ ...RATES }, { now: 0 });
    const copy = prepared.passages.map(plain);
    releasePrepared(prepared.passages);
    const lazyBytes = encodeSegment(analyseSegment([{ document: prepared.document, passages: prepared.passages }]));
    const eagerBytes = encodeSegment(analyseSegment([{ document: prepared.document, passages: copy }]));
    // Both hold every passage whole (fewer rows and columns than make deriving them worth its
    // code at opening); only the lazy ones say which summary they are.
    expect(decodeSegment(lazyBytes).records[0]!.passages.map(plain)).toEqual(copy);
    expect(decodeSegment(eagerBytes).records[0]!.passages.map(plain)).toEqual(copy);
    expect(readSegmentHeader(lazyBytes).summaries).toMatch(/^s\d+\./);
    expect(readSegmentHeader(eagerBytes).summaries).toBeUndefined();
    // Decoded and written again (a compaction), they still say so.
    expect(encodeSegment(decodeSegment(lazyBytes))).toEqual(lazyBytes);

    const storage = { indexedDB: { name: 'table-passages', factory: new IDBFactory() } };
    const fresh = await createAlmanac({ storage });
    await fresh.ingest([{ ...RATES }]);
    const before = await fresh.search('Euro sell 2013', { limit: 10 });
    const exported = await fresh.exportCorpus();
    await fresh.close();
    const reopened = await createAlmanac({ storage });
    const after = await reopened.search('Euro sell 2013', { limit: 10 });
    expect(after.results.map((r) => plain(r.passage))).toEqual(before.results.map((r) => plain(r.passage)));
    const imported = await createAlmanac();
    await imported.importCorpus(exported);
    const again = await imported.search('Euro sell 2013', { limit: 10 });
    expect(again.results.map((r) => plain(r.passage))).toEqual(before.results.map((r) => plain(r.passage)));
    for (const results of [after.results, again.results]) {
      const tables = results.filter((r) => r.passage.tableIndex !== undefined);
      expect(tables.length).toBeGreaterThan(0);
      for (const r of tables) expect(derived(r.passage)).toBe(true);
    }
    await reopened.close();
    await imported.close();
  });

  it('of a segment with a thousand rows and columns or more, are stored without their text and written again from their table', async () => {
    const prepared = await prepareDocument(longTable('big', 1100), { now: 0 });
    const copy = prepared.passages.map(plain);
    releasePrepared(prepared.passages);
    const lazyBytes = encodeSegment(analyseSegment([{ document: prepared.document, passages: prepared.passages }]));
    const eagerBytes = encodeSegment(analyseSegment([{ document: prepared.document, passages: copy }]));
    // A row's or a column's summary is its table's header paths and values written again: not stored.
    expect(lazyBytes.length).toBeLessThan(eagerBytes.length * 0.75);
    const decoded = decodeSegment(lazyBytes).records;
    const bare = decoded[0]!.passages.filter((p) => p.kind === 'table-row' || p.kind === 'table-column');
    expect(bare).toHaveLength(1102);
    // Until derived, such a passage is no passage: reading its text says so, loudly; a spread or JSON does not see it.
    for (const p of bare.slice(0, 5)) {
      expect(() => p.text).toThrow(/derive/);
      expect(Object.keys(p)).not.toContain('text');
    }
    expect(decoded[0]!.passages.find((p) => p.kind === 'table')!.text).toBe(copy.find((p) => p.kind === 'table')!.text);
    // Decoded and written again (a compaction), they stay as they were, and derived they are the passages that were stored.
    expect(encodeSegment(decodeSegment(lazyBytes))).toEqual(lazyBytes);
    expect(openDerived(decoded)).toEqual([]);
    expect(decoded[0]!.passages.map(plain)).toEqual(copy);
    for (const p of bare.slice(0, 5)) expect(derived(decoded[0]!.passages[p.ordinal]!)).toBe(true);
    // Rows dated by their columns (intervals) and their labels (timestamps) keep both, stored without their text.
    const dated = await prepareDocument(datedTable(1050), { now: 0 });
    const datedCopy = dated.passages.map(plain);
    expect(datedCopy.filter((p) => p.kind === 'table-row' && p.sentences.some((x) => x.intervals?.length && x.times.length)).length).toBeGreaterThan(1000);
    releasePrepared(dated.passages);
    const datedBack = decodeSegment(encodeSegment(analyseSegment([{ document: dated.document, passages: dated.passages }]))).records;
    expect(datedBack[0]!.passages.filter((p) => derivedMark(p)?.bare).length).toBeGreaterThan(1000);
    expect(openDerived(datedBack)).toEqual([]);
    expect(datedBack[0]!.passages.map(plain)).toEqual(datedCopy);
    // Opened by an engine, imported or restored, they search as ingested.
    const storage = { indexedDB: { name: 'bare-rows', factory: new IDBFactory() } };
    const fresh = await createAlmanac({ storage });
    await fresh.ingest([longTable('big', 1100)]);
    const before = await fresh.search('item big 1042 weight', { limit: 5 });
    expect(before.results[0]!.passage.text).toContain('item big 1042');
    await fresh.close();
    const reopened = await createAlmanac({ storage });
    expect((await reopened.search('item big 1042 weight', { limit: 5 })).results.map((r) => plain(r.passage))).toEqual(before.results.map((r) => plain(r.passage)));
    await reopened.close();
  });

  it('open as stored from a segment of version 2, and are written anew from a segment of another summary writer', async () => {
    // Written by the version 2 encoder (no passage says how it is derived); the JSON beside it is what was encoded.
    const v2 = new Uint8Array(readFileSync(new URL('../fixtures/segment-v2-tables.bin', import.meta.url)));
    const written = JSON.parse(readFileSync(new URL('../fixtures/segment-v2-tables.json', import.meta.url), 'utf8')) as DocumentRecord[];
    expect(readSegmentHeader(v2).version).toBe(2);
    // Marked derived by a writer that is not this one.
    const prepared = await prepareDocument({ ...RATES, id: 'other' }, { now: 0 });
    const elsewhere = prepared.passages.map((p) => {
      const copy = plain(p);
      if (p.tableIndex !== undefined) Object.defineProperty(copy, DERIVED, { value: { ...derivedMark(p)!, writer: 's0.another' } });
      return copy;
    });
    const other = encodeSegment(analyseSegment([{ document: prepared.document, passages: elsewhere }]));
    expect(readSegmentHeader(other).summaries).toBe('s0.another');
    // Another writer's rows and columns stored bare (a segment of a thousand or more): written
    // anew by this writer from their table (here the same text), dated, and analysed again.
    const big = await prepareDocument({ ...longTable('other', 1100), id: 'big' }, { now: 0 });
    const bigElsewhere = big.passages.map((p) => {
      const copy = plain(p);
      if (p.tableIndex !== undefined) Object.defineProperty(copy, DERIVED, { value: { ...derivedMark(p)!, writer: 's0.another' } });
      return copy;
    });
    const bare = encodeSegment(analyseSegment([{ document: big.document, passages: bigElsewhere }]));
    expect(decodeSegment(bare).records[0]!.passages.filter((p) => derivedMark(p)?.bare)).toHaveLength(1102);
    // Version 2, and another writer's segment stored whole: opened as stored.
    const cases = [
      [v2, written[0]!.passages, false, 'Mexican peso buy 2013'],
      [other, prepared.passages.map(plain), false, 'Mexican peso buy 2013'],
      [bare, big.passages.map(plain), true, 'item other 1042 weight'],
    ] as const;
    for (const [bytes, want, rewritten, question] of cases) {
      const almanac = await createAlmanac();
      const report = await almanac.importCorpus(writeCorpusFile([bytes]));
      // (Postings another tokenizer wrote are rebuilt from the text, whatever wrote the passages.)
      expect(report.reindexed).toBe(rewritten || readSegmentHeader(bytes).terms !== termsFingerprint());
      const res = await almanac.search(question, { limit: 10 });
      const tables = res.results.filter((r) => r.passage.tableIndex !== undefined);
      expect(tables.length).toBeGreaterThan(0);
      for (const r of tables) {
        expect(derived(r.passage)).toBe(rewritten);
        expect(plain(r.passage)).toEqual(want.find((p) => p.id === r.passage.id));
      }
      await almanac.close();
    }
  });

  it('stored bare by another summary writer, are written anew on opening, stored again, and searched as ingested', async () => {
    const factory = new IDBFactory();
    const name = 'other-writer';
    const input = [{ ...RATES, id: 'rates' }, longTable('stock', 1100), { id: 'notes.txt', content: 'The peso was revalued in 1993, and the euro introduced in 1999.' }];
    const reference = await createAlmanac();
    await reference.ingest(input);
    const want = await reference.search('Mexican peso buy 2013', { limit: 10 });
    // What an older Almanac wrote: the same passages, marked derived by a writer that is not this one.
    const { openIdbStore } = await import('../../src/storage/idb-store.ts');
    const store = await openIdbStore(name, factory);
    const records: DocumentRecord[] = [];
    for (const doc of input) {
      const prepared = await prepareDocument(doc, { now: 0 });
      records.push({
        document: prepared.document,
        passages: prepared.passages.map((p) => {
          const copy = plain(p);
          if (p.tableIndex !== undefined) Object.defineProperty(copy, DERIVED, { value: { ...derivedMark(p)!, writer: 's0.older' } });
          return copy;
        }),
      });
    }
    await store.put(analyseSegment(records));
    await store.close();
    const opened = await createAlmanac({ storage: { indexedDB: { name, factory } } });
    const got = await opened.search('Mexican peso buy 2013', { limit: 10 });
    expect(got.results.map((r) => plain(r.passage))).toEqual(want.results.map((r) => plain(r.passage)));
    expect(got.results.map((r) => r.score)).toEqual(want.results.map((r) => r.score));
    const tables = got.results.filter((r) => r.passage.tableIndex !== undefined);
    expect(tables.length).toBeGreaterThan(0);
    for (const r of tables) expect(derived(r.passage)).toBe(true);
    const question = 'Mexican peso buy 2013';
    expect((await opened.answer(question)).answer).toEqual((await reference.answer(question)).answer);
    await opened.close();
    // Written back by this writer: the next open derives them as they are.
    const again = await openIdbStore(name, factory);
    const { segments } = await again.load();
    await again.close();
    const bare = segments.flatMap((s) => s.records).flatMap((r) => r.passages).filter((p) => derivedMark(p)?.bare);
    expect(bare.length).toBeGreaterThan(0);
    expect(new Set(bare.map((p) => derivedMark(p)!.writer))).toEqual(new Set([(await import('../../src/engine/table-passages.ts')).summariesFingerprint()]));
    await reference.close();
  });

  it('give time coverage and dated sentences the timestamps they keep, as plain passages would', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ ...RATES, id: 'rates' }]);
    const { passages } = (almanac as unknown as { state: { passages: Map<string, Passage> } }).state;
    expect([...passages.values()].some((p) => p.tableIndex !== undefined && p.sentences.some((s) => s.times.length))).toBe(true);
    for (const p of passages.values()) expect(sentenceTimes(p)).toEqual(plain(p).sentences.map((s) => s.times));
    // The same document stored by the version 2 writer, opened as plain, decoded passages.
    const decoded = await createAlmanac();
    await decoded.importCorpus(writeCorpusFile([new Uint8Array(readFileSync(new URL('../fixtures/segment-v2-tables.bin', import.meta.url)))]));
    const range = { start: Date.UTC(2012, 0, 1), end: Date.UTC(2014, 0, 1) };
    expect((await almanac.datedSentences(range)).total).toBeGreaterThan(0);
    expect(await almanac.datedSentences(range)).toEqual(await decoded.datedSentences(range));
    expect(await almanac.timeCoverage()).toEqual(await decoded.timeCoverage());
    expect(await almanac.timeCoverage()).toEqual(timeCoverage([...passages.values()].map(plain)));
    await almanac.close();
    await decoded.close();
  });

  it('keep the title they were written under when their heading changes after', async () => {
    const prepared = await prepareDocument({ ...RATES }, { now: 0 });
    // As a folder's description does (`data-descriptions.ts`): the heading grows, the text stays.
    for (const p of prepared.passages) if (p.tableIndex !== undefined) p.heading = `${p.heading} — rates of the central bank`;
    const copy = prepared.passages.map(plain);
    releasePrepared(prepared.passages);
    const back = decodeSegment(encodeSegment(analyseSegment([{ document: prepared.document, passages: prepared.passages }])));
    openDerived(back.records);
    const opened = back.records[0]!.passages;
    expect(opened.filter((p) => p.tableIndex !== undefined).every(derived)).toBe(true);
    expect(opened.map(plain)).toEqual(copy);
  });

  it('answers cite the same cells as from eagerly built passages', async () => {
    const lazy = await createAlmanac();
    await lazy.ingest([{ ...RATES }]);
    // An imported corpus holds its passages as decoded: plain, eager objects.
    const decoded = await createAlmanac();
    await decoded.importCorpus(await lazy.exportCorpus());
    for (const q of ['Mexican peso buy 2013', 'What was the Euro sell rate in 2012?', 'What was the difference between the Mexican peso buy rates of 2013 and 2012?']) {
      const a = await lazy.answer(q);
      const b = await decoded.answer(q);
      expect(a.answer.citations.length).toBeGreaterThan(0);
      expect(a.answer.citations).toEqual(b.answer.citations);
      expect(a.answer.text).toBe(b.answer.text);
    }
    await lazy.close();
    await decoded.close();
  });

  it('take a value assigned to a derived field as a plain property', async () => {
    const { passages } = await prepareDocument({ ...RATES }, { now: 0 });
    releasePrepared(passages);
    const row = passages.find((p) => p.kind === 'table-row')!;
    row.text = 'replaced';
    expect(row.text).toBe('replaced');
    expect(plain(row).text).toBe('replaced');
    expect(row.cells!.length).toBeGreaterThan(0);
  });

  for (const how of ['remove', 'clear'] as const) {
    it(`keep nothing of a table alive once it is gone (${how}): the derived caches hold it weakly`, async () => {
      const almanac = await createAlmanac();
      await almanac.ingest([{ ...RATES, id: 'rates' }, longTable('kept', 3)]);
      // Read: its summaries are derived again, their writer cached.
      const res = await almanac.search('Mexican peso buy 2013', { limit: 10 });
      expect(res.results.some((r) => r.passage.kind === 'table-row' && r.passage.text.includes('Mexican peso'))).toBe(true);
      const table = new WeakRef((await almanac.document('rates'))!.tables[0]!);
      const passage = new WeakRef(res.results.find((r) => r.passage.kind === 'table-row')!.passage);
      res.results.length = 0;
      if (how === 'remove') await almanac.remove(['rates']);
      else await almanac.clear();
      await collect();
      expect(table.deref()).toBeUndefined();
      expect(passage.deref()).toBeUndefined();
      await almanac.close();
    });
  }
});
