/**
 * The answer sentence of a text passage, and the short span a question asks for when one can
 * be read without a model: a date for "when" (the sentence's own timestamps, found at ingest),
 * a number for "how many" / "how much", a name for "who". The sentence stays the citation. Pure.
 */
import { STOP_WORDS } from '../text/stopwords.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import type { Sentence } from '../types.ts';
import { readNumber } from './numbers.ts';
import { asksCodename, meaningAsked, asksFrequency, asksLength, versionsOf, asksTime, isCalendarWord, namesEnd, namesOf, type QuestionAnalysis } from './question.ts';
import { isFieldRecord } from './field-records.ts';
import { answerTerms } from './synonyms.ts';
import { looksLikeCode } from './code-text.ts';
import { headingPath } from '../text/heading-path.ts';
import { answerableTime, eventOf } from './answer-time.ts';
import { asksNumbered, inDate, namesNumbered, versionSpan } from './versions.ts';
import { headingTime, headingVersion, namesFeature, touchesFeature, type UnderHeadings } from './release-notes.ts';

/** A passage as the text answerer reads it. */
export interface TextSource {
  text: string;
  sentences: Sentence[];
  /** Section heading or document title: words a sentence need not repeat ("Boris Johnson" over his biography). */
  heading?: string;
  /**
   * The passage's section, its headings joined outermost first ("1.2.0 - 2019-02-15 › Added",
   * `heading-path.ts`), when it is not the document's title: what the passage is about.
   */
  section?: string;
}

/** What {@link answerFromText} found. */
export interface TextAnswer {
  /** `[start, end)` of the answer sentence in the passage text. */
  sentence: [number, number];
  /** The answer: the span when one was read, else the sentence. */
  text: string;
  /** `[start, end)` of the span inside the sentence, when one was read. */
  span?: [number, number];
  /** A number read for "how many". */
  value?: number;
  /** Share of the question's terms that the sentence's passage (with its heading) names, 0..1. */
  confidence: number;
  /** The heading of the section the answer was read from, when it was read there and not in the sentence ({@link headingTime}). */
  heading?: string;
}

/** Options of {@link answerFromText}. */
export interface TextAnswerOptions {
  /** The sentence a reranker chose (the temporal path's best sentence): it wins over term overlap. */
  preferred?: string;
  /** Terms to score sentences by, when not the question's (the temporal path's main content). */
  terms?: string[];
}

/**
 * Whether a sentence is a bare lead-in: a label and a colon with nothing after it ("Supported
 * versions:", "The club has had these head coaches:"). It introduces the items that follow and
 * is never itself the answer; its words belong to those items.
 */
export function isLeadIn(sentence: string): boolean {
  return /^[^:.!?\n]{1,120}:\s*$/.test(sentence.trim());
}

/**
 * The words of each sentence, a lead-in's words lent to the sentences after it (until the next
 * lead-in): "Supported versions:" names what "- 3.11 (until October 2027)" is.
 */
export function sentenceTerms(texts: readonly string[]): Array<Set<string>> {
  let lead: string[] = [];
  return texts.map((text) => {
    const own = answerTerms(text);
    if (isLeadIn(text)) lead = own;
    return new Set([...own, ...lead]);
  });
}

/** Picks the answer sentence of `source` for `analysis`, and its span; undefined for a passage without sentences. */
export function answerFromText(analysis: QuestionAnalysis, source: TextSource, options: TextAnswerOptions = {}): TextAnswer | undefined {
  const sentences = source.sentences.length ? source.sentences : [{ start: 0, end: source.text.length, times: [] }];
  const terms = [...new Set(options.terms ?? analysis.terms)];
  let best: { i: number; score: number } | undefined;
  const preferredAt = options.preferred ? source.text.indexOf(options.preferred) : -1;
  const texts = sentences.map((s) => source.text.slice(s.start, s.end));
  const termsOf = sentenceTerms(texts);
  const allLeadIns = texts.every(isLeadIn);
  // Code states nothing in words (`looksLikeCode`): a passage's prose answers before its code.
  const code = texts.map(looksLikeCode);
  const allCode = code.every(Boolean);
  // A question for a time is answered by one: a sentence without a time the question does not
  // give cannot answer it ("title: Go 1.18 Release Notes" for "when was Go 1.18 released?"), so a
  // sentence that states one and shares a word with the question comes first; so does one that
  // states a length of time for "how long" (`holdsAsked`).
  let holding: { i: number; score: number } | undefined;
  sentences.forEach((s, i) => {
    if (!allLeadIns && isLeadIn(texts[i]!)) return;
    if (!allCode && code[i]) return;
    const own = termsOf[i]!;
    let score = 0;
    for (const t of terms) if (own.has(t)) score++;
    if (preferredAt >= 0 && s.start <= preferredAt && preferredAt < s.end) score += terms.length + 1;
    if (!best || score > best.score) best = { i, score };
    if (score > 0 && (!holding || score > holding.score) && holdsAsked(analysis, texts[i]!, s, source)) holding = { i, score };
  });
  if (!best) return undefined;
  return answerAt(analysis, source, (holding ?? best).i, terms);
}

