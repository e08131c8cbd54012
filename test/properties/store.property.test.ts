/**
 * The engine and its store on arbitrary documents: an ingest never throws outside the catalogue
 * (every report is stored, or refused with a catalogue code); every stored document is found by
 * a word of its text, in any script; and what a reopened store holds is what the engine listed.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { ERROR_CODES } from '../../src/errors.ts';
import { findableWord, hostileText } from './arbitraries.ts';

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

const document = fc.record({
  name: fc.oneof(fc.constantFrom('a.txt', 'b.md', 'c.html', 'd.csv', 'notes', 'Отчёт.txt', 'a b.txt', 'a-b.txt'), fc.string({ maxLength: 20 })),
  body: hostileText,
  word: findableWord,
});

describe('the store on arbitrary documents', () => {
  it('stores or refuses each document with a catalogue code, and finds each stored one by its word', async () => {
    let run = 0;
    let found = 0;
    await fc.assert(fc.asyncProperty(fc.array(document, { minLength: 1, maxLength: 6 }), async (docs) => {
      const factory = new IDBFactory();
      const storage = { indexedDB: { name: `prop-${run++}`, factory } };
      const almanac = await createAlmanac({ storage });
      // The word stands apart (blank lines around it): a paragraph of its own in any format.
      const inputs = docs.map((d, i) => ({ id: `doc-${i}`, name: d.name, content: `${d.body}\n\n${d.word}\n\n` }));
      const reports = await almanac.ingest(inputs);
      expect(reports).toHaveLength(inputs.length);
      for (const r of reports) {
        if (r.stored) expect(r.error).toBeUndefined();
        else expect(CODES.has(r.error!.code), r.error!.code).toBe(true);
      }
      for (const [i, r] of reports.entries()) {
        if (!r.stored) continue;
        // A word the reader kept: markup may hide it (in HTML, `</` and a space open a comment, as in a browser).
        const text = (await almanac.document(r.id))!.text;
        if (!text.includes(docs[i]!.word)) continue;
        const res = await almanac.search(docs[i]!.word, { limit: 50 });
        expect(res.results.map((x) => x.passage.docId), `${docs[i]!.word} in ${JSON.stringify(inputs[i])}`).toContain(r.id);
        found++;
      }
      const listed = (await almanac.documents()).map((d) => d.id).sort();
      await almanac.close();
      const reopened = await createAlmanac({ storage });
      expect((await reopened.documents()).map((d) => d.id).sort()).toEqual(listed);
      await reopened.close();
    }), { numRuns: 40 });
    // The property held over documents that were stored and searched, not only refused ones.
    expect(found).toBeGreaterThan(40);
  });
});
