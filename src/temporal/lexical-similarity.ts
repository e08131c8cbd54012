/**
 * The default semantic score of the temporal reranker when no model is loaded
 * (zero-download mode): a deterministic lexical similarity between the main content and
 * a sentence, in [0, 1], comparable across sentences and passages of one query.
 *
 * It is idf-weighted query-term coverage, with idf computed over the candidate set (the
 * words that tell candidates apart, not the corpus's). A sentence rarely repeats its
 * subject: the page title sits in the passage heading and the subject in the sentence
 * before ("He joined ... in 1997"), so a query term found only in the heading, a
 * neighbouring sentence or elsewhere in the passage counts for part of a match. A list item
 * ("- Yuri Puntus ( 1 March 1996 – 30 November 2004 )") is read in its list's context: the
 * words of the list's lead count for it (see `LEXICAL.listLeadWeight`, `unseenLeadWeight`).
 */

import type { Passage } from '../types.ts';
import { STOP_WORDS } from '../text/stopwords.ts';
import { LEXICAL } from './settings.ts';

const STOP = new Set(STOP_WORDS);
const WORD = /[\p{L}\p{N}]+/gu;

/** A light suffix stripper: enough to meet "owned"/"owner"/"owns" half-way, cheap enough per query. */
function stem(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (/(?:sh|ch|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

// Countries written two ways, one term each (as the BM25 tokenizer reads "U.S."): a question
// says "UK prime minister", the sentence "Prime Minister of the United Kingdom". Upper case
// only for the short forms: "us" is a pronoun.
const PLACE_NAMES: Array<[RegExp, string]> = [
  [/\bU\.?K\.?(?![\p{L}\p{N}])|\bunited\s+kingdom\b/giu, ' unitedkingdom '],
  [/\bU\.S\.(?:A\.)?|\bU\.S(?![\p{L}\p{N}.])|\bUSA?\b|\bunited\s+states(?:\s+of\s+america)?\b/gu, ' unitedstates '],
];

const CAMEL = /(\p{Ll})(\p{Lu})/gu;

/** Content words of `text`, lower-cased, stop words dropped, lightly stemmed. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  let t = text;
  if (/U|nited/.test(t)) for (const [re, term] of PLACE_NAMES) t = t.replace(re, term);
  // Field names written camelCase are words: "releaseDate" is "release date".
  t = t.replace(CAMEL, '$1 $2');
  for (const m of t.toLowerCase().matchAll(WORD)) {
    const w = m[0];
    if (STOP.has(w)) continue;
    out.push(stem(w));
  }
  return out;
}

const NAME = /(?<=[\s(\-"'])\p{Lu}[\p{L}\p{N}]+/gu;
// A sentence's first word is capitalised anyway; it is a name when the next word is one too
// ("Boris Johnson has been ...", not "In 1997 ..."). Without it the sentence that names the
// answer first looks answerless. Measured: TimeQA unchanged (AR@1 / ER@1 55.3 / 43.6 either
// way); it keeps "Boris Johnson has been the prime minister ..." the best sentence of its
// passage in `test/temporal/rerank.test.ts` at `LEXICAL.nameWeight` 0.35.
const LEADING_NAME = /^\P{L}*(\p{Lu}[\p{L}\p{N}]+)\s+\p{Lu}[\p{L}\p{N}]+/u;
const NOT_NAMES = new Set(['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'i']);

function namesOf(sentence: string): Set<string> {
  const out = new Set<string>();
  const lead = LEADING_NAME.exec(sentence);
  if (lead) { const w = lead[1]!.toLowerCase(); if (!STOP.has(w) && !NOT_NAMES.has(w)) out.add(stem(w)); }
  for (const m of sentence.matchAll(NAME)) {
    const w = m[0].toLowerCase();
    if (!STOP.has(w) && !NOT_NAMES.has(w)) out.add(stem(w));
  }
  return out;
}

// A bulleted or numbered list item as the text keeps it ("- Yuri Puntus ( 1 March 1996 – 30
// November 2004 )", "2. ..."): an elliptical statement whose predicate is the list's lead.
const LIST_ITEM = /^\s*(?:[-*+•‣▪◦–—]|\(?\d{1,3}[.)])\s/u;
// A lead that introduces a list ("The club has had these managers:"). The readers that strip a
// list's markers (Markdown, HTML) still give each item a sentence of its own; such an item
// rarely ends as a sentence does.
const LEAD = /:\s*$/;
const SENTENCE_END = /[.!?]["'”’)\]]*\s*$/u;

/**
 * The list context of each sentence: for a list item, the terms of its list's lead (the nearest
 * sentence before it in the passage that is not an item: "Managers:", "The club has had these
 * coaches:"), or `null` when the lead is not in the passage (the item opens it); `undefined`
 * for a sentence that is no list item. An item is a sentence that opens with a list marker, or
 * one without a sentence's end that follows a lead ending in a colon (or an item of its list).
 */
function listLeads(texts: string[], sentences: Array<Set<string>>): Array<Set<string> | null | undefined> {
  let lead: Set<string> | null = null;
  let open = false;
  return texts.map((text, i) => {
    if (LIST_ITEM.test(text) || (open && !SENTENCE_END.test(text))) return lead;
    lead = sentences[i]!;
    open = LEAD.test(text);
    return undefined;
  });
}

interface PassageTerms {
  sentences: Array<Set<string>>;
  /** The terms of each list item's lead (see {@link listLeads}). */
  leads: Array<Set<string> | null | undefined>;
  /** Capitalised words of each sentence (not its first word): candidate names, the usual answer. */
  names: Array<Set<string>>;
  heading: Set<string>;
  all: Set<string>;
}

// Passages are immutable once ingested, and the engine hands the same objects to every
// query, so their terms are computed once.
const cache = new WeakMap<Passage, PassageTerms>();

function termsOf(p: Passage, titleOf?: (p: Passage) => string | undefined): PassageTerms {
  let t = cache.get(p);
  if (t) return t;
  const texts = p.sentences.length ? p.sentences.map((s) => p.text.slice(s.start, s.end)) : [p.text];
  const sentences = texts.map((text) => new Set(contentTerms(text)));
  const leads = listLeads(texts, sentences);
  const names = p.sentences.length
    ? p.sentences.map((s) => namesOf(p.text.slice(s.start, s.end)))
    : [namesOf(p.text)];
  const all = new Set<string>();
  for (const s of sentences) for (const w of s) all.add(w);
  const heading = new Set(p.heading ? contentTerms(p.heading) : []);
  // A section's passage is about its document's subject too ("r58 (released 2011/06/29)" in
  // "Pre-Go 1 Release History"): the document's title joins its heading.
  const title = titleOf?.(p);
  if (title && title !== p.heading) for (const w of contentTerms(title)) heading.add(w);
  t = { sentences, leads, names, heading, all };
  cache.set(p, t);
  return t;
}

/** Scores the sentences of a candidate set against one query; build once per query. */
export interface LexicalScorer {
  /** One similarity in [0, 1] per sentence of `passage` (one for the whole text when it has no sentences). */
  scoreSentences(passage: Passage): number[];
}

/**
 * Builds the lexical scorer for `query` over `passages` (the candidate set: idf is
 * computed over it, passage text and heading together). `titleOf` gives a passage's document
 * title, read as part of its heading when it differs (a passage's terms are kept per passage
 * object, so one passage always gets the same title).
 */
export function createLexicalScorer(query: string, passages: readonly Passage[], options?: { titleOf?: (p: Passage) => string | undefined }): LexicalScorer {
  const titleOf = options?.titleOf;
  const terms = [...new Set(contentTerms(query))];
  const n = passages.length;
  const df = new Map<string, number>(terms.map((t) => [t, 0]));
  for (const p of passages) {
    const t = termsOf(p, titleOf);
    for (const q of terms) if (t.all.has(q) || t.heading.has(q)) df.set(q, df.get(q)! + 1);
  }
  const queryTerms = new Set(terms);
  const weights: Array<[string, number]> = [];
  let total = 0;
  for (const q of terms) {
    const d = df.get(q)!;
    if (d === 0) continue;
    const w = Math.log(1 + (n + LEXICAL.idfPhantomDocs - d + 0.5) / (d + 0.5));
    weights.push([q, w]);
    total += w;
  }
  return {
    scoreSentences(passage: Passage): number[] {
      const t = termsOf(passage, titleOf);
      // How much of the page title the question names: "Chelyabinsk" for a question about
      // Chelyabinsk, not "Vologda Governorate" whose sentences share "administrative center".
      let titleHit = 0;
      for (const w of t.heading) if (queryTerms.has(w)) titleHit++;
      const title = 1 - LEXICAL.titleWeight + LEXICAL.titleWeight * (t.heading.size ? titleHit / t.heading.size : 0);
      return t.sentences.map((s, i) => {
        if (total === 0) return LEXICAL.floor;
        const prev = t.sentences[i - 1], next = t.sentences[i + 1];
        const lead = t.leads[i];
        const statesSpan = !!passage.sentences[i]?.intervals?.length;
        let got = 0;
        for (const [q, w] of weights) {
          let share = 0;
          if (s.has(q)) share = 1;
          else if (t.heading.has(q)) share = LEXICAL.headingWeight;
          else if (prev?.has(q) || next?.has(q)) share = LEXICAL.neighbourWeight;
          else if (t.all.has(q)) share = LEXICAL.passageWeight;
          // A list item reads what its list is a list of: its lead's words, and where the lead
          // is out of view (the item opens its passage) and the item states a span of its own
          // (a holder and dates), the question's words it lacks in part.
          if (lead) { if (lead.has(q)) share = Math.max(share, LEXICAL.listLeadWeight); }
          else if (lead === null && statesSpan) share = Math.max(share, LEXICAL.unseenLeadWeight);
          got += w * share;
        }
        let novel = 0;
        for (const w of t.names[i]!) if (!queryTerms.has(w) && !t.heading.has(w)) novel++;
        const answerish = 1 - LEXICAL.nameWeight + LEXICAL.nameWeight * Math.min(1, novel / LEXICAL.namesWanted);
        const long = Math.max(0, s.size / LEXICAL.typicalSentenceTerms - 1);
        return (LEXICAL.floor + (1 - LEXICAL.floor) * (got / total)) * answerish * title / (1 + LEXICAL.lengthPenalty * long);
      });
    },
  };
}

/**
 * The lexical similarity with the `semantic` signature of `rerankTemporal`: idf over the
 * given sentences, no heading or neighbour context.
 */
export function lexicalSimilarity(query: string, sentences: string[]): number[] {
  const passages: Passage[] = sentences.map((text, i) => ({
    id: `s#${i}`, docId: 's', ordinal: i, kind: 'text', text, start: 0, end: text.length, sentences: [],
  }));
  const scorer = createLexicalScorer(query, passages);
  return passages.map((p) => scorer.scoreSentences(p)[0] ?? 0);
}
