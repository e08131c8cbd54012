import { describe, expect, it } from 'vitest';
import { buildGrid, type SourceCell } from '../../src/tables/build-grid.ts';
import { resolveLimits, type TableLimits } from '../../src/tables/limits.ts';
import type { TableCell } from '../../src/types.ts';
import { random } from '../seeded-random.ts';

/**
 * The layout rules written the plain way (a set of taken positions, pads sorted in): what
 * `buildGrid` computes with its one column array, checked on random tables with hostile spans.
 */
function reference(sourceRows: SourceCell[][], limits?: TableLimits, padWarning = false) {
  const l = resolveLimits(limits);
  const warnings: string[] = [];
  let rowsIn = sourceRows;
  if (rowsIn.length > l.maxRows) {
    warnings.push(`table cut to ${l.maxRows} rows`);
    rowsIn = rowsIn.slice(0, l.maxRows);
  }
  const n = rowsIn.length;
  const taken = new Set<string>();
  const span = (v: number | undefined, zero: number) => (v === undefined || !Number.isFinite(v) ? 1 : v === 0 ? Math.max(1, zero) : Math.max(1, Math.floor(v)));
  const cells: TableCell[] = [];
  let width = 0;
  let clamped = false;
  let colsCut = false;
  let placed = 0;
  let cutRow = -1;
  rows: for (let r = 0; r < n; r++) {
    let c = 0;
    for (const src of rowsIn[r]!) {
      while (taken.has(`${r},${c}`)) c++;
      if (c >= l.maxCols) { colsCut = true; break; }
      let rs = span(src.rowSpan, n - r);
      let cs = span(src.colSpan, l.maxCols);
      if (rs > l.maxSpan) { rs = l.maxSpan; clamped = true; }
      if (cs > l.maxSpan) { cs = l.maxSpan; clamped = true; }
      rs = Math.min(rs, n - r);
      cs = Math.min(cs, l.maxCols - c);
      let free = 1;
      while (free < cs && !taken.has(`${r},${c + free}`)) free++;
      cs = free;
      if (placed + rs * cs > l.maxCells) { cutRow = r; break rows; }
      placed += rs * cs;
      for (let dr = 0; dr < rs; dr++) for (let dc = 0; dc < cs; dc++) taken.add(`${r + dr},${c + dc}`);
      cells.push({ row: r, col: c, rowSpan: rs, colSpan: cs, text: src.text, header: Boolean(src.header) });
      width = Math.max(width, c + cs);
      c += cs;
    }
  }
  if (clamped) warnings.push(`row or column span larger than ${l.maxSpan} clamped`);
  if (colsCut) warnings.push(`table cut to ${l.maxCols} columns`);
  let rows = n;
  if (cutRow >= 0) { rows = cutRow; warnings.push(`table cut to ${l.maxCells} cells`); }
  if (rows * width > l.maxCells) rows = Math.max(0, Math.floor(l.maxCells / Math.max(1, width)));
  const kept = cells.filter((x) => x.row < rows);
  for (const k of kept) if (k.row + k.rowSpan > rows) k.rowSpan = rows - k.row;
  const pads: TableCell[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < width; c++) if (!taken.has(`${r},${c}`)) pads.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text: '', header: false });
  if (pads.length && padWarning) warnings.push('ragged rows padded with empty cells');
  if (rows === 0 || width === 0) return { rows: 0, cols: 0, cells: [] as TableCell[], warnings: [...warnings, 'empty table skipped'] };
  return { rows, cols: width, cells: kept.concat(pads).sort((a, b) => a.row - b.row || a.col - b.col), warnings };
}

describe('buildGrid', () => {
  it('lays out spans, clips, cuts and pads as the plain rules do, on random tables', () => {
    const rnd = random(7);
    const pick = <T,>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
    const spans = [undefined, undefined, undefined, 1, 2, 3, 0, 5, 40, 100000, Number.NaN, 1.7, -2];
    const words = ['', 'a', '2019', 'a text long enough to be copied', 'a text long enough to be copied', 'x y'];
    let padded = 0;
    for (let t = 0; t < 600; t++) {
      const limits: TableLimits | undefined = rnd() < 0.5 ? undefined : { maxRows: 1 + Math.floor(rnd() * 8), maxCols: 1 + Math.floor(rnd() * 8), maxCells: 1 + Math.floor(rnd() * 40), maxSpan: 1 + Math.floor(rnd() * 6) };
      // Hostile spans against small limits; under the defaults they would only make the test slow.
      const span = (col: boolean) => { const s = pick(spans); return limits ? s : s === 100000 ? 30 : col && s === 0 ? 4 : s; };
      const source: SourceCell[][] = Array.from({ length: Math.floor(rnd() * 9) }, () =>
        Array.from({ length: Math.floor(rnd() * 7) }, () => ({ text: pick(words), rowSpan: span(false), colSpan: span(true), header: rnd() < 0.3 })),
      );
      const padWarning = rnd() < 0.5;
      const warnings: string[] = [];
      const table = buildGrid(source, { limits, warnings, padWarning });
      const want = reference(source, limits, padWarning);
      expect({ rows: table.rows, cols: table.cols, cells: table.cells, warnings }).toEqual(want);
      if (want.warnings.includes('ragged rows padded with empty cells')) padded++;
    }
    // The random tables reach the padding path often enough to test it.
    expect(padded).toBeGreaterThan(50);
  });

  it('leaves no trace of one table in the next (a wide rowspan, then a narrow table)', () => {
    const wide = buildGrid([[{ text: 'a', rowSpan: 3, colSpan: 90 }, { text: 'b' }], [{ text: 'c' }]], { warnings: [] });
    expect(wide.cols).toBe(91);
    const next = buildGrid([[{ text: 'x' }, { text: 'y' }], [{ text: 'z' }, { text: 'w' }]], { warnings: [] });
    expect(next.cells.map((c) => [c.row, c.col, c.text])).toEqual([[0, 0, 'x'], [0, 1, 'y'], [1, 0, 'z'], [1, 1, 'w']]);
  });
});
