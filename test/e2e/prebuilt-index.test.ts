/**
 * The one-tag site search of issue 13: `examples/site/index.html` (the element with
 * `index="/almanac/index.json"`) served with the strict policy, over an index written by the
 * file-backed store `almanac build` uses. Searches the prebuilt index, comes back from Cache
 * Storage on the next visit and with the network off, takes a new build in place of the old,
 * moves with the keyboard, asks nothing of another origin; and the same bundle served by a host
 * page on another port works from that origin alone.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { openFileStore } from '../../src/storage/file-store.ts';
import { readCorpusFile } from '../../src/index-format/corpus-file.ts';
import { mergeSegments } from '../../src/index-format/merge.ts';
import { writeShardedIndex } from '../../src/index-format/term-shards.ts';
import type { DocumentInput } from '../../src/types.ts';
import { foreignRequests, launch, root, tempDir, type Browser } from './harness.ts';
import { serveStatic, STRICT_POLICY, type StaticSite } from './static-site.ts';

const PAGE = fs.readFileSync(path.join(root, 'examples/site/index.html'), 'utf8');

const DOCS: DocumentInput[] = [
  { id: 'observatory.md', name: 'observatory.md', content: '# The Quokka Observatory\n\nThe Quokka Observatory on Rottnest Island opened on 3 March 2019. Its zenith telescope photographs meteors every clear night.\n' },
  { id: 'rates.csv', name: 'rates.csv', content: 'Currency,2012,2013\nMexican peso,12.9,11.2\nEuro,0.78,0.75\n' },
  { id: 'lighthouse.txt', name: 'lighthouse.txt', content: 'The lighthouse at Cape Wrath was first lit in 1828 and automated in 1998.' },
  { id: 'harbour.md', name: 'harbour.md', content: '# Harbour\n\nThe harbour telescope was moved to the pier in 2004.' },
];

let tmp: ReturnType<typeof tempDir>;
let site: string;
let server: StaticSite;
let browser: Browser;
let page: Page;

async function writeIndex(docs: DocumentInput[]): Promise<void> {
  const out = path.join(site, 'almanac');
  const store = await openFileStore(out);
  await store.clear();
  const almanac = await createAlmanac({ storage: { store } });
  await almanac.ingest(docs);
  await almanac.close();
  await store.optimize();
}

type Ready = { documents: number; index?: { contentHash: string; fromCache: boolean; offline: boolean; bytesFetched: number } };

/** Opens `url` and resolves to the element's `almanac-ready` detail (or its error). */
async function open(p: Page, url: string): Promise<Ready> {
  await p.goto(url);
  await p.waitForFunction(() => (window as unknown as { __events: Array<{ type: string }> }).__events.some((e) => e.type === 'almanac-ready' || e.type === 'almanac-error'), undefined, { timeout: 60_000 });
  const [first] = await p.evaluate(() => (window as unknown as { __events: Array<{ type: string; detail: unknown }> }).__events);
  if (first!.type !== 'almanac-ready') throw new Error(`the element failed: ${JSON.stringify(first!.detail)}`);
  return first!.detail as Ready;
}

/** Types `query` and resolves to the titles of the results shown. */
async function search(p: Page, query: string): Promise<string[]> {
  const count = () => p.evaluate(() => (window as unknown as { __events: Array<{ type: string }> }).__events.filter((e) => e.type === 'almanac-results').length);
  const before = await count();
  await p.locator('almanac-search [part="input"]').fill(query);
  await p.waitForFunction((n) => (window as unknown as { __events: Array<{ type: string }> }).__events.filter((e) => e.type === 'almanac-results').length > n, before, { timeout: 30_000 });
  return p.locator('almanac-search [part="title"]').allInnerTexts();
}

