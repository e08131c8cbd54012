import { create, getByID, insertMultiple, removeMultiple, search, count, type AnyOrama } from '@orama/orama';
import type { Passage } from '../types.ts';
import { createTextTokenizer } from '../text/tokenizer.ts';
import { bm25Index, DEFAULT_BM25, type Bm25Parameters } from './bm25.ts';
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
}

/**
 * One Orama index over passages: BM25 on the text, the section heading, and a table
 * passage's title (weighted `TABLE_TITLE_WEIGHT`), and a vector field when the index was
 * created with `dimensions`. Wraps Orama's sync-or-async calls in one async API.
 */
export class PassageIndex {
  private readonly db: AnyOrama;
  private readonly dims: number | undefined;
  private vectors = 0;

  /**
   * @param dimensions vector size of the embedder, or undefined for BM25 only.
   * @param bm25 BM25 parameters of this index (default: Lucene's, `DEFAULT_BM25`).
   */
  constructor(dimensions?: number, bm25: Bm25Parameters = DEFAULT_BM25) {
    this.dims = dimensions;
    // The heading is a field of its own: prefixed to the text, it made one-line paragraphs
    // ("History .") outrank real passages (TimeQA: gold in the top 100 for 59% of
    // questions with the prefix, 83% as a field). A table passage's heading is its table's
    // title, which its text already opens with: it goes in a field of its own, weighted down
    // (`TABLE_TITLE_WEIGHT`).
    const schema: Record<string, string> = { text: 'string', heading: 'string', title: 'string' };
    if (dimensions) schema.vector = `vector[${dimensions}]`;
    this.db = create({
      schema: schema as never,
      // Results are ranked by score only; Orama's sort index would cost ingest time and memory.
      sort: { enabled: false },
      // allowDuplicates keeps term counts, which the BM25 component needs.
      components: { tokenizer: createTextTokenizer(true), index: bm25Index(bm25) },
    });
  }

  /** Number of passages indexed. */
  get size(): number {
    return count(this.db);
  }

  /** Whether hybrid search is possible. */
  get hasVectors(): boolean {
    return this.vectors > 0;
  }

  /** Adds passages; `vectors[i]` belongs to `passages[i]` when given. */
  async add(passages: Passage[], vectors?: Array<Float32Array | undefined>): Promise<void> {
    let withVectors = 0;
    const docs = passages.map((p, i) => {
      const table = p.tableIndex !== undefined;
      const doc: Record<string, unknown> = { id: p.id, text: p.text, heading: table ? '' : p.heading ?? '', title: table ? p.heading ?? '' : '' };
      const v = vectors?.[i];
      if (v && this.dims) {
        doc.vector = Array.from(v);
        withVectors++;
      }
      return doc;
    });
    // Checked first, so that undoing a failed insert below never removes a passage that was there before.
    const clash = passages.find((p) => getByID(this.db, p.id));
    if (clash) throw new Error(`passage "${clash.id}" is indexed already`);
    // One big batch: Orama yields to the event loop between batches, which costs more than it saves here.
    try {
      await insertMultiple(this.db, docs as never, docs.length + 1);
    } catch (err) {
      // All or nothing: Orama stops at the first bad document, with those before it inserted.
      await Promise.resolve(removeMultiple(this.db, passages.map((p) => p.id), passages.length + 1)).catch(() => undefined);
      throw err;
    }
    this.vectors += withVectors;
  }

  /** Removes passages by id. */
  async remove(ids: string[], hadVectors = 0): Promise<void> {
    if (ids.length) await removeMultiple(this.db, ids, ids.length + 1);
    this.vectors = Math.max(0, this.vectors - hadVectors);
  }

  /** BM25 search, or hybrid (BM25 + cosine, max-normalised and averaged) when a vector is given. */
  async search(term: string, options: IndexSearchOptions): Promise<IndexHit[]> {
    const common = { limit: options.limit, properties: ['text', 'heading', 'title'], boost: { title: TABLE_TITLE_WEIGHT } };
    const useVector = options.vector && this.dims && this.vectors > 0;
    const res = useVector
      ? await search(this.db, {
          ...common,
          mode: 'hybrid',
          term,
          vector: { value: Array.from(options.vector!), property: 'vector' },
          // Orama's default 0.8 silently drops most neighbours of small or synthetic models.
          similarity: 0.1,
        } as never)
      : await search(this.db, { ...common, term } as never);
    return res.hits.map((h: { id: string; score: number }) => ({ id: h.id, score: h.score }));
  }
}
