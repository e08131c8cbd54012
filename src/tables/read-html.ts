import type { ChildNode, Element, Text } from 'domhandler';
import type { Mapped } from '../ingest/source-map.ts';
import type { Table } from '../types.ts';
import { buildGrid, collapse, type SourceCell } from './grid.ts';
import type { TableLimits } from './limits.ts';

// Elements whose boundaries separate words even when the markup has no space ("<p>a</p><p>b</p>").
const BREAKS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'table', 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'section', 'hr']);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object']);

/**
 * A cell's text with each character's origin in the source, when the caller wants it (the HTML
 * reader's source map): `mapText` maps one text node; the cell's mapped text is the
 * concatenation of the text nodes outside `head` and the skipped elements, white space collapsed.
 */
export interface CellMapping {
  mapText(node: Text): Mapped;
  /** The text nodes' mapped pieces joined, white space collapsed. */
  join(pieces: readonly Mapped[]): Mapped;
}

/**
 * Reads one `<table>` element (htmlparser2's DOM, no browser needed) into the grid model.
 * Rows come from `thead`, then `tbody`s and direct `tr`s in order, then `tfoot` (the order a
 * browser renders). `rowspan`/`colspan` are laid out and bounded by `limits`; `th` cells and
 * cells of `thead` are marked `header`. A nested table is read as its cell's text, never as
 * rows of the outer table, so its content is counted once.
 */
export function readHtmlTable(table: Element, limits?: TableLimits): { table: Table; warnings: string[]; sourceRows: Element[][] } {
  const { table: grid, warnings, sourceRows } = readTable(table, limits);
  return { table: grid, warnings, sourceRows };
}

/**
 * {@link readHtmlTable}, and with `mapping` each source cell's text with its origins too
 * (`mappedRows[r][k]`: cell `k` of source row `r`), read in the same walk of the cell.
 */
export function readTable(table: Element, limits?: TableLimits, mapping?: CellMapping): { table: Table; warnings: string[]; sourceRows: Element[][]; mappedRows?: Mapped[][] } {
  const warnings: string[] = [];
  let caption: string | undefined;
  const head: Element[] = [];
  const body: Element[] = [];
  const foot: Element[] = [];
  for (const child of elements(table.children)) {
    const name = child.name.toLowerCase();
    if (name === 'caption') caption ??= collapse(textOf(child)) || undefined;
    else if (name === 'thead') head.push(...rowsOf(child));
    else if (name === 'tbody') body.push(...rowsOf(child));
    else if (name === 'tfoot') foot.push(...rowsOf(child));
    else if (name === 'tr') body.push(child);
  }
  const rows = [...head, ...body, ...foot];
  // The cell elements of each row, in order: grid row `r` was laid out from `sourceRows[r]`.
  const sourceRows = rows.map((tr) => elements(tr.children).filter((c) => c.name.toLowerCase() === 'td' || c.name.toLowerCase() === 'th'));
  const mappedRows: Mapped[][] | undefined = mapping ? [] : undefined;
  const pieces: Mapped[] = [];
  const source: SourceCell[][] = sourceRows.map((cells, i) => {
    const mappedRow: Mapped[] | undefined = mappedRows ? [] : undefined;
    mappedRows?.push(mappedRow!);
    return cells.map((cell) => {
      pieces.length = 0;
      const text = collapse(textOf(cell, mapping && pieces, mapping));
      // One text node whose text is the cell's, collapsed already: it is the mapped text.
      if (mapping) mappedRow!.push(pieces.length === 1 && pieces[0]!.text === text ? pieces[0]! : mapping.join(pieces));
      return {
        text,
        rowSpan: spanAttr(cell.attribs['rowspan']),
        colSpan: spanAttr(cell.attribs['colspan']),
        header: cell.name.toLowerCase() === 'th' || i < head.length,
      };
    });
  });
  const grid = buildGrid(source, { limits, caption, warnings });
  if (grid.rows > 0) {
    const headRows = Math.min(head.length, grid.rows);
    if (headRows > 0) grid.headerRows = headRows;
    const headerCols = leadingHeaderCols(grid, headRows);
    if (headerCols > 0) grid.headerCols = headerCols;
  }
  return { table: grid, warnings, sourceRows, ...(mappedRows ? { mappedRows } : {}) };
}

/**
 * Columns, from the left, in which every body row has a `th` (`scope="row"` or plain). Every
 * grid position has one cell (buildGrid pads), so a column is read down its body positions.
 */
function leadingHeaderCols(grid: Table, headRows: number): number {
  const bodyRows = grid.rows - headRows;
  if (bodyRows <= 0) return 0;
  const at = new Int32Array(grid.rows * grid.cols).fill(-1);
  grid.cells.forEach((cell, i) => {
    for (let r = cell.row; r < Math.min(grid.rows, cell.row + cell.rowSpan); r++)
      for (let c = cell.col; c < Math.min(grid.cols, cell.col + cell.colSpan); c++) at[r * grid.cols + c] = i;
  });
  let n = 0;
  for (let c = 0; c < grid.cols; c++) {
    for (let r = headRows; r < grid.rows; r++) {
      const i = at[r * grid.cols + c]!;
      if (i < 0 || !grid.cells[i]!.header) return n;
    }
    n = c + 1;
  }
  return n;
}

function spanAttr(v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number.parseInt(v.trim(), 10);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function elements(nodes: ChildNode[]): Element[] {
  return nodes.filter((n): n is Element => n.type === 'tag' || n.type === 'script' || n.type === 'style');
}

function rowsOf(group: Element): Element[] {
  return elements(group.children).filter((e) => e.name.toLowerCase() === 'tr');
}

/**
 * Text content with word breaks at block boundaries; scripts and styles are not text.
 * Iterative: any depth. With `mapped`, also collects the mapped text nodes the source map
 * reads (it leaves `head` out too, and adds no breaks), in the same walk.
 */
function textOf(node: Element, mapped?: Mapped[], mapping?: CellMapping): string {
  const kids = node.children;
  // Most cells hold one text node.
  if (kids.length === 1 && kids[0]!.type === 'text') {
    if (mapped) mapped.push(mapping!.mapText(kids[0] as Text));
    return (kids[0] as Text).data;
  }
  let s = '';
  // Depth of `head` elements around the walk: their text is the grid's but not the map's.
  let hidden = 0;
  const stack: Array<{ nodes: ChildNode[]; i: number; brk: boolean; head: boolean }> = [{ nodes: kids, i: 0, brk: false, head: false }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.nodes.length) {
      stack.pop();
      if (top.brk) s += ' ';
      if (top.head) hidden--;
      continue;
    }
    const c = top.nodes[top.i++]!;
    if (c.type === 'text') {
      s += (c as Text).data;
      if (mapped && hidden === 0) mapped.push(mapping!.mapText(c as Text));
    } else if (c.type === 'tag') {
      const el = c as Element;
      const name = el.name.toLowerCase();
      if (SKIP.has(name)) continue;
      const brk = BREAKS.has(name);
      if (brk) s += ' ';
      const head = name === 'head';
      if (head) hidden++;
      stack.push({ nodes: el.children, i: 0, brk, head });
    }
  }
  return s;
}
