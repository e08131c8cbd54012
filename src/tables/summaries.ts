import type { Table, TableCell } from '../types.ts';
import { cellRef } from './cell-ref.ts';
import { coverMap } from './grid.ts';
import { detectHeaders, type TableStructure } from './headers.ts';
import { MAX_SUMMARY_CHARS, MAX_TABLE_SUMMARY_ITEMS } from './settings.ts';

/** A passage written from a table: the whole table, one row, or one column. */
export interface TableSummary {
  kind: 'table' | 'table-row' | 'table-column';
  text: string;
  /** Grid cells `[row, col]` the summary speaks about. */
  cells: Array<[number, number]>;
  /**
   * The text as the pieces it was written from (given by {@link summarizeTable}): `texts[ids[0]]
   * + texts[ids[1]] + ...` is `text`, and `texts`, the table's distinct pieces, is shared by all
   * its summaries, so that the indexes tokenise each distinct piece of a table once
   * (`src/retrieval/text-pieces.ts`) and know it by number.
   */
  pieces?: { ids: number[]; texts: readonly string[] };
  /** Which summary it is: the grid row of a row summary, the grid column of a column summary, -1 for the table's. */
  at: number;
}

/**
 * Writes a table as sentences a retriever can match (MixRAG's H-RCL): one table-level
 * summary (title, column headers, row labels), one summary per data row — its full left
 * header path, then each value with its full top header path ("Mexican peso: in 2013 Buy
 * 11.2, in 2013 Sell none, in 2012 Buy 10.9") — and one per data column the other way
 * round. Units ride with the values. `style: 'rcl'` keeps only the innermost header level
 * (the ablation the paper reports). Deterministic: the same table gives the same text.
 */
export function summarizeTable(table: Table, options?: SummaryOptions): TableSummary[] {
  if (table.rows === 0 || table.cols === 0) return [];
  const w = new Writer(table, options, true);
  const out: TableSummary[] = [w.table()];
  for (const r of w.rows) {
    const s = w.row(r);
    if (s) out.push(s);
  }
  for (const c of w.columns) {
    const s = w.column(c);
    if (s) out.push(s);
  }
  return out;
}

/** Options of {@link summarizeTable} and {@link summaryWriter}. */
export interface SummaryOptions {
  title?: string;
  style?: 'h-rcl' | 'rcl';
  structure?: TableStructure;
}

/**
 * The summaries of one table, each on its own: what {@link summarizeTable} writes, summary by
 * summary, so that one row's or one column's can be written again without the rest (a table
 * passage keeps which summary it is and derives its text when read, `src/engine/table-passages.ts`).
 * `row(r)` and `column(c)` give the same text and cells as the whole table's summaries (which
 * alone carry their pieces).
 */
export interface SummaryWriter {
  /** The data rows and columns, in the order their summaries are written. */
  readonly rows: readonly number[];
  readonly columns: readonly number[];
  /** The table-level summary. */
  table(): TableSummary;
  /** Row `r`'s summary; undefined when the row has no value and no label (it has none). */
  row(r: number): TableSummary | undefined;
  /** Column `c`'s summary; undefined when the column has no value. */
  column(c: number): TableSummary | undefined;
}

/** The writer of a non-empty table's summaries (see {@link SummaryWriter}). */
export function summaryWriter(table: Table, options?: SummaryOptions): SummaryWriter {
  return new Writer(table, options);
}

/**
 * One table's summaries. A class, not closures: a table passage writes its summary again when
 * read (`src/engine/table-passages.ts`), so a writer is made per table read in a query, and its
 * header names are joined once per writer, not once per value.
 */
class Writer implements SummaryWriter {
  readonly rows: readonly number[];
  readonly columns: readonly number[];
  private readonly s: TableStructure;
  private readonly rcl: boolean;
  private readonly map: ReturnType<typeof coverMap>;
  private readonly heading: string;
  private readonly prefix: string;
  private readonly colNames: Array<string | undefined> = [];
  private readonly rowNames: Array<string | undefined> = [];
  // Each summary is written as pieces (the heading, a header path, a value with what follows it),
  // so that each distinct piece of the table is tokenised once (`src/retrieval/text-pieces.ts`):
  // a column's path is in every row summary, a row's label in every column summary. Numbered
  // (`numbered`, at ingest): the table's distinct pieces, each once, and their numbers.
  private readonly columnPiece = new Map<number, string>();
  private readonly rowPiece = new Map<number, string>();
  private readonly texts: string[] = [];
  private readonly pieceNo = new Map<string, number>();
  // Scratch of the summary being written (one at a time): the positions along it that hold a
  // value, those values, their shared unit (`present`), and its pieces with their slots (`add`).
  private at: number[] = [];
  private values: string[] = [];
  private unit: string | undefined;
  private pieces: string[] = [];
  private slots: number[] = [];
  private readonly cols: number;
  /** The first slot after those of the cells' values. */
  private readonly base: number;
  /**
   * Numbered: the numbers of pieces known by their slot, plus one (0 until written, so that a new array needs no fill): a cell's value in
   * its four forms (its own unit or not, then ", " or "."), the heading, a column's path, a
   * row's label (`add`). Undefined for a writer that writes a summary or two (at query time).
   */
  private readonly known: Int32Array | undefined;

