import type { Table, TableCell } from '../types.ts';
import { isCollapsed } from '../text/white-space.ts';

/** Collapses white space the way a browser renders text; a text with none to collapse is returned as it is. */
export function collapse(text: string): string {
  return isCollapsed(text, true) ? text : text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

/**
 * Position index of a table: which cell covers each grid position. Built once per
 * table; O(rows x cols) numbers.
 */
export function coverMap(table: Table): { at: (r: number, c: number) => TableCell | undefined } {
  const idx = new Int32Array(table.rows * table.cols).fill(-1);
  table.cells.forEach((cell, i) => {
    for (let r = cell.row; r < Math.min(table.rows, cell.row + cell.rowSpan); r++)
      for (let c = cell.col; c < Math.min(table.cols, cell.col + cell.colSpan); c++) idx[r * table.cols + c] = i;
  });
  return {
    at(r, c) {
      if (r < 0 || c < 0 || r >= table.rows || c >= table.cols) return undefined;
      const i = idx[r * table.cols + c]!;
      return i < 0 ? undefined : table.cells[i];
    },
  };
}
