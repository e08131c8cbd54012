import { describe, expect, it } from 'vitest';
import { PassageIndex } from '../../src/retrieval/passage-index.ts';
import type { Passage } from '../../src/types.ts';

const passage = (id: string, text: string, heading = ''): Passage => ({
  id, docId: id, ordinal: 0, kind: 'text', text, start: 0, end: text.length, heading, sentences: [],
});

async function index(...passages: Passage[]) {
  const idx = new PassageIndex();
  await idx.add(passages);
  return idx;
}

describe('BM25 index component', () => {
  it('matches whole words, not prefixes', async () => {
    const idx = await index(passage('a', 'The team won the final.'), passage('b', 'A wonderful wonder of the world.'));
    expect((await idx.search('won', { limit: 10 })).map((h) => h.id)).toEqual(['a']);
  });

  it('counts repeated terms: more occurrences rank higher at equal length', async () => {
    const idx = await index(passage('once', 'river bank money loan rate fund'), passage('twice', 'river river bank loan rate fund'));
    expect((await idx.search('river', { limit: 10 })).map((h) => h.id)).toEqual(['twice', 'once']);
  });

  it('does not let a one-line passage outrank the passage that answers', async () => {
    const idx = await index(
      passage('heading', 'History .'),
      passage('answer', 'In 1811 George Peter bought the house and kept it until 1827, adding a wing to its history.'),
    );
    const hits = await idx.search('who owned the house history 1811', { limit: 10 });
    expect(hits[0]!.id).toBe('answer');
  });

  it('weighs rare terms above common ones (idf) and searches the heading field', async () => {
    const idx = await index(
      passage('p1', 'election results in the city'), passage('p2', 'election day in the city'),
      passage('p3', 'the city council', 'Referendum'),
    );
    expect((await idx.search('referendum city', { limit: 10 }))[0]!.id).toBe('p3');
  });

  it('forgets removed passages, and finds them again when re-added', async () => {
    const idx = await index(passage('a', 'zebra crossing'), passage('b', 'giraffe neck'));
    await idx.remove(['a']);
    expect(await idx.search('zebra', { limit: 10 })).toEqual([]);
    expect(idx.size).toBe(1);
    await idx.add([passage('a', 'zebra stripes')]);
    expect((await idx.search('zebra', { limit: 10 })).map((h) => h.id)).toEqual(['a']);
  });
});
