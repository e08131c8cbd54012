/**
 * Spreadsheets: Excel `.xlsx` and OpenDocument `.ods`. Every sheet is a table (its name the
 * caption), merged cells are spans, numbers read as the sheet displays them (number formats,
 * percentages, dates), formulas as their cached values.
 *
 * Why a reader of our own over a library: both formats are a zip of XML, read here with fflate
 * and htmlparser2 (already the HTML reader's parser) plus numfmt (Excel's number-format language,
 * kept up, no eval) for the displayed text. The npm `xlsx` (SheetJS) line stops at 0.18.5, which
 * carries known advisories (prototype pollution CVE-2023-30533, ReDoS CVE-2024-22363), its fixed
 * releases are published outside npm; ExcelJS reads `.xlsx` only and gives numbers without their
 * display format. Owning the reader also bounds what hostile files can do: declared sizes are
 * checked before inflating, and repeated rows / columns (`.ods` writes "16,384 empty cells" as
 * one element) never expand past the table limits.
 */
import { Parser } from 'htmlparser2';
import { format as formatNumber, isDateFormat } from 'numfmt';
import { createError, throwIfAborted } from '../errors.ts';
import { buildGrid, type SourceCell } from '../tables/build-grid.ts';
import { flattenTable, resolveLimits } from '../tables/index.ts';
import type { Table } from '../types.ts';
import type { ReadContext } from './formats.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { officeTitle, openZip, type ZipArchive } from './zip.ts';

/** A sheet as read: cell texts by position, and merges. */
interface Sheet {
  name: string;
  cells: Map<number, string>;
  merges: Array<{ r0: number; c0: number; r1: number; c1: number }>;
  rows: number;
  cols: number;
  cut: boolean;
}

const LIMITS = resolveLimits();
const key = (r: number, c: number) => r * 65536 + c;

export async function readSpreadsheet(bytes: Uint8Array, context: ReadContext, kind: 'xlsx' | 'ods'): Promise<ParsedDocument> {
  const zip = openZip(bytes, context.name, kind === 'xlsx' ? 'Excel' : 'OpenDocument spreadsheet');
  const sheets = kind === 'xlsx' ? readXlsx(zip, context) : readOds(zip, context);
  const out = new TextBuilder();
  const tables: Table[] = [];
  const warnings: string[] = [];
  for (const sheet of sheets) {
    throwIfAborted(context.signal, 'Ingest');
    const table = toTable(sheet, warnings);
    if (!table) continue;
    const block = out.add('table', flattenTable(table), { tableIndex: tables.length });
    if (block) {
      table.start = block.start;
      table.end = block.end;
      tables.push(table);
    }
  }
  return { title: officeTitle(zip), text: out.text, blocks: out.blocks, tables, warnings };
}

function toTable(sheet: Sheet, warnings: string[]): Table | undefined {
  if (sheet.cells.size === 0) return undefined;
  if (sheet.cut) warnings.push(`sheet "${sheet.name}" cut to ${LIMITS.maxRows} rows and ${LIMITS.maxCols} columns`);
  const covered = new Set<number>();
  const spans = new Map<number, { rowSpan: number; colSpan: number }>();
  for (const m of sheet.merges) {
    if (m.r0 >= sheet.rows || m.c0 >= sheet.cols) continue;
    const r1 = Math.min(m.r1, sheet.rows - 1);
    const c1 = Math.min(m.c1, sheet.cols - 1);
    if ((r1 - m.r0 + 1) * (c1 - m.c0 + 1) > LIMITS.maxCells) continue;
    spans.set(key(m.r0, m.c0), { rowSpan: r1 - m.r0 + 1, colSpan: c1 - m.c0 + 1 });
    for (let r = m.r0; r <= r1; r++) for (let c = m.c0; c <= c1; c++) if (r !== m.r0 || c !== m.c0) covered.add(key(r, c));
  }
  const rows: SourceCell[][] = [];
  for (let r = 0; r < sheet.rows; r++) {
    const row: SourceCell[] = [];
    for (let c = 0; c < sheet.cols; c++) {
      const k = key(r, c);
      if (covered.has(k)) continue;
      row.push({ text: sheet.cells.get(k) ?? '', ...spans.get(k) });
    }
    rows.push(row);
  }
  const table = buildGrid(rows, { caption: sheet.name, warnings });
  return table.rows > 0 && table.cols > 0 ? table : undefined;
}

