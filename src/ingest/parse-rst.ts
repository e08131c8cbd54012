/**
 * reStructuredText, read line by line without docutils (no JavaScript reader of it is kept up
 * that we know of): section titles by underline / overline (levels in order of first use, as
 * docutils assigns them), a PEP's RFC 2822 header and field lists (`:Author: ...`) as
 * "Name: value" paragraphs, paragraphs, bullet and enumerated items, literal blocks (`::`),
 * and the four kinds of tables: grid (with spans), simple, `list-table` and `csv-table`.
 * Directives that hold no text for a reader (images, raw, include, contents) and comments are
 * skipped; admonitions keep their text. Every character keeps its offset in the source.
 */
import { buildGrid, type SourceCell } from '../tables/build-grid.ts';
import type { Table } from '../types.ts';
import { fieldsOf } from './parse-csv.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { splitLines, type Line } from './lines.ts';
import { stripRstInlineMapped } from './rst-inline.ts';
import { collapseMapped, MappedBuilder, verbatim, type Mapped } from './mapped.ts';
import { flattenMapped } from './flatten-mapped.ts';

/** Largest grid table read as a table (lines x columns); a larger one is read as text. */
const MAX_GRID_CHARS = 2_000_000;

const ADORNMENT = /^([!-/:-@[-`{-~])\1+[ \t]*$/;
const GRID_BORDER = /^[ \t]*\+(?:[-=]+\+)+[ \t]*$/;
const SIMPLE_BORDER = /^[ \t]*=+(?:[ \t]+=+)+[ \t]*$/;
const DIRECTIVE = /^([ \t]*)\.\.[ \t]+([\w:-]+)::(?:[ \t]+(.*))?$/;
const BULLET = /^[ \t]*(?:[-*+\u2022\u2023\u2043]|\d+[.)]|#[.)]|\(\d+\)|[a-zA-Z][.)]|\([a-zA-Z]\))[ \t]+/;
const FIELD = /^([ \t]*):([^:\s][^:]*?):(?:[ \t]+|$)/;
const PEP_HEADER = /^[A-Z][A-Za-z-]*(?: [A-Za-z-]+)*:[ \t]/;

/** Directives whose content is no reading text. */
const SKIPPED_DIRECTIVES = new Set(['image', 'raw', 'include', 'contents', 'sectnum', 'section-numbering', 'meta', 'toctree', 'index', 'header', 'footer', 'role', 'default-role', 'highlight', 'target-notes', 'literalinclude', 'only', 'tabularcolumns', 'autosummary', 'automodule', 'autoclass', 'autofunction']);
const LITERAL_DIRECTIVES = new Set(['code', 'code-block', 'sourcecode', 'parsed-literal', 'doctest', 'productionlist', 'math']);

const indentOf = (s: string) => /^[ \t]*/.exec(s)![0].length;
const blank = (l: Line | undefined) => !l || l.text.trim() === '';

export function parseRst(content: string): ParsedDocument {
  const lines = splitLines(content);
  const out = new TextBuilder();
  const tables: Table[] = [];
  const warnings: string[] = [];
  const styles: string[] = [];
  let title: string | undefined;
  let date: Date | undefined;
  let firstHeading: string | undefined;
  let caption: Mapped | undefined;
  let para: Array<{ line: Line; skip: number }> = [];
  let paraLiteral = false;

  const flush = (literal = false) => {
    if (!para.length) return;
    const b = new MappedBuilder();
    for (const { line, skip } of para) {
      if (b.length) b.append(literal ? '\n' : ' ', b.lastSource(line.start) + 1);
      b.append(line.text.slice(skip), line.start + skip);
    }
    let m = b.build();
    const source = { start: para[0]!.line.start + para[0]!.skip, end: para[para.length - 1]!.line.end };
    para = [];
    if (!literal) {
      // "Text::" introduces a literal block and reads "Text:"; a lone "::" reads as nothing.
      const t = m.text.trimEnd();
      if (t.endsWith('::')) {
        const cut = t.length - (/\s::$/.test(t) || t === '::' ? 2 : 1);
        m = new MappedBuilder().appendMapped(m, 0, cut).build();
        paraLiteral = true;
      }
      m = stripRstInlineMapped(m);
    }
    out.add('paragraph', m, { source });
  };
  const addTable = (table: Table | undefined, mapped: Mapped | undefined, source: { start: number; end: number }) => {
    if (!table || !mapped || table.rows === 0) return;
    const block = out.add('table', mapped, { tableIndex: tables.length, source });
    if (block) {
      table.start = block.start;
      table.end = block.end;
      tables.push(table);
    }
  };
  // The block of lines indented more than `base` after line `from` (blank lines inside kept).
  const blockEnd = (from: number, base: number) => {
    let j = from;
    while (j < lines.length && (blank(lines[j]) || indentOf(lines[j]!.text) > base)) j++;
    while (j > from && blank(lines[j - 1])) j--;
    return j;
  };

  let i = 0;
  while (i < lines.length && blank(lines[i])) i++;
  // A PEP opens with an RFC 2822 header: "PEP: 373", "Title: ...", continuation lines indented.
  if (i < lines.length && PEP_HEADER.test(lines[i]!.text) && PEP_HEADER.test(lines[i + 1]?.text ?? '')) {
    // Its first field numbers it ("PEP: 13"), as its readers call it: "PEP 13 – Python Language
    // Governance" is the title python.org shows, and the name a question gives ("When was PEP 13 created?").
    const numbered = /^([A-Za-z][A-Za-z-]*):[ \t]+(\d+)\s*$/.exec(lines[i]!.text);
    while (i < lines.length && !blank(lines[i])) {
      const start = i;
      i++;
      while (i < lines.length && !blank(lines[i]) && /^[ \t]/.test(lines[i]!.text)) i++;
      const field = lines.slice(start, i);
      para = field.map((line, k) => ({ line, skip: k === 0 ? 0 : indentOf(line.text) }));
      const name = /^([^:]+):/.exec(field[0]!.text)![1]!;
      if (name.toLowerCase() === 'title') title = field.map((l) => l.text).join(' ').slice(name.length + 1).replace(/\s+/g, ' ').trim();
      // "Created: 16-Dec-2018" dates the document, as a Markdown file's front matter does.
      if (name.toLowerCase() === 'created') date = pepDate(field[0]!.text.slice(name.length + 1).trim());
      flush(true);
    }
    if (numbered && title) title = `${numbered[1]} ${numbered[2]} – ${title}`;
  }

  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const text = line.text;
    if (blank(line)) {
      flush();
      continue;
    }
    const indent = indentOf(text);
    // A literal block: indented lines after a paragraph that ended with "::".
    if (paraLiteral && !para.length) {
      paraLiteral = false;
      const end = blockEnd(i, 0);
      if (indent > 0 && end > i) {
        para = lines.slice(i, end).filter((l) => !blank(l)).map((l) => ({ line: l, skip: Math.min(indent, indentOf(l.text)) }));
        flush(true);
        i = end - 1;
        continue;
      }
    }
    paraLiteral = false;
    const next = lines[i + 1];
    // Section titles: overline + title + underline, or title + underline.
    if (ADORNMENT.test(text) && next && !blank(next) && lines[i + 2] && lines[i + 2]!.text.trim()[0] === text.trim()[0] && ADORNMENT.test(lines[i + 2]!.text) && !para.length) {
      heading(verbatim(content, next.start, next.end), `${text.trim()[0]}o`, { start: line.start, end: lines[i + 2]!.end });
      i += 2;
      continue;
    }
    if (!para.length && indent === 0 && next && ADORNMENT.test(next.text) && next.text.trim().length >= Math.min(text.trim().length, 3) && !ADORNMENT.test(text)) {
      heading(verbatim(content, line.start, line.end), `${next.text.trim()[0]}u`, { start: line.start, end: next.end });
      i += 1;
      continue;
    }
    if (ADORNMENT.test(text) && text.trim().length >= 4 && blank(lines[i - 1]) && blank(next)) {
      flush();
      continue; // a transition
    }
    if (GRID_BORDER.test(text) && text.trim().startsWith('+-')) {
      flush();
      let end = i + 1;
      while (end < lines.length && /^[ \t]*[+|]/.test(lines[end]!.text)) end++;
      const block = lines.slice(i, end);
      const grid = readGridTable(block, warnings);
      if (grid) addTable(grid.table, grid.mapped(caption), { start: line.start, end: lines[end - 1]!.end });
      else for (const l of block) out.add('paragraph', verbatim(content, l.start, l.end));
      caption = undefined;
      i = end - 1;
      continue;
    }
    if (SIMPLE_BORDER.test(text)) {
      const end = simpleTableEnd(lines, i);
      if (end > i) {
        flush();
        const simple = readSimpleTable(lines.slice(i, end), warnings);
        addTable(simple?.table, simple?.mapped(caption), { start: line.start, end: lines[end - 1]!.end });
        caption = undefined;
        i = end - 1;
        continue;
      }
    }
    const directive = DIRECTIVE.exec(text);
    if (directive) {
      flush();
      const name = directive[2]!.toLowerCase();
      const base = directive[1]!.length;
      const end = blockEnd(i + 1, base);
      const args = directive[3] ? verbatim(content, line.start + text.indexOf(directive[3]), line.end) : undefined;
      let body = i + 1;
      const options = new Map<string, Line>();
      for (; body < end && FIELD.test(lines[body]!.text); body++) options.set(FIELD.exec(lines[body]!.text)![2]!.toLowerCase(), lines[body]!);
      const source = { start: line.start, end: lines[Math.max(i, end - 1)]!.end };
      if (name === 'list-table' || name === 'csv-table') {
        const read = name === 'list-table' ? readListTable(lines.slice(body, end), options, warnings) : readCsvTable(content, lines.slice(body, end), options, warnings);
        addTable(read?.table, read?.mapped(args && stripRstInlineMapped(args)), source);
        i = end - 1;
        continue;
      }
      if (name === 'table') {
        caption = args && stripRstInlineMapped(args);
        i = body - 1;
        continue;
      }
      if (SKIPPED_DIRECTIVES.has(name) || name.includes(':') && !LITERAL_DIRECTIVES.has(name)) {
        i = end - 1;
        continue;
      }
      if (LITERAL_DIRECTIVES.has(name)) {
        para = lines.slice(body, end).filter((l) => !blank(l)).map((l) => ({ line: l, skip: Math.min(indentOf(l.text), base + 1) }));
        flush(true);
        i = end - 1;
        continue;
      }
      // Admonitions, figures and the rest: their argument and content are reading text.
      if (args) out.add('paragraph', stripRstInlineMapped(args), { source: { start: line.start, end: line.end } });
      i = body - 1;
      continue;
    }
    if (/^[ \t]*\.\.(?:[ \t]|$)/.test(text)) {
      flush();
      const base = indent;
      const end = blockEnd(i + 1, base);
      const footnote = /^[ \t]*\.\.[ \t]+\[[^\]]{1,40}\][ \t]+/.exec(text);
      if (footnote) {
        para = [{ line, skip: footnote[0].length }, ...lines.slice(i + 1, end).filter((l) => !blank(l)).map((l) => ({ line: l, skip: indentOf(l.text) }))];
        flush();
      }
      // Targets (`.. _name: url`), substitution definitions and comments hold no reading text.
      i = end - 1;
      continue;
    }
    const field = FIELD.exec(text);
    if (field && !para.length) {
      para.push({ line, skip: field[1]!.length + 1 });
      continue;
    }
    const bullet = BULLET.exec(text);
    if (bullet && (!para.length || para[0]!.skip > 0)) {
      flush();
      para.push({ line, skip: bullet[0].length });
      continue;
    }
    const lineBlock = /^[ \t]*\|[ \t]+/.exec(text);
    if (lineBlock) {
      para.push({ line, skip: lineBlock[0].length });
      continue;
    }
    para.push({ line, skip: indent });
  }
  flush();
  return { title: title ?? firstHeading, text: out.text, blocks: out.blocks, tables, warnings, sourceMap: out.sourceMap, ...(date ? { date } : {}) };

  function heading(m: Mapped, style: string, source: { start: number; end: number }) {
    flush();
    if (!styles.includes(style)) styles.push(style);
    const level = Math.min(6, styles.indexOf(style) + 1);
    const block = out.add('heading', stripRstInlineMapped(m), { level, source });
    if (block && firstHeading === undefined) firstHeading = out.text.slice(block.start, block.end);
  }
}

/** A table read, and its text with origins once the caption is known. */
interface ReadTable {
  table: Table;
  mapped: (caption: Mapped | undefined) => Mapped;
}

function finish(rows: Array<Array<SourceCell & { mapped: Mapped }>>, headerRows: number, warnings: string[]): ReadTable | undefined {
  const texts = new Map<string, Mapped>();
  const source = rows.map((r) => r.map((c) => ({ text: c.text, rowSpan: c.rowSpan, colSpan: c.colSpan, header: c.header })));
  const grid = buildGrid(source, { warnings });
  if (grid.rows === 0 || grid.cols === 0) return undefined;
  // Cells keep their source order within a row: match them back by row and order.
  const byRow = new Map<number, number>();
  for (const cell of grid.cells) {
    const k = byRow.get(cell.row) ?? 0;
    const src = rows[cell.row]?.[k];
    if (src && src.text === cell.text) {
      texts.set(`${cell.row},${cell.col}`, src.mapped);
      byRow.set(cell.row, k + 1);
    }
  }
  if (headerRows > 0) grid.headerRows = Math.min(headerRows, grid.rows);
  const fallback = rows[0]?.[0]?.mapped.runs[1] ?? 0;
  return {
    table: grid,
    mapped: (caption) => {
      if (caption?.text.trim()) grid.caption = collapseMapped(caption).text;
      return flattenMapped(grid, (cell) => texts.get(`${cell.row},${cell.col}`), fallback, caption);
    },
  };
}

/** A cell's lines joined, inline markup stripped, white space collapsed. */
function cellText(pieces: Mapped[]): { text: string; mapped: Mapped } {
  const b = new MappedBuilder();
  for (const p of pieces) {
    if (!p.text.trim()) continue;
    if (b.length) b.append(' ', b.lastSource(p.runs[1] ?? 0) + 1);
    b.appendMapped(p);
  }
  const mapped = collapseMapped(stripRstInlineMapped(b.build()));
  return { text: mapped.text, mapped };
}

/**
 * A grid table, read the way docutils reads one: from each corner, scan right along the top
 * border, down the right edge, and back along the bottom, so cells spanning several rows or
 * columns come out with their spans. Rows above a `+===+` border are the header.
 */
function readGridTable(block: Line[], warnings: string[]): ReadTable | undefined {
  const col0 = indentOf(block[0]!.text);
  const g = block.map((l) => l.text.slice(col0));
  const width = Math.max(...g.map((s) => s.length));
  if (width * g.length > MAX_GRID_CHARS) {
    warnings.push('A reStructuredText grid table is too large and was kept as text.');
    return undefined;
  }
  const at = (r: number, c: number) => g[r]?.[c] ?? ' ';
  const bottom = g.length - 1;
  const headerLine = g.findIndex((s, r) => r > 0 && /^\+(?:=+\+)+\s*$/.test(s));
  const found: Array<{ top: number; left: number; bottom: number; right: number }> = [];
  const done = new Set<string>();
  const corners: Array<[number, number]> = [[0, 0]];
  const scanDown = (top: number, left: number, right: number): number => {
    for (let r = top + 1; r <= bottom; r++) {
      const ch = at(r, right);
      if (ch === '+') {
        // A bottom border from here back to the left edge closes the cell.
        let ok = at(r, left) === '+';
        for (let c = left + 1; ok && c < right; c++) ok = '-=+'.includes(at(r, c));
        for (let rr = top + 1; ok && rr < r; rr++) ok = '|+'.includes(at(rr, left));
        if (ok) return r;
      } else if (ch !== '|') return -1;
    }
    return -1;
  };
  while (corners.length) {
    const [top, left] = corners.pop()!;
    const key = `${top},${left}`;
    if (done.has(key) || top >= bottom) continue;
    done.add(key);
    for (let c = left + 1; c < width; c++) {
      const ch = at(top, c);
      if (ch === '+') {
        const b = scanDown(top, left, c);
        if (b < 0) continue;
        found.push({ top, left, bottom: b, right: c });
        corners.push([top, c], [b, left]);
        break;
      }
      if (ch !== '-' && ch !== '=') break;
    }
  }
  if (!found.length) return undefined;
  const rowsAt = [...new Set(found.map((f) => f.top).concat(found.map((f) => f.bottom)))].sort((a, b) => a - b);
  const colsAt = [...new Set(found.map((f) => f.left).concat(found.map((f) => f.right)))].sort((a, b) => a - b);
  const rowIndex = new Map(rowsAt.map((r, k) => [r, k]));
  const colIndex = new Map(colsAt.map((c, k) => [c, k]));
  const rows: Array<Array<SourceCell & { mapped: Mapped; col: number }>> = Array.from({ length: rowsAt.length - 1 }, () => []);
  for (const f of found) {
    const pieces: Mapped[] = [];
    for (let r = f.top + 1; r < f.bottom; r++) {
      const line = block[r]!;
      const from = Math.min(g[r]!.length, f.left + 1);
      const to = Math.min(g[r]!.length, f.right);
      pieces.push({ text: g[r]!.slice(from, to), runs: to > from ? [0, line.start + col0 + from] : [] });
    }
    const { text, mapped } = cellText(pieces);
    const row = rowIndex.get(f.top)!;
    rows[row]!.push({
      text, mapped, col: colIndex.get(f.left)!,
      rowSpan: rowIndex.get(f.bottom)! - row, colSpan: colIndex.get(f.right)! - colIndex.get(f.left)!,
      header: headerLine > 0 && f.bottom <= headerLine,
    });
  }
  for (const r of rows) r.sort((a, b) => a.col - b.col);
  const headerRows = headerLine > 0 ? rowIndex.get(headerLine) ?? 0 : 0;
  return finish(rows, headerRows, warnings);
}

/** Where a simple table that starts with the border at `i` ends (exclusive), or `i` when it is none. */
function simpleTableEnd(lines: Line[], i: number): number {
  let borders = 1;
  for (let j = i + 1; j < lines.length && j - i < 10_000; j++) {
    if (SIMPLE_BORDER.test(lines[j]!.text)) {
      borders++;
      if (borders >= 2 && (blank(lines[j + 1]) || borders === 3)) return j + 1;
    }
  }
  return i;
}

/**
 * A simple table: columns are the runs of `=` of the top border; text lines are cut at the
 * columns' starts (the last column runs to the end of the line); a line whose first column is
 * blank continues the row above; rows above the second border are the header.
 */
function readSimpleTable(block: Line[], warnings: string[]): ReadTable | undefined {
  const border = block[0]!.text;
  const starts: number[] = [];
  for (const m of border.matchAll(/=+/g)) starts.push(m.index);
  const borderRows = block.map((l, k) => (SIMPLE_BORDER.test(l.text) ? k : -1)).filter((k) => k >= 0);
  const headerEnd = borderRows.length >= 3 ? borderRows[1]! : -1;
  const rows: Array<{ header: boolean; cells: Mapped[][] }> = [];
  block.forEach((line, k) => {
    if (borderRows.includes(k) || blank(line) || /^[ \t]*-+(?:[ \t]+-+)*[ \t]*$/.test(line.text)) return;
    const cells = starts.map((s, c) => {
      const e = c + 1 < starts.length ? starts[c + 1]! : line.text.length;
      const from = Math.min(s, line.text.length);
      const to = Math.max(from, Math.min(e, line.text.length));
      return { text: line.text.slice(from, to), runs: to > from ? [0, line.start + from] : [] } as Mapped;
    });
    const continues = rows.length > 0 && !cells[0]!.text.trim() && k !== headerEnd + 1;
    if (continues) rows[rows.length - 1]!.cells.forEach((pieces, c) => pieces.push(cells[c]!));
    else rows.push({ header: headerEnd > 0 && k < headerEnd, cells: cells.map((m) => [m]) });
  });
  const source = rows.map((r) => r.cells.map((pieces) => ({ ...cellText(pieces), header: r.header })));
  return finish(source, rows.filter((r) => r.header).length, warnings);
}

/** `.. list-table::`: rows are `* -` items, cells the `-` items inside them. */
function readListTable(body: Line[], options: Map<string, Line>, warnings: string[]): ReadTable | undefined {
  const rows: Mapped[][][] = [];
  let cell: Mapped[] | undefined;
  for (const line of body) {
    if (blank(line)) continue;
    const row = /^([ \t]*)\*[ \t]+-[ \t]+/.exec(line.text) ?? /^([ \t]*)\*[ \t]+-$/.exec(line.text);
    const item = /^([ \t]*)-[ \t]+/.exec(line.text);
    const piece = (skip: number): Mapped => ({ text: line.text.slice(skip), runs: line.text.length > skip ? [0, line.start + skip] : [] });
    if (row) {
      cell = [piece(row[0].length)];
      rows.push([cell]);
    } else if (item && rows.length) {
      cell = [piece(item[0].length)];
      rows[rows.length - 1]!.push(cell);
    } else if (cell) cell.push(piece(indentOf(line.text)));
  }
  const headerRows = Number.parseInt(optionValue(options.get('header-rows')) ?? '0', 10) || 0;
  const stubs = Number.parseInt(optionValue(options.get('stub-columns')) ?? '0', 10) || 0;
  const read = finish(rows.map((r, k) => r.map((pieces) => ({ ...cellText(pieces), header: k < headerRows }))), headerRows, warnings);
  if (read && stubs > 0) read.table.headerCols = stubs;
  return read;
}

/** `.. csv-table::`: the `:header:` option and the content are CSV (`:delim:` may change the comma). */
function readCsvTable(content: string, body: Line[], options: Map<string, Line>, warnings: string[]): ReadTable | undefined {
  const delimOption = optionValue(options.get('delim'));
  const delim = delimOption === 'tab' ? '\t' : delimOption === 'space' ? ' ' : delimOption?.length === 1 ? delimOption : ',';
  const trimLead = (m: Mapped): Mapped => {
    const k = m.text.length - m.text.trimStart().length;
    return k ? new MappedBuilder().appendMapped(m, k).build() : m;
  };
  const rowsOf = (from: number, to: number) => fieldsOf(content, from, to, delim, true).map((r) => r.map((f) => trimLead(unquote(f))));
  const header = options.get('header');
  const headerRows = header ? rowsOf(header.start + header.text.indexOf(':header:') + 8, header.end) : [];
  const nonBlank = body.filter((l) => !blank(l));
  const bodyRows = nonBlank.length ? rowsOf(nonBlank[0]!.start, nonBlank[nonBlank.length - 1]!.end) : [];
  const rows = [...headerRows, ...bodyRows].map((r, k) => r.map((f) => ({ text: collapseMapped(f).text, mapped: collapseMapped(f), header: k < headerRows.length })));
  return finish(rows, headerRows.length, warnings);
}

// csv-table writes `, "Quantity"`: a quoted field after a space; the CSV reader keeps the quotes then.
function unquote(m: Mapped): Mapped {
  const t = m.text.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    const a = m.text.indexOf('"') + 1;
    const z = m.text.lastIndexOf('"');
    return new MappedBuilder().appendMapped(m, a, z).build();
  }
  return m;
}

function optionValue(line: Line | undefined): string | undefined {
  if (!line) return undefined;
  return line.text.replace(FIELD, '').trim();
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** A PEP header's date ("16-Dec-2018", "25-Jul-2000"), or undefined for another form. */
function pepDate(value: string): Date | undefined {
  const m = /^(\d{1,2})-([A-Za-z]{3})-(\d{4})$/.exec(value);
  const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) : -1;
  if (!m || month < 0) return undefined;
  const d = new Date(Date.UTC(+m[3]!, month, +m[1]!));
  return d.getUTCDate() === +m[1]! ? d : undefined;
}
