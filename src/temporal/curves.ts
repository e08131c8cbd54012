/**
 * Temporal score curves (MRAG step 5): how well a sentence's timestamps fit a constraint,
 * in [0, 1]. One curve per constraint kind: MRAG's six (last/first x before/after/between),
 * `overlap` for "from T1 to T2" with no condition, and point relations (in / on / around)
 * that MRAG leaves unscored. Parameters live in `settings.ts`.
 *
 * Unlike MRAG, which reduces a sentence to its 4-digit years, a timestamp here is an
 * interval at its own granularity: "since July 2019" covers "as of 6 May 2021", and
 * "in May 2016" is a closer match for "on 3 May 2016" than "in 2016" is.
 */

import type { EventInterval, TemporalConstraint, TimeSpan } from '../types.ts';
import { unitLength } from './intervals.ts';
import { CURVES, MS_PER_YEAR } from './settings.ts';

type Kind = NonNullable<TemporalConstraint['kind']>;

/** The curve a constraint uses: its `kind`, else derived from relation and condition as the parser would. */
export function curveKind(c: TemporalConstraint): Kind | 'any' {
  if (c.kind) return c.kind;
  const first = c.condition === 'first', last = c.condition === 'last';
  switch (c.relation) {
    case 'before': case 'before-or-at': case 'as of': case 'by': case 'until':
      return first ? 'first-before' : 'last-before';
    case 'after': return last ? 'last-after' : 'first-after';
    case 'after-or-at': case 'since': return first ? 'first-after' : 'last-after';
    case 'between': return first ? 'first-between' : last ? 'last-between' : 'overlap';
    case 'any': return 'any';
    default: return 'point';
  }
}

const ramp = (x: number): number => CURVES.low + (CURVES.high - CURVES.low) * Math.min(1, Math.max(0, x));

// The before / after ramp: `high` at the preferred end of the window (x = 0), `low` at
// the far end (x = 1); linear as in MRAG, or exponential (see `CURVES.rampDecayYears`).
function windowRamp(x: number): number {
  const tau = CURVES.rampDecayYears / CURVES.windowYears;
  if (tau <= 0) return ramp(1 - x);
  const e = (Math.exp(-x / tau) - Math.exp(-1 / tau)) / (1 - Math.exp(-1 / tau));
  return ramp(e);
}

// Decays from `low` (touching the interval) to `outside` with the distance in years.
function near(distanceMs: number, granularity: string): number {
  const tau = CURVES.nearYears[granularity] ?? 1;
  return CURVES.outside + (CURVES.low - CURVES.outside) * Math.exp(-distanceMs / MS_PER_YEAR / tau);
}

// An overlapping span much coarser than the constraint says less than one of its size.
function overlapScore(spanLength: number, constraintLength: number): number {
  const r = spanLength > 0 ? Math.min(1, constraintLength / spanLength) : 1;
  return CURVES.high - (CURVES.high - CURVES.low) * CURVES.coarsePenalty * (1 - r);
}

function spanScore(c: TemporalConstraint, kind: Kind | 'any', span: TimeSpan): number {
  const a = span.open === 'start' ? -Infinity : span.start;
  const b = span.end;
  const W = CURVES.windowYears * MS_PER_YEAR;
  switch (kind) {
    case 'last-before': case 'first-before': {
      const T = c.relation === 'before' ? c.start : c.end;
      if (a >= T || b <= T - W) return CURVES.outside;
      // Distance from the preferred end of the window, as a share of the window.
      return kind === 'last-before'
        ? windowRamp((T - Math.min(b, T)) / W)
        : windowRamp((Math.max(a, T - W) - (T - W)) / W);
    }
    case 'first-after': case 'last-after': {
      const T = c.relation === 'after' ? c.end : c.start;
      if (b <= T || a >= T + W) return CURVES.outside;
      return kind === 'first-after'
        ? windowRamp((Math.max(a, T) - T) / W)
        : windowRamp((T + W - Math.min(b, T + W)) / W);
    }
    case 'first-between': case 'last-between': {
      const S = c.start, E = c.end, L = Math.max(1, E - S);
      if (b <= S) return near(S - b, c.granularity);
      if (a >= E) return near(a - E, c.granularity);
      return kind === 'last-between'
        ? ramp((Math.min(b, E) - S) / L)
        : ramp((E - Math.max(a, S)) / L);
    }
    case 'overlap': case 'point': {
      if (c.relation === 'around') {
        const sigma = Math.max(CURVES.aroundSigmaYears * MS_PER_YEAR, (c.end - c.start) / 2);
        const mid = (c.start + c.end) / 2;
        const d = mid < a ? a - mid : mid > b ? mid - b : 0;
        return CURVES.outside + (CURVES.high - CURVES.outside) * Math.exp(-((d / sigma) ** 2));
      }
      // How close one end of the span is to the matching end of the interval. A state that
      // held over [T1, T2] begins at T1: the sentence dated T1 says who took over, the one
      // dated T2 usually names the successor, so an end match counts for less.
      const liftOf = (d: number): number => Math.exp(-d / MS_PER_YEAR / CURVES.endpointYears);
      const lift = Math.max(liftOf(Math.abs(a - c.start)), CURVES.endpointEndShare * liftOf(Math.abs(b - c.end)));
      if (b <= c.start || a >= c.end) {
        const n = near(b <= c.start ? c.start - b : a - c.end, c.granularity);
        return kind === 'overlap' ? n + (CURVES.high - n) * lift * CURVES.endpointOutside : n;
      }
      const base = overlapScore((Number.isFinite(a) ? b - a : Infinity), c.end - c.start);
      if (kind === 'point') {
        // "The first Rust release in 2024": within the interval, the earliest (or, for "last",
        // the latest) date is preferred, from `high` at that end to `low` at the other.
        if (c.condition === 'none' || !Number.isFinite(a)) return base;
        const L = Math.max(1, c.end - c.start);
        const x = c.condition === 'first' ? (c.end - Math.max(a, c.start)) / L : (Math.min(b, c.end) - c.start) / L;
        return base * ramp(x) / CURVES.high;
      }
      if (CURVES.overlapInside >= 1) return base;
      return base * (CURVES.overlapInside + (1 - CURVES.overlapInside) * lift);
    }
    case 'any':
      return CURVES.anyDated;
  }
}