/** A length of time as a sentence states it ("10 years", "three months", "a week"). */
const LENGTH_OF_TIME = /\b(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|a few)\s*(?:-\s*|more\s+)?(?:days?|weeks?|months?|years?|decades?|hours?)\b/i;

/**
 * Whether a sentence holds the kind of thing the question asks for, where the question asks for
 * a kind a sentence can lack: a time for a question for a time, a length of time for "how long".
 * Undefined for other questions (any sentence may answer them). `under` is what the sentence
 * stands under, its passage's headings: a version they name is the version of what the sentence
 * says ({@link headingVersion}).
 */
export function holdsAsked(analysis: QuestionAnalysis, sentence: string, s: Sentence, under: UnderHeadings = {}): boolean | undefined {
  // Code holds digits and names ("Vec<f64>", "Matrix") but states no answer in words.
  if (looksLikeCode(sentence)) return false;
  // A date is when something happened; when it ends, a sentence says so ("reached GA in March
  // 2023" does not say when Amazon Linux 2023 reaches end of life), and one that speaks of an end
  // of life without saying when something began does not say when it was released ("As of
  // 2024-10-07, 3.8 has reached the end-of-life phase of its release cycle").
  if (asksTime(analysis)) {
    // A changelog dates its items by their section: "- Dropped support for Python 2.6" under
    // "1.1.0 - 2017-11-20 › Removed" was dropped on 2017-11-20 (`headingTime`).
    if (under.section && !answerableTime(analysis, sentence, s) && headingTime(analysis, sentence, { section: under.section, heading: under.heading })) return true;
    // "When was PEP 13 created?": a sentence that does not say it was (a January 2019 election
    // "as specified in PEP 13") does not date it. A start or an end is said in many ways ("came
    // out", "available since": `boundary` above), and a post's front matter dates what it announces.
    const event = analysis.boundary ? undefined : eventOf(analysis.question);
    if (event && !isFieldRecord(sentence) && !answerTerms(sentence).includes(answerTerms(event)[0] ?? event)) return false;
    // Nor does one that names no version the question names, under headings and a title that
    // name none ("... so until approximately October 2026" of "3.10 Lifespan", for Python 3.11.0).
    if (!namesVersions(analysis, sentence, under)) return false;
    return !!answerableTime(analysis, sentence, s)
      && (analysis.boundary !== 'end' || namesEnd(sentence))
      && (analysis.boundary !== 'start' || ((!LIFE_END.test(sentence) || STARTED.test(sentence)) && (!RELEASE_ASKED.test(analysis.question) || RELEASE_SAID.test(sentence) || isFieldRecord(sentence))));
  }
  // ("How long was Python 3.9 supported?": a length said of 3.13 is not 3.9's, as for a time above.)
  // (So is "how many weeks does a release cycle take?", where no two dated things are named: "the 1.21 release cycle" says no length.)
  if (asksLength(analysis) || analysis.operation === 'duration') return statesLength(sentence) && namesVersions(analysis, sentence, under);
  // "How many ...?": a sentence that states no count besides the question's numbers
  // ("Like any great tree, Kubernetes grows ring by ring and release by release").
  if (COUNT_ASK.test(analysis.question)) return statesCount(analysis, sentence);
  // "What was the highest monthly CO2 reading?": a sentence that states no figure does not say it.
  if (analysis.operation === 'max' || analysis.operation === 'min') return statesCount(analysis, sentence, false);
  if (asksFrequency(analysis)) return statesFrequency(sentence);
  // "Who ...?": a sentence that names no one besides the question's own names ("RM = Release Manager").
  // (and one that does not say the deed the question asks of them: "Author: ..." did not win the
  // election of "who won ...?").
  if (analysis.operation === 'name') return !!nameSpan(analysis, sentence, s) && saysDeed(analysis, sentence) && namesRole(analysis, sentence, under);
  // "What is the codename of Pop!_OS 22.04?": a sentence that calls nothing by a name does not say it.
  if (asksCodename(analysis)) return /\bcode[\s-]?name|\b(?:nicknamed|dubbed|called|named)\b/i.test(sentence);
  // "What version of Rust added ...?": a sentence that names nothing numbered ("POSIX.1-2024",
  // "3.12", "Windows 10") besides its dates and what the question gives does not answer it.
  // It names the versions the question gives too ("the last to support macOS 10.15": not a
  // sentence on 10.13 beside one that names 10.15) and, for "the last to ...", says it is the
  // last (not what a later version requires).
  if (asksNumbered(analysis)) return givenNumbers(analysis).every((v) => v.test(sentence) || v.test(under.heading ?? '')) && namesGiven(analysis, sentence) && saysOrdinal(analysis, sentence) && ((namesNumbered(analysis, sentence, s) && touchesFeature(analysis, sentence, under.section ?? '')) || (!!headingVersion(analysis, under) && namesFeature(analysis, sentence, under.section ?? '')));
  // "What does EOAS mean?": a sentence without the word does not say what it means ("... the
  // corresponding 1951-1980 means").
  const meant = meaningAsked(analysis);
  if (meant) {
    const held = answerTerms(sentence);
    return answerTerms(meant).every((t) => held.includes(t));
  }
  return undefined;
}

