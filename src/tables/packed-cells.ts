import type { Table, TableCell } from '../types.ts';

/*
 * A table's cells kept packed once the table is parsed, and written out again as `TableCell`
 * objects when read. HiTab's 3,371 tables held 562,758 cell objects (72 bytes each in Node, 53.7 MB
 * with their texts) for 296,009 distinct texts per table; packed, a table keeps its distinct
 * texts as one string and a number or three per cell in one typed array.
 *
 * The table object stays the same one (caches keyed on it, `structureOf` and the summary
 * writers, stay valid); `cells` becomes its own enumerable accessor, so a spread,
 * `JSON.stringify`, `Object.entries` and the structured clone that carries a document out of the
 * worker all see a plain array. The cells are written again when read, at most once while their
 * table is among the last {@link RECENT} read (a query reads the same few tables many times).
 * A caller that assigns `cells` gets a plain data property, as on any table.
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
  /** The cells as objects while held (recently read, or just packed). */
  cells: TableCell[] | undefined;
}

const packed = new WeakMap<Table, Packed>();
const recent: Array<Packed | undefined> = new Array(RECENT);
let next = 0;

function hold(p: Packed, cells: TableCell[]): TableCell[] {
  p.cells = cells;
  const old = recent[next];
  if (old && old !== p) old.cells = undefined;
  recent[next] = p;
  next = (next + 1) % RECENT;
  return cells;
}

const CELLS: PropertyDescriptor = {
  get(this: Table) {
    const p = packed.get(this)!;
    return p.cells ?? hold(p, unpack(p));
  },
  set(this: Table, value: TableCell[]) {
    packed.delete(this);
    Object.defineProperty(this, 'cells', { value, writable: true, enumerable: true, configurable: true });
  },
  enumerable: true,
  configurable: true,
};

/**
 * Packs the cells of each table in place (see above). A table whose cells are not plain
 * `TableCell`s (another field, a position that is not a whole number) keeps them as they are;
 * one packed already is left alone.
 */
export function packTables(tables: readonly Table[]): void {
  for (const table of tables) {
    if (packed.has(table)) continue;
    const cells = table.cells;
    const p = pack(table, cells);
    if (!p) continue;
    packed.set(table, p);
    Object.defineProperty(table, 'cells', CELLS);
    hold(p, cells);
  }
}

function pack(table: Table, cells: TableCell[]): Packed | undefined {
  if (!Array.isArray(cells) || cells.length === 0) return undefined;
  const { rows, cols } = table;
  if (!isCount(rows) || !isCount(cols)) return undefined;
  const index = new Map<string, number>();
  const texts: string[] = [];
  let spanned = 0;
  let max = 0;
  for (const cell of cells) {
    if (!isPlainCell(cell)) return undefined;
    if (!index.has(cell.text)) {
      index.set(cell.text, texts.length);
      texts.push(cell.text);
    }
    if (cell.rowSpan !== 1 || cell.colSpan !== 1) spanned++;
    max = Math.max(max, cell.row, cell.col, cell.rowSpan, cell.colSpan);
  }
  const joined = texts.join('');
  const placed = rows * cols > 4 * cells.length + 1024 || !followsSpans(cells, rows, cols);
  const n = cells.length;
  const size = texts.length + n + 2 * spanned + (placed ? 2 * n : 0);
  max = Math.max(max, joined.length, 4 * texts.length);
  const data = max < 0x10000 ? new Uint16Array(size) : new Uint32Array(size);
  let end = 0;
  for (let i = 0; i < texts.length; i++) data[i] = end += texts[i]!.length;
  let span = texts.length + n;
  let at = span + 2 * spanned;
  for (let i = 0; i < n; i++) {
    const cell = cells[i]!;
    const spans = cell.rowSpan !== 1 || cell.colSpan !== 1;
    data[texts.length + i] = 4 * index.get(cell.text)! + (spans ? 2 : 0) + (cell.header ? 1 : 0);
    if (spans) {
      data[span++] = cell.rowSpan;
      data[span++] = cell.colSpan;
    }
    if (placed) {
      data[at++] = cell.row;
      data[at++] = cell.col;
    }
  }
  return { texts: joined, count: texts.length, length: n, data, placed, rows, cols, cells: undefined };
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

/** Whether each cell sits at the first position no earlier cell covers, and together they cover the grid once. */
function followsSpans(cells: TableCell[], rows: number, cols: number): boolean {
  if (rows === 0 || cols === 0) return false;
  const taken = new Uint8Array(rows * cols);
  let free = 0;
  for (const cell of cells) {
    while (free < taken.length && taken[free]) free++;
    if (free === taken.length || cell.row * cols + cell.col !== free || cell.col >= cols) return false;
    if (cell.rowSpan < 1 || cell.colSpan < 1 || cell.row + cell.rowSpan > rows || cell.col + cell.colSpan > cols) return false;
    if (!occupy(taken, cell.row, cell.col, cell.rowSpan, cell.colSpan, rows, cols)) return false;
  }
  while (free < taken.length && taken[free]) free++;
  return free === taken.length;
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

function isCount(v: unknown): v is number {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 0x80000000;
}

/** A cell with exactly the fields of a `TableCell`, in their order, of their types: what a packed cell is written back as. */
function isPlainCell(cell: TableCell): boolean {
  if (typeof cell !== 'object' || cell === null || Object.getPrototypeOf(cell) !== Object.prototype) return false;
  let n = 0;
  for (const key in cell) if (key !== KEYS[n++]) return false;
  return n === KEYS.length && isCount(cell.row) && isCount(cell.col) && isCount(cell.rowSpan) && isCount(cell.colSpan)
    && typeof cell.text === 'string' && typeof cell.header === 'boolean';
}
