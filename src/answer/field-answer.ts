/**
 * The answer a line of the form `name: value` gives ("3.12 Release Manager: Thomas Wouters",
 * "Status: Active", "Created: 16-Dec-2018"): a question that names every word of the field's
 * name ("who is the release manager for Python 3.12?") is answered by its value. Such lines are
 * how real documents state one fact each: a PEP's header and its crew list, front matter, a
 * README's "License: MIT", an e-mail's headers. A run of them dated ("- 3.12.0 final: Monday,
 * 2023-10-02") is a schedule, which answers "which ... in <time>?" with a line's name
 * (`answerDatedLine`). Loaded where the passages a question reads hold such a line
 * (`engine/answer.ts`); the records' reading is `field-records.ts`. Pure.
 */
import { fieldWords } from '../temporal/intervals.ts';
import { findDates } from '../temporal/date-grammar.ts';
import { statesDayWithoutYear } from './answer-time.ts';
import { namedNumbers, namesOf, type QuestionAnalysis } from './question.ts';
import { answerTerms } from './synonyms.ts';
import { hasDate } from './table-answer.ts';
import { FIELD_LINE, asksField, records, spanOf } from './field-records.ts';

/** What {@link answerField} read. */
export interface FieldAnswer {
  /** The value, as written. */
  text: string;
  /** `[start, end)` of the value in the text. */
  span: [number, number];
  /** `[start, end)` of the whole line (its name and value). */
  line: [number, number];
  /**
   * `[start, end)` of the record the line belongs to: the run of `name: value` lines around it,
   * nothing but line breaks between them and all list items or none (a PEP's header: "PEP: 602",
   * "Created: 04-Jun-2019"), which says what the value is of.
   */
  record: [number, number];
  /** The field's name, as written. */
  field: string;
}

/** A line (a list item, its marker kept or not) that ends with a date: its name (group 1) and the date (group 2), as {@link FIELD_LINE} gives a field's. */
const DATED_ITEM = /^[ \t]*(?:[-*•+][ \t]+)?(\S[^:\n]{0,58}?)[ \t]+(\d{4}-\d\d-\d\d|\p{L}{3,9}\.?[ \t]+\d{1,2},?[ \t]+\d{4}|\d{1,2}[ \t]+\p{L}{3,9}[ \t]+\d{4})[ \t]*$/gmu;
const URL_SCHEME = /^(?:https?|ftp|mailto|file)$/i;
/** Most words a field's name has. */
const MAX_NAME_WORDS = 6;
/** A question for whoever wrote something, and the words of the field that says. */
const WROTE = /\bwho\s+(?:wrote|authored|has\s+written|had\s+written|proposed|announced)\b|\bwritten\s+by\s+whom\b/i;
const AUTHOR_TERMS = answerTerms('author authors');
/** Most words a field's value has ("Thomas Wouters <thomas@python.org>", "Tuesday, 2024-12-03"). */
const MAX_VALUE_WORDS = 8;
const NUMBER = /^[\d_.,]+$/;

/** A version term without the zeros its tokenizer forms may drop: 3_10 and 3_1 as 3_1, 3_12_0 as 3_12. */
function versionForm(term: string): string {
  return term.replace(/(?:_0+)+$/, '').replace(/(_\d*?)0+$/, '$1');
}

/**
 * The value of the field of `text` whose whole name the question names (its most specific when
 * several do: "3.12 Release Manager" over "Release Manager"), or undefined. The value must not
 * be what the question gives already, must state a time when the question asks for one and a
 * name (a capital) when it asks "who".
 */
export function answerField(analysis: QuestionAnalysis, text: string): FieldAnswer | undefined {
  if (!asksField(analysis) || !text.includes(':')) return undefined;
  const asked = new Set(analysis.allTerms);
  // "Who wrote X?" names the field "Author" by its verb.
  if (WROTE.test(analysis.question)) for (const t of AUTHOR_TERMS) asked.add(t);
  let best: { answer: Omit<FieldAnswer, 'record'>; named: number } | undefined;
  const given = new Set(namesOf(analysis).flatMap((n) => answerTerms(n)));
  const lines = [...text.matchAll(FIELD_LINE)];
  for (const m of lines) {
    const name = m[1]!.trim();
    const value = m[2]!;
    // A name that is a date is a timeline's entry ("November 1946: the squadron ..."), and a
    // value of many words is prose under a heading ("IMFT: Since 2006, we have owned ..."),
    // not one fact a field states.
    if (URL_SCHEME.test(name) || name.split(/\s+/).length > MAX_NAME_WORDS || value.split(/\s+/).length > MAX_VALUE_WORDS || hasDate(name)) continue;
    const terms = answerTerms(fieldWords(name));
    // A version is named in any of the forms the tokenizer writes of it ("3.10" as 3_10 and 3_1).
    const variant = (t: string) => NUMBER.test(t) && t.includes('_') && [...asked].some((u) => NUMBER.test(u) && versionForm(u) === versionForm(t));
    if (!terms.some((t) => !NUMBER.test(t)) || !terms.every((t) => asked.has(t) || variant(t))) continue;
    const valueTerms = answerTerms(value);
    if (!valueTerms.length || valueTerms.every((t) => asked.has(t))) continue;
    if (analysis.operation === 'date' && !hasDate(value)) continue;
    // "Who led Kubernetes 1.33?": a field named by the thing alone ("Kubernetes v1.33: Octarine")
    // says what it is, not who did what the question asks.
    if (analysis.operation === 'name' && (!/\p{Lu}/u.test(value) || terms.every((t) => NUMBER.test(t) || given.has(t)))) continue;
    if (best && best.named >= terms.length) continue;
    const at = m.index! + m[0].lastIndexOf(value);
    best = { answer: { text: value, span: [at, at + value.length], line: [m.index!, m.index! + m[0].length], field: name }, named: terms.length };
  }
  if (!best) return undefined;
  return { ...best.answer, record: recordAround(text, lines, best.answer.line) };
}

