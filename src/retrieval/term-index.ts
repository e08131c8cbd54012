import type { Passage, PassageKind } from '../types.ts';
import { createTextTokenizer, latin, stemmerGeneration, tokenize, TOKENIZER_VERSION } from '../text/tokenizer.ts';
import type { Tokenizer } from '@orama/orama';
import { grow } from '../grow.ts';

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

/**
 * Reads the text of passages written as pieces (`PieceTerms` in `text-pieces.ts`, which the
 * ingest loads): a passage's terms as numbers into {@link PieceReader.terms}, each distinct run of
 * pieces tokenised once.
 */
export interface PieceReader {
  readonly terms: readonly string[];
  /** The numbers `read` wrote, its first `n` entries. */
  readonly out: Int32Array;
  /** Starts again when the tokenizer's stemmers changed (`stemmerGeneration`) or it grew large; called before an analysis. */
  refresh(generation: number): void;
  /** Writes the numbers of the terms of `passage.text`, read from its pieces, to `out`: how many, or -1 for a passage without pieces. */
  read(passage: Passage, language: string | undefined, tokenizer: Tokenizer): number;
}
let piecewise: (() => PieceReader) | undefined;

/**
 * Lets the indexes read passages written as pieces (the ingest calls it when it loads
 * `text-pieces.ts`): a page that only searches never downloads that code.
 */
export function setPiecewiseTerms(reader: () => PieceReader): void {
  piecewise = reader;
}

/**
 * One field's postings while an index is built, in typed arrays: every (term, passage, count)
 * in passage order, the term's last posting remembered so a repeated term adds to its count.
 * Packing sorts the terms and moves the postings to their term's place (a stable counting
 * sort: passages stay ascending within each term).
 */
class FieldBuilder {
  readonly dict = new Map<string, number>();
  readonly terms: string[] = [];
  // Per term `t`, side by side (one cache line read per occurrence, not three): at `3t` its
  // last passage + 1 (0: none yet), at `3t + 1` where its last posting is, at `3t + 2` how many postings.
  private perTerm = new Int32Array(3 * 1024);
  private termOf = new Int32Array(4096);
  private passageOf = new Int32Array(4096);
  private countOf = new Uint16Array(4096);
  private size = 0;

  termId(term: string): number {
    let t = this.dict.get(term);
    if (t === undefined) {
      t = this.terms.length;
      this.dict.set(term, t);
      this.terms.push(term);
      if (3 * t >= this.perTerm.length) this.perTerm = grow(this.perTerm, 3 * t + 3);
    }
    return t;
  }

  /** One occurrence of term `t` in passage `i` (passages come in order). */
  add(t: number, i: number): void {
    const p = 3 * t;
    const perTerm = this.perTerm;
    if (perTerm[p] === i + 1) {
      const k = perTerm[p + 1]!;
      if (this.countOf[k]! < 0xffff) this.countOf[k]!++;
      return;
    }
    const k = this.size++;
    if (k >= this.termOf.length) {
      this.termOf = grow(this.termOf, k + 1);
      this.passageOf = grow(this.passageOf, k + 1);
      this.countOf = grow(this.countOf, k + 1);
    }
    this.termOf[k] = t;
    this.passageOf[k] = i;
    this.countOf[k] = 1;
    perTerm[p] = i + 1;
    perTerm[p + 1] = k;
    perTerm[p + 2]!++;
  }

  pack(lengths: Uint32Array): FieldPostings {
    // `sort()` without a comparator orders strings by UTF-16 code units, as `compareTerms` does, without a call per comparison.
    const terms = this.terms.slice().sort();
    const n = terms.length;
    const offsets = new Uint32Array(n + 1);
    const cursor = new Int32Array(this.terms.length);
    let total = 0;
    for (let r = 0; r < n; r++) {
      const t = this.dict.get(terms[r]!)!;
      offsets[r] = total;
      cursor[t] = total;
      total += this.perTerm[3 * t + 2]!;
    }
    offsets[n] = total;
    const ids = new Uint32Array(total);
    const counts = new Uint16Array(total);
    for (let k = 0; k < this.size; k++) {
      const w = cursor[this.termOf[k]!]!++;
      ids[w] = this.passageOf[k]!;
      counts[w] = this.countOf[k]!;
    }
    return { terms, offsets, ids, counts, lengths };
  }
}


