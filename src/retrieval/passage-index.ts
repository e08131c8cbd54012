import type { Passage } from '../types.ts';
import { tokenize } from '../text/tokenizer.ts';
import { Bm25Index, DEFAULT_BM25, type Bm25Parameters, type ScoredId } from './bm25.ts';
import type { CollectionStats } from '../types.ts';
import { analysePassages, countingTokenizer, documentLanguages, FIELDS, fieldValues, type TermIndex } from './term-index.ts';
import type { VectorIndex } from './vector-index.ts';
import { TABLE_TITLE_WEIGHT } from '../tables/settings.ts';

/** A first-stage hit: a passage id and its score. */
export interface IndexHit {
  id: string;
  score: number;
}

/** Options of {@link PassageIndex.search}. */
export interface IndexSearchOptions {
  limit: number;
  /** Query vector: when given and the index holds vectors, search is hybrid. */
  vector?: Float32Array;
  /**
   * Multiply each BM25 score by the share of the query's terms the passage holds. For a
   * ranking shown as it is; candidates for a reranker leave it off, as every reranker judges
   * coverage of the question itself (the fusion's term coverage, the temporal rerank's
   * sentence similarity, a cross-encoder) and needs the deeper recall. Measured on TimeQA
   * (plain BM25F, AR@1 / ER@1 / ER@20): without 31.4 / 25.2 / 87.2, with 42.9 / 32.4 / 84.6;
   * as the temporal path's candidates: AR@1 56.3 against 56.2 without, but ER@5 69.9 against
   * 72.4 and ER@20 85.8 against 88.4; as the lexical list of the table fusion: HiTab dev
   * HiT@1 61.3 against 61.6, TAT-QA 67.4 against 67.8.
   */
  coverage?: boolean;
  /**
   * The question's language, when it is another language of Latin text than English
   * (`readingLanguage`): its words are read as that language's documents were indexed. The
   * structured index (row and column summaries) reads every document in English.
   */
  language?: string;
}

/** Weights of the BM25 fields (`FIELDS`: text, heading, title). */
const FIELD_WEIGHTS = [1, 1, TABLE_TITLE_WEIGHT];

/** Below this cosine similarity a vector neighbour is dropped (Orama's default 0.8 silently drops most neighbours of small or synthetic models). */
const SIMILARITY = 0.1;

/**
 * One index over passages: BM25 on the text, the section heading, and a table passage's
 * title (weighted `TABLE_TITLE_WEIGHT`; see `term-index.ts` for the fields), and a vector
 * field when the index was created with `dimensions`.
 */
export class PassageIndex {
  private readonly bm25: Bm25Index;
  private readonly dims: number | undefined;
  private vectorIndex: VectorIndex | undefined;
  /** The vector index being made: Orama is imported on first use (`vector-index.ts`), once however many loads ask. */
  private vectorIndexReady: Promise<VectorIndex> | undefined;

  /**
   * @param dimensions vector size of the embedder, or undefined for BM25 only.
   * @param bm25 BM25 parameters of this index (default: Lucene's, `DEFAULT_BM25`).
   */
  constructor(dimensions?: number, bm25: Bm25Parameters = DEFAULT_BM25, collection?: CollectionStats) {
    this.dims = dimensions;
    this.bm25 = new Bm25Index(bm25, collection);
  }

  /** Number of passages indexed. */
  get size(): number {
    return this.bm25.size;
  }

  /** Whether hybrid search is possible. */
  get hasVectors(): boolean {
    return (this.vectorIndex?.size ?? 0) > 0;
  }

  /**
   * Adds passages; `vectors[i]` belongs to `passages[i]` when given. `analysed` is their
   * postings when the caller has them already (`analysePassages`, or read from storage).
   */
  async add(passages: readonly Passage[], vectors?: ReadonlyArray<Float32Array | undefined>, analysed?: TermIndex): Promise<void> {
    await this.load([{ passages, index: analysed ?? analysePassages(passages), vectors }]);
  }