/** Calls `on` for each element of an XML document (SAX: no tree is built). */
function scan(xml: string, on: { open?: (name: string, attrs: Record<string, string>) => void; text?: (t: string) => void; close?: (name: string) => void }): void {
  const parser = new Parser({ onopentag: on.open, ontext: on.text, onclosetag: on.close }, { xmlMode: true, decodeEntities: true });
  parser.write(xml);
  parser.end();
}

// ---------------------------------------------------------------------------------------------
// Excel (Office Open XML)
// ---------------------------------------------------------------------------------------------

/** Excel's built-in number formats (ECMA-376 §18.8.30), as Excel shows them in en-US. */
const BUILTIN_FORMATS: Record<number, string> = {
  0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 11: '0.00E+00',
  12: '# ?/?', 13: '# ??/??', 14: 'm/d/yyyy', 15: 'd-mmm-yy', 16: 'd-mmm', 17: 'mmm-yy', 18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM', 20: 'h:mm', 21: 'h:mm:ss', 22: 'm/d/yyyy h:mm', 37: '#,##0 ;(#,##0)', 38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)', 40: '#,##0.00;[Red](#,##0.00)', 45: 'mm:ss', 46: '[h]:mm:ss', 47: 'mmss.0', 48: '##0.0E+0', 49: '@',
};

function readXlsx(zip: ZipArchive, context: ReadContext): Sheet[] {
  const workbook = zip.text('xl/workbook.xml');
  if (!workbook) throw createError('DOCUMENT_UNREADABLE', context.name, 'not an Excel workbook (no xl/workbook.xml)');
  const sheetRefs: Array<{ name: string; rid: string }> = [];
  let date1904 = false;
  scan(workbook, {
    open(name, a) {
      if (name.endsWith('sheet') && a.name && a['r:id']) sheetRefs.push({ name: a.name, rid: a['r:id'] });
      if (name.endsWith('workbookPr') && (a.date1904 === '1' || a.date1904 === 'true')) date1904 = true;
    },
  });
  const targets = new Map<string, string>();
  scan(zip.text('xl/_rels/workbook.xml.rels') ?? '', {
    open(name, a) {
      if (name.endsWith('Relationship') && a.Id && a.Target) targets.set(a.Id, a.Target.startsWith('/') ? a.Target.slice(1) : `xl/${a.Target}`);
    },
  });
  const shared = sharedStrings(zip.text('xl/sharedStrings.xml'));
  const formats = cellFormats(zip.text('xl/styles.xml'));
  return sheetRefs.map(({ name, rid }) => {
    throwIfAborted(context.signal, 'Ingest');
    const xml = zip.text(targets.get(rid) ?? '') ?? '';
    return readXlsxSheet(name, xml, shared, formats, date1904);
  });
}

function sharedStrings(xml: string | undefined): string[] {
  const out: string[] = [];
  if (!xml) return out;
  let cur: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  scan(xml, {
    open(name) {
      if (name === 'si') cur = [];
      else if (name === 'rPh') phonetic++;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    text(t) {
      if (inText) cur?.push(t);
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
      else if (name === 'si') {
        out.push(cur?.join('') ?? '');
        cur = undefined;
      }
    },
  });
  return out;
}

/** Style index -> number format code. */
function cellFormats(xml: string | undefined): string[] {
  if (!xml) return [];
  const custom = new Map<number, string>();
  const out: string[] = [];
  let inXfs = false;
  scan(xml, {
    open(name, a) {
      if (name === 'numFmt' && a.numFmtId && a.formatCode !== undefined) custom.set(Number(a.numFmtId), a.formatCode);
      else if (name === 'cellXfs') inXfs = true;
      else if (name === 'xf' && inXfs) {
        const id = Number(a.numFmtId ?? 0);
        out.push(custom.get(id) ?? BUILTIN_FORMATS[id] ?? 'General');
      }
    },
    close(name) {
      if (name === 'cellXfs') inXfs = false;
    },
  });
  return out;
}

/** `"AB12"` -> `[11, 27]` (zero-based row, column). */
function cellRef(ref: string): [number, number] | undefined {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!m) return undefined;
  let c = 0;
  for (const ch of m[1]!) c = c * 26 + (ch.charCodeAt(0) - 64);
  return [Number(m[2]) - 1, c - 1];
}

