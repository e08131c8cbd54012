/**
 * "What is code freeze?", "what happens during Kubernetes code freeze?": the opening sentence of
 * the section a document heads with the thing's name (`answer/description.ts`), cited with its
 * heading; "what does LTS mean?": the words a document spells it out with. Loaded when a question
 * may ask for a description; the helpers it needs come in from `engine/answer.ts`.
 */
import { SUMMARY_HEADING, describedThing, headsDescription } from '../answer/description.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import { headingPath } from '../text/heading-path.ts';
import type { Answer, Citation, Passage, SearchResponse } from '../types.ts';
import type { EngineState } from './state.ts';

/** What `engine/answer.ts` passes in. */
export interface DescriptionHelpers {
  /** The engine's terms of a text (`answerTerms`). */
  terms(text: string): string[];
  /** The citation of one level of passage `p`'s heading. */
  citeHeading(p: Passage, heading: string): Citation | undefined;
  /** The citation of characters `start`..`end` of passage `p`'s text. */
  citeSentence(p: Passage, start: number, end: number): Citation;
}

/** Fewest words of a sentence that describes (not an anchor's remnant: "code-freeze-code-thaw"). */
const DESCRIPTION_WORDS = 4;

/**
 * The opening sentence of the first section that a description question names by its heading
 * (`answer/description.ts`), cited with its heading: in the documents of the results first, in
 * rank order, then in any document (a process document's "PRR Freeze" section, below the
 * schedules that name it in their rows); for an acronym no section heads, the words it stands
 * for. Undefined for another question or where neither is found.
 */
export function descriptionAnswer(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, h: DescriptionHelpers): { answer: Answer; step: DescriptionStep } | undefined {
  const thing = describedThing(analysis.question);
  if (!thing) return undefined;
  // (Letters and digits only: nothing in them to escape.)
  const words = thing.split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 3);
  const read = (step: DescriptionStep, answer: Answer | undefined) => answer && { answer, step };
  return read('section-description', words.length ? headed(state, analysis, search, thing, new RegExp(words.join('|'), 'i'), h) : undefined)
    ?? read('acronym-expansion', /^[A-Z]{2,6}$/.test(thing) ? spelledOut(state, search, thing, analysis, h) : undefined)
    ?? read('document-summary', summaryOf(state, analysis, search, thing, h));
}

/** Which reading answered: a section the thing heads, the words an acronym stands for, a document's own summary. */
export type DescriptionStep = 'section-description' | 'acronym-expansion' | 'document-summary';

/**
 * "What does PEP 602 propose?": the opening sentence of the summary ("Abstract", "Overview") of
 * the document the thing titles, in the results first, cited with its heading.
 */
function summaryOf(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, thing: string, h: DescriptionHelpers): Answer | undefined {
  const wanted = h.terms(thing);
  if (!wanted.length) return undefined;
  for (const docId of new Set([...search.results.map((r) => r.passage.docId), ...state.records.keys()])) {
    const record = state.records.get(docId);
    const title = new Set(h.terms(record?.document.title ?? ''));
    if (!record || !wanted.every((t) => title.has(t))) continue;
    for (const p of headedPassages(record)) {
      const level = headingPath(p.heading!).find((x) => SUMMARY_HEADING.test(x));
      const s = level && p.sentences.find((x) => p.text.slice(x.start, x.end).split(/\s+/).length >= DESCRIPTION_WORDS);
      if (!s) continue;
      const cited = h.citeHeading(p, level!);
      return { text: p.text.slice(s.start, s.end), kind: 'sentence', citations: [...(cited ? [cited] : []), h.citeSentence(p, s.start, s.end)], confidence: 1, operation: analysis.operation };
    }
  }
  return undefined;
}

