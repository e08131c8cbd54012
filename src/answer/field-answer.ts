/**
 * The answer a line of the form `name: value` gives ("3.12 Release Manager: Thomas Wouters",
 * "Status: Active", "Created: 16-Dec-2018"): a question that names every word of the field's
 * name ("who is the release manager for Python 3.12?") is answered by its value. Such lines are
 * how real documents state one fact each: a PEP's header and its crew list, front matter, a
 * README's "License: MIT", an e-mail's headers. Pure.
 */
import { fieldWords } from '../temporal/intervals.ts';
import type { QuestionAnalysis } from './question.ts';
import { answerTerms } from './synonyms.ts';
import { hasDate } from './table-answer.ts';

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
   * nothing but line breaks between them (a PEP's header: "PEP: 602", "Created: 04-Jun-2019"),
   * which says what the value is of.
   */
  record: [number, number];
  /** The field's name, as written. */
  field: string;
}

/**
 * A line that states one field: an optional list bullet, a name of one to six words that starts
 * with a letter or a digit, a colon and a value on the same line. A name holds no colon, so a
 * URL's "https:" is no field of its own (see `URL_SCHEME`).
 */
const FIELD_LINE = /^[ \t]*(?:[-*•+][ \t]+)?([\p{L}\p{N}][^:\n]{0,58}?)[ \t]*:[ \t]+(\S[^\n]{0,198}?)[ \t]*$/gmu;
const URL_SCHEME = /^(?:https?|ftp|mailto|file)$/i;
/** Most words a field's name has. */
const MAX_NAME_WORDS = 6;
/** A question for whoever wrote something, and the words of the field that says. */
const WROTE = /\bwho\s+(?:wrote|authored|has\s+written|had\s+written)\b|\bwritten\s+by\s+whom\b/i;
const AUTHOR_TERMS = answerTerms('author authors');
/** Most words a field's value has ("Thomas Wouters <thomas@python.org>", "Tuesday, 2024-12-03"). */
const MAX_VALUE_WORDS = 8;
const NUMBER = /^[\d_.,]+$/;

/** Whether a question asks for the kind of thing one field states: a name, a date, a value (not a figure to compute or compare). */
export function asksField(analysis: QuestionAnalysis): boolean {
  return ['lookup', 'name', 'date'].includes(analysis.operation) && !analysis.asksFigure;
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
  const lines = [...text.matchAll(FIELD_LINE)];
  for (const m of lines) {
    const name = m[1]!.trim();
    const value = m[2]!;
    // A name that is a date is a timeline's entry ("November 1946: the squadron ..."), and a
    // value of many words is prose under a heading ("IMFT: Since 2006, we have owned ..."),
    // not one fact a field states.
    if (URL_SCHEME.test(name) || name.split(/\s+/).length > MAX_NAME_WORDS || value.split(/\s+/).length > MAX_VALUE_WORDS || hasDate(name)) continue;
    const terms = answerTerms(fieldWords(name));
    if (!terms.some((t) => !NUMBER.test(t)) || !terms.every((t) => asked.has(t))) continue;
    const valueTerms = answerTerms(value);
    if (!valueTerms.length || valueTerms.every((t) => asked.has(t))) continue;
    if (analysis.operation === 'date' && !hasDate(value)) continue;
    if (analysis.operation === 'name' && !/\p{Lu}/u.test(value)) continue;
    if (best && best.named >= terms.length) continue;
    const at = m.index! + m[0].lastIndexOf(value);
    best = { answer: { text: value, span: [at, at + value.length], line: [m.index!, m.index! + m[0].length], field: name }, named: terms.length };
  }
  if (!best) return undefined;
  return { ...best.answer, record: recordAround(text, lines, best.answer.line) };
}

/** The run of field lines with nothing but line breaks between them (a reader's text may space them as paragraphs) that holds `line`. */
function recordAround(text: string, lines: RegExpExecArray[] | RegExpMatchArray[], line: [number, number]): [number, number] {
  const spans = lines.map((m) => [m.index!, m.index! + m[0].length] as const);
  let i = spans.findIndex(([s]) => s === line[0]);
  let j = i;
  const adjacent = (a: readonly [number, number], b: readonly [number, number]) => /^\s*$/.test(text.slice(a[1], b[0]));
  while (i > 0 && adjacent(spans[i - 1]!, spans[i]!)) i--;
  while (j < spans.length - 1 && adjacent(spans[j]!, spans[j + 1]!)) j++;
  return [spans[i]![0], spans[j]![1]];
}
