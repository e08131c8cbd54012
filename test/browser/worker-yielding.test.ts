/**
 * An ingest running in the engine worker leaves room for the page: a search sent meanwhile is
 * answered before the ingest ends.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectAlmanac, type RemoteAlmanac } from '../../src/engine/remote.ts';

const dbName = `almanac-yield-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
let almanac: RemoteAlmanac;

afterAll(async () => {
  await almanac?.close().catch(() => undefined);
  await new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(dbName);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
});

describe('engine worker under a long ingest', () => {
  it('answers a search while a large ingest runs', async () => {
    almanac = await connectAlmanac({ storage: { indexedDB: { name: dbName } }, worker: () => new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module' }) });
    await almanac.ingest([{ name: 'first.txt', content: 'The lighthouse stands on the northern cape.' }]);
    const sentence = 'The harbour master logged a ship on 3 March 1921 and another in the spring of 1922. ';
    const order: string[] = [];
    const ingest = almanac.ingest([{ name: 'big.txt', content: sentence.repeat(12_000) }]).then(() => order.push('ingest'));
    await new Promise((r) => setTimeout(r, 50));
    const res = await almanac.search('lighthouse');
    order.push('search');
    await ingest;
    expect(order).toEqual(['search', 'ingest']);
    expect(res.results[0]!.passage.docId).toBe('first.txt');
  });
});
