import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { prepareDocument, releasePrepared } from '../../src/engine/prepare.ts';
import { analyseSegment } from '../../src/engine/segments.ts';
import { encodeSegment } from '../../src/index-format/segment.ts';
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

/** A full collection, and the weak references of the last job let go first (they hold their target until it ends). */
async function collect(): Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

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

  it('write the same stored bytes as eager passages and survive a store round trip', async () => {
    const prepared = await prepareDocument({ ...RATES }, { now: 0 });
    const copy = prepared.passages.map(plain);
    releasePrepared(prepared.passages);
    const lazyBytes = encodeSegment(analyseSegment([{ document: prepared.document, passages: prepared.passages }]));
    const eagerBytes = encodeSegment(analyseSegment([{ document: prepared.document, passages: copy }]));
    expect(lazyBytes).toEqual(eagerBytes);

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
    await reopened.close();
    await imported.close();
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
