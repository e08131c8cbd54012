/**
 * Moving a corpus between devices: the storage panel exports the corpus to one file (a
 * download named by the date, its size shown), and a fresh browser profile that imports it
 * gives the same answers and ranked results for a dated question, table questions and a
 * document the user added; the status line and the documents list follow, and a reload keeps
 * it. A second import of the same file replaces documents with the same id; "Replace the whole
 * corpus" drops what the file lacks. A damaged file and one of a newer format version each
 * leave the stored corpus as it was, with the engine's typed message shown. axe stays clean
 * with the import summary on the page, and no request leaves the page's origin.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { audit } from './axe.ts';
import { foreignRequests, launch, sampleCount, search, startApp, tempDir, waitReady, type App, type Browser } from './harness.ts';

/** A dated question, two table questions, and one about the document the test adds. */
const QUERIES = [
  'Who was UK prime minister as of 6 May 2021?',
  'metro weekday boardings 2023',
  'Mexican peso 2013 buy',
  'zenith telescope meteors',
];

const added = {
  name: 'quokka-observatory.md',
  mimeType: 'text/markdown',
  buffer: Buffer.from('# The Quokka Observatory\n\nThe Quokka Observatory on Rottnest Island opened on 3 March 2019. Its zenith telescope photographs meteors every clear night.\n'),
};

let app: App;
let source: Browser;
let target: Browser;
let tmp: ReturnType<typeof tempDir>;
/** The exported file on disk, and its bytes. */
let exported: string;
let bytes: Buffer;
/** What the source profile answered and ranked for each query. */
const expected = new Map<string, string[]>();

/** The answer and the top five results (document, position, score) of `query`. */
async function ranked(p: Page, query: string): Promise<string[]> {
  await p.evaluate(() => { delete document.body.dataset.answered; });
  await search(p, query);
  await p.waitForSelector('body[data-answered]', { timeout: 60_000 });
  const answer = `answer: ${await p.getAttribute('body', 'data-answered')} ${(await p.locator('.answer-card .answer-text').textContent()) ?? ''}`;
  const results = await p.locator('#results li.result').evaluateAll((items) => items.slice(0, 5).map((li) =>
    `${li.getAttribute('data-doc')} | ${li.querySelector('.where')?.textContent} | ${li.querySelector('.score')?.textContent}`));
  return [answer, ...results];
}

const documents = async (p: Page): Promise<number> => Number(await p.getAttribute('#status', 'data-documents'));

