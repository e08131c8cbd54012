/**
 * Event intervals: the span over which a stated fact holds. A sentence dates an event ("He
 * became Prime Minister on 24 July 2019"); the fact it starts ("he is Prime Minister") holds
 * until an end the text states ("He remained Prime Minister until 6 September 2022"), until the
 * next change ("Liz Truss succeeded him"), to the present ("2016–present", an empty
 * end-of-life cell) or for as long as nothing says otherwise. A question about a date ("on 6
 * May 2021", "current in June 2022") asks which fact held *then*: the interval that covers the
 * date, not the sentence dated nearest to it (`curves.ts` scores both; see `curveKind`).
 *
 * Sources, each read without a model:
 * - a sentence that states a range or an open end ("from 2007 to 2010", "since 2019",
 *   "2016–present", "until 1990");
 * - a run of sentences: a start event ("became", "took office", "was released") opens an
 *   interval that the next end event ("resigned", "left office", "until", "end of life") or
 *   the next start event closes — across the passages of one document, in reading order;
 * - a record: a table row or a line of `key: value` fields whose names say start and end
 *   ("Took office" / "Left office", "releaseDate" / "eol", "Term start" / "Term end"); an
 *   empty or "present" end is open, not missing.
 */

import type { EventInterval, Sentence, TemporalConstraint, TimeSpan } from '../types.ts';
import { findDates } from './date-grammar.ts';

// Verbs and phrases that start a state, and ones that end it. Both are read near the date.
const START_EVENT = /\b(?:became|becomes|become|becoming|took\s+office|takes\s+office|assumed(?:\s+(?:office|the))?|was\s+(?:appointed|elected|named|sworn\s+in|installed|inaugurated|made|hired|promoted|released|launched|founded|established|opened|introduced|created|formed)|were\s+(?:released|launched|introduced)|joined|joins|signed\s+(?:for|with)|moved\s+to|transferred\s+to|began|begins|started|starts|took\s+over|takes\s+over|succeeded|succeeds|followed\s+on|released\s+on|came\s+out|launched|opened|premiered|debuted|took\s+(?:the\s+)?(?:throne|power|charge|command)|acceded|ascended|elected)\b/i;
const END_EVENT = /\b(?:left(?:\s+office)?|handed\s+over|gave\s+way|was\s+succeeded\s+by|leaves|resigned|resigns|stepped\s+down|steps\s+down|retired|retires|died|dies|was\s+(?:dismissed|sacked|fired|replaced|ousted|defeated|deposed|overthrown|removed|closed|dissolved|abolished|discontinued|retired)|ended|ends|until|till|lost\s+(?:office|power|the\s+election)|reached\s+(?:its\s+)?end[\s-]of[\s-]life|end[\s-]of[\s-]life|discontinued|deprecated|expired|closed|dissolved|abolished|his\s+term\s+ended|her\s+term\s+ended)\b/i;
// Announcing a change is not making it: "announced on 7 July 2022 that he would step down".
const ANNOUNCED = /\b(?:announced|said|declared|promised|planned|expected|would|will)\b/i;

/** How far from its cue word an event's date may sit, in characters. */
const CUE_REACH = 80;

/** A name of a field or column that holds a start date ("Took office", "releaseDate", "Term start"). */
const START_FIELD = /\b(?:took\s+office|assumed\s+office|in\s+office\s+from|term\s+(?:start|began|begins)|start(?:ed|s|\s+date)?|begin|began|from|since|release(?:d)?(?:\s+(?:date|on))?|initial\s+release|first\s+release|launch(?:ed|\s+date)?|opened|founded|introduced|availability|general\s+availability|ga|inaugurated|appointed|elected|effective)\b/i;
/** A name of a field or column that holds an end date ("Left office", "eol", "End of life", "Term end"). */
const END_FIELD = /\b(?:left\s+office|term\s+end(?:ed|s)?|end(?:ed|s|\s+date)?|until|to|through|eol|end\s+of\s+life|end\s+of\s+support|support\s+end(?:s|ed)?|retired|closed|discontinued|expir(?:y|es|ed|ation)|sunset|last\s+day|died)\b/i;
// Field names that say a moment, not a start: "latest release date", "last updated".
const NOT_START_FIELD = /\b(?:latest|last|updated|modified|next|eoas|eoes|lts|end)\b/i;
// An end field that is the end of *life* (beats "end of active support" and the like).
const LIFE_END_FIELD = /\b(?:eol|end\s+of\s+life|left\s+office|term\s+end|died|closed|discontinued)\b/i;
// A cell or value that says "still going".
const PRESENT_VALUE = /^\s*(?:present|now|today|current(?:ly)?|ongoing|in\s+office|incumbent|active|supported|tbd|tba|n\/?a|-|–|—|false|null|none|~)?\s*$/i;

