import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { detectHeaders } from '../../src/tables/index.ts';
import { makeDocx, makeOds, makeXlsx } from '../fixtures/documents.ts';

describe('Word .docx', () => {
  it('headings, dated paragraphs and a table with merged cells, through mammoth and the HTML reader', async () => {
    const { document, passages } = await prepareDocument({ name: 'report.docx', content: await makeDocx({ title: 'Exchange report' }) });
    expect(document.format).toBe('docx');
    expect(document.title).toBe('Exchange report');
    expect(document.sourceMap).toBeUndefined();
    expect(passages.every((p) => p.source === undefined)).toBe(true);
    const text = passages.find((p) => p.kind === 'text' && p.text.includes('3 March 2013'))!;
    expect(text.heading).toBe('Exchange rates in 2013');
    expect(text.sentences.flatMap((s) => s.times)).not.toHaveLength(0);
    const table = document.tables[0]!;
    const currency = table.cells.find((c) => c.text === 'Currency')!;
    expect([currency.rowSpan, table.cells.find((c) => c.text === '2013')!.colSpan]).toEqual([2, 2]);
    const s = detectHeaders(table);
    expect(s.headerRows).toEqual([0, 1]);
    expect(s.columnPaths.slice(1)).toEqual([['2012', 'Buy'], ['2012', 'Sell'], ['2013', 'Buy'], ['2013', 'Sell']]);
  });

  it('the first heading is the title when the metadata has none; broken and encrypted files are typed errors', async () => {
    const { document } = await prepareDocument({ name: 'notes.docx', content: await makeDocx() });
    expect(document.title).toBe('Exchange rates in 2013');
    await expect(prepareDocument({ name: 'x.docx', content: new TextEncoder().encode('not a zip at all') })).rejects.toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(prepareDocument({ name: 'secret.docx', content: ole })).rejects.toMatchObject({ code: 'DOCUMENT_ENCRYPTED' });
  });
});

describe('spreadsheets', () => {
  it('xlsx: every sheet a table with its name as caption, merges as spans, numbers as displayed, formulas as cached values', async () => {
    const { document, passages } = await prepareDocument({ name: 'rates.xlsx', content: await makeXlsx({ title: 'Rates workbook' }) });
    expect(document.format).toBe('xlsx');
    expect(document.title).toBe('Rates workbook');
    expect(document.tables.map((t) => t.caption)).toEqual(['Rates 2013', 'Notes']);
    const t = document.tables[0]!;
    const text = (r: number, c: number) => t.cells.find((x) => x.row === r && x.col === c)?.text;
    expect(t.cells.find((x) => x.text === 'Currency')).toMatchObject({ rowSpan: 2 });
    expect(t.cells.find((x) => x.text === '2013')).toMatchObject({ colSpan: 2 });
    expect([text(2, 1), text(2, 5), text(2, 6)]).toEqual(['12.10', '-7.4%', '3 Mar 2013']);
    const s = detectHeaders(t);
    expect(s.columnPaths[3]).toEqual(['2013', 'Buy']);
    const row = passages.find((p) => p.kind === 'table-row' && p.text.includes('Euro'))!;
    expect(row.text).toContain('1.33');
    expect(row.sentences.flatMap((x) => x.times).length).toBeGreaterThan(0);
  });

  it('ods: spans, displayed text, repeated empty rows and columns cost nothing', async () => {
    const started = performance.now();
    const { document } = await prepareDocument({ name: 'rates.ods', content: await makeOds() });
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(document.format).toBe('ods');
    expect(document.title).toBe('Rates workbook');
    const t = document.tables[0]!;
    expect([t.caption, t.rows, t.cols]).toEqual(['Rates 2013', 4, 6]);
    expect(t.cells.find((x) => x.text === '2012')).toMatchObject({ colSpan: 2 });
    expect(t.cells.find((x) => x.text === 'Currency')).toMatchObject({ rowSpan: 2 });
    expect(t.cells.map((x) => x.text)).toContain('-7.4%');
    expect(detectHeaders(t).columnPaths[4]).toEqual(['2013', 'Sell']);
    expect(document.tables[1]!.cells.map((x) => x.text)).toEqual(['Source', 'Central bank bulletin of 3 March 2013']);
  });

  it('a spreadsheet without its extension is told by its zip entries', async () => {
    expect((await prepareDocument({ name: 'export', content: await makeXlsx() })).document.format).toBe('xlsx');
    expect((await prepareDocument({ name: 'export', content: await makeOds() })).document.format).toBe('ods');
    expect((await prepareDocument({ name: 'export', content: await makeDocx() })).document.format).toBe('docx');
  });
});
