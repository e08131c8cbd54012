/**
 * `<almanac-search>` as a site embeds it: the static page of `examples/site/your-files.html` (only the one tag), served with the
 * strict policy of issue 13 (`default-src 'self'; script-src 'self'; style-src 'self';
 * worker-src 'self'`, as a meta tag and as a header so the worker is under it too), driven in
 * Chromium as a person would: add files (picker and drop), search, move with the keyboard,
 * open a result, reload and find the corpus restored, on a phone-sized screen too; no request
 * to any other origin, no policy violation.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { build, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../fixtures/documents.ts';
import { measureEmbed, type EmbedSize } from '../../scripts/embed-size.ts';
import { audit } from './axe.ts';
import { foreignRequests, freePort, launch, root, tempDir, type Browser } from './harness.ts';
const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'; worker-src 'self'";
/** The example site's page over the visitor's own files: the one tag and the policy in a meta tag. */
const PAGE = fs.readFileSync(path.join(root, 'examples/site/your-files.html'), 'utf8');

let tmp: ReturnType<typeof tempDir>;
let server: PreviewServer;
let browser: Browser;
let page: Page;
let origin: string;
let site: string;

/** Events the element dispatched, as the page's listeners on `document` saw them. */
async function events(p: Page, type: string): Promise<Array<Record<string, unknown>>> {
  return p.evaluate((t) => (window as unknown as { __events: Array<{ type: string; detail: Record<string, unknown> }> }).__events.filter((e) => e.type === t).map((e) => e.detail), type);
}

async function waitEvent(p: Page, type: string, count = 1): Promise<void> {
  await p.waitForFunction(([t, n]) => (window as unknown as { __events: Array<{ type: string }> }).__events.filter((e) => e.type === t).length >= (n as number), [type, count] as const, { timeout: 60_000 });
}

/** Issue 13's budget for what a zero-download embed downloads (element + engine + worker), gzip. */
const EMBED_BUDGET = 110_000;
/** The embed's chunks a page fetches at start, as `npm run size` finds them in the build. */
let startChunks: EmbedSize['startChunks'];

/** The scripts of the embed the page requested since request `from`, by file name. */
function requestedScripts(from: number): string[] {
  return [...new Set(browser.requests.slice(from).filter((url) => url.endsWith('.js')).map((url) => new URL(url).pathname)
    .filter((p) => p.startsWith('/almanac/')).map((p) => p.slice('/almanac/'.length)))];
}

/** Prints each script's gzip size (level 9) and their sum; returns the sum. */
function reportSize(when: string, scripts: string[]): number {
  const sizes = scripts.map((s) => [s, zlib.gzipSync(fs.readFileSync(path.join(site, 'almanac', s)), { level: 9 }).length] as const);
  const gzip = sizes.reduce((sum, [, n]) => sum + n, 0);
  console.error(`element e2e: the embed downloads ${(gzip / 1000).toFixed(1)} kB gzip ${when} (budget ${EMBED_BUDGET / 1000} kB): ${sizes.map(([s, n]) => `${s} ${(n / 1000).toFixed(1)}`).join(', ')}`);
  return gzip;
}

/** The text of the element's status line. */
const status = (p: Page): Promise<string> => p.locator('almanac-search [part="status"]').innerText();

/** Types a query and waits for its results and for the answer card to be settled. */
async function search(p: Page, query: string): Promise<void> {
  const before = (await events(p, 'almanac-results')).length;
  await p.locator('almanac-search [part="input"]').fill(query);
  await waitEvent(p, 'almanac-results', before + 1);
  await p.waitForFunction(() => !document.querySelector('almanac-search')!.shadowRoot!.querySelector('[part="answer"]')!.hasAttribute('aria-busy'), undefined, { timeout: 30_000 });
}

