/**
 * Embedding throughput, for the speed bench: how many passages per second an embedder turns
 * into vectors on this machine, after one warm-up batch (the first call pays for graph
 * optimisation and, in browsers, wasm compilation, which a long ingest does only once).
 */
import { loadEmbedder } from './transformers-embedder.ts';
import type { ModelLoadOptions } from './options.ts';
import { MODEL_SETTINGS } from './settings.ts';

/** Loads `model`, embeds `passages` in batches of `batchSize`, and reports passages per second. */
export async function measureEmbedding(options: {
  model: string;
  passages: string[];
  batchSize?: number;
  device?: ModelLoadOptions['device'];
  localModelPath?: string;
}): Promise<{ passagesPerSecond: number; device: string; loadMs: number; dimensions: number }> {
  const batchSize = options.batchSize ?? MODEL_SETTINGS.embedBatch;
  const started = performance.now();
  const embedder = await loadEmbedder({
    model: options.model,
    batchSize,
    ...(options.device ? { device: options.device } : {}),
    ...(options.localModelPath ? { localModelPath: options.localModelPath } : {}),
  });
  const loadMs = performance.now() - started;
  try {
    await embedder.embed(options.passages.slice(0, batchSize));
    const t = performance.now();
    await embedder.embed(options.passages);
    const seconds = (performance.now() - t) / 1000;
    return {
      passagesPerSecond: options.passages.length / seconds,
      device: embedder.device,
      loadMs: Math.round(loadMs),
      dimensions: embedder.dimensions,
    };
  } finally {
    await embedder.dispose();
  }
}
