/**
 * Lists of a release table's rows read against the reference date: the versions still supported
 * (or past their end of life), those that have a yes / no property ("LTS"), and those released
 * or ended at a time the question gives ("in 2022", "before 2015"). Pure: the caller
 * passes the rows, the date and how a cell is read (`CellReading`), so that this module, loaded
 * with such a question, imports nothing the worker's start holds (a lazy chunk that does splits
 * those modules into chunks of their own: 0.9 kB more at the start, measured).
 */

/** How a cell is read, as `support-status.ts` and the date grammar read it. */
export interface CellReading {
  /** Whether the thing is supported at `reference` by its end-of-life cell (`supportStatus`); undefined for a note. */
  supported(end: string, reference: number): boolean | undefined;
  /** Whether a cell says none ("false", empty: `setsNoEnd`). */
  none(cell: string): boolean;
  /** Whether a cell says yes ("true"). */
  yes(cell: string): boolean;
  /** The start of the first date a cell states, if any. */
  dateStart(cell: string, reference: number): number | undefined;
}

/** Most rows an answer names in its text; the rest are counted ("and 12 more"), all of them cited. */
export const MAX_LISTED = 12;

/**
 * The rows a status list answers with: those whose end of life (`RowValue`-like: a name and its
 * end cell) is still to come at `reference`, or is set to none, in the table's order; those
 * past it where the question asks which have ended. Rows whose end cell is neither a date nor
 * "none" (a note) are left out. Undefined where no row's end could be read.
 */
export function rowsByStatus<R extends { cell: { text: string } }>(rows: readonly R[], reference: number, ended: boolean, read: CellReading): R[] | undefined {
  let known = 0;
  const out = rows.filter((r) => {
    const supported = read.supported(r.cell.text, reference);
    if (supported !== undefined) known++;
    return supported !== undefined && supported !== ended;
  });
  return known ? out : undefined;
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
export function flagHolds(cell: string, reference: number, read: CellReading): boolean | undefined {
  const t = cell.trim();
  if (read.yes(t)) return true;
  if (read.none(t)) return false;
  const start = read.dateStart(t, reference);
  return start === undefined ? undefined : start <= reference;
}

/** The time a question gives, as the temporal router reads it (`TemporalConstraint`): a relation and a span. */
export interface AskedTime {
  relation: string;
  start: number;
  end: number;
}

/** Of dated things, the one dated first (`'first'`) or last (`at` gives its date); the first of equals. */
export function pickDated<T>(items: readonly T[], pick: 'first' | 'last', at: (item: T) => number): T[] {
  const best = items.reduce<T | undefined>((b, x) => (b === undefined || (pick === 'first' ? at(x) < at(b) : at(x) > at(b)) ? x : b), undefined);
  return best === undefined ? [] : [best];
}

/**
 * Whether a row's date (the start of its cell's first date) fits the time asked: inside it ("in
 * 2022", "between 2019 and 2021"), before it or after it ("since 2020" includes 2020, "after
 * 2020" does not); undefined for a relation a list does not read ("around", "first").
 */
export function fitsTime(date: number, time: AskedTime): boolean | undefined {
  switch (time.relation) {
    case 'in': case 'on': case 'between': return date >= time.start && date < time.end;
    case 'before': return date < time.start;
    case 'before-or-at': return date < time.end;
    case 'after': return date >= time.end;
    case 'after-or-at': return date >= time.start;
    default: return undefined;
  }
}
