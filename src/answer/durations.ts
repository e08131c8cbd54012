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

/**
 * Units from `a` to `b` (ms), calendar months and years. A unit the question asks ("how many
 * years") counts whole ones, as an age does; "how long" (`auto`) says the length in the unit
 * that suits it, to the nearest: 2 years 11 months 26 days was "2 years" and is "3 years" (Django
 * 3.2's support), 23 months 29 days "24 months".
 */
export function between(a: number, b: number, unit: DurationUnit, granularity: string): { value: number; unit: string } {
  if (unit === 'auto' && granularity === 'day' && b - a < 366 * DAY) unit = 'day';
  if (unit === 'day') return { value: Math.round((b - a) / DAY), unit: 'days' };
  if (unit === 'week') return { value: Math.round(((b - a) / DAY / 7) * 10) / 10, unit: 'weeks' };
  const da = new Date(a);
  const db = new Date(b);
  if (granularity === 'year') return { value: db.getUTCFullYear() - da.getUTCFullYear(), unit: 'years' };
  let months = (db.getUTCFullYear() - da.getUTCFullYear()) * 12 + db.getUTCMonth() - da.getUTCMonth();
  if (granularity === 'day' && db.getUTCDate() < da.getUTCDate()) months--;
  if (unit !== 'auto') return unit === 'month' ? { value: months, unit: 'months' } : { value: Math.floor(months / 12), unit: 'years' };
  // The days past the last whole month, as a share of a month.
  const exact = months + (granularity === 'day' ? (b - Date.UTC(da.getUTCFullYear(), da.getUTCMonth() + months, da.getUTCDate())) / DAY / 30.44 : 0);
  const nearest = Math.round(exact);
  return nearest < 24 ? { value: nearest, unit: 'months' } : { value: Math.round(exact / 12), unit: 'years' };
}
