/**
 * A table's text with each cell's characters mapped to where the cell is in the source: the
 * lines of `table-text.ts`, written for the readers.
 */
import type { Table, TableCell } from '../types.ts';
import { collapseMapped, MappedBuilder, type Mapped } from './mapped.ts';
import { layout, SEPARATOR } from './table-text.ts';

/**
 * `flattenTable(table)` as a {@link Mapped}: `cellSource(cell)` gives a cell's text with its
 * origin, or as a number the offset its text (the grid's, clean) starts at in the source, as it
 * is there (most cells: no object per cell); a cell it cannot place (or whose text differs from the grid's) sits just after the
 * character before it (`fallback` at the start). Written in one pass into one builder: each
 * separator continues the character before it, so a row costs an anchor per cell, not per character.
 */
export function flattenMapped(
  table: Table,
  cellSource: (cell: TableCell, index: number) => Mapped | number | undefined,
  fallback: number,
  captionSource?: Mapped,
): Mapped {
  const out = new MappedBuilder();
  const { texts, order, rowStart, lineEnd, caption } = layout(table);
  const cells = table.cells;
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
      const got = cellSource(cells[i]!, i);
      if (typeof got === 'number') {
        out.append(want, got);
        last = got + want.length - 1;
        continue;
      }
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

