import type { Passage, PassageKind } from '../types.ts';
import { createTextTokenizer, latin, tokenize, TOKENIZER_VERSION } from '../text/tokenizer.ts';
import type { Tokenizer } from '@orama/orama';

/**
 * The inverted index of a list of passages, as the BM25 index reads it and as Almanac's
 * index format stores it (`src/index-format/`): per field, a sorted term dictionary, each
 * term's postings (local passage numbers, ascending, with term counts) and every passage's
 * field length. Nothing here depends on BM25's parameters: k1, b and field weights apply at
 * search time, so a stored index stays valid when they change. It does depend on the
 * tokenizer and on which text goes to which field: {@link TERMS_FINGERPRINT} names both.
 */
export interface FieldPostings {
  /** The field's distinct terms, sorted by UTF-16 code units. */
  terms: string[];
  /** `terms.length + 1` entries: the postings of `terms[i]` are `[offsets[i], offsets[i + 1])`. */
  offsets: Uint32Array;
  /** Local passage numbers (0-based, in passage order), ascending within each term. */
  ids: Uint32Array;
  /** How often the term occurs in that passage's field (at most 65,535). */
  counts: Uint16Array;
  /** Tokens of the field, per passage. */
  lengths: Uint32Array;
}

/** Postings of one index (lexical or structured) over `passages` passages, field by field ({@link FIELDS}). */
export interface TermIndex {
  passages: number;
  fields: FieldPostings[];
}

/**
 * The BM25 fields of a passage, in scoring order: its text, its section heading, and a table
 * passage's title. The heading is a field of its own (prefixed to the text it made one-line
 * paragraphs such as "History ." outrank real passages: TimeQA gold in the top 100 for 59% of
 * questions with the prefix, 83% as a field). A table passage's heading is its table's title,
 * which its text already opens with: it goes to the `title` field, weighted down
 * (`TABLE_TITLE_WEIGHT`).
 */
export const FIELDS = ['text', 'heading', 'title'] as const;

/** The values of {@link FIELDS} for one passage. */
export function fieldValues(p: Passage): [string, string, string] {
  const table = p.tableIndex !== undefined;
  return [p.text, table ? '' : p.heading ?? '', table ? p.heading ?? '' : ''];
}

/**
 * Passage kinds indexed in the structured (H-RCL) corpus: row and column summaries (MixRAG's
 * embedding corpus). Every other kind is lexical: text passages, sentences, table-level summaries.
 */
export const STRUCTURED_KINDS: ReadonlySet<PassageKind> = new Set<PassageKind>(['table-row', 'table-column']);

/**
 * Version of the field mapping above and of the split between the two indexes; bump it when {@link fieldValues} changes what a field
 * holds, so that stored indexes are rebuilt instead of read.
 */
const FIELDS_VERSION = 1;

/**
 * Text that exercises the tokenizer's rules (numbers, compounds, possessives, phrases, dates,
 * spans, accents, scripts without a stemmer): its terms are part of {@link TERMS_FINGERPRINT}, so a change
 * to the tokenizer that forgets to bump `TOKENIZER_VERSION` is still caught in most cases.
 */
const PROBE = "The U.S. men's 24-year-olds' rate rose 1,234.50% (-5.2) in 2017-19 and 2023-03-15, FYs 1999-00; "
  + 'Running runners ran: non-aboriginal police-reported covid-19 Jan. Sept. yds pct café naïve '
  // No word of a script with a stemmer: those load on demand, and the fingerprint must not
  // depend on which have loaded (`TOKENIZER_VERSION` stands for them).
  + '报告 テスト עברית 한국어 😀 ß İstanbul 3.0 0.50 1st';

let fingerprint: string | undefined;

/**
 * What a stored index's terms depend on: the tokenizer's version, the field mapping's, and a
 * hash of the tokenizer's terms for a probe text. An index stored under another fingerprint
 * is rebuilt from its passages' text on open, never read as is.
 */
