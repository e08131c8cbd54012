/**
 * The page on every screen: for each viewport from a small phone to a laptop, and for each of
 * the page's example queries plus a 2,000-character question, nothing makes the page wider
 * than the window (wide tables scroll inside their card, long text wraps). One screenshot per
 * viewport (after the table example) is saved under `test-results/screenshots/` for a reviewer,
 * in light and in dark mode.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { foreignRequests, screenshotDir, search, startApp, type App, type Browser, type Served } from './harness.ts';

const VIEWPORTS = [320, 390, 768, 1366, 1920];
/** A question far longer than any box: words, one unbroken run, and a long file-name-like token. */
const LONG_QUERY = 'metro weekday boardings in 2023 compared with the weekend '.repeat(40).slice(0, 1800) + 'x'.repeat(200);

let app: App;
let server: Served;
let browser: Browser;

/** How far the page is wider than its window (0 when it fits), and what sticks out. */
async function overflow(b: Browser): Promise<{ excess: number; culprits: string[] }> {
  return b.page.evaluate(() => {
    const width = window.innerWidth;
    const excess = document.documentElement.scrollWidth - width;
    const culprits: string[] = [];
    if (excess > 0) {
      for (const node of document.querySelectorAll<HTMLElement>('body *')) {
        const r = node.getBoundingClientRect();
        if (r.right > width + 0.5 && node.offsetParent !== null) culprits.push(`${node.tagName.toLowerCase()}#${node.id}.${node.className} right=${Math.round(r.right)}`);
        if (culprits.length > 8) break;
      }
    }
    return { excess, culprits };
  });
}

describe('layout at every width', () => {
  beforeAll(async () => {
    app = await startApp(inject('distCurrent'), { open: true });
    server = app.server!;
    browser = app.browser;
    fs.mkdirSync(screenshotDir, { recursive: true });
  });

  afterAll(() => app?.close());

  it('never makes the page wider than the window, for any example query or a 2,000-character one', async () => {
    const page = browser.page;
    const examples = await page.locator('button.example').allTextContents();
    expect(examples.length).toBeGreaterThanOrEqual(5);
    expect(LONG_QUERY.length).toBe(2000);
    const failures: string[] = [];
    for (const width of VIEWPORTS) {
      await page.setViewportSize({ width, height: 900 });
      for (const query of [...examples, LONG_QUERY]) {
        await search(page, query);
        // Tables load after the list: wait for them so their width counts.
        await page.waitForFunction(() => ![...document.querySelectorAll('.table-hit')].some((n) => n.textContent === 'Loading the table…'));
        const { excess, culprits } = await overflow(browser);
        if (excess > 0) failures.push(`${width}px "${query.slice(0, 40)}": ${excess}px too wide (${culprits.join(', ')})`);
      }
      // The empty page (no query) fits too.
      await page.fill('#query', '');
      await page.click('#search-form button[type="submit"]');
      await page.waitForFunction(() => document.querySelectorAll('#results li').length === 0);
      const empty = await overflow(browser);
      if (empty.excess > 0) failures.push(`${width}px empty page: ${empty.excess}px too wide (${empty.culprits.join(', ')})`);
    }
    expect(failures).toEqual([]);
  });

  it('saves a screenshot per viewport, light and dark, with a table result', async () => {
    const page = browser.page;
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of VIEWPORTS) {
        await page.setViewportSize({ width, height: 900 });
        await search(page, 'metro weekday boardings 2023');
        await page.locator('#results .table-hit table').first().waitFor();
        await page.evaluate(() => window.scrollTo(0, 0));
        // The first screen as a person sees it, and the whole page.
        const file = path.join(screenshotDir, `layout-${width}-${scheme}.png`);
        await page.screenshot({ path: file });
        if (width === 390 || width === 1366) await page.screenshot({ path: path.join(screenshotDir, `layout-${width}-${scheme}-full.png`), fullPage: true });
        await page.locator('#results li.result').first().screenshot({ path: path.join(screenshotDir, `layout-${width}-${scheme}-table.png`) });
        expect(fs.statSync(file).size).toBeGreaterThan(10_000);
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('scrolls a wide table on a phone to the cell the answer cites, and folds the skipped steps', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 390, height: 900 });
    await page.evaluate(() => { delete document.body.dataset.answered; });
    await search(page, 'metro weekday boardings 2023');
    await page.waitForSelector('body[data-answered="cell"]', { timeout: 60_000 });
    const cell = page.locator('.answer-card .table-scroll .cell-match').first();
    await cell.waitFor();
    // The table is wider than its card, and the cited cell (a 2023 column, on the right) is in view.
    await page.waitForFunction(() => {
      const scroller = document.querySelector<HTMLElement>('.answer-card .table-scroll');
      const target = scroller?.querySelector('.cell-match');
      if (!scroller || !target) return false;
      const box = scroller.getBoundingClientRect();
      const r = target.getBoundingClientRect();
      return scroller.scrollWidth > scroller.clientWidth && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
    }, undefined, { timeout: 10_000 });
    // And the row headers that name it stay pinned at the left edge, in view beside it.
    const heads = await page.locator('.answer-card .table-scroll tbody th.row-head').evaluateAll((nodes) => {
      const box = nodes[0]!.closest('.table-scroll')!.getBoundingClientRect();
      return nodes.map((n) => ({ pinned: n.classList.contains('pinned'), inView: n.getBoundingClientRect().left >= box.left - 0.5 && n.getBoundingClientRect().right <= box.right + 0.5 }));
    });
    expect(heads.length).toBeGreaterThan(0);
    expect(heads.every((h) => h.pinned && h.inView)).toBe(true);
    // How the search ran is one line on a phone, closed; it opens on the steps, and the
    // skipped steps are one more short line whose reasons open on demand.
    const run = page.locator('#search-meta details.run-details');
    expect(await run.getAttribute('open')).toBeNull();
    expect((await run.locator(':scope > summary').boundingBox())!.height).toBeLessThan(40);
    expect(await run.locator(':scope > summary').textContent()).toMatch(/^BM25 \(zero-download\) · \d+ results in \d+ ms$/);
    await run.locator(':scope > summary').click();
    expect(await run.locator('.steps').first().isVisible()).toBe(true);
    const skipped = run.locator('details.skipped');
    expect(await skipped.getAttribute('open')).toBeNull();
    expect((await skipped.locator('summary').boundingBox())!.height).toBeLessThan(40);
    await skipped.locator('summary').click();
    expect(await skipped.locator('li').count()).toBeGreaterThan(0);
    expect(await skipped.locator('li').first().isVisible()).toBe(true);
  });

  it('keeps the search box and its button on screen on a phone', async () => {
    const page = browser.page;
    await page.setViewportSize({ width: 320, height: 640 });
    await page.fill('#query', LONG_QUERY);
    const box = await page.locator('#query').boundingBox();
    const button = await page.locator('#search-form button[type="submit"]').boundingBox();
    expect(box && button).toBeTruthy();
    expect(button!.x + button!.width).toBeLessThanOrEqual(320);
    // Big enough to tap (WCAG 2.5.8 asks 24 px; phones' own guidelines 44 px).
    expect(box!.height).toBeGreaterThanOrEqual(40);
    expect(button!.height).toBeGreaterThanOrEqual(40);
    // 16 px or more: phones zoom into smaller text fields when they get focus.
    const fontSize = await page.$eval('#query', (n) => parseFloat(getComputedStyle(n).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);
  });

  it('made no request to any other origin', () => {
    expect(foreignRequests(browser.requests, server.origin)).toEqual([]);
    expect(browser.problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
  });
});
