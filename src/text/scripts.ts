/**
 * Writing systems, and what the tokenizer does with the words of each (`tokenizer.ts` reads
 * Latin text itself; this module covers the others, and names the language a document was
 * assumed to be in).
 *
 * The stemmer is chosen by a word's script: a Cyrillic word is stemmed as Russian wherever it
 * appears. A Latin word is English unless its text's function words say French, German,
 * Spanish, Italian, Portuguese or Dutch (`latin-languages.ts`, document by document and for the
 * question: the one script several languages share). Stemmers are Orama's own
 * (`@orama/stemmers`, Snowball ports), for the scripts whose main language has one; the words of
 * other scripts are kept whole. Scripts written without spaces between words (Chinese, Japanese,
 * Thai, Lao, Khmer, Burmese) are cut into words by `Intl.Segmenter` (ICU's dictionaries).
 *
 * The six stemmers are loaded on first use ({@link loadScriptStemmers}): they were 15-22 kB of
 * the embed's gzip, which a site in English never needs. The tokenizer is synchronous, so
 * whoever tokenises text must load the stemmers its scripts need first (the engine does, at
 * every door where text comes in: ingest, open, import, another tab's change, the question);
 * a word whose stemmer is not loaded yet is kept whole, and the tokenizer forgets the terms it
 * cached once a stemmer arrives.
 */

/** A script Almanac knows by name, with the language its text is assumed to be in. */
export interface ScriptInfo {
  /** Unicode script name. */
  script: string;
  /** BCP 47 tag of the language assumed for the script's text. */
  tag: string;
  /** Stemmer applied to its words, by language name; absent: words are kept whole. */
  stemmer?: string;
  /** Written without spaces: words come from `Intl.Segmenter`. */
  segmented: boolean;
}

type Stem = (word: string) => string;

export interface Script extends ScriptInfo {
  test: RegExp;
  /** The stemmer, once loaded. */
  stem?: Stem;
}

/** Each stemmer's module, imported on first use (a chunk of its own in a bundle). */
const STEMMERS: Readonly<Record<string, () => Promise<Stem>>> = {
  russian: () => import('@orama/stemmers/russian').then((m) => m.stemmer),
  greek: () => import('@orama/stemmers/greek').then((m) => m.stemmer),
  arabic: () => import('@orama/stemmers/arabic').then((m) => m.stemmer),
  armenian: () => import('@orama/stemmers/armenian').then((m) => m.stemmer),
  hindi: () => import('@orama/stemmers/indian').then((m) => m.stemmer),
  tamil: () => import('@orama/stemmers/tamil').then((m) => m.stemmer),
};

// Latin first: nearly every word is Latin, and the lookup stops at the first match.
export const SCRIPTS: readonly Script[] = [
  { script: 'Latin', tag: 'en', stemmer: 'english', segmented: false, test: /\p{Script=Latin}/u },
  { script: 'Cyrillic', tag: 'ru', stemmer: 'russian', segmented: false, test: /\p{Script=Cyrillic}/u },
  { script: 'Greek', tag: 'el', stemmer: 'greek', segmented: false, test: /\p{Script=Greek}/u },
  { script: 'Arabic', tag: 'ar', stemmer: 'arabic', segmented: false, test: /\p{Script=Arabic}/u },
  { script: 'Armenian', tag: 'hy', stemmer: 'armenian', segmented: false, test: /\p{Script=Armenian}/u },
  { script: 'Devanagari', tag: 'hi', stemmer: 'hindi', segmented: false, test: /\p{Script=Devanagari}/u },
  { script: 'Tamil', tag: 'ta', stemmer: 'tamil', segmented: false, test: /\p{Script=Tamil}/u },
  { script: 'Hebrew', tag: 'he', segmented: false, test: /\p{Script=Hebrew}/u },
  { script: 'Hangul', tag: 'ko', segmented: false, test: /\p{Script=Hangul}/u },
  // Kana before Han: Japanese text mixes both, Chinese has no kana.
  { script: 'Hiragana', tag: 'ja', segmented: true, test: /[\p{Script=Hiragana}\p{Script=Katakana}]/u },
  { script: 'Han', tag: 'zh', segmented: true, test: /\p{Script=Han}/u },
  { script: 'Thai', tag: 'th', segmented: true, test: /\p{Script=Thai}/u },
  { script: 'Lao', tag: 'lo', segmented: true, test: /\p{Script=Lao}/u },
  { script: 'Khmer', tag: 'km', segmented: true, test: /\p{Script=Khmer}/u },
  { script: 'Myanmar', tag: 'my', segmented: true, test: /\p{Script=Myanmar}/u },
  { script: 'Georgian', tag: 'ka', segmented: false, test: /\p{Script=Georgian}/u },
  { script: 'Bengali', tag: 'bn', segmented: false, test: /\p{Script=Bengali}/u },
  { script: 'Ethiopic', tag: 'am', segmented: false, test: /\p{Script=Ethiopic}/u },
];

