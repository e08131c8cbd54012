/**
 * The demo app end to end: build it, serve the build, and use it in Chromium as a person
 * would: first visit indexes the sample corpus, a file goes in through the file input, a
 * search finds it, a reload restores the corpus without re-indexing, and no request ever
 * leaves the app's own origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, root, sampleCount, search, startApp, waitReady, type App, type Browser } from './harness.ts';

/** A synthetic embedder (`npm run models:synthetic`); the model test is skipped without it. */
const tinyEmbedder = 'synthetic/bert-tiny-embedder';
const hasTinyEmbedder = fs.existsSync(path.join(root, 'public/models', tinyEmbedder, 'onnx/model.onnx'));
/** The synthetic transformers.js decoder: random weights, so it proves streaming and Stop, not answers. */
const tinyGenerator = 'synthetic/decoder-tiny';
const hasTinyGenerator = fs.existsSync(path.join(root, 'public/models', tinyGenerator, 'onnx/model.onnx'));

let app: App;
let browser: Browser;
let page: Page;
let origin: string;

/** Searches and waits for the answer card's final state (`body[data-answered]`). */
async function ask(p: Page, query: string): Promise<string> {
  await p.evaluate(() => { delete document.body.dataset.answered; });
  await search(p, query);
  await p.waitForSelector('body[data-answered]', { timeout: 60_000 });
  return (await p.getAttribute('body', 'data-answered')) ?? '';
}

