import { defineConfig } from 'vitest/config';
import { playwright } from '@vitest/browser-playwright';

/** How Chromium is launched headless here; the e2e test (test/e2e/app.test.ts) launches it the same way. */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync',
    '--enable-unsafe-webgpu',
  ],
};

/**
 * Three projects, run together by `npm test`:
 * - unit: the pure core and Node adapters, in Node;
 * - browser: workers, comlink, transformers.js (WASM) and IndexedDB in real Chromium;
 * - e2e: builds the app, serves it and drives it with Playwright.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/browser/**', 'test/e2e/**'],
          testTimeout: 60_000,
        },
      },
      {
        // Pre-bundled up front: found only when the engine worker loads, they would make Vite
        // re-optimise and reload the page in the middle of a test.
        optimizeDeps: {
          include: [
            '@orama/orama', '@orama/orama/components', 'idb', 'chrono-node/en', 'htmlparser2', 'papaparse', 'comlink', 'entities',
            'pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs', 'mammoth', 'fflate', 'numfmt', 'docx', 'pdf-lib',
            ...['arabic', 'armenian', 'greek', 'indian', 'russian', 'tamil'].map((l) => `@orama/stemmers/${l}`),
          ],
        },
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 120_000,
          // The synthetic models the browser tests load from /models/synthetic/ (served from public/).
          globalSetup: ['test/models/global-setup.ts'],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({ launchOptions: chromiumLaunch }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          // One build for every e2e file (and a second one, deployed as an update).
          globalSetup: ['test/e2e/global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
