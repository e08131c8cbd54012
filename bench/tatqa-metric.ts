/**
 * TAT-QA's exact match and F1, as its official evaluator (`tatqa_metric.py`, `tatqa_utils.py`
 * of the TAT-QA repository) computes them: numbers normalised with their scale (thousand,
 * million, billion, percent) and rounded to two decimals, the answers of a question sorted and
 * joined into one string, a bare prediction also compared as a fraction of a percentage, and for
 * arithmetic and count questions F1 set to EM. Re-written here from the rules, not copied.
 */

const SCALE: Record<string, number> = { hundred: 100, thousand: 1e3, million: 1e6, billion: 1e9, percent: 0.01 };

function scaleToNum(scale: string): number {
  const s = scale.toLowerCase();
  for (const k of ['hundred', 'thousand', 'million', 'billion', 'percent']) if (s.includes(k)) return SCALE[k]!;
  return 1;
}

const EXCLUDE_IN_NUM = new Set("'\"\\$€£¥%(),[]".split(''));
const cleanNum = (t: string) => [...t].filter((c) => !EXCLUDE_IN_NUM.has(c)).join('');

/** Python's `float()` on a token (the evaluator's test), NaN for anything else. */
function pyFloat(s: string): number {
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(s) && !/^[+-]?(?:inf|infinity)$/i.test(s)) return NaN;
  return Number(s.replace(/^([+-]?)inf(inity)?$/i, '$1Infinity'));
}

export function isNumber(text: string): boolean {
  const words = text.split(/\s+/).filter(Boolean).map(cleanNum).join(' ').split(/\s+/).filter(Boolean);
  if (!words.length) return false;
  const n = pyFloat(words[0]!);
  if (Number.isNaN(n)) return false;
  if (words.length >= 2 && scaleToNum(words[1]!) === 1) return false;
  return true;
}

function extractOneNum(s: string): number | undefined {
  const m = /([+-]?\d+(\.\d+)?)|([+-]?\.\d+)/.exec(cleanNum(s));
  return m ? Number(m[0]) : undefined;
}

export function toNumber(text: string): number | undefined {
  const num = extractOneNum(text);
  if (num === undefined) return undefined;
  const word = /([\d.]+\s?[a-zA-Z]+)/.exec(text);
  const scale = word ? scaleToNum(word[0]) : 1;
  const negative = /\([\d.\s%]+\)/.test(text.trim()) ? -1 : 1;
  const percent = /[\d.\s]+%/.test(text.trim()) ? 0.01 : 1;
  return roundHalfEven(num * scale * negative * percent, 4);
}

/** Python's `round()` (half to even, on the binary value). */
function roundHalfEven(x: number, digits: number): number {
  const f = 10 ** digits;
  const y = x * f;
  const r = Math.round(y);
  return (Math.abs(y % 1) === 0.5 ? 2 * Math.round(y / 2) : r) / f;
}

/** Python's `str(float)`. */
function pyStr(x: number): string {
  if (Number.isInteger(x) && Math.abs(x) < 1e16) return `${x}.0`;
  return String(x);
}

const pyFormat4 = (x: number) => x.toFixed(4);

const PUNCT = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'.split(''));

function normalizeAnswer(text: string): string {
  const parts = text.split(' ').map((token) => {
    let t = token.toLowerCase();
    if (!isNumber(t)) t = [...t].filter((c) => !PUNCT.has(c)).join('');
    if (isNumber(t)) {
      const n = toNumber(t);
      t = n === undefined ? 'None' : pyStr(n);
    }
    return t.replace(/\b(a|an|the)\b/g, ' ').split(/\s+/).filter(Boolean).join(' ');
  }).filter((p) => p.trim());
  return parts.join(' ').trim();
}

/** `get_answer_str`: the answers sorted, numbers written with their scale, joined into one string. */
export function answerString(answers: Array<string | number>, scale: string): string {
  const sorted = [...answers].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0));
  const out = sorted.map((ans) => {
    let s = typeof ans === 'number' ? pyStr(ans) : String(ans);
    if (isNumber(s)) {
      const n = toNumber(s);
      if (n === undefined) { if (scale) s = `${s} ${scale}`; }
      else if (s.includes('%')) s = pyFormat4(n);
      else s = pyFormat4(roundHalfEven(n, 2) * scaleToNum(scale));
    } else if (scale) s = `${s} ${scale}`;
    return s;
  });
  return out.join(' ');
}

function tokenF1(pred: string, gold: string): number {
  const p = new Set(pred.split(' ').filter(Boolean));
  const g = new Set(gold.split(' ').filter(Boolean));
  const inter = [...g].filter((t) => p.has(t)).length;
  const precision = p.size ? inter / p.size : 1;
  const recall = g.size ? inter / g.size : 1;
  return precision === 0 && recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** EM and F1 of one prediction (answers and scale) against a TAT-QA question. */
export function tatqaScore(gold: { answer: unknown; answer_type: string; scale: string }, prediction: Array<string | number>, predScale: string): { em: number; f1: number } {
  if (!prediction.length || prediction.every((p) => String(p) === '')) return { em: 0, f1: 0 };
  const goldAnswers: Array<string | number> = gold.answer_type === 'span' || gold.answer_type === 'multi-span'
    ? (gold.answer as string[])
    : gold.answer_type === 'count' ? [String(Math.trunc(Number(gold.answer)))] : [String(gold.answer)];
  const goldStr = answerString(goldAnswers, gold.scale);
  const preds = [answerString(prediction, predScale)];
  if (prediction.length === 1) {
    const ps = String(prediction[0]);
    if (!predScale && !ps.includes('%') && isNumber(ps)) {
      const n = toNumber(ps);
      if (n !== undefined) preds.push(pyFormat4(n));
    }
  }
  let em = 0;
  let f1 = 0;
  for (const p of preds) {
    const a = normalizeAnswer(p);
    const b = normalizeAnswer(goldStr);
    em = Math.max(em, a === b ? 1 : 0);
    f1 = Math.max(f1, Math.round(tokenF1(a, b) * 100) / 100);
  }
  if (gold.answer_type === 'arithmetic' || gold.answer_type === 'count') f1 = em;
  return { em, f1 };
}