export function termsFingerprint(): string {
  if (fingerprint === undefined) {
    let h = 0x811c9dc5;
    for (const ch of tokenize(PROBE).join('\u0001')) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
    fingerprint = `t${TOKENIZER_VERSION}.f${FIELDS_VERSION}.${(h >>> 0).toString(16)}`;
  }
  return fingerprint;
}

const counting = createTextTokenizer(true);
const countingIn = new Map<string, ReturnType<typeof createTextTokenizer>>();

/** The counting tokenizer of a language of Latin text (undefined: English). */
export function countingTokenizer(language: string | undefined): ReturnType<typeof createTextTokenizer> {
  if (!language) return counting;
  let t = countingIn.get(language);
  if (!t) countingIn.set(language, (t = createTextTokenizer(true, language)));
  return t;
}

/**
 * The language each document of `passages` is read in (absent: English; `latin-languages.ts`),
 * told by its running text alone (text and sentence passages) and holding for all its passages
 * in the lexical index. A table's summaries are no evidence: Almanac's own words ("Columns",
 * "in 2010") around the table's labels, which are names as often as words (an English table of
 * Quebec's municipalities, of Spanish singles: 5 HiTab tables read as French or Spanish by their
 * summaries, their English questions then stemmed otherwise). So row and column summaries, and
 * a document of tables only, are read in English.
 */
export function documentLanguages(passages: readonly Passage[]): Map<string, string | undefined> | undefined {
  return latin?.documentLanguages(passages.filter((p) => p.kind === 'text' || p.kind === 'sentence'));
}

/** A passage's terms from the pieces its text was written from (`text-pieces.ts`), or undefined. */
type PiecewiseTerms = (passage: Passage, tokenizer: Tokenizer, cache: Map<string, string[]>) => string[][] | undefined;
let piecewise: PiecewiseTerms | undefined;

/**
 * Lets the indexes read passages written as pieces (`text-pieces.ts` calls it when the ingest
 * loads it): a page that only searches never downloads that code.
 */
export function setPiecewiseTerms(terms: PiecewiseTerms): void {
  piecewise = terms;
}

/** A term's postings while an index is being built. */
interface Building {
  ids: number[];
  counts: number[];
}

/** Counts one occurrence of a term in passage `i` (passages are counted in order, so `i` is the last id or a new one). */
function count(b: Building, i: number): void {
  const last = b.ids.length - 1;
  if (last >= 0 && b.ids[last] === i) {
    if (b.counts[last]! < 0xffff) b.counts[last]!++;
  } else {
    b.ids.push(i);
    b.counts.push(1);
  }
}

/**
 * Tokenises passages into a {@link TermIndex}: the one place where text becomes terms, for
 * ingest and for rebuilding a stale stored index. Local passage numbers follow `passages`.
 */
