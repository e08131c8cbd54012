import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [cspMetaTag(), dropSyntheticModels()],
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
    include: ['@orama/orama', '@orama/orama/components', 'idb', 'chrono-node', 'htmlparser2', 'papaparse', 'comlink', 'entities', 'pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'mammoth', 'fflate', 'numfmt'],
  },
  build: {
    // `dist/` itself is the npm package's build (`npm run build:package`); the app goes beside it.
    outDir: 'dist/app',
    target: 'es2022',
    // ONNX Runtime's wasm is large by nature; the warning would only be noise.
    chunkSizeWarningLimit: 4096,
  },
});