function readXlsxSheet(name: string, xml: string, shared: string[], formats: string[], date1904: boolean): Sheet {
  const sheet: Sheet = { name, cells: new Map(), merges: [], rows: 0, cols: 0, cut: false };
  let cell: { r: number; c: number; t: string; s: number } | undefined;
  let value = '';
  let inline = '';
  let where: 'v' | 't' | undefined;
  let row = -1;
  let col = -1;
  scan(xml, {
    open(tag, a) {
      if (tag === 'row') {
        row = a.r ? Number(a.r) - 1 : row + 1;
        col = -1;
      } else if (tag === 'c') {
        const pos = a.r ? cellRef(a.r) : [row, col + 1] as [number, number];
        if (!pos) return;
        [row, col] = pos;
        cell = { r: pos[0], c: pos[1], t: a.t ?? 'n', s: Number(a.s ?? 0) };
        value = '';
        inline = '';
      } else if (tag === 'v' && cell) where = 'v';
      else if (tag === 't' && cell) where = 't';
      else if (tag === 'mergeCell' && a.ref) {
        const [from, to] = a.ref.split(':');
        const p0 = from ? cellRef(from) : undefined;
        const p1 = to ? cellRef(to) : p0;
        if (p0 && p1) sheet.merges.push({ r0: p0[0], c0: p0[1], r1: p1[0], c1: p1[1] });
      }
    },
    text(t) {
      if (where === 'v') value += t;
      else if (where === 't') inline += t;
    },
    close(tag) {
      if (tag === 'v' || tag === 't') where = undefined;
      else if (tag === 'c' && cell) {
        const text = displayed(cell.t, value, inline, shared, formats[cell.s] ?? 'General', date1904);
        put(sheet, cell.r, cell.c, text);
        cell = undefined;
      }
    },
  });
  return sheet;
}

function displayed(type: string, value: string, inline: string, shared: string[], code: string, date1904: boolean): string {
  switch (type) {
    case 's': return shared[Number(value)] ?? '';
    case 'inlineStr': return inline;
    case 'str': return value;
    case 'b': return value === '1' ? 'TRUE' : 'FALSE';
    case 'e': return value;
    case 'd': return value;
    default: {
      if (value === '') return '';
      const n = Number(value);
      if (!Number.isFinite(n)) return value;
      // numfmt reads dates as 1900-system serials; a 1904 workbook counts from 1904-01-01.
      const serial = date1904 && isDateFormat(code) ? n + 1462 : n;
      try {
        return formatNumber(code, serial, { locale: 'en-US' });
      } catch {
        return value;
      }
    }
  }
}

function put(sheet: Sheet, r: number, c: number, text: string): void {
  if (r >= LIMITS.maxRows || c >= LIMITS.maxCols) {
    if (text) sheet.cut = true;
    return;
  }
  if (!text) return;
  sheet.cells.set(key(r, c), text);
  sheet.rows = Math.max(sheet.rows, r + 1);
  sheet.cols = Math.max(sheet.cols, c + 1);
}

// ---------------------------------------------------------------------------------------------
// OpenDocument spreadsheet
// ---------------------------------------------------------------------------------------------

