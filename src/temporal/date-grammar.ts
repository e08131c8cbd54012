/**
 * The date grammar shared by sentence timestamps and question parsing: a handful of
 * anchored regular expressions instead of a general date parser, because the
 * general one (chrono-node) costs ~0.15 ms a call, misses years, decades and
 * ranges ("1916-1920", "the 1990s"), and does not read pre-tokenised text
 * ("Dec . 5 , 2016"). Pure: no I/O, no clock (callers pass the reference date).
 */

import type { TimeSpan } from '../types.ts';
import { blockedSpans, notYearAfter, notYearBefore } from './false-dates.ts';
import { AD, BC, CENTURY, dateGates, DECADE, DIGIT, HYPHEN_DIGIT, MON, MONTH, SEASON, SHORT_3, SHORT_ANY, SLASH } from './date-gates.ts';

/** A date expression found in a text. `open` and offsets follow {@link TimeSpan}. */
export interface DateMatch {
  start: number;
  end: number;
  granularity: TimeSpan['granularity'];
  open?: 'start' | 'end';
  from: number;
  to: number;
  /** True when two dates were joined into one interval ("1916-1920", "from May to June 2016"). */
  range?: boolean;
}

/** How lenient the grammar is with bare numbers. */
export interface GrammarOptions {
  /**
   * Accept 1-3 digit years after a time preposition ("from 196 to 220", "in 830").
   * Sentences accept 3-digit years only; questions (which always carry a date) accept 1-3.
   */
  shortYears: 'none' | 'three' | 'any';
  /** Reference instant (ms) for "present", "since 2015" (an open end runs to it). */
  reference: number;
  /**
   * Read "since 2015" / "until 1990" as open intervals (default true). The question parser
   * turns this off: there the preposition is the relation, not part of the date.
   */
  prepositions?: boolean;
}

const GRAN_RANK: Record<TimeSpan['granularity'], number> = {
  day: 0, month: 1, season: 2, year: 3, decade: 4, century: 5,
};

/** The finer of two granularities. */
export function finer(a: TimeSpan['granularity'], b: TimeSpan['granularity']): TimeSpan['granularity'] {
  return GRAN_RANK[a] <= GRAN_RANK[b] ? a : b;
}

/** Whether day `d` (1-based) exists in month `mo` (0-based) of year `y`: no 31 February. */
function validDay(y: number, mo: number, d: number): boolean {
  return d >= 1 && d <= new Date(utc(y, mo + 1, 0)).getUTCDate();
}

/** Milliseconds since epoch of a UTC calendar date; works for years 0-99 and BC (astronomical) too. */
export function utc(year: number, month = 0, day = 1): number {
  // A year's first instant, asked for twice per year read (a table summary reads hundreds): kept.
  if (month === 0 && day === 1 && year >= 1000 && year < 2200) return (YEAR_STARTS[year - 1000] ||= Date.UTC(year, 0, 1));
  // Date.UTC reads years 0-99 as 1900-1999; elsewhere it is the same calendar arithmetic
  // (months and days past their range roll over), without a Date object.
  if (year < 0 || year > 99) return Date.UTC(year, month, day);
  const d = new Date(0);
  d.setUTCFullYear(year, month, day);
  return d.getTime();
}

const YEAR_STARTS = new Float64Array(1200);

const MONTH_INDEX: Record<string, number> = {
  jan: 0, feb: 1, mar: 2, apr: 3, may: 4, jun: 5, jul: 6, aug: 7, sep: 8, oct: 9, nov: 10, dec: 11,
};

function monthOf(word: string): number {
  return MONTH_INDEX[word.slice(0, 3).toLowerCase()] ?? 0;
}

const DAY = '(?:[12]\\d|3[01]|0?[1-9])(?:\\s?(?:st|nd|rd|th))?';
const Y4 = '(?:1\\d{3}|20\\d{2})';

