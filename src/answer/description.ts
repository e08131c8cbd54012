/**
 * "What is code freeze?", "what happens during Kubernetes code freeze?", "what does LTS mean?":
 * a question for a description of a thing is answered by the section a document heads with
 * that thing's name, its opening sentence: a glossary's entry, a phase's section of a process
 * document. Read off the question and the heading alone. Pure.
 */
import { headingPath } from '../text/heading-path.ts';

/** The frames of a description question, the thing described in the group. */
const FRAMES = [
  /^\s*what\s+(?:happens|happened)\s+(?:during|in|at|after|before)\s+(?:the\s+|a\s+)?(.+?)\s*\?*\s*$/i,
  // "What is PEP 602 about?": as "what does PEP 602 propose?".
  /^\s*what\s+(?:is|are|was)\s+(?:the\s+)?(.+?)\s+about\s*\?*\s*$/i,
  /^\s*what\s+(?:is|are)\s+(?:the\s+|an?\s+)?(.+?)\s*\?*\s*$/i,
  // ("What does LTS mean for Ubuntu?": LTS, whose expansion Ubuntu's documents give.)
  /^\s*what\s+does\s+(?:the\s+|an?\s+)?(.+?)\s+(?:mean|stand\s+for)(?:\s+(?:for|in|at|on|to)\s+.+?)?\s*\?*\s*$/i,
  /^\s*how\s+(?:does|do)\s+(?:the\s+|an?\s+)?(.+?)\s+work\s*\?*\s*$/i,
  // "What does the release team lead do?": the section its role heads.
  /^\s*what\s+(?:does|do)\s+(?:the\s+|an?\s+)?(.+?)\s+do\s*\?*\s*$/i,
  // "What does PEP 602 propose?": a document's own summary (`summaryOf`).
  /^\s*what\s+(?:does|did)\s+(?:the\s+)?(.+?)\s+(?:propose|describe|define|specify|cover|recommend)\s*\?*\s*$/i,
];

/** The headings of a document's own summary of itself. */
export const SUMMARY_HEADING = /^\s*(?:abstract|summary|overview|introduction|tl;?dr)\s*$/i;

/**
 * The thing a description question asks about ("Kubernetes code freeze"), or undefined for
 * another question. "What is the ...?" may ask for a value too: a section headed by its words
 * still answers before a sentence or a cell that names them, not before a calculation
 * (`engine/answer.ts`; no HiTab or TAT-QA answer changed).
 */
export function describedThing(question: string): string | undefined {
  for (const frame of FRAMES) {
    const m = frame.exec(question);
    if (m) return m[1]!.trim();
  }
  return undefined;
}

/**
 * Whether a section's heading names the described thing: the words of one level of its path are
 * the thing's, and the thing's other words are the document's title's ("Kubernetes code freeze" of
 * "Code Freeze" in "Kubernetes Release Phases"; not "Code Freeze Exceptions", nor a section
 * that names only part of the thing). `terms` is the engine's tokenizer, passed in: this module
 * is loaded with such a question, and a lazy chunk that imports what the start holds splits it.
 */
export function headsDescription(heading: string, thing: string, title: string, terms: (text: string) => string[]): boolean {
  const wanted = terms(thing);
  if (!wanted.length) return false;
  const titled = new Set(terms(title));
  // Any level of the path: "The steering council › Composition" opens with what the council is.
  return headingPath(heading).some((level) => {
    const own = new Set(terms(level));
    return own.size > 0 && [...own].every((t) => wanted.includes(t)) && wanted.every((t) => own.has(t) || titled.has(t));
  });
}
