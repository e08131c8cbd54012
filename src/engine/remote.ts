/**
 * The page's handle on an engine running in `workers/engine.worker.ts`. It has the shape of
 * {@link Almanac} so that page code reads the same either way; the differences are the ones a
 * worker forces: models are named (by id) instead of handed over, since a model object cannot
 * cross to a worker, and an `AbortSignal` becomes a call id the worker aborts on request.
 */
import * as Comlink from 'comlink';
import { createError } from '../errors.ts';
import { eventQueue } from './event-queue.ts';
import type { Almanac, AnswerEvent, LongCallOptions, Progress } from '../types.ts';
import {
  installErrorTransfer,
  type CallId,
  type EngineWorkerApi,
  type LoadedModels,
  type ModelsRequest,
  type OpenReport,
  type RemoteAnswerOptions,
  type RemoteSearchOptions,
  type WorkerStorage,
} from '../../workers/engine-protocol.ts';

export type { LoadedModels, ModelSpec, ModelsRequest, OpenReport, WorkerStorage } from '../../workers/engine-protocol.ts';

/** Options of {@link connectAlmanac}. */
export interface ConnectOptions {
  /** Where the worker keeps the corpus. Default `{ indexedDB: { name: 'almanac' } }`. */
  storage?: WorkerStorage;
  /** Reports restore progress while the worker loads a persisted corpus. */
  onProgress?: (p: Progress) => void;
  /** Aborts the connection: the worker is terminated. */
  signal?: AbortSignal;
  /**
   * Starts the engine worker. Default: the zero-download worker (`almanac/worker`), which
   * loads no models; `startEngineWithModels` from `almanac/models` starts one that does.
   */
  worker?: () => Worker;
}

/**
 * An {@link Almanac} living in a Web Worker. `setModels` is replaced by {@link loadModels},
 * which loads models by id inside the worker.
 */
export interface RemoteAlmanac extends Omit<Almanac, 'setModels' | 'search'> {
  /** What the worker found when it opened the corpus (e.g. documents restored from IndexedDB). */
  readonly opened: OpenReport;
  /** Searches the corpus; `options.signal` aborts the search in the worker. */
  search: Almanac['search'];
  /**
   * Loads (or unloads, with `null`) models inside the worker and hands them to the engine.
   * Progress reports bytes or files downloaded from `/models/`.
   */
  loadModels(request: ModelsRequest, options?: LongCallOptions): Promise<LoadedModels>;
  /** The models the engine holds now. */
  models(): Promise<LoadedModels>;
  /** Closes the engine and terminates the worker. The handle is unusable afterwards. */
  close(): Promise<void>;
}

/** Page-wide counter: call ids only need to be unique per worker, this makes them unique per page. */
let nextCallId: CallId = 1;

/**
 * Starts an engine worker and opens the corpus in it.
 *
 * Resolves once the persisted corpus (if any) is restored: `opened.documents` says how many
 * documents came back without re-indexing. Rejects with the worker's error if it fails to
 * start (for example a module that does not load).
 */