const RE_ISO = new RegExp(`\\b(${Y4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])\\b`, 'g');
// "2011/06/29", a permalink's "2023/06/01/": year first, so no day / month ambiguity.
const RE_YMD_SLASH = new RegExp(`(?<!\\d)(${Y4})/(1[0-2]|0?[1-9])/([12]\\d|3[01]|0?[1-9])(?!\\d|/\\d)`, 'g');
// "16 December 2018", and "16-Dec-2018" as PEPs, logs and spreadsheets write a day.
const RE_DMY = new RegExp(`\\b(${DAY})(?:(?:\\s+of)?\\s+(${MON})\\s*,?\\s*|-(${MON})-)(${Y4})\\b`, 'gi');
const RE_MDY = new RegExp(`\\b(${MON})\\s+(${DAY})\\s*,?\\s*(${Y4})\\b`, 'gi');
const RE_MMY = new RegExp(`\\b(${MON})\\s*(?:-|–|—|to|until|till|through|and)\\s*(${MON})\\s*,?\\s*(${Y4})\\b`, 'gi');
const RE_MY = new RegExp(`\\b(${MON})\\s*,?\\s+(?:of\\s+)?(${Y4})\\b`, 'gi');
const RE_SEASON = new RegExp(`\\b(spring|summer|autumn|fall|winter)\\s+(?:of\\s+)?(${Y4})\\b`, 'gi');
// A part of a year: "the first quarter of 2008", "4th quarter 2019", "the second half of 2019";
// "Q1 2008", "H2 2020" in capitals, as the gate reads them (`date-gates.ts`).
const RE_PART = new RegExp(`\\b(?:the\\s+)?(first|second|third|fourth|1st|2nd|3rd|4th|last)\\s+(quarter|half)\\s+(?:of\\s+)?(${Y4})\\b`, 'gi');
const RE_PART_CODE = new RegExp(`\\b([QH])([1-4])\\s*(?:of\\s+)?(${Y4})\\b`, 'g');
const ORDINAL: Record<string, number> = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4 };
const RE_SHORT_RANGE = new RegExp(`\\b(${Y4})\\s*[-–—/]\\s*(\\d{2})\\b(?![-–/.,]\\d)`, 'g');
const RE_DECADE = new RegExp(`\\b((?:1\\d|20)\\d0)\\s?'?s\\b`, 'g');
const RE_CENTURY = /\b(\d{1,2})\s?(?:st|nd|rd|th)[\s-]+centur(?:y|ies)\b/gi;
// Not the tail of a longer number ("4,004 B.C." is not 4 BC) nor a zone name ("1:00 CEST").
const RE_BC = /(?<!\d[.,:])\b(\d{1,4})\s?(BCE?|B\.C\.)(?![A-Za-z])/g;
const RE_AD = /(?<!\d[.,:])\b(?:(?:AD|A\.D\.)\s?(\d{1,4})\b|(\d{1,4})(?:\s?[-–]\s?(\d{1,4}))?\s?(?:AD|CE|A\.D\.)(?![A-Za-z]))/g;
const RE_YEAR = new RegExp(`\\b(${Y4})\\b`, 'g');
const RE_SHORT_YEAR_3 = /\b(?:in|from|to|until|till|since|by|during|circa|c\s?\.|ad|a\.d\.|around|before|after|year|between|and)\s+(\d{3})\b/gi;
const RE_SHORT_YEAR_ANY = /\b(?:in|from|to|until|till|since|by|during|circa|c\s?\.|ad|a\.d\.|around|before|after|year|between|and)\s+(\d{1,3})\b/gi;

