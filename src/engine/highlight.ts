import { segmentSpans, UNSPACED_CHARS } from '../text/scripts.ts';
import { ONE_TERM_PHRASES, tokenize } from '../text/tokenizer.ts';

// A word with its inner separators, as the tokenizer reads it: "1,234.50", "police-reported",
// "Canada's"; or a group of words it reads as one term ("United States"); or a run of a script
// written without spaces (Chinese, Thai...), whose words the segmenter finds (`UNSPACED`).
const WORD = new RegExp(`(?<unspaced>[${UNSPACED_CHARS}]+)|\\p{Emoji_Presentation}|${ONE_TERM_PHRASES.source}|[\\p{L}\\p{M}\\p{N}]+(?:[.,'’-][\\p{L}\\p{M}\\p{N}]+)*`, 'giu');

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
  return highlighter(query)(text);
}

/** {@link findHighlights} for one query and many texts: the query is read once. */
export function highlighter(query: string): (text: string) => Array<[number, number]> {
  const wanted = new Set(tokenize(query));
  return (text) => (wanted.size ? marksOf(wanted, text) : []);
}

/** A text's words as the marks read them, in order: `at[2k]`, `at[2k + 1]` the span of word `k`, `terms[k]` its terms. */
interface Words {
  at: number[];
  terms: string[][];
}

// Results show the same passages query after query (a table's best rows): each text's words are
// read once while it is among the last TEXTS_MAX read, not one regular expression match a word a query.
const TEXTS_MAX = 1024;
const texts = new Map<string, Words>();

function wordsOf(text: string): Words {
  let words = texts.get(text);
  if (words) return words;
  if (texts.size >= TEXTS_MAX) texts.delete(texts.keys().next().value!);
  words = { at: [], terms: [] };
  // One regular expression walked by `exec` (no iterator, no groups object a word). Synchronous,
  // so the shared `lastIndex` is safe.
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    if (m[1] !== undefined) for (const w of segmentSpans(m[0])) addWord(words, w.segment, m.index + w.index);
    else addWord(words, m[0], m.index);
  }
  texts.set(text, words);
  return words;
}

function addWord(words: Words, word: string, at: number): void {
  let terms = wordTerms.get(word);
  if (!terms) {
    if (wordTerms.size >= WORD_CACHE_MAX) wordTerms.clear();
    wordTerms.set(word, (terms = tokenize(word)));
  }
  // A stop word has no term: it is never marked.
  if (!terms.length) return;
  words.at.push(at, at + word.length);
  words.terms.push(terms);
}

function marksOf(wanted: ReadonlySet<string>, text: string): Array<[number, number]> {
  const { at, terms: all } = wordsOf(text);
  const found: Array<{ span: [number, number]; matched: number; several: boolean }> = [];
  let bestOfSeveral = 0;
  for (let k = 0; k < all.length; k++) {
    const terms = all[k]!;
    let matched = 0;
    for (const t of terms) if (wanted.has(t)) matched++;
    if (matched === 0) continue;
    const several = terms.length > 1;
    if (several && matched > bestOfSeveral) bestOfSeveral = matched;
    found.push({ span: [at[2 * k]!, at[2 * k + 1]!], matched, several });
  }
  // A word read as several terms ("2023-03": 2023, March; "2017-19": its years) is marked only
  // when it matches as many of the question's terms as the best such word: for "March 2023",
  // "2023-03" and not every month of 2023.
  return found.filter((f) => !f.several || f.matched === bestOfSeveral).map((f) => f.span);
}
