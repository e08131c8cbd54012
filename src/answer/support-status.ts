/**
 * Whether something is still supported today, answered from the end of its life a table gives (an
 * `eol` column, "End of life") against the reference date: "No — end of life on 2025-11-21",
 * "Yes — supported until 2026-05-19", "Yes — no end of life is set" (a cell "false", or empty);
 * what the questions ask is read by `support-questions.ts`. Pure: the caller passes the date
 * that "still" means.
 */
import { findDates } from '../temporal/date-grammar.ts';
import { FALSE_VALUE, TRUE_VALUE } from '../temporal/intervals.ts';
import type { CellReading } from './status-lists.ts';

/** Whether an end-of-life cell says none is set ("false", or empty). */
export function setsNoEnd(end: string): boolean {
  const t = end.trim();
  return !t || FALSE_VALUE.test(t);
}

/** What {@link supportStatus} read. */
export interface SupportStatus {
  supported: boolean;
  /** The answer as a reader sees it ("No — end of life on 2025-11-21"). */
  text: string;
}

/**
 * Whether the thing whose end of life the cell `end` gives is supported at `reference` (ms): a
 * date past is no, a date to come yes, a cell that says none ("false", empty) yes. The answer's
 * "yes" and "no" are the question's: `ended` asks whether it has ended. Undefined for a cell that
 * is neither (a note).
 */
export function supportStatus(end: string, reference: number, ended = false): SupportStatus | undefined {
  const t = end.trim();
  const say = (supported: boolean, why: string): SupportStatus => ({ supported, text: `${supported !== ended ? 'Yes' : 'No'} — ${why}` });
  if (setsNoEnd(t)) return say(true, 'no end of life is set');
  const d = findDates(t, { shortYears: 'none', reference, prepositions: false })[0];
  if (!d) return undefined;
  // Support ends with the day (the month, the year) the cell names.
  return reference < d.end ? say(true, `supported until ${t}`) : say(false, `end of life on ${t}`);
}

/** How the status lists (`status-lists.ts`, loaded on demand) read a cell: as this module and the date grammar do. */
export const CELL_READING: CellReading = {
  supported: (end, reference) => supportStatus(end, reference)?.supported,
  none: setsNoEnd,
  yes: (cell) => TRUE_VALUE.test(cell),
  dateStart: (cell, reference) => findDates(cell, { shortYears: 'none', reference, prepositions: false })[0]?.start,
};
