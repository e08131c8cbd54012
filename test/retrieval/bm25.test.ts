import { describe, expect, it } from 'vitest';
import { PassageIndex } from '../../src/retrieval/passage-index.ts';
import type { Passage } from '../../src/types.ts';

const passage = (id: string, text: string, heading = ''): Passage => ({
  id, docId: id, ordinal: 0, kind: 'text', text, start: 0, end: text.length, heading, sentences: [],
});

async function index(...passages: Passage[]) {
  return indexWith(undefined, ...passages);
}

async function indexWith(bm25: { k1: number; b: number } | undefined, ...passages: Passage[]) {
  const idx = new PassageIndex(undefined, bm25);
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

  it('counts a table passage\'s title, which its text repeats, for less than a section heading', async () => {
    const text = 'Wages by province. Ontario: in men 10, in women 12.';
    const table: Passage = { ...passage('table', text, 'Wages by province'), kind: 'table-row', tableIndex: 0, cells: [[1, 0]] };
    const idx = await index(table, passage('section', text, 'Wages by province'));
    const hits = await idx.search('wages', { limit: 10 });
    expect(hits.map((h) => h.id)).toEqual(['section', 'table']);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
    // Words of the text alone score the same in both.
    const [a, b] = await idx.search('ontario', { limit: 10 });
    expect(a!.score).toBeGreaterThan(0);
    expect(b!.score).toBeCloseTo(a!.score, 9);
  });

  it('takes its length normalisation from the parameters it is built with', async () => {
    // A long column summary naming the season and the division among many, against the one row that answers.
    const long = passage('column', `season: ${Array.from({ length: 12 }, (_, i) => `leeds ${1980 + i} division second division`).join(', ')}, port vale 1985`);
    const row = passage('row', 'port vale: in season 1985, in division fourth division, in apps 10');
    const others = [passage('x', 'crystal palace 1990 first division'), passage('y', 'swansea city 1973 third division')];
    const top = async (b: number) => (await (await indexWith({ k1: 1.2, b }, long, row, ...others)).search('division 1985 port vale', { limit: 1 }))[0]!.id;
    expect(await top(0)).toBe('column');
    expect(await top(0.9)).toBe('row');
  });

  it('forgets removed passages, and finds them again when re-added', async () => {
    const idx = await index(passage('a', 'zebra crossing'), passage('b', 'giraffe neck'));
    await idx.remove(['a']);
    expect(await idx.search('zebra', { limit: 10 })).toEqual([]);
    expect(idx.size).toBe(1);
    await idx.add([passage('a', 'zebra stripes')]);
    expect((await idx.search('zebra', { limit: 10 })).map((h) => h.id)).toEqual(['a']);
  });

  it('scores after removals exactly as an index built without the removed passages', async () => {
    const all = Array.from({ length: 60 }, (_, i) => passage(`p${i}`, `river ${i % 3 ? 'bank' : 'mouth'} loan ${i} rate ${'fund '.repeat(i % 4)}`, i % 2 ? 'Money' : ''));
    const gone = new Set(['p3', 'p10', 'p11', 'p40']);
    const left = all.filter((p) => !gone.has(p.id));
    const byPassage = await index(...all);
    await byPassage.remove(all.filter((p) => gone.has(p.id)));
    const byId = await index(...all);
    await byId.remove([...gone]);
    const fresh = await index(...left);
    for (const q of ['river bank', 'fund rate', 'money mouth 40', 'loan 11']) {
      const expected = await fresh.search(q, { limit: 100 });
      expect(await byPassage.search(q, { limit: 100 })).toEqual(expected);
      expect(await byId.search(q, { limit: 100 })).toEqual(expected);
    }
  });

  it('scores a changed index as a fresh one, also when it was searched before the change', async () => {
    const all = Array.from({ length: 40 }, (_, i) => passage(`p${i}`, `river ${i % 3 ? 'bank' : 'mouth'} loan ${'fund '.repeat(i % 5)}`, i % 2 ? 'Money' : ''));
    const idx = await index(...all.slice(0, 30));
    const queries = ['river bank', 'fund loan', 'money mouth'];
    for (const q of queries) await idx.search(q, { limit: 100 });
    await idx.remove(['p4', 'p7']);
    await idx.add(all.slice(30));
    const fresh = await index(...all.filter((p) => p.id !== 'p4' && p.id !== 'p7'));
    for (const q of queries) expect(await idx.search(q, { limit: 100 })).toEqual(await fresh.search(q, { limit: 100 }));
    // The lengths change and their total stays: a long passage out, another of the same length in.
    await idx.remove(['p0']);
    await idx.add([passage('p0', 'fund fund fund fund fund')]);
    const again = await index(...all.filter((p) => !['p0', 'p4', 'p7'].includes(p.id)), passage('p0', 'fund fund fund fund fund'));
    for (const q of queries) expect((await idx.search(q, { limit: 100 })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))).toEqual((await again.search(q, { limit: 100 })).sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)));
  });

  it('gives back its postings in insertion order, which load into an identical index', async () => {
    const idx = await index(passage('a', 'zebra crossing'), passage('b', 'giraffe neck zebra', 'Zoo'), passage('c', 'zebra zebra'));
    await idx.remove(['b']);
    await idx.add([passage('b', 'okapi zebra')]);
    const { index: postings, ids } = idx.toTermIndex();
    expect(ids).toEqual(['a', 'c', 'b']);
    const copy = new PassageIndex();
    await copy.load([{ passages: ids.map((id) => passage(id, '')), index: postings }]);
    for (const q of ['zebra', 'okapi zoo', 'neck']) expect(await copy.search(q, { limit: 10 })).toEqual(await idx.search(q, { limit: 10 }));
  });

  it('keeps counts above 255 and lengths above 65,535 exactly (its arrays widen when one arrives)', async () => {
    const idx = await index(passage('few', 'echo '.repeat(200) + 'delta'), passage('some', 'echo '.repeat(250)));
    await idx.add([passage('many', 'echo '.repeat(300)), passage('long', 'delta '.repeat(70_000))]);
    const { index: postings, ids } = idx.toTermIndex();
    const text = postings.fields[0]!;
    const echo = text.terms.indexOf('echo');
    expect([...text.counts.subarray(text.offsets[echo]!, text.offsets[echo + 1]!)]).toEqual([200, 250, 300]);
    expect([...text.lengths]).toEqual([201, 250, 300, 65_535 + 4_465]);
    expect(ids).toEqual(['few', 'some', 'many', 'long']);
    expect((await idx.search('echo', { limit: 10 })).map((h) => h.id)).toEqual(['many', 'some', 'few']);
  });

  it('finds every passage by id after many are removed and added again (slots renumbered)', async () => {
    const all = Array.from({ length: 3000 }, (_, i) => passage(`p${i}`, `word${i % 50} shared ${i}`));
    const idx = await index(...all);
    await idx.remove(all.filter((_, i) => i % 3 !== 0).map((p) => p.id));
    expect(idx.size).toBe(1000);
    await idx.add(all.filter((_, i) => i % 3 === 1));
    expect(idx.size).toBe(2000);
    const fresh = await index(...all.filter((_, i) => i % 3 === 0), ...all.filter((_, i) => i % 3 === 1));
    for (const q of ['word7', 'shared 2998', '1501 word1']) expect(await idx.search(q, { limit: 50 })).toEqual(await fresh.search(q, { limit: 50 }));
    await idx.remove(['p0', 'p1', 'missing']);
    expect(idx.size).toBe(1998);
    expect((await idx.search('0', { limit: 5 })).map((h) => h.id)).toEqual([]);
  });

  it('returns the best `limit` passages as a full ranking would, ties in insertion order', async () => {
    const idx = await index(...Array.from({ length: 200 }, (_, i) => passage(`p${i}`, `common ${i % 5 ? 'word' : 'rare'} ${'pad '.repeat(i % 7)}`)));
    const all = await idx.search('common rare word', { limit: 1000 });
    expect(await idx.search('common rare word', { limit: 7 })).toEqual(all.slice(0, 7));
  });

  it('counts a word of the heading once when the text repeats it (BM25F): a title-only passage does not outrank the answer', async () => {
    const idx = await index(
      passage('title', 'British Vogue', 'British Vogue'),
      passage('answer', 'Under Audrey Withers, editor from 1940 to 1960, the magazine took a literary direction.', 'British Vogue'),
      passage('other', 'The American edition of the magazine, with its editor in New York.', 'American Vogue'),
    );
    expect((await idx.search('who edited British Vogue from 1940 to 1960', { limit: 3 }))[0]!.id).toBe('answer');
  });

  it('weighs in the share of the question a passage covers only when asked (coverage)', async () => {
    // One very rare word against three fairly common ones.
    const idx = await index(
      passage('rare', 'zanzibar'),
      passage('broad', 'spice trade market'),
      ...Array.from({ length: 30 }, (_, i) => passage(`f${i}`, `${['spice', 'trade', 'market'][i % 3]} island ${i}`)),
    );
    const q = 'zanzibar spice trade market';
    expect((await idx.search(q, { limit: 1 }))[0]!.id).toBe('rare');
    expect((await idx.search(q, { limit: 1, coverage: true }))[0]!.id).toBe('broad');
  });

  it('scores every passage exactly as BM25F written out term by term, whether a term is in one field or in several', async () => {
    // Text and heading (weight 1 each): "river" only in text, "delta" only in headings, "nile" in both.
    // Words the tokenizer keeps as they are (no stop word, no stem): a field's length is its word count.
    const ps = [
      passage('a', 'nile river delta river', 'nile'),
      passage('b', 'cairo river north', 'delta'),
      passage('c', 'long list nile cairo zebra river kilo nile', 'delta cairo'),
      passage('d', 'zebra kilo', 'north'),
    ];
    const idx = await index(...ps);
    const words = (s: string) => s.split(' ');
    const fields = ps.map((p) => [words(p.text), p.heading ? words(p.heading) : []]);
    const avg = [0, 1].map((f) => fields.reduce((n, x) => n + x[f]!.length, 0) / ps.length);
    const [k1, b] = [1.2, 0.75];
    const expected = (terms: string[]) => ps.map((p, i) => {
      let score = 0;
      for (const t of terms) {
        let tf = 0;
        for (const f of [0, 1]) {
          const count = fields[i]![f]!.filter((w) => w === t).length;
          if (count) tf += count / (1 - b + (b * fields[i]![f]!.length) / avg[f]!);
        }
        if (!tf) continue;
        const df = fields.filter((x) => x[0]!.includes(t) || x[1]!.includes(t)).length;
        score += (Math.log(1 + (ps.length - df + 0.5) / (df + 0.5)) * tf * (k1 + 1)) / (tf + k1);
      }
      return { id: p.id, score };
    }).filter((x) => x.score > 0).sort((x, y) => y.score - x.score);
    for (const q of ['river', 'delta', 'nile', 'nile river delta cairo']) {
      const got = await idx.search(q, { limit: 10 });
      expect(got.map((h) => h.id)).toEqual(expected(words(q)).map((x) => x.id));
      for (const [k, h] of got.entries()) expect(h.score).toBeCloseTo(expected(words(q))[k]!.score, 12);
    }
  });
});