  /** Adds several lists of passages with their postings at once (opening a stored corpus): laid out tightly, tokenising nothing. */
  async load(parts: ReadonlyArray<{ passages: readonly Passage[]; index: TermIndex; vectors?: ReadonlyArray<Float32Array | undefined> }>): Promise<void> {
    this.bm25.append(parts.map((p) => ({ index: p.index, ids: p.passages.map((x) => x.id) })));
    if (!this.dims) return;
    const ids: string[] = [];
    const vectors: Float32Array[] = [];
    for (const part of parts) {
      part.passages.forEach((p, i) => {
        const v = part.vectors?.[i];
        if (v) {
          ids.push(p.id);
          vectors.push(v);
        }
      });
    }
    if (!ids.length) return;
    // Orama (about 17 kB gzip) comes with the first vector: a zero-download page never fetches it.
    const dims = this.dims;
    this.vectorIndex ??= await (this.vectorIndexReady ??= import('./vector-index.ts').then((m) => new m.VectorIndex(dims)));
    try {
      await this.vectorIndex.add(ids, vectors);
    } catch (err) {
      // All or nothing: Orama stops at the first bad vector, with those before it inserted.
      this.bm25.remove(parts.flatMap((p) => p.passages.map((x) => x.id)));
      await this.vectorIndex.remove(ids).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Removes passages. Given as passages, their fields are tokenised again to find the posting
   * lists they are in (cheap for a few); given as ids, or when many go at once, every list is
   * scanned once instead. Either way the cost is about that of adding them.
   */
  async remove(items: ReadonlyArray<Passage | string>): Promise<void> {
    if (!items.length) return;
    const ids = items.map((x) => (typeof x === 'string' ? x : x.id));
    const passages = items.filter((x): x is Passage => typeof x !== 'string');
    // A scan of every list costs about as much as tokenising an eighth of the corpus.
    const hint = passages.length === items.length && passages.length * 8 < this.size ? removalHint(passages) : undefined;
    this.bm25.remove(ids, hint);
    await this.vectorIndex?.remove(ids);
  }

  /** Drops the room the postings' growth left spare (after a large ingest). */
  trim(): void {
    this.bm25.trim();
  }

  /** The BM25 postings in insertion order, with their passage ids (what storage and export write). */
  toTermIndex(): { index: TermIndex; ids: string[] } {
    return this.bm25.toTermIndex();
  }

  /** BM25 search, or hybrid (BM25 + cosine, each divided by its best score, averaged) when a vector is given. */
  async search(term: string, options: IndexSearchOptions): Promise<IndexHit[]> {
    const terms = tokenize(term, options.language);
    const useVector = options.vector && this.vectorIndex && this.vectorIndex.size > 0;
    if (!useVector) return this.bm25.search(terms, FIELD_WEIGHTS, options.limit, options.coverage).map(([id, score]) => ({ id, score }));
    const text = this.bm25.search(terms, FIELD_WEIGHTS, Infinity, options.coverage);
    const vector = await this.vectorIndex!.search(options.vector!, SIMILARITY);
    return hybrid(text, vector).slice(0, options.limit).map(([id, score]) => ({ id, score }));
  }
}

/** The terms of removed passages, field by field, and how many (passage, term) pairs they make. */
function removalHint(passages: readonly Passage[]): { terms: Array<Set<string>>; postings: number[] } {
  const terms = FIELDS.map(() => new Set<string>());
  const postings = FIELDS.map(() => 0);
  const languages = documentLanguages(passages);
  for (const p of passages) {
    const counting = countingTokenizer(languages?.get(p.docId));
    fieldValues(p).forEach((value, f) => {
      if (!value) return;
      const own = new Set(counting.tokenize(value) as string[]);
      postings[f]! += own.size;
      for (const t of own) terms[f]!.add(t);
    });
  }
  return { terms, postings };
}

/**
 * Orama's hybrid ranking, kept as the engine had it when Orama ran it: BM25 and cosine scores
 * each divided by their best, weighted 0.5 / 0.5, summed per passage; ties keep BM25's order,
 * then the vector list's.
 */
function hybrid(text: ScoredId[], vector: ScoredId[]): ScoredId[] {
  const maxText = text.reduce((m, [, s]) => Math.max(m, s), 0) || 1;
  const maxVector = vector.reduce((m, [, s]) => Math.max(m, s), 0) || 1;
  const merged = new Map<string, number>();
  for (const [id, s] of text) merged.set(id, 0.5 * (s / maxText));
  for (const [id, s] of vector) merged.set(id, (merged.get(id) ?? 0) + 0.5 * (s / maxVector));
  return [...merged].sort((a, b) => b[1] - a[1]);
}