/**
 * "When was Python 3.8 released?" over a schedule of dated lines: the date of the line of the
 * version's first release, the version with zeros after it and perhaps "final" ("- 3.8.0 final:
 * Monday, 2019-10-14"; not "3.8.20 final", nor "3.8.0 beta 1"), as a release is numbered. In the
 * schedule of one version (`ofVersion`: its document's title names it, "Python 2.5 Release
 * Schedule"), the line "final" alone is its release ("- final: September 19, 2006 [completed]").
 */
export function answerReleaseLine(analysis: QuestionAnalysis, text: string, ofVersion = false): FieldAnswer | undefined {
  if (analysis.operation !== 'date' || analysis.boundary !== 'start') return undefined;
  const versions = namedNumbers(analysis).filter((n) => n.term.includes('_'));
  if (versions.length !== 1) return undefined;
  const own = ofVersion ? '|(?:final|final release)' : '';
  const release = new RegExp(`^(?:v?${versions[0]!.term.replace(/_/g, '\\.')}(?:\\.0)*(?:\\s+(?:final|release|stable|ga))?${own})$`, 'i');
  // A schedule's lines are "name: date" fields, or list items that end with their date ("- 2.7
  // final 2010-07-03"), each kind read as records of its own.
  const fields = text.includes(':') ? records(text, [...text.matchAll(FIELD_LINE)]) : [];
  for (const record of [...fields, ...records(text, [...text.matchAll(DATED_ITEM)])]) {
    if (record.filter((m) => onlyDate(m[2]!)).length < MIN_SCHEDULE) continue;
    const m = record.find((x) => release.test(x[1]!.trim()) && onlyDate(x[2]!));
    if (!m) continue;
    // The date without a note after it ("September 19, 2006 [completed]").
    const value = m[2]!.replace(/\s*(?:\[[^\]]*\]|\([^)]*\))\s*$/, '');
    const at = m.index! + m[0].lastIndexOf(value);
    return { text: value, span: [at, at + value.length], line: [m.index!, m.index! + m[0].length], field: m[1]!.trim(), record: spanOf(record) };
  }
  return text.includes(':') ? dateFirstRelease(text, versions[0]!.term.replace(/_/g, '\\.')) : undefined;
}

/**
 * A schedule that writes its dates first ("* September 5: 1.6 final release (actual).", "-
 * **Tuesday 23rd August 2022**: Week 14 — Kubernetes v1.25.0 released"): the line whose event
 * is the version's release, named by its number (its ".0" parts aside) beside "release" or
 * "final", no pre-release ("beta 1", "rc1", "alpha.2"); the actual date before a planned one.
 * In a record of such lines, as {@link MIN_SCHEDULE} asks of the others.
 */
function dateFirstRelease(text: string, version: string): FieldAnswer | undefined {
  const named = new RegExp(`(?<![\\d.])v?${version}(?:\\.0)*(?![\\d.]*\\d)(?![.-]?(?:alpha|beta|rc|a\\d|b\\d))`, 'i');
  for (const record of records(text, [...text.matchAll(DATE_FIRST_LINE)].filter((m) => onlyDateOrDay(m[1]!)))) {
    if (record.length < MIN_SCHEDULE) continue;
    const releases = record.filter((m) => named.test(m[2]!) && RELEASE_EVENT.test(m[2]!) && !PRE_RELEASE.test(m[2]!));
    const m = releases.find((x) => !PLANNED.test(x[2]!)) ?? releases[0];
    if (!m) continue;
    const value = m[1]!;
    const at = m.index! + m[0].indexOf(value);
    return { text: value, span: [at, at + value.length], line: [m.index!, m.index! + m[0].length], field: m[2]!.trim(), record: spanOf(record) };
  }
  return undefined;
}

