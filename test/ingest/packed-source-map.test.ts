import { describe, expect, it } from 'vitest';
import { setSourceMap } from '../../src/ingest/packed-source-map.ts';
import { sourceOffset } from '../../src/ingest/source-map.ts';
import { parseHtml } from '../../src/ingest/parse-html.ts';
import type { StoredDocument } from '../../src/types.ts';

/** A document with `sourceMap` as prepared documents have it; `doc(id)` is without. */
function doc(id: string, sourceMap?: number[], text = ''): StoredDocument {
  const d: StoredDocument = { id, name: `${id}.html`, format: 'html', title: id, text, tables: [], addedAt: 0, rawLength: 0 };
  if (sourceMap) setSourceMap(d, sourceMap);
  return d;
}

/** The same document with a plain map. */
function plainDoc(id: string, sourceMap: number[], text = ''): StoredDocument {
  return { id, name: `${id}.html`, format: 'html', title: id, text, tables: [], addedAt: 0, rawLength: 0, sourceMap };
}

/** Reads the maps of enough other packed documents that the ones read before are no longer held as arrays. */
function readOthers(): void {
  for (let i = 0; i < 50; i++) {
    const d = doc(`other${i}`, [0, 3, 5, 12]);
    expect(d.sourceMap).toEqual([0, 3, 5, 12]);
  }
}

describe('setSourceMap', () => {
  it('gives back the same map, and the same offsets through it, once it is no longer held', () => {
    const html = '<h1>Rates &amp; fees</h1><table><tr><th>Year</th><td><b>2020</b></td></tr><tr><th>Rate</th><td>3.5&nbsp;%</td></tr></table>';
    const parsed = parseHtml(html);
    const map = parsed.sourceMap!;
    expect(map.length).toBeGreaterThan(4);
    const want = plainDoc('rates', map.slice(), parsed.text);
    const offsets = Array.from({ length: parsed.text.length + 1 }, (_, t) => [sourceOffset(want, t), sourceOffset(want, t, 'end')]);
    const d = doc('rates', map.slice(), parsed.text);
    readOthers();
    expect(JSON.stringify(d)).toBe(JSON.stringify(want));
    expect(Array.from({ length: parsed.text.length + 1 }, (_, t) => [sourceOffset(d, t), sourceOffset(d, t, 'end')])).toEqual(offsets);
  });

  it('keeps large offsets, steps back in the source and gaps of every size', () => {
    const map = [0, 0, 1, 200, 129, 100, 20_000, 70_000, 2_000_000_000, 5, 2_000_000_001, 2_147_483_647];
    const d = doc('far', map.slice());
    readOthers();
    expect(d.sourceMap).toEqual(map);
  });

  it('is seen as a plain document by a spread, JSON and a structured clone', () => {
    const plain = plainDoc('plain', [0, 4, 10, 30]);
    const d = doc('plain', [0, 4, 10, 30]);
    readOthers();
    expect({ ...d }).toEqual(plain);
    expect(Object.keys(d)).toEqual(Object.keys(plain));
    expect(structuredClone(d)).toEqual(plain);
  });

  it('leaves a map that is not anchors as it is', () => {
    for (const map of [[0, 1, 2], [5, 1, 5, 2], [0, -1], [0, 1.5]]) {
      const d = doc('odd', map);
      readOthers();
      expect(Object.getOwnPropertyDescriptor(d, 'sourceMap')?.value).toBe(map);
    }
  });

  it('makes an assigned map a plain field of the document', () => {
    const d = doc('assigned', [0, 4, 10, 30]);
    d.sourceMap = [0, 1];
    readOthers();
    expect(Object.getOwnPropertyDescriptor(d, 'sourceMap')).toMatchObject({ value: [0, 1], writable: true, enumerable: true });
  });
});
