/**
 * The languages of Latin-script text besides English, loaded on demand (`tokenizer.ts` imports
 * this module when a text shows words of them): which language a text is in, and each
 * language's stop words, elisions and stemmer.
 *
 * Detection is a stop-word profile: a text's function words (articles, prepositions,
 * pronouns, auxiliaries) say its language more surely than its content words, and the same
 * lists are what the index drops. A library (franc, tinyld, eld) would name more languages, but
 * Almanac can only act on those it has a stemmer for, their trigram models are tens of kB, and
 * they are unreliable on a question's few words, where function words still decide ("Quand la
 * bibliothèque a-t-elle ouvert ?"). The lists are short on purpose, as the English one is
 * (`stopwords.ts`): no word of time ("avant", "seit", "hasta") and no negation.
 *
 * Stemmers are Orama's (`@orama/stemmers`, Snowball ports), each imported with the first text
 * in its language.
 */
type Stem = (word: string) => string;

interface Language {
  /** Orama's stemmer module name. */
  stemmer: string;
  stop: ReadonlySet<string>;
  /** An elided article or pronoun glued to the word by an apostrophe ("l'année", "dell'anno"). */
  elision?: RegExp;
  stem?: Stem;
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(' '));

/** The languages read here, by BCP 47 tag. */
const LANGUAGES: Readonly<Record<string, Language>> = {
  fr: {
    stemmer: 'french',
    stop: words("le la les l un une des du de d et ou est sont était étaient a à ont avait avaient été être au aux en dans par pour sur avec ce cet cette ces c qui que qu quoi quel quelle quels quelles quand où comment pourquoi il elle ils elles on se s son sa ses leur leurs lui y"),
    elision: /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)'(?=\p{L})/u,
  },
  de: {
    stemmer: 'german',
    stop: words('der die das den dem des ein eine einen einem einer eines und oder ist sind war waren wurde wurden hat haben hatte hatten im in am an auf aus bei mit von vom zu zum zur für durch als wie was wer wen wem wann wo warum welche welcher welches welchen er sie es ihr ihre sein seine seiner dass sich'),
  },
  es: {
    stemmer: 'spanish',
    stop: words('el la los las lo un una unos unas y o de del al a en por para con es son era eran fue fueron ha han había ser que qué quien quién quienes cual cuál cuales cuando cuándo donde dónde como cómo se su sus él ella ellos ellas este esta estos estas ese esa'),
  },
  it: {
    stemmer: 'italian',
    stop: words('il lo la i gli le l un uno una e ed o di del dello della dei degli delle a al allo alla ai agli alle da dal dalla dai in nel nello nella nei negli nelle su sul sulla con per è sono era erano fu ha hanno aveva che chi cosa quale quali quando dove come perché si suo sua suoi sue questo questa lui lei loro'),
    elision: /^(?:[ln]|dell|dall|nell|all|sull|un|quest|quell)'(?=\p{L})/u,
  },
  pt: {
    stemmer: 'portuguese',
    stop: words('o a os as um uma uns umas e ou de do da dos das em no na nos nas ao aos à às por pelo pela para com é são era eram foi foram tem têm que quem qual quais quando onde como se seu sua seus suas ele ela eles elas este esta esse essa'),
  },
  nl: {
    stemmer: 'dutch',
    stop: words('de het een en of van in op aan met door bij uit naar is zijn was waren werd werden heeft hebben had dat die dit deze wie wat welke wanneer waar hoe waarom hij zij ze hun haar er te om'),
  },
};

const STEMMERS: Readonly<Record<string, () => Promise<Stem>>> = {
  french: () => import('@orama/stemmers/french').then((m) => m.stemmer),
  german: () => import('@orama/stemmers/german').then((m) => m.stemmer),
  spanish: () => import('@orama/stemmers/spanish').then((m) => m.stemmer),
  italian: () => import('@orama/stemmers/italian').then((m) => m.stemmer),
  portuguese: () => import('@orama/stemmers/portuguese').then((m) => m.stemmer),
  dutch: () => import('@orama/stemmers/dutch').then((m) => m.stemmer),
};

const TAGS = Object.keys(LANGUAGES);
/** English's function words: the tokenizer's stop words, given at load rather than imported, so that the list stays in the tokenizer's chunk. */
let english: ReadonlySet<string> = new Set();
/** Characters looked at to name a text's language: plenty for function words to decide, bounded for a large file. */
const SAMPLE_CHARS = 20_000;
const WORD = /\p{L}+/gu;
/**
 * Function words a document needs to be read in another language: one more than a question
 * (whose few words are all there is). A line of an English page that quotes a title ("- Torneo
 * Bodas de Oro del Real Madrid : 1952") stays English, and so meets an English question's
 * words. TimeQA, read paragraph by paragraph: 60 of its 15,655 in another language with two, 41
 * with three (list items quoting a French or German title, read so rightly).
 */
const DOCUMENT_MIN_HITS = 3;

