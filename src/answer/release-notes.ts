/**
 * Release notes and changelogs read by their headings: the version a sentence's notes are about
 * ("Go 1.16 Release Notes", "[1.2.0] - 2019-02-15 › Added"), the date a changelog's heading
 * gives its items, and whether a sentence is about what a "which release did X?" or "when was X
 * dropped?" question says was done. Pure.
 */
import { STOP_WORDS } from '../text/stopwords.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import { headingPath } from '../text/heading-path.ts';
import { findDates } from '../temporal/date-grammar.ts';
import { answerableTime, eventOf } from './answer-time.ts';
import { sameChangeKind } from './change-kinds.ts';
import { askedVersions, isCalendarWord, type QuestionAnalysis } from './question.ts';
import { answerTerms } from './synonyms.ts';
import { asksNumbered, versionSpan } from './versions.ts';

/** What a sentence stands under: its section's heading path, and that with the document's title. */
export interface UnderHeadings {
  /** The section's heading path and the document's title, joined. */
  heading?: string;
  /** The section's heading path alone, when it is not the title. */
  section?: string;
}

const STOP = new Set(STOP_WORDS);

/**
 * The time a section's heading path gives as the answer to a question for a time, for a
 * sentence of that section: the date of the nearest heading that has one, when that heading
 * names every number the question does and the question asks when it came out ("When was
 * version 1.2.0 released?" of "1.2.0 - 2019-02-15"), or when the sentence (with its section) is
 * what the question asks about and says it was done as the question does ("When was support
 * for Python 2.6 dropped?" of "Dropped support for Python 2.6." under "1.1.0 - 2017-11-20 ›
 * Removed").
 */
export function headingTime(analysis: QuestionAnalysis, sentence: string, { section, heading }: UnderHeadings & { section: string }): { text: string; heading: string } | undefined {
  const parts = headingPath(section);
  for (let k = parts.length - 1; k >= 0; k--) {
    const part = parts[k]!;
    // The date grammar alone, as the question's own dates are read: the ingest's timestamping
    // (`timestamps.ts`, with chrono-node) stays out of the page's first download.
    const times = findDates(part, { shortYears: 'none', reference: 0, prepositions: true });
    if (!times.length) continue;
    const at = answerableTime(analysis, part, { start: 0, end: part.length, times });
    if (!at) return undefined;
    const versions = askedVersions(analysis);
    const released = versions.length > 0 && versions.every((v) => v.test(part)) && analysis.boundary !== 'end' && RELEASE_EVENT.test(analysis.question);
    if (!released && !saysDone(analysis, sentence, section, heading ?? section)) return undefined;
    return { text: part.slice(at[0], at[1]), heading: part };
  }
  return undefined;
}

/** What a "when was X released?" question asks: when a version came out. */
const RELEASE_EVENT = /\b(?:released?|releases|come out|came out|published|tagged|shipped|launched|available|out)\b/i;

/**
 * Whether a sentence of a section is about what a "when was X done?" question asks and says
 * it was done: the sentence or its headings (the document's title among them) hold every word
 * the question gives but its numbers and verb; the sentence or its section holds its numbers;
 * and the verb is the sentence's, or its section's kind of change ("dropped" of "Removed",
 * "added" of "New features").
 */
