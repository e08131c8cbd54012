import { PassageIndex } from '../retrieval/passage-index.ts';
import { STRUCTURED_BM25 } from '../tables/settings.ts';
import { AcronymIndex } from '../text/acronyms.ts';
import type { DocumentRecord } from '../storage/store.ts';
import type { AlmanacOptions, Embedder, Generator, Passage, Reranker } from '../types.ts';

/**
 * The engine's in-memory state: what search, answering and the write paths read and change.
 * A module of its own so that the pipeline modules (`search.ts`, `table-context.ts`, ...)
 * depend on the state, not on the engine that owns it.
 */
export interface EngineState {
  records: Map<string, DocumentRecord>;
  passages: Map<string, Passage>;
  /** Text passages and table-level summaries (MixRAG's BM25 corpus). */
  lexical: PassageIndex;
  /** H-RCL row and column summaries (MixRAG's embedding corpus). */
  structured: PassageIndex;
  /** What the acronyms of the corpus's tables stand for, from their table-level summaries. */
  acronyms: AcronymIndex;
  embedder?: Embedder;
  reranker?: Reranker;
  generator?: Generator;
}

/** Passage kinds that go to the structured (H-RCL) corpus; every other kind is lexical. */
export { STRUCTURED_KINDS } from '../retrieval/term-index.ts';

/** The engine's empty in-memory indexes, for a new engine or a new embedder (scored on `collection`'s statistics when given). */
export function emptyIndexes(dimensions: number | undefined, collection?: AlmanacOptions['collectionStats']): Pick<EngineState, 'lexical' | 'structured' | 'acronyms'> {
  return {
    lexical: new PassageIndex(dimensions, undefined, collection?.lexical),
    structured: new PassageIndex(dimensions, STRUCTURED_BM25, collection?.structured),
    acronyms: new AcronymIndex(),
  };
}