beforeAll(async () => {
  tmp = tempDir('almanac-prebuilt-');
  site = path.join(tmp.dir, 'site');
  await build({ root, configFile: path.join(root, 'vite.element.config.ts'), logLevel: 'error', build: { outDir: path.join(site, 'almanac'), emptyOutDir: true } });
  expect(PAGE).toContain(`content="${STRICT_POLICY}"`);
  expect(PAGE).toContain('<almanac-search index="/almanac/index.json">');
  fs.writeFileSync(path.join(site, 'index.html'), PAGE);
  await writeIndex(DOCS);
  server = await serveStatic(site);
  browser = await launch(tmp.dir);
  await browser.context.addInitScript(() => {
    const w = window as unknown as { __events: Array<{ type: string; detail: unknown }>; __violations: string[] };
    w.__events = [];
    w.__violations = [];
    for (const type of ['almanac-ready', 'almanac-results', 'almanac-select', 'almanac-error', 'almanac-answer', 'almanac-progress']) {
      document.addEventListener(type, (e) => {
        const detail = (e as CustomEvent).detail as Record<string, unknown>;
        w.__events.push({
          type,
          detail: type === 'almanac-select' ? { docId: (detail.result as { passage: { docId: string } }).passage.docId }
            : type === 'almanac-results' ? { count: (detail.results as unknown[]).length }
              : type === 'almanac-answer' ? { text: (detail.answer as { text: string }).text }
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

describe('<almanac-search index=...> over a prebuilt index, under the strict policy', () => {
  it('fetches the index once, in the worker, and searches and answers from it', async () => {
    const ready = await open(page, `${server.origin}/`);
    expect(ready).toMatchObject({ documents: 4, index: { fromCache: false, offline: false } });
    expect(ready.index!.bytesFetched).toBeGreaterThan(0);
    expect(server.hits.filter((h) => h === '/almanac/index.json')).toHaveLength(1);
    expect(server.hits.filter((h) => /^\/almanac\/segment-\d+\.bin$/.test(h))).toHaveLength(1);
    // A site's index takes no files from its visitors.
    expect(await page.locator('almanac-search [part="add-button"]').isVisible()).toBe(false);
    expect(await search(page, 'zenith telescope meteors')).toEqual(expect.arrayContaining(['The Quokka Observatory']));
    expect((await search(page, 'zenith telescope meteors'))[0]).toBe('The Quokka Observatory');
    const answers = () => page.evaluate(() => (window as unknown as { __events: Array<{ type: string; detail: { text: string } }> }).__events.filter((e) => e.type === 'almanac-answer').map((e) => e.detail.text));
    const before = (await answers()).length;
    await search(page, 'What was the Mexican peso in 2013?');
    await page.waitForFunction((n) => (window as unknown as { __events: Array<{ type: string }> }).__events.filter((e) => e.type === 'almanac-answer').length > n, before, { timeout: 30_000 });
    const answer = (await answers()).at(-1);
    expect(answer).toContain('11.2');
  });

  it('moves through results with the keyboard and opens one with Enter', async () => {
    await search(page, 'telescope');
    const input = page.locator('almanac-search [part="input"]');
    await input.press('ArrowDown');
    await input.press('ArrowDown');
    const options = page.locator('almanac-search [role="option"]');
    expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await input.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await input.press('Enter');
    await page.waitForFunction(() => (window as unknown as { __events: Array<{ type: string }> }).__events.some((e) => e.type === 'almanac-select'), undefined, { timeout: 10_000 });
    expect(await page.locator('almanac-search [part="preview"]').isVisible()).toBe(true);
    await input.press('Escape');
    expect(await page.locator('almanac-search [part="preview"]').isVisible()).toBe(false);
  });

  it('opens from Cache Storage on the next visit: only the manifest is checked', async () => {
    const segmentsBefore = server.hits.filter((h) => h.endsWith('.bin')).length;
    const ready = await open(page, `${server.origin}/`);
    expect(ready).toMatchObject({ documents: 4, index: { fromCache: true, offline: false } });
    expect(server.hits.filter((h) => h.endsWith('.bin')).length).toBe(segmentsBefore);
    expect((await search(page, 'Cape Wrath lighthouse'))[0]).toBe('lighthouse');
  });

  it('answers with the network off, from the copy on the device', async () => {
    await browser.context.setOffline(true);
    try {
      const ready = await open(page, `${server.origin}/`);
      expect(ready).toMatchObject({ documents: 4, index: { fromCache: true, offline: true } });
      expect(await page.locator('almanac-search [part="status"]').innerText()).toContain('offline');
      expect((await search(page, 'zenith telescope meteors'))[0]).toBe('The Quokka Observatory');
    } finally {
      await browser.context.setOffline(false);
    }
  });

  it('replaces the cached index when a new build is deployed', async () => {
    const before = (await open(page, `${server.origin}/`)).index!.contentHash;
    await writeIndex([...DOCS, { id: 'comet.md', name: 'comet.md', content: '# Comet\n\nThe Perihelion comet was seen from the observatory in 2021.' }]);
    const ready = await open(page, `${server.origin}/`);
    expect(ready.documents).toBe(5);
    expect(ready.index!.contentHash).not.toBe(before);
    expect(ready.index!.fromCache).toBe(false);
    expect((await search(page, 'Perihelion comet'))[0]).toBe('Comet');
    const cached = await page.evaluate(async () => (await (await caches.open('almanac-index')).keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search));
    // One manifest and the new build's segment: the old one went.
    expect(cached.filter((k) => k.includes('almanac-segment='))).toHaveLength(1);
    expect(cached).toContain('/almanac/index.json');
  });

  it('says so when the index is missing or damaged', async () => {
    const p = await browser.newPage();
    const manifest = path.join(site, 'almanac', 'index.json');
    const good = fs.readFileSync(manifest);
    try {
      fs.writeFileSync(path.join(site, 'broken.html'), PAGE.replace('/almanac/index.json', '/nowhere/index.json'));
      await p.goto(`${server.origin}/broken.html`);
      await p.waitForFunction(() => (window as unknown as { __events: Array<{ type: string }> }).__events.some((e) => e.type === 'almanac-error'), undefined, { timeout: 60_000 });
      const error = await p.evaluate(() => (window as unknown as { __events: Array<{ type: string; detail: { code: string } }> }).__events.find((e) => e.type === 'almanac-error')!.detail.code);
      expect(error).toBe('INDEX_NOT_FOUND');
      expect(await p.locator('almanac-search [part="status"]').innerText()).toContain('No Almanac index');
    } finally {
      fs.writeFileSync(manifest, good);
      await p.close();
    }
  });

  it('searches a sharded build, fetching only the shards and fragments a query needs', async () => {
    const full = await createAlmanac();
    const towns = ['Arden', 'Belmont', 'Carver', 'Dunmore', 'Elston'];
    await full.ingest([...DOCS, ...Array.from({ length: 60 }, (_, i) => ({ id: `p${i}.md`, name: `p${i}.md`, content: `# Person ${i}\n\nPerson ${i} was mayor of ${towns[i % 5]} from ${1900 + i} to ${1904 + i}.` }))]);
    const { manifest, files } = writeShardedIndex(mergeSegments(readCorpusFile(await full.exportCorpus()).segments), { shardBytes: 512, fragmentChars: 300 });
    await full.close();
    const dir = path.join(site, 'sharded');
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f.name)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.name), f.bytes);
    }
    fs.writeFileSync(path.join(dir, 'index.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(site, 'sharded.html'), PAGE.replace('/almanac/index.json', '/sharded/index.json'));
    const hits = server.hits.length;
    const ready = await open(page, `${server.origin}/sharded.html`);
    expect(ready.documents).toBe(64);
    expect((await search(page, 'zenith telescope meteors'))[0]).toBe('The Quokka Observatory');
    const fetched = server.hits.slice(hits);
    expect(fetched.filter((h) => h.startsWith('/sharded/terms/')).length).toBeLessThan(manifest.counts.termShards);
    expect(fetched.filter((h) => h.startsWith('/sharded/docs/')).length).toBeLessThan(manifest.counts.fragments);
    expect(fetched.filter((h) => h.startsWith('/sharded/docs/')).length).toBeGreaterThan(0);
  });

  it('answers a sharded site offline: what was asked before, and with `offline` everything', async () => {
    const files = fs.readdirSync(path.join(site, 'sharded'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.bin'));
    const kept = () => page.evaluate(async () => (await (await caches.open('almanac-index')).keys()).map((r) => new URL(r.url)).filter((u) => u.pathname.startsWith('/sharded/')).map((u) => u.pathname + u.search));
    // What the last test's query fetched is on the device under this build's hash, with the manifest.
    const asked = await kept();
    expect(asked).toContain('/sharded/index.json');
    expect(asked.filter((k) => k.includes('?almanac-shards=')).length).toBeGreaterThan(0);
    expect(asked.filter((k) => k.includes('?almanac-shards=')).length).toBeLessThan(files.length);
    await browser.context.setOffline(true);
    try {
      expect((await open(page, `${server.origin}/sharded.html`)).documents).toBe(64);
      expect((await search(page, 'zenith telescope meteors'))[0]).toBe('The Quokka Observatory');
    } finally {
      await browser.context.setOffline(false);
    }
    // `offline` on the element: every file fetched in the background, then any question answers offline.
    fs.writeFileSync(path.join(site, 'sharded-offline.html'), PAGE.replace('<almanac-search index="/almanac/index.json">', '<almanac-search index="/sharded/index.json" offline>'));
    await open(page, `${server.origin}/sharded-offline.html`);
    expect(await page.evaluate(() => (document.querySelector('almanac-search') as unknown as { offline: boolean }).offline)).toBe(true);
    await expect.poll(async () => (await kept()).filter((k) => k.includes('?almanac-shards=')).length, { timeout: 30_000 }).toBe(files.length);
    // The download reported itself: composed events out of the shadow root, in files, ending at
    // the total, and the element's `offline` part says the site is available offline.
    const progress = () => page.evaluate(() => (window as unknown as { __events: Array<{ type: string; detail: { phase: string; done: number; total: number } }> }).__events.filter((e) => e.type === 'almanac-progress').map((e) => e.detail));
    await expect.poll(async () => (await progress()).at(-1), { timeout: 30_000 }).toEqual({ phase: 'prefetch', done: files.length, total: files.length });
    const reported = await progress();
    expect(reported.every((p) => p.phase === 'prefetch' && p.total === files.length && p.done <= p.total)).toBe(true);
    expect(reported.map((p) => p.done)).toEqual([...reported.map((p) => p.done)].sort((a, b) => a - b));
    expect(await page.locator('almanac-search [part="offline"]').innerText()).toBe('Available offline.');
    await browser.context.setOffline(true);
    try {
      await open(page, `${server.origin}/sharded.html`);
      expect((await search(page, 'Cape Wrath lighthouse'))[0]).toBe('lighthouse');
      expect(await search(page, 'mayor of Carver 1917')).toContain('Person 17');
    } finally {
      await browser.context.setOffline(false);
    }
  });

  it('made no request to any other origin and broke no rule of the policy', async () => {
    expect(foreignRequests(browser.requests, server.origin)).toEqual([]);
    expect(browser.requests.filter((url) => /^(data|blob):/.test(url))).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual([]);
    expect(browser.problems.filter((p) => /Content Security Policy|Refused to|pageerror/i.test(p))).toEqual([]);
  });

  it('works for a host page on another port, loading the bundle and the index from its own origin only', async () => {
    const host = path.join(tmp.dir, 'host');
    fs.mkdirSync(path.join(host, 'docs'), { recursive: true });
    fs.cpSync(path.join(site, 'almanac'), path.join(host, 'static', 'search'), { recursive: true });
    // Another layout: the bundle and the index under /static/search/, the page in /docs/, relative URLs.
    fs.writeFileSync(path.join(host, 'docs', 'index.html'), PAGE
      .replace('src="/almanac/almanac-search.js"', 'src="../static/search/almanac-search.js"')
      .replace('index="/almanac/index.json"', 'index="../static/search/index.json"'));
    const other = await serveStatic(host);
    const second = await launch(tmp.dir);
    try {
      await second.context.addInitScript(() => {
        const w = window as unknown as { __events: Array<{ type: string; detail: unknown }> };
        w.__events = [];
        for (const type of ['almanac-ready', 'almanac-results', 'almanac-error']) {
          document.addEventListener(type, (e) => w.__events.push({ type, detail: JSON.parse(JSON.stringify((e as CustomEvent).detail)) }));
        }
      });
      expect(other.origin).not.toBe(server.origin);
      const ready = await open(second.page, `${other.origin}/docs/`);
      expect(ready).toMatchObject({ documents: 5, index: { fromCache: false } });
      expect((await search(second.page, 'Perihelion comet'))[0]).toBe('Comet');
      expect(second.requests.length).toBeGreaterThan(3);
      expect(foreignRequests(second.requests, other.origin)).toEqual([]);
      expect(other.hits).toEqual(expect.arrayContaining(['/static/search/almanac-search.js', '/static/search/index.json']));
      expect(second.problems.filter((p) => /Content Security Policy|Refused to|pageerror/i.test(p))).toEqual([]);
    } finally {
      await second.close();
      await other.close();
    }
  });
});
