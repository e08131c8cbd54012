/**
 * The engine worker dies (terminated, as a crash or an out-of-memory kill ends it) during a
 * search and during an ingest: the pending call rejects with `WORKER_CRASHED`, a new worker
 * reopens the corpus from IndexedDB, and nothing stored before is lost.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectAlmanac, type RemoteAlmanac, type WorkerStatus } from '../../src/engine/remote.ts';

const dbName = `almanac-death-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
const workers: Worker[] = [];
const statuses: WorkerStatus[] = [];
let almanac: RemoteAlmanac;

function startWorker(): Worker {
  const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'almanac-engine' });
  workers.push(worker);
  return worker;
}

async function restarted(count: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (statuses.filter((s) => s.kind === 'restarted').length < count) {
    if (Date.now() > deadline) throw new Error(`no restart: ${JSON.stringify(statuses)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const filler = ' The keeper logged the tide at dawn and again at dusk, as the harbour rules asked.'.repeat(10);
const docs = Array.from({ length: 50 }, (_, i) => ({ id: `keep-${i}.txt`, name: `keep-${i}.txt`, content: `Kept note ${i} about lighthouse number ${i}.${filler}` }));

afterAll(async () => {
  await almanac?.close().catch(() => undefined);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(dbName);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
});

describe('engine worker death', () => {
  it('rejects a search the worker died during, restarts it from storage, and searches again', async () => {
    almanac = await connectAlmanac({ storage: { indexedDB: { name: dbName } }, worker: startWorker, onStatus: (s) => statuses.push(s) });
    await almanac.ingest(docs);
    const pending = almanac.search('lighthouse number 7');
    workers.at(-1)!.terminate();
    await expect(pending).rejects.toMatchObject({ code: 'WORKER_CRASHED', name: 'AlmanacError' });
    await restarted(1);
    expect(statuses.map((s) => s.kind)).toEqual(['crashed', 'restarted']);
    const again = statuses[1] as Extract<WorkerStatus, { kind: 'restarted' }>;
    expect(again.opened.documents).toBe(docs.length);
    expect(workers).toHaveLength(2);
    const res = await almanac.search('lighthouse number 7');
    expect(res.results[0]!.passage.docId).toBe('keep-7.txt');
    expect(almanac.opened.documents).toBe(docs.length);
  });

  it('rejects an ingest the worker died during; what was stored before stays, and it can be added again', async () => {
    const more = Array.from({ length: 1000 }, (_, i) => ({ id: `more-${i}.txt`, name: `more-${i}.txt`, content: `More note ${i} about tides.${filler}` }));
    let killed = false;
    const outcome = await almanac.ingest(more, {
      onProgress: () => {
        if (killed) return;
        killed = true;
        workers.at(-1)!.terminate();
      },
    }).then(() => 'finished', (e: { code?: string }) => e.code);
    expect(outcome).toBe('WORKER_CRASHED');
    await restarted(2);
    const ids = new Set((await almanac.documents()).map((d) => d.id));
    // Every document stored before the ingest is there, and the batches it committed are whole.
    for (const d of docs) expect(ids.has(d.id)).toBe(true);
    const committed = [...ids].filter((id) => id.startsWith('more-')).length;
    expect(committed % 200).toBe(0);
    expect(committed).toBeGreaterThanOrEqual(200);
    const reports = await almanac.ingest(more);
    expect(reports.every((r) => r.stored)).toBe(true);
    expect((await almanac.stats()).documents).toBe(docs.length + more.length);
  });
});
