/**
 * How far the question's words alone can separate the documents: the expected HiT@k of an
 * idealised ranker that sees only which of the question's terms each document contains.
 *
 * For a question, let G be the question terms the gold document contains. The idealised
 * ranker puts above the gold document exactly the documents that contain all of G and more
 * question terms besides (`dominating`), puts every document with some other set of terms
 * below it, and breaks exact ties (documents containing exactly G) at random. Its expected
 * HiT@k for the question is then 0 when `dominating >= k`, else min(1, (k - dominating) /
 * (ties + 1)).
 *
 * This is neither bound of what a lexical ranker can do: it is generous (a document holding
 * other question words than the gold document never outranks it) and strict (term
 * frequencies, where the words sit in the table, and phrases can break ties better than
 * chance). It measures the share of questions whose words do not single out their table —
 * HiTab's Wikipedia questions that name a player the table never names, among hundreds of
 * career tables holding the same season and column words.
 */

import { tokenize } from '../src/text/tokenizer.ts';
import { round1 } from './args.ts';

/** A document as the words it holds (its paragraphs, caption and every cell). */
export interface TermDocument {
  id: string;
  text: string;
}

/** Expected HiT@k, overall and by group, of the term-presence ranker described above. */
export function termPresenceCeiling(
  docs: TermDocument[],
  questions: Array<{ question: string; gold: string; group?: string }>,
  ks: readonly number[],
): { overall: Record<string, number>; byGroup: Record<string, Record<string, number>> } {
  const terms = new Map(docs.map((d) => [d.id, new Set(tokenize(d.text))]));
  const sums = new Map<string, { n: number; hit: number[] }>();
  const all = { n: 0, hit: ks.map(() => 0) };
  for (const q of questions) {
    const gold = terms.get(q.gold);
    if (!gold) continue;
    const qTerms = [...new Set(tokenize(q.question))];
    const held = qTerms.filter((t) => gold.has(t));
    let dominating = 0;
    let ties = 0;
    for (const [id, doc] of terms) {
      if (id === q.gold || !held.every((t) => doc.has(t))) continue;
      let more = false;
      for (const t of qTerms) if (!gold.has(t) && doc.has(t)) { more = true; break; }
      if (more) dominating++;
      else ties++;
    }
    let g = sums.get(q.group ?? 'all');
    if (!g) sums.set(q.group ?? 'all', (g = { n: 0, hit: ks.map(() => 0) }));
    g.n++;
    all.n++;
    ks.forEach((k, i) => {
      const p = dominating >= k ? 0 : Math.min(1, (k - dominating) / (ties + 1));
      g.hit[i]! += p;
      all.hit[i]! += p;
    });
  }
  const shares = (s: { n: number; hit: number[] }) => Object.fromEntries(ks.map((k, i) => [`HiT@${k}`, round1((100 * s.hit[i]!) / Math.max(1, s.n))]));
  return { overall: shares(all), byGroup: Object.fromEntries([...sums].map(([name, s]) => [name, { questions: s.n, ...shares(s) }])) };
}
