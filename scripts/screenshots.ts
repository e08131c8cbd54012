/**
 * The walk-through a reviewer looks at: the built demo in real Chromium at a phone (390 px) and
 * a laptop (1366 px) width, light and dark, during the first visit's ingest of the sample
 * corpus, with an answer card, with a table result, reloaded offline, and exporting / importing
 * the corpus. Usage: `npm run screenshots [-- <out-dir>]` (default `docs/screenshots/`).
 *
 * The PNGs are shrunk with ImageMagick's `convert` (a palette of 128 colours) when it is on the
 * PATH, so that the committed set stays small; without it they are saved as Chromium wrote them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { build } from 'vite';
import { launch, root, search, serve, tempDir, waitReady, type Browser } from '../test/e2e/harness.ts';

const outDir = path.resolve(process.argv[2] ?? path.join(root, 'docs/screenshots'));
const log = (text: string): void => { process.stderr.write(`${text}\n`); };
const hasConvert = spawnSync('convert', ['-version'], { stdio: 'ignore' }).status === 0;

/** Saves a screenshot of the window (or of `selector`'s element) as `name`.png. */
async function shot(p: Page, name: string, selector?: string): Promise<void> {
  const file = path.join(outDir, `${name}.png`);
  if (selector) await p.locator(selector).first().screenshot({ path: file });
  else await p.screenshot({ path: file });
  if (hasConvert) spawnSync('convert', [file, '-strip', '-colors', '128', `PNG8:${file}`], { stdio: 'ignore' });
  log(`${name}.png ${Math.round(fs.statSync(file).size / 1024)} kB`);
}

/** Searches `query` and waits for its answer card (and a table, when one comes). */
async function ask(p: Page, query: string, table = false): Promise<void> {
  await p.evaluate(() => { delete document.body.dataset.answered; });
  await search(p, query);
  await p.waitForSelector('body[data-answered]', { timeout: 60_000 });
  if (table) await p.locator('#results .table-hit table').first().waitFor({ timeout: 30_000 });
  await p.evaluate(() => window.scrollTo(0, 0));
}

/** A dated question's answer card and a table result, each in light and dark mode. */
async function answerAndTable(p: Page, screen: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await p.emulateMedia({ colorScheme: scheme });
    await ask(p, 'Who was UK prime minister as of 6 May 2021?');
    await shot(p, `${screen}-answer-${scheme}`);
    await ask(p, 'metro weekday boardings 2023', true);
    await shot(p, `${screen}-table-${scheme}`);
  }
  await p.emulateMedia({ colorScheme: 'light' });
}

async function main(): Promise<void> {
  fs.mkdirSync(outDir, { recursive: true });
  const tmp = tempDir('almanac-shots-');
  const dist = path.join(tmp.dir, 'dist');
  process.env.NODE_ENV = 'production';
  await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir: dist, emptyOutDir: true } });
  let server = await serve(dist);
  const browsers: Browser[] = [];
  try {
    // The phone: a first visit (the sample corpus is indexed while the page shows it).
    const phone = await launch(tmp.dir, { width: 390, height: 844, serviceWorker: true });
    browsers.push(phone);
    let p = phone.page;
    await p.goto(server.origin);
    // The sample corpus is indexed in well under a second (its bar only flashes): the shot
    // shows the status line that says so while it runs.
    await p.waitForSelector('#status.busy', { timeout: 60_000 });
    await shot(p, 'phone-ingest-light');
    await waitReady(p);
    await p.waitForSelector('body[data-offline="ready"]', { timeout: 120_000 });
    await shot(p, 'phone-ready-light');
    await answerAndTable(p, 'phone');

    // Offline: the server gone and the network off, the page reloads from its service worker.
    await server.close();
    await phone.context.setOffline(true);
    await p.reload();
    await waitReady(p);
    await p.waitForSelector('#network-state:not([hidden])');
    await ask(p, 'croissants sold in March 2023', true);
    await shot(p, 'phone-offline-light');
    await phone.context.setOffline(false);
    server = await serve(dist, server.port);

    // The laptop, light and dark.
    const laptop = await launch(tmp.dir, { width: 1366, height: 900, serviceWorker: true });
    browsers.push(laptop);
    p = laptop.page;
    await p.goto(server.origin);
    await waitReady(p);
    await p.waitForSelector('body[data-offline="ready"]', { timeout: 120_000 });
    await answerAndTable(p, 'laptop');

    // The time coverage, its fullest bucket listed.
    const bars = p.locator('#coverage svg .bar-hit');
    const counts = await bars.evaluateAll((nodes) => nodes.map((n) => Number(/: (\d+) sentence/.exec(n.getAttribute('aria-label') ?? '')?.[1] ?? 0)));
    await bars.nth(counts.indexOf(Math.max(...counts))).click();
    await p.locator('#coverage .dated-sentences li').first().waitFor();
    await p.evaluate(() => { document.querySelector('.dated-sentences')!.scrollTop = 0; });
    await shot(p, 'laptop-coverage-light', '#coverage-heading >> xpath=..');

    // Export on the laptop, import on the phone (after it removed every document).
    const [download] = await Promise.all([p.waitForEvent('download', { timeout: 60_000 }), p.click('#corpus-export')]);
    const file = path.join(tmp.dir, download.suggestedFilename());
    await download.saveAs(file);
    await p.locator('#transfer-messages .summary').waitFor();
    await p.locator('#storage-heading').scrollIntoViewIfNeeded();
    await shot(p, 'laptop-export-light', '#storage-heading >> xpath=..');
    p = await phone.newPage();
    p.on('dialog', (dialog) => void dialog.accept());
    await p.goto(server.origin);
    await waitReady(p);
    await p.click('#clear-all');
    await p.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-documents') === '0');
    await p.setInputFiles('#corpus-import', file);
    await p.locator('#transfer-messages .summary[data-kind]').waitFor({ timeout: 60_000 });
    await p.locator('#storage-transfer').scrollIntoViewIfNeeded();
    await shot(p, 'phone-import-light', '#storage-transfer');
  } finally {
    for (const b of browsers) await b.close();
    await server.close();
    tmp.dispose();
  }
  const total = fs.readdirSync(outDir).filter((f) => f.endsWith('.png')).reduce((sum, f) => sum + fs.statSync(path.join(outDir, f)).size, 0);
  console.log(JSON.stringify({ outDir: path.relative(root, outDir), totalKb: Math.round(total / 1024) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
