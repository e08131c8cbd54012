/**
 * Binary formats through the built demo (strict CSP, production bundle): the page reads a PDF as
 * bytes, pdf.js reads it inside the engine worker, and the result names its page. A folder chosen
 * whole keeps its files' paths: two files of one name stay two documents.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, search, startApp, type App } from './harness.ts';
import { makePdf } from '../fixtures/documents.ts';

let app: App;
let page: Page;

describe('formats in the built demo', () => {
  beforeAll(async () => {
    app = await startApp(inject('distCurrent'), { open: true });
    page = app.browser.page;
  });
  afterAll(() => app?.close());

  it('adds a PDF through the file input and finds its table row on its page', async () => {
    expect((await page.getAttribute('#file-input', 'accept'))?.split(',')).toEqual(expect.arrayContaining(['.pdf', '.rst']));
    await page.setInputFiles('#file-input', [
      { name: 'exchange-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makePdf(2, { title: 'Exchange report' })) },
    ]);
    await page.waitForSelector('#documents li.document >> text=exchange-report.pdf', { timeout: 60_000 });
    await search(page, 'peso rose against the dollar on 2 March 2013');
    expect(await page.locator('#results li.result').first().textContent()).toContain('Exchange report');
    expect(foreignRequests(app.browser.requests, app.origin)).toEqual([]);
  });

  it('adds a folder through the folder picker, each file known by its path in it', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almanac-folder-'));
    const folder = path.join(dir, 'weather');
    const write = (rel: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(folder, rel)), { recursive: true });
      fs.writeFileSync(path.join(folder, rel), text);
    };
    write('harbour/README.md', '# Harbour station\n\nThe harbour station records sea fog every morning.\n');
    write('summit/README.md', '# Summit station\n\nThe summit station records hail storms in July.\n');
    // No extension, but text: read as the command line reads it (its format told from its content).
    write('summit/readings', 'Year,Hail days\n2019,14\n2020,9\n');
    // What a folder walk leaves out: a dot folder.
    write('.git/config', '[core]\n');
    try {
      // What the progress line says while the folder is read, before the engine's own progress.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        new MutationObserver(() => seen.push(document.querySelector('#ingest-progress .progress-label')?.textContent ?? ''))
          .observe(document.querySelector('#ingest-progress')!, { subtree: true, childList: true, characterData: true });
      });
      await page.setInputFiles('#folder-input', folder);
      await page.waitForSelector('#documents li.document >> text=weather/summit/readings', { timeout: 60_000 });
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      expect(seen.some((t) => /^Reading files · read · \d of 3$/.test(t))).toBe(true);
      expect(seen.some((t) => /^Adding 3 files/.test(t))).toBe(true);
      const names = await page.locator('#documents li.document .doc-name').allTextContents();
      expect(names).toEqual(expect.arrayContaining(['weather/harbour/README.md', 'weather/summit/README.md', 'weather/summit/readings']));
      expect(names.some((n) => n.includes('.git'))).toBe(false);
      await search(page, 'hail days 2020');
      expect(await page.getAttribute('#results li.result >> nth=0', 'data-doc')).toBe('weather/summit/readings');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('shows a tall table\u2019s answer with the rows around the cited one, not all of them', async () => {
    const months = Array.from({ length: 600 }, (_, i) => `${1950 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${(20 + i * 0.25).toFixed(2)}`);
    await page.setInputFiles('#file-input', [{ name: 'harbour-index.csv', mimeType: 'text/csv', buffer: Buffer.from(`Date,Harbour index\n${months.join('\n')}\n`) }]);
    await page.waitForSelector('#documents li.document >> text=harbour-index.csv', { timeout: 60_000 });
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'What was the harbour index in March 1990?');
    await page.waitForSelector('body[data-answered]', { timeout: 60_000 });
    const card = page.locator('.answer-card');
    expect(await card.locator('.answer-text').textContent()).toMatch(/^140\.50\b/);
    const view = card.locator('.citation-view .table-view');
    await view.locator('.cell-hit').first().waitFor({ timeout: 30_000 });
    expect(await view.locator('.table-caption').textContent()).toMatch(/\(rows 478–517 of 600\)$/);
    expect(await view.locator('tbody tr').count()).toBe(40);
    expect(await view.locator('.cell-hit').first().textContent()).toBe('140.50');
    // An average over the twelve months of 1990: the calculation, three cited cells and the rest folded.
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'What was the average harbour index in 1990?');
    await page.waitForSelector('body[data-answered]', { timeout: 60_000 });
    expect(await card.locator('.answer-text').textContent()).toMatch(/^141\.3[78]\b/);
    expect(await card.locator('.answer-calculation').textContent()).toMatch(/\/ 12 = 141\.3[78]/);
    expect(await card.locator('ol.citations[aria-label="Citations"] > li').count()).toBe(3);
    expect(await card.locator('.more-citations > summary').textContent()).toBe('9 more cited cells');
  });

  it('opens a cited line of a long schedule on that line, not on the lines above it', async () => {
    const lines = ['alpha 1', 'alpha 2', 'alpha 3', 'alpha 4', 'beta 1', 'beta 2', 'beta 3', 'beta 4', 'candidate 1', 'candidate 2'].map((n, i) => `- 4.2.0 ${n}: Monday, 2030-${String(i + 1).padStart(2, '0')}-07`);
    const pep = `PEP: 999\nTitle: Osprey 4.2 Release Schedule\n\nRelease schedule\n================\n\n${lines.join('\n\n')}\n\n- 4.2.0 final: Monday, 2030-11-04\n\n- 4.2.1 final: Tuesday, 2031-01-14\n`;
    await page.setInputFiles('#file-input', [{ name: 'pep-0999.rst', mimeType: 'text/x-rst', buffer: Buffer.from(pep) }]);
    await page.waitForSelector('#documents li.document >> text=pep-0999.rst', { timeout: 60_000 });
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'When was Osprey 4.2 released?');
    await page.waitForSelector('body[data-answered]', { timeout: 60_000 });
    const card = page.locator('.answer-card');
    expect(await card.locator('.answer-text').textContent()).toMatch(/2030-11-04/);
    await card.locator('.citation-passage mark.cited-sentence').waitFor({ timeout: 30_000 });
    // The quote scrolls within its box, and the cited line is inside the part shown.
    expect(await page.evaluate(() => {
      const quote = document.querySelector<HTMLElement>('.answer-card .citation-passage')!;
      const mark = quote.querySelector('mark.cited-sentence')!.getBoundingClientRect();
      const box = quote.getBoundingClientRect();
      return quote.scrollHeight > quote.clientHeight && mark.top >= box.top - 0.5 && mark.bottom <= box.bottom + 0.5;
    })).toBe(true);
  });

  it('reads a changelog: what a version changed, each item cited, and when it came out, citing its heading', async () => {
    const log = '# Osprey changelog\n\n## [1.2.0] - 2019-02-15\n\n### Added\n\n- Danish translation.\n- A new visual identity.\n\n### Removed\n\n- The old parser.\n\n## [1.1.0] - 2017-11-20\n\n### Added\n\n- Support for Osprey files.\n';
    await page.setInputFiles('#file-input', [{ name: 'CHANGELOG.md', mimeType: 'text/markdown', buffer: Buffer.from(log) }]);
    await page.waitForSelector('#documents li.document >> text=CHANGELOG.md', { timeout: 60_000 });
    const card = page.locator('.answer-card');
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'What changed in Osprey 1.2.0?');
    await page.waitForSelector('body[data-answered]', { timeout: 60_000 });
    expect(await card.locator('.answer-kind').textContent()).toBe('from the sections of the notes');
    expect(await card.locator('.answer-text').textContent()).toMatch(/^Danish translation; A new visual identity; The old parser/);
    expect(await card.locator('ol.citations[aria-label="Citations"] > li').count()).toBe(3);
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'When was Osprey 1.2.0 released?');
    await page.waitForSelector('body[data-answered]', { timeout: 60_000 });
    expect(await card.locator('.answer-text').textContent()).toMatch(/^2019-02-15/);
    expect(await card.locator('.answer-kind').textContent()).toBe('from a section heading');
    expect(await card.locator('ol.citations[aria-label="Citations"] > li').first().textContent()).toContain('[1.2.0] - 2019-02-15');
    // Typed as keywords: the same answer, and the card says what the query was read as.
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'osprey 1.2.0 release date');
    await page.waitForSelector('body[data-answered]', { timeout: 60_000 });
    expect(await card.locator('.answer-text').textContent()).toMatch(/^2019-02-15/);
    expect(await card.locator('.answer-read-as').textContent()).toBe('read as “When was Osprey 1.2.0 released?”');
  });
});

