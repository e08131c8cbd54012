import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import type { Tokenizer } from '@orama/orama';
import { STOP_WORDS } from './stopwords.ts';
import { stem } from './stem.ts';
import { expandAbbreviation } from './abbreviations.ts';

/**
 * Rewrites text so that Orama's English splitter (which cuts at everything but letters, digits,
 * `_`, `'` and `-`) yields the words a reader sees:
 * - one number, one token: thousands separators go ("1,234" -> "1234"), a decimal point becomes
 *   `_`, which the splitter keeps ("3.7" -> "3_7", where it made "3" and "7"), a fraction's
 *   trailing zeros go ("48.0" -> "48"), and so does a leading minus ("-5.2" -> "5_2": a table
 *   writes a fall as "-5.2", a sentence as "fell 5.2%"). A question quoting a figure can then
 *   match the cell that holds it;
 * - compounds split: "police-reported", "non-aboriginal", "24-year-olds" become their words, as
 *   the same idea is written "reported by police", "non aboriginal", "24 years" elsewhere
 *   (measured: `src/tables/settings.ts`). Digit-digit spans ("2015-16", "covid-19") stay whole;
 * - possessives and quotes go ("Canada's" -> "Canada", "'quoted'" -> "quoted"), which Orama
 *   kept as "canada'"; inner apostrophes ("don't") stay.
 */
export function normalizeWords(text: string): string {
  return text
    .replace(/(\d),(?=\d{3}(?!\d))/g, '$1')
    .replace(/(\d)\.(\d+)/g, (_m, whole: string, fraction: string) => {
      const f = fraction.replace(/0+$/, '');
      return f ? `${whole}_${f}` : whole;
    })
    .replace(/(?<![\p{L}\p{N}_])-(?=\d)/gu, '')
    .replace(/(?<=[\p{L}\p{N}])-(?=\p{L})|-(?![\p{L}\p{N}])/gu, ' ')
    .replace(/’/g, "'")
    .replace(/(?<=\p{L})'s\b/gu, '')
    .replace(/'(?!\p{L})|(?<!\p{L})'/gu, ' ');
}

/**
 * The tokenizer of every lexical comparison in Almanac — the BM25 indexes and the table
 * fusion — so a term is the same word everywhere: {@link normalizeWords}, then Orama's English
 * tokenizer, stemmed (`stem`), with Almanac's short stop-word list.
 *
 * @param allowDuplicates keep repeated tokens (the BM25 index counts terms).
 */
export function createTextTokenizer(allowDuplicates = false): Tokenizer {
  const base = oramaTokenizer.createTokenizer({ language: 'english', stemming: true, stemmer: stemWord, stopWords: [...STOP_WORDS], allowDuplicates });
  const tokenizeText = base.tokenize.bind(base);
  base.tokenize = (input, language, prop, withCache) => tokenizeText(typeof input === 'string' ? normalizeWords(input) : input, language, prop, withCache);
  return base;
}

/** A token as the indexes keep it: a table abbreviation read as its word, then stemmed. */
function stemWord(token: string): string {
  return stem(expandAbbreviation(token));
}

let shared: Tokenizer | undefined;

/** The distinct terms of `text`, in order of first occurrence: {@link createTextTokenizer}'s tokens. */
export function tokenize(text: string): string[] {
  shared ??= createTextTokenizer();
  return shared.tokenize(text, 'english', undefined, false) as string[];
}
