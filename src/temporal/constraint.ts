/**
 * Question decomposition (MRAG step 1) without a model: split a question into its main
 * content (MC, what to retrieve) and its temporal constraint (TC, how to score dates).
 * A question with no time constraint comes back with `constraint: null` and its text
 * untouched: that is the router sending it down the plain path.
 *
 * Dates are found by the shared date grammar (years, months, days, decades, ranges);
 * relative expressions ("five years ago", "this decade") are resolved against
 * `referenceDate`, with chrono-node as the fallback for the rarer ones ("last Friday").
 */

import { loadedChrono } from './chrono.ts';
import type { TemporalConstraint, TimeSpan } from '../types.ts';
import { findDates, finer, utc, type DateMatch } from './date-grammar.ts';
import { isNameYear } from './name-years.ts';

/** A question split into main content and temporal constraint. */
export interface ParsedQuestion {
  /** The question without its time constraint (what the first stage searches for). */
  mainContent: string;
  /** Null when the question is not time-sensitive. */
  constraint: TemporalConstraint | null;
}

/**
 * Relations `parseQuestion` produces, in `TemporalConstraint.relation`:
 * `before` (strict: before, prior to), `before-or-at` (as of, by, until, till, "currently"),
 * `after` (strict: after, later than), `after-or-at` (since, from T, starting in, T onwards),
 * `between` (from T1 to T2, between, any range), `in` (in, during, within, a bare date),
 * `on` (a day), `around` (around, circa, about), `any` (an implicit "first"/"earliest"
 * with no date: any dated sentence is preferred).
 */
export type TemporalRelation = 'before' | 'before-or-at' | 'after' | 'after-or-at' | 'between' | 'in' | 'on' | 'around' | 'any';

const TIME_NOUN = '(?:years?|months?|seasons?|decades?|period|time(?:\\s+period|\\s+span|frame)?|timeframe|span|stretch(?:\\s+of\\s+(?:time|years|months))?|course|summer|winter|spring|autumn|fall|end|beginning|start)';
// Each pattern matches the words right before the date; order matters ("as of" before "of").
const RELATIONS: Array<[RegExp, TemporalRelation]> = [
  [/\bas\s+(?:of|at)\s+(?:the\s+)?$/i, 'before-or-at'],
  [/\b(?:prior\s+to|before|earlier\s+than|preceding|pre)\s+(?:the\s+)?$/i, 'before'],
  [/\b(?:by|until|till|til|up\s+(?:to|until)|through|thru)\s+(?:the\s+(?:end\s+of\s+(?:the\s+)?)?)?$/i, 'before-or-at'],
  [/\b(?:after|later\s+than|following|post)\s+(?:the\s+)?$/i, 'after'],
  [/\b(?:since|starting(?:\s+(?:in|from|on|at))?|beginning(?:\s+(?:in|from|on|at))?|from|as\s+from)\s+(?:the\s+)?$/i, 'after-or-at'],
  [/\bbetween\s+(?:the\s+(?:years?\s+)?)?$/i, 'between'],
  [/\b(?:around|circa|c\s?\.|about|approximately|roughly|near|nearly|approx\s?\.?)\s+(?:the\s+(?:year\s+)?)?$/i, 'around'],
  [/\bon\s+(?:the\s+)?$/i, 'on'],
  [new RegExp(`\\b(?:in|during|within|throughout|at|over|for)\\s+(?:the\\s+)?(?:${TIME_NOUN}\\s+(?:of\\s+|from\\s+)?(?:the\\s+)?)?$`, 'i'), 'in'],
  [new RegExp(`\\b(?:the\\s+)?${TIME_NOUN}\\s+(?:of\\s+)?$`, 'i'), 'in'],
];
const AFTER_OPEN_END = /^\s*(?:on(?:wards?)?|or\s+later|and\s+(?:after|later|beyond)|forward)\b/i;
const AFTER_OPEN_START = /^\s*(?:or\s+earlier|and\s+(?:before|earlier))\b/i;
const AFTER_NOUN = /^\s*(?:time\s*frame|timeframe|period)\b/i;
// Dates that modify the content, not the question's time ("founded in 1993", "born in 1136").
const CONTENT_DATE = /\b(?:born|died|founded|established|built|created|formed|launched|opened|sunk|released|published|chartered|renovated|constructed|introduced|completed|elected|appointed|married)\s+(?:in|on|around|during)?\s*(?:the\s+)?$/i;
const LEAD_IN = /^\s*(?:(?:in|during|over|for|throughout|across)\s+the\s+(?:stretch|period|span|course|time\s+period|time\s+span|time|years?|months?)(?:\s+of\s+(?:time|years|months))?|spanning\s+the\s+(?:months|years|period)|regarding\s+the\s+(?:period|time))\s*[,:]?\s*$/i;

