/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's `injectManifest` strategy into `/sw.js`).
 * Workbox, the ecosystem's standard, does the caching, so there is no hand-written cache list:
 *
 * - the precache is the build itself (`self.__WB_MANIFEST`: the app shell, every JS chunk
 *   including the engine worker and transformers.js, the sample corpus, ONNX Runtime's
 *   wasm, the icons, `models/manifest.json`), versioned as a whole: a new build installs
 *   beside the old one and takes over only once no tab runs the old one (or the user says
 *   "reload now"), so a page never mixes files of two builds;
 * - model files under `/models/` are cached on first use, cache-first (they never change
 *   under one path); the user deletes them from the storage panel.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MODEL_CACHE, SKIP_WAITING } from './offline-protocol.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const base = import.meta.env.BASE_URL;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// On a first install, take charge of the page already open, so that a model downloaded on the
// first visit is cached too. An update never gets here before the old build's tabs are gone
// (or "Reload now" reloads them), so this cannot mix two builds.
clientsClaim();

// Any navigation inside the app gets the precached page, online or not.
registerRoute(new NavigationRoute(createHandlerBoundToURL(`${base}index.html`)));

const isModelFile = ({ url }: { url: URL }): boolean => url.origin === self.location.origin && url.pathname.startsWith(`${base}models/`);

/** What a model file that was never downloaded answers offline. */
function notCached(): Response {
  // "Not here" (404), which the model loader reads as a missing file (fine for optional ones),
  // instead of a network error it cannot tell apart from a broken server.
  return new Response('Not available offline: this file was never downloaded.', {
    status: 404,
    statusText: 'Not cached',
    headers: { 'Content-Type': 'text/plain', 'X-Almanac-Offline': '1' },
  });
}

registerRoute(
  isModelFile,
  new CacheFirst({
    cacheName: MODEL_CACHE,
    // The server sends `Vary: Origin`; a model file is the same for every request of this origin.
    matchOptions: { ignoreVary: true },
    plugins: [
      // A 404 (an optional file a model does not have) is not worth keeping.
      new CacheableResponsePlugin({ statuses: [200] }),
      { handlerDidError: async () => notCached() },
    ],
  }),
);

// The model loader asks whether a file exists with HEAD (src/models/loader.ts) before
// transformers.js fetches it; a cached file answers from its stored headers, offline too.
registerRoute(isModelFile, async ({ request }) => {
  const cached = await caches.match(request.url, { cacheName: MODEL_CACHE, ignoreVary: true });
  if (cached) return new Response(null, { status: cached.status, statusText: cached.statusText, headers: cached.headers });
  try {
    return await fetch(request);
  } catch {
    return notCached();
  }
}, 'HEAD');

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