export async function connectAlmanac(options: ConnectOptions = {}): Promise<RemoteAlmanac> {
  installErrorTransfer();
  const worker = options.worker?.() ?? new Worker(new URL('../../workers/engine.worker.js', import.meta.url), {
    type: 'module',
    name: 'almanac-engine',
  });
  const api = Comlink.wrap<EngineWorkerApi>(worker);
  let terminated = false;
  const terminate = (): void => {
    if (terminated) return;
    terminated = true;
    api[Comlink.releaseProxy]();
    worker.terminate();
  };

  // A worker whose module fails to load never answers; its `error` event is the only sign.
  const failed = new Promise<never>((_, reject) => {
    worker.addEventListener('error', (event) => {
      reject(createError('INVALID_OPTION', 'worker', `the engine worker failed to start (${event.message || 'module error'})`));
    }, { once: true });
  });
  const aborted = new Promise<never>((_, reject) => {
    options.signal?.addEventListener('abort', () => reject(createError('ABORTED', 'Connecting to the engine', { cause: options.signal?.reason })), { once: true });
  });
  failed.catch(() => undefined);
  aborted.catch(() => undefined);

  let opened: OpenReport;
  try {
    if (options.signal?.aborted) throw createError('ABORTED', 'Connecting to the engine', { cause: options.signal.reason });
    const storage = options.storage ?? { indexedDB: { name: 'almanac' } };
    const progress = options.onProgress ? Comlink.proxy(options.onProgress) : undefined;
    opened = await Promise.race([api.open(storage, progress), failed, aborted]);
  } catch (error) {
    terminate();
    throw error;
  }

  /**
   * Runs a long call under a fresh id, forwarding the page's signal as `abort(id)`. The
   * worker's own rejection (ABORTED) is what the caller sees, so errors keep one shape.
   */
  async function longCall<T>(signal: AbortSignal | undefined, what: string, run: (id: CallId) => Promise<T>): Promise<T> {
    if (terminated) throw createError('CLOSED');
    if (signal?.aborted) throw createError('ABORTED', what, { cause: signal.reason });
    const id = nextCallId++;
    const onAbort = (): void => void api.abort(id).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await run(id);
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  function guard<T>(call: () => Promise<T>): Promise<T> {
    return terminated ? Promise.reject(createError('CLOSED')) : call();
  }

  const remote: RemoteAlmanac = {
    opened,
    ingest(docs, callOptions = {}) {
      const progress = callOptions.onProgress ? Comlink.proxy(callOptions.onProgress) : undefined;
      return longCall(callOptions.signal, 'Ingest', (id) => api.ingest(id, docs, progress));
    },
    search(query, searchOptions = {}) {
      const { signal, ...rest } = searchOptions;
      const plain: RemoteSearchOptions = rest;
      return longCall(signal, 'Search', (id) => api.search(id, query, plain));
    },
    answer(question, answerOptions = {}) {
      const { signal, onToken, ...rest } = answerOptions;
      const plain: RemoteAnswerOptions = rest;
      // Tokens come back as events through a proxy only when the caller listens for them.
      const port = onToken ? Comlink.proxy((e: AnswerEvent) => { if (e.type === 'token') onToken(e.text); }) : undefined;
      return longCall(signal, 'Answering', (id) => api.answer(id, question, plain, port));
    },
    answerStream(question, answerOptions = {}) {
      const { signal, onToken, ...rest } = answerOptions;
      const plain: RemoteAnswerOptions = rest;
      return {
        [Symbol.asyncIterator]() {
          const events = eventQueue<AnswerEvent>();
          // Leaving the loop early aborts the worker's call, as the caller's signal does.
          const local = new AbortController();
          const onOuter = () => local.abort(signal?.reason);
          if (signal?.aborted) local.abort(signal.reason);
          else signal?.addEventListener('abort', onOuter, { once: true });
          const port = Comlink.proxy((e: AnswerEvent) => {
            if (e.type === 'token') onToken?.(e.text);
            events.push(e);
          });
          longCall(local.signal, 'Answering', (id) => api.answer(id, question, plain, port)).then(
            (response) => { events.push({ type: 'final', response }); events.end(); },
            (error: unknown) => events.end(error),
          ).finally(() => signal?.removeEventListener('abort', onOuter));
          return events.iterator(() => local.abort(createError('ABORTED', 'Answering')));
        },
      };
    },
    loadModels(request, callOptions = {}) {
      const progress = callOptions.onProgress ? Comlink.proxy(callOptions.onProgress) : undefined;
      return longCall(callOptions.signal, 'Loading models', (id) => api.loadModels(id, request, progress));
    },
    remove: (ids) => guard(() => api.remove(ids)),
    documents: () => guard(() => api.documents()),
    document: (id) => guard(() => api.document(id)),
    stats: () => guard(() => api.stats()),
    timeCoverage: (o) => guard(() => api.timeCoverage(o)),
    exportCorpus(callOptions = {}) {
      const { signal, onProgress, ...rest } = callOptions;
      const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
      return longCall(signal, 'Export', (id) => api.exportCorpus(id, rest, progress));
    },
    importCorpus(file, callOptions = {}) {
      const { signal, onProgress, ...rest } = callOptions;
      const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
      // Copied to the worker (structured clone), so the page's bytes stay usable.
      return longCall(signal, 'Import', (id) => api.importCorpus(id, file, rest, progress));
    },
    models: () => guard(() => api.models()),
    clear: () => guard(() => api.clear()),
    async close() {
      if (terminated) return;
      try {
        await api.close();
      } finally {
        terminate();
      }
    },
  };
  return remote;
}
