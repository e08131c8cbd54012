/**
 * Options of the model loaders. They sit here, not in `src/types.ts`, because only the
 * model adapters and their worker read them; the interfaces the engine holds (`Embedder`,
 * `Reranker`, `Generator`) stay in `types.ts`.
 */
import type { ModelDevice, Progress } from '../types.ts';

/** How to find and run a model with transformers.js. */
export interface ModelLoadOptions {
  /** Model id: a folder under `localModelPath` (e.g. `synthetic/bert-tiny-embedder`), or a Hub id when `allowRemote`. */
  model: string;
  /** Default `auto`: WebGPU when an adapter exists, otherwise WASM (browser) or CPU (Node). */
  device?: ModelDevice;
  /** Weights variant (`fp32`, `q8`, `fp16`...); default: the model's `transformers.js_config.dtype`, else transformers.js's per-device default. */
  dtype?: string;
  /** Where model folders live. Default `/models/` in browsers, `<repo>/public/models/` in Node. */
  localModelPath?: string;
  /** Let transformers.js download from the Hugging Face Hub when the local copy is missing. Default false: nothing leaves the device. */
  allowRemote?: boolean;
  /** Bytes loaded so far over all files of the model (`phase: 'load-model'`, `detail`: file name). */
  onProgress?: (p: Progress) => void;
  /** Aborts the load; the half-loaded model is disposed. */
  signal?: AbortSignal;
}

/** Options of {@link ModelLoadOptions} for embedders. */
export interface EmbedderLoadOptions extends ModelLoadOptions {
  /** Texts per model call inside `embed` (default in `settings.ts`). */
  batchSize?: number;
}

/** Options of {@link ModelLoadOptions} for rerankers. */
export interface RerankerLoadOptions extends ModelLoadOptions {
  /** (query, passage) pairs per model call inside `score` (default in `settings.ts`). */
  batchSize?: number;
}

/** Options of {@link ModelLoadOptions} for generators. */
export interface GeneratorLoadOptions extends ModelLoadOptions {
  /** System message put before the prompt when the model has a chat template. */
  systemPrompt?: string;
}

/**
 * Loader arguments: either one options object, or (as the engine worker calls it) a model id
 * followed by the other options.
 */
export type LoaderArgs<O extends ModelLoadOptions> = [options: O] | [model: string, options?: Omit<O, 'model'>];

/** Normalises {@link LoaderArgs} to one options object. */
export function loaderOptions<O extends ModelLoadOptions>(args: LoaderArgs<O>): O {
  const [first, second] = args;
  return typeof first === 'string' ? ({ ...(second ?? {}), model: first } as O) : first;
}