  constructor(private readonly grid: Table, options?: SummaryOptions, private readonly numbered = false) {
    const s = (this.s = options?.structure ?? detectHeaders(grid));
    this.rows = s.dataRows;
    this.columns = s.dataCols;
    this.rcl = options?.style === 'rcl';
    this.map = coverMap(grid);
    const title = clean(options?.title ?? grid.caption ?? '');
    const caption = clean(grid.caption ?? '');
    // A title that already holds the caption ("Alpine Linux: releases") is not followed by it again.
    this.heading = title && caption && !title.toLowerCase().includes(caption.toLowerCase()) ? `${title}: ${caption}` : title || caption;
    this.prefix = this.heading ? `${this.heading}. ` : '';
    this.cols = grid.cols;
    this.base = grid.rows * grid.cols * 4;
    const slots = this.base + 1 + grid.cols + grid.rows;
    // A very large sheet is numbered by text alone: its slots would cost more than they save.
    this.known = numbered && slots <= MAX_SLOTS ? new Int32Array(slots) : undefined;
  }

  private path(p: string[]): string[] {
    return this.rcl ? p.slice(-1) : p;
  }

  private colName(c: number): string {
    return (this.colNames[c] ??= this.path(this.s.columnPaths[c] ?? []).join(' '));
  }

  private rowName(r: number): string {
    return (this.rowNames[r] ??= this.path(this.s.rowPaths[r] ?? []).join(', '));
  }

  private valueAt(r: number, c: number): string {
    const cell = this.map.at(r, c);
    if (!cell || cell.row !== r || cell.col !== c) return '';
    return clean(cell.text);
  }

  private unitOf(r: number, c: number): string | undefined {
    return this.s.units[c] ?? this.s.rowUnits[r];
  }

  // Table level: what the table is about, what it measures, what it lists.
  table(): TableSummary {
    const s = this.s;
    const heading = this.heading;
    const headerNames = new Set<string>();
    for (const c of s.dataCols) {
      const name = this.colName(c);
      if (name) headerNames.add(name);
    }
    const stubNames = new Set<string>();
    for (let c = 0; c < s.headerCols; c++) {
      const name = this.colName(c);
      if (name) stubNames.add(name);
    }
    // Row labels level by level in reading order, each once: group labels are not repeated per row.
    const rowNames = new Set<string>();
    for (const r of [...s.dataRows, ...s.groupRows].sort(ascending)) {
      for (const label of this.path(s.rowPaths[r] ?? [])) if (label) rowNames.add(label);
    }
    const units = new Set<string>();
    for (const u of s.units) if (u) units.add(u);
    const parts: string[] = [];
    if (heading) parts.push(`${heading}.`);
    if (headerNames.size) parts.push(`Columns: ${listCap([...headerNames])}.`);
    if (stubNames.size) parts.push(`Rows by ${[...stubNames].join(', ')}: ${listCap([...rowNames])}.`);
    else if (rowNames.size) parts.push(`Rows: ${listCap([...rowNames])}.`);
    if (units.size) parts.push(`Units: ${[...units].join(', ')}.`);
    // A period written as a range ("2010 to 2014", "fys 2010-14") covers the years inside it,
    // and questions name those years ("in 2012, ..."): spell them out once.
    const years = yearsInRanges(headerNames.size ? `${heading} ${[...headerNames].join(' ')}` : heading);
    if (years.length) parts.push(`Years: ${years.join(', ')}.`);
    if (parts.length === 0) parts.push(flattenTable(this.grid).slice(0, MAX_SUMMARY_CHARS));
    return { kind: 'table', text: cap(parts.join(' ')), cells: [], at: -1 };
  }

