/**
 * Two small inline SVG charts: the temporal score curve a time-sensitive search used, and the
 * corpus's time coverage. Built with `createElementNS`, sized by viewBox so they scale with
 * the panel, and labelled for screen readers.
 */
import type { TemporalConstraint, TimeBucket } from '../src/types.ts';
import { svg } from './dom.ts';
import { formatInstant } from './format.ts';

const YEAR_MS = 365.2425 * 24 * 3600 * 1000;
const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 30, right: 10, top: 10, bottom: 24 };

/** A point to mark on the curve: a result's best-sentence time and its temporal score. */
export interface CurveMark {
  time: number;
  score: number;
  label: string;
}

/**
 * Picks the span of time worth drawing: where the curve differs from its far-away baseline,
 * with a margin, so a 50-year "before" window and a one-year "in" both fill the chart.
 */
function curveDomain(constraint: TemporalConstraint, score: (t: number) => number): [number, number] {
  const finite = (x: number, fallback: number): number => (Number.isFinite(x) ? x : fallback);
  const now = Date.now();
  const start = finite(constraint.start, finite(constraint.end, now) - 50 * YEAR_MS);
  const end = finite(constraint.end, start + YEAR_MS);
  const lo = start - 70 * YEAR_MS;
  const hi = end + 70 * YEAR_MS;
  const baseline = score(lo);
  let first = start;
  let last = end;
  const steps = 280;
  for (let i = 0; i <= steps; i++) {
    const t = lo + ((hi - lo) * i) / steps;
    if (Math.abs(score(t) - baseline) > 1e-6) {
      first = Math.min(first, t);
      last = Math.max(last, t);
    }
  }
  const margin = Math.max((last - first) * 0.15, 2 * YEAR_MS);
  return [first - margin, last + margin];
}

/** Draws `score(t)` over the constraint's neighbourhood, the constraint interval shaded. */
export function scoreCurveChart(constraint: TemporalConstraint, score: (t: number) => number, marks: CurveMark[] = []): SVGSVGElement {
  const [t0, t1] = curveDomain(constraint, score);
  const samples = 160;
  const points: Array<[number, number]> = [];
  for (let i = 0; i <= samples; i++) {
    const t = t0 + ((t1 - t0) * i) / samples;
    points.push([t, score(t)]);
  }
  const yMax = Math.max(1, ...points.map(([, s]) => s), ...marks.map((m) => m.score));
  const x = (t: number): number => PAD.left + ((t - t0) / (t1 - t0)) * (WIDTH - PAD.left - PAD.right);
  const y = (s: number): number => HEIGHT - PAD.bottom - (Math.max(0, s) / yMax) * (HEIGHT - PAD.top - PAD.bottom);
  const clampX = (t: number): number => Math.min(Math.max(x(t), PAD.left), WIDTH - PAD.right);

  const chart = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    class: 'chart',
    role: 'img',
    'aria-label': `Temporal score against time for "${constraint.text}": highest ${points.reduce((a, p) => Math.max(a, p[1]), 0).toFixed(2)}, from ${formatInstant(t0, 'year')} to ${formatInstant(t1, 'year')}.`,
  });
  const cStart = Number.isFinite(constraint.start) ? constraint.start : t0;
  const cEnd = Number.isFinite(constraint.end) ? constraint.end : t1;
  chart.appendChild(svg('rect', {
    class: 'constraint-band',
    x: clampX(cStart),
    y: PAD.top,
    width: Math.max(1.5, clampX(cEnd) - clampX(cStart)),
    height: HEIGHT - PAD.top - PAD.bottom,
  }, [svg('title', {}, [`constraint interval: ${constraint.text}`])]));
  axes(chart, t0, t1, yMax);
  const d = points.map(([t, s], i) => `${i === 0 ? 'M' : 'L'}${x(t).toFixed(1)},${y(s).toFixed(1)}`).join(' ');
  chart.appendChild(svg('path', { d, class: 'curve' }));
  for (const mark of marks) {
    if (!Number.isFinite(mark.time) || mark.time < t0 || mark.time > t1) continue;
    chart.appendChild(svg('circle', { cx: x(mark.time), cy: y(mark.score), r: 3.5, class: 'curve-mark' }, [svg('title', {}, [mark.label])]));
  }
  return chart;
}