/** `camelCase` and `snake_case` field names as words: "releaseDate" -> "release date". */
export function fieldWords(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
}

/** Whether a field or column of that name gives the end of a thing's life ("eol", "Left office"), not of a phase of it ("end of active support"). */
export function isLifeEnd(name: string): boolean {
  return LIFE_END_FIELD.test(fieldWords(name));
}

/** Which end of an interval a field or column of that name gives, if either. */
export function fieldRole(name: string): 'start' | 'end' | undefined {
  const words = fieldWords(name);
  if (END_FIELD.test(words) && !/\bstart/.test(words)) return 'end';
  if (START_FIELD.test(words) && !NOT_START_FIELD.test(words)) return 'start';
  return undefined;
}

/** The first date of a value (a cell, a field value), read as a sentence date. */
function dateOf(value: string, reference: number): TimeSpan | undefined {
  const d = findDates(value, { shortYears: 'none', reference, prepositions: false })[0];
  return d ? { start: d.start, end: d.end, granularity: d.granularity, from: d.from, to: d.to } : undefined;
}

/** The dated fields of a record by name (`EventInterval.dates`): every field whose value reads as a date. */
export function fieldDates(fields: Array<[string, string]>, options?: { referenceDate?: Date }): NonNullable<EventInterval['dates']> {
  const reference = options?.referenceDate?.getTime() ?? Date.now();
  const out: NonNullable<EventInterval['dates']> = [];
  for (const [name, value] of fields) {
    const own = name ? dateOf(value, reference) : undefined;
    if (own) out.push({ name, start: own.start, end: own.end, granularity: own.granularity });
  }
  return out;
}

/**
 * The interval of one record (a table row, a line of fields): its start-named field's date to
 * its end-named field's date, an empty or "present" end being open. `fields` are
 * `[name, value]` pairs in their order. Undefined when no field names a start or an end, or
 * when neither has a date.
 */
export function recordInterval(fields: Array<[string, string]>, options?: { referenceDate?: Date }): EventInterval | undefined {
  const reference = options?.referenceDate?.getTime() ?? Date.now();
  let start: TimeSpan | undefined;
  let end: TimeSpan | undefined;
  let endIsLife = false;
  let endNamed = false;
  let endOpen = false;
  const dates = fieldDates(fields, options);
  const flags = fields.filter(([, v]) => TRUE_VALUE.test(v) || FALSE_VALUE.test(v)).map(([name, v]) => ({ name, value: TRUE_VALUE.test(v) }));
  for (const [name, value] of fields) {
    const role = fieldRole(name);
    if (role === 'start' && !start) start = dateOf(value, reference);
    else if (role === 'end') {
      const life = LIFE_END_FIELD.test(fieldWords(name));
      if (endNamed && endIsLife && !life) continue;
      const d = dateOf(value, reference);
      if (d) { if (!end || life || !endIsLife) { end = d; endIsLife = life; endOpen = false; } }
      else if (PRESENT_VALUE.test(value) || /\bpresent|current|office\b/i.test(value)) { if (!end || life) { end = undefined; endOpen = true; endIsLife = life; } }
      endNamed = true;
    }
  }
  if (!start && !end) return undefined;
  if (start && end && end.start < start.start) return undefined;
  return {
    ...(start ? { start: start.start } : {}),
    ...(end ? { end: end.start } : {}),
    endKind: end ? 'explicit' : endOpen || (start && endNamed) ? 'present' : 'open',
    granularity: start?.granularity ?? end!.granularity,
    source: 'record',
    dates,
    ...(flags.length ? { flags } : {}),
  };
}

/** A field value that says yes / no. */
export const TRUE_VALUE = /^\s*(?:true|yes|y|✓|✔)\s*$/i;
export const FALSE_VALUE = /^\s*(?:false|no|n|✗|✘)\s*$/i;

/**
 * Whether a record fails a yes / no field the question names: "Which Django LTS version ..." names
 * "lts", and a row whose "lts" cell is empty or "false" is not an LTS line. Names are matched
 * as `namedDate` matches them.
 */
export function failsNamedFlag(iv: EventInterval, questionTerms: ReadonlySet<string>, termsOf: (text: string) => string[]): boolean {
  for (const f of iv.flags ?? []) {
    if (f.value) continue;
    const words = termsOf(fieldWords(f.name)).filter((w) => !GENERIC_FIELD_WORDS.has(w));
    if (words.length && words.every((w) => questionTerms.has(w))) return true;
  }
  return false;
}

