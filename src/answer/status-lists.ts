/**
 * Lists of a release table's rows read against the reference date: the versions still supported
 * (or past their end of life), and those that have a yes / no property ("LTS"). Pure: the caller
 * passes the rows and the date.
 */
import { findDates } from '../temporal/date-grammar.ts';
import { TRUE_VALUE } from '../temporal/intervals.ts';
import { setsNoEnd, supportStatus } from './support-status.ts';

/** Most rows an answer names in its text; the rest are counted ("and 12 more"), all of them cited. */
export const MAX_LISTED = 12;

/**
 * The rows a status list answers with: those whose end of life (`RowValue`-like: a name and its
 * end cell) is still to come at `reference`, or is set to none, in the table's order; those
 * past it where the question asks which have ended. Rows whose end cell is neither a date nor
 * "none" (a note) are left out. Undefined where no row's end could be read.
 */
export function rowsByStatus<R extends { cell: { text: string } }>(rows: readonly R[], reference: number, ended: boolean): R[] | undefined {
  let read = 0;
  const out = rows.filter((r) => {
    const status = supportStatus(r.cell.text, reference);
    if (status) read++;
    return !!status && status.supported !== ended;
  });
  return read ? out : undefined;
}

/** The text of a status list: its names, the first {@link MAX_LISTED}, the others counted; a sentence when none. */
export function statusListText(names: readonly string[], ended: boolean, total: number): string {
  if (!names.length) return ended ? `None — all ${total} listed are still supported` : `None — all ${total} listed have reached end of life`;
  const shown = names.slice(0, MAX_LISTED).join(', ');
  return names.length > MAX_LISTED ? `${shown} and ${names.length - MAX_LISTED} more` : shown;
}

/**
 * Whether a cell of a yes / no column says yes at `reference`: "true", or a date it became so
 * that has come ("lts: 2026-10-28" of a release that turned LTS then); undefined for a cell that
 * says neither yes nor no (a note), so that a column of notes is not read as flags.
 */
export function flagHolds(cell: string, reference: number): boolean | undefined {
  const t = cell.trim();
  if (TRUE_VALUE.test(t)) return true;
  if (setsNoEnd(t)) return false;
  const d = findDates(t, { shortYears: 'none', reference, prepositions: false })[0];
  return d ? d.start <= reference : undefined;
}
