import type { Table } from '../types.ts';
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
   * The text as the pieces it was written from, in order (their concatenation is `text`):
   * what the indexes tokenise piece by piece, each distinct piece of a table once.
   */
  pieces?: string[];
}

/**
 * Writes a table as sentences a retriever can match (MixRAG's H-RCL): one table-level
 * summary (title, column headers, row labels), one summary per data row — its full left
 * header path, then each value with its full top header path ("Mexican peso: in 2013 Buy
 * 11.2, in 2013 Sell none, in 2012 Buy 10.9") — and one per data column the other way
 * round. Units ride with the values. `style: 'rcl'` keeps only the innermost header level
 * (the ablation the paper reports). Deterministic: the same table gives the same text.
 */
export function summarizeTable(
  table: Table,
  options?: { title?: string; style?: 'h-rcl' | 'rcl'; structure?: TableStructure },
): TableSummary[] {
  if (table.rows === 0 || table.cols === 0) return [];
  const s = options?.structure ?? detectHeaders(table);
  const style = options?.style ?? 'h-rcl';
  const map = coverMap(table);
  const title = clean(options?.title ?? table.caption ?? '');
  const caption = clean(table.caption ?? '');
  // A title that already holds the caption ("Alpine Linux: releases") is not followed by it again.
  const heading = title && caption && !title.toLowerCase().includes(caption.toLowerCase()) ? `${title}: ${caption}` : title || caption;
  const path = (p: string[]) => (style === 'rcl' ? p.slice(-1) : p);
  const colName = (c: number) => path(s.columnPaths[c] ?? []).join(' ');
  const rowName = (r: number) => path(s.rowPaths[r] ?? []).join(', ');
  const valueAt = (r: number, c: number) => {
    const cell = map.at(r, c);
    if (!cell || cell.row !== r || cell.col !== c) return '';
    return clean(cell.text);
  };
  const unitOf = (r: number, c: number) => s.units[c] ?? s.rowUnits[r];
  // A unit shared by every value of a summary is said once at its end; mixed units ride with each value.
  const unitsOf = (pairs: Array<[number, number]>) => unique(pairs.map(([r, c]) => unitOf(r, c) ?? ''));
  const render = (v: string, r: number, c: number, shared: boolean) => {
    const unit = unitOf(r, c);
    return !shared && unit && !v.toLowerCase().includes(unit.toLowerCase()) ? `${v} (${unit})` : v;
  };
  const tail = (pairs: Array<[number, number]>) => {
    const u = unitsOf(pairs);
    return u.length === 1 && u[0] ? ` (${u[0]})` : '';
  };
  const out: TableSummary[] = [];
  // One `[row, col]` tuple per grid position, shared by every summary (and table) that cites it (`cell-ref.ts`).
  const ref = cellRef;

  // Table level: what the table is about, what it measures, what it lists.
  const headerNames = unique(s.dataCols.map(colName).filter(Boolean));
  const stubNames = unique(range(0, s.headerCols).map(colName).filter(Boolean));
  // Row labels level by level in reading order, each once: group labels are not repeated per row.
  const rowNames = unique(
    [...s.dataRows, ...s.groupRows].sort((a, b) => a - b).flatMap((r) => path(s.rowPaths[r] ?? [])).filter(Boolean),
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
  if (parts.length === 0) parts.push(flattenTable(table).slice(0, MAX_SUMMARY_CHARS));
  out.push({ kind: 'table', text: cap(parts.join(' ')), cells: [] });

  const prefix = heading ? `${heading}. ` : '';
  // Each summary is written as pieces (the heading, a header path, a value with what follows it),
  // so that each distinct piece of the table is tokenised once (`src/retrieval/text-pieces.ts`):
  // a column's path is in every row summary, a row's label in every column summary.
  const columnPiece = new Map<number, string>();
  const rowPiece = new Map<number, string>();
  const summary = (kind: 'table-row' | 'table-column', pieces: string[], cells: Array<[number, number]>) => {
    const whole = pieces.join('');
    const text = cap(whole);
    out.push({ kind, text, cells, pieces: text === whole ? pieces : cutPieces(pieces, text) });
  };
  // One summary per data row.
  for (const r of s.dataRows) {
    const label = rowName(r);
    const cells: Array<[number, number]> = [];
    for (let c = 0; c < s.headerCols; c++) {
      const cell = map.at(r, c);
      if (cell?.text.trim()) cells.push(ref(cell.row, cell.col));
    }
    const filled = s.dataCols.filter((c) => valueAt(r, c)).map((c) => ref(r, c));
    if (filled.length === 0 && !label) continue;
    const shared = unitsOf(filled).length === 1;
    const pieces: string[] = [];
    if (prefix) pieces.push(prefix);
    if (label) pieces.push(`${label}: `);
    const end = `${tail(filled)}.`;
    filled.forEach(([, c], k) => {
      const v = render(valueAt(r, c), r, c, shared);
      const name = colName(c);
      if (name) {
        let piece = columnPiece.get(c);
        if (piece === undefined) columnPiece.set(c, (piece = `in ${name} `));
        pieces.push(piece);
      }
      pieces.push(k < filled.length - 1 ? `${v}, ` : `${v}${end}`);
      cells.push(ref(r, c));
    });
    if (filled.length === 0) pieces.push(end);
    summary('table-row', pieces, uniqueCells(cells));
  }
  // One summary per data column.
  for (const c of s.dataCols) {
    const name = colName(c);
    const cells: Array<[number, number]> = [];
    const filled = s.dataRows.filter((r) => valueAt(r, c)).map((r) => ref(r, c));
    if (filled.length === 0) continue;
    const shared = unitsOf(filled).length === 1;
    const pieces: string[] = [];
    if (prefix) pieces.push(prefix);
    if (name) pieces.push(`${name}: `);
    const end = `${tail(filled)}.`;
    filled.forEach(([r], k) => {
      const v = render(valueAt(r, c), r, c, shared);
      const label = rowName(r);
      if (label) {
        let piece = rowPiece.get(r);
        if (piece === undefined) rowPiece.set(r, (piece = `${label} `));
        pieces.push(piece);
      }
      pieces.push(k < filled.length - 1 ? `${v}, ` : `${v}${end}`);
      cells.push(ref(r, c));
    });
    summary('table-column', pieces, cells);
  }
  return out;
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

function clean(t: string): string {
  return t.replace(/\s+/g, ' ').trim();
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

function uniqueCells(cells: Array<[number, number]>): Array<[number, number]> {
  const seen = new Set<string>();
  return cells.filter(([r, c]) => {
    const k = `${r},${c}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function range(a: number, b: number): number[] {
  const out: number[] = [];
  for (let i = a; i < b; i++) out.push(i);
  return out;
}
