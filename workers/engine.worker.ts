/**
 * The engine in a Web Worker: parsing, indexing, IndexedDB and models run off the page's
 * main thread, so typing in the search box never waits on an ingest. The page talks to it
 * through `src/engine/remote.ts`; the contract is `engine-protocol.ts`.
 */
import * as Comlink from 'comlink';
import { createAlmanac } from '../src/index.ts';
import { createError } from '../src/errors.ts';
import type { PrebuiltStore } from '../src/storage/prebuilt-store.ts';
import type { Almanac, AnswerResponse, CorpusChange, Embedder, Generator, Progress, Reranker } from '../src/types.ts';
import {
  installErrorTransfer,
  type CallId,
  type ChangePort,
  type EngineWorkerApi,
  type LoadedModels,
  type ModelSpec,
  type ProgressPort,
} from './engine-protocol.ts';

installErrorTransfer();

/**
 * Progress crosses a MessageChannel per call; an ingest of thousands of passages would
 * flood it. One message per this many ms is plenty for a progress bar.
 */
const PROGRESS_INTERVAL_MS = 50;

let engine: Almanac | undefined;
let embedder: Embedder | undefined;
let reranker: Reranker | undefined;
let generator: Generator | undefined;
const running = new Map<CallId, AbortController>();

function requireEngine(): Almanac {
  if (!engine) throw createError('INVALID_OPTION', 'engine', 'the worker was not opened; call connectAlmanac()');
  return engine;
}

