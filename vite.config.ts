import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Vite config of the demo app (`npm start`, `npm run build`, `npm run preview`).
 * Tests do not read this file: vitest reads `vitest.config.ts`.
 *
 * Everything is served from one origin, 127.0.0.1, because Almanac's promise is that
 * nothing leaves the device: models come from `public/models/`, ONNX Runtime's wasm from
 * the bundle, documents stay in IndexedDB.
 */

/**
 * Cross-origin isolation: with these two headers `crossOriginIsolated` is true, so
 * SharedArrayBuffer exists and ONNX Runtime runs its WASM backend on several threads
 * (measured: 2 threads on this machine instead of 1).
 */
const isolationHeaders: Record<string, string> = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

/**
 * Content-Security-Policy of the built app. `wasm-unsafe-eval` lets ONNX Runtime compile
 * its WebAssembly; nothing needs `unsafe-eval`. `connect-src 'self'` is the guarantee that
 * a page built from this config cannot send a document or a query anywhere else.
 * `blob:` workers: ONNX Runtime may start its thread pool from blob URLs.
 * Dev mode is left without it because Vite's HMR injects inline styles.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "connect-src 'self' blob: data:",
  "img-src 'self' data: blob:",
  "style-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** Puts the CSP into the built `index.html` too, so it holds on any static host. */
function cspMetaTag(): Plugin {
  return {
    name: 'almanac-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content: contentSecurityPolicy },
          injectTo: 'head-prepend',
        },
      ],
    },
  };
}

/**
 * Keeps the random-weight test models (`public/models/synthetic/`, ~130 MB) out of a
 * production build, and out of the built `models/manifest.json` so the model panel does not
 * offer what is not there; the end-to-end test sets ALMANAC_SYNTHETIC_MODELS=1 to keep them.
 */
function dropSyntheticModels(): Plugin {
  let outDir = 'dist/app';
  return {
    name: 'almanac-drop-synthetic-models',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (process.env.ALMANAC_SYNTHETIC_MODELS === '1') return;
      fs.rmSync(path.join(outDir, 'models', 'synthetic'), { recursive: true, force: true });
      const manifestPath = path.join(outDir, 'models', 'manifest.json');
      if (!fs.existsSync(manifestPath)) return;
      const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as { models?: Array<{ id: string }> };
      if (Array.isArray(manifest.models)) {
        manifest.models = manifest.models.filter((m) => !m.id.startsWith('synthetic/'));
        fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
      }
    },
  };
}

/**
 * Names the build in `index.html` (`<meta name="almanac-build">`): the package version, an
 * optional label (`ALMANAC_BUILD_LABEL`, e.g. a release or commit) and a hash of every output
 * file name, which carry content hashes, so two builds of the same sources get the same name.
 * The page compares it with the last one it saw to say "Almanac was updated".
 */
function buildIdentity(): Plugin {
  const version = (JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const label = process.env.ALMANAC_BUILD_LABEL ?? '';
  return {
    name: 'almanac-build-identity',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (_html, ctx) => {
        const files = Object.keys(ctx.bundle ?? {}).filter((f) => !f.endsWith('.html')).sort();
        const hash = createHash('sha256').update(`${label}\n${files.join('\n')}`).digest('hex').slice(0, 10);
        return [{ tag: 'meta', attrs: { name: 'almanac-build', content: `${version}${label ? `+${label}` : ''} ${hash}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The service worker and the web app manifest (vite-plugin-pwa with Workbox, the ecosystem's
 * standard: a precache generated from the build, runtime caching rules per route). The
 * worker's code is `demo/sw.ts` (`injectManifest`, so its rules are read in one file); the
 * page registers it from its own bundle (`demo/offline.ts`), so no inline script is needed
 * under the CSP.
 */
function progressiveWebApp(): Plugin[] {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'demo',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    // The icons are precached by `globPatterns` already.
    includeManifestIcons: false,
    manifest: {
      name: 'Almanac — offline search that understands time and tables',
      short_name: 'Almanac',
      description: 'Search your documents on this device. Nothing you add leaves it.',
      id: '/',
      start_url: '.',
      scope: '.',
      display: 'standalone',
      background_color: '#f7f7f5',
      theme_color: '#2456a6',
      icons: [
        { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: 'icons/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      ],
    },
    injectManifest: {
      // The app shell, every chunk (engine worker, transformers.js, the sample corpus), ONNX
      // Runtime's wasm and the model list; model files are cached when first used (sw.ts).
      globPatterns: ['**/*.{html,js,mjs,css,wasm,png,svg}', 'models/manifest.json'],
      globIgnores: ['models/synthetic/**'],
      // ONNX Runtime's wasm is ~26 MB; Workbox's default limit (2 MiB) would leave it out.
      maximumFileSizeToCacheInBytes: 40 * 1024 * 1024,
    },
  });
}

export default defineConfig({
  plugins: [cspMetaTag(), buildIdentity(), dropSyntheticModels(), progressiveWebApp()],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    headers: isolationHeaders,
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    strictPort: true,
    headers: { ...isolationHeaders, 'Content-Security-Policy': contentSecurityPolicy },
  },
  worker: {
    // Module workers: the engine worker imports the engine as ES modules, like the page.
    format: 'es',
  },
  optimizeDeps: {
    // Pre-bundling would move these packages' `new URL('./x.wasm', import.meta.url)` assets
    // away from their files; served as-is they find their wasm and workers.
    exclude: ['@huggingface/transformers', 'onnxruntime-web'],
    // The engine worker's dependencies, bundled up front: discovered only when the worker
    // starts, they would make the dev server re-optimise and reload the page mid-ingest.
    include: ['@orama/orama', '@orama/orama/components', 'idb', 'chrono-node/en', 'htmlparser2', 'papaparse', 'comlink', 'entities', 'pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'mammoth', 'fflate', 'numfmt'],
  },
  build: {
    // `dist/` itself is the npm package's build (`npm run build:package`); the app goes beside it.
    outDir: 'dist/app',
    target: 'es2022',
    // ONNX Runtime's wasm is large by nature; the warning would only be noise.
    chunkSizeWarningLimit: 4096,
  },
});
