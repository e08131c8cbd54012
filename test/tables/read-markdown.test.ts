import { describe, expect, it } from 'vitest';
import { detectHeaders, readMarkdownTable } from '../../src/tables/index.ts';

describe('readMarkdownTable', () => {
  it('reads a GitHub pipe table with alignment, escaped pipes and a short row', () => {
    const table = readMarkdownTable([
      '| Country | Capital | Note |',
      '|:--------|:-------:|-----:|',
      '| France  | Paris   | a \\| b |',
      '| **Peru** | Lima |',
    ]);
    expect(table).not.toBeNull();
    expect(table!).toMatchObject({ rows: 3, cols: 3, headerRows: 1 });
    expect(table!.cells.filter((c) => c.header).map((c) => c.text)).toEqual(['Country', 'Capital', 'Note']);
    expect(table!.cells.find((c) => c.row === 1 && c.col === 2)!.text).toBe('a | b');
    expect(table!.cells.find((c) => c.row === 2 && c.col === 0)!.text).toBe('Peru');
    expect(table!.cells.find((c) => c.row === 2 && c.col === 2)!.text).toBe('');
    expect(detectHeaders(table!).columnPaths).toEqual([['Country'], ['Capital'], ['Note']]);
  });

  it('returns null for lines that are not a table', () => {
    expect(readMarkdownTable(['just text', 'more text'])).toBeNull();
    expect(readMarkdownTable(['| a | b |', '| c | d |'])).toBeNull();
    expect(readMarkdownTable(['| a | b |', '|---|'])).toBeNull();
  });
});
