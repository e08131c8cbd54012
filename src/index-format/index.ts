/**
 * Almanac's index format: one format for IndexedDB persistence, export / import of a corpus,
 * and the prebuilt index of `almanac build`. Pure (bytes in, bytes out; no I/O). The spec is
 * in docs/ARCHITECTURE.md ("The index format").
 */
export { mergeSegments } from './merge.ts';
export { decodeSegment, readSegmentHeader, SEGMENT_VERSION, type Segment, type SegmentHeader } from './segment.ts';
export { encodeSegment } from './segment-writer.ts';
export {
  writeCorpusFile, readCorpusFile, readCorpusHeader, writeCorpusShards, readShards, checkManifest,
  CORPUS_FILE_VERSION, type CorpusManifest,
} from './corpus-file.ts';
export { contentHash } from './hash.ts';
