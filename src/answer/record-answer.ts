/**
 * The answer a dated record gives: a line of `key: value` fields ("releaseCycle: "14.04"
 * codename: "Trusty Tahr" lts: true releaseDate: 2014-04-17 eol: 2019-04-02") that the temporal
 * path ranked first for "which Ubuntu release was still supported in March 2019?". The answer is
 * the field the question asks for — one whose name the "which X" noun names ("codename"), the
 * date a "when" question asks for — or else the record's name: its first field that is neither
 * a date nor a flag (records lead with what they describe). Pure.
 */
import { fieldWords, recordFields } from '../temporal/intervals.ts';
import { findDates } from '../temporal/date-grammar.ts';
import { asksLatest, type QuestionAnalysis } from './question.ts';
import { answerTerms } from './synonyms.ts';

/** What {@link answerRecord} read. */
export interface RecordAnswer {
  /** The field's value, as written (without quotes). */
  text: string;
  /** `[start, end)` of the value in the sentence. */
  span: [number, number];
  /** The field's name. */
  field: string;
}

function isDate(value: string): boolean {
  const d = findDates(value, { shortYears: 'none', reference: 0, prepositions: false })[0];
  return !!d && d.to - d.from >= value.trim().length * 0.6;
}

const FLAG = /^(?:true|false|yes|no|null|none|~)$/i;

/** Reads the answer of `sentence`, a record of fields; undefined when it is no record. */
export function answerRecord(analysis: QuestionAnalysis, sentence: string): RecordAnswer | undefined {
  const fields = recordFields(sentence);
  if (!fields) return undefined;
  const asked = new Set(analysis.allTerms);
  const given = (value: string) => {
    const t = answerTerms(value);
    return t.length > 0 && t.every((x) => asked.has(x));
  };
  const target = new Set(answerTerms(analysis.target ?? ''));
  let pick: [string, string] | undefined;
  if (target.size) pick = fields.find(([k, v]) => answerTerms(fieldWords(k)).some((t) => target.has(t)) && !isDate(v) && !given(v));
  if (!pick && analysis.operation === 'date') {
    // The date field the question names best ("end of life"; "latestReleaseDate" for "the latest
    // release", "the last" or "newest" asking what "latest" heads), else the record's first date.
    if (asksLatest(analysis)) asked.add(answerTerms('latest')[0]!);
    const named = (k: string) => answerTerms(fieldWords(k)).filter((t) => asked.has(t)).length;
    pick = fields.filter(([k, v]) => isDate(v) && named(k) > 0).sort((a, b) => named(b[0]) - named(a[0]))[0] ?? fields.find(([, v]) => isDate(v));
  }
  pick ??= fields.find(([, v]) => !isDate(v) && !FLAG.test(v.trim()));
  if (!pick) return undefined;
  const [field, value] = pick;
  const key = sentence.indexOf(`${field}:`);
  const at = sentence.indexOf(value, key < 0 ? 0 : key + field.length + 1);
  if (at < 0) return undefined;
  return { text: value, span: [at, at + value.length], field };
}