beforeAll(async () => {
  tmp = tempDir('almanac-element-');
  site = path.join(tmp.dir, 'site');
  await build({ root, configFile: path.join(root, 'vite.element.config.ts'), logLevel: 'error', build: { outDir: path.join(site, 'almanac'), emptyOutDir: true } });
  startChunks = measureEmbed(path.join(site, 'almanac')).startChunks;
  expect(PAGE).toContain(`content="${POLICY}"`);
  fs.writeFileSync(path.join(site, 'index.html'), PAGE);
  const port = await freePort();
  server = await preview({
    root: site,
    configFile: false,
    logLevel: 'error',
    build: { outDir: site },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false, headers: { 'Content-Security-Policy': POLICY } },
  });
  origin = `http://127.0.0.1:${port}`;
  browser = await launch(tmp.dir);
  await browser.context.addInitScript(() => {
    const w = window as unknown as { __events: Array<{ type: string; detail: unknown }>; __violations: string[] };
    w.__events = [];
    w.__violations = [];
    for (const type of ['almanac-ready', 'almanac-ingest', 'almanac-results', 'almanac-select', 'almanac-error', 'almanac-answer']) {
      document.addEventListener(type, (e) => {
        const detail = (e as CustomEvent).detail as Record<string, unknown>;
        // What the test reads of each event, cloneable.
        w.__events.push({
          type,
          detail: type === 'almanac-select'
            ? { docId: (detail.result as { passage: { docId: string } }).passage.docId, index: detail.index, composed: e.composed }
            : type === 'almanac-results' ? { count: (detail.results as unknown[]).length }
              : type === 'almanac-answer' ? { kind: (detail.answer as { kind: string }).kind, text: (detail.answer as { text: string }).text }
                : JSON.parse(JSON.stringify(detail)),
        });
      });
    }
    document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  page = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  tmp?.dispose();
});

describe('<almanac-search> on a static page under a strict CSP', () => {
  it('starts from the one tag: an adopted stylesheet, no <style>, ready with an empty corpus', async () => {
    await page.goto(origin);
    await waitEvent(page, 'almanac-ready');
    expect((await events(page, 'almanac-ready'))[0]).toMatchObject({ documents: 0, persistent: true });
    expect(await status(page)).toContain('Drop files here');
    const shadow = await page.evaluate(() => {
      const root = document.querySelector('almanac-search')!.shadowRoot!;
      return { sheets: root.adoptedStyleSheets.length, styleElements: root.querySelectorAll('style').length };
    });
    expect(shadow).toEqual({ sheets: 1, styleElements: 0 });
    // The stylesheet applies: the field is at least a finger tall.
    expect((await page.locator('almanac-search [part="input"]').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  });

  it('downloads the element and its worker but no parser before a file is added, within issue 13\'s budget of 110 kB gzip', () => {
    const scripts = requestedScripts(0);
    expect(scripts).toEqual(expect.arrayContaining(['almanac-search.js']));
    expect(scripts.some((s) => /^engine\.worker-[\w-]+\.js$/.test(s))).toBe(true);
    // The parsers of HTML, CSV, RST and PDF, the document preparation, Orama's vector index and
    // the stemmers of other scripts come when they are needed, not before.
    expect(scripts.filter((s) => /parse-|pdf|prepare-|vector-index-|^(ru|gr|ar|am|in|ta)-/.test(s))).toEqual([]);
    // What `npm run size` counts as "at start" is what the page fetched.
    expect([...scripts].sort()).toEqual(startChunks.map((c) => c.file).sort());
    const gzip = reportSize('before a file is added', scripts);
    expect(gzip).toBeLessThanOrEqual(EMBED_BUDGET);
  });

  it('adds files through the picker (a PDF too, read by pdf.js in the worker under the policy) and says which one it refused', async () => {
    await page.setInputFiles('almanac-search input[type="file"]', [
      { name: 'exchange-report.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await makePdf(2, { title: 'Exchange report' })) },
      { name: 'quokka-observatory.md', mimeType: 'text/markdown', buffer: Buffer.from('# The Quokka Observatory\n\nThe Quokka Observatory on Rottnest Island opened on 3 March 2019. Its zenith telescope photographs meteors every clear night.\n') },
      { name: 'rates.csv', mimeType: 'text/csv', buffer: Buffer.from('Currency,2012,2013\nMexican peso,12.9,11.2\nEuro,0.78,0.75\n') },
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) },
    ]);
    await waitEvent(page, 'almanac-ingest');
    const text = await status(page);
    expect(text).toContain('Added 3 documents');
    expect(text).toContain('photo.png was not added');
  });

  it('adds a file dropped on the element', async () => {
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.items.add(new File(['The lighthouse at Cape Wrath was first lit in 1828 and automated in 1998.'], 'lighthouse.txt', { type: 'text/plain' }));
      const target = document.querySelector('almanac-search')!;
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await waitEvent(page, 'almanac-ingest', 2);
    expect(await status(page)).toContain('Added 1 document');
  });

  it('searches as the user types and shows results with highlights, cells and the time constraint', async () => {
    await search(page, 'zenith telescope meteors');
    const first = page.locator('almanac-search [part="option"]').first();
    expect(await first.locator('[part="title"]').innerText()).toBe('The Quokka Observatory');
    const marks = (await first.locator('mark').allInnerTexts()).map((m) => m.toLowerCase());
    expect(marks).toEqual(expect.arrayContaining(['telescope']));

    const answers = (await events(page, 'almanac-answer')).length;
    await search(page, 'What was the Mexican peso in 2013?');
    expect(await page.locator('almanac-search [part="cells"]').first().innerText()).toContain('11.2');
    // The answer card (the demo's), with the cell it read and its citation opened on the table.
    await waitEvent(page, 'almanac-answer', answers + 1);
    expect((await events(page, 'almanac-answer')).at(-1)).toMatchObject({ kind: 'cell', text: expect.stringContaining('11.2') });
    const card = page.locator('almanac-search [part="answer"] .answer-card');
    expect(await card.locator('.answer-text').innerText()).toContain('11.2');
    await card.locator('table.grid .cell-match').first().waitFor({ timeout: 30_000 });
    expect(await card.locator('table.grid .cell-match').first().innerText()).toBe('11.2');

    await search(page, 'When was the lighthouse automated after 1990?');
    expect(await page.locator('almanac-search [part="constraint"]').innerText()).toContain('1990');
    expect(await page.locator('almanac-search [part="option"]').first().getAttribute('data-doc')).toBe('lighthouse.txt');
  });

  it('works from the keyboard: / and Ctrl-K focus, arrows move, Enter opens, Escape closes', async () => {
    const input = page.locator('almanac-search [part="input"]');
    const focused = (): Promise<boolean> => page.evaluate(() => {
      const host = document.querySelector('almanac-search')!;
      return document.activeElement === host && host.shadowRoot!.activeElement?.getAttribute('part') === 'input';
    });
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    expect(await focused()).toBe(false);
    await page.keyboard.press('/');
    expect(await focused()).toBe(true);
    expect(await input.inputValue()).not.toContain('/');

    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Control+k');
    expect(await focused()).toBe(true);

    await page.keyboard.type('telescope');
    await page.waitForFunction(() => document.querySelector('almanac-search')!.shadowRoot!.querySelector('[role="option"]')?.textContent?.includes('Quokka'));
    await page.keyboard.press('ArrowDown');
    const options = page.locator('almanac-search [role="option"]');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.first().getAttribute('id'));
    expect(await input.getAttribute('aria-expanded')).toBe('true');

    await page.keyboard.press('Enter');
    await waitEvent(page, 'almanac-select');
    expect((await events(page, 'almanac-select')).at(-1)).toEqual({ docId: 'quokka-observatory.md', index: 0, composed: true });
    expect(await page.locator('almanac-search [part="preview"]').isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    expect(await page.locator('almanac-search [part="preview"]').isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    expect(await input.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('almanac-search [part="listbox"]').isVisible()).toBe(false);
  });

  it('follows the WAI-ARIA combobox + listbox pattern: roles and references, one selected option, ArrowUp from the field to the last, wrapping, a new query clears the selection', async () => {
    const input = page.locator('almanac-search [part="input"]');
    /** The combobox's state as a screen reader reads it. */
    const aria = () => page.evaluate(() => {
      const root = document.querySelector('almanac-search')!.shadowRoot!;
      const field = root.querySelector('[part="input"]')!;
      const list = root.querySelector('[part="listbox"]')!;
      const options = [...list.querySelectorAll('[role="option"]')];
      const active = field.getAttribute('aria-activedescendant');
      return {
        role: field.getAttribute('role'),
        autocomplete: field.getAttribute('aria-autocomplete'),
        controlsList: field.getAttribute('aria-controls') === list.id && list.getAttribute('role') === 'listbox',
        shortcuts: field.getAttribute('aria-keyshortcuts'),
        expanded: field.getAttribute('aria-expanded'),
        options: options.length,
        // Every child of the list is an option of it (the listbox owns nothing else).
        onlyOptions: [...list.children].every((c) => c.getAttribute('role') === 'option'),
        selected: options.flatMap((o, i) => (o.getAttribute('aria-selected') === 'true' ? [i] : [])),
        // aria-activedescendant names an option of this shadow root (ids resolve within it), or nothing.
        active: active === null ? null : options.findIndex((o) => o.id === active && root.getElementById(active) === o),
      };
    });
    await search(page, 'telescope lighthouse peso');
    const open = await aria();
    expect(open).toMatchObject({ role: 'combobox', autocomplete: 'list', controlsList: true, shortcuts: '/ Control+K Meta+K', expanded: 'true', onlyOptions: true, selected: [], active: null });
    const n = open.options;
    expect(n).toBeGreaterThanOrEqual(3);

    await input.focus();
    // Up from the field goes to the last option; down from the last wraps to the first.
    await page.keyboard.press('ArrowUp');
    expect(await aria()).toMatchObject({ selected: [n - 1], active: n - 1 });
    await page.keyboard.press('ArrowDown');
    expect(await aria()).toMatchObject({ selected: [0], active: 0 });
    await page.keyboard.press('ArrowDown');
    expect(await aria()).toMatchObject({ selected: [1], active: 1 });
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await aria()).toMatchObject({ selected: [n - 1], active: n - 1 });
    // Focus stays in the field all along (the options are reached by aria-activedescendant).
    expect(await page.evaluate(() => document.querySelector('almanac-search')!.shadowRoot!.activeElement?.getAttribute('part'))).toBe('input');

    // Enter opens the selected one, as Enter on any option does.
    const selects = (await events(page, 'almanac-select')).length;
    await page.keyboard.press('Enter');
    await waitEvent(page, 'almanac-select', selects + 1);
    expect((await events(page, 'almanac-select')).at(-1)).toMatchObject({ index: n - 1 });
    await page.keyboard.press('Escape');

    // A new query's list has nothing selected and no stale aria-activedescendant.
    await page.keyboard.press('ArrowDown');
    expect((await aria()).active).not.toBeNull();
    await search(page, 'zenith telescope meteors');
    expect(await aria()).toMatchObject({ expanded: 'true', selected: [], active: null, onlyOptions: true });

    // Escape closes the list: collapsed, nothing active; ArrowDown opens it again on the first option.
    await page.keyboard.press('Escape');
    expect(await aria()).toMatchObject({ expanded: 'false', active: null });
    await page.keyboard.press('ArrowDown');
    expect(await aria()).toMatchObject({ expanded: 'true', selected: [0], active: 0 });
    await page.keyboard.press('Escape');
  });

  it('says "no match" without breaking the listbox, and axe finds nothing serious there', async () => {
    await search(page, 'qwxzv jjkkqq');
    const state = await page.evaluate(() => {
      const root = document.querySelector('almanac-search')!.shadowRoot!;
      const list = root.querySelector('[part="listbox"]')!;
      const field = root.querySelector('[part="input"]')!;
      return { options: list.children.length, text: root.textContent ?? '', expanded: field.getAttribute('aria-expanded'), listShown: !(list as HTMLElement).hidden };
    });
    // Nothing in the listbox (it may hold options only), so it is neither shown nor announced as expanded.
    expect(state).toMatchObject({ options: 0, expanded: 'false', listShown: false });
    expect(state.text).toContain('No passage matches');
    await page.locator('almanac-search [part="input"]').press('ArrowDown');
    expect(await page.locator('almanac-search [part="input"]').getAttribute('aria-activedescendant')).toBeNull();
    expect(await audit(page)).toEqual([]);
    // Escape puts the message away too.
    await page.locator('almanac-search [part="input"]').press('Escape');
    expect(await page.locator('almanac-search [part="no-results"]').isVisible()).toBe(false);
  });

  it('takes Cmd-K (macOS) as well as Ctrl-K, and leaves / alone when it is typed in a field of the host page', async () => {
    const inElement = (): Promise<boolean> => page.evaluate(() => document.activeElement === document.querySelector('almanac-search'));
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Meta+k');
    expect(await inElement()).toBe(true);

    // A field of the page's own: "/" is a character there.
    await page.evaluate(() => {
      const field = document.createElement('input');
      field.id = 'host-field';
      field.setAttribute('aria-label', 'A field of the host page');
      document.body.prepend(field);
    });
    await page.locator('#host-field').focus();
    await page.keyboard.type('a/b');
    expect(await page.locator('#host-field').inputValue()).toBe('a/b');
    expect(await inElement()).toBe(false);
    // Ctrl-K is a shortcut even there (as on the sites that use it).
    await page.keyboard.press('Control+k');
    expect(await inElement()).toBe(true);
    // And "/" in the element's own field is a character too.
    await page.locator('almanac-search [part="input"]').fill('');
    await page.keyboard.type('1/2');
    expect(await page.locator('almanac-search [part="input"]').inputValue()).toBe('1/2');
    await page.evaluate(() => document.getElementById('host-field')!.remove());
  });

  it('mirrors attributes and properties', async () => {
    const mirrored = await page.evaluate(() => {
      const host = document.querySelector('almanac-search')!;
      host.placeholder = 'Search the handbook';
      host.setAttribute('limit', '2');
      return { attribute: host.getAttribute('placeholder'), property: host.limit, field: host.shadowRoot!.querySelector('input')!.placeholder };
    });
    expect(mirrored).toEqual({ attribute: 'Search the handbook', property: 2, field: 'Search the handbook' });
  });

  it('restores the corpus after a reload, without re-indexing, and searches and answers it with what it fetched at start', async () => {
    const from = browser.requests.length;
    await page.reload();
    await waitEvent(page, 'almanac-ready');
    expect((await events(page, 'almanac-ready'))[0]).toMatchObject({ documents: 4 });
    expect(await status(page)).toContain('Restored 4 documents');
    await search(page, 'zenith telescope');
    expect(await page.locator('almanac-search [part="title"]').first().innerText()).toBe('The Quokka Observatory');
    await search(page, 'What was the Mexican peso in 2013?');
    expect((await events(page, 'almanac-answer')).at(-1)).toMatchObject({ kind: 'cell', text: expect.stringContaining('11.2') });
    // Opening a stored corpus, the first queries and their answers need no chunk beyond those of the start.
    const scripts = requestedScripts(from);
    expect([...scripts].sort()).toEqual(startChunks.map((c) => c.file).sort());
    expect(reportSize('to restore a corpus and answer two questions', scripts)).toBeLessThanOrEqual(EMBED_BUDGET);
  });

  it('has no serious or critical axe violation with results open, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await search(page, 'Mexican peso 2013');
      await page.locator('almanac-search [part="input"]').press('ArrowDown');
      expect(await audit(page), colorScheme).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  });

  it('fits a 390 px phone screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await search(page, 'Mexican peso 2013');
    const layout = await page.evaluate(() => ({
      pageWidth: document.documentElement.scrollWidth,
      element: document.querySelector('almanac-search')!.getBoundingClientRect().width,
    }));
    expect(layout.pageWidth).toBeLessThanOrEqual(390);
    expect(layout.element).toBeLessThanOrEqual(390);
    const button = await page.locator('almanac-search [part="add-button"]').boundingBox();
    expect(button!.x + button!.width).toBeLessThanOrEqual(390);
  });

  it('made no request to any other origin and broke no rule of the policy', async () => {
    expect(browser.requests.length).toBeGreaterThan(0);
    expect(foreignRequests(browser.requests, origin)).toEqual([]);
    // Not even data: or blob: URLs: the policy allows neither.
    expect(browser.requests.filter((url) => /^(data|blob):/.test(url))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(browser.problems.filter((p) => /Content Security Policy|Refused to|pageerror/i.test(p))).toEqual([]);
    expect(await events(page, 'almanac-error')).toEqual([]);
  });
});
