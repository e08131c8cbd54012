/**
 * Two-fold cross-validation of the temporal path's settings over TimeQA *pages*: questions are
 * split by the page they ask about (even / odd page index), so no page's wording is seen on
 * both sides. For each setting, every candidate value is scored on both folds; the value
 * chosen on one fold (best AR@1, then ER@1, then the simpler value) is scored on the other,
 * both ways. A setting *holds* when the value chosen on each fold does at least as well on the
 * other fold as the mechanism switched off (its neutral value): it earns its place on data it
 * was not chosen on.
 */
import { RETRIEVAL } from '../src/settings.ts';
import { CURVES, LEXICAL, RERANK } from '../src/temporal/settings.ts';

/** AR@1 and ER@1 of one fold. */
export interface FoldFigures {
  'AR@1': number;
  'ER@1': number;
}

type Settings = Record<string, unknown>;

/** A setting to check: where it lives, its candidate values, and the value that switches its mechanism off. */
interface Knob {
  name: string;
  target: Settings;
  key: string;
  values: unknown[];
  /** The mechanism off (MRAG's plain choice, or no effect); undefined when there is none (a scale). */
  neutral?: unknown;
}

const scaled = (base: Record<string, number>, f: number) => Object.fromEntries(Object.entries(base).map(([k, v]) => [k, v * f]));

/** Every tunable of `src/temporal/settings.ts` the zero-download path reads, and the retrieval setting TimeQA chose. */
function knobs(): Knob[] {
  const c = CURVES as unknown as Settings, r = RERANK as unknown as Settings, l = LEXICAL as unknown as Settings;
  const near = CURVES.nearYears;
  return [
    { name: 'CURVES.windowYears', target: c, key: 'windowYears', values: [20, 50, 100] },
    { name: 'CURVES.low', target: c, key: 'low', values: [0.5, 0.6, 0.7, 0.8] },
    { name: 'CURVES.rampDecayYears', target: c, key: 'rampDecayYears', values: [0, 5, 10, 20], neutral: 0 },
    { name: 'CURVES.noTimestamp', target: c, key: 'noTimestamp', values: [0.4, 0.5, 0.6] },
    { name: 'CURVES.outside', target: c, key: 'outside', values: [0.1, 0.25, 0.4, 0.5], neutral: 0.5 },
    { name: 'CURVES.nearYears (scale)', target: c, key: 'nearYears', values: [scaled(near, 0.01), scaled(near, 0.5), near, scaled(near, 2)], neutral: scaled(near, 0.01) },
    { name: 'CURVES.coarsePenalty', target: c, key: 'coarsePenalty', values: [0, 0.25, 0.5, 0.75], neutral: 0 },
    { name: 'CURVES.overlapInside', target: c, key: 'overlapInside', values: [0.5, 0.6, 0.7, 0.85, 1], neutral: 1 },
    { name: 'CURVES.endpointYears', target: c, key: 'endpointYears', values: [1, 2, 3, 5] },
    { name: 'CURVES.endpointEndShare', target: c, key: 'endpointEndShare', values: [0, 0.2, 0.4, 0.6, 1], neutral: 1 },
    { name: 'CURVES.endpointOutside', target: c, key: 'endpointOutside', values: [0, 0.25, 0.5, 0.75], neutral: 0 },
    { name: 'CURVES.aroundSigmaYears', target: c, key: 'aroundSigmaYears', values: [1, 3, 5] },
    { name: 'CURVES.anyDated', target: c, key: 'anyDated', values: [0.5, 0.75, 1], neutral: 0.5 },
    { name: 'RERANK.firstStageWeight', target: r, key: 'firstStageWeight', values: [0, 0.05, 0.1, 0.15, 0.2], neutral: 0 },
    { name: 'RERANK.firstStageRankScale', target: r, key: 'firstStageRankScale', values: [5, 10, 20] },
    { name: 'RERANK.inheritTemporal', target: r, key: 'inheritTemporal', values: [0, 0.5, 0.65, 0.8, 0.9], neutral: 0 },
    { name: 'RERANK.temporalExponent', target: r, key: 'temporalExponent', values: [1, 1.5, 2, 2.5, 3], neutral: 1 },
    { name: 'RERANK.inheritNegative', target: r, key: 'inheritNegative', values: [false, true], neutral: false },
    { name: 'LEXICAL.headingWeight', target: l, key: 'headingWeight', values: [0.5, 0.8, 1], neutral: 0.5 },
    { name: 'LEXICAL.neighbourWeight', target: l, key: 'neighbourWeight', values: [0, 0.3, 0.5, 0.7], neutral: 0 },
    { name: 'LEXICAL.passageWeight', target: l, key: 'passageWeight', values: [0, 0.15, 0.3, 0.45], neutral: 0 },
    { name: 'LEXICAL.idfPhantomDocs', target: l, key: 'idfPhantomDocs', values: [0, 1000, 10000, 100000], neutral: 0 },
    { name: 'LEXICAL.nameWeight', target: l, key: 'nameWeight', values: [0, 0.2, 0.35, 0.5], neutral: 0 },
    { name: 'LEXICAL.namesWanted', target: l, key: 'namesWanted', values: [1, 2, 3] },
    { name: 'LEXICAL.lengthPenalty', target: l, key: 'lengthPenalty', values: [0, 0.1, 0.25, 0.4], neutral: 0 },
    { name: 'LEXICAL.typicalSentenceTerms', target: l, key: 'typicalSentenceTerms', values: [6, 8, 12] },
    { name: 'LEXICAL.titleWeight', target: l, key: 'titleWeight', values: [0, 0.3, 0.5, 0.6], neutral: 0 },
    { name: 'LEXICAL.floor', target: l, key: 'floor', values: [0, 0.02, 0.05], neutral: 0 },
    { name: 'LEXICAL.unseenLeadWeight', target: l, key: 'unseenLeadWeight', values: [0, 0.05, 0.1, 0.15, 0.25], neutral: 0 },
    { name: 'RETRIEVAL.temporalCandidates', target: RETRIEVAL as unknown as Settings, key: 'temporalCandidates', values: [50, 100, 150, 200] },
  ];
}

