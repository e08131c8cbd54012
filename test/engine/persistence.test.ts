import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { Almanac, DocumentInput } from '../../src/types.ts';
import { openIdbStore } from '../../src/storage/idb-store.ts';
import { analyseSegment } from '../../src/engine/segments.ts';
import { prepareDocument } from '../../src/engine/prepare.ts';

const DOCS: DocumentInput[] = [
  { name: 'house.md', content: '# Baker House\n\nThe house was built in 1794 in Washington.\n\n## Owners\n\nGeorge Peter owned the house from 1811 to 1827. Newton D. Baker lived there during 1916-1920.' },
  { name: 'rates.html', content: '<h1>Exchange rates</h1><table><caption>Average exchange rates</caption><thead><tr><th rowspan="2">Currency</th><th colspan="2">2013</th><th colspan="2">2012</th></tr><tr><th>Buy</th><th>Sell</th><th>Buy</th><th>Sell</th></tr></thead><tbody><tr><th>Euro</th><td>1.3</td><td>1.4</td><td>1.2</td><td>1.25</td></tr><tr><th>Mexican peso</th><td>11.2</td><td>11.9</td><td>10.9</td><td>11.5</td></tr></tbody></table>' },
  { name: 'pm.txt', content: 'Boris Johnson became prime minister of the United Kingdom in July 2019 and served until September 2022.\n\nNicola Sturgeon won the Scottish Parliament election on 6 May 2021.' },
  ...Array.from({ length: 40 }, (_, i) => ({ name: `note-${i}.txt`, content: `Note ${i}: the house on street ${i % 7} was sold in ${1900 + i} to a family from ${['Leeds', 'York', 'Bath'][i % 3]}. The buyer paid ${i * 100} pounds.` })),
];

const QUESTIONS = [
  'George Peter house owner', 'Mexican peso buy rate in 2013', 'who was prime minister as of 2021?', 'house sold to a family from York',
  'buyer paid 700 pounds', 'street 3 house', 'which house was sold before 1910?', 'euro sell 2012',
];

/** Every question's results, as what a user sees: passage ids, scores, highlights, cited cells. */
async function answers(almanac: Almanac) {
  const out = [];
  for (const q of QUESTIONS) {
    const res = await almanac.search(q, { limit: 10 });
    out.push(res.results.map((r) => ({ id: r.passage.id, score: r.score, highlights: r.highlights, cells: r.matchedCells })));
  }
  return out;
}

const storage = (name: string, factory = new IDBFactory()) => ({ indexedDB: { name, factory } });

describe('the stored corpus', () => {
  it('opens with the very rankings of a fresh ingest, by reading postings', async () => {
    const s = storage('p1');
    const fresh = await createAlmanac({ storage: s });
    await fresh.ingest(DOCS);
    const expected = await answers(fresh);
    await fresh.close();
    const reopened = await createAlmanac({ storage: s });
    expect(await answers(reopened)).toEqual(expected);
    expect(await reopened.stats()).toMatchObject({ documents: DOCS.length });
  });

  it('after replacing and removing documents, ranks as a fresh ingest of what is left', async () => {
    const s = storage('p2');
    const almanac = await createAlmanac({ storage: s });
    await almanac.ingest(DOCS);
    await almanac.ingest(DOCS.slice(5, 15));
    await almanac.remove(DOCS.slice(20, 30).map((d) => d.name!.toLowerCase()));
    const left = [...DOCS.slice(0, 5), ...DOCS.slice(15, 20), ...DOCS.slice(30), ...DOCS.slice(5, 15)];
    const fresh = await createAlmanac();
    await fresh.ingest(left);
    const expected = await answers(fresh);
    expect(await answers(almanac)).toEqual(expected);
    await almanac.close();
    expect(await answers(await createAlmanac({ storage: s }))).toEqual(expected);
  });

  it('clears at once and stays usable', async () => {
    const s = storage('p3');
    const almanac = await createAlmanac({ storage: s });
    await almanac.ingest(DOCS);
    await almanac.clear();
    expect(await almanac.stats()).toMatchObject({ documents: 0, passages: 0 });
    expect((await almanac.search('house')).results).toEqual([]);
    await almanac.ingest(DOCS.slice(0, 2));
    expect((await almanac.search('George Peter')).results[0]!.passage.docId).toBe('house.md');
    await almanac.close();
    expect((await (await createAlmanac({ storage: s })).stats()).documents).toBe(2);
  });

  it('rebuilds postings stored by another tokenizer instead of reading them', async () => {
    const factory = new IDBFactory();
    const prepared = await prepareDocument(DOCS[0]!);
    const stale = analyseSegment([{ document: prepared.document, passages: prepared.passages }]);
    // Postings that claim another tokenizer and hold nothing a search would find.
    const store = await openIdbStore('p4', factory);
    await store.put({ ...stale, terms: 'an-older-tokenizer', lexical: { ...stale.lexical, fields: stale.lexical.fields.map((f) => ({ ...f, terms: f.terms.map((t) => `x${t}`) })) } });
    await store.close();
    const almanac = await createAlmanac({ storage: { indexedDB: { name: 'p4', factory } } });
    expect((await almanac.search('George Peter')).results[0]?.passage.docId).toBe('house.md');
    await almanac.close();
    const loaded = await (await openIdbStore('p4', factory)).load();
    expect(loaded.segments.map((x) => x.terms)).not.toContain('an-older-tokenizer');
  });

  it('migrates a corpus stored by the per-document layout', async () => {
    const { toStoredDocument, toStoredPassage } = await import('../../src/storage/schema.ts');
    const factory = new IDBFactory();
    const prepared = await prepareDocument(DOCS[0]!);
    await new Promise<void>((resolve) => {
      const req = factory.open('p5', 1);
      req.onupgradeneeded = () => {
        for (const [name, key] of [['documents', 'id'], ['passages', 'docId'], ['vectors', 'docId']] as const) req.result.createObjectStore(name, { keyPath: key });
        req.result.createObjectStore('meta');
      };
      req.onsuccess = () => {
        const tx = req.result.transaction(['documents', 'passages'], 'readwrite');
        tx.objectStore('documents').put(toStoredDocument(prepared.document));
        tx.objectStore('passages').put({ docId: prepared.document.id, passages: prepared.passages.map((p) => toStoredPassage(p, prepared.document)) });
        tx.oncomplete = () => { req.result.close(); resolve(); };
      };
    });
    const s = { indexedDB: { name: 'p5', factory } };
    const first = await createAlmanac({ storage: s });
    expect((await first.search('George Peter')).results[0]!.passage.docId).toBe('house.md');
    await first.close();
    const loaded = await (await openIdbStore('p5', factory)).load();
    expect(loaded.legacy).toBeUndefined();
    expect(loaded.segments.flatMap((x) => x.records.map((r) => r.document.id))).toEqual(['house.md']);
  });
});

