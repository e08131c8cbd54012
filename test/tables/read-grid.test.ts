import { describe, expect, it } from 'vitest';
import { detectHeaders, readGrid, summarizeTable } from '../../src/tables/index.ts';

describe('readGrid', () => {
  it('infers the span of a flattened TAT-QA header', () => {
    const { table, warnings } = readGrid([
      ['', '', 'Years Ended September 30,', ''],
      ['', '2019', '2018', '2017'],
      ['Fixed Price', '$  1,452.4', '$  1,146.2', '$  1,036.9'],
      ['Other', '44.1', '56.7', '70.8'],
      ['Total sales', '$1,496.5', '$1,202.9', '$1,107.7'],
    ]);
    expect(warnings).toEqual([]);
    expect(table.cells.find((c) => c.text === 'Years Ended September 30,')).toMatchObject({ row: 0, col: 1, colSpan: 3 });
    const s = detectHeaders(table);
    expect(s.headerRows).toEqual([0, 1]);
    expect(s.columnPaths[1]).toEqual(['Years Ended September 30,', '2019']);
    expect(s.columnPaths[3]).toEqual(['Years Ended September 30,', '2017']);
    const rows = summarizeTable(table).filter((x) => x.kind === 'table-row');
    expect(rows[1]!.text).toBe(
      'Other: in Years Ended September 30, 2019 44.1, in Years Ended September 30, 2018 56.7, in Years Ended September 30, 2017 70.8.',
    );
  });

  it('extends a stub label down and a parent label right', () => {
    const { table } = readGrid([
      ['team', 'record', '', ''],
      ['', 'g', 'w', 'l'],
      ['erfurt', '10', '1', '6'],
    ]);
    expect(table.cells.find((c) => c.text === 'team')).toMatchObject({ rowSpan: 2, colSpan: 1 });
    expect(table.cells.find((c) => c.text === 'record')).toMatchObject({ colSpan: 3 });
    expect(detectHeaders(table).columnPaths).toEqual([['team'], ['record', 'g'], ['record', 'w'], ['record', 'l']]);
  });

  it('pads ragged rows with a warning and skips an empty grid', () => {
    const ragged = readGrid([['a', 'b', 'c'], ['d']]);
    expect(ragged.table.cols).toBe(3);
    expect(ragged.warnings).toContain('ragged rows padded with empty cells');
    const empty = readGrid([]);
    expect(empty.table.rows).toBe(0);
    expect(empty.warnings).toContain('empty table skipped');
  });
});
