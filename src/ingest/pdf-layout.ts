/**
 * From positioned text (what a PDF holds: runs of glyphs at coordinates, no paragraphs, no
 * tables) to lines, headings, paragraphs and tables. Pure: no pdf.js here, so it is tested on
 * hand-made pages and runs anywhere.
 *
 * - Lines: runs in content order, a new line where the baseline moves by more than half the
 *   font size (content order is reading order for almost every generator, multi-column
 *   layouts included, where sorting by position would interleave the columns).
 * - Headings: lines set larger than the body text (the size most characters have), short and
 *   without closing punctuation; their size rank is their level.
 * - Tables: three or more consecutive lines that break into cells at wide gaps (more than one
 *   font size of white space), whose cells fall into the same column bands. Best effort:
 *   `bench formats` measures how often it finds the tables of real PDFs.
 */
import { readGrid } from '../tables/index.ts';
import { isValue, isYear } from '../tables/cell-text.ts';
import type { Table } from '../types.ts';

/** One run of text on a page, in PDF units (points), y growing upwards. */
export interface PdfItem {
  str: string;
  x: number;
  y: number;
  width: number;
  /** Font size (the text matrix's vertical scale). */
  size: number;
}

export interface PdfLine {
  y: number;
  size: number;
  cells: Array<{ x0: number; x1: number; text: string }>;
  text: string;
}

/** A page's content as blocks. */
export type PdfBlock =
  | { kind: 'heading'; text: string; size: number }
  | { kind: 'paragraph'; text: string }
  | { kind: 'table'; table: Table; warnings: string[] };

/** Gap, in font sizes, between two runs of one line that starts a new cell. */
const CELL_GAP = 1.0;
/** Gap, in font sizes, that inserts a space between runs (smaller gaps are kerning). */
const SPACE_GAP = 0.15;
/** A heading is set at least this much larger than the body. */
const HEADING_RATIO = 1.15;
const MAX_HEADING_CHARS = 150;

/** Groups a page's runs into lines, cut into cells at wide gaps. */
export function pageLines(items: readonly PdfItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let cur: { y: number; size: number; runs: PdfItem[] } | undefined;
  const close = () => {
    if (!cur) return;
    const line = toLine(cur.runs, cur.y, cur.size);
    if (line.text) lines.push(line);
    cur = undefined;
  };
  for (const it of items) {
    if (!it.str) continue;
    const size = Math.max(1, it.size);
    const last = cur?.runs[cur.runs.length - 1];
    const sameLine = cur && last && Math.abs(it.y - cur.y) <= 0.5 * Math.min(size, cur.size) && it.x >= last.x - size * 0.5;
    if (!sameLine) {
      close();
      cur = { y: it.y, size, runs: [] };
    }
    cur!.runs.push(it);
    cur!.size = Math.max(cur!.size, size);
  }
  close();
  return lines;
}

function toLine(runs: PdfItem[], y: number, size: number): PdfLine {
  const cells: PdfLine['cells'] = [];
  let text = '';
  let cell: PdfLine['cells'][number] | undefined;
  let prevEnd = -Infinity;
  for (const r of runs) {
    // pdf.js writes the gap between two runs as a run of white space as wide as the gap.
    if (!r.str.trim()) continue;
    const gap = r.x - prevEnd;
    const s = r.str;
    if (!cell || gap > CELL_GAP * size) {
      if (cell) cell.text = cell.text.trim();
      cell = { x0: r.x, x1: r.x + r.width, text: s };
      cells.push(cell);
      text += text && !/\s$/.test(text) ? ' ' : '';
      text += s;
    } else {
      const space = gap > SPACE_GAP * size && !/\s$/.test(cell.text) && !/^\s/.test(s) ? ' ' : '';
      cell.text += space + s;
      cell.x1 = Math.max(cell.x1, r.x + r.width);
      text += space + s;
    }
    prevEnd = Math.max(prevEnd, r.x + r.width);
  }
  if (cell) cell.text = cell.text.trim();
  return { y, size, cells: cells.filter((c) => c.text), text: text.replace(/\s+/g, ' ').trim() };
}

