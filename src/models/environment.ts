/**
 * The one place that sets transformers.js's global `env`: local models only unless the
 * caller opts in, models from the app's own folder, ONNX Runtime's wasm from the app's own
 * origin. Loads run one at a time because `env` is global and read during a load.
 */
import type * as TransformersModule from '@huggingface/transformers';
import { importStack } from './import-stack.ts';
import { MODEL_SETTINGS } from './settings.ts';

/** The transformers.js module, loaded on demand so zero-download mode never fetches it. */
export type Transformers = typeof TransformersModule;

/** True in Node (onnxruntime-node), false in a page or a worker (onnxruntime-web). */
export function isNodeRuntime(): boolean {
  return typeof process !== 'undefined' && process.release?.name === 'node';
}

/**
 * Default folder of local models: `/models/` in browsers (the app serves `public/`), the
 * working directory's `public/models/` in Node, so a project (this repository included) reads
 * the same files in both. Relative to the working directory, not to this module: installed,
 * this module sits in `node_modules/almanac/dist/`, where no models are.
 */
export function defaultLocalModelPath(): string {
  if (!isNodeRuntime()) return MODEL_SETTINGS.browserModelPath;
  return `${process.cwd().replace(/\\/g, '/').replace(/\/$/, '')}/public/models/`;
}

let loaded: Promise<Transformers> | undefined;

/** Imports transformers.js once and applies the settings that never change. */
export function loadTransformers(): Promise<Transformers> {
  loaded ??= (async () => {
    const transformers = await importStack('@huggingface/transformers', () => import('@huggingface/transformers'));
    const { env } = transformers;
    env.allowRemoteModels = false;
    env.allowLocalModels = true;
    if (!isNodeRuntime()) {
      const { ORT_WASM_PATHS } = await import('./ort-wasm-urls.ts');
      const wasm = env.backends.onnx.wasm;
      if (wasm) wasm.wasmPaths = { ...ORT_WASM_PATHS };
      // The wasm cache re-serves ONNX Runtime's .mjs from a blob: URL, which a strict CSP
      // (script-src 'self') refuses; without it ORT imports the same-origin file.
      env.useWasmCache = false;
    }
    return transformers;
  })();
  return loaded;
}

let queue: Promise<unknown> = Promise.resolve();

/**
 * Runs `load` with `env` set for these options, after any load already running, so that
 * two loads with different folders or remote settings cannot see each other's `env`.
 */
export function withModelEnvironment<T>(
  options: { localModelPath?: string; allowRemote?: boolean },
  load: (transformers: Transformers, localModelPath: string) => Promise<T>,
): Promise<T> {
  const run = async (): Promise<T> => {
    const transformers = await loadTransformers();
    const { env } = transformers;
    let localModelPath = options.localModelPath ?? defaultLocalModelPath();
    if (!localModelPath.endsWith('/')) localModelPath += '/';
    env.localModelPath = localModelPath;
    env.allowRemoteModels = options.allowRemote === true;
    // Local files are already on this origin (HTTP cache) or disk: copying them into Cache
    // Storage would only double the space they take. Downloads are worth keeping.
    env.useBrowserCache = !isNodeRuntime() && options.allowRemote === true;
    return load(transformers, localModelPath);
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
