/**
 * What Almanac keeps in this browser and how much room is left, from the browser's own
 * accounts: `navigator.storage.estimate()` (with Chromium's per-kind `usageDetails` when it
 * gives them), the model cache the service worker fills (`almanac-models`), and the
 * precache of the app itself. Also the checks around those figures: whether a model fits
 * before it is downloaded, and what to tell a user whose storage is full.
 */
import { MODEL_CACHE } from './offline-protocol.ts';
import { formatBytes } from './format.ts';

/** Bytes of one downloaded model. */
export interface ModelUsage {
  id: string;
  bytes: number;
  files: number;
}

/** What this site stores, in bytes. `undefined` where the browser does not say. */
export interface StorageUsage {
  /** Everything this site stores (the browser's figure). */
  used?: number;
  /** What this site may store in all. */
  quota?: number;
  /** Documents, passages, indexes (IndexedDB). */
  corpus?: number;
  /** Downloaded model files, by model. */
  models: ModelUsage[];
  /** The app itself, kept for offline use. */
  app?: number;
  /** Whether the browser promised not to evict this site's data; `undefined` when it cannot say. */
  persisted?: boolean;
}

/** Space left: quota minus usage. */
export function freeBytes(usage: Pick<StorageUsage, 'used' | 'quota'>): number | undefined {
  return usage.used === undefined || usage.quota === undefined ? undefined : Math.max(0, usage.quota - usage.used);
}

/**
 * The model a file under `/models/` belongs to: its folder, less the `onnx/` subfolder
 * ("/models/synthetic/bert-tiny/onnx/model.onnx" -> "synthetic/bert-tiny").
 */
export function modelIdOf(pathname: string, base = '/'): string | undefined {
  const prefix = `${base}models/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const parts = pathname.slice(prefix.length).split('/').filter(Boolean);
  parts.pop();
  if (parts.at(-1) === 'onnx') parts.pop();
  return parts.length ? parts.join('/') : undefined;
}

/** Size of a cached response without reading it when the server said its length. */
async function responseBytes(response: Response): Promise<number> {
  const length = Number(response.headers.get('content-length'));
  if (Number.isFinite(length) && length > 0) return length;
  return (await response.clone().blob()).size;
}

async function cacheEntries(name: string): Promise<Array<{ url: URL; bytes: number }>> {
  if (typeof caches === 'undefined' || !(await caches.has(name))) return [];
  const cache = await caches.open(name);
  const out: Array<{ url: URL; bytes: number }> = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) out.push({ url: new URL(request.url), bytes: await responseBytes(response) });
  }
  return out;
}

/** Downloaded models, largest first. */
export async function modelUsage(base = import.meta.env.BASE_URL): Promise<ModelUsage[]> {
  const byModel = new Map<string, ModelUsage>();
  for (const { url, bytes } of await cacheEntries(MODEL_CACHE)) {
    const id = modelIdOf(url.pathname, base);
    if (!id) continue;
    const entry = byModel.get(id) ?? { id, bytes: 0, files: 0 };
    entry.bytes += bytes;
    entry.files++;
    byModel.set(id, entry);
  }
  return [...byModel.values()].sort((a, b) => b.bytes - a.bytes);
}

/** Whether every file of model `id` that was downloaded is still in the cache (some file is). */
export async function isModelCached(id: string): Promise<boolean> {
  return (await modelUsage()).some((m) => m.id === id);
}

/** Reads everything the storage panel shows. */
export async function readUsage(): Promise<StorageUsage> {
  const storage = navigator.storage as StorageManager | undefined;
  const estimate = (await storage?.estimate?.().catch(() => undefined)) as (StorageEstimate & { usageDetails?: Record<string, number> }) | undefined;
  const models = await modelUsage().catch(() => []);
  let app: number | undefined;
  if (typeof caches !== 'undefined') {
    const names = (await caches.keys()).filter((n) => n.startsWith('workbox-precache'));
    app = 0;
    for (const name of names) for (const e of await cacheEntries(name)) app += e.bytes;
  }
  const modelBytes = models.reduce((n, m) => n + m.bytes, 0);
  const details = estimate?.usageDetails;
  // Chromium says what IndexedDB takes; elsewhere, what is left once the caches are counted.
  const corpus = details?.indexedDB ?? (estimate?.usage !== undefined ? Math.max(0, estimate.usage - modelBytes - (app ?? 0)) : undefined);
  const persisted = await storage?.persisted?.().catch(() => undefined);
  return { used: estimate?.usage, quota: estimate?.quota, corpus, models, app, persisted };
}

/** Deletes every downloaded model file; resolves to the bytes freed. */
export async function deleteModels(): Promise<number> {
  const bytes = (await modelUsage()).reduce((n, m) => n + m.bytes, 0);
  if (typeof caches !== 'undefined') await caches.delete(MODEL_CACHE);
  return bytes;
}

/**
 * Whether `error` is the browser refusing to store more (a quota error), as the engine
 * reports it (its storage error, whose message carries the browser's) or as the browser throws it.
 */
export function isQuotaError(error: unknown): boolean {
  const e = error as { name?: string; code?: string; message?: string; cause?: unknown } | undefined;
  if (!e) return false;
  if (e.name === 'QuotaExceededError' || e.code === 'STORAGE_FULL') return true;
  if (/quota|storage is full|no space|disk (is )?full/i.test(String(e.message ?? ''))) return true;
  return e.cause !== undefined && e.cause !== error && isQuotaError(e.cause);
}

/** How to make room, with the figures that let a user choose what to delete (pure). */
export function roomAdvice(usage: Pick<StorageUsage, 'models' | 'corpus'>): string {
  const models = usage.models.reduce((n, m) => n + m.bytes, 0);
  const options = [
    models > 0 ? `delete downloaded models (${formatBytes(models)})` : '',
    `remove documents you no longer need${usage.corpus ? ` (documents take ${formatBytes(usage.corpus)})` : ''}`,
  ].filter(Boolean);
  return `To make room, ${options.join(' or ')} in Storage, or free disk space on this device.`;
}

/** What to tell a user whose storage is full (pure); `retry` says what to do once there is room. */
export function quotaAdvice(usage: Pick<StorageUsage, 'used' | 'quota' | 'models' | 'corpus'>, retry = 'Then add the files again.'): string {
  const where = usage.used !== undefined && usage.quota !== undefined ? ` (${formatBytes(usage.used)} of the ${formatBytes(usage.quota)} this browser allows Almanac)` : '';
  return `Storage for Almanac is full${where}. Nothing already stored was lost. ${roomAdvice(usage)} ${retry}`;
}

/**
 * Whether `error` is the engine failing to write to the browser's storage for a reason other
 * than the quota: on a full disk Chromium closes the database connection ("the database
 * connection is closing"), which reaches the engine as a storage error without the word quota.
 */
export function isStorageError(error: unknown): boolean {
  const e = error as { code?: string; name?: string; message?: string } | undefined;
  return e?.code === 'STORAGE_FAILED' || e?.code === 'STORAGE_CLOSED' || /connection is closing|UnknownError|disk|I\/O/i.test(String(e?.message ?? ''));
}

/**
 * What to tell a user when storing failed, or undefined when `error` is not about storage
 * (pure). A quota error says so, and that nothing stored was lost (the browser refused the
 * whole transaction); another storage error names the likely cause, a full disk, and asks for
 * a reload, which reopens the storage the browser closed.
 */
export function storageAdvice(error: unknown, usage: Pick<StorageUsage, 'used' | 'quota' | 'models' | 'corpus'>, retry?: string): string | undefined {
  if (isQuotaError(error)) return quotaAdvice(usage, retry);
  if (!isStorageError(error)) return undefined;
  // No promise that nothing was lost here: on a full disk Chromium 156 was seen to drop the
  // whole database (see docs/ARCHITECTURE.md, "Storage"); the reload shows what is still there.
  return `Almanac could not write to this device's storage; the usual cause is a full disk. ${roomAdvice(usage)} Then reload the page: it shows what is still stored.`;
}

