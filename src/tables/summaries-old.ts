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
    const colName = (c: number) => this.colName(c);
    const headerNames = unique(s.dataCols.map(colName).filter(Boolean));
    const stubNames = unique(range(0, s.headerCols).map(colName).filter(Boolean));
    // Row labels level by level in reading order, each once: group labels are not repeated per row.
    const rowNames = unique(
      [...s.dataRows, ...s.groupRows].sort((a, b) => a - b).flatMap((r) => this.path(s.rowPaths[r] ?? [])).filter(Boolean),
    );
    const units = unique(s.units.filter((u): u is string => Boolean(u)));
    const parts: string[] = [];
    if (heading) parts.push(`${heading}.`);
    if (headerNames.length) parts.push(`Columns: ${listCap(headerNames)}.`);
    if (stubNames.length) parts.push(`Rows by ${stubNames.join(', ')}: ${listCap(rowNames)}.`);
    else if (rowNames.length) parts.push(`Rows: ${listCap(rowNames)}.`);
    if (units.length) parts.push(`Units: ${units.join(', ')}.`);
    // A period written as a range ("2010 to 2014", "fys 2010-14") covers the years inside it,
    // and questions name those years ("in 2012, ..."): spell them out once.
    const years = yearsInRanges([heading, ...headerNames].join(' '));
    if (years.length) parts.push(`Years: ${years.join(', ')}.`);
    if (parts.length === 0) parts.push(flattenTable(this.grid).slice(0, MAX_SUMMARY_CHARS));
    return { kind: 'table', text: cap(parts.join(' ')), cells: [], at: -1 };
  }

  /** The positions along a row (its data columns) or a column (its data rows) that hold a value, and those values. */
  private present(positions: readonly number[], valueAt: (i: number) => string): { at: number[]; values: string[] } {
    const at: number[] = [];
    const values: string[] = [];
    for (const i of positions) {
      const v = valueAt(i);
      if (v) {
        at.push(i);
        values.push(v);
      }
    }
    return { at, values };
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
    const { at, values } = this.present(s.dataCols, (c) => this.valueAt(r, c));
    if (at.length === 0 && !label) return undefined;
    const unit = this.sharedUnit(at.map((c) => this.unitOf(r, c)));
    const pieces: string[] = [];
    if (this.prefix) pieces.push(this.prefix);
    if (label) pieces.push(`${label}: `);
    const end = `${unit ? ` (${unit})` : ''}.`;
    for (let k = 0; k < at.length; k++) {
      const c = at[k]!;
      const v = unit === undefined ? this.render(values[k]!, this.unitOf(r, c)) : values[k]!;
      const name = this.colName(c);
      if (name) {
        let piece = this.columnPiece.get(c);
        if (piece === undefined) this.columnPiece.set(c, (piece = `in ${name} `));
        pieces.push(piece);
      }
      pieces.push(k < at.length - 1 ? `${v}, ` : `${v}${end}`);
      cells.push(cellRef(r, c));
    }
    if (at.length === 0) pieces.push(end);
    return this.summary('table-row', pieces, cells, r);
  }

  // One summary per data column: its path, then each value with its row's label.
  column(c: number): TableSummary | undefined {
    const s = this.s;
    const name = this.colName(c);
    const { at, values } = this.present(s.dataRows, (r) => this.valueAt(r, c));
    if (at.length === 0) return undefined;
    const unit = this.sharedUnit(at.map((r) => this.unitOf(r, c)));
    const pieces: string[] = [];
    if (this.prefix) pieces.push(this.prefix);
    if (name) pieces.push(`${name}: `);
    const end = `${unit ? ` (${unit})` : ''}.`;
    const cells: Array<[number, number]> = [];
    for (let k = 0; k < at.length; k++) {
      const r = at[k]!;
      const v = unit === undefined ? this.render(values[k]!, this.unitOf(r, c)) : values[k]!;
      const label = this.rowName(r);
      if (label) {
        let piece = this.rowPiece.get(r);
        if (piece === undefined) this.rowPiece.set(r, (piece = `${label} `));
        pieces.push(piece);
      }
      pieces.push(k < at.length - 1 ? `${v}, ` : `${v}${end}`);
      cells.push(cellRef(r, c));
    }
    return this.summary('table-column', pieces, cells, c);
  }

  /**
   * A unit shared by every value of a summary is said once at its end ('' when they share having
   * none); undefined when units are mixed (or there are no values), and each value then carries its own.
   */
  private sharedUnit(units: Array<string | undefined>): string | undefined {
    if (units.length === 0) return undefined;
    const first = units[0] ?? '';
    for (let i = 1; i < units.length; i++) if ((units[i] ?? '') !== first) return undefined;
    return first;
  }

  private render(v: string, unit: string | undefined): string {
    return unit && !v.toLowerCase().includes(unit.toLowerCase()) ? `${v} (${unit})` : v;
  }

  private summary(kind: 'table-row' | 'table-column', pieces: string[], cells: Array<[number, number]>, at: number): TableSummary {
    const whole = pieces.join('');
    const text = cap(whole);
    if (!this.numbered) return { kind, text, cells, at };
    const ids: number[] = [];
    for (const piece of text === whole ? pieces : cutPieces(pieces, text)) {
      let n = this.pieceNo.get(piece);
      if (n === undefined) {
        n = this.texts.push(piece) - 1;
        this.pieceNo.set(piece, n);
      }
      ids.push(n);
    }
    return { kind, text, cells, pieces: { ids, texts: this.texts }, at };
  }
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
  for (const m of text.matchAll(YEAR_RANGE)) {
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

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i < b; i++) out.push(i);
  return out;
}
