import { beforeAll, describe, expect, it } from 'vitest';
import { loadReranker } from '../../src/models/transformers-reranker.ts';
import { ensureSyntheticModels, samplePassages } from './models-fixture.ts';

const MODEL = 'synthetic/cross-encoder-tiny';

describe('loadReranker (cross-encoder, synthetic)', () => {
  beforeAll(async () => {
    await ensureSyntheticModels();
  });

  it('gives one score in (0, 1) per passage, in order, the same batched or not', async () => {
    const passages = samplePassages(5, 25);
    const batched = await loadReranker({ model: MODEL, batchSize: 2 });
    const whole = await loadReranker({ model: MODEL, batchSize: 16 });
    try {
      expect(batched.device).toBe('cpu');
      const a = await batched.score('who won the election in 1905?', passages);
      const b = await whole.score('who won the election in 1905?', passages);
      expect(a).toHaveLength(5);
      for (let i = 0; i < a.length; i++) {
        expect(a[i]!).toBeGreaterThan(0);
        expect(a[i]!).toBeLessThan(1);
        expect(a[i]!).toBeCloseTo(b[i]!, 5);
      }
      // Random weights, but the pair does go through the model: different passages, different scores.
      expect(new Set(a.map((s) => s.toFixed(6))).size).toBeGreaterThan(1);
      expect(await whole.score('anything', [])).toEqual([]);
    } finally {
      await batched.dispose();
      await whole.dispose();
    }
  });

  it('rejects with ABORTED when the signal is already aborted', async () => {
    const reranker = await loadReranker({ model: MODEL });
    try {
      await expect(reranker.score('q', ['p'], { signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
    } finally {
      await reranker.dispose();
    }
  });
});