export const LATIN = SCRIPTS[0]!;
/** Scripts whose words are stemmed (Latin aside, which the tokenizer stems itself). */
const STEMMED = SCRIPTS.filter((s) => s !== LATIN && s.stemmer);
// One class of their scripts' letters (an alternation of six Unicode classes cost half as much again).
const STEMMED_SOURCES = STEMMED.map((s) => s.test.source);
const ANY_STEMMED = new RegExp(STEMMED_SOURCES.every((s) => /^\\p\{[^}]+\}$/.test(s)) ? `[${STEMMED_SOURCES.join('')}]` : STEMMED_SOURCES.join('|'), 'u');
/**
 * A character outside ASCII, Latin-1, Latin Extended-A and -B and General Punctuation, where no
 * letter of a stemmed script is (the test file checks every code point): a cheap scan before
 * {@link ANY_STEMMED}'s Unicode classes, which an English text's dashes and ellipses ("…", the
 * end of every capped table summary) no longer send it to.
 */
export const BEYOND_LATIN = /[^\x00-\u024f\u2000-\u206f]/;
const loading = new Map<Script, Promise<void>>();

/**
 * The characters of the scripts written without spaces, as a regular expression class body, with
 * the marks and signs they share with others (the prolonged sound mark ー, iteration marks), which
 * `Script_Extensions` assigns to them.
 */
export const UNSPACED_CHARS = '\\p{scx=Han}\\p{scx=Hiragana}\\p{scx=Katakana}\\p{scx=Thai}\\p{scx=Lao}\\p{scx=Khmer}\\p{scx=Myanmar}';

/** The script of a word: the first known script among its letters (a word rarely mixes two). */
export function scriptOf(word: string): Script | undefined {
  for (const s of SCRIPTS) if (s.test.test(word)) return s;
  return undefined;
}

/**
 * A non-Latin word as a term: stemmed when its script's language has a stemmer, else whole.
 * Returns undefined for a Latin word (or one of digits only), which the tokenizer's English path
 * reads. A stemmer not loaded yet ({@link loadScriptStemmers}) leaves the word whole.
 */
export function nonLatinTerm(word: string): string | undefined {
  const script = scriptOf(word);
  if (!script || script === LATIN) return undefined;
  return script.stem ? script.stem(word) : word;
}

/**
 * Loads the stemmers of the scripts `texts` are written in that are not loaded yet. Resolves
 * to whether any arrived (the tokenizer then forgets the terms it cached: `loadStemmers` in
 * `tokenizer.ts`). A text of ASCII only costs one native scan.
 */
export async function loadScriptStemmers(texts: Iterable<string>): Promise<boolean> {
  const missing = STEMMED.filter((s) => !s.stem);
  const wanted = new Set<Script>();
  for (const text of texts) {
    if (wanted.size >= missing.length) break;
    if (!text || !BEYOND_LATIN.test(text) || !ANY_STEMMED.test(text)) continue;
    for (const s of missing) if (!wanted.has(s) && s.test.test(text)) wanted.add(s);
  }
  if (!wanted.size) return false;
  await Promise.all([...wanted].map((s) => {
    let p = loading.get(s);
    if (!p) {
      p = STEMMERS[s.stemmer!]!().then((stem) => { s.stem = stem; });
      // A failed import (a network error fetching the chunk) may be tried again.
      p.catch(() => loading.delete(s));
      loading.set(s, p);
    }
    return p;
  }));
  return true;
}

/** The stemmers loaded so far, by language name. */
export function loadedStemmers(): string[] {
  return STEMMED.filter((s) => s.stem).map((s) => s.stemmer!);
}

let segmenter: Intl.Segmenter | undefined | null;

/**
 * The words of a run of a script written without spaces, by `Intl.Segmenter` (word granularity:
 * ICU's dictionaries for Chinese, Japanese, Thai, Lao, Khmer, Burmese). Where the runtime has no
 * segmenter, each character is a word: cruder, but every word of the run still matches.
 */
export function segmentWords(run: string): string[] {
  return segmentSpans(run).map((s) => s.segment);
}

/** {@link segmentWords} with each word's offset in the run (for highlighting). */
export function segmentSpans(run: string): Array<{ segment: string; index: number }> {
  if (segmenter === undefined) segmenter = typeof Intl !== 'undefined' && 'Segmenter' in Intl ? new Intl.Segmenter(undefined, { granularity: 'word' }) : null;
  const out: Array<{ segment: string; index: number }> = [];
  if (!segmenter) {
    let index = 0;
    for (const segment of run) {
      out.push({ segment, index });
      index += segment.length;
    }
    return out;
  }
  for (const s of segmenter.segment(run)) if (s.isWordLike) out.push({ segment: s.segment, index: s.index });
  return out;
}
