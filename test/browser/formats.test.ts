/**
 * The binary formats read inside the engine worker in real Chromium: pdf.js runs in the worker
 * itself (no nested worker) with its code and character maps served by the app.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectAlmanac, type RemoteAlmanac } from '../../src/engine/remote.ts';
import { makeDocx, makeOds, makePdf } from '../fixtures/documents.ts';

const open: RemoteAlmanac[] = [];
afterAll(async () => {
  for (const a of open) await a.close().catch(() => undefined);
});

describe('formats in the engine worker', () => {
  it('reads a PDF from its bytes: headings, pages, a table with its header paths', async () => {
    const almanac = await connectAlmanac({ storage: 'memory' });
    open.push(almanac);
    const reports = await almanac.ingest([{ name: 'report.pdf', content: await makePdf(3, { title: 'Exchange report' }) }]);
    expect(reports[0]).toMatchObject({ tables: 3 });
    expect(reports[0]!.error).toBeUndefined();
    const res = await almanac.search('peso rose against the dollar on 2 March 2013', { temporal: false });
    const hit = res.results.find((r) => r.passage.kind === 'text')!;
    expect(hit.title).toBe('Exchange report');
    expect(hit.passage.page).toBe(2);
    const cells = await almanac.search('Mexican peso 2013 Buy');
    expect(cells.results.flatMap((r) => r.matchedCells ?? [])[0]).toMatchObject({ text: '11.2', columnPath: ['2013', 'Buy'] });
  });

  it('reads a Word file: mammoth in the worker, merged header cells kept', async () => {
    const almanac = await connectAlmanac({ storage: 'memory' });
    open.push(almanac);
    const reports = await almanac.ingest([{ name: 'report.docx', content: await makeDocx({ title: 'Word report' }) }]);
    expect(reports[0]).toMatchObject({ tables: 1 });
    const res = await almanac.search('Mexican peso 2012 Sell');
    expect(res.results[0]!.title).toBe('Word report');
    expect(res.results.flatMap((r) => r.matchedCells ?? [])[0]).toMatchObject({ text: '12.3', columnPath: ['2012', 'Sell'] });
  });

  it('reads an OpenDocument spreadsheet: the sheet a table, its name the caption', async () => {
    const almanac = await connectAlmanac({ storage: 'memory' });
    open.push(almanac);
    const reports = await almanac.ingest([{ name: 'rates.ods', content: await makeOds() }]);
    expect(reports[0]).toMatchObject({ tables: 2 });
    const res = await almanac.search('Euro 2013 Sell');
    expect(res.results.flatMap((r) => r.matchedCells ?? [])[0]).toMatchObject({ text: '1.35', columnPath: ['2013', 'Sell'] });
  });
});