/**
 * Tokenises passages into a {@link TermIndex}: the one place where text becomes terms, for
 * ingest and for rebuilding a stale stored index. Local passage numbers follow `passages`.
 * A table summary written as pieces (`text-pieces.ts`) is read through `pieces` (one for this
 * call when not given; the ingest hands one to all its batches): a run of pieces seen before
 * adds its terms' numbers without tokenising or hashing them again.
 */
export function analysePassages(passages: readonly Passage[], pieces: PieceReader | undefined = piecewise?.()): TermIndex {
  const n = passages.length;
  const builders = FIELDS.map(() => new FieldBuilder());
  const lengths = FIELDS.map(() => new Uint32Array(n));
  // A heading or a table's title is the same string for many passages (every summary of a
  // table carries its title): tokenised and looked up once each, per field.
  const repeated = FIELDS.map(() => new Map<string, Int32Array>());
  const languages = documentLanguages(passages);
  pieces?.refresh(stemmerGeneration());
  // The numbers of `pieces` as this index's term ids (-1: not met yet in this call).
  let local = new Int32Array(1024).fill(-1);
  const text = builders[0]!;
  for (let i = 0; i < n; i++) {
    const passage = passages[i]!;
    const values = fieldValues(passage);
    const language = languages?.get(passage.docId);
    const tokenizer = countingTokenizer(language);
    for (let f = 0; f < FIELDS.length; f++) {
      const value = values[f]!;
      if (!value) continue;
      const builder = builders[f]!;
      let length = f === 0 && pieces ? pieces.read(passage, language, tokenizer) : -1;
      if (length >= 0) {
        const numbers = pieces!.out;
        const terms = pieces!.terms;
        if (local.length < terms.length) {
          const wider = new Int32Array(Math.max(terms.length, local.length * 2)).fill(-1);
          wider.set(local);
          local = wider;
        }
        for (let k = 0; k < length; k++) {
          const g = numbers[k]!;
          let t = local[g]!;
          if (t < 0) local[g] = t = text.termId(terms[g]!);
          text.add(t, i);
        }
      } else if (f === 0) {
        const tokens = tokenizer.tokenize(value, undefined, FIELDS[f]) as string[];
        for (const token of tokens) builder.add(builder.termId(token), i);
        length = tokens.length;
      } else {
        const key = language ? `${language}\u0000${value}` : value;
        let ids = repeated[f]!.get(key);
        if (!ids) {
          const tokens = tokenizer.tokenize(value, undefined, FIELDS[f]) as string[];
          ids = Int32Array.from(tokens, (token) => builder.termId(token));
          repeated[f]!.set(key, ids);
        }
        for (let k = 0; k < ids.length; k++) builder.add(ids[k]!, i);
        length = ids.length;
      }
      lengths[f]![i] = length;
    }
  }
  return { passages: n, fields: builders.map((b, f) => b.pack(lengths[f]!)) };
}

/**
 * The distinct terms of some passages' text (field 0), read off `index`'s postings, for each
 * passage `i` that `want(i)` names: what `tokenize` gives the text of a passage read in English,
 * without tokenising it again (the acronym index takes table summaries' terms so).
 */
export function passageTextTerms(index: TermIndex, want: (i: number) => boolean): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (let i = 0; i < index.passages; i++) if (want(i)) out.set(i, []);
  if (!out.size) return out;
  const { terms, offsets, ids } = index.fields[0]!;
  for (let t = 0; t < terms.length; t++) {
    for (let k = offsets[t]!; k < offsets[t + 1]!; k++) out.get(ids[k]!)?.push(terms[t]!);
  }
  return out;
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
      const terms = [...totals.keys()].sort(); // code-unit order (`compareTerms`)
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
