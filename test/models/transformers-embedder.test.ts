import { beforeAll, describe, expect, it } from 'vitest';
import { AlmanacError } from '../../src/errors.ts';
import { loadEmbedder } from '../../src/models/transformers-embedder.ts';
import type { Progress } from '../../src/types.ts';
import { ensureSyntheticModels, samplePassages } from './models-fixture.ts';

const MODEL = 'synthetic/bert-tiny-embedder';

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

describe('loadEmbedder (transformers.js on onnxruntime-node, synthetic models)', () => {
  beforeAll(async () => {
    await ensureSyntheticModels();
  });

  it('gives one normalised vector per text, of the model dimension, on CPU', async () => {
    const progress: Progress[] = [];
    const embedder = await loadEmbedder({ model: MODEL, onProgress: (p) => progress.push(p) });
    try {
      expect(embedder.id).toBe(MODEL);
      expect(embedder.device).toBe('cpu');
      expect(embedder.dimensions).toBe(32);
      const vectors = await embedder.embed(['Boris Johnson became prime minister in July 2019.', 'A table of rainfall by month.', '']);
      expect(vectors).toHaveLength(3);
      for (const v of vectors) {
        expect(v).toBeInstanceOf(Float32Array);
        expect(v.length).toBe(32);
        expect(norm(v)).toBeCloseTo(1, 4);
      }
      expect(Array.from(vectors[0]!)).not.toEqual(Array.from(vectors[1]!));
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every((p) => p.phase === 'load-model')).toBe(true);
      const last = progress[progress.length - 1]!;
      expect(last.total).toBeGreaterThan(1_000_000); // the 4 MB model counts in the byte total
      expect(last.detail).toContain(MODEL);
    } finally {
      await embedder.dispose();
    }
  });

  it('is deterministic, and batching gives the same vectors as one text at a time', async () => {
    const texts = samplePassages(7, 20);
    const batched = await loadEmbedder({ model: MODEL, batchSize: 3 });
    const single = await loadEmbedder(MODEL, { batchSize: 1 });
    try {
      const a = await batched.embed(texts);
      const b = await single.embed(texts);
      const again = await batched.embed(texts);
      expect(a).toHaveLength(7);
      for (let i = 0; i < texts.length; i++) {
        expect(Array.from(again[i]!)).toEqual(Array.from(a[i]!));
        const ai = a[i]!;
        const bi = b[i]!;
        for (let d = 0; d < ai.length; d++) expect(ai[d]!).toBeCloseTo(bi[d]!, 5);
      }
      expect(await batched.embed([])).toEqual([]);
    } finally {
      await batched.dispose();
      await single.dispose();
    }
  });

  it('stops between batches when the signal aborts', async () => {
    const embedder = await loadEmbedder({ model: MODEL, batchSize: 2 });
    try {
      const controller = new AbortController();
      controller.abort();
      await expect(embedder.embed(samplePassages(4), { signal: controller.signal })).rejects.toMatchObject({ code: 'ABORTED' });
    } finally {
      await embedder.dispose();
    }
  });

  it('rejects a bad batch size', async () => {
    await expect(loadEmbedder({ model: MODEL, batchSize: 0 })).rejects.toBeInstanceOf(AlmanacError);
  });
});
