/**
 * Binary formats through the built demo (strict CSP, production bundle): the page reads a PDF as
 * bytes, pdf.js reads it inside the engine worker, and the result names its page.
 */
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
});
