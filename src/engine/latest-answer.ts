/**
 * The engine side of "what is the latest version of X?" and "which X versions came out in
 * 2023?" over release notes titled by their releases (`answer/latest-titled.ts`): the titles and
 * dates of the corpus' documents read, each one chosen cited where its text writes it. Loaded
 * with such a question; the citation comes in from `engine/answer.ts`, so that it imports nothing
 * the worker's start holds.
 */
import { latestTitled, titledAt, type TitledDocument, type TitledVersion } from '../answer/latest-titled.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import type { TimeListQuestion } from '../answer/support-questions.ts';
import { fitsTime, pickDated, statusListText, type AskedTime } from '../answer/status-lists.ts';
import { releaseAt, versionHeading, type ReleaseEnd, type VersionHeading } from '../answer/version-headings.ts';

export { asksReleaseEnd } from '../answer/version-headings.ts';
import { headingPath } from '../text/heading-path.ts';
import type { Answer, Citation, Passage, SearchResponse } from '../types.ts';
import type { EngineState } from './state.ts';

/** Cites `text` at `[from, to)` of passage `p`'s document, `span` marked within it. */
export type CiteText = (p: Passage, from: number, to: number, text: string, span: [number, number]) => Citation;

/**
 * The highest version the titles give the thing the question names, where nothing answered with
 * a version of the thing's own: a sentence speaks for its note's day ("the latest Go release,
 * version 1.26" of Go 1.26's notes), a cell with no number is no version ("Docs Lead"), and a
 * document not titled by the thing is another's. Undefined otherwise.
 */
export function latestAnswer(state: EngineState, analysis: QuestionAnalysis, answer: Answer, cite: CiteText): Answer | undefined {
  const latest = latestTitled(analysis.question, titlesOf(state));
  if (!latest) return undefined;
  const cited = answer.citations[0] && state.records.get(answer.citations[0].docId)?.document.title;
  if (answer.kind !== 'none' && answer.kind !== 'sentence' && /\d/.test(answer.text) && cited?.toLowerCase().includes(latest.name.toLowerCase())) return undefined;
  const citation = citeTitle(state, latest, cite);
  return citation && { text: `${latest.name} ${latest.version}`, kind: 'sentence', confidence: 1, operation: analysis.operation, citations: [citation] };
}

/**
 * "Which Rust versions were released in 2023?", "how many Rust releases came out in 2023?"
 * where no table lists the thing's releases: the versions of the series of release notes whose
 * dates (their permalinks', their front matter's) fit the time asked, each title cited; the
 * count of them where the question asks how many. Undefined where no dated series is titled by
 * the thing.
 */
export function titledListAnswer(state: EngineState, question: string, asked: TimeListQuestion, time: AskedTime, cite: CiteText): Answer | undefined {
  const found = asked.role === 'start' ? titledAt(question, titlesOf(state), (date) => fitsTime(date, time)) : undefined;
  if (!found) return undefined;
  // "The first Rust release announced in 2024": of those, the one dated first (last).
  const listed = asked.pick ? pickDated(found.listed, asked.pick, (t) => t.date!) : found.listed;
  const citations = listed.flatMap((t) => citeTitle(state, t, cite) ?? []);
  const items = listed.map((t) => t.version);
  return asked.count
    ? { text: String(items.length), kind: 'computed', value: items.length, items, confidence: 1, operation: 'count', citations }
    : { text: items.length ? statusListText(items, false, found.of) : `None of the ${found.of} listed`, kind: 'cell', items, confidence: 1, operation: 'list', citations };
}

/** What `engine/answer.ts` passes in for a schedule's lines. */
export interface ScheduleHelpers {
  /** The dated lines of a text's schedules (`answer/field-answer.ts`' `scheduleLines`). */
  scheduleLines(text: string): Array<{ name: string; value: string; line: [number, number] }>;
  /** The first date a line's value holds. */
  dateIn(text: string): { start: number } | undefined;
  /** Whether a document may answer (it names the question's subject). */
  mayAnswer(docId: string): boolean;
  cite: CiteText;
}

/** Documents of the results whose schedules are read, in rank order. */
const SCHEDULE_DOCUMENTS = 3;
/** A pre-release, as a schedule names it. */
const PRE_RELEASE = /\b(?:alpha|beta|candidate|rc\d*|preview)\b|\d(?:a|b|rc)\d/i;

/**
 * "Which Python 3.14 releases came out in 2025?", "how many Python 3.8 releases came out in
 * 2020?" of a release schedule's dated lines ("- 3.14.1: Tuesday, 2025-12-02"): the lines of the
 * versions of the family the question names whose dates fit the time, each line cited, its
 * pre-releases counted apart unless the question asks for them (or for one kind: "beta").
 * Undefined where the best documents hold no such schedule.
 */
