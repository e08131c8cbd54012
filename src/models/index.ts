/**
 * Model adapters: transformers.js embedder, reranker and generator, the web-llm generator,
 * device choice, and the same loaders run inside a Web Worker.
 */
export { loadEmbedder } from './transformers-embedder.ts';
export { loadReranker } from './transformers-reranker.ts';
export { loadGenerator } from './transformers-generator.ts';
export { loadWebLlmGenerator, webLlmAppConfig, type WebLlmGeneratorOptions } from './webllm-generator.ts';
export { startEngineWithModels } from './engine-worker.ts';
export { resolveDevice, webgpuAdapter, type DeviceChoice, type ResolvedDevice } from './device.ts';
export { defaultLocalModelPath } from './environment.ts';
export { measureEmbedding } from './measure.ts';
export { MODEL_SETTINGS } from './settings.ts';
export type {
  EmbedderLoadOptions,
  GeneratorLoadOptions,
  LoaderArgs,
  ModelLoadOptions,
  RerankerLoadOptions,
} from './options.ts';
