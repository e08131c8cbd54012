import type { ChildNode, Element, Text } from 'domhandler';
import type { Table } from '../types.ts';
import { buildGrid, type SourceCell } from './build-grid.ts';
import { collapse } from './grid.ts';
import type { TableLimits } from './limits.ts';

// Elements whose boundaries separate words even when the markup has no space ("<p>a</p><p>b</p>").
export const CELL_BREAKS: ReadonlySet<string> = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'table', 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'section', 'hr']);
// Elements whose content is not a cell's text.
export const CELL_SKIP: ReadonlySet<string> = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object']);

/**
 * Reads one `<table>` element (htmlparser2's DOM, no browser needed) into the grid model.
 * Rows come from `thead`, then `tbody`s and direct `tr`s in order, then `tfoot` (the order a
 * browser renders). `rowspan`/`colspan` are laid out and bounded by `limits`; `th` cells and
 * cells of `thead` are marked `header`. A nested table is read as its cell's text, never as
 * rows of the outer table, so its content is counted once.
 */
export function readHtmlTable(table: Element, limits?: TableLimits): { table: Table; warnings: string[]; sourceRows: Element[][] } {
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
  const source: SourceCell[][] = sourceRows.map((cells, i) =>
    cells.map((cell) => sourceCell(collapse(textOf(cell)), cell.name.toLowerCase() === 'th' || i < head.length, cell.attribs)),
  );
  return { ...htmlGrid(source, head.length, caption, limits), sourceRows };
}

/** A cell as the markup declares it: its text (collapsed), `th` or in `thead`, and its span attributes. */
export function sourceCell(text: string, header: boolean, attribs: Record<string, string>): SourceCell {
  return spannedCell(text, header, attribs['rowspan'], attribs['colspan']);
}

/** {@link sourceCell} from the values of its `rowspan` and `colspan` attributes. */
export function spannedCell(text: string, header: boolean, rowspan: string | undefined, colspan: string | undefined): SourceCell {
  return { text, rowSpan: spanAttr(rowspan), colSpan: spanAttr(colspan), header };
}

/**
 * The grid of an HTML table from its rows (`thead`'s first, `headRows` of them, then the
 * bodies', then `tfoot`'s): spans laid out, header rows from `thead`, header columns where every
 * body row has a `th`. Shared by the DOM reader above and the HTML parser's streaming one.
 */
export function htmlGrid(source: SourceCell[][], headRows: number, caption: string | undefined, limits?: TableLimits): { table: Table; warnings: string[] } {
  const warnings: string[] = [];
  const grid = buildGrid(source, { limits, caption, warnings });
  if (grid.rows > 0) {
    const head = Math.min(headRows, grid.rows);
    if (head > 0) grid.headerRows = head;
    const headerCols = leadingHeaderCols(grid, head);
    if (headerCols > 0) grid.headerCols = headerCols;
  }
  return { table: grid, warnings };
}

/**
 * Columns, from the left, in which every body row has a `th` (`scope="row"` or plain). Every
 * grid position has one cell (buildGrid pads), so a column is read down its body positions.
 */
function leadingHeaderCols(grid: Table, headRows: number): number {
  const { rows, cols } = grid;
  const bodyRows = rows - headRows;
  if (bodyRows <= 0) return 0;
  const cells = grid.cells;
  // The body positions that header cells cover; a column heads the rows when all of its are.
  let covered: Uint8Array | undefined;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells[i]!;
    if (!cell.header || cell.row + cell.rowSpan <= headRows) continue;
    covered ??= new Uint8Array(bodyRows * cols);
    const r1 = Math.min(rows, cell.row + cell.rowSpan);
    const c1 = Math.min(cols, cell.col + cell.colSpan);
    for (let r = Math.max(headRows, cell.row); r < r1; r++) for (let c = cell.col; c < c1; c++) covered[(r - headRows) * cols + c] = 1;
  }
  if (!covered) return 0;
  let n = 0;
  for (let c = 0; c < cols; c++) {
    for (let r = 0; r < bodyRows; r++) if (!covered[r * cols + c]) return n;
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

/** Text content with word breaks at block boundaries; scripts and styles are not text. Iterative: any depth. */
function textOf(node: Element): string {
  const kids = node.children;
  // Most cells hold one text node.
  if (kids.length === 1 && kids[0]!.type === 'text') return (kids[0] as Text).data;
  let s = '';
  const stack: Array<{ nodes: ChildNode[]; i: number; brk: boolean }> = [{ nodes: kids, i: 0, brk: false }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.nodes.length) {
      stack.pop();
      if (top.brk) s += ' ';
      continue;
    }
    const c = top.nodes[top.i++]!;
    if (c.type === 'text') s += (c as Text).data;
    else if (c.type === 'tag') {
      const el = c as Element;
      const name = el.name.toLowerCase();
      if (CELL_SKIP.has(name)) continue;
      const brk = CELL_BREAKS.has(name);
      if (brk) s += ' ';
      stack.push({ nodes: el.children, i: 0, brk });
    }
  }
  return s;
}