/**
 * The language of a Latin-script text other than English, by its function words, or undefined
 * (English, or too little to tell). A word English also has ("in", "is", "was", "of") counts
 * for English only: it tells nothing apart. A language needs `minHits` of its words and more
 * than twice English's count (an English text quoting a French title stays English); among
 * languages, a word counts for each that has it, shared among them ("de" is French, Spanish,
 * Portuguese and Dutch: a quarter each; "quand" is French's alone), and a tie decides nothing.
 */
export function detectLatinLanguage(text: string, minHits = 2): string | undefined {
  const sample = text.length > SAMPLE_CHARS ? text.slice(0, SAMPLE_CHARS) : text;
  const scores = new Map<string, number>();
  const hits = new Map<string, number>();
  let inEnglish = 0;
  for (const [w] of sample.toLowerCase().matchAll(WORD)) {
    // A letter alone says little: an initial, "c." for circa, "p." for page, an elision's "l".
    if (w.length < 2) continue;
    if (english.has(w)) {
      inEnglish++;
      continue;
    }
    const tags = languagesOf(w);
    for (const tag of tags) {
      scores.set(tag, (scores.get(tag) ?? 0) + 1 / tags.length);
      hits.set(tag, (hits.get(tag) ?? 0) + 1);
    }
  }
  let best: string | undefined;
  let most = 0;
  let tie = false;
  for (const [tag, n] of scores) {
    if (n > most + 1e-9) { best = tag; most = n; tie = false; }
    else if (n > most - 1e-9) tie = true;
  }
  const n = best ? hits.get(best)! : 0;
  if (!best || tie || n < minHits || n <= 2 * inEnglish) return undefined;
  return best;
}

const NONE: readonly string[] = [];
let byWord: Map<string, string[]> | undefined;

/** The languages other than English whose function words include `word`. */
function languagesOf(word: string): readonly string[] {
  if (!byWord) {
    byWord = new Map();
    const add = (w: string, tag: string) => { const tags = byWord!.get(w); if (tags) tags.push(tag); else byWord!.set(w, [tag]); };
    for (const tag of TAGS) for (const w of LANGUAGES[tag]!.stop) add(w, tag);
  }
  return byWord.get(word) ?? NONE;
}

/**
 * Loads the stemmers of the languages `texts` are in (each text judged alone). Resolves to
 * whether one arrived. A failed import may be tried again.
 */
export async function loadLatinLanguages(texts: readonly string[], englishStopWords: ReadonlySet<string>): Promise<boolean> {
  english = englishStopWords;
  const wanted = new Set<Language>();
  for (const text of texts) {
    const tag = detectLatinLanguage(text);
    const lang = tag ? LANGUAGES[tag]! : undefined;
    if (lang && !lang.stem) wanted.add(lang);
  }
  if (!wanted.size) return false;
  await Promise.all([...wanted].map(async (lang) => { lang.stem ??= await STEMMERS[lang.stemmer]!(); }));
  return true;
}

/**
 * The language a text is read in: its detected language when that language's stemmer is
 * loaded, else undefined (English). `minHits` as in {@link detectLatinLanguage}.
 */
export function readingLanguage(text: string, minHits?: number): string | undefined {
  const tag = detectLatinLanguage(text, minHits);
  return tag && LANGUAGES[tag]!.stem ? tag : undefined;
}

/**
 * The language each document of `passages` is read in ({@link readingLanguage} of its
 * passages' text together; absent: English): a document is one language, so its short passages
 * (a heading, a list item) are read in the language its prose shows. The first pages say it as
 * surely as the whole of a large file.
 */
export function documentLanguages(passages: ReadonlyArray<{ docId: string; text: string }>): Map<string, string | undefined> {
  const texts = new Map<string, { parts: string[]; chars: number }>();
  for (const p of passages) {
    let t = texts.get(p.docId);
    if (!t) texts.set(p.docId, (t = { parts: [], chars: 0 }));
    if (t.chars < SAMPLE_CHARS) {
      t.parts.push(p.text);
      t.chars += p.text.length;
    }
  }
  const out = new Map<string, string | undefined>();
  for (const [id, t] of texts) out.set(id, readingLanguage(t.parts.join('\n'), DOCUMENT_MIN_HITS));
  return out;
}

/** An ingest report's language (`assumed`, from the script) as read: `tag`, another language of Latin text, when there is one. */
export function reportedLanguage<T extends { tag: string; stemmer?: string }>(assumed: T, tag: string | undefined): T {
  return tag ? { ...assumed, tag, stemmer: LANGUAGES[tag]!.stemmer } : assumed;
}

/**
 * A lower-cased Latin word of a text in `tag` as a term, before accent folding: '' for a stop
 * word, else stemmed, an elided article first cut off. Undefined when the language or its
 * stemmer is not loaded (the caller reads the word as English).
 */
export function latinTerm(word: string, tag: string): string | undefined {
  const lang = LANGUAGES[tag];
  if (!lang?.stem) return undefined;
  const w = lang.elision ? word.replace(lang.elision, '') : word;
  if (lang.stop.has(w)) return '';
  // Orama's Snowball ports expect a word without apostrophes.
  return lang.stem(w.replace(/'/g, ''));
}
