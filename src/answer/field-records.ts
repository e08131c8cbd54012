/**
 * Lines of the form `name: value` ("PEP: 602", "Created: 04-Jun-2019") and the records they make:
 * what the answering of one field (`field-answer.ts`, loaded where the passages a question reads
 * hold such a line) and the choice of a sentence (`text-answer.ts`, a record is no sentence) both
 * read. Pure.
 */
import type { QuestionAnalysis } from './question.ts';

/**
 * A line that states one field: an optional list bullet, a name of one to six words that starts
 * with a letter or a digit, a colon and a value on the same line. A name holds no colon, so a
 * URL's "https:" is no field of its own (`field-answer.ts`' `URL_SCHEME`).
 */
export const FIELD_LINE = /^[ \t]*(?:[-*•+][ \t]+)?([\p{L}\p{N}][^:\n]{0,58}?)[ \t]*:[ \t]+(\S[^\n]{0,198}?)[ \t]*$/gmu;
/** {@link FIELD_LINE} for one line on its own. */
const ONE_FIELD_LINE = new RegExp(FIELD_LINE.source, 'u');
/**
 * Whether a text is a record of fields and nothing else: two or more lines, each `name: value`
 * (a PEP's header), or front matter's fields on one line, three or more `key: value` from its
 * start ("date: 2018-05-10 path: 2018/05/10/Rust-1.26 title: Announcing Rust 1.26"). Its values
 * answer a question one field at a time; the record whole answers none ("what feature did Rust
 * 1.26 stabilize?").
 */
export function isFieldRecord(text: string): boolean {
  const lines = text.split('\n').filter((l) => l.trim());
  if (lines.length >= 2) return lines.every((l) => ONE_FIELD_LINE.test(l));
  return INLINE_FIELD_START.test(text) && (text.match(INLINE_KEY) ?? []).length >= 3;
}
/**
 * The record of fields (two lines or more, or front matter on one line: {@link isFieldRecord})
 * that holds characters `start`..`end` of `text`, as `[start, end)`; undefined where they stand
 * outside one.
 */
export function fieldRecordAt(text: string, start: number, end: number): [number, number] | undefined {
  if (!text.includes('\n')) return isFieldRecord(text) ? [0, text.length] : undefined;
  for (const record of records(text, [...text.matchAll(FIELD_LINE)])) {
    const [from, to] = spanOf(record);
    if (record.length >= 2 && from <= start && end <= to) return [from, to];
  }
  return undefined;
}

/** A front-matter key and its colon, as the Markdown reader writes fields on one line. */
const INLINE_KEY = /(?:^|\s)[A-Za-z][\w.-]*:\s/g;
const INLINE_FIELD_START = /^\s*[A-Za-z][\w.-]*:\s/;

/** Whether a question asks for the kind of thing one field states: a name, a date, a value (not a figure to compute or compare). */
export function asksField(analysis: QuestionAnalysis): boolean {
  return ['lookup', 'name', 'date'].includes(analysis.operation) && !analysis.asksFigure;
}

/**
 * Whether two field lines belong to one record: nothing but line breaks between them (a
 * reader's text may space them as paragraphs), both list items or neither (a header above a
 * list is another record).
 */
function together(text: string, a: RegExpMatchArray, b: RegExpMatchArray): boolean {
  return /^\s*$/.test(text.slice(a.index! + a[0].length, b.index!)) && BULLET.test(a[0]) === BULLET.test(b[0]);
}
const BULLET = /^[ \t]*[-*•+][ \t]/;

/** The field lines of `text` grouped into records (see `together`). */
export function records(text: string, lines: RegExpMatchArray[]): RegExpMatchArray[][] {
  const out: RegExpMatchArray[][] = [];
  for (const m of lines) {
    const run = out[out.length - 1];
    const prev = run?.[run.length - 1];
    if (prev && together(text, prev, m)) run!.push(m);
    else out.push([m]);
  }
  return out;
}

/** `[start, end)` of a record's lines in its text. */
export function spanOf(record: RegExpMatchArray[]): [number, number] {
  const last = record[record.length - 1]!;
  return [record[0]!.index!, last.index! + last[0].length];
}

/**
 * Whether a text may hold a line the field answerers read (`field-answer.ts`): a short name, a
 * colon and a value; or a line that ends with a date ("- 2.7 final 2010-07-03"). A superset of
 * theirs, cheap to test: what it refuses, none of them reads.
 */
export function holdsFieldLine(text: string): boolean {
  return FIELD_OR_DATED_LINE.test(text);
}
const FIELD_OR_DATED_LINE = /^[^\n:]{1,64}:[ \t]+\S|\d{4}(?:-\d\d-\d\d)?[ \t]*$/m;
