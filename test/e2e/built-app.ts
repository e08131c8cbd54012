/**
 * The demo app built, served from a free port, and a Chromium with a profile of its own on
 * disk (a real profile: its storage has a quota, unlike an in-memory one), for e2e tests.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { chromiumLaunch } from '../../vitest.config.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A port the OS says is free now. */
function freePort(): Promise<number> {
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

/** A served build and a browser on it; `close` ends both and deletes what they wrote. */
export interface BuiltApp {
  origin: string;
  context: BrowserContext;
  /** A new tab on the app, waited until its engine is ready. */
  open(): Promise<Page>;
  /**
   * Another browser profile (its own storage), with a blank first tab not yet on the app, so a
   * test can set the profile up (a quota) before the app first opens its storage.
   */
  profile(): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/** Waits until the page's engine started (or says it failed). */
export async function waitReady(page: Page): Promise<void> {
  await page.waitForSelector('body[data-state="ready"], body[data-state="failed"]', { timeout: 120_000 });
  const state = await page.getAttribute('body', 'data-state');
  if (state !== 'ready') throw new Error(`the app failed to start: ${await page.textContent('#status')}`);
}

/** Builds the app (with the synthetic models' manifest), serves it and launches Chromium. */
export async function startBuiltApp(): Promise<BuiltApp> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-e2e-'));
  const outDir = path.join(tmp, 'dist');
  process.env.ALMANAC_SYNTHETIC_MODELS = '1';
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const port = await freePort();
  const server: PreviewServer = await preview({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  const origin = `http://127.0.0.1:${port}`;
  const profiles: BrowserContext[] = [];
  const launch = async (): Promise<BrowserContext> => {
    const context = await chromium.launchPersistentContext(path.join(tmp, `profile-${profiles.length}`), {
      executablePath: chromiumLaunch.executablePath,
      args: chromiumLaunch.args,
      headless: true,
    });
    profiles.push(context);
    return context;
  };
  const context = await launch();
  let first = true;
  return {
    origin,
    context,
    async open() {
      const page = first && context.pages()[0] ? context.pages()[0]! : await context.newPage();
      first = false;
      page.on('dialog', (dialog) => void dialog.accept());
      await page.goto(origin);
      await waitReady(page);
      return page;
    },
    async profile() {
      const other = await launch();
      const page = other.pages()[0] ?? (await other.newPage());
      page.on('dialog', (dialog) => void dialog.accept());
      return { context: other, page };
    },
    async close() {
      for (const p of profiles) await p.close();
      await server.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