// Words of a field name that do not tell fields apart ("Initial Release", "release date").
const GENERIC_FIELD_WORDS = new Set(['date', 'dat', 'initial', 'first', 'day', 'time', 'on', 'of', 'the', 'in']);

/**
 * The dated field of a record that a question names: "which version reached end of life in
 * June 2022" names "End-of-life", "which release came out in May 2022" names "releaseDate",
 * "the newest LTS line in June 2022" names "lts". The question must hold every distinctive
 * word of the field's name. `questionTerms` are the question's content terms (`contentTerms`
 * of `lexical-similarity.ts`); `termsOf` reads a field name the same way.
 */
export function namedDate(
  iv: EventInterval, questionTerms: ReadonlySet<string>, termsOf: (text: string) => string[],
): NonNullable<EventInterval['dates']>[number] | undefined {
  if (!iv.dates?.length) return undefined;
  let best: NonNullable<EventInterval['dates']>[number] | undefined;
  let bestSize = 0;
  for (const d of iv.dates) {
    const words = termsOf(fieldWords(d.name)).filter((w) => !GENERIC_FIELD_WORDS.has(w));
    if (words.length && words.every((w) => questionTerms.has(w)) && words.length > bestSize) {
      best = d;
      bestSize = words.length;
    }
  }
  return best;
}

// A line of `key: value` fields ("releaseCycle: "17" releaseDate: 2021-10-19 eol: 2022-06-01"),
// as YAML front matter and config-like text write a record.
const FIELD = /(?:^|\s)([A-Za-z][\w-]{1,40}):\s+("[^"]*"|'[^']*'|[^\s"']+)/g;

