/**
 * The page's handle on an engine running in `workers/engine.worker.ts`. It has the shape of
 * {@link Almanac} so that page code reads the same either way; the differences are the ones a
 * worker forces: models are named (by id) instead of handed over, since a model object cannot
 * cross to a worker, and an `AbortSignal` becomes a call id the worker aborts on request.
 */
import * as Comlink from 'comlink';
import { AlmanacError, clientError } from '../client-errors.ts';
import { eventQueue } from './event-queue.ts';
import type { Almanac, AnswerEvent, CorpusChange, LongCallOptions, Progress } from '../types.ts';
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
  /**
   * Reports restore progress while the worker loads a persisted corpus; with storage
   * `{ prebuilt: { url, prefetch: true } }` over a sharded index, the background prefetch after
   * `open` (`phase: 'prefetch'`, files done and total; `prefetch-failed` with the reason).
   */
  onProgress?: (p: Progress) => void;
  /** Aborts the connection: the worker is terminated. */
  signal?: AbortSignal;
  /**
   * Starts the engine worker. Default: the zero-download worker (`almanac/worker`), which
   * loads no models; `startEngineWithModels` from `almanac/models` starts one that does. Called
   * again to restart it after it died (a test that wants to hold the `Worker` passes its own).
   */
  worker?: () => Worker;
  /** Another tab's change to the stored corpus, applied in this worker (see `AlmanacOptions.onChange`). */
  onChange?: (change: CorpusChange) => void;
  /** The worker died, restarted, or could not restart: so that a page can tell its user. */
  onStatus?: (status: WorkerStatus) => void;
}

/**
 * What happened to the engine worker. `crashed`: it stopped (crashed, ran out of memory, was
 * terminated); every call it had not answered was rejected with `WORKER_CRASHED`. `restarted`: a
 * new worker reopened the corpus from storage (what was stored before is all there; models the
 * page had loaded are loaded again). `failed`: it could not restart (`error` says why); calls
 * reject with that error until the page reloads.
 */
export type WorkerStatus =
  | { kind: 'crashed' }
  | { kind: 'restarted'; opened: OpenReport; models?: LoadedModels; modelsError?: string }
  | { kind: 'failed'; error: AlmanacError };

/** Restarts allowed within {@link RESTART_WINDOW_MS} before a worker that keeps dying is given up on. */
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;

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

/** One started worker: its comlink handle, and a promise that rejects when it dies. */
interface Connection {
  worker: Worker;
  api: Comlink.Remote<EngineWorkerApi>;
  opened: OpenReport;
  /** Rejects (never resolves) once the worker is known dead. */
  dead: Promise<never>;
  /** Stops watching for its death and terminates it. */
  end(): void;
}

/** Thrown inside by a connection's `dead` promise; turned into `WORKER_CRASHED` for each call. */
const DIED = Symbol('worker died');

/**
 * Starts an engine worker and opens the corpus in it.
 *
 * Resolves once the persisted corpus (if any) is restored: `opened.documents` says how many
 * documents came back without re-indexing. Rejects with the worker's error if it fails to
 * start (for example a module that does not load).
 *
 * A worker that dies later (crashes, runs out of memory, is terminated) is noticed at once
 * through a Web Lock it holds while alive: the calls it had not answered reject with
 * `WORKER_CRASHED`, a new worker reopens the corpus from storage, and `onStatus` says so.
 */
