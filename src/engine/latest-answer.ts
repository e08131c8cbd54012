/**
 * The engine side of "what is the latest version of X?" over release notes titled by their
 * releases (`answer/latest-titled.ts`): the titles of the corpus' documents read, the one chosen
 * cited where its text writes it. Loaded with such a question; the citation comes in from
 * `engine/answer.ts`, so that it imports nothing the worker's start holds.
 */
import { latestTitled } from '../answer/latest-titled.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import type { Answer, Citation, Passage } from '../types.ts';
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
  const titles = [...state.records].flatMap(([docId, r]) => (r.document.title ? [{ docId, title: r.document.title, opening: r.document.text.slice(0, 600) }] : []));
  const latest = latestTitled(analysis.question, titles);
  const record = latest && state.records.get(latest.docId);
  if (!latest || !record) return undefined;
  const cited = answer.citations[0] && state.records.get(answer.citations[0].docId)?.document.title;
  if (answer.kind !== 'none' && answer.kind !== 'sentence' && /\d/.test(answer.text) && cited?.toLowerCase().includes(latest.name.toLowerCase())) return undefined;
  // Cited where the text writes it: the title itself, or its name and version ("Title: Python
  // 3.14 ..." of "PEP 745 – Python 3.14 ...").
  const title = record.document.title!;
  const named = title.slice(latest.from, latest.to);
  const whole = record.document.text.indexOf(title);
  const at = whole >= 0 ? whole : record.document.text.indexOf(named);
  const p = record.passages.find((x) => x.end > at) ?? record.passages[0];
  if (at < 0 || !p) return undefined;
  const text = whole >= 0 ? title : named;
  return {
    text: `${latest.name} ${latest.version}`, kind: 'sentence', confidence: 1, operation: analysis.operation,
    citations: [{ ...cite(p, at, at + text.length, text, whole >= 0 ? [latest.from, latest.to] : [0, text.length]), title }],
  };
}
