/**
 * The engine side of "what is the latest version of X?" and "which X versions came out in
 * 2023?" over release notes titled by their releases (`answer/latest-titled.ts`): the titles and
 * dates of the corpus' documents read, each one chosen cited where its text writes it. Loaded
 * with such a question; the citation comes in from `engine/answer.ts`, so that it imports nothing
 * the worker's start holds.
 */
import { latestTitled, titledAt, type TitledDocument, type TitledVersion } from '../answer/latest-titled.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import type { TimeListQuestion } from '../answer/support-status.ts';
import { fitsTime, statusListText, type AskedTime } from '../answer/status-lists.ts';
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
  const first = asked.pick === 'first';
  const listed = asked.pick ? found.listed.reduce<typeof found.listed>((b, t) => (!b.length || (first ? t.date! < b[0]!.date! : t.date! > b[0]!.date!) ? [t] : b), []) : found.listed;
  const citations = listed.flatMap((t) => citeTitle(state, t, cite) ?? []);
  const items = listed.map((t) => t.version);
  return asked.count
    ? { text: String(items.length), kind: 'computed', value: items.length, items, confidence: 1, operation: 'count', citations }
    : { text: items.length ? statusListText(items, false, found.of) : `None of the ${found.of} listed`, kind: 'cell', items, confidence: 1, operation: 'list', citations };
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
