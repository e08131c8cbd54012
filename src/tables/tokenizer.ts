import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { STOP_WORDS, TOKEN_END } from './settings.ts';

type Stemmer = (word: string) => string;
let english: Stemmer | undefined;

/** Orama's English stemmer, taken from its tokenizer so the engine and the bench share one. */
function englishStemmer(): Stemmer {
  english ??= (oramaTokenizer.createTokenizer({ language: 'english', stemming: true }) as unknown as { stemmer: Stemmer }).stemmer;
  return english;
}

/**
 * The tokenizer configuration every BM25 index of Almanac should be created with
 * (`create({ schema, components: { tokenizer: bm25TokenizerConfig() } })`): English, stemmed,
 * {@link STOP_WORDS} removed, and each token ended with {@link TOKEN_END} so Orama's prefix
 * search becomes exact matching. Fusion tokenizes with the same settings.
 */
export function bm25TokenizerConfig(): { language: 'english'; stemming: true; stemmer: Stemmer; stopWords: string[] } {
  const stem = englishStemmer();
  // Orama's splitter yields empty strings at the edges; they must stay empty, or every text
  // would share the token "_" and every query would match every passage.
  return { language: 'english', stemming: true, stemmer: (w: string) => (w ? stem(w) + TOKEN_END : ''), stopWords: [...STOP_WORDS] };
}
