/**
 * Shows a table hit the way MixRAG reads it: the grid with its merged cells, the cells the
 * passage covers, and the header cells that give those cells their meaning (the cell 11.2
 * means "Mexican peso, 2013, Buy").
 */
import type { Table, TableCell } from '../src/types.ts';
import { isValue } from '../src/tables/cell-text.ts';
import { el } from './dom.ts';

/** Which cells to mark in a table for one passage. */
export interface TableMarks {
  /** Cells the passage covers. */
  hit: Set<TableCell>;
  /** Cells the question points at (the engine's `matchedCells`), a subset of `hit`. */
  matched: Set<TableCell>;
  /**
   * Header cells above (in the first `headerRows` rows) or left of (first `headerCols` columns)
   * a matched cell, or of every hit cell when none is matched.
   */
  headers: Set<TableCell>;
}

/** For each grid position, the cell covering it (merged cells cover several positions). */
function coverage(table: Table): Array<Array<TableCell | undefined>> {
  const grid: Array<Array<TableCell | undefined>> = Array.from({ length: table.rows }, () => new Array<TableCell | undefined>(table.cols));
  for (const cell of table.cells) {
    for (let r = cell.row; r < Math.min(cell.row + cell.rowSpan, table.rows); r++) {
      const line = grid[r];
      if (!line) continue;
      for (let c = cell.col; c < Math.min(cell.col + cell.colSpan, table.cols); c++) line[c] = cell;
    }
  }
  return grid;
}

/**
 * Works out what to mark for the grid positions `cells` of a passage, and `matchedCells`, the
 * positions among them that the question points at.
 */
export function tableMarks(
  table: Table,
  cells: ReadonlyArray<readonly [number, number]> = [],
  matchedCells: ReadonlyArray<readonly [number, number]> = [],
): TableMarks {
  const grid = coverage(table);
  const at = (r: number, c: number): TableCell | undefined => grid[r]?.[c];
  const hit = new Set<TableCell>();
  for (const [r, c] of cells) {
    const cell = at(r, c);
    if (cell) hit.add(cell);
  }
  const matched = new Set<TableCell>();
  for (const [r, c] of matchedCells) {
    const cell = at(r, c);
    if (cell && hit.has(cell)) matched.add(cell);
  }
  // A row summary covers the whole row: the headers worth showing are the matched cell's.
  const headers = new Set<TableCell>();
  const headerRows = table.headerRows ?? 0;
  const headerCols = table.headerCols ?? 0;
  const pathsOf = matched.size ? matchedCells : cells;
  for (const [r, c] of pathsOf) {
    const cell = at(r, c);
    if (!cell) continue;
    for (let hr = 0; hr < Math.min(headerRows, r); hr++) {
      const h = at(hr, c);
      if (h && h !== cell) headers.add(h);
    }
    for (let hc = 0; hc < Math.min(headerCols, c); hc++) {
      const h = at(r, hc);
      if (h && h !== cell) headers.add(h);
    }
  }
  for (const cell of matched.size ? matched : hit) headers.delete(cell);
  return { hit, matched, headers };
}

/**
 * Renders `table` as an HTML table (text only), with the passage's cells, the cells the question
 * points at and their headers marked.
 */
export function renderTable(
  table: Table,
  cells: ReadonlyArray<readonly [number, number]> = [],
  label = 'Table',
  matchedCells: ReadonlyArray<readonly [number, number]> = [],
): HTMLElement {
  const marks = tableMarks(table, cells, matchedCells);
  const headerRows = table.headerRows ?? 0;
  const headerCols = table.headerCols ?? 0;
  const { from, to } = shownRows(table, cells, matchedCells);
  const rows: HTMLTableRowElement[] = Array.from({ length: table.rows }, () => el('tr'));
  for (const cell of table.cells) {
    // A body cell outside the rows shown is left out; one that spans into them is cut to them.
    const top = cell.row < headerRows ? cell.row : Math.max(cell.row, from);
    const bottom = cell.row < headerRows ? cell.row + cell.rowSpan : Math.min(cell.row + cell.rowSpan, to);
    if (bottom <= top) continue;
    const isHeader = cell.header || cell.row < headerRows || cell.col < headerCols;
    const classes = [
      marks.hit.has(cell) ? 'cell-hit' : '',
      marks.matched.has(cell) ? 'cell-match' : '',
      marks.headers.has(cell) ? 'cell-header-path' : '',
      // Numbers (and "n/a", "–" in their place) align right; names and text left.
      !isHeader && isValue(cell.text) ? 'num' : '',
      // The row headers (and the corner above them) stay in view while a wide table scrolls.
      cell.col < headerCols ? 'row-head' : '',
      // A short token ("2023-01", "Q3/24", "-1,250") breaks at its hyphen or slash otherwise.
      cell.text.length <= 16 && !/\s/.test(cell.text) ? 'nowrap' : '',
    ].filter(Boolean).join(' ');
    const td = el(isHeader ? 'th' : 'td', { text: cell.text, class: classes });
    if (bottom - top > 1) td.rowSpan = bottom - top;
    if (cell.colSpan > 1) td.colSpan = cell.colSpan;
    if (isHeader) td.setAttribute('scope', cell.row < headerRows ? (cell.colSpan > 1 ? 'colgroup' : 'col') : bottom - top > 1 ? 'rowgroup' : 'row');
    rows[top]?.appendChild(td);
  }
  const head = el('thead', {}, rows.slice(0, headerRows));
  const body = el('tbody', {}, rows.slice(from, to));
  const bodyRows = table.rows - headerRows;
  const part = to - from < bodyRows ? ` (rows ${(from - headerRows + 1).toLocaleString('en-US')}–${(to - headerRows).toLocaleString('en-US')} of ${bodyRows.toLocaleString('en-US')})` : '';
  const title = `${table.caption ? `${label}: ${table.caption}` : label}${part}`;
  // The caption a reader sees sits above the scrolling region, so it wraps to the card's width
  // instead of scrolling away with a wide table; the table keeps its own <caption> for screen
  // readers (hidden from sight), and the visible one is hidden from them, so it is read once.
  const scroller = el('div', { class: 'table-scroll', attrs: { role: 'region', 'aria-label': title, tabindex: 0 } }, [
    el('table', { class: marks.matched.size ? 'grid has-match' : 'grid' }, [
      el('caption', { class: 'visually-hidden', text: title }), headerRows > 0 ? head : null, body,
    ]),
  ]);
  revealMarked(scroller);
  return el('div', { class: 'table-view' }, [el('p', { class: 'table-caption', text: title, attrs: { 'aria-hidden': 'true' } }), scroller]);
}