  /**
   * The values along a row (`r` >= 0: at its data columns) or a column (`c` >= 0: at its data
   * rows) into the scratch `at` / `values`, and their unit (see {@link Writer.unit}).
   */
  private present(r: number, c: number): void {
    // New arrays, not emptied ones: setting an array's length is a call into the runtime.
    const at: number[] = (this.at = []);
    const values: string[] = (this.values = []);
    const positions = r >= 0 ? this.s.dataCols : this.s.dataRows;
    for (let i = 0; i < positions.length; i++) {
      const x = positions[i]!;
      const v = r >= 0 ? this.valueAt(r, x) : this.valueAt(x, c);
      if (v) {
        at.push(x);
        values.push(v);
      }
    }
    // A unit shared by every value of a summary is said once at its end ('' when they share
    // having none); undefined when units are mixed (or there are no values), and each value then
    // carries its own.
    let unit: string | undefined;
    if (at.length) {
      unit = (r >= 0 ? this.unitOf(r, at[0]!) : this.unitOf(at[0]!, c)) ?? '';
      for (let i = 1; i < at.length; i++) {
        if (((r >= 0 ? this.unitOf(r, at[i]!) : this.unitOf(at[i]!, c)) ?? '') !== unit) {
          unit = undefined;
          break;
        }
      }
    }
    this.unit = unit;
  }

  // One summary per data row: its label, then each value with its column's path.
  row(r: number): TableSummary | undefined {
    const s = this.s;
    const label = this.rowName(r);
    // One `[row, col]` tuple per grid position, shared by every summary (and table) that cites it (`cell-ref.ts`).
    const cells: Array<[number, number]> = [];
    // A merged row header covers consecutive columns: cited once.
    let last: TableCell | undefined;
    for (let c = 0; c < s.headerCols; c++) {
      const cell = this.map.at(r, c);
      if (cell && cell !== last && cell.text.trim()) cells.push(cellRef(cell.row, cell.col));
      last = cell;
    }
    this.present(r, -1);
    const { at, values, unit } = this;
    if (at.length === 0 && !label) return undefined;
    this.start();
    if (this.prefix) this.add(this.prefix, this.base);
    if (label) this.add(`${label}: `, -1);
    const end = unit ? ` (${unit}).` : '.';
    for (let k = 0; k < at.length; k++) {
      const c = at[k]!;
      const name = this.colName(c);
      if (name) {
        let piece = this.columnPiece.get(c);
        if (piece === undefined) this.columnPiece.set(c, (piece = `in ${name} `));
        this.add(piece, this.base + 1 + c);
      }
      this.value(r, c, values[k]!, k === at.length - 1 ? end : undefined);
      cells.push(cellRef(r, c));
    }
    if (at.length === 0) this.add(end, -1);
    return this.summary('table-row', cells, r);
  }

  // One summary per data column: its path, then each value with its row's label.
  column(c: number): TableSummary | undefined {
    const name = this.colName(c);
    this.present(-1, c);
    const { at, values, unit } = this;
    if (at.length === 0) return undefined;
    this.start();
    if (this.prefix) this.add(this.prefix, this.base);
    if (name) this.add(`${name}: `, -1);
    const end = unit ? ` (${unit}).` : '.';
    const cells: Array<[number, number]> = [];
    for (let k = 0; k < at.length; k++) {
      const r = at[k]!;
      const label = this.rowName(r);
      if (label) {
        let piece = this.rowPiece.get(r);
        if (piece === undefined) this.rowPiece.set(r, (piece = `${label} `));
        this.add(piece, this.base + 1 + this.cols + r);
      }
      this.value(r, c, values[k]!, k === at.length - 1 ? end : undefined);
      cells.push(cellRef(r, c));
    }
    return this.summary('table-column', cells, c);
  }

  /** Begins a summary's pieces (scratch: one summary is written at a time). */
  private start(): void {
    this.pieces = [];
    this.slots = [];
  }

  /**
   * Adds a piece; `slot` names it in {@link Writer.known} (the same slot is always the same
   * text), -1 for a piece written once per table (a label, an end).
   */
  private add(piece: string, slot: number): void {
    this.pieces.push(piece);
    this.slots.push(slot);
  }

  /**
   * Adds cell `(r, c)`'s value `v` and what follows it: ", ", or `end` after the summary's last.
   * Its unit is its own unless the summary's values share one. A row's and a column's summary
   * write a cell's value alike: the second is read back by its slot, not written again.
   */
  private value(r: number, c: number, v: string, end: string | undefined): void {
    const own = this.unit === undefined;
    const slot = this.known && (end === undefined || end === '.') ? ((r * this.cols + c) << 2) | (own ? 1 : 0) | (end === undefined ? 0 : 2) : -1;
    const n = slot >= 0 ? this.known![slot]! - 1 : -1;
    if (n >= 0) return this.add(this.texts[n]!, slot);
    const shown = own ? this.render(v, this.unitOf(r, c)) : v;
    this.add(end === undefined ? `${shown}, ` : `${shown}${end}`, slot);
  }

