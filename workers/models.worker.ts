/**
 * Model adapters in a Web Worker: tokenising and ONNX Runtime's WASM (or WebGPU dispatch)
 * run off the page's main thread, so the page stays responsive while a model loads or
 * embeds. The page side is `src/models/worker-client.ts`, which gives back the same
 * `Embedder` / `Reranker` / `Generator` interfaces. An `AbortSignal` cannot be cloned, so
 * the page names each long call with an id and calls `abort(id)` when its signal fires.
 */
import * as Comlink from 'comlink';
import { createError } from '../src/errors.ts';
import type { Embedder, Generator, Progress, Reranker } from '../src/types.ts';
import type { EmbedderLoadOptions, GeneratorLoadOptions, RerankerLoadOptions } from '../src/models/options.ts';
import { installErrorTransfer } from './engine-protocol.ts';

installErrorTransfer();

/** Which loader to run. */
export type ModelKind = 'embedder' | 'reranker' | 'generator';

/** Load options that can cross to the worker: no functions, no signal. */
export type WorkerLoadOptions = Omit<EmbedderLoadOptions & RerankerLoadOptions & GeneratorLoadOptions, 'onProgress' | 'signal'>;

/** What the worker says about a model it loaded; `handle` names it in later calls. */
export interface LoadedModel {
  handle: number;
  id: string;
  device: string;
  dimensions?: number;
}

/** The worker's API, as the page sees it through comlink. */
export interface ModelsWorkerApi {
  load(kind: ModelKind, options: WorkerLoadOptions, onProgress?: (p: Progress) => void, callId?: string): Promise<LoadedModel>;
  embed(handle: number, texts: string[], callId?: string): Promise<Float32Array[]>;
  score(handle: number, query: string, passages: string[], callId?: string): Promise<number[]>;
  generate(handle: number, prompt: string, options: { maxNewTokens?: number }, onToken?: (t: string) => void, callId?: string): Promise<string>;
  dispose(handle: number): Promise<void>;
  /** Aborts the call named `callId` if it is still running; unknown ids are ignored. */
  abort(callId: string): void;
  /**
   * Origins of every resource this worker fetched (models, ONNX Runtime's wasm), from the
   * Resource Timing buffer: the evidence that nothing left the app's origin.
   */
  resourceOrigins(): string[];
}

type Model = Embedder | Reranker | Generator;
const models = new Map<number, { kind: ModelKind; model: Model }>();
const running = new Map<string, AbortController>();
let nextHandle = 1;

// Enough room that the evidence for `resourceOrigins` is not dropped after 250 fetches.
performance.setResourceTimingBufferSize?.(10_000);

function release(callback: unknown): void {
  (callback as Partial<Comlink.Remote<unknown>> | undefined)?.[Comlink.releaseProxy]?.();
}

async function tracked<T>(callId: string | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  if (callId) running.set(callId, controller);
  try {
    return await work(controller.signal);
  } finally {
    if (callId) running.delete(callId);
  }
}

function get<K extends ModelKind>(handle: number, kind: K): K extends 'embedder' ? Embedder : K extends 'reranker' ? Reranker : Generator {
  const entry = models.get(handle);
  if (!entry || entry.kind !== kind) throw createError('INVALID_OPTION', 'handle', `no ${kind} is loaded under handle ${handle}; it was disposed or never loaded`);
  return entry.model as never;
}

const api: ModelsWorkerApi = {
  async load(kind, options, onProgress, callId) {
    try {
      return await tracked(callId, async (signal) => {
        // Loaded on first use: a worker that only ever embeds never parses the generator code.
        const loaders = await import('../src/models/index.ts');
        const report = onProgress
          ? (p: Progress) => void Promise.resolve(onProgress(p)).catch(() => undefined)
          : undefined;
        const full = { ...options, signal, ...(report ? { onProgress: report } : {}) };
        const model: Model = kind === 'embedder'
          ? await loaders.loadEmbedder(full)
          : kind === 'reranker'
            ? await loaders.loadReranker(full)
            : await loaders.loadGenerator(full);
        const handle = nextHandle++;
        models.set(handle, { kind, model });
        const loaded: LoadedModel = { handle, id: model.id, device: model.device };
        if (kind === 'embedder') loaded.dimensions = (model as Embedder).dimensions;
        return loaded;
      });
    } finally {
      release(onProgress);
    }
  },

  async embed(handle, texts, callId) {
    const vectors = await tracked(callId, (signal) => get(handle, 'embedder').embed(texts, { signal }));
    // Each vector owns its buffer (see the embedder), so all can move without a copy.
    return Comlink.transfer(vectors, vectors.map((v) => v.buffer));
  },

  score(handle, query, passages, callId) {
    return tracked(callId, (signal) => get(handle, 'reranker').score(query, passages, { signal }));
  },

  async generate(handle, prompt, options, onToken, callId) {
    try {
      return await tracked(callId, (signal) =>
        get(handle, 'generator').generate(prompt, {
          ...options,
          signal,
          ...(onToken ? { onToken: (t: string) => void Promise.resolve(onToken(t)).catch(() => undefined) } : {}),
        }),
      );
    } finally {
      release(onToken);
    }
  },

  async dispose(handle) {
    const entry = models.get(handle);
    models.delete(handle);
    await entry?.model.dispose();
  },

  abort(callId) {
    running.get(callId)?.abort();
  },

  resourceOrigins() {
    return [...new Set(performance.getEntriesByType('resource').map((e) => new URL(e.name).origin))];
  },
};

Comlink.expose(api);