/**
 * Whether a sentence says it is the last, where a "which is the last to ...?" question asks it.
 * (A first is said in many ways, "unlike its predecessors" among them; a last is said so.)
 */
function saysOrdinal(analysis: QuestionAnalysis, sentence: string): boolean {
  return !/\bthe\s+last\s+(?:\w+\s+)?to\b/i.test(analysis.question) || /\b(?:last|final)\b/i.test(sentence);
}

/**
 * Whether a sentence names each thing the question names with a number of one part ("Windows
 * 7", "macOS 14"): "the last release that will run on Windows XP" does not answer for Windows 7.
 */
function namesGiven(analysis: QuestionAnalysis, sentence: string): boolean {
  const given = analysis.terms.filter((t) => /^\p{L}+_\d+$/u.test(t));
  if (!given.length) return true;
  const held = answerTerms(sentence);
  // (Its parts apart count: "Windows 7, 8" is read as "window", "7", "8".)
  return given.every((t) => held.includes(t) || [...answerTerms(t.replace(/_\d+$/, '')), t.replace(/^.*_/, '')].every((x) => held.includes(x)));
}

/** The numbers of two parts or more a question gives, each as the family it names ("3.8": "3.8.3" too, not "3.80"). */
function givenNumbers(analysis: QuestionAnalysis): RegExp[] {
  return [...analysis.question.matchAll(/(?<![\d.])\d+(?:\.\d+)+(?![\d.]*\d)/g)].map((m) => new RegExp(`(?<![\\d.])${escapeRegExp(m[0])}(?!\\d)`));
}

/** Whether a sentence, or the headings and title it stands under, names every version the question names. */
function namesVersions(analysis: QuestionAnalysis, sentence: string, under: UnderHeadings): boolean {
  return versionsOf(analysis).every((v) => v.version.test(sentence) || v.version.test(under.heading ?? ''));
}

const COUNT_ASK = /^\s*how\s+many\b/i;

/** A number written as part of a time of day ("00:00", "9:30"). */
const CLOCK_PART = /\d:\d\d|\b\d{1,2}:\d/;

