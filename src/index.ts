/**
 * Almanac: an offline RAG engine that understands time and tables.
 *
 * The public face: {@link createAlmanac}, the types, the error catalogue, and `citeCell` to
 * write a result's matched table cell as a reader cites it. Model
 * loaders live in `almanac/models` (`src/models/index.ts`) so that a zero-download
 * deployment never bundles ONNX Runtime.
 */
export { createAlmanac } from './engine/create.ts';
export { AlmanacError, type ErrorCode } from './errors.ts';
export { citeCell } from './tables/cite-cell.ts';
export type * from './types.ts';
export type { CorpusStore, DocumentRecord, LoadedCorpus } from './storage/store.ts';
// A site's prebuilt index (`almanac build`), whole or sharded, opened over HTTP.
export { openShardedIndex, type PrefetchReport, type ShardedAlmanac, type ShardedIndexOptions } from './storage/sharded-index.ts';
export { openPrebuiltStore, openSiteIndex, PrebuiltStore, type PrebuiltOptions, type PrebuiltReport } from './storage/prebuilt-store.ts';
export type { ShardsManifest } from './index-format/term-shards.ts';