function saysDone(analysis: QuestionAnalysis, sentence: string, section: string, heading: string): boolean {
  const verb = eventOf(analysis.question);
  const own = new Set([...answerTerms(sentence), ...answerTerms(heading)]);
  if (!askedVersions(analysis).every((v) => v.test(sentence) || v.test(section))) return false;
  const words = analysis.question.match(/[\p{L}\p{N}][\p{L}\p{N}'’/-]*/gu) ?? [];
  const content = answerTerms(words.slice(1).filter((w) => !/\d/.test(w) && !STOP.has(w.toLowerCase()) && w !== verb).join(' '));
  if (!content.length || !content.every((t) => own.has(t))) return false;
  // The verb is the sentence's or its section's, not the title's ("Release Schedule" releases nothing).
  const said = new Set([...answerTerms(sentence), ...answerTerms(section)]);
  return !verb || said.has(answerTerms(verb)[0] ?? verb) || sameChangeKind(verb, headingPath(section).at(-1) ?? '');
}

/**
 * Whether a sentence of release notes is about what a "which release did X?" question says was
 * done ({@link featureOf}), so that the version the notes are about answers it: its section
 * is headed by it ("Let chains"), or the sentence names all of it and says it is new ("The new
 * embed package provides ..."). "These let you match on slices" in Rust 1.26's notes does not
 * say when let-else was stabilised; "... when a workspace vendor directory is present" in Go
 * 1.22's does not say when workspaces came.
 */
export function namesFeature(analysis: QuestionAnalysis, sentence: string, section: string): boolean {
  const { terms: feature, verb } = featureOf(analysis);
  if (!feature.length) return false;
  const headed = new Set(answerTerms(section));
  if (feature.every((t) => headed.has(t))) return true;
  // A changelog's section says what kind of change its items are: "Danish translation." under
  // "1.2.0 - 2019-02-15 › Added" was added in 1.2.0.
  if (verb && sameChangeKind(verb, headingPath(section).at(-1) ?? '')) {
    const own = new Set([...answerTerms(sentence), ...headed]);
    return feature.every((t) => own.has(t));
  }
  // Where the sentence names it, the words just before or after say it is new: "the new embed
  // package", "let-else is now stable"; not "commands in workspaces can now use a vendor directory".
  const words = sentence.match(/[\p{L}\p{N}][\p{L}\p{N}'’/-]*/gu) ?? [];
  const at = words.flatMap((w, i) => (answerTerms(w).some((t) => feature.includes(t)) ? [i] : []));
  if (!feature.every((t) => headed.has(t) || at.some((i) => answerTerms(words[i]!).includes(t)))) return false;
  const first = Math.min(...at), last = Math.max(...at);
  return words.slice(Math.max(0, first - 3), first).some((w) => NEW_BEFORE.test(w)) || NEW_AFTER.test(words.slice(last + 1, last + 5).join(' '));
}

/** A word that introduces what a release brings: "the new embed package", "adds let chains". */
const NEW_BEFORE = /^(?:new|newly|adds?|added|introduc(?:es?|ed|ing)|stabili[sz](?:es?|ed)|brings?)$/i;

/** Words after it that say so: "LazyLock is now stable", "were stabilized". */
const NEW_AFTER = /^(?:(?:is|are|was|were|has been|have been)\s+)?(?:now\s+)?(?:stable|stabili[sz]ed|available|added|introduced|supported)\b/i;

/**
 * What a "which release / version did X" question says was done: its words after the numbered
 * kind and "of" its owner, and the verb that follows ("Which Go release added the embed package?":
 * "embed package", added; "What version of Rust added the question mark operator?": "question
 * mark operator", added; "Which version dropped support for Python 2.6?": "support Python 2.6").
 */
function featureOf(analysis: QuestionAnalysis): Feature {
  // Read once per question: every sentence of the results asks it.
  let feature = FEATURES.get(analysis);
  if (!feature) FEATURES.set(analysis, (feature = readFeature(analysis)));
  return feature;
}
const FEATURES = new WeakMap<QuestionAnalysis, Feature>();

/** What a "which release did X?" question says was done: its words, its verb, and its names written as code. */
interface Feature {
  terms: string[];
  verb?: string;
  /** Words joined by a dot, a dash, a slash or an underscore, lower case ("go.work", "let-else"). */
  literals: string[];
}

function readFeature(analysis: QuestionAnalysis): Feature {
  const rest = new RegExp(`\\b${escapeRegExp(analysis.target!)}s?\\b(.*)$`, 'i').exec(analysis.question)?.[1] ?? '';
  const words = rest.match(/[\p{L}\p{N}](?:[\p{L}\p{N}'’/-]|\.(?=\p{N}))*/gu) ?? [];
  const verb = words.findIndex((w) => PAST_VERB.test(w));
  // "Of" and what follows up to the verb is whose release ("version of Rust", "version of the
  // bakery app"). The question's time ("in October 2023") says when, not what: a schedule's line
  // dates it. A particle is the verb's ("came out").
  const from = /^of$/i.test(words[0] ?? '') ? (verb > 0 ? verb : words.length) : 0;
  const feature = words.filter((w, i) => i >= from && i !== verb && !(i === verb + 1 && PARTICLE.test(w)) && !STOP.has(w.toLowerCase()) && !isCalendarWord(w) && !/^(?:1[5-9]|20)\d\d$/.test(w));
  // A name with its number ("python_2_6") is read by its parts, which a sentence may write apart.
  const terms = answerTerms(feature.join(' ')).filter((t) => !/^\p{L}[^_]*_\d/u.test(t));
  const literals = (rest.match(/\p{L}[\p{L}\p{N}]*(?:[._/-][\p{L}\p{N}]+)+/gu) ?? []).map((w) => w.toLowerCase());
  return { terms, literals, ...(verb >= 0 ? { verb: words[verb]! } : {}) };
}

/**
 * Whether a sentence that names a version of its own, read with its section, names a word of
 * what a "which release did X?" question says was done: "It turns out verify-ich was turned on
 * in version 1.52.0" is no answer to "which Rust release added OnceLock?". True where the
 * question says nothing more than its kind and time.
 */
export function touchesFeature(analysis: QuestionAnalysis, sentence: string, section: string): boolean {
  const { terms, literals } = featureOf(analysis);
  if (!terms.length) return true;
  // A name written as code ("go.work", "let-else") is written so where it is meant.
  if (literals.length) return literals.some((l) => `${sentence} ${section}`.toLowerCase().includes(l));
  const own = new Set([...answerTerms(sentence), ...answerTerms(section)]);
  return terms.some((t) => own.has(t));
}

/** Whether a "which release did X?" question names what was done (not only its kind and time): a sentence must then name it. */
export function asksFeature(analysis: QuestionAnalysis): boolean {
  return asksNumbered(analysis) && featureOf(analysis).terms.length > 0;
}

const PARTICLE = /^(?:out|up|off|on|in|over|down|back)$/i;

/** A verb in the past, as "which release X-ed ...?" asks it. */
const PAST_VERB = /^(?:\p{Ll}{2,}ed|made|brought|got|took|began|saw|broke|drew|gave|put|set|dropped|came|went)$/u;

/**
 * The version a sentence's headings name that the question does not give: what release notes
 * are about. "The new embed package provides access to files embedded in the program" names no
 * release; it stands in "Go 1.16 Release Notes", which answers "which Go release added the embed
 * package?" (a version the sentence names itself comes first). The nearest heading that names
 * one wins ("[1.2.0] - 2019-02-15 › Added" of a changelog); a section headed by a date alone is
 * a release of its own that no number names ("2010-09-06" of a page of weekly snapshots), and
 * the title's version is not its.
 */
export function headingVersion(analysis: QuestionAnalysis, under: UnderHeadings): string | undefined {
  const versionIn = (text: string) => {
    const at = versionSpan(analysis, text, { start: 0, end: text.length, times: [] });
    return at ? text.slice(at[0], at[1]) : undefined;
  };
  for (const part of under.section ? headingPath(under.section).reverse() : []) {
    const version = versionIn(part);
    if (version) return version;
    if (findDates(part, { shortYears: 'none', reference: 0, prepositions: false }).length) return undefined;
  }
  return under.heading ? versionIn(under.heading) : undefined;
}
