/**
 * A length of time between two dates as a reader counts it: whole days, weeks, calendar months
 * or years, the unit the question asks ("how many days") or, for "how long", the one that suits
 * the length and how finely its dates are written. Shared by the durations read from sentences
 * (`prose-calc.ts`) and from a table row's two dates (`table-answer.ts`). Pure.
 */
import type { QuestionAnalysis } from './question.ts';

export type DurationUnit = 'day' | 'week' | 'month' | 'year' | 'auto';

const DAY = 86_400_000;

/** For a `duration` question: the unit asked ("how many days"); `auto` for "how long". */
export function durationUnitOf(analysis: QuestionAnalysis): DurationUnit {
  const m = /^\W*(?:(?:in|after|over) )?how (?:many|much) (days|weeks|months|years)\b/i.exec(analysis.question);
  return m ? m[1]!.toLowerCase().replace(/s$/, '') as DurationUnit : 'auto';
}

/** A date as ISO 8601 writes it to its granularity ("2020-04-23", "2020-04", "2020"). */
export function isoDate(ms: number, granularity: string): string {
  const d = new Date(ms).toISOString();
  return granularity === 'day' ? d.slice(0, 10) : granularity === 'month' ? d.slice(0, 7) : d.slice(0, 4);
}

/** Whole units from `a` to `b` (ms), calendar months and years; the unit chosen for "how long". */
export function between(a: number, b: number, unit: DurationUnit, granularity: string): { value: number; unit: string } {
  const chosen = unit === 'auto' ? (granularity === 'day' && b - a < 366 * DAY ? 'day' : granularity === 'day' || granularity === 'month' ? (b - a < 2 * 366 * DAY ? 'month' : 'year') : 'year') : unit;
  if (chosen === 'day') return { value: Math.round((b - a) / DAY), unit: 'days' };
  if (chosen === 'week') return { value: Math.round(((b - a) / DAY / 7) * 10) / 10, unit: 'weeks' };
  const da = new Date(a);
  const db = new Date(b);
  let months = (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + db.getUTCMonth() - da.getUTCMonth();
  if (granularity === 'day' && db.getUTCDate() < da.getUTCDate()) months--;
  return chosen === 'month' ? { value: months, unit: 'months' } : { value: granularity === 'year' ? db.getUTCFullYear() - da.getUTCFullYear() : Math.floor(months / 12), unit: 'years' };
}
