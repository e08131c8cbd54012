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

import type { TemporalConstraint, TimeSpan } from '../types.ts';
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
      if (kind === 'point' || CURVES.overlapInside >= 1) return base;
      return base * (CURVES.overlapInside + (1 - CURVES.overlapInside) * lift);
    }
    case 'any':
      return CURVES.anyDated;
  }
}

/**
 * How well a sentence's timestamps fit the constraint, in [0, 1]: the best of its spans
 * (for MRAG's monotone curves that is the latest year for "last", the earliest for
 * "first"). 0.5 when the sentence has no timestamp (MRAG's baseline); a sentence whose
 * dates all miss the constraint scores `CURVES.outside`.
 */
export function temporalScore(constraint: TemporalConstraint, times: TimeSpan[]): number {
  if (!times.length) return CURVES.noTimestamp;
  const kind = curveKind(constraint);
  let best = 0;
  for (const span of times) {
    const s = spanScore(constraint, kind, span);
    if (s > best) best = s;
  }
  return best;
}
