import type { Table } from '../types.ts';
import { detectHeaders, type TableStructure } from './headers.ts';

/**
 * What a question about one cell of a table names: the table's title, the headers of its
 * row-label columns, one data row's full left header path and one data column's full top
 * header path ("Mexican peso", "2013 Buy"). Each path is one string, its levels joined
 * by spaces.
 */
export interface TableLabels {
  title: string;
  /** Header names of the row-label columns ("country", "fiscal year"). */
  stub: string[];
  /** Per data row, its left header path. */
  rows: string[];
  /** Per data column, its top header path. */
  columns: string[];
}

/**
 * The labels of a table, from its detected header structure (pass `structure` when it is
 * already known). Pure; empty lists for a table without data rows or columns.
 */
export function tableLabels(table: Table, options?: { title?: string; structure?: TableStructure }): TableLabels {
  const s = options?.structure ?? detectHeaders(table);
  const join = (path: string[] | undefined) => (path ?? []).join(' ').replace(/\s+/g, ' ').trim();
  const stub: string[] = [];
  for (let c = 0; c < s.headerCols; c++) {
    const name = join(s.columnPaths[c]);
    if (name) stub.push(name);
  }
  return {
    title: (options?.title ?? table.caption ?? '').replace(/\s+/g, ' ').trim(),
    stub,
    rows: s.dataRows.map((r) => join(s.rowPaths[r])).filter(Boolean),
    columns: s.dataCols.map((c) => join(s.columnPaths[c])).filter(Boolean),
  };
}
