/**
 * A table as the engine's text writes it (caption, then one line per row, cells joined by
 * " | ", the layout of `flattenTable`), with each cell's characters mapped to where the cell is
 * in the source, and each cell's place in that text for citations.
 */
import type { Table, TableCell } from '../types.ts';
import { collapseMapped, MappedBuilder, synthetic, type Mapped } from './source-map.ts';

const clean = (t: string) => t.replace(/\s+/g, ' ').trim();

interface Layout {
  /** Per output line: the pieces (cell index or a separator string) and the kept range of the joined line. */
  lines: Array<{ caption: boolean; pieces: Array<number | string>; from: number; to: number }>;
}

function layout(table: Table): Layout {
  const lines: Layout['lines'] = [];
  if (table.caption?.trim()) lines.push({ caption: true, pieces: [], from: 0, to: clean(table.caption).length });
  const byRow: number[][] = Array.from({ length: table.rows }, () => []);
  table.cells.forEach((cell, i) => {
    if (cell.row < table.rows) byRow[cell.row]!.push(i);
  });
  for (const row of byRow) {
    const texts = row.map((i) => clean(table.cells[i]!.text));
    const joined = texts.join(' | ');
    const kept = joined.replace(/(\s\|\s)+$/, '');
    if (!kept.replace(/[|\s]/g, '')) continue;
    let from = 0;
    while (from < kept.length && /\s/.test(kept[from]!)) from++;
    let to = kept.length;
    while (to > from && /\s/.test(kept[to - 1]!)) to--;
    const pieces: Array<number | string> = [];
    row.forEach((i, k) => {
      if (k > 0) pieces.push(' | ');
      pieces.push(i);
    });
    lines.push({ caption: false, pieces, from, to });
  }
  return { lines };
}

/**
 * `flattenTable(table)` as a {@link Mapped}: `cellSource(cell)` gives a cell's text with its
 * origin; a cell it cannot place (or whose text differs from the grid's) sits at `fallback`.
 */
export function flattenMapped(
  table: Table,
  cellSource: (cell: TableCell, index: number) => Mapped | undefined,
  fallback: number,
  captionSource?: Mapped,
): Mapped {
  const out = new MappedBuilder();
  let last = fallback;
  for (const line of layout(table).lines) {
    if (out.length) out.append('\n', last + 1);
    if (line.caption) {
      const want = clean(table.caption!);
      const cap = captionSource && collapseMapped(captionSource);
      out.appendMapped(cap && cap.text === want ? cap : synthetic(want, fallback));
      last = out.lastSource(fallback);
      continue;
    }
    const joined = new MappedBuilder();
    for (const piece of line.pieces) {
      if (typeof piece === 'string') {
        joined.append(piece, joined.lastSource(last) + 1);
        continue;
      }
      const cell = table.cells[piece]!;
      const want = clean(cell.text);
      const got = cellSource(cell, piece);
      const mapped = got && collapseMapped(got);
      joined.appendMapped(mapped && mapped.text === want ? mapped : synthetic(want, joined.lastSource(last) + 1));
    }
    out.appendMapped(joined.build(), line.from, line.to);
    last = out.lastSource(last);
  }
  return out.build();
}

/**
 * Where a cell's text lies in the engine's text of its table, `[start, end)` relative to
 * `table.start` (add it for offsets into `StoredDocument.text`). Undefined for a cell the
 * text does not show (empty, or in a row of empty cells).
 */
export function cellTextSpan(table: Table, row: number, col: number): { start: number; end: number } | undefined {
  let offset = 0;
  for (const line of layout(table).lines) {
    if (line.caption) {
      offset += line.to - line.from + 1;
      continue;
    }
    let at = 0;
    for (const piece of line.pieces) {
      if (typeof piece === 'string') {
        at += piece.length;
        continue;
      }
      const cell = table.cells[piece]!;
      const len = clean(cell.text).length;
      if (cell.row === row && cell.col === col) {
        const start = Math.max(at, line.from);
        const end = Math.min(at + len, line.to);
        return end > start ? { start: offset + start - line.from, end: offset + end - line.from } : undefined;
      }
      at += len;
    }
    offset += line.to - line.from + 1;
  }
  return undefined;
}
