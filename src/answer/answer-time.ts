/**
 * The time a sentence states that answers a question for a time: not a time the question gives,
 * not the other end of a span ("until June 30, 2026" for when something came out), not a year
 * that numbers a name ("Server 2008", "Amazon Linux 2023"). Pure.
 */
import { STOP_WORDS } from '../text/stopwords.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import type { Sentence } from '../types.ts';
import { isCalendarWord, namedNumbers, type QuestionAnalysis } from './question.ts';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** How far from its document's date a day without its year is read: about four months, either way. */
const NEAR_DAYS = 120 * 86_400_000;

/**
 * The year of a day written without one ("May 15th", "Thursday, April 8th"), read off the date
 * of the document that writes it: the year that puts the day nearest that date, as a post dated
 * 2015-04-03 that says "scheduled for May 15th" means 2015 and one that says "released on March
 * 24" means 2015 too. Undefined where `text` is not only such a day, or it is more than about
 * four months from the date either way (every day is within half a year of some year's: that
 * far, the year is a guess).
 */
export function yearOfDay(text: string, reference: number): number | undefined {
  const m = DAY_WITHOUT_YEAR.exec(text);
  if (!m || m[0].length !== text.trim().length || !Number.isFinite(reference)) return undefined;
  const words = m[0].toLowerCase();
  const month = MONTHS.findIndex((name) => words.includes(name));
  const day = Number(/\d{1,2}/.exec(words)?.[0]);
  const base = new Date(reference).getUTCFullYear();
  let best: number | undefined;
  for (const year of [base - 1, base, base + 1]) {
    const at = Date.UTC(year, month, day);
    if (Math.abs(at - reference) <= NEAR_DAYS && (best === undefined || Math.abs(at - reference) < Math.abs(Date.UTC(best, month, day) - reference))) best = year;
  }
  return best;
}

/** The event a "when was X <done>?" question asks about: its closing past participle ("created", "founded"). */
const EVENT = /^\s*when\s+(?:was|were)\b.*\s(\p{Ll}{3,}ed)\s*\??\s*$/iu;

/** A year that no range ("2008–2012") or date ("2008/09", "2008.5") continues. */
const LONE_YEAR = /^\d{4}\b(?!\s*[-–]|[/.]\d)/;

/** Capitalised words that lead a year as a time, not as a name's number ("Since 2015", "Summer 2016", "Early 2020"). */
const TIME_LEAD = /^(?:Since|Until|Till|During|After|Before|Around|Circa|Through|Year|Early|Late|Mid|Spring|Summer|Autumn|Fall|Winter|Christmas|Easter|FY|Q[1-4]|H[12])$/;

/** Where a sentence states a time that the question does not give (what a "when" question asks for), if it does. */
export function answerableTime(analysis: QuestionAnalysis, sentence: string, s: Sentence): [number, number] | undefined {
  const asked = new Set(analysis.years);
  // A time stated as the other end of a span does not answer for this one: "until June 30, 2026"
  // is when something stops, not when it was released; "since 2015" when it began, not ended.
  const other = analysis.boundary === 'start' ? 'start' : analysis.boundary === 'end' ? 'end' : undefined;
  const bounds = other ? s.times.filter((t) => t.open === other) : [];
  // A number after the name the question numbers is another of its versions, not a year
  // ("Amazon Linux 2023" beside "Amazon Linux 2").
  const names = namedNumbers(analysis).map((n) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(n.name)}\\p{L}*\\s+$`, 'iu'));
  // Nor is a bare year after a capitalised name (not a month's or a season's): "Server 2008",
  // "Windows 2000" name products.
  const named = (from: number) => {
    const before = sentence.slice(Math.max(0, from - 40), from);
    if (names.some((re) => re.test(before))) return true;
    const word = /(?:^|[^\p{L}])(\p{Lu}[\p{L}.]*)\s+$/u.exec(before)?.[1];
    return !!word && !STOP.has(word.toLowerCase()) && !TIME_LEAD.test(word) && !isCalendarWord(word.replace(/\.$/, '')) && LONE_YEAR.test(sentence.slice(from));
  };
  const time = s.times.find((t) => !asked.has(sentence.slice(t.from, t.to).trim()) && !bounds.includes(t) && !named(t.from));
  if (time) return [time.from, time.to];
  const year = /\b(1[5-9]\d\d|20\d\d)\b/.exec(sentence);
  if (!year) {
    // A schedule may write its days without their year ("Thursday, April 8th: Week 13 -
    // Kubernetes v1.21.0 released"): the day as written, where the question gives none.
    const day = analysis.years.length ? null : DAY_WITHOUT_YEAR.exec(sentence);
    return day ? [day.index, day.index + day[0].length] : undefined;
  }
  if (asked.has(year[0]) || named(year.index) || bounds.some((t) => t.from <= year.index && year.index < t.to)) return undefined;
  return [year.index, year.index + year[0].length];
}

/** Whether a text (a cell: "Wed, August 26") states a day without its year, what answers "when" where the question gives no year. */
export function statesDayWithoutYear(text: string): boolean {
  return DAY_WITHOUT_YEAR.test(text);
}

/** A day written without its year: "Thursday, April 8th", "Wed, August 26", "March 24", "8 April". */
const DAY_WITHOUT_YEAR = /\b(?:(?:Mon|Tue|Tues|Wed|Wednes|Thu|Thur|Thurs|Fri|Sat|Satur|Sun)(?:day)?\.?,?\s+)?(?:(?:January|February|March|April|May|June|July|August|September|October|November|December)\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}(?:st|nd|rd|th)?\s+(?:January|February|March|April|May|June|July|August|September|October|November|December))\b(?!,?\s*\d)/;

/** The event a "when was X <done>?" question asks about: its closing past participle ("created", "dropped"). */
export function eventOf(question: string): string | undefined {
  return EVENT.exec(question)?.[1];
}

const STOP = new Set(STOP_WORDS);
