import { create, count, insertMultiple, removeMultiple, search, type AnyOrama } from '@orama/orama';
import type { ScoredId } from './bm25.ts';

/**
 * Passage vectors in an Orama vector field: Orama stores each vector with its magnitude and
 * runs the cosine search, which is all this needs (BM25 has postings of its own, `bm25.ts`).
 * Created only when an embedder is loaded: zero-download mode holds no Orama database.
 */
export class VectorIndex {
  private readonly db: AnyOrama;

  constructor(readonly dimensions: number) {
    this.db = create({
      schema: { vector: `vector[${dimensions}]` } as never,
      // Results are ranked by similarity only; Orama's sort index would cost memory.
      sort: { enabled: false },
    });
  }

  get size(): number {
    return count(this.db);
  }

  async add(ids: readonly string[], vectors: readonly Float32Array[]): Promise<void> {
    const docs = ids.map((id, i) => ({ id, vector: Array.from(vectors[i]!) }));
    // One batch: Orama yields to the event loop between batches, which costs more than it saves here.
    if (docs.length) await insertMultiple(this.db, docs as never, docs.length + 1);
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length) await removeMultiple(this.db, [...ids], ids.length + 1);
  }

  /** Every passage whose cosine similarity to `vector` is at least `similarity`, best first. */
  async search(vector: Float32Array, similarity: number): Promise<ScoredId[]> {
    const size = this.size;
    if (!size) return [];
    const res = await search(this.db, { mode: 'vector', vector: { value: Array.from(vector), property: 'vector' }, similarity, limit: size } as never);
    return res.hits.map((h: { id: string; score: number }) => [h.id, h.score] as ScoredId);
  }
}