describe('demo app (built, served, in Chromium)', () => {
  beforeAll(async () => {
    app = await startApp(inject('distCurrent'));
    origin = app.origin;
    browser = app.browser;
    page = browser.page;
  });

  afterAll(() => app?.close());

  it('indexes the sample corpus on the first visit', async () => {
    await page.goto(origin);
    await waitReady(page);
    expect(await page.textContent('#status')).toContain(`Indexed the sample corpus: ${sampleCount} documents`);
    expect(await page.getAttribute('#status', 'data-documents')).toBe(String(sampleCount));
    expect(await page.locator('#documents li.document').count()).toBe(sampleCount);
    expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
    // Zero-download mode: no model is loaded and the page says so.
    expect(await page.textContent('#model-state')).toContain('Zero-download mode');
    // The coverage chart has bars.
    expect(await page.locator('#coverage svg rect.bar').count()).toBeGreaterThan(0);
  });

  it('offers every format the engine reads, and sums up an upload of many files in one summary', async () => {
    const accept = (await page.getAttribute('#file-input', 'accept')) ?? '';
    for (const ext of ['.txt', '.md', '.html', '.csv', '.tsv']) expect(accept.split(',')).toContain(ext);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]);
    await page.setInputFiles('#file-input', [
      {
        name: 'quokka-observatory.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# The Quokka Observatory\n\nThe Quokka Observatory on Rottnest Island opened on 3 March 2019. Its zenith telescope photographs meteors every clear night.\n'),
      },
      { name: 'observatory-visitors.tsv', mimeType: 'text/tab-separated-values', buffer: Buffer.from('Year\tVisitors\n2019\t1200\n2020\t800\n') },
      ...[1, 2, 3].map((i) => ({ name: `photo-${i}.png`, mimeType: 'image/png', buffer: png })),
      { name: 'empty.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) },
    ]);
    await page.waitForSelector('#documents li.document >> text=observatory-visitors.tsv', { timeout: 30_000 });
    const summary = page.locator('#ingest-messages .summary');
    expect(await summary.count()).toBe(1);
    expect(await summary.locator('.headline').textContent()).toBe('Added 2 of 6 files; 4 not added.');
    // The three images are one group with one reason, the empty file another.
    const groups = await summary.locator('.summary-group > summary').allTextContents();
    expect(groups).toEqual(['3 not added: not a format Almanac reads', '1 not added: empty']);
    expect(await summary.locator('.summary-group').first().locator('li').allTextContents()).toEqual(['photo-1.png', 'photo-2.png', 'photo-3.png']);
    expect(await page.locator('#documents li.document').count()).toBe(sampleCount + 2);
    // The status line follows the corpus.
    expect(await page.textContent('#status')).toContain(`${sampleCount + 2} documents`);
    expect(await page.textContent('#status')).toContain('Added 2 documents');
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

  it('lists the sentences of a time-coverage bucket on a click, and from the keyboard', async () => {
    const bars = page.locator('#coverage svg .bar-hit');
    expect(await bars.count()).toBeGreaterThan(1);
    // The fullest bucket: its bar says how many sentences it holds, and the list holds as many.
    const labels = await bars.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label') ?? ''));
    const counts = labels.map((l) => Number(/: (\d+) sentence/.exec(l)?.[1] ?? 0));
    const fullest = counts.indexOf(Math.max(...counts));
    await bars.nth(fullest).click();
    const heading = page.locator('#coverage .coverage-list h3');
    await heading.waitFor();
    expect(await heading.textContent()).toBe(`${labels[fullest]!.split(':')[0]}: ${counts[fullest]} dated sentences`);
    const items = page.locator('#coverage .dated-sentences li');
    // A sentence repeated by several passages (a table's caption) is listed once.
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.count()).toBeLessThanOrEqual(Math.min(30, counts[fullest]!));
    expect(await items.first().getAttribute('data-passage')).toMatch(/.#\d+$/);
    // Enter on another bar lists that one instead.
    const other = counts.findIndex((c, i) => c > 0 && i !== fullest);
    await bars.nth(other).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((want) => document.querySelector('#coverage .coverage-list h3')?.textContent?.startsWith(want), labels[other]!.split(':')[0]!);
    expect(await items.count()).toBeGreaterThan(0);
    expect(await items.count()).toBeLessThanOrEqual(Math.min(30, counts[other]!));
  });

  it('shows a table hit as a grid with the cells and their headers marked', async () => {
    await search(page, 'Mexican peso 2013 buy');
    const hit = page.locator('#results li.result .table-hit table').first();
    await hit.waitFor({ timeout: 30_000 });
    expect(await hit.locator('.cell-hit').count()).toBeGreaterThan(0);
    expect(await hit.locator('[colspan], [rowspan]').count()).toBeGreaterThan(0);
    // Numbers align right, names (the row headers) left.
    const align = await hit.evaluate((table) => [...table.querySelectorAll('td, th')].map((c) => ({
      text: c.textContent ?? '', header: c.tagName === 'TH', align: getComputedStyle(c).textAlign,
    })));
    const numbers = align.filter((c) => !c.header && /^[\d.,]+$/.test(c.text.trim()));
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((c) => c.align === 'right')).toBe(true);
    expect(align.filter((c) => c.header).every((c) => c.align === 'left' || c.align === 'start')).toBe(true);
  });

  it('aligns the text cells of a table left', async () => {
    await search(page, 'UN secretary-general from Ghana');
    const table = page.locator('#results li.result .table-hit table').first();
    await table.waitFor({ timeout: 30_000 });
    const cells = await table.evaluate((t) => [...t.querySelectorAll('td')].map((c) => ({ text: c.textContent ?? '', align: getComputedStyle(c).textAlign })));
    const words = cells.filter((c) => /[a-z]{3}/i.test(c.text));
    expect(words.length).toBeGreaterThan(0);
    expect(words.every((c) => c.align === 'left' || c.align === 'start')).toBe(true);
  });

  it('answers above the results: a table cell, marked with its header paths, and "no answer" when the corpus cannot', async () => {
    expect(await ask(page, 'Mexican peso buy 2013')).toBe('cell');
    const card = page.locator('.answer-card');
    expect(await card.locator('.answer-text').textContent()).toMatch(/^11\.2\b/);
    expect(await card.locator('.citation').first().textContent()).toMatch(/Mexican peso.*2013.*Buy.*11\.2/);
    // The first citation opens the table with the answer's cell and its header paths marked.
    const marked = card.locator('.citation-view table .cell-hit');
    await marked.first().waitFor({ timeout: 30_000 });
    expect(await marked.first().textContent()).toBe('11.2');
    expect(await card.locator('.citation-view table .cell-header-path').count()).toBeGreaterThan(0);
    // The card comes before the ranked passages.
    const order = await page.evaluate(() => {
      const a = document.querySelector('.answer-card');
      const r = document.querySelector('#results');
      return !!a && !!r && !!(a.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(order).toBe(true);

    expect(await ask(page, 'What is the melting point of tungsten in kelvin?')).toBe('none');
    expect(await card.locator('.answer-text').textContent()).toContain('No answer found in your documents; closest passages below');
    expect(await page.locator('#results li.result').count()).toBeGreaterThan(0);
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

  it.skipIf(!hasTinyGenerator)('streams the answer of a loaded generator, and its Stop button stops it', async () => {
    await page.selectOption('#model-kind', 'generator');
    await page.fill('#model-id', tinyGenerator);
    await page.check('input[name="device"][value="wasm"]');
    await page.click('#model-form button[type="submit"]');
    await page.waitForFunction((id) => new RegExp(`Loaded ${id}|failed|not found`, 'i').test(document.querySelector('#model-messages')?.textContent ?? ''), tinyGenerator, { timeout: 120_000 });
    expect(await page.textContent('#model-messages')).toContain(`Loaded ${tinyGenerator}`);
    expect(await page.textContent('#model-state')).toMatch(/Generator: .*synthetic, random weights/);
    // Press Stop at the first streamed token, from inside the page, so the test does not race the model.
    await page.evaluate(() => {
      const observer = new MutationObserver(() => {
        const card = document.querySelector<HTMLElement>('.answer-card');
        if (card?.dataset.streaming === 'true') {
          observer.disconnect();
          (window as unknown as { sawStreaming: boolean }).sawStreaming = true;
          card.querySelector<HTMLButtonElement>('.answer-stop')?.click();
        }
      });
      observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['data-streaming'] });
    });
    expect(await ask(page, 'What was the Mexican peso buy rate in 2013?')).toBe('stopped');
    expect(await page.evaluate(() => (window as unknown as { sawStreaming?: boolean }).sawStreaming)).toBe(true);
    const card = page.locator('.answer-card');
    expect(await card.getAttribute('data-kind')).toBe('stopped');
    expect(await card.textContent()).toContain('Stopped before the answer was finished');
    expect(await card.locator('.answer-synthetic').count()).toBeGreaterThan(0);
    expect(await card.locator('.answer-stop').isHidden()).toBe(true);
    // Unloaded again: the next questions are answered on the deterministic path.
    await page.click('button[aria-label="Unload the generator"]');
    await page.waitForFunction(() => !/Generator:/.test(document.querySelector('#model-state')?.textContent ?? ''), undefined, { timeout: 30_000 });
    await page.selectOption('#model-kind', 'embedder');
  });

  it('restores the corpus after a reload without re-indexing', async () => {
    await page.reload();
    await waitReady(page);
    const status = await page.textContent('#status');
    expect(status).toContain(`Restored ${sampleCount + 2} documents`);
    expect(await page.getAttribute('#status', 'data-restored')).toBe(String(sampleCount + 2));
    expect(await page.locator('#documents li.document').count()).toBe(sampleCount + 2);
    await search(page, 'zenith telescope meteors');
    expect(await page.locator('#results .result-title').first().textContent()).toBe('The Quokka Observatory');
  });

  it('keeps the status line true after a remove, Remove all and a reload', async () => {
    const status = async (): Promise<string> => (await page.textContent('#status')) ?? '';
    await page.click('button[aria-label="Remove observatory-visitors.tsv"]');
    await page.waitForFunction((n) => document.querySelector('#status')?.getAttribute('data-documents') === String(n), sampleCount + 1);
    expect(await status()).toMatch(new RegExp(`^${sampleCount + 1} documents .* on this device\\. Removed 1 document\\.`));
    page.once('dialog', (dialog) => void dialog.accept());
    await page.click('#clear-all');
    await page.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-documents') === '0');
    expect(await status()).toContain('the corpus is empty');
    expect(await page.locator('#documents li.document').count()).toBe(0);
    // A user who removed everything does not get the sample back on the next visit.
    await page.reload();
    await waitReady(page);
    expect(await status()).toBe('The corpus is empty. Add documents, or load the sample corpus.');
    await page.click('#load-sample');
    await page.waitForFunction((n) => document.querySelector('#status')?.getAttribute('data-documents') === String(n), sampleCount);
    expect(await status()).toContain(`Indexed the sample corpus: ${sampleCount} documents`);
  });

  it('made no request to any other origin, and broke no rule of its CSP', () => {
    expect(browser.requests.length).toBeGreaterThan(0);
    expect(foreignRequests(browser.requests, origin)).toEqual([]);
    expect(browser.problems.filter((p) => /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    expect(browser.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  });
});