// Short (1-3 digit) years also need the next word not to be a counted noun ("in 500 ships").
const SHORT_YEAR_NEXT_OK = /^\s*(?:$|[,;:)?!'"]|\.(?!\d)|-|–|(?:and|or|to|until|till|when|where|after|before|the|a|an|he|she|it|they|his|her|its|their|as|by|in|on|at|of|for|with|from|during|ad|ce|bc|bce|[A-Z]\w*)\b)/;

/**
 * Finds the date expressions in `text`, with adjacent ones joined into ranges and open
 * intervals ("since 2015", "until 1990", "2004 - present"). Returns them in text order.
 * `gates`: what the text holds (`dateGates`, with the short-year bit of `options.shortYears`),
 * where the caller read it already; read here otherwise.
 */
export function findDates(text: string, options: GrammarOptions, gates?: number): DateMatch[] {
  // What the text holds, as `date-gates.ts` reads it (the caller may have read it by pieces).
  const g = gates ?? dateGates(text, options.shortYears === 'none' ? 0 : options.shortYears === 'any' ? SHORT_ANY : SHORT_3);
  if (!(g & DIGIT)) return [];
  const atoms: DateMatch[] = [];
  // Addresses, reference labels and identifiers hold no dates (`false-dates.ts`).
  const taken: Array<[number, number]> = blockedSpans(text, g);

  // An ISO date has a hyphen before a digit.
  if (g & HYPHEN_DIGIT) for (let m = first(RE_ISO, text); m; m = RE_ISO.exec(text)) {
    const y = +m[1]!, mo = +m[2]! - 1, d = +m[3]!;
    if (!validDay(y, mo, d)) continue;
    add(taken, atoms, { start: utc(y, mo, d), end: utc(y, mo, d + 1), granularity: 'day', from: m.index, to: m.index + m[0].length });
  }
  if (g & SLASH) {
    for (const m of text.matchAll(RE_YMD_SLASH)) {
      const y = +m[1]!, mo = +m[2]! - 1, d = +m[3]!;
      if (!validDay(y, mo, d)) continue;
      add(taken, atoms, { start: utc(y, mo, d), end: utc(y, mo, d + 1), granularity: 'day', from: m.index, to: m.index + m[0].length });
    }
  }
  if (g & MONTH) {
    for (let m = first(RE_DMY, text); m; m = RE_DMY.exec(text)) {
      const d = parseInt(m[1]!, 10), mo = monthOf(m[2] ?? m[3]!), y = +m[4]!;
      // "31 February 2021" is no day; the month pattern below still reads "February 2021".
      if (!validDay(y, mo, d)) continue;
      add(taken, atoms, { start: utc(y, mo, d), end: utc(y, mo, d + 1), granularity: 'day', from: m.index, to: m.index + m[0].length });
    }
    for (let m = first(RE_MDY, text); m; m = RE_MDY.exec(text)) {
      const mo = monthOf(m[1]!), d = parseInt(m[2]!, 10), y = +m[3]!;
      if (!validDay(y, mo, d)) continue;
      add(taken, atoms, { start: utc(y, mo, d), end: utc(y, mo, d + 1), granularity: 'day', from: m.index, to: m.index + m[0].length });
    }
    for (let m = first(RE_MMY, text); m; m = RE_MMY.exec(text)) {
      const a = monthOf(m[1]!), b = monthOf(m[2]!), y = +m[3]!;
      if (b < a) continue;
      add(taken, atoms, { start: utc(y, a), end: utc(y, b + 1), granularity: 'month', from: m.index, to: m.index + m[0].length, range: true });
    }
    for (let m = first(RE_MY, text); m; m = RE_MY.exec(text)) {
      const mo = monthOf(m[1]!), y = +m[2]!;
      add(taken, atoms, { start: utc(y, mo), end: utc(y, mo + 1), granularity: 'month', from: m.index, to: m.index + m[0].length });
    }
  }
  if (g & SEASON) {
    for (let m = first(RE_SEASON, text); m; m = RE_SEASON.exec(text)) {
      const s = m[1]!.toLowerCase(), y = +m[2]!;
      const opens = s === 'spring' ? 2 : s === 'summer' ? 5 : s === 'winter' ? 11 : 8;
      add(taken, atoms, { start: utc(y, opens), end: utc(y, opens + 3), granularity: 'season', from: m.index, to: m.index + m[0].length });
    }
  }
  if (g & SEASON) {
    const part = (m: RegExpExecArray, half: boolean, k: number, y: number) => {
      const parts = half ? 2 : 4, months = 12 / parts;
      if (k <= parts) add(taken, atoms, { start: utc(y, (k - 1) * months), end: utc(y, k * months), granularity: 'season', from: m.index, to: m.index + m[0].length });
    };
    for (let m = first(RE_PART, text); m; m = RE_PART.exec(text)) {
      const half = m[2]!.toLowerCase() === 'half', word = m[1]!.toLowerCase();
      part(m, half, word === 'last' ? (half ? 2 : 4) : ORDINAL[word]!, +m[3]!);
    }
    for (let m = first(RE_PART_CODE, text); m; m = RE_PART_CODE.exec(text)) part(m, m[1] === 'H', +m[2]!, +m[3]!);
  }
  // Only where a dash or a slash stands between digits (a scan of them, not the pattern's pass
  // over a long table summary): the same matches.
  if (RANGE_GATE.test(text)) for (let m = first(RE_SHORT_RANGE, text); m; m = RE_SHORT_RANGE.exec(text)) {
    const y = +m[1]!, tail = +m[2]!;
    // "2007-03" (a spreadsheet's month) is March 2007; "2011-12", whose tail is the next year,
    // stays a season, as the tokenizer reads it (`isoDateWords`).
    if (m[0][4] === '-' && m[0].length === 7 && tail >= 1 && tail <= 12 && (y + 1) % 100 !== tail) {
      add(taken, atoms, { start: utc(y, tail - 1), end: utc(y, tail), granularity: 'month', from: m.index, to: m.index + m[0].length });
      continue;
    }
    const century = y - (y % 100);
    let y2 = century + tail;
    if (y2 <= y) y2 += 100;
    // "1990-93" and "2004-05" are ranges; "1999-2" or a jump past a decade ("1950/75") mostly is not.
    if (y2 - y > 20) continue;
    add(taken, atoms, { start: utc(y), end: utc(y2 + 1), granularity: 'year', from: m.index, to: m.index + m[0].length, range: true });
  }
  // Each pattern below runs only when a word it needs is there (a plain scan, far cheaper than
  // the pattern over a table summary full of figures): same matches, a fifth of an ingest's
  // date reading on HiTab.
  if (g & DECADE) for (const m of text.matchAll(RE_DECADE)) {
    const y = +m[1]!;
    add(taken, atoms, { start: utc(y), end: utc(y + 10), granularity: 'decade', from: m.index, to: m.index + m[0].length });
  }
  if (g & CENTURY) for (const m of text.matchAll(RE_CENTURY)) {
    const c = +m[1]!;
    if (c < 1 || c > 22) continue;
    add(taken, atoms, { start: utc((c - 1) * 100), end: utc(c * 100), granularity: 'century', from: m.index, to: m.index + m[0].length });
  }
  if (g & BC) for (const m of text.matchAll(RE_BC)) {
    const y = 1 - +m[1]!;
    add(taken, atoms, { start: utc(y), end: utc(y + 1), granularity: 'year', from: m.index, to: m.index + m[0].length });
  }
  if (g & AD) for (const m of text.matchAll(RE_AD)) {
    const y = +(m[1] ?? m[2]!), y2 = m[3] ? +m[3] : y;
    if (y2 < y) continue;
    add(taken, atoms, { start: utc(y), end: utc(y2 + 1), granularity: 'year', from: m.index, to: m.index + m[0].length, range: y2 !== y });
  }
  for (let m = first(RE_YEAR, text); m; m = RE_YEAR.exec(text)) {
    const from = m.index, to = from + m[0].length;
    if (!free(taken, from, to)) continue;
    if (notYearBefore(text.slice(Math.max(0, from - 14), from))) continue;
    NOT_YEAR_AFTER_GATE.lastIndex = to;
    if (NOT_YEAR_AFTER_GATE.test(text) && notYearAfter(text.slice(to, to + 40))) continue;
    const y = +m[1]!;
    add(taken, atoms, { start: utc(y), end: utc(y + 1), granularity: 'year', from, to });
  }
  if (options.shortYears !== 'none' && g & (options.shortYears === 'any' ? SHORT_ANY : SHORT_3)) {
    const re = options.shortYears === 'any' ? RE_SHORT_YEAR_ANY : RE_SHORT_YEAR_3;
    for (let m = first(re, text); m; m = re.exec(text)) {
      const to = m.index + m[0].length, from = to - m[1]!.length;
      if (!free(taken, from, to)) continue;
      if (!SHORT_YEAR_NEXT_OK.test(text.slice(to, to + 12))) continue;
      // In a sentence, "to 200" and "and 127" are amounts unless a date comes right before
      // ("from 830 to 870"): "status code to 200", "from 1022 to 1023" (a constant).
      if (options.shortYears === 'three' && /^(?:to|and)\s/i.test(m[0]) && !atoms.some((a) => /^\s*$/.test(text.slice(a.to, m.index)))) {
        continue;
      }
      const y = +m[1]!;
      add(taken, atoms, { start: utc(y), end: utc(y + 1), granularity: 'year', from, to });
    }
  }
  if (atoms.length === 0) return atoms;
  atoms.sort(byStart);
  return joinRanges(text, atoms, options.reference, options.prepositions ?? true);
}

// What may make a 4-digit number no year after it (`notYearAfter`): a decimal part or a dash
// right after it, or a unit, a counted noun, a street or a percent after the spaces; "2013 45.2"
// and "2013, in" have none, and skip the patterns.
const NOT_YEAR_AFTER_GATE = /[.,-]|\s*[%A-Za-z]/y;


// A dash or a slash between digits, spaces allowed ("1990-93", "2004 / 05"), as a short range needs.
const RANGE_GATE = /[-–—/](?<=\d\s*[-–—/])\s*\d/;

// Module functions, not closures made per call: `findAtoms` runs for every sentence and piece.
function free(taken: ReadonlyArray<[number, number]>, a: number, b: number): boolean {
  for (const [x, y] of taken) if (a < y && x < b) return false;
  return true;
}

function byStart(a: DateMatch, b: DateMatch): number {
  return a.from - b.from;
}

function add(taken: Array<[number, number]>, atoms: DateMatch[], m: DateMatch): void {
  if (!free(taken, m.from, m.to)) return;
  taken.push([m.from, m.to]);
  atoms.push(m);
}

const RANGE_GAP = /^\s*(?:-|–|—|(?:and\s+)?(?:to|until|till|through|thru)|and)\s*$/i;
// "from May 1999 until his death in October 2000": a few words between "until" and its date.
const FROM_UNTIL_GAP = /^\s*,?\s*(?:until|till|to|through)\s+(?:his|her|their|its|the)\s+[\p{L}\s]{0,24}?\b(?:in|on)\s+$/iu;
const PRESENT_AFTER = /^\s*(?:-|–|—|to|until|till|through)\s*(?:the\s+)?(?:present(?:\s+day)?|now|today|date)\b/i;
const OPEN_END_BEFORE = /\b(?:since|from|starting(?:\s+in)?|beginning(?:\s+in)?)\s+(?:the\s+)?$/i;
const OPEN_START_BEFORE = /\b(?:until|till|til|up\s+to|up\s+until|through)\s+(?:the\s+)?$/i;
const ONWARDS_AFTER = /^\s*(?:on(?:wards?)?|and\s+(?:after|later|beyond))\b/i;
const AND = /and/i;
const BETWEEN_BEFORE = /\bbetween\s+(?:the\s+)?$/i;
const FROM_SINCE_BEFORE = /\b(?:from|since)\s+(?:the\s+)?$/i;
const FROM_BEFORE = /\bfrom\s+(?:the\s+)?$/i;
const UNTIL_WORD = /\b(?:to|until|till|through|thru)\b/i;

function joinRanges(text: string, atoms: DateMatch[], reference: number, prepositions: boolean): DateMatch[] {
  const out: DateMatch[] = [];
  for (let i = 0; i < atoms.length; i++) {
    let a = atoms[i]!;
    const b = atoms[i + 1];
    if (b && !a.range && !b.range) {
      const gap = text.slice(a.to, b.from);
      // What comes before the first date is read only where the gap could join them.
      let joined = RANGE_GAP.test(gap) && (!AND.test(gap) || BETWEEN_BEFORE.test(leadOf(text, a.from)));
      if (!joined && b.start >= a.start && FROM_UNTIL_GAP.test(gap) && FROM_SINCE_BEFORE.test(leadOf(text, a.from))) joined = true;
      // Written backwards ("between 2020 and 1990", "from 1990 to 1980"), a range is still the
      // span between its two dates, but only when the words say it is one: "2004 - 1998" is not.
      if (joined && b.start < a.start) {
        const lead = leadOf(text, a.from);
        joined = BETWEEN_BEFORE.test(lead) || (FROM_BEFORE.test(lead) && UNTIL_WORD.test(gap));
      }
      if (joined) {
        a = { start: Math.min(a.start, b.start), end: Math.max(a.end, b.end), granularity: finer(a.granularity, b.granularity), from: a.from, to: b.to, range: true };
        i++;
      }
    }
    const after = text.slice(a.to, a.to + 24);
    const present = PRESENT_AFTER.exec(after);
    if (present) {
      a = { ...a, end: Math.max(a.end, reference), open: 'end', to: a.to + present[0].length, range: true };
    } else if (!a.range && prepositions) {
      const before = text.slice(Math.max(0, a.from - 24), a.from);
      if (OPEN_END_BEFORE.test(before) || ONWARDS_AFTER.test(after)) a = { ...a, end: Math.max(a.end, reference), open: 'end' };
      else if (OPEN_START_BEFORE.test(before)) a = { ...a, open: 'start' };
    }
    out.push(a);
  }
  return out;
}

/** The 14 characters before a date, where "between", "from" or "since" may open its range. */
function leadOf(text: string, from: number): string {
  return text.slice(Math.max(0, from - 14), from);
}

/**
 * The first match of a global pattern in `text`, its `lastIndex` reset; the loop goes on with
 * `re.exec(text)`. For the patterns every text with a digit runs: `matchAll` copies the pattern
 * on each call. None of them matches the empty string.
 */
function first(re: RegExp, text: string): RegExpExecArray | null {
  re.lastIndex = 0;
  return re.exec(text);
}
