import { rowIntervals } from '../tables/dated-rows.ts';
import { documentIntervals, type DatedSentence } from '../temporal/intervals.ts';
import type { TableStructure } from '../tables/headers.ts';
import type { Passage, Sentence, Table } from '../types.ts';

/**
 * Writes the event intervals of one document onto its passages' sentences (`Sentence.intervals`,
 * see `src/temporal/intervals.ts`): the text read in order across its passages, so "took
 * office on A" in one paragraph meets "remained until B" in a later one; a document's sentence
 * passages take the interval of the same sentence; a row summary takes its row's interval
 * (`src/tables/dated-rows.ts`). `structures`: the tables' detected headers, when the caller has them.
 */
export function attachEventIntervals(passages: Passage[], tables: Table[], options?: { referenceDate?: Date }, structures?: ReadonlyArray<TableStructure>): void {
  const text = passages.filter((p) => p.kind === 'text');
  const sentences: Array<{ passage: Passage; sentence: Sentence }> = [];
  for (const p of text) for (const s of p.sentences) sentences.push({ passage: p, sentence: s });
  const read: DatedSentence[] = sentences.map(({ passage, sentence }) => ({ text: passage.text.slice(sentence.start, sentence.end), times: sentence.times }));
  const intervals = documentIntervals(read, options);
  const byOffset = new Map<number, (typeof intervals)[number]>();
  sentences.forEach(({ passage, sentence }, i) => {
    const ivs = intervals[i]!;
    if (!ivs.length) return;
    sentence.intervals = ivs;
    byOffset.set(passage.start + sentence.start, ivs);
  });
  for (const p of passages) {
    if (p.kind !== 'sentence') continue;
    const ivs = byOffset.get(p.start);
    if (ivs) for (const s of p.sentences) s.intervals = ivs;
  }
  // Most tables date no rows (no start or end header, `dated-rows.ts`): their passages are not read.
  tables.forEach((table, tableIndex) => {
    const byRow = rowIntervals(table, { ...options, structure: structures?.[tableIndex] });
    if (!byRow.size) return;
    for (const p of passages) {
      if (p.kind !== 'table-row' || p.tableIndex !== tableIndex || !p.cells?.length) continue;
      const iv = byRow.get(p.cells[0]![0]);
      if (iv) for (const s of p.sentences) s.intervals = [iv];
    }
  });
}
