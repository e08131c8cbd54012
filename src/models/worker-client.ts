/**
 * The model loaders, run in `workers/models.worker.ts`: each returns the same `Embedder`,
 * `Reranker` or `Generator` interface as the in-thread loader, backed by the worker.
 * Progress and streamed tokens come back through `Comlink.proxy`; an `AbortSignal` becomes a
 * call id the worker aborts on request. All loaders share one worker by default, so ONNX
 * Runtime's wasm is compiled once.
 */
import * as Comlink from 'comlink';
import { createError, throwIfAborted } from '../errors.ts';
import type { Embedder, Generator, Reranker } from '../types.ts';
import type { LoadedModel, ModelKind, ModelsWorkerApi, WorkerLoadOptions } from '../../workers/models.worker.ts';
import { installErrorTransfer } from '../../workers/engine-protocol.ts';
import type { EmbedderLoadOptions, GeneratorLoadOptions, ModelLoadOptions, RerankerLoadOptions } from './options.ts';

/** Where to run: a worker the caller made from `workers/models.worker.ts`, or the shared one. */
export interface InWorkerOptions {
  worker?: Worker;
}

let shared: { worker: Worker; api: Comlink.Remote<ModelsWorkerApi> } | undefined;
const apis = new WeakMap<Worker, Comlink.Remote<ModelsWorkerApi>>();
let nextCall = 1;

/** Starts the models worker (a module worker, so Vite bundles it in dev and build). */
export function createModelsWorker(): Worker {
  return new Worker(new URL('../../workers/models.worker.js', import.meta.url), { type: 'module', name: 'almanac-models' });
}

/** The comlink handle on a models worker; the shared worker is started on first use. */
export function modelsWorkerApi(worker?: Worker): Comlink.Remote<ModelsWorkerApi> {
  installErrorTransfer();
  if (worker) {
    let api = apis.get(worker);
    if (!api) {
      api = Comlink.wrap<ModelsWorkerApi>(worker);
      apis.set(worker, api);
    }
    return api;
  }
  if (!shared) {
    const w = createModelsWorker();
    shared = { worker: w, api: Comlink.wrap<ModelsWorkerApi>(w) };
  }
  return shared.api;
}

/** Terminates the shared models worker; models loaded in it are gone, the next load starts a new one. */
export function terminateModelsWorker(): void {
  shared?.worker.terminate();
  shared = undefined;
}

/** Runs a worker call under `signal`: an abort sends `abort(id)` to the worker. */
async function withSignal<T>(api: Comlink.Remote<ModelsWorkerApi>, signal: AbortSignal | undefined, what: string, call: (callId: string) => Promise<T>): Promise<T> {
  throwIfAborted(signal, what);
  const callId = `c${nextCall++}`;
  const onAbort = () => void api.abort(callId);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await call(callId);
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}

async function load(kind: ModelKind, options: ModelLoadOptions & InWorkerOptions): Promise<{ api: Comlink.Remote<ModelsWorkerApi>; loaded: LoadedModel }> {
  const { worker, signal, onProgress, ...rest } = options;
  const api = modelsWorkerApi(worker);
  const plain: WorkerLoadOptions = rest;
  const loaded = await withSignal(api, signal, `Loading model "${options.model}"`, (callId) =>
    api.load(kind, plain, onProgress ? Comlink.proxy(onProgress) : undefined, callId),
  );
  return { api, loaded };
}

function disposer(api: Comlink.Remote<ModelsWorkerApi>, handle: number): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await api.dispose(handle);
  };
}

/** {@link loadEmbedder} in the models worker. */
export async function loadEmbedderInWorker(options: EmbedderLoadOptions & InWorkerOptions): Promise<Embedder> {
  const { api, loaded } = await load('embedder', options);
  if (loaded.dimensions === undefined) throw createError('MODEL_LOAD_FAILED', loaded.id, 'the worker did not report its dimensions');
  return {
    id: loaded.id,
    dimensions: loaded.dimensions,
    device: loaded.device,
    embed: (texts, callOptions = {}) =>
      withSignal(api, callOptions.signal, 'Embedding', (callId) => api.embed(loaded.handle, texts, callId)),
    dispose: disposer(api, loaded.handle),
  };
}

/** {@link loadReranker} in the models worker. */
export async function loadRerankerInWorker(options: RerankerLoadOptions & InWorkerOptions): Promise<Reranker> {
  const { api, loaded } = await load('reranker', options);
  return {
    id: loaded.id,
    device: loaded.device,
    score: (query, passages, callOptions = {}) =>
      withSignal(api, callOptions.signal, 'Reranking', (callId) => api.score(loaded.handle, query, passages, callId)),
    dispose: disposer(api, loaded.handle),
  };
}

/** {@link loadGenerator} in the models worker; `onToken` pieces stream back as they form. */
export async function loadGeneratorInWorker(options: GeneratorLoadOptions & InWorkerOptions): Promise<Generator> {
  const { api, loaded } = await load('generator', options);
  return {
    id: loaded.id,
    device: loaded.device,
    generate: (prompt, callOptions = {}) => {
      const { signal, onToken, maxNewTokens } = callOptions;
      const plain = maxNewTokens === undefined ? {} : { maxNewTokens };
      return withSignal(api, signal, 'Generation', (callId) =>
        api.generate(loaded.handle, prompt, plain, onToken ? Comlink.proxy(onToken) : undefined, callId),
      );
    },
    dispose: disposer(api, loaded.handle),
  };
}
