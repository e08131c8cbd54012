/**
 * The answer sentence of a text passage, and the short span a question asks for when one can
 * be read without a model: a date for "when" (the sentence's own timestamps, found at ingest),
 * a number for "how many" / "how much", a name for "who". The sentence stays the citation. Pure.
 */
import { STOP_WORDS } from '../text/stopwords.ts';
import type { Sentence } from '../types.ts';
import { readNumber } from './numbers.ts';
import { askedVersions, asksFrequency, asksLength, asksTime, isCalendarWord, namedNumbers, namesEnd, type QuestionAnalysis } from './question.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import { isFieldRecord } from './field-answer.ts';
import { answerTerms } from './synonyms.ts';
import { looksLikeCode } from './code-text.ts';
import { sameChangeKind } from './change-kinds.ts';
import { findDates } from '../temporal/date-grammar.ts';
import { headingPath } from '../text/heading-path.ts';

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

/**
 * The time a section's heading path gives as the answer to a question for a time, for a
 * sentence of that section: the date of the nearest heading that has one, when that heading
 * names every number the question does and the question asks when it came out ("When was
 * version 1.2.0 released?" of "1.2.0 - 2019-02-15"), or when the sentence (with its section) is
 * what the question asks about and says it was done as the question does ("When was support
 * for Python 2.6 dropped?" of "Dropped support for Python 2.6." under "1.1.0 - 2017-11-20 ›
 * Removed").
 */
