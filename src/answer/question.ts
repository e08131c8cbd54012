/**
 * Question analysis, without a model: what a question asks for (a figure at a row and column, a
 * difference, a percent change, a ratio, a total, an average, the highest, a count, a date, a
 * name), which of its words should name the row and the column, which words name two things to
 * compare, and the unit and scale the answer should carry. Rules over the question's words,
 * written from how people ask (HiTab *train* questions and TAT-QA's phrasing were read to find the
 * cues; no data-set item is referred to).
 */
import { tokenize } from '../text/tokenizer.ts';
import { findDates } from '../temporal/date-grammar.ts';
import { isNameYear } from '../temporal/name-years.ts';
import { fieldWords } from '../temporal/intervals.ts';
import { answerTerms } from './synonyms.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import type { Scale } from './numbers.ts';

/** What a question asks the table or the text for. */
export type Operation =
  /** One figure or label at a row and a column. */
  | 'lookup'
  /** A - B between two named things ("difference between", "how much more ... than"). */
  | 'difference'
  /** Later minus earlier between two named times ("change from 2018 to 2019"). */
  | 'change'
  /** (later - earlier) / earlier x 100. */
  | 'percent-change'
  /** A / B ("ratio of", "how many times"). */
  | 'ratio'
  /** A / B x 100 ("A as a percentage of B", "what percentage of B was A"). */
  | 'share'
  | 'sum'
  | 'average'
  /** The highest (lowest) figure itself. */
  | 'max'
  | 'min'
  /** The label of the row or column with the highest (lowest) figure ("which group had the highest rate?"). */
  | 'argmax'
  | 'argmin'
  /** Which of two named things is higher or lower ("more likely, A or B?"): a label. */
  | 'compare'
  | 'count'
  /** A date or year ("when", "what year"). */
  | 'date'
  /** A person or thing ("who", "which <noun>" without a figure). */
  | 'name'
  /** The time between two dated things ("how many days between X and Y", "how long did X last"). */
  | 'duration';

/** Operations whose answer is computed from several figures. */
export const COMPUTED: ReadonlySet<Operation> = new Set<Operation>(['difference', 'change', 'percent-change', 'ratio', 'share', 'sum', 'average', 'count']);

/**
 * Whether a date question asks for a time, not a circumstance: "when was / did / will ...", "what
 * year ...". A "when" in the present ("when is goodwill considered impaired?", "when does the
 * company grant options?") may ask under what condition something holds, which a sentence
 * without a date answers; a past or future event has a time.
 */
export function asksTime(analysis: QuestionAnalysis): boolean {
  if (analysis.operation !== 'date') return false;
  const q = analysis.question.toLowerCase();
  // A present "when" asks under what condition ("when is goodwill impaired?"), unless it asks
  // when something starts or ends ("when does Amazon Linux 2023 reach end of life?").
  return !/^\s*when\b/.test(q) || /^\s*when\s+(?:was|were|did|had|will|would)\b/.test(q) || !!analysis.boundary;
}

/** Whether a question asks how often something happens ("how often is Python released?", "what is the release cadence of Python?"): its answer states a frequency. */
export function asksFrequency(analysis: QuestionAnalysis): boolean {
  return /\bhow (?:often|frequently)\b|^\s*what\s+(?:is|was|are)\s+the\s+(?:\S+\s+)?(?:cadence|frequency)\b/i.test(analysis.question);
}

/**
 * Whether a question asks for a description ("what happens during code freeze?", "what is code
 * freeze?", "what does LTS mean?", "how does the council work?", "why ..."): prose answers it,
 * not a table's cell beside the row it names ("Code Freeze | Who: Test Infra Lead"). "What is
 * the ...?" asks for a value and is not one.
 */
export function asksDescription(analysis: QuestionAnalysis): boolean {
  return DESCRIPTION.test(analysis.question);
}

/** Whether a question asks for the latest of something ("the last / latest / newest / most recent release"). */
export function asksLatest(analysis: QuestionAnalysis): boolean {
  return /\b(?:last|latest|newest|most recent)\b/i.test(analysis.question);
}

/** The thing a question asks the meaning or the work of ("what does EOAS mean?", "what does the release team lead do?"): words, not a cell, say it. */
export function meaningAsked(analysis: QuestionAnalysis): string | undefined {
  return MEANS.exec(analysis.question)?.[1];
}
const MEANS = /^\s*what\s+does\s+(?:the\s+|an?\s+)?(.+?)\s+(?:mean|stand\s+for|do\s*\?*\s*$)/i;

/**
 * Whether a question asks where something comes from ("where does the gold price data come
 * from?"): a source, which a table gives only in a column that says so ("Source"), never a
 * figure of what it sourced.
 */
export function asksSource(analysis: QuestionAnalysis): boolean {
  return SOURCE.test(analysis.question);
}

const SOURCE = /^\s*where\s+(?:does|do|did|is|are|was|were)\b.*\b(?:come|comes|came|taken|sourced|obtained)\s+from\b/i;

