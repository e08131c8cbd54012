import { concatTermIndexes } from '../retrieval/term-index.ts';
import type { Segment } from './segment.ts';

/**
 * One segment from several, in order: records concatenated, postings merged term by term
 * (no tokenising). All must share one terms fingerprint; vectors keep their embedder when
 * every part that has vectors names the same one.
 */
export function mergeSegments(parts: readonly Segment[]): Segment {
  if (parts.length === 1) return parts[0]!;
  const terms = parts[0]?.terms ?? '';
  if (parts.some((p) => p.terms !== terms)) throw new Error('mergeSegments: segments written with different tokenizers');
  const embedders = new Set(parts.filter((p) => p.records.some((r) => r.vectors?.size)).map((p) => p.embedderId ?? ''));
  if (embedders.size > 1) throw new Error('mergeSegments: vectors of different embedders');
  const [embedderId] = embedders;
  return {
    terms,
    records: parts.flatMap((p) => p.records),
    lexical: concatTermIndexes(parts.map((p) => p.lexical)),
    structured: concatTermIndexes(parts.map((p) => p.structured)),
    ...(embedderId !== undefined ? { embedderId } : {}),
  };
}
