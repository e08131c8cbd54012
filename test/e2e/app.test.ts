/**
 * The demo app end to end: build it, serve the build, and use it in Chromium as a person
 * would: first visit indexes the sample corpus, a file goes in through the file input, a
 * search finds it, a reload restores the corpus without re-indexing, and no request ever
 * leaves the app's own origin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumLaunch } from '../../vitest.config.ts';
import { freePort } from './free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** A synthetic embedder (`npm run models:synthetic`); the model test is skipped without it. */
const tinyEmbedder = 'synthetic/bert-tiny-embedder';
const hasTinyEmbedder = fs.existsSync(path.join(root, 'public/models', tinyEmbedder, 'onnx/model.onnx'));
const sampleCount = fs.readdirSync(path.join(root, 'demo/sample-corpus')).filter((f) => /\.(txt|md|html|csv)$/.test(f) && f !== 'SOURCES.md').length;

let tmp: string;
let server: PreviewServer;
let context: BrowserContext;
let page: Page;
let origin: string;
const requests: string[] = [];
const problems: string[] = [];

async function waitReady(p: Page): Promise<void> {
  await p.waitForSelector('body[data-state="ready"], body[data-state="failed"]', { timeout: 120_000 });
  const state = await p.getAttribute('body', 'data-state');
  if (state !== 'ready') throw new Error(`the app failed to start: ${await p.textContent('#status')}`);
}

async function search(p: Page, query: string): Promise<void> {
  await p.fill('#query', query);
  // Each search re-renders the list; wait for this query's meta line, not the previous one.
  await p.evaluate(() => { delete document.body.dataset.searched; });
  await p.click('#search-form button[type="submit"]');
  await p.waitForSelector('body[data-searched]', { timeout: 30_000 });
}

describe('demo app (built, served, in Chromium)', () => {
  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-e2e-'));
    const outDir = path.join(tmp, 'dist');
    process.env.ALMANAC_SYNTHETIC_MODELS = '1';
    await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const port = await freePort();
    server = await preview({
      root,
      configFile: path.join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir },
      preview: { host: '127.0.0.1', port, strictPort: true, open: false },
    });
    origin = `http://127.0.0.1:${port}`;
    context = await chromium.launchPersistentContext(path.join(tmp, 'profile'), {
      executablePath: chromiumLaunch.executablePath,
      args: chromiumLaunch.args,
      headless: true,
    });
    context.on('request', (request) => requests.push(request.url()));
    page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('indexes the sample corpus on the first visit', async () => {
    await page.goto(origin);
    await waitReady(page);
    expect(await page.textContent('#status')).toContain(`Indexed ${sampleCount} sample documents`);
    expect(await page.locator('#documents li.document').count()).toBe(sampleCount);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    // Zero-download mode: no model is loaded and the page says so.
    expect(await page.textContent('#model-state')).toContain('Zero-download mode');
    // The coverage chart has bars.
    expect(await page.locator('#coverage svg rect.bar').count()).toBeGreaterThan(0);
  });

  it('ingests a file through the file input and refuses a bad one by name', async () => {
    await page.setInputFiles('#file-input', [
      {
        name: 'quokka-observatory.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# The Quokka Observatory\n\nThe Quokka Observatory on Rottnest Island opened on 3 March 2019. Its zenith telescope photographs meteors every clear night.\n'),
      },
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    ]);
    await page.waitForSelector('#documents li.document >> text=quokka-observatory.md', { timeout: 30_000 });
    const messages = await page.textContent('#ingest-messages');
    expect(messages).toContain('photo.png was not added');
    expect(messages).toContain('Added 1 document');
    expect(await page.locator('#documents li.document').count()).toBe(sampleCount + 1);
  });

  it('finds the new document, with highlights and the path that ran', async () => {
    await search(page, 'zenith telescope meteors');
    const first = page.locator('#results li.result').first();
    expect(await first.locator('.result-title').textContent()).toBe('The Quokka Observatory');
    const marks = await first.locator('.passage-text mark').allTextContents();
    expect(marks.map((m) => m.toLowerCase())).toEqual(expect.arrayContaining(['telescope']));
    expect(await page.textContent('#search-meta')).toMatch(/BM25 \(zero-download\)[\s\S]*steps: .*bm25/);
  });

  it('explains a time-sensitive question', async () => {
    await search(page, 'Who was UK prime minister as of 6 May 2021?');
    expect(await page.isVisible('#time-panel')).toBe(true);
    const panel = await page.textContent('#time-panel');
    expect(panel).toContain('2021');
    expect(await page.locator('#results .temporal').count()).toBeGreaterThan(0);
    // The date-matching distractors (the Scottish election and the Channel Tunnel, both on a
    // 6 May) must not push the answer out of the top three.
    const docs = await page.locator('#results li.result').evaluateAll((items) => items.map((li) => li.getAttribute('data-doc')));
    expect(docs.slice(0, 3)).toContain('sample/boris-johnson.txt');
    expect(docs.slice(0, 3)).not.toContain('sample/scottish-election-2021.txt');
    expect(await page.locator('#time-panel svg path.curve').count()).toBe(1);
  });

  it('shows a table hit as a grid with the cells and their headers marked', async () => {
    await search(page, 'Mexican peso 2013 buy');
    const hit = page.locator('#results li.result .table-hit table').first();
    await hit.waitFor({ timeout: 30_000 });
    expect(await hit.locator('.cell-hit').count()).toBeGreaterThan(0);
    expect(await hit.locator('[colspan], [rowspan]').count()).toBeGreaterThan(0);
  });

  it.skipIf(!hasTinyEmbedder)('loads an embedder from /models/ and switches to hybrid search', async () => {
    await page.fill('#model-id', tinyEmbedder);
    await page.check('input[name="device"][value="wasm"]');
    await page.click('#model-form button[type="submit"]');
    await page.waitForFunction(() => /Loaded|failed|not found/i.test(document.querySelector('#model-messages')?.textContent ?? ''), undefined, { timeout: 120_000 });
    expect(await page.textContent('#model-messages')).toContain(`Loaded ${tinyEmbedder}`);
    expect(await page.textContent('#model-state')).toContain('wasm');
    await search(page, 'zenith telescope meteors');
    expect(await page.textContent('#search-meta')).toContain('hybrid');
    expect(await page.locator('#results li.result').count()).toBeGreaterThan(0);
  });

  it('restores the corpus after a reload without re-indexing', async () => {
    await page.reload();
    await waitReady(page);
    const status = await page.textContent('#status');
    expect(status).toContain(`Restored ${sampleCount + 1} documents`);
    expect(await page.getAttribute('#status', 'data-restored')).toBe(String(sampleCount + 1));
    expect(await page.locator('#documents li.document').count()).toBe(sampleCount + 1);
    await search(page, 'zenith telescope meteors');
    expect(await page.locator('#results .result-title').first().textContent()).toBe('The Quokka Observatory');
  });

  it('made no request to any other origin, and broke no rule of its CSP', () => {
    expect(requests.length).toBeGreaterThan(0);
    const foreign = requests.filter((url) => !url.startsWith(`${origin}/`) && !/^(data|blob):/.test(url));
    expect(foreign).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  });
});
