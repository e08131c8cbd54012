import { STOP_WORDS } from '../text/stopwords.ts';

const STOP = new Set(STOP_WORDS);

/**
 * Query words found in `text`, as `[start, end)` offsets. A word matches when it starts
 * with the query word's first five letters, so "elected" highlights for "election" the
 * way the stemmed BM25 index matched it.
 */
export function findHighlights(query: string, text: string): Array<[number, number]> {
  const stems = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])]
    .filter((w) => w.length > 1 && !STOP.has(w))
    .map((w) => (w.length > 5 ? w.slice(0, 5) : w));
  if (!stems.length) return [];
  const out: Array<[number, number]> = [];
  const word = /[\p{L}\p{N}]+/gu;
  let m: RegExpExecArray | null;
  while ((m = word.exec(text)) !== null) {
    const w = m[0].toLowerCase();
    if (stems.some((s) => (s.length < 5 ? w === s : w.startsWith(s)))) out.push([m.index, m.index + m[0].length]);
  }
  return out;
}
