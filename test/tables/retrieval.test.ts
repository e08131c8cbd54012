import { describe, expect, it } from 'vitest';
import { flattenTable, readHtmlTable, summarizeTable } from '../../src/tables/index.ts';
import { PassageIndex } from '../../src/retrieval/passage-index.ts';
import type { Passage } from '../../src/types.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';

/** The engine's first-stage BM25 over some texts; returns the ranked text positions. */
async function bm25(texts: string[]) {
  const index = new PassageIndex();
  const passages: Passage[] = texts.map((text, i) => ({ id: String(i), docId: 'd', ordinal: i, kind: 'text', text, start: 0, end: 0, sentences: [] }));
  await index.add(passages);
  return async (q: string) => (await index.search(q, { limit: 5 })).map((h) => Number(h.id));
}

describe('H-RCL against the flattened table', () => {
  it('finds the cell "Mexican peso, 2013, Buy" in one passage where flattened chunks cannot', async () => {
    const table = readHtmlTable(tableElement(CURRENCY_HTML)).table;
    const query = 'Mexican peso 2013 Buy';
    const contains = (t: string) => ['mexican', 'peso', '2013', 'buy', '11.2'].every((w) => t.toLowerCase().includes(w));

    // Standard RAG: the flattened table cut into line-sized chunks, as a chunker cuts a long table.
    const flat = flattenTable(table).split('\n');
    const flatTop = (await (await bm25(flat))(query))[0]!;
    expect(contains(flat[flatTop]!)).toBe(false);
    expect(flat.some(contains)).toBe(false);

    // H-RCL: the row summary carries the column path next to the value.
    const summaries = summarizeTable(table).filter((s) => s.kind !== 'table');
    const top = summaries[(await (await bm25(summaries.map((s) => s.text)))(query))[0]!]!;
    expect(['table-row', 'table-column']).toContain(top.kind);
    expect(contains(top.text)).toBe(true);
    expect(top.cells).toContainEqual([3, 1]);
    const row = summaries.find((s) => s.kind === 'table-row' && s.text.includes('Mexican'))!;
    expect(row.text).toContain('in 2013 Buy 11.2');
  });
});