const FIRST = /\b(?:first|earliest|oldest|initial(?:ly)?|original(?:ly)?|inaugural)\b(?!\s+name)/i;
const LAST = /\b(?:last|latest|most\s+recent(?:ly)?|final|current(?:ly)?|newest|present(?:ly)?|now|today|recent(?:ly)?)\b(?!\s+name)/i;
const COMMON_VERBS = '(?:\\w+ed|get|got|win|won|become|became|make|made|go|went|play|take|took|have|had|hold|held|reach|host|see|saw|meet|met|come|came|begin|began|run|ran|lose|lost|do|did|appear|visit)';
// Without a date, only unambiguous wordings route a question to the temporal path: "first
// woman to break the sound barrier" is content, "first won" or "earliest" is a condition.
const FIRST_ONLY = new RegExp(`\\b(?:earliest|(?:for\\s+)?the\\s+first\\s+time|originally|initially|first\\s+${COMMON_VERBS})\\b`, 'i');
const LAST_ONLY = new RegExp(`\\b(?:latest|newest|most\\s+recent(?:ly)?|current(?:ly)?|now|today|at\\s+present|presently|these\\s+days|nowadays|(?:the\\s+)?last\\s+time|last\\s+${COMMON_VERBS})\\b`, 'i');

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, hundred: 100, few: 3, several: 3, couple: 2,
};
const NUM = '(\\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\\s+hundred|a\\s+few|a\\s+couple\\s+of|several)';
const RE_AGO = new RegExp(`\\b${NUM}\\s+(years?|decades?|centur(?:y|ies)|months?|weeks?|days?)\\s+ago\\b`, 'i');
const RE_PAST_N = new RegExp(`\\b(?:in|over|during|within|for)\\s+the\\s+(?:last|past|previous)\\s+${NUM}\\s+(years?|decades?|months?|weeks?|days?)\\b`, 'i');
const RE_THIS = /\b(last|past|previous|this|current|next|coming)\s+(year|month|decade|century)\b/i;
const RE_DAY_WORD = /\b(yesterday|today|tonight|tomorrow)\b/i;
const RELATIVE_HINT = /\b(?:ago|last|next|yesterday|tomorrow|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;

function count(word: string): number {
  const w = word.toLowerCase().replace(/\s+of$/, '').replace(/^a\s+/, '');
  return /^\d+$/.test(w) ? +w : (NUMBER_WORDS[w] ?? 1);
}

type Unit = 'year' | 'decade' | 'century' | 'month' | 'week' | 'day';
function unitOf(word: string): Unit {
  const w = word.toLowerCase();
  if (w.startsWith('decade')) return 'decade';
  if (w.startsWith('centur')) return 'century';
  if (w.startsWith('month')) return 'month';
  if (w.startsWith('week')) return 'week';
  if (w.startsWith('day')) return 'day';
  return 'year';
}

/** The calendar unit containing `t` shifted by `n` units, as an interval. */
function unitInterval(ref: Date, unit: Unit, n: number): { start: number; end: number; granularity: TimeSpan['granularity'] } {
  const y = ref.getUTCFullYear(), m = ref.getUTCMonth(), d = ref.getUTCDate();
  switch (unit) {
    case 'decade': { const y0 = y - (y % 10) + 10 * n; return { start: utc(y0), end: utc(y0 + 10), granularity: 'decade' }; }
    case 'century': { const y0 = y - (y % 100) + 100 * n; return { start: utc(y0), end: utc(y0 + 100), granularity: 'century' }; }
    case 'month': return { start: utc(y, m + n), end: utc(y, m + n + 1), granularity: 'month' };
    case 'week': return { start: utc(y, m, d + 7 * n), end: utc(y, m, d + 7 * n + 1), granularity: 'day' };
    case 'day': return { start: utc(y, m, d + n), end: utc(y, m, d + n + 1), granularity: 'day' };
    default: return { start: utc(y + n), end: utc(y + n + 1), granularity: 'year' };
  }
}

interface Found {
  start: number;
  end: number;
  granularity: TimeSpan['granularity'];
  from: number;
  to: number;
  range: boolean;
}

/**
 * Whether parsing `question` may need chrono-node (a relative phrase the grammar leaves to it):
 * await `loadChrono()` before {@link parseQuestion} then.
 */
export function needsChrono(question: string): boolean {
  return RELATIVE_HINT.test(question);
}

/**
 * Relative expressions resolved against the reference date. One that lands outside the dates
 * a `Date` can hold ("1000000 years ago") resolves to nothing rather than to NaN.
 */
function findRelative(q: string, ref: Date): Found | null {
  const found = findRelativeUnchecked(q, ref);
  return found && Number.isFinite(found.start) && Number.isFinite(found.end) ? found : null;
}

function findRelativeUnchecked(q: string, ref: Date): Found | null {
  let m = RE_PAST_N.exec(q);
  if (m) {
    const n = count(m[1]!), unit = unitOf(m[2]!);
    const back = unitInterval(ref, unit, -n);
    const from = m.index + m[0].search(/\b(?:last|past|previous)\b/i);
    return { start: back.start, end: ref.getTime(), granularity: back.granularity, from: m.index, to: m.index + m[0].length, range: from >= 0 };
  }
  m = RE_AGO.exec(q);
  if (m) {
    const iv = unitInterval(ref, unitOf(m[2]!), -count(m[1]!));
    return { ...iv, from: m.index, to: m.index + m[0].length, range: false };
  }
  m = RE_THIS.exec(q);
  if (m) {
    const w = m[1]!.toLowerCase();
    const n = w === 'this' || w === 'current' ? 0 : w === 'next' || w === 'coming' ? 1 : -1;
    const iv = unitInterval(ref, unitOf(m[2]!), n);
    return { ...iv, from: m.index, to: m.index + m[0].length, range: false };
  }
  m = RE_DAY_WORD.exec(q);
  if (m) {
    const w = m[1]!.toLowerCase();
    const n = w === 'yesterday' ? -1 : w === 'tomorrow' ? 1 : 0;
    return { ...unitInterval(ref, 'day', n), from: m.index, to: m.index + m[0].length, range: false };
  }
  if (RELATIVE_HINT.test(q)) {
    const r = loadedChrono().parse(q, ref)[0];
    if (r) {
      const k = r.start;
      const y = k.get('year') ?? ref.getUTCFullYear();
      const mo = (k.get('month') ?? 1) - 1;
      // "last Friday" names its day by the weekday: chrono implies the date, certain of the weekday.
      const day = k.isCertain('day') || k.isCertain('weekday') ? k.get('day') ?? 1 : undefined;
      const iv = day !== undefined
        ? { start: utc(y, mo, day), end: utc(y, mo, day + 1), granularity: 'day' as const }
        : k.isCertain('month') ? { start: utc(y, mo), end: utc(y, mo + 1), granularity: 'month' as const }
          : { start: utc(y), end: utc(y + 1), granularity: 'year' as const };
      return { ...iv, from: r.index, to: r.index + r.text.length, range: !!r.end };
    }
  }
  return null;
}

// "in the 1990s and 2000s", "in 1997 or 1998": one preposition, one interval.
function joinLists(q: string, dates: DateMatch[]): Found[] {
  const out: Found[] = [];
  for (const d of dates) {
    const prev = out[out.length - 1];
    if (prev && /^\s*(?:,\s*)?(?:and|or|,)\s*(?:the\s+)?$/i.test(q.slice(prev.to, d.from)) && d.start >= prev.start) {
      prev.end = Math.max(prev.end, d.end);
      prev.to = d.to;
      prev.granularity = finer(prev.granularity, d.granularity);
      continue;
    }
    out.push({ start: d.start, end: d.end, granularity: d.granularity, from: d.from, to: d.to, range: !!d.range || d.open === 'end' && d.to - d.from > 4 && /present|now|today/i.test(q.slice(d.from, d.to)) });
  }
  return out;
}

function relationBefore(q: string, from: number): { relation: TemporalRelation | null; phraseStart: number } {
  const before = q.slice(Math.max(0, from - 48), from);
  const offset = Math.max(0, from - 48);
  for (const [re, relation] of RELATIONS) {
    const m = re.exec(before);
    if (m) return { relation, phraseStart: offset + m.index };
  }
  return { relation: null, phraseStart: from };
}

function pickConstraint(q: string, found: Found[]): Found {
  let best = found[0]!, bestScore = -Infinity;
  for (const f of found) {
    const before = q.slice(Math.max(0, f.from - 48), f.from);
    const rest = q.slice(f.to);
    let s = 0;
    if (f.range) s += 2;
    if (/^\W*$/.test(rest) || AFTER_NOUN.test(rest) && /^\s*\w+\W*$/.test(rest)) s += 2;
    if (/^\W*(?:(?:in|from|during|between|since|after|before|as\s+of|on|by|until|starting\s+in|beginning\s+in|spanning\s+the\s+months\s+from|in\s+the\s+\w+(?:\s+of\s+\w+)?\s+from)\s+)?(?:the\s+)?$/i.test(q.slice(0, f.from))) s += 2;
    if (/\b(?:as\s+of|since|until|till|between|from|before|after|prior\s+to|by|during)\s+(?:the\s+)?$/i.test(before)) s += 1;
    if (CONTENT_DATE.test(before)) s -= 3;
    if (s >= bestScore) { best = f; bestScore = s; }
  }
  return best;
}

// "until X", "through X", "ends in X" name an end point; "since X", "from X", "starting in X" a
// start point. "by X" and "as of X" ask what holds at X (a period), so they name neither.
const END_POINT = /\b(?:until|till|til|up\s+(?:to|until)|through|thru|(?:ends?|ended|ending|expires?|expired|expiring|runs?\s+out|closes?|(?:reach(?:es|ed)?\s+)?(?:its\s+)?(?:end[\s-]of[\s-](?:life|support)|eol))\s+(?:in|on|at))\s+(?:the\s+)?$/i;
const START_POINT = /\b(?:since|from|as\s+from|(?:starting|beginning|starts?|started|begins?|began)(?:\s+(?:in|from|on|at))?)\s+(?:the\s+)?$/i;

function endpointOf(before: string, relation: TemporalRelation): TemporalConstraint['endpoint'] {
  if ((relation === 'before-or-at' || relation === 'in' || relation === 'on') && END_POINT.test(before)) return 'end';
  if ((relation === 'after-or-at' || relation === 'in' || relation === 'on') && START_POINT.test(before)) return 'start';
  return undefined;
}

function kindOf(relation: TemporalRelation, condition: TemporalConstraint['condition']): TemporalConstraint['kind'] {
  switch (relation) {
    case 'before': case 'before-or-at': return condition === 'first' ? 'first-before' : 'last-before';
    case 'after': return condition === 'last' ? 'last-after' : 'first-after';
    case 'after-or-at': return condition === 'first' ? 'first-after' : 'last-after';
    case 'between': return condition === 'first' ? 'first-between' : condition === 'last' ? 'last-between' : 'overlap';
    case 'any': return undefined;
    default: return 'point';
  }
}

function conditionOf(text: string): TemporalConstraint['condition'] {
  const f = FIRST.exec(text), l = LAST.exec(text);
  if (f && (!l || f.index < l.index)) return 'first';
  if (l) return 'last';
  return 'none';
}

// Joins the text around a removed span so that no dangling comma or double space is left.
function removeSpan(q: string, from: number, to: number): string {
  let left = q.slice(0, from).replace(/[\s,;:–—-]+$/, '');
  let right = q.slice(to).replace(/^[\s,;:–—-]+/, '');
  if (LEAD_IN.test(left)) left = '';
  if (!left) return right.replace(/^[,;:]\s*/, '');
  if (!right) return left;
  return /^[?.!)]/.test(right) ? left + right : `${left} ${right}`;
}