/** "Who won / led / wrote ...?": the verb of a deed, irregular past tenses as their stem's word. */
const WHO_DID = /^\s*who\s+(won|led|wrote|ran|chose|wins|leads|writes|runs|(?!(?:is|was|has|does)\b)[a-z]{3,}(?:ed|s))\b/i;
const WIN = /\b(?:w[oi]n|wins|winners?|winning|elected)\b/i;
const LEAD = /\b(?:lead|led|leads|leader|leading|chair(?:ed|s)?)\b/i;
const WRITE = /\b(?:wr[io]te|written|writes|writing|authors?|authored)\b/i;
const RUN = /\b(?:r[au]n|runs|running)\b/i;
/** An irregular deed's family of words: "won" is said by "win", "winner", "wins". */
const DEED_WORDS: Record<string, RegExp> = { won: WIN, wins: WIN, led: LEAD, leads: LEAD, wrote: WRITE, writes: WRITE, ran: RUN, runs: RUN, chose: /\b(?:cho(?:o)?se[ns]?|chosen|elected|selected)\b/i };

/** Whether a sentence says the deed a "who did ...?" question asks of someone; true for other questions. */
/** "Who was the Python 3.11 release manager?": the role asked, after "who is / was the". */
const WHO_ROLE = /^\s*who\s+(?:is|was|are|were)\s+(?:the\s+)?([^?]+?)\s*\??\s*$/i;

/**
 * Whether a sentence, or the headings it stands under, names the role a "who is the X?" question
 * asks for, besides the names and versions it gives ("release manager" of "the Python 3.11
 * release manager"): a setup step's "# Install requirements" names no one's role.
 */
function namesRole(analysis: QuestionAnalysis, sentence: string, under: UnderHeadings): boolean {
  const role = WHO_ROLE.exec(analysis.question)?.[1];
  if (!role) return true;
  const given = new Set([...namesOf(analysis), ...analysis.years].flatMap((n) => answerTerms(n)));
  const words = answerTerms(role).filter((t) => !given.has(t) && !/\d/.test(t));
  const held = new Set(answerTerms(`${sentence} ${under.section ?? ''} ${under.heading ?? ''}`));
  return words.every((t) => held.has(t));
}

function saysDeed(analysis: QuestionAnalysis, sentence: string): boolean {
  const verb = WHO_DID.exec(analysis.question)?.[1]!.toLowerCase();
  if (!verb) return true;
  const family = DEED_WORDS[verb];
  if (family) return family.test(sentence);
  const asked = answerTerms(verb);
  return answerTerms(sentence).some((t) => asked.includes(t));
}

/** A number spelled out, as a count is written in prose ("five people", "a dozen"). */
const NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|single|both|twice)\b/i;

/**
 * Whether a sentence states a number the question does not give: a figure, or (`words`) a count
 * spelled out. A year counts nothing ("2021 Python Steering Council Election"), nor does a number that
 * names something ("as specified in PEP 13", "version 2").
 */
function statesCount(analysis: QuestionAnalysis, sentence: string, words = true): boolean {
  if (words && NUMBER_WORD.test(sentence)) return true;
  const given = new Set((analysis.question.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[,.]+$/, '')));
  for (const m of sentence.matchAll(/(\S*)\s*(\d[\d,.]*)/g)) {
    const n = m[2]!.replace(/[,.]+$/, '');
    if (!given.has(n) && !/^(?:1[89]|20)\d\d$/.test(n) && !NAMES_NUMBER.test(m[1]!)) return true;
  }
  return false;
}