/** Picks `file` in the import control and waits for this import's summary. */
async function importFile(p: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<{ kind: string; code: string | null; text: string }> {
  await p.evaluate(() => { document.querySelector('#transfer-messages')!.replaceChildren(); });
  await p.setInputFiles('#corpus-import', file);
  const summary = p.locator('#transfer-messages .summary[data-kind]');
  await summary.waitFor({ timeout: 60_000 });
  return { kind: (await summary.getAttribute('data-kind')) ?? '', code: await summary.getAttribute('data-code'), text: (await summary.textContent()) ?? '' };
}

describe('export and import of the corpus', () => {
  beforeAll(async () => {
    app = await startApp(inject('distCurrent'), { open: true });
    source = app.browser;
    tmp = tempDir('almanac-transfer-');
  });

  afterAll(async () => {
    await target?.close();
    await app?.close();
    tmp?.dispose();
  });

  it('exports the corpus to one dated file, with its size shown', async () => {
    const p = source.page;
    await p.setInputFiles('#file-input', [added]);
    await p.waitForFunction((n) => document.querySelector('#status')?.getAttribute('data-documents') === String(n), sampleCount + 1, { timeout: 60_000 });
    for (const q of QUERIES) expected.set(q, await ranked(p, q));
    expect(expected.get(QUERIES[3]!)![1]).toMatch(/^quokka-observatory\.md \|/);
    // The comparison covers table hits and a dated answer, not only plain passages.
    expect(expected.get(QUERIES[1]!)!.some((r) => / table/.test(r))).toBe(true);
    expect(expected.get(QUERIES[0]!)![0]).not.toMatch(/^answer: none/);

    // What the progress bar said while the export ran.
    await p.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      const bar = document.querySelector<HTMLElement>('#transfer-progress .progress')!;
      new MutationObserver(() => { if (!bar.hidden) seen.push(bar.textContent ?? ''); })
        .observe(bar, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const [download] = await Promise.all([p.waitForEvent('download', { timeout: 60_000 }), p.click('#corpus-export')]);
    expect(await p.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen)).toContain('Exporting the corpus');
    expect(download.suggestedFilename()).toMatch(/^almanac-corpus-\d{4}-\d{2}-\d{2}\.almanac$/);
    exported = path.join(tmp.dir, download.suggestedFilename());
    await download.saveAs(exported);
    bytes = fs.readFileSync(exported);
    // Almanac's one-file corpus format (docs/ARCHITECTURE.md, "The index format").
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('ALMC');
    const summary = p.locator('#transfer-messages .summary');
    expect(Number(await summary.getAttribute('data-exported'))).toBe(bytes.length);
    expect(await summary.textContent()).toMatch(new RegExp(`^Exported ${sampleCount + 1} documents \\(\\d+ passages\\) to ${download.suggestedFilename().replace(/\./g, '\\.')}, [\\d.]+ (kB|MB)\\.`));
    // The link saves the same file again.
    expect(await p.getAttribute('#transfer-messages a[download]', 'download')).toBe(download.suggestedFilename());
  });

  it('imports it into a fresh browser profile, which then ranks and answers the same', async () => {
    target = await launch(tmp.dir);
    const p = target.page;
    await p.goto(app.origin);
    await waitReady(p);
    // A new device: the sample corpus comes on the first visit; empty it, as a user moving a corpus would.
    p.once('dialog', (dialog) => void dialog.accept());
    await p.click('#clear-all');
    await p.waitForFunction(() => document.querySelector('#status')?.getAttribute('data-documents') === '0');

    const result = await importFile(p, exported);
    expect(result.kind).toBe('ok');
    expect(result.text).toContain(`Imported ${sampleCount + 1} documents`);
    expect(result.text).toContain(`passages. ${sampleCount + 1} new.`);
    expect(await documents(p)).toBe(sampleCount + 1);
    expect(await p.getAttribute('#status', 'data-change')).toBe('imported');
    expect(await p.textContent('#status')).toMatch(new RegExp(`^${sampleCount + 1} documents \\(\\d+ passages, \\d+ tables\\) on this device\\. Imported ${sampleCount + 1} documents\\.`));
    expect(await p.locator('#documents li.document').count()).toBe(sampleCount + 1);
    expect(await p.textContent('#documents')).toContain('quokka-observatory.md');
    for (const q of QUERIES) expect(await ranked(p, q), q).toEqual(expected.get(q));

    // Stored, not only in memory: a reload restores it and ranks the same.
    await p.reload();
    await waitReady(p);
    expect(await p.textContent('#status')).toContain(`Restored ${sampleCount + 1} documents`);
    expect(await ranked(p, QUERIES[1]!)).toEqual(expected.get(QUERIES[1]!));
  });

  it('has no serious or critical axe violation with the import summary shown, light and dark', async () => {
    const p = target.page;
    await importFile(p, exported);
    for (const scheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme: scheme });
      expect(await audit(p), scheme).toEqual([]);
    }
    await p.emulateMedia({ colorScheme: 'light' });
  });

  it('replaces documents with the same id on a second import, and the whole corpus when asked', async () => {
    const p = target.page;
    const again = await importFile(p, exported);
    expect(again.text).toContain(`Imported ${sampleCount + 1} documents`);
    expect(again.text).toContain(`${sampleCount + 1} replaced a document here with the same id (the file’s copy is kept)`);
    expect(await documents(p)).toBe(sampleCount + 1);

    await p.click('.paste summary');
    await p.fill('#paste-name', 'local-only.txt');
    await p.fill('#paste-text', 'A note kept only on this device about the lighthouse keeper.');
    await p.click('#paste-form button[type="submit"]');
    await p.waitForFunction((n) => document.querySelector('#status')?.getAttribute('data-documents') === String(n), sampleCount + 2);
    await p.check('input[name="import-mode"][value="replace"]');
    p.once('dialog', (dialog) => void dialog.accept());
    const replaced = await importFile(p, exported);
    expect(replaced.text).toContain(`Replaced the corpus with the ${sampleCount + 1} documents`);
    expect(replaced.text).toContain('1 document that the file lacks was removed');
    expect(await documents(p)).toBe(sampleCount + 1);
    expect(await p.textContent('#documents')).not.toContain('local-only.txt');
    await p.check('input[name="import-mode"][value="add"]');
  });

  it('refuses a damaged file and a newer-format file with the typed message, leaving the stored corpus as it was', async () => {
    const p = target.page;
    const before = await documents(p);
    const damaged = Buffer.from(bytes);
    // A byte inside the segment (after the manifest): the checksum catches it.
    const at = Math.floor(damaged.length * 0.6);
    damaged[at] = damaged[at]! ^ 0xff;
    const bad = await importFile(p, { name: 'damaged.almanac', mimeType: 'application/octet-stream', buffer: damaged });
    expect(bad).toMatchObject({ kind: 'error', code: 'INDEX_CORRUPT' });
    expect(bad.text).toContain('Nothing was imported from damaged.almanac');
    expect(bad.text).toContain('The index data is damaged, truncated or not an Almanac index');

    const newer = Buffer.from(bytes);
    // Bytes 4-5: the container's format version (u16, little-endian).
    newer.writeUInt16LE(newer.readUInt16LE(4) + 1, 4);
    const tooNew = await importFile(p, { name: 'newer.almanac', mimeType: 'application/octet-stream', buffer: newer });
    expect(tooNew).toMatchObject({ kind: 'error', code: 'INDEX_TOO_NEW' });
    expect(tooNew.text).toMatch(/written in format version 2, newer than this Almanac reads \(1\)/);

    expect(await documents(p)).toBe(before);
    expect(await ranked(p, QUERIES[0]!)).toEqual(expected.get(QUERIES[0]!));
    await p.reload();
    await waitReady(p);
    expect(await p.textContent('#status')).toContain(`Restored ${before} documents`);
    expect(await ranked(p, QUERIES[2]!)).toEqual(expected.get(QUERIES[2]!));
  });

  it('made no request to any other origin, in either profile', () => {
    for (const b of [source, target]) {
      expect(b.requests.length).toBeGreaterThan(0);
      expect(foreignRequests(b.requests, app.origin)).toEqual([]);
      expect(b.problems.filter((p) => p.startsWith('pageerror') || /Content Security Policy|Refused to/i.test(p))).toEqual([]);
    }
  });
});