  private render(v: string, unit: string | undefined): string {
    return unit && !v.toLowerCase().includes(unit.toLowerCase()) ? `${v} (${unit})` : v;
  }

  private summary(kind: 'table-row' | 'table-column', cells: Array<[number, number]>, at: number): TableSummary {
    const pieces = this.pieces;
    const whole = pieces.join('');
    const text = cap(whole);
    if (!this.numbered) return { kind, text, cells, at };
    const ids: number[] = [];
    if (text === whole) {
      const known = this.known;
      const slots = this.slots;
      for (let i = 0; i < pieces.length; i++) {
        const slot = known ? slots[i]! : -1;
        let n = slot >= 0 ? known![slot]! - 1 : -1;
        if (n < 0) {
          n = this.number(pieces[i]!);
          if (slot >= 0) known![slot] = n + 1;
        }
        ids.push(n);
      }
    } else {
      for (const piece of cutPieces(pieces, text)) ids.push(this.number(piece));
    }
    return { kind, text, cells, pieces: { ids, texts: this.texts }, at };
  }

  /** The number of a distinct piece of the table (numbered in the order first written). */
  private number(piece: string): number {
    let n = this.pieceNo.get(piece);
    if (n === undefined) {
      n = this.texts.push(piece) - 1;
      this.pieceNo.set(piece, n);
    }
    return n;
  }
}

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * The whole grid as plain text, a line per row with cells separated by ` | `, caption
 * first: what a standard RAG pipeline indexes, kept as the baseline and as the table's
 * place in the document text. Merged cells appear once, at their top-left position.
 */
export function flattenTable(table: Table): string {
  const lines: string[] = [];
  if (table.caption?.trim()) lines.push(clean(table.caption));
  const byRow: string[][] = Array.from({ length: table.rows }, () => []);
  for (const cell of table.cells) {
    if (cell.row < table.rows) byRow[cell.row]!.push(clean(cell.text));
  }
  for (const row of byRow) {
    const line = row.join(' | ').replace(/(\s\|\s)+$/, '').trim();
    if (line.replace(/[|\s]/g, '')) lines.push(line);
  }
  return lines.join('\n');
}

const YEAR_RANGE = /\b((?:19|20)\d\d)(?:\/\d{2,4})?\s*(?:-|–|to|through|until)\s*((?:19|20)?\d\d)(?:\/\d{2,4})?\b/gi;

/** Years strictly inside written ranges, in order, at most 30 per range (a longer span is not a period a table covers). */
function yearsInRanges(text: string): string[] {
  const out = new Set<string>();
  // `exec`, not `matchAll`, which copies the expression at every call (once per table).
  YEAR_RANGE.lastIndex = 0;
  for (let m = YEAR_RANGE.exec(text); m; m = YEAR_RANGE.exec(text)) {
    const from = Number(m[1]);
    let to = Number(m[2]);
    if (m[2]!.length === 2) to = Math.floor(from / 100) * 100 + to;
    if (!(to > from + 1) || to - from > 30) continue;
    for (let y = from + 1; y < to; y++) out.add(String(y));
  }
  return [...out];
}

/** White space that {@link clean} changes: any but a single inner space. */
const UNCLEAN = /[^\S ]| {2}|^ | $/;

function clean(t: string): string {
  // Most cells are clean already: a test allocates nothing (summaries are written again when read).
  return UNCLEAN.test(t) ? t.replace(/\s+/g, ' ').trim() : t;
}

function cap(text: string): string {
  if (text.length <= MAX_SUMMARY_CHARS) return text;
  const cut = text.lastIndexOf(', ', MAX_SUMMARY_CHARS - 1);
  return `${text.slice(0, cut > MAX_SUMMARY_CHARS / 2 ? cut : MAX_SUMMARY_CHARS - 1)} …`;
}

/** The pieces of a summary that {@link cap} cut to `text`: those before the cut, the cut one shortened. */
function cutPieces(pieces: string[], text: string): string[] {
  const kept: string[] = [];
  let at = 0;
  for (const piece of pieces) {
    if (at + piece.length > text.length || !text.startsWith(piece, at)) break;
    kept.push(piece);
    at += piece.length;
  }
  if (at < text.length) kept.push(text.slice(at));
  return kept;
}

function listCap(items: string[]): string {
  const shown = items.slice(0, MAX_TABLE_SUMMARY_ITEMS);
  const more = items.length - shown.length;
  return shown.join('; ') + (more > 0 ? `; and ${more} more` : '');
}

/** Most slots a numbering writer keeps (4 MB): a sheet of up to 262k cells. */
const MAX_SLOTS = 1 << 20;