describe('export and import', () => {
  it('imports an exported corpus with the rankings of the original, into memory or IndexedDB', async () => {
    const original = await createAlmanac();
    await original.ingest(DOCS);
    const expected = await answers(original);
    const file = await original.exportCorpus();
    for (const target of [await createAlmanac(), await createAlmanac({ storage: storage('p6') })]) {
      const report = await target.importCorpus(file);
      expect(report).toEqual({ documents: DOCS.length, passages: (await original.stats()).passages, replaced: 0, vectors: 'none', reindexed: false });
      expect(await answers(target)).toEqual(expected);
    }
  });

  it('replaces documents with the same ids, or the whole corpus on request', async () => {
    const a = await createAlmanac();
    await a.ingest(DOCS.slice(0, 3));
    const file = await a.exportCorpus();
    const b = await createAlmanac();
    await b.ingest([{ name: 'house.md', content: 'A different house entirely.' }, ...DOCS.slice(10, 12)]);
    expect((await b.importCorpus(file)).replaced).toBe(1);
    expect((await b.documents()).map((d) => d.id).sort()).toEqual(['house.md', 'note-7.txt', 'note-8.txt', 'pm.txt', 'rates.html']);
    expect((await b.search('George Peter')).results[0]!.passage.docId).toBe('house.md');
    await b.importCorpus(file, { replace: true });
    expect((await b.documents()).map((d) => d.id).sort()).toEqual(['house.md', 'pm.txt', 'rates.html']);
  });

  it('changes nothing when the file is damaged or newer', async () => {
    const a = await createAlmanac();
    await a.ingest(DOCS);
    const file = await a.exportCorpus();
    const b = await createAlmanac({ storage: storage('p7') });
    await b.ingest(DOCS.slice(0, 2));
    const before = await answers(b);
    const damaged = file.slice();
    damaged[Math.floor(damaged.length * 0.7)]! ^= 0xff;
    await expect(b.importCorpus(damaged)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    await expect(b.importCorpus(file.subarray(0, file.length >> 1), { replace: true })).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
    const newer = file.slice();
    newer[4] = 200;
    await expect(b.importCorpus(newer)).rejects.toMatchObject({ code: 'INDEX_TOO_NEW' });
    expect(await answers(b)).toEqual(before);
    expect((await b.stats()).documents).toBe(2);
  });

  it('carries vectors for the same embedder, and re-embeds for another', async () => {
    const embedder = (id: string) => ({
      id, dimensions: 4, device: 'cpu', calls: 0,
      async embed(texts: string[]) { this.calls += texts.length; return texts.map((t) => new Float32Array([t.length % 5, 1, t.length % 3, 0.5])); },
      async dispose() {},
    });
    const e1 = embedder('e1');
    const a = await createAlmanac({ embedder: e1 });
    await a.ingest(DOCS.slice(0, 3));
    const file = await a.exportCorpus();
    const same = embedder('e1');
    const b = await createAlmanac({ embedder: same });
    expect((await b.importCorpus(file)).vectors).toBe('used');
    expect(same.calls).toBe(0);
    expect((await b.search('George Peter')).mode).toBe('hybrid');
    const other = embedder('e2');
    const c = await createAlmanac({ embedder: other });
    expect((await c.importCorpus(file)).vectors).toBe('dropped');
    expect(other.calls).toBe((await c.stats()).passages);
    const lean = await a.exportCorpus({ vectors: false });
    expect(lean.length).toBeLessThan(file.length);
    expect((await (await createAlmanac()).importCorpus(lean)).vectors).toBe('none');
  });
});