/** A word before a number that makes it a name: a capitalised word ("PEP", "Python"), "version", "#". */
const NAMES_NUMBER = /^(?:\p{Lu}[\p{L}.-]*|v(?:ersion)?|release|section|chapter|page|no\.?|number|#)$/u;

/** Whether a text (a sentence, a cell) states how often something happens ("every year", "annually", "twice a month"): what answers "how often". */
export function statesFrequency(text: string): boolean {
  return FREQUENCY.test(text);
}

const FREQUENCY = /\b(?:every|each)\s+(?:\w+\s+)?(?:day|week|month|year|quarter|release|\d+)|\b(?:daily|weekly|monthly|yearly|annual(?:ly)?|quarterly|bi-?annual(?:ly)?|biennial(?:ly)?|fortnightly|hourly|semi-?annual(?:ly)?)\b|\b(?:once|twice|thrice|\w+\s+times)\s+(?:a|an|per|each|every)\b|\bper\s+(?:day|week|month|year|quarter)\b|\b\d+[- ](?:day|week|month|year)\s+(?:release\s+)?(?:cycle|cadence|interval)\b/i;

/** Whether a text (a sentence, a cell) states a length of time ("10 years", "14 weeks"): what answers "how long". */
export function statesLength(text: string): boolean {
  return LENGTH_OF_TIME.test(text);
}

/** An end of life or of support, as a sentence states it. */
const LIFE_END = /\bend[\s-]of[\s-](?:life|support)\b|\beol\b/i;
/** A question for when something came out, which a sentence answers only where it says so ("will stop compiling with Go 1.4 around June 1, 2015" does not). */
const RELEASE_ASKED = /\b(?:released|launched|c[oa]me out)\b/i;
/** What says a release: the word in any form ("the final Rust 1.0 release is scheduled for May 15th"), or a verb of coming out. */
const RELEASE_SAID = /\b(?:releas(?:e|es|ed|ing)|launch(?:es|ed|ing)?|c[oa]mes? out|arriv(?:es|ed)|available|shipped|published|introduced|announced)\b/i;
/** A verb that says something began. */
const STARTED = /\b(?:released|launched|introduced|began|started|came out|first (?:available|shipped)|shipped|published|founded|opened)\b/i;

/**
 * The answer of sentence `index` of `source`: the sentence, the span the question asks for in it,
 * and the support (the share of `terms` its passage, with its heading, names).
 */
export function answerAt(analysis: QuestionAnalysis, source: TextSource, index: number, terms: readonly string[] = analysis.terms): TextAnswer {
  const sentences = source.sentences.length ? source.sentences : [{ start: 0, end: source.text.length, times: [] }];
  const s = sentences[index]!;
  const text = source.text.slice(s.start, s.end);
  // Support is judged on the passage the sentence stands in (with its heading): a biography's
  // sentence says "he joined Bolton in 2004", its passage and title name the player.
  const heading = new Set(answerTerms(source.heading ?? ''));
  const passageTerms = new Set(answerTerms(source.text));
  const unique = [...new Set(terms)];
  const covered = unique.filter((t) => passageTerms.has(t) || heading.has(t)).length;
  const confidence = unique.length ? covered / unique.length : 0;
  const out: TextAnswer = { sentence: [s.start, s.end], text, confidence };
  // What the list is a list of: the heading and the lead-in line the sentence stands under.
  const lead = sentences.slice(0, index).reverse().find((x) => isLeadIn(source.text.slice(x.start, x.end)));
  const context = `${source.heading ?? ''} ${lead ? source.text.slice(lead.start, lead.end) : ''}`;
  const span = spanOf(analysis, text, s, context);
  // A release line the sentence names ("the Go 1 guarantee") is not the release its notes are
  // about ("Go 1.18 Release Notes"), which answers for what the sentence says.
  const within = span && asksNumbered(analysis) ? headingVersion(analysis, source) : undefined;
  if (span && within?.startsWith(`${text.slice(span.at[0], span.at[1])}.`)) {
    out.text = within;
  } else if (span) {
    out.span = span.at;
    out.text = text.slice(span.at[0], span.at[1]);
    if (span.value !== undefined) out.value = span.value;
  } else if (asksTime(analysis) && source.section) {
    const dated = headingTime(analysis, text, { section: source.section, heading: source.heading });
    if (dated) {
      out.text = dated.text;
      out.heading = dated.heading;
    }
  } else if (asksNumbered(analysis)) {
    const version = headingVersion(analysis, source);
    if (version) {
      out.text = version;
      // Cited where the section's path names it ("[1.2.0] - 2019-02-15"); a title is the document's.
      const heading = source.section && headingPath(source.section).reverse().find((h) => h.includes(version));
      if (heading) out.heading = heading;
    }
  }
  return out;
}

/** The span a "when", "how many" or "who" question asks for, inside the sentence. */
function spanOf(analysis: QuestionAnalysis, sentence: string, s: Sentence, context: string): { at: [number, number]; value?: number } | undefined {
  const q = analysis.question.toLowerCase();
  if (analysis.operation === 'date') {
    // The sentence's own timestamps, not a date the question already gives.
    const at = answerableTime(analysis, sentence, s);
    return at ? { at } : undefined;
  }
  if (/^\s*how (?:many|much)\b/.test(q) || analysis.operation === 'count') {
    const inQuestion = new Set((q.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/,/g, '')));
    // "How many eligible voters ...?": of the counts, the one the noun asked follows ("Of 100
    // eligible voters, 76 cast ballots"); the first where none does.
    const noun = answerTerms(/^\s*how many\s+([\p{L}-]+)/iu.exec(q)?.[1] ?? '')[0];
    let first: { at: [number, number]; value: number } | undefined;
    for (const m of sentence.matchAll(/[$€£]?\s?\d[\d,]*(?:\.\d+)?\s?(?:%|percent|per cent|million|billion|thousand)?/g)) {
      const n = readNumber(m[0]);
      if (!n) continue;
      const digits = m[0].replace(/[^\d.]/g, '');
      if (inQuestion.has(digits)) continue;
      // A bare year is a date, not a count; nor is a part of a date or of a time of day
      // ("December 1, 2020 00:00 UTC").
      if (/^(1[5-9]\d\d|20\d\d)$/.test(m[0].trim())) continue;
      const start = m.index + (m[0].length - m[0].trimStart().length);
      if (inDate(s, start, m.index + m[0].length) || CLOCK_PART.test(sentence.slice(Math.max(0, start - 3), m.index + m[0].length + 3))) continue;
      // Nor is a version ("Rust 1.80.1", "version 3"), as `statesCount` reads them.
      const before = /(\S*)\s+$/.exec(sentence.slice(0, start))?.[1] ?? '';
      if (/^\.\d/.test(sentence.slice(m.index + m[0].length)) || /\d\.$/.test(sentence.slice(0, start)) || (NAMES_NUMBER.test(before) && !STOP.has(before.toLowerCase()))) continue;
      const found = { at: [start, m.index + m[0].trimEnd().length] as [number, number], value: n.value };
      if (!noun || answerTerms(sentence.slice(m.index + m[0].length).split(/[,;.]/)[0]!.split(/\s+/).slice(0, 4).join(' ')).includes(noun)) return found;
      first ??= found;
    }
    if (first) return first;
  }
  if (analysis.operation === 'name') return nameSpan(analysis, sentence, s);
  if (analysis.target) return labelSpan(analysis, sentence, s, context);
  return undefined;
}

