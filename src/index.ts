/**
 * Almanac: an offline RAG engine that understands time and tables.
 *
 * The public face: {@link createAlmanac}, the types, and the error catalogue. Model
 * loaders live in `almanac/models` (`src/models/index.ts`) so that a zero-download
 * deployment never bundles ONNX Runtime.
 */
export { createAlmanac } from './engine/create.ts';
export { AlmanacError, type ErrorCode } from './errors.ts';
export type * from './types.ts';