/**
 * Checks that `bytes` fit before a download: resolves to undefined when they do (or the
 * browser does not say), otherwise to a message that says what to delete.
 */
export async function checkRoomFor(bytes: number, what: string): Promise<string | undefined> {
  const usage = await readUsage();
  const free = freeBytes(usage);
  // A margin: the cache stores headers too, and the browser's figures are estimates.
  if (free === undefined || free >= bytes * 1.1) return undefined;
  return `${what} needs about ${formatBytes(bytes)}, and Almanac has ${formatBytes(free)} of space left on this device. ${roomAdvice(usage)}`;
}

/** Files a transformers.js model folder may have; the loader fetches the ones it needs. */
const MODEL_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'generation_config.json', 'onnx/model.onnx', 'onnx/model_quantized.onnx'];

/**
 * Bytes a model would download, from the server's `Content-Length` of each file it has
 * (HEAD requests; the service worker caches only GETs, so these ask the server). Counts both
 * ONNX variants when both exist, so the check errs on the safe side. `undefined` when the
 * server cannot be reached (offline).
 */
export async function modelDownloadBytes(id: string, base = import.meta.env.BASE_URL): Promise<number | undefined> {
  const sizes = await Promise.all(MODEL_FILES.map(async (file) => {
    try {
      const response = await fetch(`${base}models/${id}/${file}`, { method: 'HEAD', cache: 'no-store' });
      // The service worker's answer for a file it never saw while offline: the server is unreachable.
      if (response.headers.get('x-almanac-offline')) return undefined;
      if (!response.ok) return 0;
      return Number(response.headers.get('content-length')) || 0;
    } catch {
      return undefined;
    }
  }));
  if (sizes.every((s) => s === undefined)) return undefined;
  return sizes.reduce<number>((n, s) => n + (s ?? 0), 0);
}
