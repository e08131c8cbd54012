/**
 * The engine in a Web Worker, through `connectAlmanac`: ingest and search over comlink,
 * progress back through a proxy, abort through a call id, typed errors across the boundary,
 * and a corpus in IndexedDB that a fresh worker restores without re-indexing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectAlmanac, type RemoteAlmanac } from '../../src/engine/remote.ts';
import { AlmanacError } from '../../src/errors.ts';
import { startEngineWithModels } from '../../src/models/engine-worker.ts';
import type { Progress } from '../../src/types.ts';

const dbName = `almanac-worker-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const storage = { indexedDB: { name: dbName } };
const docs = [
  {
    id: 'pm.md',
    name: 'pm.md',
    content: '# Prime ministers\n\nBoris Johnson became Prime Minister of the United Kingdom on 24 July 2019 and left office on 6 September 2022.\n',
  },
  {
    id: 'rates.html',
    name: 'rates.html',
    content: '<h1>Rates</h1><table><tr><th rowspan="2">Currency</th><th colspan="2">2013</th></tr><tr><th>Buy</th><th>Sell</th></tr><tr><th>Mexican peso</th><td>11.2</td><td>9.8</td></tr><tr><th>Euro</th><td>42.0</td><td>40.1</td></tr></table>',
  },
];

const open: RemoteAlmanac[] = [];
async function connect(): Promise<RemoteAlmanac> {
  const almanac = await connectAlmanac({ storage });
  open.push(almanac);
  return almanac;
}

afterAll(async () => {
  for (const a of open) await a.close().catch(() => undefined);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(dbName);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
});

describe('engine worker', () => {
  it('ingests with progress and searches through the worker', async () => {
    const almanac = await connect();
    expect(almanac.opened.documents).toBe(0);
    const progress: Progress[] = [];
    const reports = await almanac.ingest(docs, { onProgress: (p) => progress.push(p) });
    expect(reports.map((r) => r.id)).toEqual(['pm.md', 'rates.html']);
    expect(reports[1]?.tables).toBe(1);
    // Progress arrives through a comlink proxy; the final report can trail the result by a message.
    await new Promise((r) => setTimeout(r, 50));
    expect(progress.at(-1)).toMatchObject({ phase: 'ingest', done: 2, total: 2 });

    const response = await almanac.search('Who was prime minister as of 2021?');
    expect(response.results[0]?.passage.docId).toBe('pm.md');
    expect(response.constraint?.text).toContain('2021');
    expect(response.steps).toContain('temporal-rerank');

    const table = await almanac.search('Mexican peso buy');
    const hit = table.results.find((r) => r.passage.docId === 'rates.html');
    expect(hit?.passage.kind).not.toBe('text');
    const doc = await almanac.document('rates.html');
    expect(doc?.tables[0]?.cells.some((c) => c.text === '11.2')).toBe(true);
    expect(await almanac.stats()).toMatchObject({ documents: 2 });
  });

  it('keeps error codes across the worker boundary', async () => {
    const almanac = open[0] ?? (await connect());
    const error = await almanac.search('   ').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlmanacError);
    expect((error as AlmanacError).code).toBe('INVALID_QUERY');
  });

  it('aborts a long call from the page', async () => {
    const almanac = open[0] ?? (await connect());
    const already = new AbortController();
    already.abort();
    await expect(almanac.ingest(docs, { signal: already.signal })).rejects.toMatchObject({ code: 'ABORTED' });

    // A large ingest aborted at its first progress report (the first batch stored): the worker
    // hears the abort while it prepares the second batch, and stores nothing more.
    const filler = ' The keeper logged the tide at dawn and again at dusk, as the harbour rules asked.'.repeat(20);
    const many = Array.from({ length: 1200 }, (_, i) => ({ id: `bulk-${i}.txt`, name: `bulk-${i}.txt`, content: `Bulk note ${i} about lighthouses and tides.${filler}` }));
    const controller = new AbortController();
    const result = await almanac.ingest(many, { signal: controller.signal, onProgress: () => controller.abort() }).then(
      () => 'finished',
      (e: unknown) => (e instanceof AlmanacError ? e.code : String(e)),
    );
    expect(result).toBe('ABORTED');
    const stats = await almanac.stats();
    expect(stats.documents).toBe(2 + 200);
    await almanac.remove((await almanac.documents()).map((d) => d.id).filter((id) => id.startsWith('bulk-')));
    expect((await almanac.stats()).documents).toBe(2);
  });

  it('restores the corpus from IndexedDB in a fresh worker, without re-indexing', async () => {
    const first = open[0];
    await first?.close();
    await expect(first?.stats()).rejects.toMatchObject({ code: 'CLOSED' });

    const restoreProgress: Progress[] = [];
    const again = await connectAlmanac({ storage, onProgress: (p) => restoreProgress.push(p) });
    open.push(again);
    expect(again.opened.documents).toBe(2);
    expect(again.opened.passages).toBeGreaterThan(2);
    expect((await again.documents()).map((d) => d.id).sort()).toEqual(['pm.md', 'rates.html']);
    const response = await again.search('Boris Johnson');
    expect(response.results[0]?.passage.docId).toBe('pm.md');
    expect(response.results[0]?.highlights.length).toBeGreaterThan(0);
  });

  it('the default worker is the zero-download one: it says how to get one that loads models', async () => {
    const almanac = open.at(-1) ?? (await connect());
    expect(await almanac.models()).toEqual({});
    const error = await almanac.loadModels({ embedder: { id: 'synthetic/bert-tiny-embedder', device: 'wasm' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlmanacError);
    expect((error as AlmanacError).message).toContain('startEngineWithModels');
    expect(await almanac.loadModels({ embedder: null })).toEqual({});
    expect((await almanac.search('Boris Johnson')).mode).toBe('bm25');
  });

  it('the models worker reports zero-download mode and refuses a model that is not there', async () => {
    const almanac = await connectAlmanac({ storage, worker: startEngineWithModels });
    open.push(almanac);
    expect(await almanac.models()).toEqual({});
    const error = await almanac.loadModels({ embedder: { id: 'no-such-model', device: 'wasm' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlmanacError);
    expect((error as AlmanacError).code).toBe('MODEL_NOT_FOUND');
    expect((await almanac.search('Boris Johnson')).mode).toBe('bm25');
  });

  it('exports the corpus as one file and imports it into another worker, searchable at once', async () => {
    const almanac = open.at(-1) ?? (await connect());
    const file = await almanac.exportCorpus();
    expect(file).toBeInstanceOf(Uint8Array);
    const other = await connectAlmanac({ storage: 'memory' });
    open.push(other);
    const report = await other.importCorpus(file);
    expect(report).toMatchObject({ documents: 2, replaced: 0, vectors: 'none', reindexed: false });
    expect(file.length).toBeGreaterThan(0); // the page keeps its bytes
    const [a, b] = await Promise.all([almanac.search('Mexican peso buy'), other.search('Mexican peso buy')]);
    expect(b.results.map((r) => [r.passage.id, r.score])).toEqual(a.results.map((r) => [r.passage.id, r.score]));
    const damaged = file.slice(0, file.length - 10);
    await expect(other.importCorpus(damaged)).rejects.toMatchObject({ code: 'INDEX_CORRUPT' });
  });
});
