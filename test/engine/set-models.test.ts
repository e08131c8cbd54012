/**
 * `setModels` swaps in a new embedder's indexes only once they are complete: an abort or an
 * embedder that fails halfway leaves the corpus, its indexes and the old model answering.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { Embedder } from '../../src/types.ts';

/** A bag-of-letters embedder; `failAt` makes its n-th call throw, `onCall` runs before each call. */
function letters(id: string, options: { failAt?: number; onCall?: (n: number) => void } = {}): Embedder & { calls: number } {
  const e = {
    id, dimensions: 26, device: 'cpu', calls: 0,
    async embed(texts: string[]) {
      e.calls++;
      options.onCall?.(e.calls);
      if (e.calls === options.failAt) throw new Error('the model crashed');
      return texts.map((t) => {
        const v = new Float32Array(26);
        for (const ch of t.toLowerCase()) { const k = ch.charCodeAt(0) - 97; if (k >= 0 && k < 26) v[k]! += 1; }
        const n = Math.hypot(...v) || 1;
        return v.map((x) => x / n);
      });
    },
    async dispose() {},
  };
  return e;
}

const docs = Array.from({ length: 80 }, (_, i) => ({ name: `d${i}.txt`, content: `Paragraph ${i} tells of harbour ${i} and its lighthouse keeper.` }));

async function corpus() {
  const factory = new IDBFactory();
  const storage = { indexedDB: { name: 'set-models', factory } };
  const almanac = await createAlmanac({ storage, embedder: letters('old') });
  await almanac.ingest(docs);
  return { almanac, storage };
}

describe('setModels', () => {
  it('keeps the corpus and the old embedder when the new one fails halfway', async () => {
    const { almanac, storage } = await corpus();
    const before = await almanac.stats();
    const error = await almanac.setModels({ embedder: letters('new', { failAt: 2 }) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(await almanac.stats()).toEqual(before);
    const res = await almanac.search('lighthouse keeper');
    expect(res.mode).toBe('hybrid');
    expect(res.results.length).toBeGreaterThan(0);
    // Storage still has the old embedder's vectors: a reopen with it re-embeds nothing.
    await almanac.close();
    const old = letters('old');
    const again = await createAlmanac({ storage, embedder: old });
    expect(old.calls).toBe(0);
    expect((await again.stats()).vectors).toBe(before.vectors);
  });

  it('keeps everything as it was when aborted', async () => {
    const { almanac } = await corpus();
    const before = await almanac.stats();
    const controller = new AbortController();
    const next = letters('new', { onCall: (n) => { if (n === 2) controller.abort(); } });
    await expect(almanac.setModels({ embedder: next }, { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    expect(await almanac.stats()).toEqual(before);
    expect((await almanac.search('harbour 7')).results[0]!.passage.docId).toBe('d7.txt');
  });

  it('swaps in the new embedder once complete, and unloads back to BM25', async () => {
    const { almanac, storage } = await corpus();
    const next = letters('new');
    await almanac.setModels({ embedder: next });
    expect(next.calls).toBeGreaterThan(0);
    expect((await almanac.search('lighthouse')).mode).toBe('hybrid');
    await almanac.close();
    const reopen = letters('new');
    const again = await createAlmanac({ storage, embedder: reopen });
    expect(reopen.calls).toBe(0); // the new vectors were stored
    await again.setModels({ embedder: null });
    const res = await again.search('lighthouse');
    expect(res.mode).toBe('bm25');
    expect((await again.stats()).documents).toBe(docs.length);
  });
});
