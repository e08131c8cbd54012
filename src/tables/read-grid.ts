import type { Table } from '../types.ts';
import { buildGrid, type SourceCell } from './build-grid.ts';
import { collapse } from './grid.ts';
import { isUnitLabel } from './cell-text.ts';
import { layoutHeaderCols, layoutHeaderRows } from './headers.ts';
import type { TableLimits } from './limits.ts';

/**
 * Reads a plain grid whose merged cells were flattened (TAT-QA, spreadsheets exported to
 * CSV): a spanning header sits in one cell with `""` beside or below it. The spans are
 * inferred so the header hierarchy survives:
 * - in a column-header row that has rows below it, a label extends right over empty cells
 *   whose columns have sub-headers; a row with one label over several sub-headers spans
 *   them all (a centred "Years Ended September 30,");
 * - a column-header label extends down over empty header cells (a stub "team" over two rows);
 * - a unit row's label extends right over the empty cells after it;
 * - in the row-header columns, a label extends down over empty cells while the next column
 *   carries labels (region / province nesting).
 * Header rows and columns found on the way are recorded in `headerRows`/`headerCols`.
 * `hint.headerRows` overrides the layout's count of header rows when the caller knows better
 * (a PDF's text rows above the first row of figures).
 */
export function readGrid(rows: string[][], limits?: TableLimits, hint?: { headerRows?: number }): { table: Table; warnings: string[] } {
  const warnings: string[] = [];
  const width = rows.reduce((m, r) => Math.max(m, r.length), 0);
  const ragged = rows.some((r) => r.length !== width);
  const texts = rows.map((r) => {
    const out = r.map((t) => collapse(String(t ?? '')));
    while (out.length < width) out.push('');
    return out;
  });
  if (ragged) warnings.push('ragged rows padded with empty cells');
  // Bound the work before inferring anything: limits apply to the raw grid too.
  const plain = buildGrid(texts.map((r) => r.map((text) => ({ text }))), { limits, warnings });
  if (plain.rows === 0 || plain.cols === 0) return { table: plain, warnings };
  const g = texts.slice(0, plain.rows).map((r) => r.slice(0, plain.cols));
  const nr = g.length;
  const nc = plain.cols;
  const h = hint?.headerRows ?? layoutHeaderRows(g);
  const k = Math.max(layoutHeaderCols(g, h), 0);
  const covered: boolean[][] = g.map((r) => r.map(() => false));
  const spans: Array<Array<{ rs: number; cs: number } | undefined>> = g.map((r) => r.map(() => undefined));
  const isUnitRow = (r: number) => {
    const labels = g[r]!.slice(k).filter(Boolean);
    return labels.length > 0 && labels.every(isUnitLabel);
  };
  const hasBelow = (r: number, c: number) => {
    for (let rr = r + 1; rr < h; rr++) if (g[rr]![c] !== '' && !isUnitRow(rr)) return true;
    return false;
  };
  for (let r = 0; r < h; r++) {
    const row = g[r]!;
    const unit = isUnitRow(r);
    const first = Math.max(k, 1);
    const labels = [];
    for (let c = first; c < nc; c++) if (row[c] !== '') labels.push(c);
    if (!unit && labels.length === 1 && r < h - 1) {
      // One label over sub-headers: it heads all of them (centred spanning header).
      const c0 = labels[0]!;
      let from = c0;
      while (from > first && row[from - 1] === '' && hasBelow(r, from - 1)) from--;
      let to = c0;
      while (to + 1 < nc && row[to + 1] === '' && hasBelow(r, to + 1)) to++;
      if (from !== c0) {
        g[r]![from] = row[c0]!;
        g[r]![c0] = '';
      }
      spans[r]![from] = { rs: 1, cs: to - from + 1 };
      continue;
    }
    for (const c of labels) {
      let to = c;
      while (to + 1 < nc && row[to + 1] === '' && (unit || hasBelow(r, to + 1))) to++;
      if (to > c) spans[r]![c] = { rs: 1, cs: to - c + 1 };
    }
  }
  // Labels down over empty header cells (not into a unit row).
  for (let c = 0; c < nc; c++) {
    for (let r = 0; r < h; r++) {
      if (g[r]![c] === '' || isUnitRow(r)) continue;
      const cs = spans[r]![c]?.cs ?? 1;
      let rr = r + 1;
      while (rr < h && !isUnitRow(rr) && range(c, c + cs).every((x) => g[rr]![x] === '')) rr++;
      if (rr - r > 1) spans[r]![c] = { rs: rr - r, cs };
    }
  }
  // Row-header nesting: an outer label covers the rows whose next column carries labels.
  for (let c = 0; c < k - 1; c++) {
    for (let r = h; r < nr; r++) {
      if (g[r]![c] === '') continue;
      let rr = r + 1;
      while (rr < nr && g[rr]![c] === '' && g[rr]![c + 1] !== '') rr++;
      if (rr - r > 1) spans[r]![c] = { rs: rr - r, cs: 1 };
    }
  }
  // Emit source rows: skip positions inside an inferred span.
  const source: SourceCell[][] = [];
  for (let r = 0; r < nr; r++) {
    const out: SourceCell[] = [];
    for (let c = 0; c < nc; c++) {
      if (covered[r]![c]) continue;
      const s = spans[r]![c];
      if (s) for (let dr = 0; dr < s.rs; dr++) for (let dc = 0; dc < s.cs; dc++) if (dr || dc) covered[r + dr]![c + dc] = true;
      out.push({ text: g[r]![c]!, rowSpan: s?.rs ?? 1, colSpan: s?.cs ?? 1 });
    }
    source.push(out);
  }
  // Limits were applied above; inferred spans stay inside the grid, so nothing new to report.
  const table = buildGrid(source, { limits, warnings: [] });
  if (h > 0) table.headerRows = h;
  table.headerCols = k;
  return { table, warnings };
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i < b; i++) out.push(i);
  return out;
}
