import { AlmanacError, createError } from '../errors.ts';
import { checkManifest, readShards, type CorpusManifest } from '../index-format/corpus-file.ts';
import { contentHash } from '../index-format/hash.ts';
import { MemoryStore } from './memory-store.ts';
import type { LoadedCorpus } from './store.ts';
import { openShardedIndex, type PrefetchReport, type ShardedAlmanac } from './sharded-index.ts';
import type { Progress } from '../types.ts';

/**
 * A prebuilt index (`almanac build`) opened over HTTP: `index.json` and the segment files it
 * names, fetched once and kept in Cache Storage, so the next visit (or a visit offline) opens
 * it from the device. In a worker, a page or Node (fetch; no cache there).
 *
 * Cached by content: each segment under its URL plus its hash, the manifest under its own URL.
 * A new build changes the manifest's content hash; its segments are fetched (those whose hash
 * did not change are reused), checked, cached, and only then does the new manifest replace the
 * old one and the old segments go. Offline, the cached manifest is used as it is.
 *
 * The corpus is read-only in the sense that matters: documents added on top live in memory
 * only (a {@link MemoryStore}); the index itself is never written.
 */
export interface PrebuiltOptions {
  /** Cache Storage name. Default `almanac-index`. `false`: no caching (always fetched). */
  cache?: string | false;
  /** The fetch to use (a test's, a service worker's). Default `globalThis.fetch`. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /**
   * A sharded index: fetch all its files into Cache Storage in the background once it is open
   * (`ShardedAlmanac.prefetch`), so the site answers offline whatever is asked. Default false:
   * only what queries fetched is kept.
   */
  prefetch?: boolean;
  /**
   * With `prefetch`: its progress, `{ phase: 'prefetch', done, total }` in files of the index,
   * the last one when `done === total` (then every file is kept on the device). The signal
   * (`signal`) stops it too.
   */
  onProgress?: (p: Progress) => void;
}

/** How a prebuilt index was opened. */
export interface PrebuiltReport {
  /** The manifest's content hash: names the build. */
  contentHash: string;
  /** Whether every byte came from Cache Storage (nothing fetched but the manifest check). */
  fromCache: boolean;
  /** Bytes fetched from the network (segments; the manifest included). */
  bytesFetched: number;
  /** Whether the manifest could not be fetched and the cached one was used (offline). */
  offline: boolean;
}

export class PrebuiltStore extends MemoryStore {
  private pending: LoadedCorpus | undefined;
  constructor(loaded: LoadedCorpus, readonly report: PrebuiltReport, readonly manifest: CorpusManifest) {
    super();
    this.pending = loaded;
  }

  /** The index's segments the first time (the engine opens with them); later, what was added in memory. */
  override async load(onProgress?: (done: number, total: number) => void): Promise<LoadedCorpus> {
    const loaded = this.pending;
    this.pending = undefined;
    if (!loaded) return super.load();
    onProgress?.(loaded.segments.length, loaded.segments.length);
    return loaded;
  }
}

const DEFAULT_CACHE = 'almanac-index';

/**
 * Opens the index at `url` whichever layout `almanac build` wrote: the whole index (a
 * {@link PrebuiltStore}, cached) or a sharded one (`--shards`: a {@link ShardedAlmanac} that
 * fetches per query and keeps what it fetched in Cache Storage under the build's hash; its
 * manifest is kept too, so offline the site answers what was asked before, or everything with
 * `prefetch`). With `prefetch`, `prefetched` settles when every file is kept (or rejects:
 * `ABORTED`, offline, a full quota), reporting through `onProgress` on the way.
 *
 * @example
 * ```ts
 * const site = await openSiteIndex('/almanac/index.json', { prefetch: true, onProgress: (p) => bar.value = p.done / p.total });
 * const almanac = 'sharded' in site ? site.sharded : await createAlmanac({ storage: { store: site.store } });
 * ```
 */
export async function openSiteIndex(url: string, options: PrebuiltOptions = {}): Promise<{ store: PrebuiltStore } | { sharded: ShardedAlmanac; prefetched?: Promise<PrefetchReport> }> {
  let sharded: ShardedAlmanac | undefined;
  let prefetched: Promise<PrefetchReport> | undefined;
  const store = await openPrebuiltStore(url, {
    ...options,
    onManifest: async (json, manifestUrl, text, offline) => {
      if ((json as { format?: unknown } | null)?.format !== 'almanac-shards') return false;
      sharded = await openShardedIndex(manifestUrl, { manifest: json, ...(options.fetch ? { fetch: options.fetch } : {}), ...(options.cache !== undefined ? { cache: options.cache } : {}) });
      const cache = options.cache !== false && typeof caches !== 'undefined' ? await caches.open(options.cache ?? DEFAULT_CACHE).catch(() => undefined) : undefined;
      if (cache && !offline) {
        try {
          await cache.put(manifestUrl, new Response(text, { headers: { 'content-type': 'application/json' } }));
          // Another build's shards of this index go (their keys name their build).
          const prefix = new URL('.', manifestUrl).href;
          const mine = `?almanac-shards=${sharded.manifest.contentHash}`;
          for (const req of await cache.keys()) if (req.url.startsWith(prefix) && req.url.includes('?almanac-shards=') && !req.url.endsWith(mine)) await cache.delete(req);
        } catch {
          // A full quota costs only offline use.
        }
      }
      if (options.prefetch) {
        const onProgress = options.onProgress;
        prefetched = sharded.prefetch({
          ...(options.signal ? { signal: options.signal } : {}),
          ...(onProgress ? { onProgress: (done: number, total: number) => onProgress({ phase: 'prefetch', done, total }) } : {}),
        });
        // A caller that does not wait for it must not see an unhandled rejection (offline, full quota).
        prefetched.catch(() => undefined);
      }
      return true;
    },
  });
  return sharded ? { sharded, ...(prefetched ? { prefetched } : {}) } : { store: store! };
}

