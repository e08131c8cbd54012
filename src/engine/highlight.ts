import { tokenize } from '../text/tokenizer.ts';

// A word with its inner separators, as the tokenizer reads it: "1,234.50", "police-reported", "Canada's".
const WORD = /[\p{L}\p{N}]+(?:[.,'’-][\p{L}\p{N}]+)*/gu;

// Word -> its terms. Results repeat words from query to query (a row summary names its headers
// again and again); bounded against a stream of unique words.
const WORD_CACHE_MAX = 50_000;
const wordTerms = new Map<string, string[]>();

/**
 * Query words found in `text`, as `[start, end)` offsets. A word is marked when one of its terms
 * is a term of the query, by the tokenizer the indexes use, so the marks show what matched:
 * "elections" for "election" (stems), "yds" for "yards" (abbreviations), "1,234.50" for "1234.5"
 * (numbers), and no stop words.
 */
export function findHighlights(query: string, text: string): Array<[number, number]> {
  const wanted = new Set(tokenize(query));
  if (!wanted.size) return [];
  const out: Array<[number, number]> = [];
  for (const m of text.matchAll(WORD)) {
    let terms = wordTerms.get(m[0]);
    if (!terms) {
      if (wordTerms.size >= WORD_CACHE_MAX) wordTerms.clear();
      wordTerms.set(m[0], (terms = tokenize(m[0])));
    }
    if (terms.some((t) => wanted.has(t))) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}
