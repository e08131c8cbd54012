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
  const { rows, cols } = table;
  const cells = table.cells;
  // Cell index plus one per position (0: none), so the array needs no filling.
  const idx = new Int32Array(rows * cols);
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    const r1 = Math.min(rows, cell.row + cell.rowSpan);
    const c1 = Math.min(cols, cell.col + cell.colSpan);
    for (let r = cell.row; r < r1; r++) for (let c = cell.col; c < c1; c++) idx[r * cols + c] = i + 1;
  }
  return {
    at(r, c) {
      if (r < 0 || c < 0 || r >= rows || c >= cols) return undefined;
      const i = idx[r * cols + c]!;
      // Read through the table: packed cells are written again when read (packed-cells.ts).
      return i === 0 ? undefined : table.cells[i - 1];
    },
  };
}
