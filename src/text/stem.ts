import { tokenizer } from '@orama/orama/components';

const englishStemmer = tokenizer.createTokenizer({ stemming: true }).stemmer!;
const stems = new Map<string, string>();

/**
 * Orama's English stemmer, remembered: Orama does not cache stems while indexing, and a
 * corpus repeats its words, so this halves the stemming time of an ingest or a restore.
 * Bounded so a stream of unique tokens cannot grow it without limit. Shared by the BM25
 * indexes and the fusion so a term is the same word in both.
 */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    if (stems.size > 200_000) stems.clear();
    s = englishStemmer(word);
    stems.set(word, s);
  }
  return s;
}
