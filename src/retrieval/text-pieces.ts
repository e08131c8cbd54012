import type { Tokenizer } from '@orama/orama';
import type { Passage } from '../types.ts';
import { separableAt } from '../text/tokenizer.ts';

/**
 * A passage's text as the pieces it was written from (a table summary: its heading, header
 * paths and values, `src/tables/summaries.ts`), from preparing it until it is tokenised: each
 * distinct piece of a table is then tokenised once, not once per row and column summary it
 * appears in (HiTab's header paths are repeated in every summary of their table). Weak, and
 * dropped once read: nothing of it stays with a stored or indexed passage.
 */
const PIECES = new WeakMap<Passage, readonly string[]>();

/** Records the pieces `passage.text` was written from (their concatenation is its text). */
export function setTextPieces(passage: Passage, pieces: readonly string[]): void {
  if (pieces.length > 1) PIECES.set(passage, pieces);
}

/**
 * The counting tokenizer's terms of `passage.text`, as runs to read in order: from its pieces where it has them (each
 * distinct piece, or run of pieces that cannot be cut apart, tokenised once into `cache`), else
 * from the text. The same terms either way (`separableAt`); a passage's pieces are forgotten
 * here, so a second call tokenises the text.
 */
export function passageTerms(passage: Passage, tokenizer: Tokenizer, cache: Map<string, string[]>): string[][] {
  const pieces = PIECES.get(passage);
  if (!pieces) return [tokenizer.tokenize(passage.text) as string[]];
  PIECES.delete(passage);
  const out: string[][] = [];
  const flush = (piece: string) => {
    let terms = cache.get(piece);
    if (!terms) cache.set(piece, (terms = tokenizer.tokenize(piece) as string[]));
    if (terms.length) out.push(terms);
  };
  let run = pieces[0]!;
  for (let i = 1; i < pieces.length; i++) {
    const next = pieces[i]!;
    if (separableAt(run, next)) {
      flush(run);
      run = next;
    } else {
      run += next;
    }
  }
  flush(run);
  return out;
}