export function analysePassages(passages: readonly Passage[]): TermIndex {
  const n = passages.length;
  const builders = FIELDS.map(() => new Map<string, Building>());
  const lengths = FIELDS.map(() => new Uint32Array(n));
  // A heading or a table's title is the same string for many passages (every summary of a
  // table carries its title): tokenised once each.
  const repeated = new Map<string, string[]>();
  const languages = documentLanguages(passages);
  // A table summary's pieces (header paths, values), each tokenised once (`text-pieces.ts`),
  // and each run of terms looked up in the dictionary once: a piece repeated in many summaries
  // is then counted without hashing its terms again.
  const pieceTerms = new Map<string, string[]>();
  const resolvedBy = FIELDS.map(() => new Map<readonly string[], Building[]>());
  const resolve = (f: number, run: readonly string[]): Building[] => {
    const byTerm = builders[f]!;
    const resolved = resolvedBy[f]!;
    let refs = resolved.get(run);
    if (!refs) {
      refs = run.map((t) => {
        let b = byTerm.get(t);
        if (!b) byTerm.set(t, (b = { ids: [], counts: [] }));
        return b;
      });
      resolved.set(run, refs);
    }
    return refs;
  };
  let doc: string | undefined;
  for (let i = 0; i < n; i++) {
    // Pieces repeat within a document's tables, seldom across documents: the caches stay small.
    if (passages[i]!.docId !== doc) {
      doc = passages[i]!.docId;
      pieceTerms.clear();
      for (const r of resolvedBy) r.clear();
    }
    const values = fieldValues(passages[i]!);
    const language = languages?.get(passages[i]!.docId);
    for (let f = 0; f < FIELDS.length; f++) {
      const value = values[f]!;
      if (!value) continue;
      const tokenizer = countingTokenizer(language);
      let runs: string[][];
      if (f === 0) {
        runs = piecewise?.(passages[i]!, tokenizer, pieceTerms) ?? [tokenizer.tokenize(value, undefined, FIELDS[f]) as string[]];
      } else {
        const key = language ? `${language}\u0000${value}` : value;
        let tokens = repeated.get(key);
        if (!tokens) repeated.set(key, (tokens = tokenizer.tokenize(value, undefined, FIELDS[f]) as string[]));
        runs = [tokens];
      }
      let length = 0;
      for (const run of runs) length += run.length;
      lengths[f]![i] = length;
      if (!length) continue;
      const byTerm = builders[f]!;
      // Runs of cached pieces (and the repeated fields) through their resolved postings; a
      // passage's own text term by term.
      for (const run of runs) {
        if (runs.length > 1 || f !== 0) for (const b of resolve(f, run)) count(b, i);
        else for (const t of run) {
          let b = byTerm.get(t);
          if (!b) byTerm.set(t, (b = { ids: [], counts: [] }));
          count(b, i);
        }
      }
    }
  }
  return { passages: n, fields: builders.map((byTerm, f) => pack(byTerm, lengths[f]!)) };
}

function pack(byTerm: Map<string, Building>, lengths: Uint32Array): FieldPostings {
  const terms = [...byTerm.keys()].sort(compareTerms);
  const offsets = new Uint32Array(terms.length + 1);
  let total = 0;
  terms.forEach((t, i) => {
    offsets[i] = total;
    total += byTerm.get(t)!.ids.length;
  });
  offsets[terms.length] = total;
  const ids = new Uint32Array(total);
  const counts = new Uint16Array(total);
  terms.forEach((t, i) => {
    const b = byTerm.get(t)!;
    ids.set(b.ids, offsets[i]);
    counts.set(b.counts, offsets[i]);
  });
  return { terms, offsets, ids, counts, lengths };
}

