/**
 * A table as the engine's text writes it (caption, then one line per row, cells joined by
 * " | ", the layout of `flattenTable`): each cell's place in that text for citations. The text
 * itself, with each character's origin, is written by `flatten-mapped.ts` (an ingest module; this
 * one is read by answers at search time).
 */
import type { Table } from '../types.ts';
import { isCollapsed } from '../text/white-space.ts';

/** White space collapsed to single spaces, trimmed (`t.replace(/\s+/g, ' ').trim()`); a clean text is returned as it is. */
const clean = (t: string) => (isCollapsed(t) ? t : t.replace(/\s+/g, ' ').trim());

export const SEPARATOR = ' | ';

/**
 * The lines of a table's text. Row `r`'s cells are `order[rowStart[r] .. rowStart[r + 1])`
 * (indexes into `table.cells`, in their order); a row's line runs to its last non-empty cell
 * (trailing empty cells write nothing), starts after the first separator's space when its
 * first cell is empty, and is left out when it shows nothing but bars.
 */
export interface Layout {
  /** `clean(cell.text)` per cell. */
  texts: string[];
  order: Int32Array;
  rowStart: Int32Array;
  /** Per row: the end (exclusive, in `order`) of its line, or -1 when the row writes no line. */
  lineEnd: Int32Array;
  /** The caption line's text, when there is one. */
  caption: string | undefined;
}

export function layout(table: Table): Layout {
  const cells = table.cells;
  const rows = table.rows;
  const texts = new Array<string>(cells.length);
  // Cells by row, keeping their order within a row (a counting sort: cells come row-major already).
  const rowStart = new Int32Array(rows + 1);
  for (let i = 0; i < cells.length; i++) {
    texts[i] = clean(cells[i]!.text);
    const r = cells[i]!.row;
    if (r < rows) rowStart[r + 1]!++;
  }
  for (let r = 0; r < rows; r++) rowStart[r + 1]! += rowStart[r]!;
  const order = new Int32Array(rowStart[rows]!);
  const fill = rowStart.slice(0, rows);
  for (let i = 0; i < cells.length; i++) {
    const r = cells[i]!.row;
    if (r < rows) order[fill[r]!++] = i;
  }
  const lineEnd = new Int32Array(rows).fill(-1);
  for (let r = 0; r < rows; r++) {
    let end = -1;
    let shows = false;
    for (let k = rowStart[r]!; k < rowStart[r + 1]!; k++) {
      const t = texts[order[k]!]!;
      if (!t) continue;
      end = k + 1;
      if (!shows) shows = !onlyBars(t);
    }
    if (shows) lineEnd[r] = end;
  }
  return { texts, order, rowStart, lineEnd, caption: table.caption?.trim() ? clean(table.caption) : undefined };
}

/** Whether a clean text is nothing but bars and spaces (a row of such cells writes no line). */
const onlyBars = (t: string) => /^[|\s]*$/.test(t);

/**
 * Where a cell's text lies in the engine's text of its table, `[start, end)` relative to
 * `table.start` (add it for offsets into `StoredDocument.text`). Undefined for a cell the
 * text does not show (empty, or in a row of empty cells).
 */
export function cellTextSpan(table: Table, row: number, col: number): { start: number; end: number } | undefined {
  const { texts, order, rowStart, lineEnd, caption } = layout(table);
  let offset = caption !== undefined ? caption.length + 1 : 0;
  for (let r = 0; r < table.rows; r++) {
    const end = lineEnd[r]!;
    if (end < 0) continue;
    const first = rowStart[r]!;
    const from = texts[order[first]!] === '' ? 1 : 0;
    let at = 0;
    for (let k = first; k < end; k++) {
      const i = order[k]!;
      if (k > first) at += SEPARATOR.length;
      const cell = table.cells[i]!;
      const len = texts[i]!.length;
      if (cell.row === row && cell.col === col) {
        return len > 0 ? { start: offset + at - from, end: offset + at + len - from } : undefined;
      }
      at += len;
    }
    offset += at - from + 1;
  }
  return undefined;
}
