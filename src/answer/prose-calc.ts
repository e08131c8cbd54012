/**
 * Calculations read from prose, without a model: the time between two dated sentences ("how many
 * days between release candidate 2 and the final release"), how long a stated interval lasted,
 * a group less those who did ("of 96 eligible voters, 69 cast ballots" for "how many did not"),
 * and the difference between two figures that two sentences state. Each operand is a sentence
 * the caller can cite, with the span it was read from. Pure: the engine passes the sentences of
 * the best documents.
 */
import type { Sentence } from '../types.ts';
import { between, durationUnitOf, isoDate, type DurationUnit } from './durations.ts';
import type { QuestionAnalysis } from './question.ts';

/**
 * The engine's term and number helpers (`answerTerms`, `formatNumber`), passed in rather than
 * imported: this module is loaded on demand, and a lazy chunk that shares modules with the worker
 * makes the bundler split them into chunks of their own, which costs the embed's first download
 * more than this module weighs (measured: 110.1 against 109.2 kB gzip).
 */
export interface ProseHelpers {
  answerTerms(text: string): string[];
  formatNumber(value: number, decimals?: number): string;
}

let answerTerms: ProseHelpers['answerTerms'];
let formatNumber: ProseHelpers['formatNumber'];

/** One sentence as the prose calculator reads it. */
export interface ProseSentence {
  /** The sentence text. */
  text: string;
  /** Its timestamps and intervals, offsets relative to `text`. */
  times: Sentence['times'];
  intervals?: Sentence['intervals'];
}

/** An operand: the sentence it was read from (index into the caller's list) and the span in it. */
export interface ProseOperand {
  sentence: number;
  value: number;
  /** As written ("2021-09-07", "96"). */
  text: string;
  span: [number, number];
}

/** What {@link calculateFromProse} found. */
export interface ProseCalculation {
  value: number;
  /** "27 days", "27". */
  text: string;
  unit?: string;
  /** The formula as a reader checks it ("2021-10-04 - 2021-09-07" in days, "96 - 69"). */
  expression: string;
  operands: ProseOperand[];
  /** Share of the mentions' terms the operand sentences name, 0..1. */
  confidence: number;
}

const DAY = 86_400_000;
/** Sentences must name at least this share of a mention's terms to stand for it. */
const MIN_COVERAGE = 0.5;

/**
 * A duration the passage cannot support: the start of the event was found and its end was not
 * (or the other way round). The engine says "no answer" with `reason` instead of guessing.
 */
export interface ProseRefusal {
  refusal: string;
  /** The sentence (index into the caller's list) the half that was found was read from. */
  sentence: number;
}

/** The calculation the question asks for over `sentences`, when one of the shapes above holds. */
export function calculateFromProse(analysis: QuestionAnalysis, sentences: ProseSentence[], helpers: ProseHelpers): ProseCalculation | ProseRefusal | undefined {
  ({ answerTerms, formatNumber } = helpers);
  if (analysis.operation === 'duration') return duration(analysis, sentences);
  if (asksComplement(analysis)) return complement(analysis, sentences);
  if (analysis.operation === 'difference' && analysis.mentions) return difference(analysis.mentions, sentences);
  return undefined;
}


/** The two dated things a duration question names ("between X and Y", "from X to Y"). */
export function durationMentions(analysis: QuestionAnalysis): [string, string] | undefined {
  const q = analysis.question.toLowerCase().replace(/\s+/g, ' ');
  // "Between X and Y", "from X to Y"; "how many days after X was Y released?" (either order: the two are dated, and counted from the earlier).
  const m = /\b(?:between|from) (.{1,80}?) (?:and|to|until|till) (.{1,80}?)(?:\?|$|,)/.exec(q)
    ?? /^\W*how (?:long|many (?:days|weeks|months|years)) (?:after|before) (.{1,80}?) (?:was|were|did|does|do|is|are) (.{1,80}?)(?:\?|$|,)/.exec(q);
  const clean = (x: string) => x.replace(/^(?:the|a|an)\s+/, '').trim();
  if (!m) return undefined;
  const [a, b] = [clean(m[1]!), clean(m[2]!)];
  // "Between the Kubernetes 1.29 code freeze and its release": "its" is the other's named
  // version ("Kubernetes 1.29 release"), not any release the documents speak of ("Release cycle begins").
  const its = (x: string, other: string) => x.replace(/^(?:its|their)\s+/, () => `${NAMED_VERSION.exec(other)?.[0] ?? ''} `).trim();
  return [its(a, b), its(b, a)];
}