function axes(chart: SVGSVGElement, t0: number, t1: number, yMax: number): void {
  const bottom = HEIGHT - PAD.bottom;
  chart.appendChild(svg('line', { x1: PAD.left, y1: bottom, x2: WIDTH - PAD.right, y2: bottom, class: 'axis' }));
  chart.appendChild(svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: bottom, class: 'axis' }));
  for (const s of [0, yMax / 2, yMax]) {
    const yy = bottom - (s / yMax) * (HEIGHT - PAD.top - PAD.bottom);
    chart.appendChild(svg('text', { x: PAD.left - 4, y: yy + 3, class: 'tick', 'text-anchor': 'end' }, [s.toFixed(1)]));
  }
  const ticks = 4;
  for (let i = 0; i <= ticks; i++) {
    const t = t0 + ((t1 - t0) * i) / ticks;
    const xx = PAD.left + ((WIDTH - PAD.left - PAD.right) * i) / ticks;
    chart.appendChild(svg('text', { x: xx, y: HEIGHT - 8, class: 'tick', 'text-anchor': i === 0 ? 'start' : i === ticks ? 'end' : 'middle' }, [formatInstant(t, 'year')]));
  }
}

/**
 * Bars of sentences per bucket, so holes in the corpus's time coverage show at a glance. With
 * `onPick`, each bar that holds sentences is a button (click, Enter or Space) that picks its bucket.
 */
export function coverageChart(all: TimeBucket[], onPick?: (bucket: TimeBucket) => void): SVGSVGElement {
  // The edge buckets that note what the axis leaves off are told in words beside the chart.
  const buckets = all.filter((b) => !b.outlier);
  // Sized for the side panel (~300 px), so 9-unit text renders at about 9 px.
  const width = 320;
  const height = 110;
  const pad = { left: 26, right: 6, top: 8, bottom: 20 };
  const max = Math.max(1, ...buckets.map((b) => b.sentences));
  const total = buckets.reduce((a, b) => a + b.sentences, 0);
  const empty = buckets.filter((b) => b.sentences === 0).map((b) => b.label);
  const first = buckets[0];
  const last = buckets[buckets.length - 1];
  const chart = svg('svg', {
    viewBox: `0 0 ${width} ${height}`,
    class: 'chart coverage-chart',
    // A picture, unless its bars are buttons: an image's children are not announced.
    role: onPick ? 'group' : 'img',
    'aria-label': first && last
      ? `${total} dated sentences from ${first.label} to ${last.label}, at most ${max} in one bucket.${empty.length ? ` No dated sentences in: ${empty.slice(0, 12).join(', ')}${empty.length > 12 ? '…' : ''}.` : ''}`
      : 'No dated sentences yet.',
  });
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const barW = buckets.length ? plotW / buckets.length : plotW;
  const bottom = height - pad.bottom;
  chart.appendChild(svg('line', { x1: pad.left, y1: bottom, x2: width - pad.right, y2: bottom, class: 'axis' }));
  chart.appendChild(svg('text', { x: pad.left - 4, y: pad.top + 8, class: 'tick', 'text-anchor': 'end' }, [String(max)]));
  chart.appendChild(svg('text', { x: pad.left - 4, y: bottom, class: 'tick', 'text-anchor': 'end' }, ['0']));
  const labelEvery = Math.max(1, Math.ceil(buckets.length / 5));
  buckets.forEach((b, i) => {
    const h = (b.sentences / max) * plotH;
    const xx = pad.left + i * barW;
    const what = `${b.label}: ${b.sentences} sentence${b.sentences === 1 ? '' : 's'}`;
    const bar = svg('rect', {
      x: xx + barW * 0.1,
      y: bottom - h,
      width: Math.max(1, barW * 0.8),
      height: Math.max(b.sentences > 0 ? 1 : 0, h),
      class: b.sentences > 0 ? 'bar' : 'bar empty',
    }, [svg('title', {}, [what])]);
    if (onPick && b.sentences > 0) {
      // The hit area is the bar's whole column, so a thin bar on a phone is still easy to tap.
      const hit = svg('rect', { x: xx, y: pad.top, width: barW, height: bottom - pad.top, class: 'bar-hit', role: 'button', tabindex: 0, 'aria-label': `${what}; list them` });
      hit.addEventListener('click', () => onPick(b));
      hit.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return;
        event.preventDefault();
        onPick(b);
      });
      chart.appendChild(bar);
      chart.appendChild(hit);
    } else {
      chart.appendChild(bar);
    }
    if (i % labelEvery === 0) {
      chart.appendChild(svg('text', { x: xx + barW / 2, y: height - 6, class: 'tick', 'text-anchor': 'middle' }, [b.label]));
    }
  });
  return chart;
}