function readOds(zip: ZipArchive, context: ReadContext): Sheet[] {
  const xml = zip.text('content.xml');
  if (!xml) throw createError('DOCUMENT_UNREADABLE', context.name, 'not an OpenDocument spreadsheet (no content.xml)');
  const sheets: Sheet[] = [];
  let sheet: Sheet | undefined;
  let row = 0;
  let col = 0;
  let rowRepeat = 1;
  let cell: { repeat: number; rowSpan: number; colSpan: number; covered: boolean; text: string[]; paragraphs: number } | undefined;
  let depth = 0;
  scan(xml, {
    open(tag, a) {
      if (tag === 'table:table') {
        // A table nested in a cell (rare) is read as that cell's text.
        if (sheet) { depth++; return; }
        sheet = { name: a['table:name'] ?? `Sheet ${sheets.length + 1}`, cells: new Map(), merges: [], rows: 0, cols: 0, cut: false };
        row = 0;
      } else if (!sheet || depth > 0) {
        if (cell && tag === 'text:s') cell.text.push(' '.repeat(Math.min(1000, Number(a['text:c'] ?? 1))));
        else if (cell && (tag === 'text:tab' || tag === 'text:line-break')) cell.text.push(' ');
      } else if (tag === 'table:table-row') {
        col = 0;
        rowRepeat = Math.max(1, Number(a['table:number-rows-repeated'] ?? 1));
      } else if (tag === 'table:table-cell' || tag === 'table:covered-table-cell') {
        cell = {
          repeat: Math.max(1, Number(a['table:number-columns-repeated'] ?? 1)),
          rowSpan: Math.max(1, Number(a['table:number-rows-spanned'] ?? 1)),
          colSpan: Math.max(1, Number(a['table:number-columns-spanned'] ?? 1)),
          covered: tag === 'table:covered-table-cell',
          text: [],
          paragraphs: 0,
        };
      } else if (cell && tag === 'text:p') {
        if (cell.paragraphs++ > 0) cell.text.push(' ');
      } else if (cell && tag === 'text:s') cell.text.push(' '.repeat(Math.min(1000, Number(a['text:c'] ?? 1))));
      else if (cell && (tag === 'text:tab' || tag === 'text:line-break')) cell.text.push(' ');
    },
    text(t) {
      if (cell) cell.text.push(t);
    },
    close(tag) {
      if (tag === 'table:table') {
        if (depth > 0) { depth--; return; }
        if (sheet) sheets.push(sheet);
        sheet = undefined;
        throwIfAborted(context.signal, 'Ingest');
      } else if (!sheet || depth > 0) return;
      else if ((tag === 'table:table-cell' || tag === 'table:covered-table-cell') && cell) {
        const text = cell.text.join('').replace(/\s+/g, ' ').trim();
        // Repeats of an empty cell only move the column: "16,384 empty cells" cost nothing.
        const repeat = text ? Math.min(cell.repeat, LIMITS.maxCols) : cell.repeat;
        if (text || cell.rowSpan > 1 || cell.colSpan > 1) {
          for (let k = 0; k < repeat && col + k < LIMITS.maxCols; k++) {
            for (let rr = 0; rr < Math.min(rowRepeat, LIMITS.maxRows); rr++) put(sheet, row + rr, col + k, text);
            if ((cell.rowSpan > 1 || cell.colSpan > 1) && !cell.covered) {
              sheet.merges.push({ r0: row, c0: col + k, r1: row + cell.rowSpan - 1, c1: col + k + cell.colSpan - 1 });
              sheet.rows = Math.max(sheet.rows, Math.min(LIMITS.maxRows, row + cell.rowSpan));
              sheet.cols = Math.max(sheet.cols, Math.min(LIMITS.maxCols, col + k + cell.colSpan));
            }
          }
        }
        col += cell.repeat;
        cell = undefined;
      } else if (tag === 'table:table-row') {
        row += rowRepeat;
        if (row > LIMITS.maxRows * 4) row = LIMITS.maxRows * 4;
      }
    },
  });
  return sheets;
}