/** The opening sentence of the first section headed by `thing` (whose heading `named` tests first). */
function headed(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, thing: string, named: RegExp, h: DescriptionHelpers): Answer | undefined {
  // Every document's headed text passages, a test of the heading's words first.
  const docs = new Set([...search.results.map((r) => r.passage.docId), ...state.records.keys()]);
  for (const docId of docs) {
    const record = state.records.get(docId);
    if (!record) continue;
    const title = record.document.title ?? '';
    for (const p of headedPassages(record)) {
      if (!named.test(p.heading!) || !headsDescription(p.heading!, thing, title, h.terms)) continue;
      const s = p.sentences.find((x) => p.text.slice(x.start, x.end).split(/\s+/).length >= DESCRIPTION_WORDS);
      if (!s) continue;
      const text = p.text.slice(s.start, s.end);
      const citations = [h.citeSentence(p, s.start, s.end)];
      const cited = h.citeHeading(p, headingPath(p.heading!).find((level) => headsDescription(level, thing, title, h.terms))!);
      if (cited) citations.unshift(cited);
      return { text, kind: 'sentence', citations, confidence: 1, operation: analysis.operation };
    }
  }
  return undefined;
}

/** Words an acronym's expansion may skip ("Bureau of Labor Statistics (BLS)"). */
const SKIPPED = new Set(['of', 'and', 'for', 'the', 'to', 'in', 'on', '&']);
/** Most words an expansion has. */
const MAX_EXPANSION_WORDS = 8;

/**
 * "What does LTS mean?" where no section heads it: the words a document writes before "(LTS)"
 * whose initials spell it ("long-term support (LTS)", hyphens split; "End Of Life (EOL)" with
 * every word, "Bureau of Labor Statistics (BLS)" without "of"), the sentence cited; in the
 * results' passages first, then any document's.
 */
function spelledOut(state: EngineState, search: SearchResponse, acronym: string, analysis: QuestionAnalysis, h: DescriptionHelpers): Answer | undefined {
  const marker = new RegExp(`([\\p{L}][\\p{L}\\s'’&-]{2,80}?)[_*\\s]*\\(\\s*${acronym}\\s*\\)`, 'u');
  const seen = new Set<Passage>();
  const passages = [...search.results.map((r) => r.passage), ...[...state.records.values()].flatMap((r) => r.passages)];
  for (const p of passages) {
    if (seen.has(p) || p.kind !== 'text' && p.kind !== 'sentence') continue;
    seen.add(p);
    const m = marker.exec(p.text);
    const words = m?.[1]!.trim().split(/[\s_*]+/).slice(-MAX_EXPANSION_WORDS) ?? [];
    for (let k = words.length - 1; k >= 0; k--) {
      const run = words.slice(k);
      // With every word ("End Of Life (EOL)") or without the small ones ("Bureau of Labor Statistics (BLS)").
      const parts = run.flatMap((w) => w.split('-')).filter(Boolean);
      const initials = (words: string[]) => words.map((w) => w[0]!.toLowerCase()).join('');
      const wanted = acronym.toLowerCase();
      if (initials(parts) !== wanted && initials(parts.filter((w) => !SKIPPED.has(w.toLowerCase()))) !== wanted) continue;
      const s = p.sentences.find((x) => x.start <= m!.index && m!.index < x.end) ?? { start: 0, end: p.text.length };
      return { text: run.join(' '), kind: 'sentence', citations: [h.citeSentence(p, s.start, s.end)], confidence: 1, operation: analysis.operation };
    }
  }
  return undefined;
}

/**
 * A document's text passages that stand under a heading, found once per array of passages (a
 * record's array is replaced, not changed, when its passages are: `rederive.ts`, the store's
 * reads): HiTab's 86k table passages are passed over once, not for every "what is ...?" question
 * (answers bench p95 8.1 -> 6.8 ms).
 */
function headedPassages(record: { passages: readonly Passage[] }): readonly Passage[] {
  let found = HEADED.get(record.passages);
  if (!found) HEADED.set(record.passages, (found = record.passages.filter((p) => p.kind === 'text' && !!p.heading)));
  return found;
}
const HEADED = new WeakMap<object, readonly Passage[]>();
