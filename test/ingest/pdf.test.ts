import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { pageBlocks, pageLines, type PdfItem } from '../../src/ingest/pdf-layout.ts';
import { detectHeaders, matchedCells } from '../../src/tables/index.ts';
import { makeEncryptedPdf, makePdf } from '../fixtures/documents.ts';

describe('PDF', () => {
  it('headings by font size, page numbers on every passage, tables rebuilt with their header paths, dated sentences', async () => {
    const { document, passages } = await prepareDocument({ name: 'report.pdf', content: await makePdf(3, { title: 'Annual Exchange Report' }) });
    expect(document.format).toBe('pdf');
    expect(document.title).toBe('Annual Exchange Report');
    expect(document.sourceMap).toBeUndefined();
    // Page furniture (the page numbers at the foot) is not text.
    expect(document.text).not.toMatch(/\n\n[123]\n\n|\n\n[123]$/);
    expect(passages.every((p) => p.page !== undefined && p.source === undefined)).toBe(true);
    for (const page of [1, 2, 3]) {
      const text = passages.find((p) => p.kind === 'text' && p.text.includes(`on ${page} March 2013`))!;
      expect(text.page).toBe(page);
      expect(text.heading).toBe(`Chapter ${page}: Exchange rates`);
      expect(text.sentences.some((s) => s.times.length > 0)).toBe(true);
    }
    const lower = passages.find((p) => p.text.startsWith('Paragraph line 1 of page 2'))!;
    expect([lower.page, lower.heading]).toEqual([2, 'Section 2.1 Rates by currency']);
    expect(document.tables).toHaveLength(3);
    const table = document.tables[1]!;
    const s = detectHeaders(table);
    expect(s.columnPaths.slice(1)).toEqual([['2012', 'Buy'], ['2012', 'Sell'], ['2013', 'Buy'], ['2013', 'Sell']]);
    const row = passages.find((p) => p.kind === 'table-row' && p.tableIndex === 1 && p.text.includes('Mexican peso'))!;
    expect(row.page).toBe(2);
    const cell = matchedCells(table, row.cells!, 'Mexican peso 2013 Buy')[0];
    expect(cell).toMatchObject({ text: '11.2', rowPath: ['Mexican peso'], columnPath: ['2013', 'Buy'] });
  });

  it('takes its title from the first heading when the metadata has none', async () => {
    const { document } = await prepareDocument({ name: 'untitled.pdf', content: await makePdf(1) });
    expect(document.title).toBe('Chapter 1: Exchange rates');
  });

  it('password-protected and broken files give typed errors', async () => {
    await expect(prepareDocument({ name: 'secret.pdf', content: await makeEncryptedPdf() })).rejects.toMatchObject({ code: 'DOCUMENT_ENCRYPTED' });
    await expect(prepareDocument({ name: 'broken.pdf', content: new TextEncoder().encode('%PDF-1.7\nnot a pdf\n%%EOF') })).rejects.toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
    await expect(prepareDocument({ name: 'text.pdf', content: 'a string is no PDF' })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });

  it('a PDF without its extension is told by its first bytes', async () => {
    const { document } = await prepareDocument({ name: 'download', content: await makePdf(1) });
    expect(document.format).toBe('pdf');
  });
});

describe('PDF layout', () => {
  const item = (str: string, x: number, y: number, size = 10): PdfItem => ({ str, x, y, width: str.length * size * 0.5, size });

  it('keeps content order (two columns read column by column) and mends words broken at line ends', () => {
    const lines = pageLines([
      item('Left column opens and the inter-', 72, 700), item('national trade grew.', 72, 688),
      item('Right column starts', 320, 700), item('after the left.', 320, 688),
    ]);
    const blocks = pageBlocks(lines, 10);
    expect(blocks).toEqual([
      { kind: 'paragraph', text: 'Left column opens and the international trade grew.' },
      { kind: 'paragraph', text: 'Right column starts after the left.' },
    ]);
  });

  it('does not take prose with a wide gap for a table, nor two lines for one', () => {
    const lines = pageLines([item('Name', 72, 700), item('Value', 300, 700), item('Alpha', 72, 686), item('1', 300, 686), item('Then prose follows here.', 72, 660)]);
    expect(pageBlocks(lines, 10).map((b) => b.kind)).toEqual(['paragraph', 'paragraph']);
  });
});