/**
 * What a "which X" question asks for in a sentence. For a numbered kind ("which version /
 * release / LTS line"), the first version number outside the sentence's dates that the question
 * does not give. Else the label of a list item that states something about it ("- 3.11
 * (security fixes until October 2027)", "Bookworm: supported until June 2026"): the words before
 * its parenthesis, colon or dash, when they are short and undated and a date follows, and the
 * heading or lead-in over the item names what the question asks for (`context`).
 */
function labelSpan(analysis: QuestionAnalysis, sentence: string, s: Sentence, context: string): { at: [number, number] } | undefined {
  if (asksNumbered(analysis)) {
    const at = versionSpan(analysis, sentence, s);
    if (at) return { at };
  }
  const m = /^(\s*(?:(?:[-*•+]|\d+[.)])\s+)?)([^():;,–—]+?)\s*(?:\(|:|\s[–—-]\s)/u.exec(sentence);
  if (!m || m[2]!.split(' ').length > 5) return undefined;
  const from = m[1]!.length, to = from + m[2]!.length;
  // Without a list marker, only an item's shape: "3.11 (until October 2027)", "Robert Brown : 1983–1989";
  // "Georges Duby ( 1919 – 1996 ) was a French historian" is prose about its subject.
  // The label answers when the list is a list of what the question asks for ("Head coaches:" for
  // "which coach"); "- Rito ( Ariola , 1973 )" under "Discography" names an album, not a label.
  const listed = new Set(answerTerms(context));
  if (!answerTerms(analysis.target!).some((t) => listed.has(t))) return undefined;
  const item = !!m[1]!.trim() || /^\s*(?:\([^()]*\)|:[^.]{0,60})\s*\.?\s*$/.test(sentence.slice(to));
  return item && !inDate(s, 0, to) && s.times.length ? { at: [from, to] } : undefined;
}

