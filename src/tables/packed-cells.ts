import type { Table, TableCell } from '../types.ts';
import { RecentlyRead } from '../ingest/recently-read.ts';

/*
 * A table's cells kept packed once the table is parsed, and written out again as `TableCell`
 * objects when read. HiTab's 3,371 tables held 562,758 cell objects (72 bytes each in Node, 53.7 MB
 * with their texts) for 296,009 distinct texts per table; packed, a table keeps its distinct
 * texts as one string and, in one typed array, a number per cell and two more for a cell that
 * spans (4.8 MB in all).
 *
 * A table is made with `cells` as its own enumerable accessor ({@link defineCells}, by
 * `buildGrid`), so a spread, `JSON.stringify`, `Object.entries` and the structured clone that
 * carries a document out of the worker all see a plain array, and packing it later changes no
 * property of the table (made in place, the accessor would leave the table's properties slow to
 * read). The table stays the same object, so the caches keyed on it (`structureOf`, the summary
 * writers) stay valid. Packed, its cells are written again when read, at most once while it is
 * among the last {@link RECENT} tables written again (a HiTab query writes 6 on average). A
 * caller that assigns `cells` gets a plain data property, as on any table.
 */

/** Tables whose cells are held as objects, most recent last: one query's candidates, several times over. */
const RECENT = 64;

const KEYS = ['row', 'col', 'rowSpan', 'colSpan', 'text', 'header'] as const;

interface Packed {
  /** The table's distinct cell texts, one after another, in the order the cells first use them. */
  texts: string;
  /** How many distinct texts. */
  count: number;
  /** How many cells. */
  length: number;
  /**
   * The end of each distinct text in `texts` (`count` numbers); then per cell its text's index
   * times four, plus two when it spans more than one position, plus one when it is a header;
   * then the row and column spans of each cell that has them; then, when {@link Packed.placed},
   * each cell's row and column.
   */
  data: Uint16Array | Uint32Array;
  /**
   * Whether the positions are stored. They are not when they follow from the spans: each cell at
   * the first position no earlier one covers, row by row, the cells covering the grid once
   * (what `buildGrid` makes).
   */
  placed: boolean;
  rows: number;
  cols: number;
}

/** What a table made by {@link defineCells} holds behind its `cells`. */
interface Held {
  /** The cells as objects: until packed, then while recently read. */
  cells: TableCell[] | undefined;
  packed: Packed | undefined;
}

// A symbol, not enumerable: no spread, JSON, clone or `Object.keys` sees it.
const HELD = Symbol('cells');
type WithHeld = Table & { [HELD]: Held };

const recent = new RecentlyRead<Held>(RECENT, (h) => {
  if (h.packed) h.cells = undefined;
});

function hold(h: Held, cells: TableCell[]): TableCell[] {
  h.cells = cells;
  recent.touch(h);
  return cells;
}

const CELLS: PropertyDescriptor = {
  get(this: WithHeld) {
    const h = this[HELD];
    return h.cells ?? hold(h, unpack(h.packed!));
  },
  set(this: WithHeld, value: TableCell[]) {
    Object.defineProperty(this, 'cells', { value, writable: true, enumerable: true, configurable: true });
    const h = this[HELD];
    h.cells = h.packed = undefined;
  },
  enumerable: true,
  configurable: true,
};

/**
 * Gives a table under construction its `cells` (the next property of the table, in the order a
 * literal would have it), held as objects until {@link packTables}.
 */
export function defineCells(table: Omit<Table, 'cells'>, cells: TableCell[]): void {
  Object.defineProperty(table, HELD, { value: { cells, packed: undefined } satisfies Held });
  Object.defineProperty(table, 'cells', CELLS);
}

/**
 * Packs the cells of each table made by {@link defineCells} (see above); they stay held as
 * objects until as many other tables have been read. Other tables, those packed already and
 * those whose cells are not plain `TableCell`s (another field, a position that is not a whole
 * number) are left as they are.
 */
export function packTables(tables: readonly Table[]): void {
  for (const table of tables) {
    const h = (table as Partial<WithHeld>)[HELD];
    if (!h || h.packed || !h.cells) continue;
    const p = pack(table, h.cells);
    if (!p) continue;
    h.packed = p;
    hold(h, h.cells);
  }
}