/**
 * The document a question says its answer is to come from ("... according to PEP 602?",
 * "According to the Go 1.22 release notes, ...", "What does PEP 101 say about ...?"), and the
 * question without those words, which say where to read, not what (the topic, of "what does X
 * say about Y?"). Undefined where it names none.
 */
export function sourceNamed(question: string): { source: string; question: string } | undefined {
  const says = /^\s*what\s+(?:does|do|did)\s+(?:the\s+)?(.+?)\s+(?:say|tell\s+(?:us|me)|write|explain)\s+about\s+(.+?)\s*\??\s*$/i.exec(question);
  if (says) return { source: says[1]!, question: says[2]! };
  const m = /,?\s*\baccording to\s+(?:the\s+)?([^,?!]+),?/i.exec(question);
  return m ? { source: m[1]!.trim(), question: (question.slice(0, m.index) + (m.index ? '' : ' ') + question.slice(m.index + m[0].length)).trim() } : undefined;
}
const SOURCE_LABEL = /\b(?:source|sources|origin|provider|publisher)\b/i;

/** Whether a table's label names where its figures come from ("Source"). */
export function namesSource(label: string): boolean {
  return SOURCE_LABEL.test(label);
}

const DESCRIPTION = /^\s*(?:what\s+(?:happens|happened)\b|what\s+(?:is|are)\s+(?!(?:the|a|an|its|their|this|that|these|those)\b)[\p{L}][\p{L}\p{N}\s.-]{0,40}\?*\s*$|what\s+(?:does|did)\b.*\b(?:mean|stand\s+for|propose|describe|define|specify|cover|recommend)\b|how\s+(?:does|do)\b.*\bwork\b|what\s+(?:does|do)\s.+\sdo\s*\?*\s*$|why\b)/iu;

/** Whether a question asks a release's codename ("What is the codename of Ubuntu 24.04?"): a cell under no codename's column, or a sentence that calls nothing by a name, does not say it. */
export function asksCodename(analysis: QuestionAnalysis): boolean {
  return /\bcode[\s-]?names?\b/i.test(analysis.question);
}

/**
 * Whether a question asks how long something lasts or holds ("how long is the Universe
 * repository covered?", "how many weeks is the release cycle?"): its answer states a length of
 * time ("week 1" is none). Not a duration computed between two dated things (operation `duration`).
 */
export function asksLength(analysis: QuestionAnalysis): boolean {
  return analysis.operation !== 'duration' && /\bhow long\b|^\s*how many (?:days|weeks|months|years) (?:is|are|was|were|will)\b/i.test(analysis.question);
}

/**
 * The numbers a question names after a name ("Angular 19", "PEP 602", "Python 3.13": the
 * tokenizer writes "3_13" and the name's compound "python_3_13"; a figure, "$18.9 thousand",
 * "exceed 0.5", has no such name), each with the name, lower case without punctuation ("nodejs"
 * of "Node.js 16"), and a pattern that finds the number in a text ("3.13", "3.13.0", not "13.13"
 * or "3.130").
 */
export function namedNumbers(analysis: QuestionAnalysis): Array<{ term: string; name: string; pattern: RegExp }> {
  const terms = analysis.allTerms;
  const out: Array<{ term: string; name: string; pattern: RegExp }> = [];
  for (const t of terms) {
    if (!/^\d+(?:_\d+)*$/.test(t)) continue;
    const compound = terms.find((x) => x.length > t.length + 1 && x.endsWith(`_${t}`) && /^\p{L}/u.test(x));
    // A name written with a digit ("Neo4j 5.1", "Log4j 2"), which the tokenizer does not pair
    // with its number, is read off the question; not a numeronym ("K8s", "i18n"), which stands
    // for a name its sources write out.
    const name = compound?.slice(0, -t.length - 1).replace(/_/g, '') ?? new RegExp(`(?<![\\p{L}\\p{N}.])(\\p{Lu}[\\p{L}\\p{N}]*\\d[\\p{L}\\p{N}]*)\\s+${t.replace(/_/g, '\\.')}(?![\\p{L}\\p{N}]|\\.\\d)`, 'u').exec(analysis.question)?.[1]?.toLowerCase();
    if (name && !/^\p{L}\d+\p{L}$/u.test(name)) out.push({ term: t, name, pattern: new RegExp(`(?<![\\d.])${t.replace(/_/g, '\\.')}(?!\\d)`) });
  }
  return out;
}

/**
 * The versions a question names: its {@link namedNumbers} with a dot ("Python 3.13", "Django
 * 3.2"). A source that lacks one, or its name, speaks of another thing or another version
 * (Python 3.2's schedule for "Django 3.2").
 */
export function versionsOf(analysis: QuestionAnalysis): Array<{ name: string; version: RegExp }> {
  return namedNumbers(analysis).filter((n) => n.term.includes('_')).map((n) => ({ name: n.name, version: n.pattern }));
}