export function scheduleListAnswer(state: EngineState, asked: TimeListQuestion, time: AskedTime, search: SearchResponse, h: ScheduleHelpers): Answer | undefined {
  const family = /\d+(?:\.\d+)+/.exec(asked.subject)?.[0];
  if (!family || asked.role !== 'start') return undefined;
  const member = new RegExp(`^${family.replace(/\./g, '\\.')}(?![\\d])`);
  // "Which 3.14 beta releases ...": that kind; "pre-releases": every kind but the releases.
  const kind = /\b(alpha|beta|candidate|rc)\b/i.exec(asked.subject)?.[1];
  const pre = !!kind || /\bpre-?releases?\b/i.test(asked.subject);
  const wanted = (name: string) => (kind ? new RegExp(`\\b${kind}\\b`, 'i').test(name) : PRE_RELEASE.test(name) === pre);
  const docs = [...new Set(search.results.map((r) => r.passage.docId))].filter(h.mayAnswer).slice(0, SCHEDULE_DOCUMENTS);
  for (const docId of docs) {
    const record = state.records.get(docId);
    if (!record) continue;
    const lines = h.scheduleLines(record.document.text).filter((l) => member.test(l.name));
    if (!lines.length) continue;
    const fitting = lines.filter((l) => {
      const date = h.dateIn(l.value);
      return !!date && fitsTime(date.start, time);
    });
    const all = fitting.filter((l) => wanted(l.name));
    // "The first (last) Python 3.14 release in 2025": the one dated first (last).
    const kept = asked.pick ? pickDated(all, asked.pick, (l) => h.dateIn(l.value)!.start) : all;
    const citations = kept.flatMap((l) => {
      const p = record.passages.find((x) => x.kind === 'text' && x.start <= l.line[0] && l.line[1] <= x.end);
      const text = record.document.text.slice(...l.line);
      const at = text.indexOf(l.name);
      return p ? [h.cite(p, l.line[0], l.line[1], text, [at, at + l.name.length])] : [];
    });
    const items = kept.map((l) => l.name.replace(/\s+final$/i, ''));
    const others = pre || asked.pick ? 0 : fitting.length - kept.length;
    const aside = others ? ` (and ${others} pre-release${others === 1 ? '' : 's'})` : '';
    return asked.count
      ? { text: `${items.length}${aside}`, kind: 'computed', value: items.length, items, confidence: 1, operation: 'count', citations }
      : { text: items.length ? `${items.join(', ')}${aside}` : `None of the ${lines.length} listed${aside}`, kind: 'cell', items, confidence: 1, operation: 'list', citations };
  }
  return undefined;
}

/** What `engine/answer.ts` passes in for a changelog's release headings. */
export interface HeadingHelpers {
  /** Whether a document may answer (it names the question's subject). */
  mayAnswer(docId: string): boolean;
  /** The citation of a heading above passage `p`, `answer` marked in it. */
  citeHeading(p: Passage, heading: string, answer: string): Citation | undefined;
  /** Where a text gives its first date, and when that date starts. */
  dateIn(text: string): { from: number; to: number; start: number } | undefined;
  /** Whether the question asks for a time ("when ...?"): the date answers, else the version. */
  timed: boolean;
}

/** Documents of the results whose headings are read for a changelog. */
const CHANGELOG_DOCUMENTS = 3;

/**
 * "When was the first version of the bakery app released?", "what is the latest release?" of a
 * changelog among the best documents: the release heading of the earliest (latest) date, its
 * date where the question asks when, else its version, the heading cited. Undefined where none
 * of those documents heads two releases or more with their dates.
 */
export function releaseHeadingAnswer(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, end: ReleaseEnd, h: HeadingHelpers): Answer | undefined {
  const docs = [...new Set(search.results.map((r) => r.passage.docId))].filter((id) => h.mayAnswer(id)).slice(0, CHANGELOG_DOCUMENTS);
  for (const docId of docs) {
    const headings = new Map<string, { release: VersionHeading; p: Passage }>();
    for (const p of state.records.get(docId)?.passages ?? []) {
      for (const heading of p.heading ? headingPath(p.heading) : []) {
        if (headings.has(heading)) continue;
        const release = versionHeading(heading, h.dateIn);
        if (release) headings.set(heading, { release, p });
      }
    }
    const chosen = releaseAt([...headings.values()].map((x) => x.release), end);
    if (!chosen) continue;
    const text = h.timed ? chosen.date : chosen.version;
    const citation = h.citeHeading(headings.get(chosen.heading)!.p, chosen.heading, text);
    if (citation) return { text, kind: 'sentence', citations: [citation], confidence: 1, operation: analysis.operation };
  }
  return undefined;
}

/** Every document's title, the start of its text and its date. */
function titlesOf(state: EngineState): TitledDocument[] {
  return [...state.records].flatMap(([docId, r]) => (r.document.title ? [{ docId, title: r.document.title, opening: r.document.text.slice(0, 600), ...(r.document.date ? { date: Date.parse(r.document.date) } : {}) }] : []));
}

/**
 * The title of a titled version cited where the text writes it: the title itself, or its name
 * and version ("Title: Python 3.14 ..." of "PEP 745 – Python 3.14 ...").
 */
function citeTitle(state: EngineState, latest: TitledVersion, cite: CiteText): Citation | undefined {
  const record = state.records.get(latest.docId);
  if (!record) return undefined;
  const title = record.document.title!;
  const named = title.slice(latest.from, latest.to);
  const whole = record.document.text.indexOf(title);
  const at = whole >= 0 ? whole : record.document.text.indexOf(named);
  const p = record.passages.find((x) => x.end > at) ?? record.passages[0];
  if (at < 0 || !p) return undefined;
  const text = whole >= 0 ? title : named;
  return { ...cite(p, at, at + text.length, text, whole >= 0 ? [latest.from, latest.to] : [0, text.length]), title };
}
