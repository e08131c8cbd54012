/**
 * The engine worker that can load models: `engine.worker.ts` plus the transformers.js
 * loaders. Started by `startEngineWithModels` (`almanac/models`); the demo uses it.
 */
import { provideModelLoader } from './engine.worker.ts';

provideModelLoader(async (kind, spec, signal, onProgress) => {
  // Loaded on first use so that a worker that never loads a model never fetches
  // transformers.js or ONNX Runtime; the two adapters only, so that the web-llm generator's
  // code stays out of this chunk.
  const [{ loadEmbedder }, { loadReranker }] = await Promise.all([
    import('../src/models/transformers-embedder.ts'),
    import('../src/models/transformers-reranker.ts'),
  ]);
  const options = { device: spec.device ?? 'auto', signal, onProgress };
  return kind === 'embedder' ? loadEmbedder(spec.id, options) : loadReranker(spec.id, options);
});
