import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { analyseSegment } from '../../src/engine/segments.ts';
import { encodeSegment } from '../../src/index-format/segment-writer.ts';
import { parseHtml } from '../../src/ingest/parse-html.ts';
import type { DocumentInput, StoredDocument } from '../../src/types.ts';

// Ingested documents keep their tables' cells and their source maps packed
// (`src/tables/packed-cells.ts`, `src/ingest/packed-source-map.ts`): what any reader gets of
// them is what the readers made, however long ago they were last read.

/** A table with merged headers, entities and markup in cells: cells and anchors of every kind. */
function report(i: number): DocumentInput {
  return {
    id: `report-${i}`,
    name: `report-${i}.html`,
    content: `<h1>Report ${i} &amp; notes</h1><table><caption>Sales ${2000 + i}</caption>`
      + '<tr><th rowspan="2">Region</th><th colspan="2">Quarter</th></tr><tr><th>Q1</th><th>Q2</th></tr>'
      + `<tr><th>North</th><td><b>${i}.5</b></td><td>${i}&nbsp;%</td></tr><tr><td>South</td><td>..</td></tr></table>`
      + `<p>Sales in region ${i} rose.</p>`,
  };
}

const plain = (d: StoredDocument) => JSON.parse(JSON.stringify(d)) as StoredDocument;

describe('documents kept packed', () => {
  it('give back the tables and source maps their reader made, after many other documents were read', async () => {
    const inputs = Array.from({ length: 150 }, (_, i) => report(i));
    const almanac = await createAlmanac();
    await almanac.ingest(inputs);
    // Read them all, twice over: the first ones are long out of what is held as objects.
    for (let round = 0; round < 2; round++) {
      for (const input of inputs) {
        const parsed = parseHtml(input.content as string);
        const d = plain((await almanac.document(input.id!))!);
        expect(d.tables).toEqual(JSON.parse(JSON.stringify(parsed.tables)));
        expect(d.sourceMap).toEqual(parsed.sourceMap);
        expect(parsed.sourceMap!.length).toBeGreaterThan(4);
      }
    }
    await almanac.close();
  });

  it('write the same stored bytes as plain ones', async () => {
    const prepared = await Promise.all(Array.from({ length: 150 }, (_, i) => prepareDocument(report(i), { now: 0 })));
    const records = prepared.map((p) => ({ document: p.document, passages: p.passages }));
    const copies = prepared.map((p) => ({ document: plain(p.document), passages: p.passages }));
    expect(encodeSegment(analyseSegment(records))).toEqual(encodeSegment(analyseSegment(copies)));
  });

  it('answer with the same citations as the first time they were read', async () => {
    const inputs = Array.from({ length: 150 }, (_, i) => report(i));
    const almanac = await createAlmanac();
    await almanac.ingest(inputs);
    const question = 'What were sales in the North in Q1 2003?';
    const first = await almanac.answer(question);
    const cell = first.answer.citations.find((c) => c.kind === 'cell')!;
    expect(cell).toMatchObject({ docId: 'report-3', text: '3.5' });
    for (const input of inputs) await almanac.document(input.id!);
    const again = await almanac.answer(question);
    const { tookMs: _a, search: s1, ...rest1 } = first;
    const { tookMs: _b, search: s2, ...rest2 } = again;
    expect(rest2).toEqual(rest1);
    expect(s2.results).toEqual(s1.results);
    // The cited cell's characters, where the user's HTML has them.
    expect((inputs[3]!.content as string).slice(cell.source!.start, cell.source!.end)).toBe('3.5');
    await almanac.close();
  });

  it('are packed again when a large stored corpus is opened, and read back the same', async () => {
    // 40 tables of 31 x 21 cells: past the count from which an open packs what it decoded (`pack-opened.ts`).
    const grid = (i: number) => {
      const head = `<tr><th>Item</th>${Array.from({ length: 20 }, (_, c) => `<th>${2000 + c}</th>`).join('')}</tr>`;
      const rows = Array.from({ length: 30 }, (_, r) => `<tr><th>Item ${i}-${r}</th>${Array.from({ length: 20 }, (_, c) => `<td>${i * 1000 + r * 20 + c}</td>`).join('')}</tr>`);
      return { id: `grid-${i}`, name: `grid-${i}.html`, content: `<h1>Grid ${i}</h1><table><caption>Counts ${i}</caption>${head}${rows.join('')}</table>` };
    };
    const inputs = Array.from({ length: 40 }, (_, i) => grid(i));
    const storage = { indexedDB: { name: 'packed-on-open', factory: new IDBFactory() } };
    const ingested = await createAlmanac({ storage });
    await ingested.ingest(inputs);
    const question = 'How many Item 7-12 in 2015?';
    const first = await ingested.answer(question);
    const documents = await Promise.all(inputs.map(async (d) => plain((await ingested.document(d.id))!)));
    await ingested.close();

    const opened = await createAlmanac({ storage });
    const packed = (await opened.document('grid-0'))!;
    expect(Object.getOwnPropertyDescriptor(packed.tables[0]!, 'cells')?.get).toBeTypeOf('function');
    expect(Object.getOwnPropertyDescriptor(packed, 'sourceMap')?.get).toBeTypeOf('function');
    const again = await opened.answer(question);
    expect(again.answer.citations.find((c) => c.kind === 'cell')).toMatchObject({ docId: 'grid-7', text: '7255' });
    const { tookMs: _a, search: s1, ...rest1 } = first;
    const { tookMs: _b, search: s2, ...rest2 } = again;
    expect(rest2).toEqual(rest1);
    expect(s2.results).toEqual(s1.results);
    // Every document as it was ingested, each read after all the others (out of what is held as objects).
    for (let round = 0; round < 2; round++) {
      for (const [k, d] of inputs.entries()) expect(plain((await opened.document(d.id))!)).toEqual(documents[k]);
    }
    expect(structuredClone(await opened.document('grid-3'))).toEqual(documents[3]);
    await opened.close();
  });
});
