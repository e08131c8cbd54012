import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEmbedder, loadGenerator, loadReranker } from '../../src/models/index.ts';
import { ensureSyntheticModels } from './models-fixture.ts';

describe('model loading errors and options', () => {
  const empty = mkdtempSync(join(tmpdir(), 'almanac-models-'));
  beforeAll(async () => {
    await ensureSyntheticModels();
  });
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it('gives MODEL_NOT_FOUND saying where it looked, for each kind of model', async () => {
    for (const load of [loadEmbedder, loadReranker, loadGenerator]) {
      const error = await load({ model: 'nobody/no-such-model', localModelPath: empty }).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'MODEL_NOT_FOUND' });
      expect((error as Error).message).toContain(join(empty, 'nobody/no-such-model'));
      expect((error as Error).message).toContain('npm run models:synthetic');
    }
  });

  it('never reaches the Hub unless allowed: a Hub-style id missing locally is MODEL_NOT_FOUND', async () => {
    await expect(loadEmbedder({ model: 'Xenova/all-MiniLM-L6-v2', localModelPath: empty })).rejects.toMatchObject({ code: 'MODEL_NOT_FOUND' });
  });

  it('rejects with ABORTED when the load is aborted', async () => {
    await expect(loadEmbedder({ model: 'synthetic/bert-tiny-embedder', signal: AbortSignal.abort() })).rejects.toMatchObject({ code: 'ABORTED' });
    const controller = new AbortController();
    const load = loadEmbedder({ model: 'synthetic/bert-tiny-embedder', signal: controller.signal });
    controller.abort();
    await expect(load).rejects.toMatchObject({ code: 'ABORTED' });
  });

  it('refuses WebGPU in Node (no adapter) with WEBGPU_UNAVAILABLE', async () => {
    await expect(loadEmbedder({ model: 'synthetic/bert-tiny-embedder', device: 'webgpu' })).rejects.toMatchObject({ code: 'WEBGPU_UNAVAILABLE' });
  });

  it('maps device wasm to CPU in Node, and reads an explicit dtype', async () => {
    const embedder = await loadEmbedder({ model: 'synthetic/bert-tiny-embedder', device: 'wasm', dtype: 'fp32' });
    expect(embedder.device).toBe('cpu');
    await embedder.dispose();
    // No model_quantized.onnx is shipped for the synthetic models: asking for q8 names the missing file.
    await expect(loadEmbedder({ model: 'synthetic/bert-tiny-embedder', dtype: 'q8' })).rejects.toMatchObject({ code: 'MODEL_NOT_FOUND' });
  });
});
