/**
 * English stop words dropped from BM25 queries and indexes. Short on purpose: words such
 * as "first", "last", "before" and "after" carry meaning for time questions and stay.
 */
export const STOP_WORDS: readonly string[] = [
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'been', 'but', 'by', 'did', 'do', 'does', 'for',
  'from', 'had', 'has', 'have', 'he', 'her', 'his', 'how', 'i', 'in', 'is', 'it', 'its', 'of',
  'on', 'or', 'she', 'that', 'the', 'their', 'them', 'there', 'they', 'this', 'to', 'was',
  'were', 'what', 'when', 'where', 'which', 'who', 'whom', 'why', 'will', 'with', 'would',
];
