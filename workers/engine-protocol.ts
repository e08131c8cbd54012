/**
 * The wire contract between a page and `engine.worker.ts`: what the worker exposes through
 * comlink, and how errors keep their code across the boundary. The page never imports the
 * worker, and the worker never imports the page; both import this file.
 */
import * as Comlink from 'comlink';
import { AlmanacError } from '../src/client-errors.ts';
import type { ErrorCode } from '../src/errors.ts';
import type { PrebuiltReport } from '../src/storage/prebuilt-store.ts';
import type {
  Almanac,
  AnswerEvent,
  AnswerOptions,
  AnswerResponse,
  CorpusChange,
  CorpusShards,
  DocumentInput,
  ImportReport,
  IngestReport,
  ModelDevice,
  Progress,
  SearchOptions,
  SearchResponse,
} from '../src/types.ts';

/**
 * Where the worker keeps the corpus. Same as `StorageOption` minus `factory`: an
 * `IDBFactory` cannot be cloned into a worker, and the worker has its own `indexedDB`.
 */
export type WorkerStorage = 'memory' | { indexedDB: { name: string } }
  /**
   * A prebuilt index (`almanac build`): the URL of its `index.json`, fetched in the worker and
   * kept in Cache Storage by its content hash (`src/storage/prebuilt-store.ts`).
   */
  | { prebuilt: { url: string; cache?: string; prefetch?: boolean } };

/**
 * Identifies one long call so that the page can abort it: an `AbortSignal` cannot cross
 * to a worker, so the page sends `abort(callId)` when its own signal fires.
 */
export type CallId = number;

/** A model to load inside the worker, by id under `/models/`. */
export interface ModelSpec {
  /** Folder under `/models/` holding `config.json`, `tokenizer.json` and `onnx/`. */
  id: string;
  /** Default `auto`: WebGPU when an adapter exists, otherwise WASM. */
  device?: ModelDevice;
}

/**
 * Which models to have loaded. A field left out keeps the current model; `null` unloads it
 * (back to zero-download mode for the embedder).
 */
export interface ModelsRequest {
  embedder?: ModelSpec | null;
  reranker?: ModelSpec | null;
  /** A transformers.js causal LM: answers through RECAP, streaming tokens. */
  generator?: ModelSpec | null;
}

/** Models the worker's engine currently holds, described (the models themselves stay there). */
export interface LoadedModels {
  embedder?: { id: string; device: string; dimensions: number };
  reranker?: { id: string; device: string };
  generator?: { id: string; device: string };
}

/** What opening the corpus found, so a page can say "restored N documents" without re-indexing. */
export interface OpenReport {
  /** Documents found in storage when the worker opened it. */
  documents: number;
  passages: number;
  /** Milliseconds `createAlmanac` took (restore included). */
  ms: number;
  /** Whether the worker runs cross-origin isolated (ONNX Runtime threads). */
  crossOriginIsolated: boolean;
  /** How a prebuilt index was opened (storage `prebuilt` only). */
  index?: PrebuiltReport;
}

/** Page-side search options: everything but the signal, which travels as a call id. */
export type RemoteSearchOptions = Omit<SearchOptions, 'signal'>;

/** Page-side answer options: everything but the signal (a call id) and `onToken` (the event port's `token` events). */
export type RemoteAnswerOptions = Omit<AnswerOptions, 'signal' | 'onToken'>;

/** Answer events as the worker sends them: a comlink proxy to the page's function. */
export type AnswerEventPort = (e: AnswerEvent) => void;

/** A progress callback as the worker receives it: a comlink proxy to the page's function. */
export type ProgressPort = (p: Progress) => void;

/** The page's listener for other tabs' changes, as a comlink proxy. */
export type ChangePort = (change: CorpusChange) => void;

/**
 * The object `engine.worker.ts` exposes. Long calls take a {@link CallId} and an optional
 * progress proxy; the rest mirror {@link Almanac}.
 */
export interface EngineWorkerApi {
  /**
   * Creates the engine over `storage` (restoring a persisted corpus). Call once, first.
   * `onChange` hears other tabs' changes once applied; `lock` names a Web Lock the worker holds
   * for as long as it lives, which is how the page learns of its death (granted to the page then).
   */
  open(storage: WorkerStorage, onProgress?: ProgressPort, onChange?: ChangePort, lock?: string): Promise<OpenReport>;
  ingest(call: CallId, docs: DocumentInput[], onProgress?: ProgressPort): Promise<IngestReport[]>;
  search(call: CallId, query: string, options?: RemoteSearchOptions): Promise<SearchResponse>;
  /** Answers; with `onEvent`, streams `retrieved`, `token`, `calculation` and `final` events to it while it runs. */
  answer(call: CallId, question: string, options?: RemoteAnswerOptions, onEvent?: AnswerEventPort): Promise<AnswerResponse>;
  remove(ids: string[]): ReturnType<Almanac['remove']>;
  documents(): ReturnType<Almanac['documents']>;
  document(id: string): ReturnType<Almanac['document']>;
  stats(): ReturnType<Almanac['stats']>;
  timeCoverage(options?: Parameters<Almanac['timeCoverage']>[0]): ReturnType<Almanac['timeCoverage']>;
  datedSentences(options: Parameters<Almanac['datedSentences']>[0]): ReturnType<Almanac['datedSentences']>;
  loadModels(call: CallId, request: ModelsRequest, onProgress?: ProgressPort): Promise<LoadedModels>;
  models(): Promise<LoadedModels>;
  /** The corpus as one file of the index format; the bytes are transferred, not copied. */
  exportCorpus(call: CallId, options?: { vectors?: boolean }, onProgress?: ProgressPort): Promise<Uint8Array>;
  /** Adds (or with `replace`, replaces the corpus with) a corpus file's documents. */
  importCorpus(call: CallId, file: Uint8Array | ArrayBuffer | CorpusShards, options?: { replace?: boolean }, onProgress?: ProgressPort): Promise<ImportReport>;
  clear(): Promise<void>;
  close(): Promise<void>;
  /** Aborts the long call `call` if it is still running; unknown ids are ignored. */
  abort(call: CallId): void;
}

interface SerializedThrow {
  isError: boolean;
  value: unknown;
}

/**
 * Makes thrown errors keep their class and `code` across the worker boundary. Comlink's
 * own handler sends only `message`, `name` and `stack`, so the page would get a bare
 * `Error` and could not tell `ABORTED` from `STORAGE_FAILED`. Installed on both sides.
 */
export function installErrorTransfer(): void {
  const base = Comlink.transferHandlers.get('throw');
  if (!base) return;
  Comlink.transferHandlers.set('throw', {
    canHandle: base.canHandle,
    serialize(thrown: unknown): [SerializedThrow, Transferable[]] {
      const value = (thrown as { value: unknown }).value;
      if (value instanceof Error) {
        const code = value instanceof AlmanacError ? value.code : undefined;
        return [{ isError: true, value: { message: value.message, name: value.name, stack: value.stack, code } }, []];
      }
      return [{ isError: false, value }, []];
    },
    deserialize(serialized: unknown): never {
      const s = serialized as SerializedThrow;
      if (!s.isError) throw s.value;
      const v = s.value as { message: string; name: string; stack?: string; code?: ErrorCode };
      const error = v.code ? new AlmanacError(v.code, v.message) : Object.assign(new Error(v.message), { name: v.name });
      // Keep the worker's stack: it points at where the failure really happened.
      if (v.stack) error.stack = v.stack;
      throw error;
    },
  });
}