/**
 * Among intervals that cover the question's date, "current" / "newest" prefers the latest
 * begun and "oldest" / "first" the earliest. Every covering interval meets the question; the
 * preference only orders them, so it costs the least preferred at most
 * `CURVES.conditionPreference` of its score (a covering record still beats undated prose).
 */
function conditionPreference(condition: TemporalConstraint['condition'], start: number, at: number): number {
  if (condition === 'none' || !Number.isFinite(start)) return 1;
  const recent = Math.exp(-Math.max(0, at - start) / MS_PER_YEAR / CURVES.rampDecayYears);
  return 1 - CURVES.conditionPreference * (condition === 'last' ? 1 - recent : recent);
}

/**
 * How well the interval over which a sentence's fact holds fits the constraint (see
 * `intervals.ts`). Where intervals take over from the curves: a state is *in force* over its
 * interval, so a point or as-of question ("on 6 May 2021", "in June 2022", "as of 2019") is met
 * fully by an interval that covers the date — no penalty for being longer than the question's
 * day, no preference for the nearest date — and "first after T" / "last before T" order
 * events by their *start*: the first term begun after 1990, the last begun before 2021 that
 * had not ended by then. Where the end is not known (`endKind: 'open'`), a later start is more
 * likely to be the one still in force, so coverage decays with the start's age as the
 * before / after ramp does. A `last` condition prefers the latest start among the intervals
 * that cover the date ("the current release in June 2022").
 */
function intervalScore(c: TemporalConstraint, kind: Kind | 'any', iv: EventInterval): number {
  const a = iv.start ?? -Infinity;
  const b = iv.end ?? Infinity;
  const known = iv.endKind !== 'open';
  const W = CURVES.windowYears * MS_PER_YEAR;
  const age = (t: number) => (Number.isFinite(a) ? windowRamp(Math.min(1, Math.max(0, (t - a) / W))) : CURVES.low);
  switch (kind) {
    case 'point': case 'overlap': {
      if (c.relation === 'around') return spanScore(c, kind, { start: a, end: b, granularity: iv.granularity, from: 0, to: 0 });
      if (b <= c.start) return near(c.start - b, c.granularity);
      if (a >= c.end) return near(a - c.end, c.granularity);
      let score = known ? CURVES.high : age(c.start);
      // Among the intervals that cover the date: the latest begun for "current" / "newest",
      // the earliest for "oldest" / "first".
      score *= conditionPreference(c.condition, a, c.start);
      if (kind === 'overlap' && CURVES.overlapInside < 1 && Number.isFinite(a)) {
        // "from T1 to T2": the interval that begins at T1 is the answer, as for sentence dates.
        const lift = Math.exp(-Math.abs(a - c.start) / MS_PER_YEAR / CURVES.endpointYears);
        score *= CURVES.overlapInside + (1 - CURVES.overlapInside) * lift;
      }
      return score;
    }
    case 'last-before': case 'first-before': {
      const T = c.relation === 'before' ? c.start : c.end;
      if (a >= T || b <= T - W) return CURVES.outside;
      if (kind === 'first-before') return windowRamp(Math.max(0, (Math.max(a, T - W) - (T - W)) / W));
      // In force at T: met (the earliest begun for "the oldest ... still supported as of T");
      // ended before T: by how long ago it ended.
      if (b > T) {
        const base = known ? CURVES.high : age(T);
        return base * (c.condition === 'first' ? conditionPreference('first', a, T) : 1);
      }
      return windowRamp((T - b) / W) * CURVES.low / CURVES.high;
    }
    case 'first-after': case 'last-after': {
      const T = c.relation === 'after' ? c.end : c.start;
      // What began before T and runs past it did not happen after T.
      if (a < T || a >= T + W) return CURVES.outside;
      return kind === 'first-after' ? windowRamp((a - T) / W) : windowRamp((T + W - a) / W);
    }
    case 'first-between': case 'last-between': {
      const S = c.start, E = c.end, L = Math.max(1, E - S);
      if (!Number.isFinite(a)) return CURVES.outside;
      if (a < S) return b > S ? CURVES.low : near(S - b, c.granularity);
      if (a >= E) return near(a - E, c.granularity);
      return kind === 'last-between' ? ramp((a - S) / L) : ramp((E - a) / L);
    }
    case 'any':
      return CURVES.anyDated;
  }
}

