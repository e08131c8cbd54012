import type { ChildNode, Element } from 'domhandler';
import type { Table } from '../types.ts';
import { buildGrid, collapse, type SourceCell } from './grid.ts';
import type { TableLimits } from './limits.ts';

// Elements whose boundaries separate words even when the markup has no space ("<p>a</p><p>b</p>").
const BREAKS = new Set(['br', 'p', 'div', 'li', 'ul', 'ol', 'tr', 'td', 'th', 'table', 'caption', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dt', 'dd', 'section', 'hr']);
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object']);

/**
 * Reads one `<table>` element (htmlparser2's DOM, no browser needed) into the grid model.
 * Rows come from `thead`, then `tbody`s and direct `tr`s in order, then `tfoot` (the order a
 * browser renders). `rowspan`/`colspan` are laid out and bounded by `limits`; `th` cells and
 * cells of `thead` are marked `header`. A nested table is read as its cell's text, never as
 * rows of the outer table, so its content is counted once.
 */
export function readHtmlTable(table: Element, limits?: TableLimits): { table: Table; warnings: string[]; sourceRows: Element[][] } {
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
  const source: SourceCell[][] = sourceRows.map((cells, i) =>
    cells
      .map((cell) => ({
        text: collapse(textOf(cell)),
        rowSpan: spanAttr(cell.attribs['rowspan']),
        colSpan: spanAttr(cell.attribs['colspan']),
        header: cell.name.toLowerCase() === 'th' || i < head.length,
      })),
  );
  const grid = buildGrid(source, { limits, caption, warnings });
  if (grid.rows > 0) {
    const headRows = Math.min(head.length, grid.rows);
    if (headRows > 0) grid.headerRows = headRows;
    const headerCols = leadingHeaderCols(grid, headRows);
    if (headerCols > 0) grid.headerCols = headerCols;
  }
  return { table: grid, warnings, sourceRows };
}

/** Columns, from the left, in which every body row has a `th` (`scope="row"` or plain). */
function leadingHeaderCols(grid: Table, headRows: number): number {
  const bodyRows = grid.rows - headRows;
  if (bodyRows <= 0) return 0;
  let n = 0;
  for (let c = 0; c < grid.cols; c++) {
    const covering = new Set<number>();
    let allHeader = true;
    for (const cell of grid.cells) {
      if (cell.row + cell.rowSpan <= headRows || cell.col > c || cell.col + cell.colSpan <= c) continue;
      if (!cell.header) { allHeader = false; break; }
      for (let r = Math.max(cell.row, headRows); r < cell.row + cell.rowSpan; r++) covering.add(r);
    }
    if (!allHeader || covering.size < bodyRows) break;
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
  let s = '';
  const stack: Array<{ nodes: ChildNode[]; i: number; brk: boolean }> = [{ nodes: node.children, i: 0, brk: false }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.nodes.length) {
      stack.pop();
      if (top.brk) s += ' ';
      continue;
    }
    const c = top.nodes[top.i++]!;
    if (c.type === 'text') s += (c as { data: string }).data;
    else if (c.type === 'tag') {
      const el = c as Element;
      const name = el.name.toLowerCase();
      if (SKIP.has(name)) continue;
      const brk = BREAKS.has(name);
      if (brk) s += ' ';
      stack.push({ nodes: el.children, i: 0, brk });
    }
  }
  return s;
}
