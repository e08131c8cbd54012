import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { expandAbbreviation, FolderDescriptions, readDescription } from '../../src/engine/data-descriptions.ts';

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu)!;

describe('expandAbbreviation', () => {
  const readme = words('Two series are provided: the Kilauea Summit series (the longest) and a Global Average series. Both come from the Hawaii Volcano Observatory.');
  it('finds the phrase whose words the abbreviation takes prefixes of', () => {
    expect(expandAbbreviation('ks', readme)).toBe('kilauea summit');
    expect(expandAbbreviation('kisu', readme)).toBe('kilauea summit');
    expect(expandAbbreviation('gl', readme)).toBe('global');
    // Of two readings, the shorter phrase: "h" + "vo" before "h" + "v" + "o".
    expect(expandAbbreviation('hvo', readme)).toBe('hawaii volcano');
  });
  it('leaves words the description has, numbers and tokens no phrase fits', () => {
    expect(expandAbbreviation('series', readme)).toBeUndefined();
    expect(expandAbbreviation('co2', readme)).toBeUndefined();
    expect(expandAbbreviation('zq', readme)).toBeUndefined();
  });
});

describe('readDescription', () => {
  it('reads a README title and its first sentence, without markup', () => {
    const d = readDescription('rain/README.md', '<a href="x"><img src="badge.svg"/></a>\n\n# Island rainfall\n\nDaily [rainfall](https://example.org) totals at two stations since 1950. The Kilauea Summit station is the older one.\n')!;
    expect(d.lead).toBe('Island rainfall. Daily rainfall totals at two stations since 1950.');
    expect(d.words).toContain('kilauea');
  });
  it('reads datapackage.json resources by path', () => {
    const d = readDescription('rain/datapackage.json', JSON.stringify({ title: 'Island rainfall', resources: [{ name: 'ks-daily', path: 'data/ks-daily.csv', title: 'Kilauea Summit daily rainfall' }] }))!;
    expect(d.lead).toBe('Island rainfall');
    expect(d.resources!.get('data/ks-daily.csv')).toBe('Kilauea Summit daily rainfall. ks-daily');
    expect(readDescription('x/datapackage.json', '{not json')).toBeUndefined();
  });
});

describe('FolderDescriptions', () => {
  it('describes data files of the folder or the folder above, no other file', () => {
    const f = new FolderDescriptions([
      { name: 'rain/README.md', content: 'Daily rainfall totals at two stations. The Kilauea Summit series and the Global Average series.' },
      { name: 'rain/data/ks.csv', content: 'Date,Rain\n' },
    ], []);
    expect(f.describe('rain/data/ks.csv')).toBe('kilauea summit — Daily rainfall totals at two stations.');
    expect(f.describe('rain/data/notes.md')).toBeUndefined();
    expect(f.describe('other/ks.csv')).toBeUndefined();
    expect(f.describe('rain/a/b/c/ks.csv')).toBeUndefined();
  });
});

describe('a data file named by abbreviations, found by what its README says', () => {
  it('ranks the file whose name abbreviates the phrase the question spells out first', async () => {
    const almanac = await createAlmanac();
    const rows = (base: number) => `Year,Total\n${Array.from({ length: 20 }, (_, i) => `${2000 + i},${(base + i * 3.1).toFixed(1)}`).join('\n')}\n`;
    await almanac.ingest([
      { name: 'rainfall/README.md', content: '# Island rainfall\n\nAnnual rainfall totals in millimetres, from the island weather service. Two series are provided: the Kilauea Summit series (the longest) and a Global Average series over all stations.\n' },
      { name: 'rainfall/data/rain-annual-ks.csv', content: rows(2400) },
      { name: 'rainfall/data/rain-annual-gl.csv', content: rows(1800) },
    ]);
    const ks = await almanac.search('annual rainfall total at Kilauea Summit in 2010', { limit: 3 });
    expect(ks.results[0]!.passage.docId).toBe('rainfall/data/rain-annual-ks.csv');
    const res = await almanac.answer('What was the annual rainfall total at Kilauea Summit in 2010?');
    expect(res.answer).toMatchObject({ kind: 'cell', text: '2431.0' });
    expect(res.answer.citations[0]!.docId).toBe('rainfall/data/rain-annual-ks.csv');
    // The README, which says "Global Average" in its text, ranks above the files for this one
    // (the inherited words weigh as a title); of the data files the global one comes first.
    const gl = await almanac.search('global average annual rainfall total in 2010', { limit: 10, groupByDocument: true });
    expect(gl.results.map((r) => r.passage.docId).filter((d) => d.endsWith('.csv'))[0]).toBe('rainfall/data/rain-annual-gl.csv');
    await almanac.close();
  });

  it('computes over the rows of a span of time from the file its README names, and not from a file of another quantity', async () => {
    const almanac = await createAlmanac();
    const months = (base: number) => `Date,Average\n${Array.from({ length: 36 }, (_, i) => `${2009 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')},${base + i}`).join('\n')}\n`;
    await almanac.ingest([
      { name: 'rainfall/README.md', content: '# Island rainfall\n\nMonthly rainfall in millimetres at the Kilauea Summit station.\n' },
      { name: 'rainfall/data/rain-mm-ks.csv', content: months(100) },
    ]);
    // 2010's twelve months: 112 ... 123.
    const res = await almanac.answer('What was the average rainfall at Kilauea Summit in 2010?');
    expect(res.answer).toMatchObject({ kind: 'computed', text: '117.5' });
    expect(res.answer.calculation!.operands).toHaveLength(12);
    expect(res.answer.citations[0]).toMatchObject({ docId: 'rainfall/data/rain-mm-ks.csv', rowPath: ['2010-01'] });
    // The file's "Average" names no temperature: no average of it is one.
    expect((await almanac.answer('What was the average temperature anomaly in 2010?')).answer.kind).not.toBe('computed');
    await almanac.close();
  });
});
