/**
 * What every end-to-end test needs: the builds made once by `global-setup.ts`, a static
 * server for one of them on a free port, a Chromium profile that records every request the
 * page, its workers and its service worker make, and the two waits the page offers
 * (`body[data-state]` once the engine is up, `body[data-searched]` after a search).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { chromiumLaunch } from '../../vitest.config.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Documents in the bundled sample corpus (what a first visit indexes). */
export const sampleCount = fs.readdirSync(path.join(root, 'demo/sample-corpus'))
  .filter((f) => /\.(txt|md|html|csv|tsv)$/.test(f) && f !== 'SOURCES.md').length;

/** A port the OS says is free now, so two runs (or a dev server on 5173/4173) never collide. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A built app served the way `npm run preview` serves it (same headers, same CSP). */
export interface Served {
  origin: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the build in `outDir`; `port` reuses an origin (the update and offline tests need one origin). */
export async function serve(outDir: string, port?: number): Promise<Served> {
  const chosen = port ?? (await freePort());
  const server: PreviewServer = await preview({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: chosen, strictPort: true, open: false },
  });
  return {
    origin: `http://127.0.0.1:${chosen}`,
    port: chosen,
    close: () => server.close(),
  };
}

/** A Chromium profile of its own, with everything it requested and every page error it saw. */
export interface Browser {
  context: BrowserContext;
  page: Page;
  /** Every URL requested, by pages, workers and the service worker. */
  requests: string[];
  /** Page errors and console errors, as text. */
  problems: string[];
  /** A fresh tab, recording its errors like the first one. */
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

/** How a test's Chromium starts. */
export interface LaunchOptions {
  width?: number;
  height?: number;
  colorScheme?: 'light' | 'dark';
  /**
   * Let the page install its service worker. Off by default: it precaches ~27 MB (ONNX
   * Runtime's wasm) per profile, which only the offline and storage tests need; the rest test
   * the same files served directly.
   */
  serviceWorker?: boolean;
  /**
   * Put the profile on a disk of this many MB (a tmpfs in a mount namespace of Chromium's
   * own), so that the test can fill it and meet a real QuotaExceededError. Needs
   * {@link smallDiskSupported}.
   */
  smallDiskMb?: number;
}

const UNSHARE = typeof process.getuid === 'function' && process.getuid() === 0 ? ['-m'] : ['-r', '-m'];

/**
 * Whether this machine lets a process mount a tmpfs in a mount namespace of its own (root, or
 * unprivileged user namespaces): what a real full-disk test needs. Chromium's DevTools quota
 * override limits Cache Storage only, not IndexedDB, so it cannot stand in.
 */
export const smallDiskSupported: boolean = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-disk-'));
  try {
    return spawnSync('unshare', [...UNSHARE, 'sh', '-c', 'mount -t tmpfs -o size=1m tmpfs "$0"', dir], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})();

/** A script that starts Chromium with its profile folder on a tmpfs of `mb` MB. */
function smallDiskChromium(dir: string, mb: number): string {
  const script = path.join(dir, `chromium-on-${mb}mb.sh`);
  fs.writeFileSync(script, [
    '#!/bin/sh',
    'for a in "$@"; do case "$a" in --user-data-dir=*) DIR="${a#--user-data-dir=}";; esac; done',
    `exec unshare ${UNSHARE.join(' ')} sh -c 'mount -t tmpfs -o size=${mb}m tmpfs "$0" && bin="$1" && shift && exec "$bin" "$@"' "$DIR" ${JSON.stringify(chromiumLaunch.executablePath)} "$@"`,
    '',
  ].join('\n'), { mode: 0o755 });
  return script;
}

/** Launches Chromium on a new profile under `dir`. */
export async function launch(dir: string, options: LaunchOptions = {}): Promise<Browser> {
  const context = await chromium.launchPersistentContext(fs.mkdtempSync(path.join(dir, 'profile-')), {
    executablePath: options.smallDiskMb ? smallDiskChromium(dir, options.smallDiskMb) : chromiumLaunch.executablePath,
    args: chromiumLaunch.args,
    headless: true,
    viewport: { width: options.width ?? 1366, height: options.height ?? 900 },
    colorScheme: options.colorScheme ?? 'light',
    serviceWorkers: options.serviceWorker ? 'allow' : 'block',
  });
  const requests: string[] = [];
  const problems: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const watch = (page: Page): Page => {
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    return page;
  };
  const page = watch(context.pages()[0] ?? (await context.newPage()));
  return {
    context,
    page,
    requests,
    problems,
    newPage: async () => watch(await context.newPage()),
    close: () => context.close(),
  };
}

/** A temporary folder removed by `dispose`. */
export function tempDir(prefix: string): { dir: string; dispose(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Waits until the engine is up (or failed, which throws with the status line). */
export async function waitReady(p: Page): Promise<void> {
  await p.waitForSelector('body[data-state="ready"], body[data-state="failed"]', { timeout: 120_000 });
  const state = await p.getAttribute('body', 'data-state');
  if (state !== 'ready') throw new Error(`the app failed to start: ${await p.textContent('#status')}`);
}

/** Types `query`, submits it and waits for this search's results. */
export async function search(p: Page, query: string): Promise<void> {
  await p.fill('#query', query);
  // Each search re-renders the list; wait for this query's meta line, not the previous one.
  await p.evaluate(() => { delete document.body.dataset.searched; });
  await p.click('#search-form button[type="submit"]');
  await p.waitForSelector('body[data-searched]', { timeout: 30_000 });
}

/** Requests that left the page's own origin (data: and blob: URLs stay in the page). */
export function foreignRequests(requests: string[], origin: string): string[] {
  return requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
}

/** Folder of the screenshots the tests save for a reviewer (git-ignored). */
export const screenshotDir = path.join(root, 'test-results', 'screenshots');

/** A served build and a browser on a fresh profile: what most test files start with. */
export interface App {
  /** The server now; `undefined` while stopped. */
  server: Served | undefined;
  /** The app's origin, the same across stops and restarts. */
  readonly origin: string;
  browser: Browser;
  /** Stops the server (the network is "gone" for the page). */
  stopServer(): Promise<void>;
  /** Serves `outDir` at the same origin (a redeploy, or the network back). */
  serveAgain(outDir: string): Promise<void>;
  /** Closes the browser and the server, and removes the profile. */
  close(): Promise<void>;
}

/** Serves `outDir` and launches a browser for it; `open` also loads the page and waits for the engine. */
export async function startApp(outDir: string, options: LaunchOptions & { open?: boolean } = {}): Promise<App> {
  const tmp = tempDir('almanac-e2e-');
  const first = await serve(outDir);
  const browser = await launch(tmp.dir, options);
  if (options.open) {
    await browser.page.goto(first.origin);
    await waitReady(browser.page);
  }
  const app: App = {
    server: first,
    origin: first.origin,
    browser,
    async stopServer() {
      await app.server?.close();
      app.server = undefined;
    },
    async serveAgain(dir) {
      await app.stopServer();
      app.server = await serve(dir, first.port);
    },
    async close() {
      await browser.close();
      await app.server?.close();
      tmp.dispose();
    },
  };
  return app;
}