function pack(table: Table, cells: TableCell[]): Packed | undefined {
  const n = cells.length;
  const { rows, cols } = table;
  if (n === 0 || !isCount(rows) || !isCount(cols) || rows * cols === 0) return undefined;
  const index = new Map<string, number>();
  const texts: string[] = [];
  const keys = new Uint32Array(n);
  let spanned = 0;
  let max = Math.max(rows, cols);
  // The positions are checked against a replay of the layout as they are read.
  let taken: Uint8Array | undefined = rows * cols <= 4 * n + 1024 ? new Uint8Array(rows * cols) : undefined;
  let free = 0;
  for (let i = 0; i < n; i++) {
    const cell = cells[i]!;
    if (!isPlainCell(cell)) return undefined;
    const { row, col, rowSpan, colSpan } = cell;
    let k = index.get(cell.text);
    if (k === undefined) {
      index.set(cell.text, (k = texts.length));
      texts.push(cell.text);
    }
    const spans = rowSpan !== 1 || colSpan !== 1;
    if (spans) spanned++;
    keys[i] = 4 * k + (spans ? 2 : 0) + (cell.header ? 1 : 0);
    if (row >= max || col >= max || rowSpan > max || colSpan > max) max = Math.max(max, row + 1, col + 1, rowSpan, colSpan);
    if (taken) {
      while (free < taken.length && taken[free]) free++;
      if (row * cols + col !== free || col >= cols) taken = undefined;
      else if (!spans) taken[free] = 1;
      else if (rowSpan < 1 || colSpan < 1 || row + rowSpan > rows || col + colSpan > cols || !occupy(taken, row, col, rowSpan, colSpan, rows, cols)) taken = undefined;
    }
  }
  if (taken) while (free < taken.length && taken[free]) free++;
  const placed = !taken || free !== taken.length;
  const joined = texts.join('');
  const count = texts.length;
  const size = count + n + 2 * spanned + (placed ? 2 * n : 0);
  max = Math.max(max, joined.length, 4 * count);
  const data = max < 0x10000 ? new Uint16Array(size) : new Uint32Array(size);
  let end = 0;
  for (let i = 0; i < count; i++) data[i] = end += texts[i]!.length;
  data.set(keys, count);
  if (spanned || placed) {
    let span = count + n;
    let at = span + 2 * spanned;
    for (let i = 0; i < n; i++) {
      const cell = cells[i]!;
      if (keys[i]! & 2) {
        data[span++] = cell.rowSpan;
        data[span++] = cell.colSpan;
      }
      if (placed) {
        data[at++] = cell.row;
        data[at++] = cell.col;
      }
    }
  }
  return { texts: joined, count, length: n, data, placed, rows, cols };
}

function unpack(p: Packed): TableCell[] {
  const { data, count, cols, placed } = p;
  const texts: string[] = new Array(count);
  let start = 0;
  for (let i = 0; i < count; i++) {
    const end = data[i]!;
    texts[i] = p.texts.slice(start, end);
    start = end;
  }
  const n = p.length;
  let spanned = 0;
  for (let i = count; i < count + n; i++) if (data[i]! & 2) spanned++;
  const cells: TableCell[] = new Array(n);
  // Positions replayed the way `buildGrid` placed the cells: each at the first free position.
  const taken = placed || !spanned ? undefined : new Uint8Array(p.rows * cols);
  let free = 0;
  let span = count + n;
  let at = span + 2 * spanned;
  for (let i = 0; i < n; i++) {
    const key = data[count + i]!;
    let row: number;
    let col: number;
    let rowSpan = 1;
    let colSpan = 1;
    if (key & 2) {
      rowSpan = data[span++]!;
      colSpan = data[span++]!;
    }
    if (placed) {
      row = data[at++]!;
      col = data[at++]!;
    } else if (taken) {
      while (taken[free]) free++;
      row = Math.floor(free / cols);
      col = free - row * cols;
      occupy(taken, row, col, rowSpan, colSpan, p.rows, cols);
    } else {
      row = Math.floor(i / cols);
      col = i - row * cols;
    }
    cells[i] = { row, col, rowSpan, colSpan, text: texts[key >>> 2]!, header: (key & 1) === 1 };
  }
  return cells;
}

/** Marks the positions a cell covers; false when one was covered already. */
function occupy(taken: Uint8Array, row: number, col: number, rowSpan: number, colSpan: number, rows: number, cols: number): boolean {
  let fresh = true;
  for (let r = row; r < Math.min(rows, row + rowSpan); r++) {
    for (let c = col; c < Math.min(cols, col + colSpan); c++) {
      if (taken[r * cols + c]) fresh = false;
      taken[r * cols + c] = 1;
    }
  }
  return fresh;
}

/** A whole number from 0 to 2^31 - 1. */
function isCount(v: unknown): v is number {
  return typeof v === 'number' && (v | 0) === v && v >= 0;
}

/** A cell with exactly the fields of a `TableCell`, in their order, of their types: what a packed cell is written back as. */
function isPlainCell(cell: TableCell): boolean {
  if (typeof cell !== 'object' || cell === null || Object.getPrototypeOf(cell) !== Object.prototype) return false;
  let n = 0;
  for (const key in cell) if (key !== KEYS[n++]) return false;
  return n === KEYS.length && isCount(cell.row) && isCount(cell.col) && isCount(cell.rowSpan) && isCount(cell.colSpan)
    && typeof cell.text === 'string' && typeof cell.header === 'boolean';
}