const STOP = new Set(STOP_WORDS);
/** Titles written before a name: they introduce the name, they are not it ("Col. William Pattison"). */
const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'dr', 'prof', 'sir', 'dame', 'lord', 'lady', 'col', 'gen', 'lt', 'capt', 'maj', 'sgt', 'rev', 'st', 'hon']);
/** A word of a name: initials, or a capitalised word without a full stop inside it. */
const NAME_WORD = /^(?:(?:\p{Lu}\.)+\p{Lu}?|\p{Lu}[\p{L}\p{M}'’-]*)$/u;
/** A run of capitalised words, with the particles names carry inside them ("Ursula von der Leyen"). */
const CAPITALISED_RUN = /\p{Lu}[\p{L}\p{M}'’.-]*(?:\s+(?:(?:de|van|von|der|den|da|di|del|la|le|du|bin|al|ibn)\s+)*\p{Lu}[\p{L}\p{M}'’.-]*)*/gu;

/**
 * The name a "who" question asks for: the first run of capitalised words in the sentence that
 * the question does not already name, outside the sentence's dates. English capitalises names,
 * so without a model this is the reading that holds across documents; the words the question
 * gives ("prime minister", the country) and capitalised function words at the start of a sentence
 * are not the answer. A lone capitalised word opening the sentence is ambiguous ("Later, ...")
 * and is passed over.
 */
function nameSpan(analysis: QuestionAnalysis, sentence: string, s: Sentence): { at: [number, number] } | undefined {
  const asked = new Set(answerTerms(analysis.question));
  const first = sentence.length - sentence.trimStart().length;
  // A run after an article names a title or a body, not someone ("the Python Software Foundation
  // Director of Infrastructure, Ee Durbin"): the answer where no run without one names anyone.
  let titled: { at: [number, number] } | undefined;
  let titleEnd = -1;
  for (const run of sentence.matchAll(CAPITALISED_RUN)) {
    const words = [...run[0].matchAll(/\S+/g)].map((w) => {
      const from = run.index + w.index;
      // A possessive or a trailing full stop is not part of the name ("Johnson's", "Johnson.").
      const word = w[0].replace(/(?:['’]s|['’.])$/u, '');
      return { from, to: from + word.length, word };
    });
    const good = words.map(({ from, to, word }) => {
      const lower = word.toLowerCase();
      if (STOP.has(lower) || HONORIFICS.has(lower) || inDate(s, from, to)) return false;
      if (!/^\p{Lu}/u.test(word)) return true; // a particle inside the name
      // Initials ("J.", "S.E") or a word; not a pattern like "3.X.YaN".
      if (!NAME_WORD.test(word)) return false;
      const terms = answerTerms(word);
      return terms.length > 0 && terms.some((t) => !asked.has(t));
    });
    let best: [number, number] | undefined;
    for (let i = 0; i < words.length; i++) {
      if (!good[i] || !/^\p{Lu}/u.test(words[i]!.word)) continue;
      let j = i;
      while (j + 1 < words.length && good[j + 1]) j++;
      while (j > i && !/^\p{Lu}/u.test(words[j]!.word)) j--;
      if (!best || j - i > best[1] - best[0]) best = [i, j];
      i = j;
    }
    if (!best) continue;
    const [i, j] = best;
    // A month or a day alone is a time, not a name ("October"; "Theresa May" is one); an
    // acronym alone before a number names a document or a thing ("PEP 13"), not someone.
    if (i === j && (words[i]!.from === first || isCalendarWord(words[i]!.word))) continue;
    if (i === j && /^\p{Lu}{2,}$/u.test(words[i]!.word) && /^\s+\d/.test(sentence.slice(words[j]!.to)) && !inDate(s, words[j]!.to + 1, words[j]!.to + 2)) continue;
    const at: [number, number] = [words[i]!.from, words[j]!.to];
    // ... and so does one that goes on such a run ("of Infrastructure").
    const before = sentence.slice(0, run.index);
    if (!ARTICLE_BEFORE.test(before) && !(titleEnd >= 0 && /^\s+of\s+(?:the\s+)?$/i.test(sentence.slice(titleEnd, run.index)))) return { at };
    titled ??= { at };
    titleEnd = run.index + run[0].length;
  }
  return titled;
}

const ARTICLE_BEFORE = /\b(?:the|a|an)\s+$/i;