/**
 * Splits `question` into main content and temporal constraint. Relations: as of, from ...
 * to, until, till, before, prior to, after, around, between, by, in, on, since, during (see
 * {@link TemporalRelation}); implicit conditions first / earliest / last / latest / most
 * recent / current; years, months, days, decades, ranges and relative expressions ("last
 * year", "five years ago", "this decade", resolved against `referenceDate`, default now).
 * The condition words are detected but left in the main content: "first" is often content
 * ("the first woman to ...").
 */
export function parseQuestion(question: string, options?: { referenceDate?: Date }): ParsedQuestion {
  const ref = options?.referenceDate ?? new Date();
  const q = question;
  const dates = joinLists(q, findDates(q, { shortYears: 'any', reference: ref.getTime(), prepositions: false }).filter((d) => !isNameYear(q, d.from, d.to)));
  const relative = dates.length === 0 ? findRelative(q, ref) : null;
  const chosen = dates.length > 0 ? pickConstraint(q, dates) : relative;

  if (!chosen) {
    const last = LAST_ONLY.exec(q);
    const first = FIRST_ONLY.exec(q);
    if (!last && !first) return { mainContent: q, constraint: null };
    const day = unitInterval(ref, 'day', 0);
    if (last && (!first || last.index <= first.index)) {
      return {
        mainContent: q,
        constraint: { relation: 'before-or-at', condition: 'last', start: day.start, end: day.end, granularity: 'day', text: last[0], kind: 'last-before' },
      };
    }
    return {
      mainContent: q,
      constraint: { relation: 'any', condition: 'first', start: utc(-9999), end: day.end, granularity: 'day', text: first![0] },
    };
  }

  let { relation, phraseStart } = relationBefore(q, chosen.from);
  let to = chosen.to;
  const rest = q.slice(to);
  let m: RegExpExecArray | null;
  if ((m = AFTER_OPEN_END.exec(rest))) { relation = 'after-or-at'; to += m[0].length; }
  else if ((m = AFTER_OPEN_START.exec(rest))) { relation = 'before-or-at'; to += m[0].length; }
  else if ((m = AFTER_NOUN.exec(rest))) { to += m[0].length; }
  if (chosen.range) relation = 'between';
  if (!relation) relation = chosen.granularity === 'day' ? 'on' : 'in';
  if (relation === 'in' && chosen.granularity === 'day') relation = 'on';

  const text = q.slice(phraseStart, to).trim();
  const mainContent = removeSpan(q, phraseStart, to);
  const condition = conditionOf(q.slice(0, phraseStart) + ' ' + q.slice(to));
  const constraint: TemporalConstraint = {
    relation, condition, start: chosen.start, end: chosen.end, granularity: chosen.granularity, text,
  };
  const kind = kindOf(relation, condition);
  if (kind) constraint.kind = kind;
  // "in 1787 and owned it until 1796" names a period by its two ends: only a lone date is a point.
  const endpoint = chosen.range || dates.length > 1 ? undefined : endpointOf(q.slice(Math.max(0, chosen.from - 48), chosen.from), relation);
  if (endpoint) constraint.endpoint = endpoint;
  return { mainContent: mainContent || q, constraint };
}
