/**
 * Accessibility: axe-core (injected into the built page, which its CSP allows because the
 * test evaluates it through the browser's own protocol, not as a page script) finds no
 * serious or critical violation on the empty page, after a search and with a table result,
 * in light and dark mode; the page works from the keyboard alone; results and progress are
 * live regions a screen reader announces.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { audit, type Violation } from './axe.ts';
import { foreignRequests, search, startApp, waitReady, type App, type Browser, type Served } from './harness.ts';

let app: App;
let server: Served;
let browser: Browser;
let page: Page;

describe('accessibility', () => {
  beforeAll(async () => {
    app = await startApp(inject('distCurrent'), { open: true });
    server = app.server!;
    browser = app.browser;
    page = browser.page;
  });

  afterAll(() => app?.close());

  for (const scheme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violation (${scheme}): empty page, after a search, with a table`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.fill('#query', '');
      await page.click('#search-form button[type="submit"]');
      const found: Record<string, Violation[]> = {};
      found.empty = await audit(page);
      await search(page, 'Who was UK prime minister as of 6 May 2021?');
      found.search = await audit(page);
      await search(page, 'Mexican peso 2013 buy');
      await page.locator('#results .table-hit table').first().waitFor();
      found.table = await audit(page);
      expect(found).toEqual({ empty: [], search: [], table: [] });
    });
  }

  it('would see a violation if there were one (the audit is not silent)', async () => {
    await page.evaluate(() => document.body.appendChild(Object.assign(document.createElement('img'), { id: 'planted', src: 'data:,' })));
    const violations = await audit(page);
    await page.evaluate(() => document.getElementById('planted')?.remove());
    expect(violations.map((v) => v.id)).toContain('image-alt');
  });

  it('works from the keyboard: skip link, search, examples, results, a table that scrolls', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    // A phone, where the transit table is wider than its card.
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(server.origin);
    await waitReady(page);
    // The first Tab reaches the skip link; it moves focus into the search box.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('query');
    await page.keyboard.type('metro weekday boardings 2023');
    await page.evaluate(() => { delete document.body.dataset.searched; });
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-searched]');
    // An example is a button reached by Tab and pressed with Enter.
    await page.focus('button.example');
    await page.evaluate(() => { delete document.body.dataset.searched; });
    await page.keyboard.press('Enter');
    await page.waitForSelector('body[data-searched]');
    expect(await page.inputValue('#query')).toBe(await page.textContent('button.example'));
    // A wide table is a focusable region that arrow keys scroll.
    await search(page, 'metro weekday boardings 2023');
    const region = page.locator('#results .table-scroll').first();
    await region.waitFor();
    const tabStops: string[] = [];
    await page.focus('#query');
    for (let i = 0; i < 40 && !tabStops.includes('table-scroll'); i++) {
      await page.keyboard.press('Tab');
      tabStops.push(await page.evaluate(() => document.activeElement?.className ?? ''));
    }
    expect(tabStops).toContain('table-scroll');
    // The first table region reached may be the answer card's (above the results): it scrolls the same way.
    const focused = page.locator(':focus');
    const before = await focused.evaluate((n) => n.scrollLeft);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // Keyboard scrolling may be animated: wait for it rather than read it at once.
    await page.waitForFunction((b) => (document.activeElement as HTMLElement | null)?.scrollLeft! > b, before, { timeout: 5_000 });
    expect(await focused.evaluate((n) => n.scrollLeft)).toBeGreaterThan(before);
    // Every focusable element shows where focus is.
    const unmarked = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [tabindex="0"], summary')]
      .filter((n) => n.offsetParent !== null)
      .filter((n) => {
        n.focus();
        const style = getComputedStyle(n);
        return document.activeElement === n && style.outlineStyle === 'none' && style.boxShadow === 'none';
      })
      .map((n) => n.id || n.className || n.tagName));
    expect(unmarked).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });
  });

  it('announces results and progress to screen readers', async () => {
    const live = await page.evaluate(() => ({
      announcer: document.querySelector('#results-announcer')?.getAttribute('aria-live'),
      status: document.querySelector('#status')?.getAttribute('role'),
      progress: [...document.querySelectorAll('.progress')].map((n) => n.getAttribute('role') === 'status' && n.getAttribute('aria-live') === 'polite'),
      bars: [...document.querySelectorAll('progress')].map((n) => n.getAttribute('aria-label') ?? ''),
      uploads: document.querySelector('#ingest-messages')?.getAttribute('aria-live'),
    }));
    expect(live.announcer).toBe('polite');
    expect(live.status).toBe('status');
    expect(live.progress.length).toBeGreaterThanOrEqual(3);
    expect(live.progress.every(Boolean)).toBe(true);
    expect(live.bars.every((label) => label.length > 0)).toBe(true);
    expect(live.uploads).toBe('polite');
    // The announcement says how many results, for which question, in words.
    await search(page, 'Mexican peso 2013 buy');
    expect(await page.textContent('#results-announcer')).toMatch(/^\d+ results? for “Mexican peso 2013 buy”/);
  });

  it('made no request to any other origin', () => {
    expect(foreignRequests(browser.requests, server.origin)).toEqual([]);
  });
});