/** The `key: value` fields of a sentence, when it reads as a record of two fields or more. */
export function recordFields(sentence: string): Array<[string, string]> | undefined {
  if (!sentence.includes(':')) return undefined;
  const fields: Array<[string, string]> = [];
  for (const m of sentence.matchAll(FIELD)) fields.push([m[1]!, m[2]!.replace(/^["']|["']$/g, '')]);
  return fields.length >= 2 ? fields : undefined;
}

/** One sentence as the interval pass reads it: its text and its timestamps, in reading order. */
export interface DatedSentence {
  text: string;
  times: TimeSpan[];
}

type Role = 'start' | 'end';

/** A sentence's event: the cue that says what changed, the date it changed, and who and what changed. */
interface SentenceEvent {
  role: Role;
  date: TimeSpan;
  /** The clause before the cue: the subject of the change ("Boris Johnson", "he", "The United Kingdom"). */
  subject: string;
  /** Content words right after the cue: the role or thing ("Prime Minister", "president"). */
  object: Set<string>;
}

const OBJECT_WORD = /\p{L}{4,}/gu;
const NOT_OBJECT = /^(?:that|this|with|from|into|over|after|before|during|since|until|then|when|while|where|which|january|february|march|april|june|july|august|september|october|november|december|year|years|month|months)$/i;

function objectWords(text: string): Set<string> {
  return new Set((text.slice(0, 40).match(OBJECT_WORD) ?? []).map((w) => w.toLowerCase()).filter((w) => !NOT_OBJECT.test(w)));
}

// A sentence's event: the first start or end cue, dated by the nearest date after it (within
// reach), else the nearest before it ("on 24 July 2019 he took office").
function eventOf(s: DatedSentence): SentenceEvent | undefined {
  const usable = s.times.filter((x) => Number.isFinite(x.start) && Number.isFinite(x.end));
  if (!usable.length) return undefined;
  const start = START_EVENT.exec(s.text);
  const end = END_EVENT.exec(s.text);
  const cue = start && (!end || start.index <= end.index) ? { m: start, role: 'start' as const } : end ? { m: end, role: 'end' as const } : undefined;
  if (!cue) return undefined;
  const at = cue.m.index;
  const after = usable.find((t) => t.from >= at && t.from - at <= CUE_REACH);
  const before = [...usable].reverse().find((t) => t.to <= at && at - t.to <= CUE_REACH);
  const date = after ?? before;
  if (!date) return undefined;
  const lead = s.text.slice(0, at);
  // The subject is the clause the cue ends ("after the vote to leave he resigned" -> "he"), or,
  // when that clause has no word of its own ("Truss announced ... and left office"), the
  // sentence's first clause.
  const clauses = lead.split(/[,;:]\s*|\band\s+(?=\p{Ll}|$)/u);
  const last = clauses[clauses.length - 1] ?? '';
  const clause = /\p{L}/u.test(last) ? last : clauses[0] ?? '';
  // Announcing a change is not making it: "announced on 7 July 2022 that he would step down".
  if (cue.role === 'end' && /\p{L}/u.test(last) && ANNOUNCED.test(last)) return undefined;
  return { role: cue.role, date, subject: clause, object: objectWords(s.text.slice(at + cue.m[0].length)) };
}

// A pronoun as the subject: opening the clause, or right before the verb ("after the vote he resigned").
const PERSON_PRONOUN = /(?:^\W*(?:(?:then|later|afterwards|eventually|finally|subsequently|there)\s+)?(?:he|she|they|his|her|their)\b|\b(?:he|she|they)(?:\s+\w+)?\s*$)/i;
const THING_PRONOUN = /(?:^\W*(?:it|its)\b|\bit(?:\s+\w+)?\s*$)/i;
const NAME_WORD = /\p{Lu}[\p{L}-]{2,}/gu;
const NOT_NAME = /^(?:The|In|On|At|After|Before|When|While|During|Since|From|Then|This|That|There)$/;

const names = (text: string) => new Set((text.match(NAME_WORD) ?? []).filter((w) => !NOT_NAME.test(w)));
// A name's number tells holders apart: "Node.js 16" is not "Node.js 18", "Apollo 11" not "Apollo 17".
const numbersOf = (text: string) => new Set(text.match(/\b\d+(?:\.\d+)*\b/g) ?? []);

/**
 * Whether an event is about the holder of an open interval: its subject is a pronoun, or shares
 * a name with the opening event's subject ("Johnson announced" after "Boris Johnson became");
 * "The United Kingdom left the European Union" while he was in office closes nothing of his.
 */
function sameHolder(event: SentenceEvent, opened: OpenEvent): boolean {
  const subject = event.subject.trim();
  const theirs = names(opened.subject);
  // "he" / "she" stand for a person: an opening event with a name or a person as its subject.
  if (!subject || PERSON_PRONOUN.test(subject)) return theirs.size > 0 || PERSON_PRONOUN.test(opened.subject);
  if (THING_PRONOUN.test(subject)) return true;
  const mine = numbersOf(subject), others = numbersOf(opened.subject);
  if (mine.size && others.size && ![...mine].some((n) => others.has(n))) return false;
  for (const w of names(subject)) if (theirs.has(w)) return true;
  return false;
}

/** Whether a start event takes over the role of an open one ("became Prime Minister" after "became Prime Minister"). */
function sameRole(event: SentenceEvent, opened: OpenEvent): boolean {
  for (const w of event.object) if (opened.object.has(w)) return true;
  return false;
}

interface OpenEvent {
  index: number;
  /** Offsets of its date in its sentence. */
  from: number;
  to: number;
  start: number;
  granularity: TimeSpan['granularity'];
  subject: string;
  object: Set<string>;
}

/**
 * Intervals for the sentences of one document, in reading order (the sentences of all its text
 * passages): a sentence with a range or an open end holds it; a record of fields holds its
 * record interval; a start event holds from its date until the next start event of the same
 * holder or the same role (`endKind: 'next'`: a career's next club, the next prime minister),
 * or until an end event of the same holder (`explicit`, which that sentence then holds too:
 * "He remained Prime Minister until 6 September 2022"), or stays open when none follows.
 * Returns the intervals of each sentence (none where it states none).
 */
export function documentIntervals(sentences: DatedSentence[], options?: { referenceDate?: Date }): EventInterval[][] {
  const out: EventInterval[][] = sentences.map(() => []);
  // Start events still open, most recent last.
  let open: OpenEvent[] = [];
  const close = (o: OpenEvent, at: number, kind: EventInterval['endKind'], also?: { index: number; date: TimeSpan }) => {
    if (at > o.start) {
      const iv: EventInterval = { start: o.start, end: at, endKind: kind, granularity: o.granularity, source: 'passage' };
      out[o.index]!.push({ ...iv, stated: 'start', from: o.from, to: o.to });
      if (also) out[also.index]!.push({ ...iv, stated: 'end', from: also.date.from, to: also.date.to });
    } else {
      out[o.index]!.push({ start: o.start, endKind: 'open', granularity: o.granularity, source: 'passage', stated: 'start', from: o.from, to: o.to });
    }
    open = open.filter((x) => x !== o);
  };
  const latest = (test: (o: OpenEvent) => boolean) => [...open].reverse().find(test);
  sentences.forEach((s, i) => {
    const fields = recordFields(s.text);
    const record = fields ? recordInterval(fields, options) : undefined;
    if (record) { out[i]!.push(record); return; }
    const event = eventOf(s);
    // "until 6 September 2022": the end of what an open start event of the same holder began.
    const until = s.times.find((x) => x.open === 'start');
    if (until && (!event || event.role === 'end')) {
      const e = event ?? { role: 'end' as const, date: until, subject: s.text.slice(0, until.from).split(/[,;:]\s*/).pop() ?? '', object: new Set<string>() };
      const o = latest((x) => sameHolder(e, x));
      if (o) { close(o, until.end, 'explicit', { index: i, date: until }); return; }
    }
    // A range or an open end written in the sentence is an interval of its own ("served as Home
    // Secretary from 2010 to 2016"); the sentence may state an event too ("and became Prime Minister on ...").
    for (const ranged of s.times.filter((x) => x.open || x.end - x.start > unitLength(x.granularity) * 1.5)) {
      // "since 2015" and "2016–present" run to now; "from May 1999" alone began then, end untold.
      const present = /\bsince\s+(?:the\s+)?$/i.test(s.text.slice(Math.max(0, ranged.from - 12), ranged.from)) || /present|now|today|date/i.test(s.text.slice(ranged.from, ranged.to));
      out[i]!.push({
        ...(ranged.open === 'start' ? {} : { start: ranged.start }),
        ...(ranged.open === 'end' ? {} : { end: ranged.end }),
        endKind: ranged.open === 'end' ? (present ? 'present' : 'open') : 'explicit',
        granularity: ranged.granularity,
        source: 'sentence',
        from: ranged.from,
        to: ranged.to,
      });
    }
    if (!event || (event.date.open || event.date.end - event.date.start > unitLength(event.date.granularity) * 1.5)) return;
    if (event.role === 'end') {
      const o = latest((x) => sameHolder(event, x));
      if (o) close(o, event.date.start, 'explicit', { index: i, date: event.date });
      return;
    }
    for (const o of open.filter((x) => sameHolder(event, x) || sameRole(event, x))) close(o, event.date.start, 'next');
    open.push({ index: i, start: event.date.start, granularity: event.date.granularity, subject: event.subject, object: event.object, from: event.date.from, to: event.date.to });
  });
  for (const o of open) out[o.index]!.push({ start: o.start, endKind: 'open', granularity: o.granularity, source: 'passage', stated: 'start', from: o.from, to: o.to });
  return out;
}

const DAY = 86_400_000;
/** The length of one unit of a granularity, a little over (a month is 31 days), to tell a range from a single date. */
export function unitLength(g: TimeSpan['granularity']): number {
  switch (g) {
    case 'day': return DAY;
    case 'month': return 31 * DAY;
    case 'season': return 92 * DAY;
    case 'year': return 366 * DAY;
    case 'decade': return 3653 * DAY;
    default: return 36525 * DAY;
  }
}

/**
 * The dates of a sentence that a constraint is scored on. A record (table row, line of fields)
 * is one term: its interval takes over its dates (a row's "Maintenance Start" is a milestone of
 * the term, not a moment of its own). When the question names one of its dated fields
 * (`namedDate`): without a first / last condition it asks about that event ("reached end of
 * life in June 2022"), which is scored alone; with one ("the newest LTS line in June 2022",
 * "the current release") the named start begins the state it asks about, which runs to the
 * record's end. Other sentences keep their dates and intervals.
 */
export function datedEvidence(
  sentence: Pick<Sentence, 'times' | 'intervals'>, constraint: Pick<TemporalConstraint, 'condition'>,
  questionTerms: ReadonlySet<string>, termsOf: (text: string) => string[],
): { times: TimeSpan[]; intervals?: readonly EventInterval[] } {
  const record = sentence.intervals?.find((iv) => iv.source === 'record');
  if (!record) return { times: sentence.times, ...(sentence.intervals ? { intervals: sentence.intervals } : {}) };
  const named = namedDate(record, questionTerms, termsOf);
  if (named && (constraint.condition === 'none' || fieldRole(named.name) === 'end')) {
    return { times: [{ start: named.start, end: named.end, granularity: named.granularity, from: 0, to: 0 }] };
  }
  if (named && (record.end === undefined || named.start < record.end)) {
    return { times: [], intervals: [{ ...record, start: named.start, granularity: named.granularity }] };
  }
  return { times: [], intervals: sentence.intervals };
}