/** The numbers a question names a version by: a name's number ("Go 1.22") or a number of two parts or more ("1.2.0"). */
export function askedVersions(analysis: QuestionAnalysis): RegExp[] {
  const out = namedNumbers(analysis).map((n) => n.pattern);
  // "1.1" is "1.1.0" too (`sameVersion`), not "1.1.1".
  for (const m of analysis.question.matchAll(/(?<![\d.])\d+(?:\.\d+)+(?![\d.]*\d)/g)) out.push(new RegExp(`(?<![\\d.])${escapeRegExp(m[0])}(?:\\.0)*(?![\\d]|\\.\\d)`));
  return out;
}

/**
 * The names a question gives, lower-cased: its words written with a capital letter after the
 * first word ("Rust" of "What version of Rust added ...?", "Bootstrap", "Amazon", "Linux"), but
 * those in capitals alone (an acronym may be spelled out: "GDP"), a month's or a day's name, and
 * "I". A source that lacks one speaks of something else (a Go release's notes do not answer for
 * Rust), however many of the question's other words it holds.
 */
export function namesOf(analysis: QuestionAnalysis): string[] {
  const words = analysis.question.match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (!/^\p{Lu}/u.test(w) || !/\p{Ll}/u.test(w) || w === 'I' || isCalendarWord(w)) continue;
    const name = w.toLowerCase().replace(/['’]s$/, '');
    if (!out.includes(name)) out.push(name);
  }
  return out;
}

/** Whether a word names a month or a day of the week ("October", "Mon"): a time, not a name. */
export function isCalendarWord(word: string): boolean {
  return CALENDAR_WORD.test(word);
}

const CALENDAR_WORD = /^(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?|Mon(?:day)?|Tue(?:sday)?|Wed(?:nesday)?|Thu(?:rsday)?|Fri(?:day)?|Sat(?:urday)?|Sun(?:day)?)$/;

/** A word after a version that names a release before it ("Rust 1.0 Beta", "3.12.0 rc1"). */
const PRE_RELEASE = /^[\s-]*(?:alpha|beta|rc\d*|preview|pre-?release|release candidate|candidate|nightly|dev)\b/i;

/**
 * Whether a text names the versions the question numbers only as releases before them ("Announcing
 * Rust 1.0 Beta" for "when was Rust 1.0 released?"), where the question names no such release:
 * it speaks of another release.
 */
export function namesPreReleaseOnly(analysis: QuestionAnalysis, text: string): boolean {
  if (PRE_RELEASE_WORD.test(analysis.question)) return false;
  return namedNumbers(analysis).some((n) => {
    const mention = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n.name)}[\\p{L}.]*\\s+v?${n.term.replace(/_/g, '\\.')}(?:\\.\\d+)*(?![\\d.]*\\d)`, 'giu');
    const mentions = [...text.matchAll(mention)];
    return mentions.length > 0 && mentions.every((m) => PRE_RELEASE.test(text.slice(m.index + m[0].length)));
  });
}
const PRE_RELEASE_WORD = /\b(?:alpha|beta|rc\d*|preview|pre-?release|release candidate|candidate|nightly)\b/i;

/** What {@link analyzeQuestion} found. */
export interface QuestionAnalysis {
  question: string;
  operation: Operation;
  /** The words that set the operation ("percentage change", "how much more"), as written. */
  cue?: string;
  /** Whether the answer is a number (a figure, a computed value, a count). */
  numeric: boolean;
  /** The question's terms (the engine's tokenizer) that should name the row and the column; operation cues left out. */
  terms: string[];
  /** Every term of the question, cues included (a table may name a column "% change"). */
  allTerms: string[];
  /** Years the question names, in its order. */
  years: string[];
  /**
   * The two things a comparison or a two-figure calculation names, as written, in the
   * question's order ("aboriginal people" / "non-aboriginal people"; "2018" / "2019").
   */
  mentions?: [string, string];
  /** Higher or lower wins (compare, argmax/argmin, max/min). */
  direction?: 'high' | 'low';
  /** The unit the question asks for ("how many percent", "in millions", "how many dollars"). */
  unit?: { scale: Scale; currency?: string };
  /** The question asks for several figures at once ("... respectively"). */
  respectively: boolean;
  /**
   * The kind of thing a "which X" / "what X" question asks for, as written ("club", "age
   * group"): a header that names it holds the answer ("club" heads the column of clubs). Absent
   * for figure questions ("what percent", "how many") and for "which" without a noun.
   */
  target?: string;
  /** The question asks for a figure ("how many", "what percent", "what was the number of"), not a thing or a date. */
  asksFigure: boolean;
  /**
   * For "when did X first exceed 400?", "in which year did X first fall below 5%": the bound the
   * figure first passed (`above`: rose past it; `strict`: "exceed", not "reach"), and the terms
   * of the words that say so ("first", "exceed", "400").
   */
  firstPast?: { value: number; above: boolean; strict: boolean; terms: string[] };
  /**
   * For a question for a time, which end of a span it asks for: `start` for "when was Go 1.22
   * released?", `end` for "when does Airflow 2 reach end of life?" (a row dated both ways answers
   * with the column of that role). Absent when the question names neither, or both.
   */
  boundary?: 'start' | 'end';
  /**
   * The span of time the question names, `[start, end)` in ms ("in the 1990s", "from 2000 to
   * 2010", "in 2000"): a table of dated rows answers "the average price in the 1990s" over the
   * rows inside it. An open span runs without end ("since 1950": from 1950 on) or without start
   * ("until 1990"). Absent when the question names no time. `words`: the words that name it
   * ("since 1950"), which no table need hold. `edge`: the question names the end (start) of
   * the year ("at the end of 2019"), {@link askedSpan}.
   */
  period?: { start: number; end: number; words: string; edge?: 'start' | 'end' };
}

/** The span a question's time asks for: its period, or where it names the end (start) of a year, that year's last (first) month. */
export function askedSpan(period: NonNullable<QuestionAnalysis['period']>): { start: number; end: number } {
  if (!period.edge) return period;
  const d = new Date(period.start);
  const month = period.edge === 'end' ? 11 : 0;
  return { start: Date.UTC(d.getUTCFullYear(), month, 1), end: Date.UTC(d.getUTCFullYear(), month + 1, 1) };
}

/** Words that open a span of time ("since 1950", "until 1990") or bound one ("from 2000 to 2010"). */
const SPAN_WORD = /\b(?:since|from|after|until|till|through|before|between|during|in|to|and)\s*$/i;

function periodOf(question: string): QuestionAnalysis['period'] {
  const d = findDates(question, { shortYears: 'none', reference: 0, prepositions: true }).find((x) => !isNameYear(question, x.from, x.to));
  if (!d) return undefined;
  // The reference is not the search's here: an open end runs on (rows are read as they stand).
  const start = d.open === 'start' ? -Infinity : d.start;
  const end = d.open === 'end' ? Infinity : d.end;
  // "At the end of 2019", "at the start of 2020": the year, its last (first) month read where a
  // monthly series gives it (`atMoment`; a table of years answers it coarsely, `answersCoarsely`).
  const edge = d.granularity === 'year' && !d.open ? YEAR_EDGE.exec(question.slice(0, d.from)) : null;
  if (edge) return { start, end, words: question.slice(edge.index, d.to), edge: /end/i.test(edge[1]!) ? 'end' : 'start' };
  const lead = SPAN_WORD.exec(question.slice(0, d.from))?.[0] ?? '';
  return { start, end, words: question.slice(d.from - lead.length, d.to) };
}
/** "(the) end of", "(the) start / beginning of" right before a year. */
const YEAR_EDGE = /\b(?:at\s+)?(?:the\s+)?(end|start|beginning)\s+of\s*$/i;

/** Words of a question that ask when something starts, and when it ends. */
const ASKS_START = /\b(?:release[sd]?|start(?:s|ed)?|beg[ai]n|begins|launch(?:e[sd])?|introduced|c[oa]me out|comes out|founded|opened|first available|t[oa]ok office|takes office)\b/;
const ASKS_END = /\b(?:end|ends|ended|ending|expire[sd]?|expir(?:y|ation)|until|eol|end[\s-]of[\s-](?:life|support)|retire[sd]?|discontinued|sunset|deprecated|die[sd]?|left office|leaves? office|stops?(?: being)? supported|stop(?:s|ped)? (?:receiving|getting)|(?:los(?:e|es|t|ing)|drop(?:s|ped)?) support|out of support|no longer supported)\b/;

/** Whether a text speaks of an end ("until", "end of life", "expires", "retired"): what a sentence that answers when something ends names. */
export function namesEnd(text: string): boolean {
  return ASKS_END.test(text.toLowerCase());
}

/** Which end of a span a label names, read as a question's words are ("v1.33.0 released": `start`; "eol": `end`). */
export function boundaryNamed(label: string): QuestionAnalysis['boundary'] {
  return boundaryOf(fieldWords(label));
}

function boundaryOf(q: string): QuestionAnalysis['boundary'] {
  const start = ASKS_START.test(q);
  const end = ASKS_END.test(q);
  return start === end ? undefined : start ? 'start' : 'end';
}

/** "First exceeded / passed / rose above / fell below / reached N": the bound a series first passed. */
const FIRST_PAST = /\bfirst\b[^?]*?\b(exceed(?:ed|s)?|surpass(?:ed|es)?|pass(?:ed|es)?|top(?:ped|s)?|(?:went|go(?:ne)?|rose|rise[ns]?|climb(?:ed|s)?|jump(?:ed|s)?)\s+(?:above|over|past)|(?:fell|fall(?:en|s)?|drop(?:ped|s)?|went|go(?:ne)?|dip(?:ped|s)?|s[ai]nk|sunk)\s+(?:below|under)|reach(?:ed|es)?|hit|above|over|more than|greater than|higher than|below|under|less than|lower than|fewer than)\s+(?:the\s+)?(?:[$€£]\s?)?(-?\d[\d,]*(?:\.\d+)?)(?!\s*(?:st|nd|rd|th)\b)/;

function firstPastOf(q: string): QuestionAnalysis['firstPast'] {
  const m = FIRST_PAST.exec(q);
  if (!m) return undefined;
  const value = Number(m[2]!.replace(/,/g, ''));
  if (!Number.isFinite(value)) return undefined;
  const verb = m[1]!;
  return { value, above: !/below|under|less|lower|fewer/.test(verb), strict: !/^(?:reach|hit)/.test(verb), terms: answerTerms(m[0]) };
}

/** "How many days passed between", "how long did ... last" (`prose-calc.ts` reads the unit and the two things). */
const DURATION = /^\s*(?:(?:in|after|over) )?how (?:many|much) (?:days|weeks|months|years|time)\b(?=[^?]*\b(?:between|from|after|before|passed|elapsed|separated?|last(?:ed|s)?|took|take|ran|run)\b)|^\s*how long\b(?=[^?]*\b(?:between|from|after|before|last(?:ed|s)?|took|take|ran|run|passed|elapsed)\b)/;
/** Years listed with "and" ("in 2019 and 2018", "in fiscal 2019, 2018 and 2017"): a lookup of each. */
const YEAR_LIST = /\b(?:fiscal |fy ?)?(?:19|20)\d\d(?:,? (?:fiscal |fy ?)?(?:19|20)\d\d)*,? and (?:fiscal |fy ?)?(?:19|20)\d\d\b(?! (?:to|through|until)\b)/;
/** A bound a count is past ("exceed $5,000", "below 20%"). */
const PAST_BOUND = /\b(?:exceed(?:ed|s)?|above|below|more than|less than|fewer than|lower than|higher than|over|under|greater than|at least|at most)\s+\$?\s?-?\d/;
/** "By how many votes did A beat B": a difference between the two it names. */
const BEAT = /\b(?:beat|beats|lead|leads|led|outscored?|outpolled?|outnumbered?|exceed(?:ed|s)?|surpass(?:ed|es)?|trail(?:ed|s)?|edged?)\b/;

// ("When did the gold price peak?": its highest, "bottomed", its lowest; the verbs only: "the
// peak position" is a chart's label.)
const HIGH = /\b(highest|largest|biggest|greatest|most|maximum|max|top|peaked|(?<=\b(?:did|does|do)\b[^?]*)peak|more|higher|larger|greater|bigger|better|longer|older|increased more)\b/;
const LOW = /\b(lowest|smallest|least|fewest|minimum|min|bottomed|less|lower|smaller|fewer|worse|shorter|younger)\b/;
const SUPERLATIVE = /\b(highest|largest|biggest|greatest|most|maximum|top|peaked|(?<=\b(?:did|does|do)\b[^?]*)peak|lowest|smallest|least|fewest|minimum|bottomed)\b/;

const CAME_OUT = /\b(?:c[oa]me|comes|coming) out\b/gi;

/** Analyses a question. Pure and cheap (a few regular expressions and one tokenisation). */
export function analyzeQuestion(question: string): QuestionAnalysis {
  const q = ` ${question.toLowerCase().replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim()} `;
  // ("When was Visual Studio 2022 released?": its 2022 is a name's, `name-years.ts`.)
  const named = new Set([...question.matchAll(/\b\d{4}\b/g)].filter((m) => isNameYear(question, m.index, m.index + 4)).map((m) => m[0]));
  const years = [...q.matchAll(/\b(1[89]\d\d|20\d\d)(?:\s*[-/–]\s*\d{2,4})?\b/g)].map((m) => m[0].replace(/\s+/g, '')).filter((y) => !named.has(y));
  // "Came out" is "released" as schedules and tables write it ("v1.25.0 released"), and its
  // "come" is no "Coming" of another row ("Code Freeze is Coming").
  const allTerms = answerTerms(question.replace(CAME_OUT, 'released'));
  // "What are the respective values ...", "what was X in 2019, 2018 and 2017": several figures at once.
  let respectively = /\brespective(?:ly)?\b/.test(q);
  let operation: Operation = 'lookup';
  let cue: string | undefined;
  const set = (op: Operation, m: RegExpExecArray | null): boolean => {
    if (!m) return false;
    operation = op;
    cue = m[0].trim();
    return true;
  };
  // ("When was the gold price highest?" asks which time's row is highest: its label is the time;
  // "when is the most recent match?" asks no figure's extreme.)
  const wh = /^\s*(which|what|who|whose)\b/.test(q) || /\b(which|who)\b/.test(q) || (/^\s*when\b/.test(q) && !/\b(?:most recent|latest|earliest|first|last|newest|oldest)\b/.test(q));
  // A question that opens by asking for a figure ("what is the percentage of the provinces with
  // the largest increases ...", "how many ... who had the most ...") wants that figure: its
  // superlative describes what is counted, it does not ask which label is highest.
  const figureAsk = /^\s*(?:how (?:many|much)\b|what(?:'s|\s+is|\s+was|\s+were|\s+are)?\s+(?:the\s+)?(?:percent(?:age)?|proportion|number|share|rate|total|amount|ratio|value|median)s?\b)/.test(q);
  // "At least" and "at most" bound a figure; they are no superlative.
  const sq = q.replace(/\bat (?:least|most)\b/g, ' ');
  const options = splitOr(q);

  // A choice between two named things ("more likely, A or B?") is asked as a which/who/was
  // question; a figure question can contain "or" inside a label ("drugged or forced").
  const choice = !!options && /^\s*(?:which|who|whose|was|were|is|are|did|does|do|in which|among [^,]+, (?:which|who|were|was))\b/.test(q) && !/^\s*(?:how|what (?:is|was|were|are) the (?:percent|number|proportion|share|rate|ratio|times))\b/.test(q);
  // Order matters: the most specific cue wins.
  (choice && set('compare', /\bor\b/.exec(q))) || set('percent-change', /\b(?:percent(?:age)?|%)\s*(?:change|increase|decrease|growth|decline|rise|drop|fall|reduction)\b|\bby (?:what|how many) (?:percent(?:age)?|%)[^?]*?\b(?:change|increase|decrease|grow|grew|decline|rise|rose|drop|fall|fell|reduce)|\b(?:change|changed|increase|increased|decrease|decreased|grow|grew|decline|declined|rise|rose|drop|dropped|fall|fell)\b(?=[^?]*\b(?:in|as an?) (?:percent(?:age)?|%)(?![\w%])(?! (?:points?|of)\b))/.exec(q))
    || set('share', /\b(?:as|in) (?:a )?(?:percent(?:age)?|proportion|share|%) of\b|\bpercent(?:age)? of (?:the )?total\b|\bproportion of (?:the )?total\b/.exec(q))
    || set('ratio', /\bratio\b|\bhow many times\b|\btimes (?:as|more|higher|larger|greater)\b|\bmultiple\b/.exec(q))
    // "How many years did X exceed $5,000?" counts cells past a bound (below), no duration.
    || set('duration', PAST_BOUND.test(q) ? null : DURATION.exec(q))
    || set('difference', /\bby how (?:many|much)\b/.test(q) && BEAT.test(q) ? /\bby how (?:many|much)\b/.exec(q) : null)
    || set('change', /\b(?:change|increase|decrease|growth|decline|grow|grew|rise|rose|drop|dropped|fall|fell|declined|increased|decreased)\b/.exec(q) && years.length >= 2 && !/^\s*what (?:is|was) the (?:average|sum|total)\b/.test(q) ? /\b(?:change|increase|decrease|growth|decline|grow|grew|rise|rose|drop|dropped|fall|fell|declined|increased|decreased)\b/.exec(q) : null)
    || set('average', /\b(?:average|mean)\b(?=[^?]*\b(?:and|across|over|between|from|for the (?:two|three|four|five|\d+))\b)/.exec(q) && (years.length >= 2 || /\b(?:across|over) the\b|\bper year\b/.test(q)) ? /\b(?:average|mean)\b/.exec(q) : null)
    || set('sum', /\b(?:sum|combined|altogether|in total(?!\s+\w)|total of)\b/.exec(q) && (years.length >= 2 || /\band\b/.test(q)) ? /\b(?:sum|combined|altogether|in total|total of)\b/.exec(q) : null)
    || set('sum', /\btotal\b(?=[^?]*\b(?:in|for|of) both\b)|\bboth\b(?=[^?]*\btotal\b)/.exec(q))
    || set('difference', /\bdifference\b|\bhow (?:much|many) (?:more|less|fewer|higher|lower|larger|smaller|bigger|greater)\b|\b(?:more|less|fewer|higher|lower) than\b(?=[^?]*\bhow (?:much|many)\b)|\bgap\b/.exec(q))
    || (wh && !figureAsk && !/^\s*(?:what|how)\s+(?:was|is|were|are)\s+the\s+(?:highest|lowest|largest|smallest|maximum|minimum)\b/.test(q) && set(lowFirst(sq) ? 'argmin' : 'argmax', SUPERLATIVE.exec(sq) ?? (/\bwhich [a-z]+\b/.test(q) ? (HIGH.exec(sq) ?? LOW.exec(sq)) : null) ?? /\b(?:more|less) likely\b/.exec(q)))
    || set('max', /^\s*(?:what|how)\s+(?:was|is|were|are)\s+the\s+(?:highest|largest|maximum|greatest)\b/.exec(q))
    || set('min', /^\s*(?:what|how)\s+(?:was|is|were|are)\s+the\s+(?:lowest|smallest|minimum|least)\b/.exec(q))
    // "How many years did X exceed $5,000?", "how many quarters had lows lower than $2.00?": a
    // count of the cells past a bound.
    || set('count', /\bhow many\b/.test(q) && PAST_BOUND.test(q) ? /\bhow many\b/.exec(q) : null)
    // "How many components are there under deferred tax assets?": the items a group lists.
    || set('count', /^\s*how many (?:(?:major|main|different)\s+)?(?:types|kinds|components|categories|items|classes|sub-?categories)\b(?=\s+(?:of|are there|under|in|does|did|were|are)\b)/.exec(q))
    // "Until when is Django 4.2 supported?", "since when": a time, the end or start asked (`boundaryOf`).
    // ("What is the Kubernetes 1.37 release date?" asks a date as "when" does; its "release" stays a word to find.)
    || set('date', /^\s*(?:(?:until|till|since) )?when\b|\b(?:what|which) (?:year|date|month|day)\b|\bin what year\b|(?<=\b(?:release|launch|publication|availability|end[\s-]of[\s-]life|eol|expiry|expiration|due|freeze|retirement)\s+)date\b/.exec(q))
    // ("Which release team member handled communications?" asks who, as "who" does.)
    || set('name', /^\s*who\b|^\s*whose\b|^\s*which\s+(?:[\w.-]+\s+){0,4}?(?:member|person|individual)\b/.exec(q));

  if (operation === 'lookup' && /^\s*what (?:was|were|is|are) the\b/.test(q) && !/\b(?:between|both)\b/.test(q) && YEAR_LIST.test(q)) respectively = true;
  const direction = directionOf(q, operation);
  const mentions = mentionsOf(q, operation, years, options);
  const unit = unitOf(q, operation);
  const numeric = !['compare', 'argmax', 'argmin', 'date', 'name'].includes(operation) && !(operation === 'lookup' && /^\s*(?:which|who|whose)\b/.test(q));
  const cueTerms = new Set(cue ? tokenize(cue) : []);
  const terms = allTerms.filter((t) => !cueTerms.has(t) && !QUESTION_WORDS.has(t));
  const target = targetOf(q);
  const firstPast = (operation as Operation) === 'date' ? firstPastOf(q) : undefined;
  const boundary = (operation as Operation) === 'date' ? boundaryOf(q) : undefined;
  const period = periodOf(question);
  return {
    question, operation, numeric, terms, allTerms, years, respectively,
    asksFigure: figureAsk || /\bhow (?:many|much)\b|\b(?:what|which) (?:percent(?:age)?|proportion|share)\b/.test(q) || COMPUTED.has(operation) || (operation as Operation) === 'duration',
    ...(target ? { target } : {}),
    ...(cue ? { cue } : {}),
    ...(mentions ? { mentions } : {}),
    ...(direction ? { direction } : {}),
    ...(unit ? { unit } : {}),
    ...(firstPast ? { firstPast } : {}),
    ...(boundary ? { boundary } : {}),
    ...(period ? { period } : {}),
  };
}

/** Words after "which" / "what" that ask for a figure or start a clause, not a kind of thing. */
const NOT_TARGETS = new Set(['is', 'was', 'were', 'are', 'did', 'does', 'do', 'has', 'had', 'have', 'will', 'would', 'can', 'could', 'of', 'in', 'the', 'a', 'an', 'percent', 'percentage', 'proportion', 'share', 'number', 'amount', 'rate', 'ratio', 'value', 'total', 'sum', 'average', 'mean', 'difference', 'change', 'level', 'levels', 'per', 'fraction', 'times', 'many', 'much', 'one', 'ones', 'kind', 'type', 'sort']);

/** Words that end the noun phrase after "which": auxiliaries, prepositions, common verbs. */
const PHRASE_END = new Set(['is', 'was', 'were', 'are', 'be', 'been', 'did', 'does', 'do', 'has', 'had', 'have', 'will', 'would', 'can', 'could', 'should', 'may', 'might', 'of', 'in', 'on', 'for', 'to', 'with', 'at', 'by', 'from', 'as', 'than', 'that', 'and', 'or', 'the', 'a', 'an', 'came', 'come', 'comes', 'went', 'got', 'made', 'led', 'won', 'left', 'began', 'ran', 'saw', 'took', 'gave', 'became', 'play', 'plays', 'said', 'get', 'gets', 'reached', 'shipped', 'reaches', 'reach', 'receives', 'receive', 'gets', 'goes', 'ends', 'expires', 'runs']);
/** Nouns that name a kind only with the word before them ("age group", "income level"). */
const GENERIC_HEADS = new Set(['group', 'type', 'kind', 'category', 'level', 'sector', 'region', 'area', 'class', 'status', 'range', 'period', 'name']);

/**
 * The noun a "which X" / "what X" question asks for: the head of the noun phrase after the
 * question word ("which club did he play for" -> "club", "which Kubernetes minor release came
 * out" -> "release", "which age group" -> "age group", "what kind of school" -> "school");
 * none for figure questions.
 */
function targetOf(q: string): string | undefined {
  if (/\bhow (?:many|much)\b/.test(q)) return undefined;
  const m = /\b(?:which|what)\s+(?:(?:kind|type|sort)s?\s+of\s+)?([a-z0-9][a-z0-9.'-]*(?:\s+[a-z0-9][a-z0-9.'-]*){0,4})/.exec(q);
  if (!m) return undefined;
  const words: string[] = [];
  for (const w of m[1]!.split(/\s+/)) {
    if (PHRASE_END.has(w) || (words.length > 0 && /^[a-z]{3,}ed$/.test(w))) break;
    words.push(w);
  }
  // The head is the phrase's last word that is a word (not "2.7" or "1.25").
  while (words.length && !/[a-z]/.test(words.at(-1)!)) words.pop();
  const head = words.at(-1);
  if (!head || NOT_TARGETS.has(head) || NOT_TARGETS.has(words[0]!)) return undefined;
  return GENERIC_HEADS.has(head) && words.length >= 2 ? `${words.at(-2)} ${head}` : head;
}

/** Question words that name no row or column ("how many", "what was"), as terms. */
const QUESTION_WORDS = new Set(tokenize('how many much what which who whose were was is are did does do the of in year years percent percentage proportion share number amount value respectively'));

/** Whether a "lower" word comes before any "higher" word. */
function lowFirst(q: string): boolean {
  const low = LOW.exec(q);
  const high = HIGH.exec(q);
  return !!low && (!high || low.index < high.index);
}

function directionOf(q: string, op: Operation): 'high' | 'low' | undefined {
  if (!['compare', 'argmax', 'argmin', 'max', 'min'].includes(op)) return undefined;
  if (op === 'argmin' || op === 'min') return 'low';
  if (op === 'argmax' || op === 'max') return 'high';
  return lowFirst(q) ? 'low' : 'high';
}

/** "A or B" at the end of a question: the two options, cleaned of leading question words. */
function splitOr(q: string): [string, string] | undefined {
  const body = q.replace(/\?+\s*$/, '').trim();
  const m = /(?:^|[,?:;]|\b(?:likely|higher|lower|more|less|larger|smaller|better|worse)\b(?: to [a-z ]+?)?,?)\s*([^,?:;]{1,80}?)\s+or\s+([^,?:;]{1,80})$/.exec(body);
  if (!m) return undefined;
  const a = clean(m[1]!);
  const b = clean(m[2]!);
  return a && b ? [a, b] : undefined;
}

function clean(s: string): string {
  return s.replace(/^(?:the|those|people|persons|who|were|was|are|is|that|than|between|among|:)\s+/g, '').replace(/\s+(?:respectively|did|do|were|was)$/g, '').trim();
}

const MONTH_NAMES = 'january|february|march|april|may|june|july|august|september|october|november|december';

/** The two things a two-figure question names: years for a change, phrases for a difference. */
function mentionsOf(q: string, op: Operation, years: string[], options: [string, string] | undefined): [string, string] | undefined {
  if (op === 'compare') return options;
  if (years.length >= 2 && ['change', 'percent-change', 'difference', 'sum', 'average', 'ratio', 'share'].includes(op)) {
    // A month written before a year is part of the time named ("from March 2019 to June 2020").
    const month = (y: string) => new RegExp(`\\b(${MONTH_NAMES}) ${y}\\b`).exec(q)?.[0] ?? y;
    return [month(years[0]!), month(years[1]!)];
  }
  if (op === 'difference' && BEAT.test(q)) {
    const beat = new RegExp(`\\b(?:did|does|do|had|has) (.{1,80}?) ${BEAT.source} (.{1,80}?)(?:\\?|$|,| in | at | for | during | by )`).exec(q);
    if (beat) return [clean(beat[1]!), clean(beat[2]!)];
  }
  if (op === 'difference' || op === 'ratio' || op === 'share') {
    const between = /\bbetween (.{1,80}?) and (.{1,80}?)(?:\?|$| in | for | among | of |,)/.exec(q);
    if (between) return [clean(between[1]!), clean(between[2]!)];
    const than = /\b(?:more|less|fewer|higher|lower|larger|smaller|greater|bigger)\b (.{1,80}?) than (.{1,80}?)(?:\?|$|,| in )/.exec(q);
    if (than) return [clean(than[1]!), clean(than[2]!)];
    const of = /\b(?:ratio|percent(?:age)?|proportion|share) of (.{1,80}?) (?:to|over|as a percentage of|as a proportion of|in|of) (.{1,80}?)(?:\?|$|,)/.exec(q);
    if (of) return [clean(of[1]!), clean(of[2]!)];
  }
  if (years.length >= 2 && (/\brespective(?:ly)?\b/.test(q) || (/^\s*what (?:was|were|is|are) the\b/.test(q) && !/\b(?:between|both)\b/.test(q) && YEAR_LIST.test(q)))) return [years[0]!, years[1]!];
  return undefined;
}

function unitOf(q: string, op: Operation): QuestionAnalysis['unit'] {
  if (op === 'percent-change' || op === 'share') return { scale: 'percent' };
  const currency = /\$|\bdollars?\b/.test(q) ? '$' : undefined;
  if (/\bhow many (?:percent|percentage points?)\b|\bwhat (?:percent(?:age)?|proportion|share)\b|\bpercent(?:age)?s?\b|\bproportions?\b|%/.test(q)) return { scale: 'percent', ...(currency ? { currency } : {}) };
  if (/\bbillions?\b/.test(q)) return { scale: 'billion', ...(currency ? { currency } : {}) };
  if (/\bmillions?\b/.test(q)) return { scale: 'million', ...(currency ? { currency } : {}) };
  if (/\bthousands?\b/.test(q)) return { scale: 'thousand', ...(currency ? { currency } : {}) };
  if (currency) return { scale: '', currency };
  // "How many people", "what was the number of": a count, not the percent beside it.
  if (/\bhow many\b(?! times\b)|\b(?:what|which) (?:is|was|were|are) the (?:total )?number\b|^\s*(?:what|which) (?:is|was) the total\b/.test(q)) return { scale: '' };
  return undefined;
}
