import path from 'node:path';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';
import { chromiumLaunch } from '../vitest.config.ts';
import type { DocumentInput } from '../src/types.ts';
import { PROJECT_ROOT, round1 } from './args.ts';

/** What the engine worker imports from node_modules (the optional readers' libraries load on demand and are not needed here). */
const DEPS = [
  '@orama/orama', '@orama/orama/components', 'idb', 'chrono-node', 'comlink', 'htmlparser2', 'domhandler', 'entities', 'papaparse', 'fflate', 'numfmt',
  '@orama/stemmers/arabic', '@orama/stemmers/armenian', '@orama/stemmers/greek', '@orama/stemmers/indian', '@orama/stemmers/russian', '@orama/stemmers/tamil',
];

/**
 * The speed suite's ingest, query and open figures in real Chromium (headless, the browser the
 * tests use), through the engine worker and the browser's IndexedDB: `bench/browser/speed-page.ts`
 * served by Vite's dev server. Query times include the page-worker round trip.
 */
export async function measureInChromium(docs: DocumentInput[], questions: string[], log: (line: string) => void): Promise<Record<string, number>> {
  const server = await createServer({
    root: PROJECT_ROOT,
    configFile: false,
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, strictPort: false },
    // Pre-bundled from this page alone (the repository's other entries are not this bench's);
    // found only when the worker starts, they would make Vite re-optimise and reload mid-run.
    optimizeDeps: { entries: ['bench/browser/speed.html'], include: [...DEPS], noDiscovery: true },
  });
  await server.listen();
  const address = server.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ ...chromiumLaunch, headless: true });
  try {
    const page = await browser.newPage();
    page.on('pageerror', (e) => log(`  page error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && log(`  console: ${m.text()}`));
    page.on('requestfailed', (r) => log(`  request failed: ${r.url()}`));
    page.context().on('response', (r) => r.status() >= 400 && log(`  ${r.status()}: ${r.url()}`));
    await page.goto(`http://127.0.0.1:${port}/${path.posix.join('bench', 'browser', 'speed.html')}`);
    await page.waitForSelector('body[data-ready="1"]', { state: 'attached', timeout: 120_000 });
    log(`chromium ${browser.version()}: ingesting ${docs.length} documents through the engine worker...`);
    const figures = await page.evaluate(
      ([d, q, name]) => (globalThis as unknown as { runSpeed: (d: unknown, q: unknown, n: string) => Promise<Record<string, number>> }).runSpeed(d, q, name),
      [docs, questions, `bench-speed-${Date.now()}`] as const,
    );
    for (const k of Object.keys(figures)) if (k.includes('_ms')) figures[k] = round1(figures[k]!);
    return { ...figures, chromium: browser.version() as unknown as number };
  } finally {
    await browser.close();
    await server.close();
  }
}
