import type { Table, TableCell } from '../types.ts';
import { ownString } from '../text/own-string.ts';
import { resolveLimits, type TableLimits } from './limits.ts';
import { defineCells } from './packed-cells.ts';

// Apart from `grid.ts` (what search reads of a grid): only the readers build grids, and they
// come with the first ingest, with the packing of cells.

/** A cell as a source declares it, before spans are laid out on the grid. */
export interface SourceCell {
  text: string;
  rowSpan?: number;
  colSpan?: number;
  header?: boolean;
}

/**
 * Lays source rows out on a grid the way HTML does: each cell takes the first free
 * position of its row, spans reserve the positions below and to the right. Spans are
 * clipped to the table's end (as browsers do) and to the limits; short rows are padded
 * with empty cells so every grid position belongs to exactly one cell.
 *
 * Why one builder for every reader: the span arithmetic is where hostile input bites
 * (`rowspan="100000"`), so it is bounded in one place.
 */
export function buildGrid(
  sourceRows: SourceCell[][],
  options: { limits?: TableLimits; caption?: string; warnings: string[]; padWarning?: boolean },
): Table {
  const limits = resolveLimits(options.limits);
  const warnings = options.warnings;
  let rowsIn = sourceRows;
  if (rowsIn.length > limits.maxRows) {
    warnings.push(`table cut to ${limits.maxRows} rows`);
    rowsIn = rowsIn.slice(0, limits.maxRows);
  }
  const nRows = rowsIn.length;
  // Occupancy: one byte per taken column of each row, grown as cells reach further right;
  // memory is bounded by the cells we place.
  const taken: Uint8Array[] = new Array(nRows);
  const isTaken = (r: number, c: number) => {
    const row = taken[r];
    return row !== undefined && c < row.length && row[c] === 1;
  };
  const take = (r: number, c: number) => {
    let row = taken[r];
    if (row === undefined || c >= row.length) {
      let size = row?.length || 8;
      while (size <= c) size *= 2;
      const grown = new Uint8Array(size);
      if (row) grown.set(row);
      taken[r] = row = grown;
    }
    row[c] = 1;
  };
  // Equal texts of one table share one string (a grid repeats its "..", "-" and units).
  const strings = new Map<string, string>();
  const cells: TableCell[] = [];
  let width = 0;
  let spanClamped = false;
  let colsCut = false;
  let placed = 0;
  let cellsCut = false;
  let cutRow = nRows;
  for (let r = 0; r < nRows && !cellsCut; r++) {
    let c = 0;
    for (const src of rowsIn[r]!) {
      while (isTaken(r, c)) c++;
      if (c >= limits.maxCols) {
        colsCut = true;
        break;
      }
      let rs = normaliseSpan(src.rowSpan, nRows - r);
      let cs = normaliseSpan(src.colSpan, limits.maxCols);
      if (rs > limits.maxSpan) { rs = limits.maxSpan; spanClamped = true; }
      if (cs > limits.maxSpan) { cs = limits.maxSpan; spanClamped = true; }
      rs = Math.min(rs, nRows - r);
      cs = Math.min(cs, limits.maxCols - c);
      // A colspan may not run into a cell that a rowspan from above already holds.
      let free = 1;
      while (free < cs && !isTaken(r, c + free)) free++;
      cs = free;
      if (placed + rs * cs > limits.maxCells) {
        cellsCut = true;
        cutRow = r;
        break;
      }
      placed += rs * cs;
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) take(r + dr, c + dc);
      let text = src.text;
      if (text) {
        const seen = strings.get(text);
        if (seen === undefined) {
          const owned = ownString(text);
          strings.set(text, owned);
          text = owned;
        } else text = seen;
      }
      cells.push({ row: r, col: c, rowSpan: rs, colSpan: cs, text, header: Boolean(src.header) });
      width = Math.max(width, c + cs);
      c += cs;
    }
  }
  if (spanClamped) warnings.push(`row or column span larger than ${limits.maxSpan} clamped`);
  if (colsCut) warnings.push(`table cut to ${limits.maxCols} columns`);
  let rows = nRows;
  if (cellsCut) {
    // Keep whole rows only: the row the budget ran out in is dropped.
    rows = cutRow;
    warnings.push(`table cut to ${limits.maxCells} cells`);
  }
  if (rows * width > limits.maxCells) rows = Math.max(0, Math.floor(limits.maxCells / Math.max(1, width)));
  // A copy of exactly the cells kept: the list built by pushing has room to spare.
  let kept = rows < nRows ? cells.filter((x) => x.row < rows) : cells.slice();
  for (const k of kept) if (k.row + k.rowSpan > rows) k.rowSpan = rows - k.row;
  // Pad ragged rows so every position is covered (readers downstream index by position).
  const pads: TableCell[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < width; c++) {
      if (!isTaken(r, c)) pads.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text: '', header: false });
    }
  }
  if (pads.length && options.padWarning) warnings.push('ragged rows padded with empty cells');
  // Cells were placed row by row, left to right: in row-major order already unless padded.
  if (pads.length) kept = kept.concat(pads).sort((a, b) => a.row - b.row || a.col - b.col);
  if (rows === 0 || width === 0) {
    warnings.push('empty table skipped');
    return { caption: options.caption, rows: 0, cols: 0, cells: [], start: 0, end: 0 };
  }
  const table = { rows, cols: width } as Table;
  defineCells(table, kept);
  table.start = 0;
  table.end = 0;
  if (options.caption) table.caption = ownString(options.caption);
  return table;
}

function normaliseSpan(v: number | undefined, zeroMeans: number): number {
  if (v === undefined || !Number.isFinite(v)) return 1;
  if (v === 0) return Math.max(1, zeroMeans);
  return Math.max(1, Math.floor(v));
}
