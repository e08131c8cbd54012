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
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { MODEL_CACHE, SKIP_WAITING } from './offline-protocol.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const base = import.meta.env.BASE_URL;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any navigation inside the app gets the precached page, online or not.
registerRoute(new NavigationRoute(createHandlerBoundToURL(`${base}index.html`)));

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith(`${base}models/`) && request.method === 'GET',
  new CacheFirst({
    cacheName: MODEL_CACHE,
    plugins: [
      // A 404 (an optional file a model does not have) is not worth keeping.
      new CacheableResponsePlugin({ statuses: [200] }),
      {
        // Offline and not cached: answer as "not here" (404), which transformers.js reads as a
        // missing file (fine for optional ones), instead of a network error it cannot tell apart.
        handlerDidError: async () => new Response('Not available offline: this file was never downloaded.', {
          status: 404,
          statusText: 'Not cached',
          headers: { 'Content-Type': 'text/plain', 'X-Almanac-Offline': '1' },
        }),
      },
    ],
  }),
);

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
