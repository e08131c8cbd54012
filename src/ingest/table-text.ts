/**
 * A table as the engine's text writes it (caption, then one line per row, cells joined by
 * " | ", the layout of `flattenTable`), with each cell's characters mapped to where the cell is
 * in the source, and each cell's place in that text for citations.
 */
import type { Table, TableCell } from '../types.ts';
import { isCollapsed, isSpace } from '../text/white-space.ts';
import { collapseMapped, MappedBuilder, type Mapped } from './source-map.ts';

/** White space collapsed to single spaces, trimmed (`t.replace(/\s+/g, ' ').trim()`); a clean text is returned as it is. */
const clean = (t: string) => (isCollapsed(t) ? t : t.replace(/\s+/g, ' ').trim());

const SEPARATOR = ' | ';

/**
 * The lines of a table's text. Row `r`'s cells are `order[rowStart[r] .. rowStart[r + 1])`
 * (indexes into `table.cells`, in their order); a row's line runs to its last non-empty cell
 * (trailing empty cells write nothing), starts after the first separator's space when its
 * first cell is empty, and is left out when it shows nothing but bars.
 */
interface Layout {
  /** `clean(cell.text)` per cell. */
  texts: string[];
  order: Int32Array;
  rowStart: Int32Array;
  /** Per row: the end (exclusive, in `order`) of its line, or -1 when the row writes no line. */
  lineEnd: Int32Array;
  /** The caption line's text, when there is one. */
  caption?: string;
}

function layout(table: Table): Layout {
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
  const caption = table.caption?.trim() ? clean(table.caption) : undefined;
  return { texts, order, rowStart, lineEnd, ...(caption !== undefined ? { caption } : {}) };
}

/** Whether a clean text is nothing but bars and spaces (a row of such cells writes no line). */
function onlyBars(t: string): boolean {
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c !== 124 && !isSpace(c)) return false;
  }
  return true;
}

/**
 * `flattenTable(table)` as a {@link Mapped}: `cellSource(cell)` gives a cell's text with its
 * origin; a cell it cannot place (or whose text differs from the grid's) sits just after the
 * character before it (`fallback` at the start). Written in one pass into one builder: each
 * separator continues the character before it, so a row costs an anchor per cell, not per character.
 */
export function flattenMapped(
  table: Table,
  cellSource: (cell: TableCell, index: number) => Mapped | undefined,
  fallback: number,
  captionSource?: Mapped,
): Mapped {
  const out = new MappedBuilder();
  const { texts, order, rowStart, lineEnd, caption } = layout(table);
  // Source offset of the last character written (of a line, including what the line cuts off).
  let last = fallback;
  if (caption !== undefined) {
    const cap = captionSource && collapseMapped(captionSource);
    if (cap && cap.text === caption) out.appendMapped(cap);
    else out.append(caption, fallback);
    last = out.lastSource(fallback);
  }
  for (let r = 0; r < table.rows; r++) {
    const end = lineEnd[r]!;
    if (end < 0) continue;
    if (out.length) out.append('\n', last + 1);
    const first = rowStart[r]!;
    // A line that starts with an empty cell starts at the bar of the separator after it.
    const cut = texts[order[first]!] === '';
    for (let k = first; k < end; k++) {
      const i = order[k]!;
      if (k > first) {
        if (cut && k === first + 1) out.append('| ', last + 2);
        else out.append(SEPARATOR, last + 1);
        last += 3;
      }
      const want = texts[i]!;
      if (!want) continue;
      const got = cellSource(table.cells[i]!, i);
      // A text equal to the clean `want` is collapsed already.
      const mapped = got && (got.text === want ? got : collapseMapped(got));
      if (mapped && mapped.text === want) {
        out.appendMapped(mapped);
        last = out.lastSource(last);
      } else {
        out.append(want, last + 1);
        last += want.length;
      }
    }
  }
  return out.build();
}

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