/** Body rows a table view shows at most: a taller table shows those around the cell it points at. */
export const MAX_SHOWN_ROWS = 40;
/** Rows shown above the one a tall table's view points at. */
const ROWS_ABOVE = 5;

/**
 * The body rows `[from, to)` (grid rows, after the header rows) a view of `table` shows: all of
 * them, or for a taller table {@link MAX_SHOWN_ROWS} from a few above the first cell the question
 * points at (else the passage's first). A 3,800-row CSV's answer card shows its cited month, with the
 * months around it, not its first forty years and 3,800 rows of DOM.
 */
export function shownRows(
  table: Table,
  cells: ReadonlyArray<readonly [number, number]> = [],
  matchedCells: ReadonlyArray<readonly [number, number]> = [],
): { from: number; to: number } {
  const headerRows = Math.min(table.headerRows ?? 0, table.rows);
  if (table.rows - headerRows <= MAX_SHOWN_ROWS) return { from: headerRows, to: table.rows };
  const inBody = (list: ReadonlyArray<readonly [number, number]>) => list.find(([r]) => r >= headerRows && r < table.rows)?.[0];
  const target = inBody(matchedCells) ?? inBody(cells) ?? headerRows;
  // A few rows of context above it, the rest below: the cited row is in sight as the card opens.
  const from = Math.max(headerRows, Math.min(target - ROWS_ABOVE, table.rows - MAX_SHOWN_ROWS));
  return { from, to: from + MAX_SHOWN_ROWS };
}

/**
 * Once the table is on screen: pins the row headers to the left edge while the table scrolls
 * sideways (when they take at most half the width: on a phone a wider block would leave no
 * room for the values), then scrolls so that the cell the question points at (or the first
 * cell of the passage) is in view beside them. On a phone the answer's cell of a wide table
 * would otherwise sit off to the right, out of sight, or in sight without the row that names it.
 */
function revealMarked(scroller: HTMLElement): void {
  if (typeof ResizeObserver === 'undefined') return;
  const observer = new ResizeObserver(() => {
    if (!scroller.isConnected || scroller.clientWidth === 0) return;
    observer.disconnect();
    if (scroller.scrollWidth <= scroller.clientWidth) return;
    const pinned = pinRowHeaders(scroller);
    const target = scroller.querySelector<HTMLElement>('.cell-match') ?? scroller.querySelector<HTMLElement>('.cell-hit');
    if (!target || target.classList.contains('row-head')) return;
    const box = scroller.getBoundingClientRect();
    const cell = target.getBoundingClientRect();
    const left = box.left + pinned;
    // As little as brings it in: as much as possible of the table's start stays in view.
    const margin = 12;
    if (cell.right > box.right) scroller.scrollLeft += Math.min(cell.right - box.right + margin, cell.left - left);
    else if (cell.left < left) scroller.scrollLeft -= left - cell.left + margin;
  });
  observer.observe(scroller);
}

/** Makes the row-header cells sticky at their own offsets; returns the width they pin (0 if none). */
function pinRowHeaders(scroller: HTMLElement): number {
  const heads = [...scroller.querySelectorAll<HTMLElement>('.row-head')];
  const tableLeft = scroller.querySelector('table')?.getBoundingClientRect().left ?? 0;
  const width = heads.reduce((max, h) => Math.max(max, h.getBoundingClientRect().right - tableLeft), 0);
  if (width === 0 || width > scroller.clientWidth / 2) return 0;
  // Offsets read first, then written, so the layout is measured once.
  const offsets = heads.map((h) => h.getBoundingClientRect().left - tableLeft);
  heads.forEach((h, i) => {
    h.style.left = `${offsets[i]}px`;
    h.classList.add('pinned');
  });
  return width;
}