/**
 * Opens the prebuilt index whose manifest is at `url` (absolute, or relative to the caller's
 * location). Throws `INDEX_NOT_FOUND` (no manifest there, and none cached), `INDEX_CORRUPT`,
 * `INDEX_TOO_NEW`; nothing is cached from an index that fails a check.
 */
export async function openPrebuiltStore(url: string, options: PrebuiltOptions & { onManifest?: (json: unknown, url: string, text: string, offline: boolean) => Promise<boolean> } = {}): Promise<PrebuiltStore> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const base = typeof location !== 'undefined' ? location.href : undefined;
  const manifestUrl = new URL(url, base).href;
  const cache = options.cache !== false && typeof caches !== 'undefined' ? await caches.open(options.cache ?? DEFAULT_CACHE).catch(() => undefined) : undefined;
  let bytesFetched = 0;
  let offline = false;
  let manifestText: string | undefined;
  try {
    const res = await doFetch(manifestUrl, { cache: 'no-cache', ...(options.signal ? { signal: options.signal } : {}) });
    if (res.status === 404 || res.status === 410) throw createError('INDEX_NOT_FOUND', manifestUrl);
    if (!res.ok) throw createError('STORAGE_FAILED', `fetching ${manifestUrl} answered HTTP ${res.status}`);
    manifestText = await res.text();
    bytesFetched += manifestText.length;
  } catch (err) {
    if (options.signal?.aborted) throw createError('ABORTED', 'Opening the index');
    // Offline (or the server is down): the cached build, if there is one.
    const cached = await cache?.match(manifestUrl);
    if (!cached) {
      if (err instanceof AlmanacError) throw err;
      throw createError('INDEX_NOT_FOUND', `${manifestUrl} (it could not be fetched: ${(err as Error).message}; nothing is cached yet)`);
    }
    manifestText = await cached.text();
    offline = true;
  }
  let json: unknown;
  try {
    json = JSON.parse(manifestText);
  } catch {
    throw createError('INDEX_CORRUPT', `${manifestUrl} is not JSON`);
  }
  // Another layout, taken by the caller (`openSiteIndex`): nothing more to do here.
  if (await options.onManifest?.(json, manifestUrl, manifestText, offline)) return undefined as unknown as PrebuiltStore;
  const manifest = checkManifest(json);
  const keyOf = (file: string, hash: string) => `${new URL(file, manifestUrl).href}?almanac-segment=${hash}`;
  const bytes: Uint8Array[] = [];
  let fromCache = true;
  for (const entry of manifest.segments) {
    if (typeof entry.file !== 'string') throw createError('INDEX_CORRUPT', 'a manifest entry names no segment file');
    const key = keyOf(entry.file, entry.hash);
    const hit = await cache?.match(key);
    let b = hit ? new Uint8Array(await hit.arrayBuffer()) : undefined;
    // A cached copy that fails its hash (a disk error) is fetched again.
    if (b && (b.length !== entry.length || contentHash(b) !== entry.hash)) b = undefined;
    if (!b) {
      fromCache = false;
      if (offline) throw createError('INDEX_NOT_FOUND', `${key} (offline, and this segment is not cached)`);
      const res = await doFetch(new URL(entry.file, manifestUrl).href, options.signal ? { signal: options.signal } : {}).catch((err: unknown) => {
        if (options.signal?.aborted) throw createError('ABORTED', 'Opening the index');
        throw createError('STORAGE_FAILED', `fetching ${entry.file} failed (${(err as Error).message})`);
      });
      if (!res.ok) throw createError('INDEX_CORRUPT', `segment ${entry.file} answered HTTP ${res.status}`);
      b = new Uint8Array(await res.arrayBuffer());
      bytesFetched += b.length;
    }
    bytes.push(b);
  }
  // Checked (length, hash, decoding, counts) before anything is cached.
  const segments = readShards(manifest, bytes);
  if (cache && !offline) {
    try {
      const keep = new Set<string>();
      for (const [i, entry] of manifest.segments.entries()) {
        const key = keyOf(entry.file!, entry.hash);
        keep.add(key);
        if (!(await cache.match(key))) await cache.put(key, new Response(bytes[i]!.slice().buffer, { headers: { 'content-type': 'application/octet-stream' } }));
      }
      await cache.put(manifestUrl, new Response(manifestText, { headers: { 'content-type': 'application/json' } }));
      // The previous build's segments of this index go once the new manifest is in.
      const prefix = new URL('.', manifestUrl).href;
      for (const req of await cache.keys()) {
        if (req.url.startsWith(prefix) && req.url.includes('?almanac-segment=') && !keep.has(req.url)) await cache.delete(req);
      }
    } catch {
      // A full quota only costs the next visit a download; this one has its index.
    }
  }
  return new PrebuiltStore(
    { segments, seq: 0, ...(manifest.embedder ? { embedderId: manifest.embedder.id } : {}) },
    { contentHash: manifest.contentHash, fromCache, bytesFetched, offline },
    manifest,
  );
}
