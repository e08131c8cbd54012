/**
 * The score curve of a temporal constraint as a function of time, for the chart. It calls
 * the engine's own `temporalScore` on a one-day sentence timestamp at each point, so the
 * chart shows the curve the ranking used (for a day-precise date; coarser dates score a
 * little lower where the engine penalises them).
 */
import { temporalScore } from '../src/temporal/index.ts';
import type { TemporalConstraint, TimeSpan } from '../src/types.ts';

const DAY_MS = 24 * 3600 * 1000;

/** Returns `t -> temporal score of a sentence dated on day t`. */
export function curveOf(constraint: TemporalConstraint): (t: number) => number {
  return (t) => {
    const span: TimeSpan = { start: t, end: t + DAY_MS, granularity: 'day', from: 0, to: 0 };
    return temporalScore(constraint, [span]);
  };
}
