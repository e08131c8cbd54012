import { describe, expect, it } from 'vitest';
import { detectHeaders, readDelimited } from '../../src/tables/index.ts';

describe('readDelimited', () => {
  it('reads quoted CSV with commas, escaped quotes, line breaks and a BOM', () => {
    const csv = '\ufeffname,comment,amount\n"Smith, J.","said ""hi""\nthen left",12.5\nDoe,plain,7\n';
    const { table, warnings } = readDelimited(csv);
    expect(warnings).toEqual([]);
    expect(table.rows).toBe(3);
    expect(table.cols).toBe(3);
    const text = (r: number, c: number) => table.cells.find((x) => x.row === r && x.col === c)!.text;
    expect(text(0, 0)).toBe('name');
    expect(text(1, 0)).toBe('Smith, J.');
    expect(text(1, 1)).toBe('said "hi" then left');
    expect(detectHeaders(table).columnPaths).toEqual([['name'], ['comment'], ['amount']]);
  });

  it('reads TSV and semicolons, and pads ragged rows with a warning', () => {
    expect(readDelimited('a\tb\n1\t2', { delimiter: '\t' }).table.cols).toBe(2);
    const { table, warnings } = readDelimited('a;b;c\n1;2\n3;4;5;6', { delimiter: ';' });
    expect(table.cols).toBe(4);
    expect(warnings).toContain('ragged rows padded with empty cells');
  });

  it('stops at the row limit', () => {
    const csv = Array.from({ length: 100 }, (_, i) => `r${i},${i}`).join('\n');
    const { table, warnings } = readDelimited(csv, { limits: { maxRows: 10 } });
    expect(table.rows).toBe(10);
    expect(warnings.join(' ')).toMatch(/10 rows/);
  });
});