/** One candidate value's figures on each fold. */
interface Scored {
  value: unknown;
  folds: FoldFigures[];
}

const better = (a: FoldFigures, b: FoldFigures) =>
  a['AR@1'] - b['AR@1'] || a['ER@1'] - b['ER@1'];

/** What the check found for one setting. */
export interface KnobReport {
  setting: string;
  default: unknown;
  /** The value chosen on fold 0 and its figures on fold 1, and the reverse. */
  chosen: Array<{ on: number; value: unknown; heldOut: FoldFigures }>;
  /** The default's and the neutral value's held-out figures, fold by fold. */
  defaultFolds: FoldFigures[];
  neutralFolds?: FoldFigures[];
  /** Whether the value chosen on each fold beats or equals the mechanism off on the other. */
  holds: boolean | 'no neutral';
}

// A scale of `nearYears` shows as its factor on the year's value (1 by default).
const show = (v: unknown) => (typeof v === 'object' && v ? `x${(v as Record<string, number>).year}` : String(v));

/**
 * Runs the check: `evaluate` scores the current settings on the two folds; each setting is
 * varied alone from the defaults and put back.
 */
export async function checkSettings(evaluate: () => Promise<FoldFigures[]>, log: (line: string) => void, only?: string): Promise<KnobReport[]> {
  const out: KnobReport[] = [];
  for (const k of knobs()) {
    if (only && !k.name.includes(only)) continue;
    const original = k.target[k.key];
    const scored: Scored[] = [];
    const values = k.neutral !== undefined && !k.values.some((v) => JSON.stringify(v) === JSON.stringify(k.neutral)) ? [...k.values, k.neutral] : k.values;
    try {
      for (const value of values) {
        k.target[k.key] = value;
        scored.push({ value, folds: await evaluate() });
      }
    } finally {
      k.target[k.key] = original;
    }
    const find = (v: unknown) => scored.find((s) => JSON.stringify(s.value) === JSON.stringify(v));
    const chosen = ([0, 1] as const).map((on) => {
      // Ties go to the earlier (smaller, simpler) candidate.
      const best = scored.reduce((a, b) => (better(b.folds[on]!, a.folds[on]!) > 0 ? b : a));
      return { on, value: best.value, heldOut: best.folds[1 - on]! };
    });
    const def = find(original)?.folds ?? [];
    const neutral = k.neutral !== undefined ? find(k.neutral)?.folds : undefined;
    const holds = neutral ? chosen.every((c) => better(c.heldOut, neutral[1 - c.on]!) >= 0) : 'no neutral';
    const report: KnobReport = { setting: k.name, default: original, chosen, defaultFolds: def, ...(neutral ? { neutralFolds: neutral } : {}), holds };
    out.push(report);
    log(`${k.name.padEnd(30)} default ${show(original).padEnd(6)} ${scored.map((s) => `${show(s.value)}: ${s.folds.map((f) => `${f['AR@1']}/${f['ER@1']}`).join(' ')}`).join(' | ')}  -> chosen ${chosen.map((c) => `${show(c.value)} (held out ${c.heldOut['AR@1']})`).join(', ')}; holds: ${holds}`);
  }
  return out;
}
