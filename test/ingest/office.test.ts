import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { detectHeaders } from '../../src/tables/index.ts';
import { makeDocx } from '../fixtures/documents.ts';

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