function headingTime(analysis: QuestionAnalysis, sentence: string, { section, heading }: { section: string; heading?: string }): { text: string; heading: string } | undefined {
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
 * the question gives but its numbers and verb, and its numbers; and the verb is the sentence's or its section's kind of
 * change ("dropped" of "Removed", "added" of "New features").
 */
function saysDone(analysis: QuestionAnalysis, sentence: string, section: string, heading: string): boolean {
  const verb = EVENT.exec(analysis.question)?.[1];
  const own = new Set([...answerTerms(sentence), ...answerTerms(heading)]);
  if (!askedVersions(analysis).every((v) => v.test(sentence) || v.test(section))) return false;
  const words = analysis.question.match(/[\p{L}\p{N}][\p{L}\p{N}'’/-]*/gu) ?? [];
  const content = answerTerms(words.slice(1).filter((w) => !/\d/.test(w) && !STOP.has(w.toLowerCase()) && w !== verb).join(' '));
  if (!content.length || !content.every((t) => own.has(t))) return false;
  // The verb is the sentence's or its section's, not the title's ("Release Schedule" releases nothing).
  const said = new Set([...answerTerms(sentence), ...answerTerms(section)]);
  return !verb || said.has(answerTerms(verb)[0] ?? verb) || sameChangeKind(verb, headingPath(section).at(-1) ?? '');
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
export function holdsAsked(analysis: QuestionAnalysis, sentence: string, s: Sentence, under: Pick<TextSource, 'heading' | 'section'> = {}): boolean | undefined {
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
    const event = analysis.boundary ? undefined : EVENT.exec(analysis.question)?.[1];
    if (event && !isFieldRecord(sentence) && !answerTerms(sentence).includes(answerTerms(event)[0] ?? event)) return false;
    return !!answerableTime(analysis, sentence, s)
      && (analysis.boundary !== 'end' || namesEnd(sentence))
      && (analysis.boundary !== 'start' || !LIFE_END.test(sentence) || STARTED.test(sentence));
  }
  if (asksLength(analysis)) return statesLength(sentence);
  // "How many ...?": a sentence that states no count besides the question's numbers
  // ("Like any great tree, Kubernetes grows ring by ring and release by release").
  if (COUNT_ASK.test(analysis.question) && analysis.operation !== 'duration') return statesCount(analysis, sentence);
  if (asksFrequency(analysis)) return statesFrequency(sentence);
  // "Who ...?": a sentence that names no one besides the question's own names ("RM = Release Manager").
  if (analysis.operation === 'name') return !!nameSpan(analysis, sentence, s);
  // "What version of Rust added ...?": a sentence that names nothing numbered ("POSIX.1-2024",
  // "3.12", "Windows 10") besides its dates and what the question gives does not answer it.
  if (asksNumbered(analysis)) return (namesNumbered(analysis, sentence, s) && touchesFeature(analysis, sentence, under.section ?? '')) || (!!headingVersion(analysis, under) && namesFeature(analysis, sentence, under.section ?? ''));
  return undefined;
}

/**
 * Whether a sentence of release notes is about what a "which release did X?" question says was
 * done ({@link featureOf}), so that the version the notes are about answers it: its section
 * is headed by it ("Let chains"), or the sentence names all of it and says it is new ("The new
 * embed package provides ..."). "These let you match on slices" in Rust 1.26's notes does not
 * say when let-else was stabilised; "... when a workspace vendor directory is present" in Go
 * 1.22's does not say when workspaces came.
 */
function namesFeature(analysis: QuestionAnalysis, sentence: string, section: string): boolean {
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
 * kind and "of" its name, and the verb that follows ("Which Go release added the embed package?":
 * "embed package", added; "What version of Rust added the question mark operator?": "question
 * mark operator", added; "Which version dropped support for Python 2.6?": "support Python 2.6").
 */
function featureOf(analysis: QuestionAnalysis): { terms: string[]; verb?: string } {
  const rest = new RegExp(`\\b${escapeRegExp(analysis.target!)}s?\\b(.*)$`, 'i').exec(analysis.question)?.[1] ?? '';
  const words = rest.replace(/^\s*of\s+(?:\p{Lu}[\p{L}\p{N}.]*\s*)+/u, ' ').match(/[\p{L}\p{N}](?:[\p{L}\p{N}'’/-]|\.(?=\p{N}))*/gu) ?? [];
  const verb = words.findIndex((w) => PAST_VERB.test(w));
  // The question's time ("in October 2023") says when, not what: a schedule's line dates it. A
  // particle is the verb's ("came out").
  const feature = words.filter((w, i) => i !== verb && !(i === verb + 1 && PARTICLE.test(w)) && !STOP.has(w.toLowerCase()) && !isCalendarWord(w) && !/^(?:1[5-9]|20)\d\d$/.test(w));
  // A name with its number ("python_2_6") is read by its parts, which a sentence may write apart.
  const terms = answerTerms(feature.join(' ')).filter((t) => !/^\p{L}[^_]*_\d/u.test(t));
  return { terms, ...(verb >= 0 ? { verb: words[verb]! } : {}) };
}


/**
 * Whether a sentence that names a version of its own, read with its section, names a word of
 * what a "which release did X?" question says was done: "It turns out verify-ich was turned on
 * in version 1.52.0" is no answer to "which Rust release added OnceLock?". True where the
 * question says nothing more than its kind and time.
 */
function touchesFeature(analysis: QuestionAnalysis, sentence: string, section: string): boolean {
  const { terms } = featureOf(analysis);
  if (!terms.length) return true;
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
function headingVersion(analysis: QuestionAnalysis, under: Pick<TextSource, 'heading' | 'section'>): string | undefined {
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

/** Whether a sentence holds a word with a digit outside its dates that the question does not give. */
function namesNumbered(analysis: QuestionAnalysis, sentence: string, s: Sentence): boolean {
  for (const m of sentence.matchAll(/[\p{L}\p{N}]*\d[\p{L}\p{N}.+-]*/gu)) {
    const word = m[0].replace(/[.+-]+$/, '');
    // A date is no version, but a name that holds one is ("POSIX.1-2024").
    const from = m.index, to = m.index + word.length;
    if (!s.times.some((t) => t.from <= from && to <= t.to) && !analysis.question.includes(word)) return true;
  }
  return false;
}

/** Whether a "which X" question asks for a numbered kind of thing (a version, a release, a line). */
function asksNumbered(analysis: QuestionAnalysis): boolean {
  return !!analysis.target && NUMBERED_KIND.test(analysis.target);
}

const NUMBERED_KIND = /\b(?:version|release|edition|line|branch|series|update|model|cycle)s?\b/;

const COUNT_ASK = /^\s*how\s+many\b/i;
/** A number spelled out, as a count is written in prose ("five people", "a dozen"). */
const NUMBER_WORD = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|million|billion|dozen|single|both|twice)\b/i;

/** Whether a sentence states a number the question does not give: a figure, or a count spelled out. */
function statesCount(analysis: QuestionAnalysis, sentence: string): boolean {
  if (NUMBER_WORD.test(sentence)) return true;
  const given = new Set((analysis.question.match(/\d[\d,.]*/g) ?? []).map((n) => n.replace(/[,.]+$/, '')));
  return (sentence.match(/\d[\d,.]*/g) ?? []).some((n) => !given.has(n.replace(/[,.]+$/, '')));
}

/** Whether a text (a sentence, a cell) states how often something happens ("every year", "annually", "twice a month"): what answers "how often". */
export function statesFrequency(text: string): boolean {
  return FREQUENCY.test(text);
}

const FREQUENCY = /\b(?:every|each)\s+(?:\w+\s+)?(?:day|week|month|year|quarter|release|\d+)|\b(?:daily|weekly|monthly|yearly|annual(?:ly)?|quarterly|bi-?annual(?:ly)?|biennial(?:ly)?|fortnightly|hourly|semi-?annual(?:ly)?)\b|\b(?:once|twice|thrice|\w+\s+times)\s+(?:a|an|per|each|every)\b|\bper\s+(?:day|week|month|year|quarter)\b|\b\d+[- ](?:day|week|month|year)\s+(?:release\s+)?(?:cycle|cadence|interval)\b/i;

/** Whether a text (a sentence, a cell) states a length of time ("10 years", "14 weeks"): what answers "how long". */
export function statesLength(text: string): boolean {
  return LENGTH_OF_TIME.test(text);
}

/** The event a "when was X <done>?" question asks about: its closing past participle ("created", "founded"). */
const EVENT = /^\s*when\s+(?:was|were)\b.*\s(\p{Ll}{3,}ed)\s*\??\s*$/iu;

/** An end of life or of support, as a sentence states it. */
const LIFE_END = /\bend[\s-]of[\s-](?:life|support)\b|\beol\b/i;
/** A verb that says something began. */
const STARTED = /\b(?:released|launched|introduced|began|started|came out|first (?:available|shipped)|shipped|published|founded|opened)\b/i;

/** A year that no range ("2008–2012") or date ("2008/09", "2008.5") continues. */
const LONE_YEAR = /^\d{4}\b(?!\s*[-–]|[/.]\d)/;

/** Capitalised words that lead a year as a time, not as a name's number ("Since 2015", "Summer 2016", "Early 2020"). */
const TIME_LEAD = /^(?:Since|Until|Till|During|After|Before|Around|Circa|Through|Year|Early|Late|Mid|Spring|Summer|Autumn|Fall|Winter|Christmas|Easter|FY|Q[1-4]|H[12])$/;

/** Where a sentence states a time that the question does not give (what a "when" question asks for), if it does. */
function answerableTime(analysis: QuestionAnalysis, sentence: string, s: Sentence): [number, number] | undefined {
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
  if (!year || asked.has(year[0]) || named(year.index) || bounds.some((t) => t.from <= year.index && year.index < t.to)) return undefined;
  return [year.index, year.index + year[0].length];
}

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
    for (const m of sentence.matchAll(/[$€£]?\s?\d[\d,]*(?:\.\d+)?\s?(?:%|percent|per cent|million|billion|thousand)?/g)) {
      const n = readNumber(m[0]);
      if (!n) continue;
      const digits = m[0].replace(/[^\d.]/g, '');
      if (inQuestion.has(digits)) continue;
      // A bare year is a date, not a count.
      if (/^(1[5-9]\d\d|20\d\d)$/.test(m[0].trim())) continue;
      const start = m.index + (m[0].length - m[0].trimStart().length);
      return { at: [start, m.index + m[0].trimEnd().length], value: n.value };
    }
  }
  if (analysis.operation === 'name') return nameSpan(analysis, sentence, s);
  if (analysis.target) return labelSpan(analysis, sentence, s, context);
  return undefined;
}

/** Whether characters `from`..`to` of a sentence overlap one of its dates. */
function inDate(s: Sentence, from: number, to: number): boolean {
  return s.times.some((t) => from < t.to && t.from < to);
}

/** A version-like token: dotted numbers ("3.11", "1.25.2"), "v18", or a number after a capitalised name ("Node.js 18"). */
// In that order: "Week 15 — Kubernetes v1.29.0 released" names v1.29.0.
const VERSIONS = [/\b[vV]?\d+(?:\.\d+)+\b|\b[vV]\d+\b/g, /(?<=\p{Lu}\S*\s)\d{1,3}\b(?![.,]\d|\s*%)/gu];

/** Whether two version numbers name one release: equal but for trailing zeros ("1.56.0" and "1.56", not "3.8.3" and "3.8"). */
function sameVersion(a: string, b: string): boolean {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  return long.startsWith(short) && /^(?:\.0)*$/.test(long.slice(short.length));
}

/**
 * The first version number of a sentence outside its dates that the question does not give,
 * in any length ("1.56.0" is the "Rust 1.56" of "which edition did Rust 1.56 release?").
 */
function versionSpan(analysis: QuestionAnalysis, sentence: string, s: Sentence): [number, number] | undefined {
  const given = analysis.question.match(/\d+(?:\.\d+)+/g) ?? [];
  for (const m of VERSIONS.flatMap((re) => [...sentence.matchAll(re)])) {
    const bare = m[0].replace(/^[vV]/, '');
    if (inDate(s, m.index, m.index + m[0].length) || analysis.question.includes(m[0]) || given.some((v) => sameVersion(bare, v))) continue;
    return [m.index, m.index + m[0].length];
  }
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
    return { at: [words[i]!.from, words[j]!.to] };
  }
  return undefined;
}
