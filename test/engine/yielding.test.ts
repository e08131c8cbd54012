/**
 * A long ingest gives the event loop turns: an abort during one large document is honoured
 * (nothing of it stored), a search meanwhile is answered before the ingest ends, and an abort at
 * a batch's end stores no further batch.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';

/** About `kb` kilobytes of dated prose, many sentences and passages. */
function largeText(kb: number): string {
  const sentence = 'The harbour master logged a ship on 3 March 1921 and another in the spring of 1922. ';
  return sentence.repeat(Math.ceil((kb * 1024) / sentence.length));
}

describe('long ingests yield', () => {
  it('honours an abort during one large document: nothing of it is stored', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'abort-large', factory } };
    const almanac = await createAlmanac({ storage });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const result = await almanac.ingest([{ name: 'big.txt', content: largeText(1024) }], { signal: controller.signal }).then(() => 'finished', (e: { code?: string }) => e.code);
    expect(result).toBe('ABORTED');
    expect((await almanac.stats()).documents).toBe(0);
    await almanac.close();
    expect((await (await createAlmanac({ storage })).stats()).documents).toBe(0);
  });

  it('answers a search while an ingest runs', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'first.txt', content: 'The lighthouse stands on the northern cape.' }]);
    const order: string[] = [];
    const ingest = almanac.ingest([{ name: 'big.txt', content: largeText(1024) }]).then(() => order.push('ingest'));
    const search = new Promise((r) => setTimeout(r, 10)).then(() => almanac.search('lighthouse')).then((res) => {
      order.push('search');
      return res;
    });
    const [, res] = await Promise.all([ingest, search]);
    expect(order).toEqual(['search', 'ingest']);
    expect(res.results[0]!.passage.docId).toBe('first.txt');
  });

  it('stores no batch after the one an abort followed', async () => {
    const almanac = await createAlmanac();
    const docs = Array.from({ length: 700 }, (_, i) => ({ name: `n${i}.txt`, content: `Note ${i} on tides.` }));
    const controller = new AbortController();
    const reported: number[] = [];
    const result = await almanac.ingest(docs, {
      signal: controller.signal,
      onProgress: (p) => {
        reported.push(p.done);
        controller.abort();
      },
    }).catch((e: { code?: string }) => e.code);
    expect(result).toBe('ABORTED');
    expect(reported).toEqual([200]);
    expect((await almanac.stats()).documents).toBe(200);
  });
});
