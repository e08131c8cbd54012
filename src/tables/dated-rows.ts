import type { EventInterval, Table } from '../types.ts';
import { findDates } from '../temporal/date-grammar.ts';
import { FALSE_VALUE, fieldDates, fieldRole, recordInterval, TRUE_VALUE } from '../temporal/intervals.ts';
import { coverMap } from './grid.ts';
import { detectHeaders, type TableStructure } from './headers.ts';

/**
 * Dated table rows: a table whose rows are events or terms ("Took office" / "Left office",
 * "Release" / "End of life", "Term start" / "Term end", a "Released" or "Year" column) holds
 * one interval per row. Date columns are found by their header words (`fieldRole`) and by
 * their values (most cells a date). A table with years as *column headers* (a StatCan table:
 * "2013", "2014" over figures) has no date column: its years stay headers the fusion matches.
 */

/** The columns of a table that date its rows. */
export interface DatedColumns {
  /** Columns whose header names a start or an end, with that role. */
  roles: Array<{ col: number; role: 'start' | 'end'; name: string }>;
  /** A column of dates whose header names neither ("Year", "Date"): each row's moment. */
  points: number[];
}

/** Share of a column's filled data cells that must read as dates for it to date its rows. */
const DATED_SHARE = 0.6;

/** Whether a cell's text is essentially one date ("2021-04-20", "4 October 2021", "1998"). */
function isDateCell(text: string): boolean {
  const t = text.trim();
  if (!t || t.length > 40) return false;
  const d = findDates(t, { shortYears: 'none', reference: 0, prepositions: false })[0];
  return !!d && d.to - d.from >= t.replace(/[\s()[\].,*]+/g, '').length * 0.6;
}

/**
 * The columns that date a table's rows, or undefined when none does. A column counts when its
 * header names a start or an end and most of its filled cells are dates (an end column may be
 * empty or say "present" where the term runs on), or when nearly all its cells are dates.
 */
export function datedColumns(table: Table, structure: TableStructure = detectHeaders(table)): DatedColumns | undefined {
  const named = namedRoles(table, structure);
  return named && datedColumnsOf(table, structure, coverMap(table), named);
}

/** The columns' header names and the roles they name, or undefined when none names a start or an end. */
interface NamedRoles {
  names: string[];
  fieldRoles: Array<'start' | 'end' | undefined>;
}

/**
 * Read first, from the headers alone: points count only beside a role, so a table without a start
 * or end header is not read cell by cell (on HiTab, reading every cell as a date was 8% of an
 * ingest), and its position index is not built either (nearly every table of a statistics corpus).
 */
function namedRoles(table: Table, structure: TableStructure): NamedRoles | undefined {
  if (!structure.dataRows.length) return undefined;
  const names: string[] = [];
  const fieldRoles: NamedRoles['fieldRoles'] = [];
  let any = false;
  for (let c = 0; c < table.cols; c++) {
    const name = (structure.columnPaths[c] ?? []).join(' ');
    const role = name ? fieldRole(name) : undefined;
    names.push(name);
    fieldRoles.push(role);
    if (role) any = true;
  }
  return any ? { names, fieldRoles } : undefined;
}

function datedColumnsOf(table: Table, structure: TableStructure, map: ReturnType<typeof coverMap>, { names, fieldRoles }: NamedRoles): DatedColumns | undefined {
  const rows = structure.dataRows;
  const roles: DatedColumns['roles'] = [];
  const points: number[] = [];
  const cellsOf = (c: number) => rows.map((r) => map.at(r, c)).filter((cell) => cell && cell.row >= 0).map((cell) => cell!.text);
  // Role columns first: the point columns (read cell by cell) count only when one of them dates the rows.
  for (let c = 0; c < table.cols; c++) {
    const role = fieldRoles[c];
    if (!role) continue;
    const cells = cellsOf(c);
    const filled = cells.filter((t) => t.trim());
    if (!filled.length) continue;
    const dated = filled.filter(isDateCell).length / filled.length;
    if (dated >= DATED_SHARE) roles.push({ col: c, role, name: names[c]! });
    else if (role === 'end' && dated > 0 && dated + (cells.length - filled.length) / cells.length >= DATED_SHARE) roles.push({ col: c, role, name: names[c]! });
  }
  if (!roles.length) return undefined;
  for (let c = 0; c < table.cols; c++) {
    if (fieldRoles[c]) continue;
    const filled = cellsOf(c).filter((t) => t.trim());
    if (filled.length < 2) continue;
    if (filled.filter(isDateCell).length / filled.length >= 0.9) points.push(c);
  }
  // Dates alone (a "Year" or "Date" column) make a time series, figures per period, which the
  // fusion matches by the period's words; rows are terms or events only when a header says
  // they begin or end.
  return roles.length ? { roles, points } : undefined;
}

/**
 * One interval per data row of a dated table: its start column's date to its end column's, an
 * empty or "present" end open ("Friedrich Merz | 6 May 2025 | in office"); a table dated only by
 * a moment per row ("Released", "Year") gives each row that moment as its start, open-ended.
 * Keyed by grid row.
 */
export function rowIntervals(table: Table, options?: { structure?: TableStructure; referenceDate?: Date }): Map<number, EventInterval> {
  const out = new Map<number, EventInterval>();
  const structure = options?.structure ?? detectHeaders(table);
  const named = namedRoles(table, structure);
  if (!named) return out;
  const map = coverMap(table);
  const dated = datedColumnsOf(table, structure, map, named);
  if (!dated) return out;
  const starts = dated.roles.some((r) => r.role === 'start');
  // Yes / no columns ("lts": "true" or empty; or a date and "false"): every filled cell a yes / no
  // word or a date, one at least a yes / no word. A date there says yes (since that date).
  const flagCols: number[] = [];
  for (let c = 0; c < table.cols; c++) {
    if (!(structure.columnPaths[c] ?? []).length) continue;
    const filled = structure.dataRows.map((r) => map.at(r, c)?.text.trim() ?? '').filter(Boolean);
    if (filled.some((t) => TRUE_VALUE.test(t) || FALSE_VALUE.test(t)) && filled.every((t) => TRUE_VALUE.test(t) || FALSE_VALUE.test(t) || isDateCell(t))) flagCols.push(c);
  }
  for (const r of structure.dataRows) {
    const text = (c: number) => {
      const cell = map.at(r, c);
      return cell ? cell.text : '';
    };
    const fields: Array<[string, string]> = dated.roles.map((x) => [x.name, text(x.col)]);
    // Without a start column, the row's moment ("Released 4 October 2021") is where it begins.
    if (!starts && dated.points.length) fields.unshift(['start', text(dated.points[0]!)]);
    const iv = recordInterval(fields, options);
    // Every named column's date stays the row's, as every field of a `key: value` line does: a
    // question may name a milestone no start or end column holds ("the newest LTS line" and
    // an "lts" column of dates and "false").
    const named: Array<[string, string]> = [];
    for (let c = 0; c < table.cols; c++) named.push([(structure.columnPaths[c] ?? []).join(' '), text(c)]);
    const flags = flagCols.map((c) => ({ name: named[c]![0], value: !!text(c).trim() && !FALSE_VALUE.test(text(c)) }));
    if (iv) out.set(r, { ...iv, source: 'record', dates: fieldDates(named, options), ...(flags.length ? { flags } : {}) });
  }
  return out;
}
