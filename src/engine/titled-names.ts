import type { Passage } from '../types.ts';

/**
 * A document titled by a name the question gives is that thing's own: Django's release table
 * ("Django") answers "which Django version came out in December 2023?", where Wagtail's, whose
 * rows list the Django versions each of its releases supports, names Django more often. A title
 * is the name when its letters and digits are those of a run of up to four of the question's
 * words that opens with a capitalised one ("Django", "Node.js", "Alpine Linux"); the question's
 * first word, capitalised as any sentence's, opens none.
 */
export function titleNames(question: string): ReadonlySet<string> {
  const words = question.match(/[\p{L}\p{N}]+/gu) ?? [];
  const runs = new Set<string>();
  words.forEach((w, i) => {
    if (i === 0 || !/^\p{Lu}/u.test(w)) return;
    let run = '';
    for (let k = i; k < Math.min(words.length, i + MAX_WORDS); k++) runs.add((run += words[k]!.toLowerCase()));
  });
  return runs;
}

/** Most words of a question a title may be. */
const MAX_WORDS = 4;

/** Whether `title` is one of the names {@link titleNames} read off a question. */
export function isTitledBy(title: string | undefined, names: ReadonlySet<string>): boolean {
  return !!title && names.size > 0 && names.has(title.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ''));
}

/**
 * The documents titled by a name the question gives go before the others, each group in the
 * order it had; the ranking as it was where no candidate document is so titled.
 */
export function preferTitledNames<R extends { passage: Passage }>(ranked: R[], query: string, titleOf: (docId: string) => string | undefined): R[] {
  const names = titleNames(query);
  if (!names.size) return ranked;
  const titled = new Map<string, boolean>();
  const own = (docId: string) => {
    let t = titled.get(docId);
    if (t === undefined) titled.set(docId, (t = isTitledBy(titleOf(docId), names)));
    return t;
  };
  const first = ranked.filter((r) => own(r.passage.docId));
  if (!first.length) return ranked;
  return [...first, ...ranked.filter((r) => !own(r.passage.docId))];
}