export async function connectAlmanac(options: ConnectOptions = {}): Promise<RemoteAlmanac> {
  installErrorTransfer();
  const storage = options.storage ?? { indexedDB: { name: 'almanac' } };
  const makeWorker = options.worker ?? ((): Worker => new Worker(new URL('../../workers/engine.worker.js', import.meta.url), {
    type: 'module',
    name: 'almanac-engine',
  }));
  const onChange = options.onChange ? Comlink.proxy(options.onChange) : undefined;
  let closed = false;
  let current: Connection;
  /** Resolves to the live connection; replaced while a restart runs. */
  let ready: Promise<Connection>;
  let fatal: AlmanacError | undefined;
  let modelsWanted: ModelsRequest | undefined;
  const restarts: number[] = [];

  async function start(progress: ((p: Progress) => void) | undefined, signal?: AbortSignal): Promise<Connection> {
    const worker = makeWorker();
    const api = Comlink.wrap<EngineWorkerApi>(worker);
    let ended = false;
    const watch = new AbortController();
    const end = (): void => {
      if (ended) return;
      ended = true;
      watch.abort();
      api[Comlink.releaseProxy]();
      worker.terminate();
    };
    // A worker whose module fails to load never answers; its `error` event is the only sign.
    const failed = new Promise<never>((_, reject) => {
      worker.addEventListener('error', (event) => {
        reject(clientError('INVALID_OPTION', 'worker', `the engine worker failed to start (${event.message || 'module error'})`));
      }, { once: true });
    });
    const aborted = new Promise<never>((_, reject) => {
      signal?.addEventListener('abort', () => reject(clientError('ABORTED', 'Connecting to the engine', { cause: signal?.reason })), { once: true });
    });
    failed.catch(() => undefined);
    aborted.catch(() => undefined);
    const lock = locks() ? `almanac-engine-worker:${Math.random().toString(36).slice(2)}${Date.now().toString(36)}` : undefined;
    let opened: OpenReport;
    try {
      if (signal?.aborted) throw clientError('ABORTED', 'Connecting to the engine', { cause: signal.reason });
      const port = progress ? Comlink.proxy(progress) : undefined;
      opened = await Promise.race([api.open(storage, port, onChange, lock), failed, aborted]);
    } catch (error) {
      end();
      throw error;
    }
    let died!: () => void;
    const dead = new Promise<never>((_, reject) => {
      died = () => reject(DIED);
    });
    dead.catch(() => undefined);
    // The worker holds this lock until it dies; the page's request for it is granted then.
    if (lock) {
      locks()!.request(lock, { signal: watch.signal }, () => {
        if (!ended) {
          died();
          onDeath();
        }
      }).catch(() => undefined);
    }
    return { worker, api, opened, dead, end };
  }

  function onDeath(): void {
    if (closed) return;
    current.end();
    options.onStatus?.({ kind: 'crashed' });
    const now = Date.now();
    while (restarts.length && now - restarts[0]! > RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length >= MAX_RESTARTS) {
      fatal = clientError('WORKER_CRASHED', `its last ${MAX_RESTARTS} restarts within a minute (it keeps dying; reload the page)`);
      ready = Promise.reject(fatal);
      ready.catch(() => undefined);
      options.onStatus?.({ kind: 'failed', error: fatal });
      return;
    }
    restarts.push(now);
    ready = start(undefined).then(async (connection) => {
      current = connection;
      let models: LoadedModels | undefined;
      let modelsError: string | undefined;
      if (modelsWanted) {
        models = await connection.api.loadModels(nextCallId++, modelsWanted, undefined).catch((e: unknown) => {
          modelsError = e instanceof Error ? e.message : String(e);
          return undefined;
        });
      }
      options.onStatus?.({ kind: 'restarted', opened: connection.opened, ...(models ? { models } : {}), ...(modelsError ? { modelsError } : {}) });
      return connection;
    }, (error: unknown) => {
      fatal = error instanceof AlmanacError ? error : clientError('WORKER_CRASHED', `a restart (${String(error)})`);
      options.onStatus?.({ kind: 'failed', error: fatal });
      throw fatal;
    });
    ready.catch(() => undefined);
  }

  current = await start(options.onProgress, options.signal);
  ready = Promise.resolve(current);

  /**
   * Runs `run` on the live worker; should that worker die before it answers, rejects with
   * `WORKER_CRASHED` (the call is not retried: an ingest may have stored part of its documents).
   */
  async function call<T>(what: string, run: (api: Comlink.Remote<EngineWorkerApi>) => Promise<T>): Promise<T> {
    if (closed) throw clientError('CLOSED');
    const connection = await ready;
    try {
      return await Promise.race([run(connection.api), connection.dead]);
    } catch (error) {
      if (error === DIED) throw clientError('WORKER_CRASHED', what);
      throw error;
    }
  }

  /**
   * Runs a long call under a fresh id, forwarding the page's signal as `abort(id)`. The
   * worker's own rejection (ABORTED) is what the caller sees, so errors keep one shape.
   */
  async function longCall<T>(signal: AbortSignal | undefined, what: string, run: (api: Comlink.Remote<EngineWorkerApi>, id: CallId) => Promise<T>): Promise<T> {
    if (closed) throw clientError('CLOSED');
    if (signal?.aborted) throw clientError('ABORTED', what, { cause: signal.reason });
    const id = nextCallId++;
    let api: Comlink.Remote<EngineWorkerApi> | undefined;
    const onAbort = (): void => void api?.abort(id).catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await call(what.toLowerCase(), (a) => {
        api = a;
        return run(a, id);
      });
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }

  const remote: RemoteAlmanac = {
    get opened() {
      return current.opened;
    },
    ingest(docs, callOptions = {}) {
      const progress = callOptions.onProgress ? Comlink.proxy(callOptions.onProgress) : undefined;
      return longCall(callOptions.signal, 'Ingest', (api, id) => api.ingest(id, docs, progress));
    },
    search(query, searchOptions = {}) {
      const { signal, ...rest } = searchOptions;
      const plain: RemoteSearchOptions = rest;
      return longCall(signal, 'Search', (api, id) => api.search(id, query, plain));
    },
    answer(question, answerOptions = {}) {
      const { signal, onToken, ...rest } = answerOptions;
      const plain: RemoteAnswerOptions = rest;
      // Tokens come back as events through a proxy only when the caller listens for them.
      const port = onToken ? Comlink.proxy((e: AnswerEvent) => { if (e.type === 'token') onToken(e.text); }) : undefined;
      return longCall(signal, 'Answering', (api, id) => api.answer(id, question, plain, port));
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
          longCall(local.signal, 'Answering', (api, id) => api.answer(id, question, plain, port)).then(
            (response) => { events.push({ type: 'final', response }); events.end(); },
            (error: unknown) => events.end(error),
          ).finally(() => signal?.removeEventListener('abort', onOuter));
          return events.iterator(() => local.abort(clientError('ABORTED', 'Answering')));
        },
      };
    },
    async loadModels(request, callOptions = {}) {
      const progress = callOptions.onProgress ? Comlink.proxy(callOptions.onProgress) : undefined;
      const loaded = await longCall(callOptions.signal, 'Loading models', (api, id) => api.loadModels(id, request, progress));
      // What a restarted worker loads again: the page's last wish for each kind of model.
      modelsWanted = { ...modelsWanted, ...request };
      return loaded;
    },
    remove: (ids) => call('removing documents', (api) => api.remove(ids)),
    documents: () => call('listing documents', (api) => api.documents()),
    document: (id) => call('reading a document', (api) => api.document(id)),
    stats: () => call('reading statistics', (api) => api.stats()),
    timeCoverage: (o) => call('reading time coverage', (api) => api.timeCoverage(o)),
    datedSentences: (o) => call('listing dated sentences', (api) => api.datedSentences(o)),
    exportCorpus(callOptions = {}) {
      const { signal, onProgress, ...rest } = callOptions;
      const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
      return longCall(signal, 'Export', (api, id) => api.exportCorpus(id, rest, progress));
    },
    importCorpus(file, callOptions = {}) {
      const { signal, onProgress, ...rest } = callOptions;
      const progress = onProgress ? Comlink.proxy(onProgress) : undefined;
      // Copied to the worker (structured clone), so the page's bytes stay usable.
      return longCall(signal, 'Import', (api, id) => api.importCorpus(id, file, rest, progress));
    },
    models: () => call('listing models', (api) => api.models()),
    clear: () => call('clearing the corpus', (api) => api.clear()),
    async close() {
      if (closed) return;
      closed = true;
      const connection = await ready.catch(() => undefined);
      try {
        await Promise.race([connection?.api.close(), connection?.dead]);
      } catch {
        // A dead worker has nothing to close.
      } finally {
        connection?.end();
        current.end();
      }
    },
  };
  return remote;
}

/** The Web Locks API, where this runtime has it (every current browser). */
function locks(): LockManager | undefined {
  return (globalThis.navigator as Navigator | undefined)?.locks;
}