/** Wraps the page's progress proxy: throttled, never throwing into the engine. */
function forward(port: ProgressPort | undefined): ((p: Progress) => void) | undefined {
  if (!port) return undefined;
  let last = 0;
  return (p) => {
    const now = performance.now();
    const final = p.total > 0 && p.done >= p.total;
    if (!final && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    // A proxy call returns a promise; a page that went away must not crash the worker.
    Promise.resolve(port(p)).catch(() => undefined);
  };
}

/** Frees the MessageChannel behind a progress proxy once its call is over. */
function release(port: ProgressPort | undefined): void {
  (port as Partial<Comlink.Remote<ProgressPort>> | undefined)?.[Comlink.releaseProxy]?.();
}

/** Runs `work` with an AbortSignal the page can trigger through `abort(call)`. */
async function tracked<T>(call: CallId, port: ProgressPort | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  running.set(call, controller);
  try {
    return await work(controller.signal);
  } finally {
    running.delete(call);
    release(port);
  }
}

function describeModels(): LoadedModels {
  const out: LoadedModels = {};
  if (embedder) out.embedder = { id: embedder.id, device: embedder.device, dimensions: embedder.dimensions };
  if (reranker) out.reranker = { id: reranker.id, device: reranker.device };
  if (generator) out.generator = { id: generator.id, device: generator.device };
  return out;
}

/** The kinds of model a worker loads by id. */
export type ModelKind = 'embedder' | 'reranker' | 'generator';

/** What each kind of model is. */
interface ModelOfKind { embedder: Embedder; reranker: Reranker; generator: Generator }

/** Loads one model by id inside this worker. */
export type ModelLoader = <K extends ModelKind>(kind: K, spec: ModelSpec, signal: AbortSignal, onProgress?: (p: Progress) => void) => Promise<ModelOfKind[K]>;

let modelLoader: ModelLoader | undefined;

/**
 * Gives this worker its model loaders. `engine-models.worker.ts` does; this entry alone never
 * names a model stack, so an app that bundles it (zero-download) needs neither
 * `@huggingface/transformers` nor ONNX Runtime installed.
 */
export function provideModelLoader(loader: ModelLoader): void {
  modelLoader = loader;
}

async function loadOne<K extends ModelKind>(kind: K, spec: ModelSpec, signal: AbortSignal, onProgress?: (p: Progress) => void): Promise<ModelOfKind[K]> {
  if (!modelLoader) {
    throw createError('INVALID_OPTION', 'loadModels', 'this engine worker is the zero-download one and loads no models; connect with `connectAlmanac({ worker: startEngineWithModels })` (from almanac/models)');
  }
  return modelLoader(kind, spec, signal, onProgress);
}

/**
 * Takes the Web Lock `name` and keeps it for the worker's life: the page asks for the same lock,
 * and is granted it the moment this worker dies, however it dies. Resolves once held.
 */
function holdLifeLock(name: string | undefined): Promise<void> {
  const locks = (self.navigator as Navigator | undefined)?.locks;
  if (!name || !locks) return Promise.resolve();
  return new Promise((held) => {
    void locks.request(name, () => {
      held();
      return new Promise<never>(() => undefined);
    });
  });
}

/** Forwards another tab's change to the page; a page that went away must not crash the worker. */
function forwardChange(port: ChangePort | undefined): ((change: CorpusChange) => void) | undefined {
  return port ? (change) => void Promise.resolve(port(change)).catch(() => undefined) : undefined;
}

const api: EngineWorkerApi = {
  async open(storage, port, changePort, lock) {
    const started = performance.now();
    const onProgress = forward(port);
    // A sharded site's prefetch outlives `open`: its progress port is freed when it ends.
    let held: Promise<unknown> | undefined;
    try {
      await holdLifeLock(lock);
      engine?.close().catch(() => undefined);
      const onChange = forwardChange(changePort);
      let prebuilt: PrebuiltStore | undefined;
      let sharded: Almanac | undefined;
      if (typeof storage === 'object' && 'prebuilt' in storage) {
        // Loaded only for a site's prebuilt index: a page over its visitor's own files never downloads it.
        const { openSiteIndex } = await import('../src/storage/prebuilt-store.ts');
        const { url, ...rest } = storage.prebuilt;
        const site = await openSiteIndex(url, { ...rest, ...(onProgress ? { onProgress } : {}) });
        if ('store' in site) prebuilt = site.store;
        else {
          sharded = site.sharded;
          held = site.prefetched?.catch((error: unknown) => onProgress?.({ phase: 'prefetch-failed', done: 0, total: 0, detail: (error as Error).message }));
        }
      }
      engine = sharded ?? await createAlmanac({ storage: prebuilt ? { store: prebuilt } : storage as Exclude<typeof storage, { prebuilt: unknown }>, ...(onProgress ? { onProgress } : {}), ...(onChange ? { onChange } : {}) });
      const stats = await engine.stats();
      return {
        documents: stats.documents,
        passages: stats.passages,
        ms: Math.round(performance.now() - started),
        crossOriginIsolated: self.crossOriginIsolated === true,
        ...(prebuilt ? { index: prebuilt.report } : {}),
      };
    } finally {
      if (held) void held.finally(() => release(port));
      else release(port);
    }
  },

  ingest(call, docs, port) {
    const almanac = requireEngine();
    return tracked(call, port, (signal) => {
      const onProgress = forward(port);
      return almanac.ingest(docs, onProgress ? { signal, onProgress } : { signal });
    });
  },

  search(call, query, options) {
    const almanac = requireEngine();
    return tracked(call, undefined, (signal) => almanac.search(query, { ...options, signal }));
  },

  answer(call, question, options, port) {
    const almanac = requireEngine();
    return tracked(call, undefined, async (signal): Promise<AnswerResponse> => {
      if (!port) return almanac.answer(question, { ...options, signal });
      try {
        let final: AnswerResponse | undefined;
        for await (const event of almanac.answerStream(question, { ...options, signal })) {
          if (event.type === 'final') final = event.response;
          // A page that went away must not stop the answer; its events are only a view.
          else Promise.resolve(port(event)).catch(() => undefined);
        }
        if (!final) throw createError('ABORTED', 'Answering');
        return final;
      } finally {
        (port as Partial<Comlink.Remote<typeof port>>)[Comlink.releaseProxy]?.();
      }
    });
  },

  remove: (ids) => requireEngine().remove(ids),
  documents: () => requireEngine().documents(),
  document: (id) => requireEngine().document(id),
  stats: () => requireEngine().stats(),
  timeCoverage: (options) => requireEngine().timeCoverage(options),
  datedSentences: (options) => requireEngine().datedSentences(options),

  loadModels(call, request, port) {
    const almanac = requireEngine();
    return tracked(call, port, async (signal) => {
      const onProgress = forward(port);
      const next: { embedder?: Embedder | null; reranker?: Reranker | null; generator?: Generator | null } = {};
      if (request.embedder !== undefined) {
        next.embedder = request.embedder ? await loadOne('embedder', request.embedder, signal, onProgress) : null;
      }
      if (request.reranker !== undefined) {
        next.reranker = request.reranker ? await loadOne('reranker', request.reranker, signal, onProgress) : null;
      }
      if (request.generator !== undefined) {
        next.generator = request.generator ? await loadOne('generator', request.generator, signal, onProgress) : null;
      }
      // A new embedder re-embeds every stored passage: that is the long part, so it reports too.
      try {
        await almanac.setModels(next, onProgress ? { signal, onProgress } : { signal });
      } catch (error) {
        // The engine kept its models and corpus; the ones loaded for it would only hold memory.
        if (next.embedder && next.embedder !== embedder) await next.embedder.dispose().catch(() => undefined);
        if (next.reranker && next.reranker !== reranker) await next.reranker.dispose().catch(() => undefined);
        throw error;
      }
      // The engine now holds the new models; the old ones would only keep memory (and GPU buffers).
      if (next.embedder !== undefined) {
        const old = embedder;
        embedder = next.embedder ?? undefined;
        if (old && old !== embedder) await old.dispose().catch(() => undefined);
      }
      if (next.reranker !== undefined) {
        const old = reranker;
        reranker = next.reranker ?? undefined;
        if (old && old !== reranker) await old.dispose().catch(() => undefined);
      }
      if (next.generator !== undefined) {
        const old = generator;
        generator = next.generator ?? undefined;
        if (old && old !== generator) await old.dispose().catch(() => undefined);
      }
      return describeModels();
    });
  },

  exportCorpus(call, options, port) {
    const almanac = requireEngine();
    return tracked(call, port, async (signal) => {
      const onProgress = forward(port);
      const bytes = await almanac.exportCorpus({ ...options, signal, ...(onProgress ? { onProgress } : {}) });
      return Comlink.transfer(bytes, [bytes.buffer]);
    });
  },

  importCorpus(call, file, options, port) {
    const almanac = requireEngine();
    return tracked(call, port, (signal) => {
      const onProgress = forward(port);
      return almanac.importCorpus(file, { ...options, signal, ...(onProgress ? { onProgress } : {}) });
    });
  },

  models: async () => describeModels(),
  clear: () => requireEngine().clear(),

  async close() {
    for (const controller of running.values()) controller.abort();
    const almanac = engine;
    engine = undefined;
    await almanac?.close();
    await embedder?.dispose().catch(() => undefined);
    await reranker?.dispose().catch(() => undefined);
    await generator?.dispose().catch(() => undefined);
    embedder = reranker = undefined;
    generator = undefined;
  },

  abort(call) {
    running.get(call)?.abort(createError('ABORTED', 'The call'));
  },
};

Comlink.expose(api);