/**
 * How well a sentence's timestamps fit the constraint, in [0, 1]: the best of its spans
 * (for MRAG's monotone curves that is the latest year for "last", the earliest for
 * "first") and of the intervals its facts hold over, when it has any (`intervalScore`); a
 * date that opens or closes an interval counts as that interval only. 0.5
 * when the sentence has no timestamp (MRAG's baseline); a sentence whose dates all miss the
 * constraint scores `CURVES.outside`.
 */
export function temporalScore(constraint: TemporalConstraint, times: TimeSpan[], intervals?: readonly EventInterval[]): number {
  if (!times.length && !intervals?.length) return CURVES.noTimestamp;
  if (constraint.endpoint) {
    // "Which version is supported until October 2027?" against "3.12 (until October 2028)",
    // "3.11 (until October 2027)": every such interval overlaps "before October 2027"; the
    // question asks whose end *is* then. Evidence stating that end point is matched on it;
    // a sentence stating none keeps its ordinary score, at most `low` (it may hold then, it
    // does not say it ends then).
    const matched = endpointScore(constraint, constraint.endpoint, times, intervals);
    if (matched !== undefined) return matched;
    return Math.min(CURVES.low, periodScore(constraint, times, intervals));
  }
  return periodScore(constraint, times, intervals);
}

/**
 * `high` when a date the evidence gives for the start (end) point of what it states falls in the
 * question's interval, decaying like `near` with the distance; undefined when it gives none. An
 * open span's written date is that point ("until October 2027"), a range gives its ends, a single
 * date may be either; an interval its known start or end (a record's field date when one names it).
 */
function endpointScore(c: TemporalConstraint, which: 'start' | 'end', times: readonly TimeSpan[], intervals?: readonly EventInterval[]): number | undefined {
  const end = which === 'end';
  const points: number[][] = [];
  for (const t of times) {
    if (t.open ? (t.open === 'start') === end : t.end - t.start <= unitLength(t.granularity) * 1.5) points.push([t.start, t.end]);
    else if (!t.open) points.push(end ? [t.end - 1, t.end] : [t.start, t.start + 1]);
  }
  for (const iv of intervals ?? []) {
    const at = end ? (iv.endKind === 'explicit' || iv.endKind === 'next' ? iv.end : undefined) : iv.start;
    if (at === undefined || iv.source === 'sentence') continue; // a sentence's own span is among `times`
    const field = iv.dates?.find((d) => d.start === at);
    points.push(field ? [field.start, field.end] : [at - 1, at + 1]);
  }
  let best: number | undefined;
  for (const [a, b] of points) {
    const d = b! <= c.start ? c.start - b! + 1 : a! >= c.end ? a! - c.end + 1 : 0;
    best = Math.max(best ?? 0, d ? near(d, c.granularity) : CURVES.high);
  }
  return best;
}

function periodScore(constraint: TemporalConstraint, times: TimeSpan[], intervals?: readonly EventInterval[]): number {
  const kind = curveKind(constraint);
  let best = 0;
  // A range or open end written in one sentence is one of its spans already, scored by the
  // curves (their coarse penalty holds on TimeQA's folds, state semantics there did not).
  const inferred = intervals?.filter((iv) => iv.source !== 'sentence');
  // A date that opens or closes an interval is read as that interval, not as a moment.
  const explained = CURVES.intervals && inferred?.length ? new Set(inferred.filter((iv) => iv.from !== undefined).map((iv) => iv.from)) : undefined;
  // "As of T" asks what held at T: a moment before T (an event, not a state) is weaker
  // evidence of it than an interval in force at T, so it keeps only part of its lift.
  const asOf = CURVES.intervals && constraint.relation === 'before-or-at' && constraint.condition === 'none';
  for (const span of times) {
    if (explained?.has(span.from)) continue;
    let s = spanScore(constraint, kind, span);
    if (asOf && s > CURVES.low && span.end <= constraint.end) s = CURVES.low + (s - CURVES.low) * CURVES.asOfMomentShare;
    if (s > best) best = s;
  }
  if (inferred && CURVES.intervals) {
    for (const iv of inferred) {
      let s = intervalScore(constraint, kind, iv);
      // The sentence that closes an interval usually names the successor ("when Liz Truss
      // succeeded him"): it counts for less, as an end match does on the curves.
      if (iv.stated === 'end') s = CURVES.low + (s - CURVES.low) * CURVES.endpointEndShare;
      if (s > best) best = s;
    }
  }
  return best;
}