/** The body size of a document: the font size most characters are set in. */
export function bodySize(pages: readonly PdfLine[][]): number {
  const chars = new Map<number, number>();
  for (const lines of pages) for (const l of lines) {
    const k = Math.round(l.size * 2) / 2;
    chars.set(k, (chars.get(k) ?? 0) + l.text.length);
  }
  let best = 10;
  let most = -1;
  for (const [size, n] of chars) if (n > most) { most = n; best = size; }
  return best;
}

/** Whether a line is a page number or running header a page repeats ("12", "Page 3 of 10"). */
function isPageFurniture(line: PdfLine): boolean {
  return /^(?:page\s+)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?$/i.test(line.text) || /^[-–—]\s*\d{1,4}\s*[-–—]$/.test(line.text);
}

/** One page's lines as headings, paragraphs and tables. */
export function pageBlocks(lines: readonly PdfLine[], body: number): PdfBlock[] {
  const out: PdfBlock[] = [];
  const kept = lines.filter((l, i) => !((i === 0 || i === lines.length - 1) && isPageFurniture(l)));
  let para: PdfLine[] = [];
  const flush = () => {
    if (para.length) out.push({ kind: 'paragraph', text: joinLines(para.map((l) => l.text)) });
    para = [];
  };
  for (let i = 0; i < kept.length; i++) {
    const run = tableRun(kept, i);
    if (run > 0) {
      flush();
      const table = buildTable(kept.slice(i, i + run));
      if (table) {
        out.push(table);
        i += run - 1;
        continue;
      }
    }
    const line = kept[i]!;
    if (line.size >= body * HEADING_RATIO && line.text.length <= MAX_HEADING_CHARS && !/[.,;:]$/.test(line.text) && /\p{L}/u.test(line.text)) {
      flush();
      const prev = out[out.length - 1];
      // A heading set over two lines: same size, right below.
      if (prev?.kind === 'heading' && Math.abs(prev.size - line.size) < 0.5 && i > 0 && kept[i - 1]!.size === line.size && kept[i - 1]!.y - line.y <= line.size * 1.6) {
        prev.text = `${prev.text} ${line.text}`;
      } else out.push({ kind: 'heading', text: line.text, size: line.size });
      continue;
    }
    const prev = para[para.length - 1];
    // A new paragraph where the lines open up (more than ~1.6 line heights) or the size changes.
    if (prev && (prev.y - line.y > Math.max(prev.size, line.size) * 1.75 || Math.abs(prev.size - line.size) > 1.5 || line.y > prev.y)) flush();
    para.push(line);
  }
  flush();
  return out;
}

/** Joins lines of a paragraph, mending words hyphenated at a line end ("inter-\nnational"). */
function joinLines(lines: string[]): string {
  let s = '';
  for (const l of lines) {
    if (s.endsWith('-') && /\p{Ll}-$/u.test(s) && /^\p{Ll}/u.test(l)) s = s.slice(0, -1) + l;
    else s += (s ? ' ' : '') + l;
  }
  return s;
}

/** How many lines from `i` on form a table (0 when they do not). */
function tableRun(lines: readonly PdfLine[], i: number): number {
  let n = 0;
  let rows = 0;
  while (i + n < lines.length) {
    const line = lines[i + n]!;
    const prev = n > 0 ? lines[i + n - 1]! : undefined;
    if (prev && !rowGap(prev, line)) break;
    if (line.cells.length >= 2) rows++;
    // A rule under the header, or a cell's text wrapped onto a line of its own (right of the first column).
    else if (!(n > 0 && (isRule(line) || isContinuation(lines, i, i + n)))) break;
    n++;
  }
  while (n > 0 && lines[i + n - 1]!.cells.length < 2) n--;
  return rows >= 3 ? n : 0;
}

/** A line of only dashes, equals signs or underscores (a table's rule). */
function isRule(line: PdfLine): boolean {
  return /^[-=_\s]{3,}$/.test(line.text);
}