/** A name and its version ("kubernetes 1.29", "rust 1.0"). */
const NAMED_VERSION = /\b[a-z][\w+#-]*\s+v?\d+(?:\.\d+)+\b/;

/**
 * "How many eligible voters did not cast a ballot?": the count of a group less those who did
 * ("of 96 eligible voters, 69 cast ballots"). A "how many ... not ..." lookup, no percent.
 */
export function asksComplement(analysis: QuestionAnalysis): boolean {
  const q = analysis.question.toLowerCase().replace(/[’`]/g, "'");
  return analysis.operation === 'lookup' && /^\W*(?:[^?]*,\s*)?how many\b[^?]*\b(?:did not|didn't|do not|don't|were not|weren't|was not|wasn't|have not|haven't|had not|hadn't|failed to|never)\b/.test(q) && !/%|\bpercent/.test(q);
}

/** Per sentence, its terms (computed once). */
function termSets(sentences: ProseSentence[]): Array<Set<string>> {
  return sentences.map((s) => new Set(answerTerms(s.text)));
}

/**
 * The sentence that stands for mention `i` of two: it names most of the mention's own terms
 * (those the other mention lacks count double, so "candidate 2" and "final" tell two releases
 * apart), among sentences `usable` allows; the first of equals.
 */
function bestFor(mentions: [string, string], i: 0 | 1, sets: Array<Set<string>>, usable: (k: number) => boolean): { k: number; coverage: number } | undefined {
  const own = answerTerms(mentions[i]);
  const other = new Set(answerTerms(mentions[1 - i]!));
  const weight = (t: string) => (other.has(t) ? 1 : 2);
  const total = own.reduce((a, t) => a + weight(t), 0);
  if (!total || !own.some((t) => !other.has(t))) return undefined;
  let best: { k: number; coverage: number; distinct: number } | undefined;
  sets.forEach((set, k) => {
    if (!usable(k)) return;
    let got = 0;
    let distinct = 0;
    for (const t of own) if (set.has(t)) { got += weight(t); if (!other.has(t)) distinct++; }
    // A sentence that names more of the other mention's own terms stands for the other one.
    let rival = 0;
    for (const t of other) if (!own.includes(t) && set.has(t)) rival++;
    if (!distinct || rival > distinct) return;
    const coverage = got / total;
    if (!best || coverage > best.coverage) best = { k, coverage, distinct };
  });
  return best && best.coverage >= MIN_COVERAGE ? { k: best.k, coverage: best.coverage } : undefined;
}

/** The date a sentence states: its finest timestamp, the first of equals. */
function dateOf(s: ProseSentence): Sentence['times'][number] | undefined {
  const order = ['day', 'month', 'season', 'year', 'decade', 'century'];
  let best: Sentence['times'][number] | undefined;
  for (const t of s.times) if (!t.open && (!best || order.indexOf(t.granularity) < order.indexOf(best.granularity))) best = t;
  return best;
}

function coarser(a: string, b: string): string {
  const order = ['day', 'month', 'season', 'year', 'decade', 'century'];
  return order.indexOf(a) >= order.indexOf(b) ? a : b;
}

function duration(analysis: QuestionAnalysis, sentences: ProseSentence[]): ProseCalculation | ProseRefusal | undefined {
  const unit = durationUnitOf(analysis);
  const sets = termSets(sentences);
  const mentions = durationMentions(analysis);
  if (mentions) {
    const dated = (k: number) => !!dateOf(sentences[k]!);
    const a = bestFor(mentions, 0, sets, dated);
    const b = bestFor(mentions, 1, sets, dated);
    if (!a || !b || a.k === b.k) return undefined;
    const [fa, fb] = dateOf(sentences[a.k]!)!.start <= dateOf(sentences[b.k]!)!.start ? [a.k, b.k] : [b.k, a.k];
    return datedSpan(sentences, fa, fb, unit, Math.min(a.coverage, b.coverage));
  }
  // "How long did X last": the sentence naming X most that states an interval with both ends.
  const last = LAST_WORDS();
  const terms = analysis.terms.filter((t) => !last.has(t));
  if (!terms.length) return undefined;
  let best: { k: number; coverage: number; start: number; end: number; g: string; spans: Array<[number, number]> } | undefined;
  sentences.forEach((s, k) => {
    const coverage = terms.filter((t) => sets[k]!.has(t)).length / terms.length;
    if (coverage < MIN_COVERAGE || (best && coverage <= best.coverage)) return;
    const iv = s.intervals?.find((x) => x.start !== undefined && x.end !== undefined && x.endKind === 'explicit');
    const times = s.times.filter((t) => !t.open);
    if (iv) best = { k, coverage, start: iv.start!, end: lastUnitStart(iv.end!, iv.granularity), g: iv.granularity, spans: [] };
    else if (times.length >= 2) {
      const [t0, t1] = [times[0]!, times.at(-1)!];
      if (t1.start > t0.start) best = { k, coverage, start: t0.start, end: t1.start, g: coarser(t0.granularity, t1.granularity), spans: [[t1.from, t1.to], [t0.from, t0.to]] };
    }
  });
  if (!best) return eventSpan(analysis, terms, sentences, sets, unit);
  const b = best as NonNullable<typeof best>;
  const d = between(b.start, b.end, unit, b.g);
  const s = sentences[b.k]!;
  const operands: ProseOperand[] = b.spans.length
    ? [{ sentence: b.k, value: b.end, text: s.text.slice(...b.spans[0]!), span: b.spans[0]! }, { sentence: b.k, value: b.start, text: s.text.slice(...b.spans[1]!), span: b.spans[1]! }]
    : [{ sentence: b.k, value: b.end, text: isoDate(b.end, b.g), span: [0, s.text.length] }, { sentence: b.k, value: b.start, text: isoDate(b.start, b.g), span: [0, s.text.length] }];
  return { value: d.value, unit: d.unit, text: `${formatNumber(d.value, 2)} ${d.unit}`, expression: `${isoDate(b.end, b.g)} - ${isoDate(b.start, b.g)}`, operands, confidence: b.coverage };
}

/**
 * The start of an interval's last unit: its end is exclusive ("to 9 June" ends at 10 June 00:00),
 * and "from 2 May to 9 June" lasted the days from one date to the other, as a reader counts them.
 */
function lastUnitStart(end: number, granularity: string): number {
  const d = new Date(end);
  if (granularity === 'day') return end - DAY;
  if (granularity === 'month') return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, d.getUTCDate());
  if (granularity === 'year') return Date.UTC(d.getUTCFullYear() - 1, d.getUTCMonth(), d.getUTCDate());
  return end;
}

/**
 * Words that say an event ended ("returned to work", "called off", "ended"), and words that say
 * one began ("went on strike", "broke out"): English verbs of any event, no domain's list.
 */
const END_CUE = /\b(?:end(?:ed|s)?|came to an end|(?:is|was|were) over|returned|return(?:ing|s)? to|back to work|resum(?:e|ed|es|ing)|call(?:ed|s)? off|conclud(?:e|ed|es)|finish(?:ed|es)?|ceas(?:e|ed|es)|stopp?(?:ed|s)?|halt(?:ed|s)?|lift(?:ed|s)?|settled|terminated|expired|wound up|dissolved|disbanded|abandoned|withdrew|reopen(?:ed|s)?|left office|resigned|retired)\b/i;
const START_CUE = /\b(?:beg[au]n|begins?|start(?:ed|s)?|launch(?:ed|es)?|went on|go(?:es)? on|broke out|commenc(?:e|ed|es)|open(?:ed|s)|kick(?:ed|s)? off|erupt(?:ed|s)?|founded|established|formed|took office|walked out|set up|introduced)\b/i;
/** Sentences after the start within which an end that does not name the event may stand ("They returned to work on ..."). */
const END_WINDOW = 6;
/** A sentence that opens with a pronoun continues the one before ("They returned ..."). */
const ANAPHOR = /^\W*(?:they|it|he|she|we|the two sides|both sides)\b/i;

/**
 * "How long did the strike last?" where no sentence states both ends: the dated sentence that
 * names the event and says it began ("Workers went on strike on 3 March 2021"), and a later
 * dated sentence that says it ended — naming the event, or close after the start and about the
 * same subject ("They returned to work on 20 April 2021"). One half without the other is a
 * refusal, never a guess.
 */
function eventSpan(analysis: QuestionAnalysis, terms: string[], sentences: ProseSentence[], sets: Array<Set<string>>, unit: DurationUnit): ProseCalculation | ProseRefusal | undefined {
  const covers = (k: number) => terms.filter((t) => sets[k]!.has(t)).length / terms.length;
  let start: { k: number; coverage: number; cued: boolean } | undefined;
  let endOnly: number | undefined;
  sentences.forEach((s, k) => {
    if (!dateOf(s)) return;
    const coverage = covers(k);
    if (coverage < MIN_COVERAGE) return;
    const ends = END_CUE.test(s.text);
    const cued = START_CUE.test(s.text);
    if (ends && !cued) { endOnly ??= k; return; }
    if (!start || (cued && !start.cued) || (cued === start.cued && coverage > start.coverage)) start = { k, coverage, cued };
  });
  const asked = /\bhow long (?:did|does|do|was|were|has|had|will|would)\s+(.{1,80}?)\s+(?:last|take|run|go on|continue)\b/i.exec(analysis.question);
  const event = asked?.[1] ?? 'the event';
  if (!start) {
    return endOnly === undefined ? undefined : { refusal: `a sentence says when ${event} ended but none says when it began`, sentence: endOnly };
  }
  const first = dateOf(sentences[start.k]!)!;
  // The subject of the start sentence, less its date and its cue: what an end sentence that does
  // not name the event must share ("workers") unless it opens with a pronoun.
  const dateWords = new Set(answerTerms(sentences[start.k]!.text.slice(first.from, first.to)));
  const subject = [...sets[start.k]!].filter((t) => !dateWords.has(t) && !/^\d/.test(t) && !terms.includes(t));
  let end: number | undefined;
  for (let k = start.k + 1; k < sentences.length && end === undefined; k++) {
    const s = sentences[k]!;
    const t = dateOf(s);
    if (!t || t.start <= first.start || !END_CUE.test(s.text)) continue;
    const names = covers(k) >= MIN_COVERAGE;
    const near = k - start.k <= END_WINDOW && (ANAPHOR.test(s.text) || subject.some((w) => sets[k]!.has(w)));
    if (names || near) end = k;
  }
  if (end === undefined) {
    return { refusal: `a sentence says when ${event} began (${sentences[start.k]!.text.slice(first.from, first.to)}) but none says when it ended`, sentence: start.k };
  }
  return datedSpan(sentences, start.k, end, unit, start.coverage);
}

/** The time from the date of sentence `fa` to that of the later sentence `fb`, each date a cited operand. */
function datedSpan(sentences: ProseSentence[], fa: number, fb: number, unit: DurationUnit, confidence: number): ProseCalculation {
  const first = dateOf(sentences[fa]!)!;
  const second = dateOf(sentences[fb]!)!;
  const g = coarser(first.granularity, second.granularity);
  const d = between(first.start, second.start, unit, g);
  const operand = (t: typeof first, k: number): ProseOperand => ({ sentence: k, value: t.start, text: sentences[k]!.text.slice(t.from, t.to), span: [t.from, t.to] });
  return {
    value: d.value, unit: d.unit, text: `${formatNumber(d.value, 2)} ${d.unit}`,
    expression: `${isoDate(second.start, g)} - ${isoDate(first.start, g)}`,
    operands: [operand(second, fb), operand(first, fa)],
    confidence,
  };
}

const LAST_WORDS = () => new Set(answerTerms('long last lasted took take run ran how did does was were the'));

/** A whole number as prose writes it ("96", "1,204"), with its span. */
const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
/** "Of (the) 96 eligible voters, 69 cast ballots", "out of 120 applicants, 45 were accepted". */
const OF_N_M = new RegExp(String.raw`\b(?:of|out of)\s+(?:the\s+|all\s+|a total of\s+)?${COUNT}\s+([^,.;:]{1,60}?),\s+(?:only\s+|just\s+)?${COUNT}\s+([^.;]{1,80})`, 'gi');
/** "69 of (the) 96 eligible voters cast ballots", "45 out of 120 applicants were accepted". */
const M_OF_N = new RegExp(String.raw`\b${COUNT}\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?${COUNT}\s+([^.;]{1,80})`, 'gi');

function complement(analysis: QuestionAnalysis, sentences: ProseSentence[]): ProseCalculation | undefined {
  const not = NOT_WORDS();
  const terms = new Set(analysis.terms.filter((t) => !not.has(t)));
  if (!terms.size) return undefined;
  let best: ProseCalculation | undefined;
  sentences.forEach((s, k) => {
    const read = (total: RegExpExecArray, ti: number, pi: number, rest: string) => {
      const at = (g: number) => {
        const text = total[g]!;
        const i = total.index + total[0].indexOf(text, g === ti ? 0 : total[0].indexOf(total[ti]!) + total[ti]!.length);
        return { text, value: Number(text.replace(/,/g, '')), span: [i, i + text.length] as [number, number] };
      };
      const n = at(ti);
      const m = at(pi);
      // The group and what its part did ("eligible voters", "cast ballots") must be the
      // question's: the share of those words the question names, two at least.
      const words = answerTerms(rest).filter((t) => !/^\d/.test(t));
      const named = words.filter((t) => terms.has(t)).length;
      const coverage = words.length ? named / words.length : 0;
      if (m.value > n.value || named < 2 || coverage < MIN_COVERAGE || (best && coverage <= best.confidence)) return;
      const value = n.value - m.value;
      best = {
        value, text: formatNumber(value, 2), expression: `${n.text.replace(/,/g, '')} - ${m.text.replace(/,/g, '')}`,
        operands: [{ sentence: k, ...n }, { sentence: k, ...m }], confidence: Math.min(1, coverage),
      };
    };
    for (const x of s.text.matchAll(OF_N_M)) read(x as RegExpExecArray, 1, 3, `${x[2]} ${x[4]}`);
    for (const x of s.text.matchAll(M_OF_N)) read(x as RegExpExecArray, 2, 1, x[3]!);
  });
  return best;
}

const NOT_WORDS = () => new Set(answerTerms('not did didn do don were weren was wasn have haven had hadn failed never how many'));

/** The one figure a sentence states outside its dates (none or several: no figure). */
function figureOf(s: ProseSentence): { value: number; text: string; span: [number, number] } | undefined {
  const found: Array<{ value: number; text: string; span: [number, number] }> = [];
  for (const m of s.text.matchAll(/(?<![\w.])-?\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w.])|(?<![\w.])-?\d+(?:\.\d+)?(?![\w.]|\.\d)/g)) {
    const i = m.index!;
    if (s.times.some((t) => i >= t.from && i < t.to)) continue;
    found.push({ value: Number(m[0].replace(/,/g, '')), text: m[0], span: [i, i + m[0].length] });
  }
  return found.length === 1 ? found[0] : undefined;
}

function difference(mentions: [string, string], sentences: ProseSentence[]): ProseCalculation | undefined {
  const sets = termSets(sentences);
  const figured = (k: number) => !!figureOf(sentences[k]!);
  const a = bestFor(mentions, 0, sets, figured);
  const b = bestFor(mentions, 1, sets, figured);
  if (!a || !b || a.k === b.k) return undefined;
  const fa = figureOf(sentences[a.k]!)!;
  const fb = figureOf(sentences[b.k]!)!;
  const value = Math.round((fa.value - fb.value) * 1e9) / 1e9;
  return {
    value, text: formatNumber(value, 4), expression: `${fa.value} - ${fb.value}`,
    operands: [{ sentence: a.k, ...fa }, { sentence: b.k, ...fb }], confidence: Math.min(a.coverage, b.coverage),
  };
}