/** Code-unit order, the order of every stored term dictionary (not locale-dependent). */
export function compareTerms(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** An index of no passages. */
export function emptyTermIndex(): TermIndex {
  return {
    passages: 0,
    fields: FIELDS.map(() => ({ terms: [], offsets: new Uint32Array(1), ids: new Uint32Array(0), counts: new Uint16Array(0), lengths: new Uint32Array(0) })),
  };
}

/**
 * The index of some of an index's passages: those whose `keep[i]` is true, renumbered in
 * order. Linear in the postings; terms left without postings are dropped.
 */
export function selectPassages(index: TermIndex, keep: ArrayLike<boolean | number>): TermIndex {
  const renumber = new Int32Array(index.passages).fill(-1);
  let n = 0;
  for (let i = 0; i < index.passages; i++) if (keep[i]) renumber[i] = n++;
  if (n === index.passages) return index;
  return {
    passages: n,
    fields: index.fields.map((f) => {
      const lengths = new Uint32Array(n);
      for (let i = 0; i < index.passages; i++) if (renumber[i]! >= 0) lengths[renumber[i]!] = f.lengths[i]!;
      const terms: string[] = [];
      const offsets: number[] = [];
      const ids = new Uint32Array(f.ids.length);
      const counts = new Uint16Array(f.ids.length);
      let w = 0;
      for (let t = 0; t < f.terms.length; t++) {
        const from = w;
        for (let k = f.offsets[t]!; k < f.offsets[t + 1]!; k++) {
          const id = renumber[f.ids[k]!]!;
          if (id < 0) continue;
          ids[w] = id;
          counts[w++] = f.counts[k]!;
        }
        if (w > from) {
          terms.push(f.terms[t]!);
          offsets.push(from);
        }
      }
      offsets.push(w);
      return { terms, offsets: Uint32Array.from(offsets), ids: ids.slice(0, w), counts: counts.slice(0, w), lengths };
    }),
  };
}

/**
 * One index from several, their passages concatenated in order (part `k`'s passage `i`
 * becomes `i` plus the passages of the parts before it): how segments merge, without
 * tokenising anything again.
 */
export function concatTermIndexes(parts: readonly TermIndex[]): TermIndex {
  if (parts.length === 1) return parts[0]!;
  const passages = parts.reduce((n, p) => n + p.passages, 0);
  return {
    passages,
    fields: FIELDS.map((_, f) => {
      const lengths = new Uint32Array(passages);
      const totals = new Map<string, number>();
      let base = 0;
      for (const part of parts) {
        const field = part.fields[f]!;
        lengths.set(field.lengths, base);
        base += part.passages;
        for (let t = 0; t < field.terms.length; t++) {
          const term = field.terms[t]!;
          totals.set(term, (totals.get(term) ?? 0) + field.offsets[t + 1]! - field.offsets[t]!);
        }
      }
      const terms = [...totals.keys()].sort(compareTerms);
      const offsets = new Uint32Array(terms.length + 1);
      const cursor = new Map<string, number>();
      let total = 0;
      terms.forEach((t, i) => {
        offsets[i] = total;
        cursor.set(t, total);
        total += totals.get(t)!;
      });
      offsets[terms.length] = total;
      const ids = new Uint32Array(total);
      const counts = new Uint16Array(total);
      base = 0;
      for (const part of parts) {
        const field = part.fields[f]!;
        for (let t = 0; t < field.terms.length; t++) {
          const term = field.terms[t]!;
          let w = cursor.get(term)!;
          for (let k = field.offsets[t]!; k < field.offsets[t + 1]!; k++) {
            ids[w] = field.ids[k]! + base;
            counts[w++] = field.counts[k]!;
          }
          cursor.set(term, w);
        }
        base += part.passages;
      }
      return { terms, offsets, ids, counts, lengths };
    }),
  };
}

/**
 * An index cut into consecutive ranges of passages: part `k` holds passages
 * `[starts[k], starts[k + 1])` (the last up to the end), renumbered from 0. One pass over the postings.
 */
export function splitTermIndex(index: TermIndex, starts: readonly number[]): TermIndex[] {
  const bounds = [...starts, index.passages];
  const parts = starts.map((from, k) => ({ passages: bounds[k + 1]! - from, fields: [] as FieldPostings[] }));
  for (const f of index.fields) {
    const builders = parts.map(() => ({ terms: [] as string[], offsets: [] as number[], ids: [] as number[], counts: [] as number[] }));
    for (let t = 0; t < f.terms.length; t++) {
      let k = 0;
      for (let i = f.offsets[t]!; i < f.offsets[t + 1]!; i++) {
        const id = f.ids[i]!;
        while (id >= bounds[k + 1]!) k++;
        const b = builders[k]!;
        if (b.terms[b.terms.length - 1] !== f.terms[t]) {
          b.terms.push(f.terms[t]!);
          b.offsets.push(b.ids.length);
        }
        b.ids.push(id - bounds[k]!);
        b.counts.push(f.counts[i]!);
      }
    }
    builders.forEach((b, k) => {
      b.offsets.push(b.ids.length);
      parts[k]!.fields.push({
        terms: b.terms, offsets: Uint32Array.from(b.offsets), ids: Uint32Array.from(b.ids), counts: Uint16Array.from(b.counts),
        lengths: f.lengths.slice(bounds[k]!, bounds[k + 1]!),
      });
    });
  }
  return parts;
}
