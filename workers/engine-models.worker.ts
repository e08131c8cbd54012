/**
 * The engine worker that can load models: `engine.worker.ts` plus the transformers.js
 * loaders. Started by `startEngineWithModels` (`almanac/models`); the demo uses it.
 */
import { provideModelLoader } from './engine.worker.ts';

import type { ModelLoader } from './engine.worker.ts';

// Loaded on first use so that a worker that never loads a model never fetches
// transformers.js or ONNX Runtime; the transformers.js adapters only, so that the web-llm
// generator's code stays out of this chunk.
const load = (async (kind, spec, signal, onProgress) => {
  const options = { device: spec.device ?? 'auto', signal, onProgress };
  if (kind === 'embedder') return (await import('../src/models/transformers-embedder.ts')).loadEmbedder(spec.id, options);
  if (kind === 'reranker') return (await import('../src/models/transformers-reranker.ts')).loadReranker(spec.id, options);
  return (await import('../src/models/transformers-generator.ts')).loadGenerator(spec.id, options);
}) as ModelLoader;

provideModelLoader(load);
