/**
 * The engine side of outline answers (`answer/outline`): the best documents' sections in, an
 * answer listing what a release brought out, each item cited at its heading or sentence. Its own
 * module, loaded on demand by `engine/answer.ts` when a question may ask what a release brought,
 * so the embed's first download does not carry it.
 */
import { asksAbout, asksOutline, outlineOf, sectionAbout, topicOf, type OutlineSection } from '../answer/outline.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import { headingPath } from '../text/heading-path.ts';
import type { Answer, Citation, Passage, SearchResponse } from '../types.ts';
import type { EngineState } from './state.ts';

const TEXT_KINDS = new Set<Passage['kind']>(['text']);

/** Documents of the results read for an outline, in rank order. */
const OUTLINE_DOCUMENTS = 3;

/** What `engine/answer.ts` passes in. */
export interface OutlineHelpers {
  /** Patterns of the release numbers the question names. */
  versions: RegExp[];
  /** Whether a document may answer (it names the question's subject). */
  mayAnswer(docId: string): boolean;
  /** The citation of a heading above passage `p`. */
  citeHeading(p: Passage, heading: string): Citation | undefined;
  /** The citation of a sentence of passage `p`. */
  citeSentence(p: Passage, s: Passage['sentences'][number]): Citation;
  /** A text's words as the answerer compares them (`answerTerms`). */
  terms(text: string): string[];
}

/**
 * What the release the question names brought, from the first of the best documents whose
 * outline names it (step `outline-answer`), or what a document says about a topic its headings
 * name (step `section-about`); undefined for a question that asks neither, or where none answers.
 */
export function outlineAnswer(state: EngineState, question: string, analysis: QuestionAnalysis, search: SearchResponse, h: OutlineHelpers): { answer: Answer; step: 'outline-answer' | 'section-about' } | undefined {
  const ask = asksOutline(question);
  const about = ask ? undefined : asksAbout(question);
  if (!ask && !about) return undefined;
  const asked = new Set(h.terms(question));
  const docs: string[] = [];
  for (const r of search.results) if (!docs.includes(r.passage.docId) && h.mayAnswer(r.passage.docId)) docs.push(r.passage.docId);
  for (const docId of docs.slice(0, OUTLINE_DOCUMENTS)) {
    const record = state.records.get(docId);
    if (!record) continue;
    const title = record.document.title;
    // Sections in document order, each with its passages (one section may be cut into several).
    const sections: Array<OutlineSection & { passages: Passage[] }> = [];
    const byHeading = new Map<string, (typeof sections)[number]>();
    for (const p of record.passages) {
      if (!TEXT_KINDS.has(p.kind) || !p.heading || p.heading === title) continue;
      let s = byHeading.get(p.heading);
      if (!s) {
        s = { path: headingPath(p.heading), sentences: [], passages: [] };
        byHeading.set(p.heading, s);
        sections.push(s);
      }
      s.passages.push(p);
      (s.sentences as string[]).push(...p.sentences.map((x) => p.text.slice(x.start, x.end)));
    }
    // "What does X say about Y?": the sentences of the section headed Y, a summary read in order.
    const said = about ? sectionAbout(about, sections, h.terms) : undefined;
    // A section the question names ("the Go 1.24 runtime") before the whole outline.
    const found = said ?? (ask ? topicOf(h.versions, title, sections, asked, h.terms) ?? outlineOf(ask, h.versions, title, sections) : undefined);
    if (!found) continue;
    const citations = found.items.flatMap((item) => {
      const section = sections[item.section]!;
      const c = item.sentence !== undefined ? sentenceOf(section.passages, item.sentence, h) : h.citeHeading(section.passages[0]!, item.heading!);
      return c ? [c] : [];
    });
    // Items read from sentences lose their full stop: they are joined by semicolons. (What a
    // section says, or the prose under a heading that says what a release brought, is read as
    // it is written, sentence after sentence.)
    if (said || ('prose' in found && found.prose)) return { answer: { text: found.items.map((i) => i.text).join(' ') + (found.more ? ` (${found.more} more sentences)` : ''), kind: 'sentence', citations, confidence: 1, operation: analysis.operation }, step: said ? 'section-about' : 'outline-answer' };
    const items = found.items.map((i) => i.text.replace(/\.\s*$/, ''));
    const more = found.more ? `; and ${found.more} more` : '';
    return { answer: { text: `${items.join('; ')}${more}`, kind: 'sentence', items, citations, confidence: 1, operation: analysis.operation }, step: 'outline-answer' };
  }
  return undefined;
}

/** The citation of sentence `index` of a section, counted across its passages. */
function sentenceOf(passages: readonly Passage[], index: number, h: OutlineHelpers): Citation | undefined {
  let k = index;
  for (const p of passages) {
    if (k < p.sentences.length) return h.citeSentence(p, p.sentences[k]!);
    k -= p.sentences.length;
  }
  return undefined;
}
