/**
 * Reading numbers as tables and reports write them, and the scale a unit label gives them.
 * Pure; no tokenizer (the page can format what a worker answered without bundling it).
 */

/** The scale of a figure: what one unit of the written number stands for. */
export type Scale = '' | 'thousand' | 'million' | 'billion' | 'percent';

/** A number read from a cell or a sentence. */
export interface ReadNumber {
  /** The value as written, sign applied ("(1,234)" -> -1234, "12%" -> 12). */
  value: number;
  /** Digits after the decimal point as written (for rounding a result like its operands). */
  decimals: number;
  /** Written with a percent sign. */
  percent: boolean;
  /** Currency sign, when written ("$"). */
  currency?: string;
  /** A scale word written with the number ("3.2 million"). */
  scale?: Scale;
}

// A figure: optional sign or opening parenthesis, optional currency, digits with thousands
// separators, optional decimals, optional percent sign or scale word, optional closing
// parenthesis. Footnote marks ("45.6e", "12 r") are allowed after it, as statistical tables
// write them; longer letter runs are not numbers.
const FIGURE = /^\s*([(\-–−+]?)\s*([$€£¥]|us\$|c\$)?\s*([(\-–−]?)\s*(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?\s*(%|percent|per cent)?\s*(thousand|million|billion|bn|mn|m|k)?\s*(\)?)\s*([a-z]{0,2}|\*{1,3})?\s*$/i;

/** Cells that mean "no value": dashes of every width, dots, "n/a", "x", "..". */
const EMPTY = /^\s*(?:[-–—−.…x*]+|n\/?a|nil|none|n\.a\.|\.\.\.?|f)\s*$/i;

/** Whether a cell or span means "no value" ("—", "-", "n/a", "..", "x"): empty, not zero. */
export function isEmptyValue(text: string): boolean {
  return text.trim() === '' || EMPTY.test(text);
}

/**
 * Reads one number written the way financial and statistical tables write it: `1,234.5`,
 * `(1,234)` and `−5` as negatives, `$ 5,686`, `12%`, `3.2 million`, a footnote letter after it
 * (`45.6e`). Undefined for an empty cell ("—", "n/a") and for text that is not one number.
 */
export function readNumber(text: string): ReadNumber | undefined {
  if (text.length > 60 || isEmptyValue(text)) return undefined;
  const m = FIGURE.exec(text);
  if (!m) return undefined;
  const [, sign1, currency, sign2, whole, fraction, pct, scaleWord, close] = m;
  if (whole === undefined && fraction === undefined) return undefined;
  const open = sign1 === '(' || sign2 === '(';
  // A parenthesis must close what it opened: "(12" or "12)" is not a figure.
  if (open !== (close === ')')) return undefined;
  const negative = open || /[-–−]/.test(sign1 ?? '') || /[-–−]/.test(sign2 ?? '');
  const digits = `${(whole ?? '0').replace(/,/g, '')}.${fraction ?? '0'}`;
  const magnitude = Number(digits);
  if (!Number.isFinite(magnitude)) return undefined;
  const out: ReadNumber = { value: negative ? -magnitude : magnitude, decimals: fraction?.length ?? 0, percent: !!pct };
  if (currency) out.currency = currency;
  const scale = scaleWord ? scaleOfWord(scaleWord) : undefined;
  if (scale) out.scale = scale;
  return out;
}

function scaleOfWord(word: string): Scale | undefined {
  const w = word.toLowerCase();
  if (w === 'thousand' || w === 'k') return 'thousand';
  if (w === 'million' || w === 'mn' || w === 'm') return 'million';
  if (w === 'billion' || w === 'bn') return 'billion';
  return undefined;
}

/** What a unit label says about the numbers under it. */
export interface UnitReading {
  scale: Scale;
  /** Currency named by the label ("$", "dollars" -> "$"). */
  currency?: string;
  /** The label as a reader sees it ("$ millions", "percent"), for the answer's unit. */
  label: string;
}

/**
 * Reads a unit label — a table's "($ millions)", "in thousands", "%", "percent", "thousands of
 * dollars", "rate per 100,000" — into its scale and currency. Undefined when the label gives
 * neither a scale nor a currency nor a percent (a count, a rate per N: the number stands as is).
 */
export function readUnit(label: string | undefined): UnitReading | undefined {
  if (!label) return undefined;
  const t = label.toLowerCase();
  if (t.length > 80) return undefined;
  const clean = label.trim().replace(/^\(\s*|\s*\)$/g, '').replace(/^in\s+/i, '');
  let scale: Scale = '';
  if (/%|\bper ?cent(age)?s?\b|\bpercentage points?\b/.test(t)) scale = 'percent';
  else if (/\bbillions?\b|\bbn\b/.test(t)) scale = 'billion';
  else if (/\bmillions?\b|\bmn\b|\$\s?m\b/.test(t)) scale = 'million';
  else if (/\bthousands?\b|^\W*'?000s?\W*$|\bin '?000s?\b/.test(t)) scale = 'thousand';
  const currency = /\$|\bdollars?\b/.test(t) ? '$' : /€|\beuros?\b/.test(t) ? '€' : /£|\bpounds?\b/.test(t) ? '£' : undefined;
  if (!scale && !currency) return undefined;
  return { scale, label: clean, ...(currency ? { currency } : {}) };
}

/**
 * Rounds for display: as many decimals as `decimals` says (a computed figure keeps at most
 * two more than its operands, at most 4), without trailing zeros. Exact values stay exact.
 */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return String(value);
  const d = Math.max(0, Math.min(6, decimals));
  const fixed = value.toFixed(d);
  const trimmed = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}
