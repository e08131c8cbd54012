import { afterAll, describe, expect, it } from 'vitest';
import {
  loadEmbedderInWorker,
  loadGeneratorInWorker,
  loadRerankerInWorker,
  modelsWorkerApi,
  terminateModelsWorker,
} from '../../src/models/worker-client.ts';
import type { Progress } from '../../src/types.ts';

const EMBEDDER = 'synthetic/bert-tiny-embedder';
const SENTENCE = 'Boris Johnson became prime minister in July 2019.';
/** The same model's vector for SENTENCE in Node (onnxruntime-node, CPU), first 6 dimensions. */
const NODE_VECTOR_HEAD = [-0.05007, -0.04307, 0.04607, -0.45031, -0.12505, 0.06463];

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((s, x) => s + x * x, 0));
}

describe('models worker: comlink + transformers.js on onnxruntime-web, same origin only', () => {
  afterAll(() => terminateModelsWorker());

  it('embeds on WASM in the worker, matching Node to 4 decimals', async () => {
    const progress: Progress[] = [];
    const embedder = await loadEmbedderInWorker({ model: EMBEDDER, device: 'wasm', onProgress: (p) => progress.push(p) });
    try {
      expect(embedder.device).toBe('wasm');
      expect(embedder.dimensions).toBe(32);
      const [v, w] = await embedder.embed([SENTENCE, 'A table of rainfall by month.']);
      expect(v).toBeInstanceOf(Float32Array);
      expect(v!.length).toBe(32);
      expect(norm(v!)).toBeCloseTo(1, 4);
      expect(norm(w!)).toBeCloseTo(1, 4);
      Array.from(v!.slice(0, 6)).forEach((x, i) => expect(x).toBeCloseTo(NODE_VECTOR_HEAD[i]!, 4));
      // Progress crosses through a comlink proxy: give its last message a moment to land.
      await new Promise((r) => setTimeout(r, 50));
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.at(-1)!.total).toBeGreaterThan(1_000_000);
    } finally {
      await embedder.dispose();
    }
  });

  it('scores passages with the cross-encoder and generates with the decoder in the worker', async () => {
    const reranker = await loadRerankerInWorker({ model: 'synthetic/cross-encoder-tiny', device: 'wasm' });
    const scores = await reranker.score('who won in 2018?', ['Kyla Coleman won in 2018.', 'Filmed in 2017.', 'Nothing here.']);
    expect(scores).toHaveLength(3);
    for (const s of scores) expect(s > 0 && s < 1).toBe(true);
    await reranker.dispose();

    const generator = await loadGeneratorInWorker({ model: 'synthetic/decoder-tiny', device: 'wasm' });
    const pieces: string[] = [];
    const text = await generator.generate('Who won?', { maxNewTokens: 4, onToken: (t) => pieces.push(t) });
    expect(text.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(pieces.join('')).toBe(text);

    const controller = new AbortController();
    const aborted = generator.generate('Count to a hundred.', {
      maxNewTokens: 60,
      signal: controller.signal,
      onToken: () => controller.abort(),
    });
    await expect(aborted).rejects.toMatchObject({ code: 'ABORTED' });
    await generator.dispose();
  });

  it('gives MODEL_NOT_FOUND with its code across the worker boundary', async () => {
    const error = await loadEmbedderInWorker({ model: 'synthetic/does-not-exist' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'MODEL_NOT_FOUND' });
    expect((error as Error).message).toContain('/models/synthetic/does-not-exist/');
  });

  it('runs on WebGPU when the browser gives an adapter (SwiftShader here)', async (ctx) => {
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    const adapter = await gpu?.requestAdapter();
    if (!adapter) {
      ctx.skip();
      return;
    }
    const embedder = await loadEmbedderInWorker({ model: EMBEDDER, device: 'webgpu' });
    try {
      expect(embedder.device).toBe('webgpu');
      const [v] = await embedder.embed([SENTENCE]);
      expect(norm(v!)).toBeCloseTo(1, 3);
      Array.from(v!.slice(0, 6)).forEach((x, i) => expect(x).toBeCloseTo(NODE_VECTOR_HEAD[i]!, 2));
    } finally {
      await embedder.dispose();
    }
  });

  it('fetched nothing from another origin (page and worker)', async () => {
    const origin = location.origin;
    const pageOrigins = performance.getEntriesByType('resource').map((e) => new URL(e.name).origin);
    const workerOrigins = await modelsWorkerApi().resourceOrigins();
    expect(workerOrigins.length).toBeGreaterThan(0);
    expect([...new Set([...pageOrigins, ...workerOrigins])].filter((o) => o !== origin)).toEqual([]);
  });
});