/** A line that opens with its date, bold or not, and says what happens then after a colon: the date (group 1) and the event (group 2). */
const DATE_FIRST_LINE = /^[ \t]*(?:[-*•+][ \t]+)?(?:\*\*)?([\p{L}\p{N}][^:*\n]{2,58}?)(?:\*\*)?[ \t]*:[ \t]+(\S[^\n]{0,198}?)[ \t]*$/gmu;
const RELEASE_EVENT = /\b(?:release[sd]?|final)\b/i;
const PRE_RELEASE = /\b(?:alpha|beta|rc\d*|release candidate|candidate|preview)\b|\d(?:a|b|rc)\d/i;
const PLANNED = /\((?:planned|expected|tentative|estimated)\)/i;

/** {@link onlyDate}, or a day written without its year ("September 5", "Tuesday, April 8th"). */
function onlyDateOrDay(value: string): boolean {
  return onlyDate(value) || statesDayWithoutYear(value) && value.replace(/\d{1,2}(?:st|nd|rd|th)?|\p{L}+|[\s,.]/gu, '') === '';
}

/**
 * "Which Python 3.12 release came out in August 2023?" over a schedule written as lines ("-
 * 3.12.0 candidate 1: Sunday, 2023-08-06"): the name of a line whose value, a date and nothing
 * else, `score` rates above 0, in a record of three such lines or more (most of its lines:
 * a header's "Created: 16-Dec-2018" beside its title and author is no schedule). For a question
 * that asks for a thing ("which", "what"), not a date or a figure.
 */
export function answerDatedLine(analysis: QuestionAnalysis, text: string, score: (value: string) => number): FieldAnswer | undefined {
  if (!['lookup', 'name'].includes(analysis.operation) || analysis.asksFigure || !/^\s*(?:which|what)\b/i.test(analysis.question) || !text.includes(':')) return undefined;
  const lines: RegExpMatchArray[] = [...text.matchAll(FIELD_LINE)];
  const asked = new Set(analysis.allTerms);
  let best: { answer: FieldAnswer; score: number; named: number } | undefined;
  for (const record of records(text, lines)) {
    for (const m of scheduleOf(record)) {
      const s = score(m[2]!);
      const name = m[1]!.trim();
      if (s <= 0 || answerTerms(name).every((t) => asked.has(t))) continue;
      // Of the lines whose dates fit (two releases in July 2020), the one whose line and the note
      // under it name the most of the question's words ("(security hotfix)"), then the best dated.
      const next = lines[lines.indexOf(m) + 1];
      const named = answerTerms(text.slice(m.index!, next ? next.index! : m.index! + m[0].length + NOTE_CHARS)).filter((t) => asked.has(t)).length;
      if (best && (best.named > named || (best.named === named && best.score >= s))) continue;
      const at = m.index! + m[0].indexOf(name);
      best = { answer: { text: name, span: [at, at + name.length], line: [m.index!, m.index! + m[0].length], field: name, record: spanOf(record) }, score: s, named };
    }
  }
  return best?.answer;
}

/**
 * The dated lines of the schedules a text holds ("- 3.14.0 alpha 4: Tuesday, 2025-01-14"), as
 * {@link answerDatedLine} reads them: each line's name, its value and where the line is.
 */
export function scheduleLines(text: string): Array<{ name: string; value: string; line: [number, number] }> {
  const lines = [...text.matchAll(FIELD_LINE)];
  return records(text, lines).flatMap((record) => scheduleOf(record).map((m) => ({ name: m[1]!.trim(), value: m[2]!, line: [m.index!, m.index! + m[0].length] as [number, number] })));
}

/** The dated lines of a record that is a schedule (most of its lines, {@link MIN_SCHEDULE} or more, a date and nothing else); none of another. */
function scheduleOf(record: RegExpMatchArray[]): RegExpMatchArray[] {
  const dated = record.filter((m) => onlyDate(m[2]!));
  return dated.length < MIN_SCHEDULE || dated.length < SCHEDULE_SHARE * record.length ? [] : dated;
}

/** How far past its last line a schedule's note is read. */
const NOTE_CHARS = 200;

/** Fewest lines a schedule has, and the share of its record's lines they are at least. */
const MIN_SCHEDULE = 3;
const SCHEDULE_SHARE = 0.6;
const WEEKDAY = /\b(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?/gi;

/** A value that is a date and nothing else, but a weekday and a note in brackets ("Monday, 2023-10-02", "29 Jul 2003", "2020-07-20 (security hotfix)"). */
function onlyDate(value: string): boolean {
  const d = findDates(value, { shortYears: 'none', reference: 0, prepositions: false })[0];
  return !!d && `${value.slice(0, d.from)}${value.slice(d.to)}`.replace(/\([^)]*\)|\[[^\]]*\]/g, '').replace(WEEKDAY, '').replace(/[\s,.;:]+/g, '') === '';
}

/** The record (see `together`) that holds `line`. */
function recordAround(text: string, lines: RegExpMatchArray[], line: [number, number]): [number, number] {
  return spanOf(records(text, lines).find((r) => r.some((m) => m.index === line[0]))!);
}

