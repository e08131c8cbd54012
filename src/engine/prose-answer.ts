/**
 * The engine side of calculations read from sentences (`answer/prose-calc`): the sentences of the
 * best documents in, an answer with each operand a cited sentence span out. Its own module, loaded
 * on demand by `engine/answer.ts`, so the embed's first download does not carry it.
 */
import type { QuestionAnalysis } from '../answer/question.ts';
import { calculateFromProse, durationMentions, type ProseCalculation, type ProseHelpers } from '../answer/prose-calc.ts';
import type { Answer, CalculationOperand, Citation, Passage, SearchResponse } from '../types.ts';
import type { EngineState } from './state.ts';

/** A sentence that states a length of time ("lasted 12 days", "for three weeks"). */
const STATED_DURATION = /\b(?:\d+(?:\.\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|a few)\s+(?:more\s+)?(?:days?|weeks?|months?|years?|decades?)\b/i;

const TEXT_KINDS = new Set<Passage['kind']>(['text', 'sentence']);

/**
 * What `engine/answer.ts` passes in: its citation helpers, the answer settings and the term and
 * number helpers, so that this lazy module shares no module with the worker (see `ProseHelpers`).
 */
export interface CiteHelpers extends ProseHelpers {
  settings: { proseDocuments: number; minTextConfidence: number };
  sourceSpan(state: EngineState, docId: string, start: number, end: number): { start: number; end: number } | undefined;
  titleOf(search: SearchResponse, docId: string): string;
  pageOf(p: { page?: number } | undefined): { page?: number };
  /** The best documents, one result each: where one document's passages fill the results, the next. */
  byDocument(): Promise<SearchResponse>;
}

/**
 * A calculation over the sentences of the best documents (durations between dated sentences, a
 * group less those who did, a difference two sentences state), each operand a cited sentence;
 * or, for a duration whose start or end no sentence states, why there is no answer.
 */
export async function proseAnswer(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, cite: CiteHelpers, current: Answer): Promise<Answer | { refusal: string; answer: Answer } | undefined> {
  const docs: string[] = [];
  for (const r of search.results) {
    if (!docs.includes(r.passage.docId)) docs.push(r.passage.docId);
    if (docs.length >= cite.settings.proseDocuments) break;
  }
  // Two things a duration names, each perhaps dated by a document of its own, where one
  // document's passages fill the results: the next best document too.
  if (docs.length < cite.settings.proseDocuments && durationMentions(analysis)) {
    for (const r of (await cite.byDocument()).results) if (!docs.includes(r.passage.docId) && docs.length < cite.settings.proseDocuments) docs.push(r.passage.docId);
  }
  const sentencesOf = (ids: readonly string[]) => {
    const at: Array<{ p: Passage; s: Passage['sentences'][number] }> = [];
    for (const docId of ids) {
      const passages = (state.records.get(docId)?.passages ?? []).filter((p) => TEXT_KINDS.has(p.kind) || p.kind === 'table-row');
      for (const p of passages) for (const s of p.sentences) at.push({ p, s });
    }
    return at;
  };
  const calculate = (at: ReturnType<typeof sentencesOf>) => calculateFromProse(analysis, at.map(({ p, s }) => {
    // Timestamp offsets are relative to their sentence already.
    return { text: p.text.slice(s.start, s.end), times: s.times, ...(s.intervals ? { intervals: s.intervals } : {}) };
  }), cite);
  for (const docId of docs) {
    let at = sentencesOf([docId]);
    let found = calculate(at);
    // The two things a duration names may each be dated by a document of its own ("how many days
    // after Rust 1.84.0 was 1.84.1 released?": two release posts): where the first document dates
    // only one of them, the best documents are read together.
    if (docId === docs[0] && docs.length > 1 && !(found && !('refusal' in found) && found.confidence >= cite.settings.minTextConfidence) && durationMentions(analysis)) {
      const together = sentencesOf(docs);
      const joint = calculate(together);
      if (joint && !('refusal' in joint) && joint.confidence >= cite.settings.minTextConfidence) [at, found] = [together, joint];
    }
    if (found && 'refusal' in found) {
      // Half an event is no duration: unless the answer sentence states how long it lasted, say why there is none.
      const stated = current.kind === 'sentence' && STATED_DURATION.test(current.citations[0]?.text ?? '');
      return {
        refusal: found.refusal,
        answer: stated ? current : { text: `No answer found in your documents: ${found.refusal}; closest passages below.`, kind: 'none', citations: [], confidence: 0, operation: analysis.operation },
      };
    }
    if (found && found.confidence >= cite.settings.minTextConfidence) return proseAnswerOf(state, analysis, search, found, at, cite);
  }
  return undefined;
}

function proseAnswerOf(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, f: ProseCalculation, at: Array<{ p: Passage; s: Passage['sentences'][number] }>, { sourceSpan, titleOf, pageOf }: CiteHelpers): Answer {
  const citations: Citation[] = [];
  const operands: CalculationOperand[] = f.operands.map((o) => {
    const { p, s } = at[o.sentence]!;
    const start = p.start + s.start;
    const end = p.start + s.end;
    const source = sourceSpan(state, p.docId, start, end);
    const citation: Citation = {
      docId: p.docId, title: titleOf(search, p.docId), passageId: p.id, kind: 'sentence',
      text: p.text.slice(s.start, s.end), start, end, ...(source ? { source } : {}), ...pageOf(p), span: o.span,
    };
    if (!citations.some((c) => c.passageId === citation.passageId && c.start === citation.start)) citations.push(citation);
    return { value: o.value, text: o.text, citation };
  });
  return {
    text: f.text, kind: 'computed', value: f.value, ...(f.unit ? { unit: f.unit } : {}),
    citations, confidence: Math.round(f.confidence * 1000) / 1000, operation: analysis.operation,
    calculation: { expression: f.expression, operands, result: f.value, text: `${f.expression} = ${f.text}` },
  };
}