/** A one-cell line that continues a row of the table above: it starts right of that row's first cell. */
function isContinuation(lines: readonly PdfLine[], from: number, at: number): boolean {
  const line = lines[at]!;
  let k = at - 1;
  while (k >= from && lines[k]!.cells.length < 2) k--;
  const row = k >= from ? lines[k]! : undefined;
  return !!row && line.cells.length === 1 && line.cells[0]!.x0 > row.cells[0]!.x1 + line.size * 0.5;
}

function rowGap(a: PdfLine, b: PdfLine): boolean {
  return a.y > b.y && a.y - b.y <= Math.max(a.size, b.size) * 3;
}

/**
 * Column bands from the rows with the most cells; every cell goes to the band it overlaps
 * most, a cell over several bands (a spanning header) to the first, the others left empty
 * so that the grid reader infers the span.
 */
function buildTable(rows: PdfLine[]): PdfBlock | undefined {
  const most = Math.max(...rows.map((r) => r.cells.length));
  const bands: Array<[number, number]> = [];
  for (const r of rows) {
    if (r.cells.length < most) continue;
    r.cells.forEach((c, k) => {
      const b = bands[k];
      bands[k] = b ? [Math.min(b[0], c.x0), Math.max(b[1], c.x1)] : [c.x0, c.x1];
    });
  }
  for (let k = 1; k < bands.length; k++) if (bands[k]![0] <= bands[k - 1]![1]) return undefined; // bands overlap: not columns
  const grid: string[][] = [];
  let aligned = 0;
  let counted = 0;
  for (const r of rows) {
    if (isRule(r)) continue;
    if (r.cells.length < 2 && grid.length) {
      // Wrapped text: joins the cell of the row above that its band holds.
      const c = r.cells[0]!;
      const k = bands.findIndex(([b0, b1]) => Math.min(b1, c.x1) - Math.max(b0, c.x0) > 0);
      const last = grid[grid.length - 1]!;
      const at = k >= 0 ? k : last.length - 1;
      last[at] = last[at] ? `${last[at]} ${c.text}` : c.text;
      continue;
    }
    counted++;
    const row = new Array<string>(bands.length).fill('');
    let ok = true;
    for (const c of r.cells) {
      let best = -1;
      let overlap = 0;
      bands.forEach(([b0, b1], k) => {
        const o = Math.min(b1, c.x1) - Math.max(b0, c.x0);
        if (o > overlap) { overlap = o; best = k; }
      });
      if (best < 0) {
        // Between bands: the nearest one by centre.
        const mid = (c.x0 + c.x1) / 2;
        best = bands.reduce((bi, [b0, b1], k) => (Math.abs((b0 + b1) / 2 - mid) < Math.abs((bands[bi]![0] + bands[bi]![1]) / 2 - mid) ? k : bi), 0);
        ok = false;
      }
      row[best] = row[best] ? `${row[best]} ${c.text}` : c.text;
    }
    if (ok) aligned++;
    grid.push(row);
  }
  if (aligned < Math.ceil(counted * 0.6)) return undefined;
  // Offsets or sizes down the first column with no header above them: a listing (a hex dump,
  // a binary layout), not a table.
  if (grid.every((r) => isValue(r[0] ?? '') && !isYear(r[0] ?? ''))) return undefined;
  const { table, warnings } = readGrid(grid, undefined, { headerRows: labelRows(grid) });
  if (table.rows < 2 || table.cols < 2) return undefined;
  return { kind: 'table', table, warnings };
}

/**
 * Header rows of an extracted grid: the leading rows with no figure right of the first column
 * (years are labels), when figures follow; undefined lets the grid reader decide.
 */
function labelRows(grid: string[][]): number | undefined {
  const figures = (row: string[]) => row.slice(1).some((t) => t && isValue(t) && !isYear(t));
  let h = 0;
  while (h < grid.length && h < 4 && !figures(grid[h]!)) h++;
  return h > 0 && h < grid.length && figures(grid[h]!) ? h : undefined;
}
