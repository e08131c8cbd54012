/**
 * "What is code freeze?", "what happens during Kubernetes code freeze?", "what does LTS mean?":
 * a question for a description of a thing is answered by the section a document heads with
 * that thing's name, its opening sentence: a glossary's entry, a phase's section of a process
 * document. Read off the question and the heading alone. Pure.
 */
import { HEADING_PATH_SEPARATOR } from '../text/heading-path.ts';

/**
 * The frames of a description question, the thing described in the group. Only "what is the
 * ...?" also asks for values ("what is the total revenue?"): `surely` is false for it.
 */
const FRAMES: ReadonlyArray<{ frame: RegExp; surely: boolean }> = [
  { frame: /^\s*what\s+(?:happens|happened)\s+(?:during|in|at|after|before)\s+(?:the\s+|a\s+)?(.+?)\s*\?*\s*$/i, surely: true },
  { frame: /^\s*what\s+(?:is|are)\s+(?!(?:the|a|an|its|their|this|that|these|those)\b)(.+?)\s*\?*\s*$/i, surely: true },
  { frame: /^\s*what\s+(?:is|are)\s+(?:the|an?)\s+(.+?)\s*\?*\s*$/i, surely: false },
  { frame: /^\s*what\s+does\s+(?:the\s+|an?\s+)?(.+?)\s+mean\s*\?*\s*$/i, surely: true },
  { frame: /^\s*how\s+(?:does|do)\s+(?:the\s+|an?\s+)?(.+?)\s+work\s*\?*\s*$/i, surely: true },
];

/**
 * The thing a description question asks about ("Kubernetes code freeze"), and whether the
 * question surely asks for a description (not "what is the ...?", which may ask for a value);
 * undefined for another question.
 */
export function describedThing(question: string): { thing: string; surely: boolean } | undefined {
  for (const { frame, surely } of FRAMES) {
    const m = frame.exec(question);
    if (m) return { thing: m[1]!.trim(), surely };
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
  return heading.split(HEADING_PATH_SEPARATOR).some((level) => {
    const own = new Set(terms(level));
    return own.size > 0 && [...own].every((t) => wanted.includes(t)) && wanted.every((t) => own.has(t) || titled.has(t));
  });
}
