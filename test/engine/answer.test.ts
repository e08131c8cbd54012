import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { AnswerEvent, Generator } from '../../src/types.ts';

const RATES_HTML = '<h1>Exchange rates</h1><p>Rates are averages over the year.</p><table><caption>Average exchange rates</caption><thead><tr><th rowspan="2">Currency</th><th colspan="2">2013</th><th colspan="2">2012</th></tr><tr><th>Buy</th><th>Sell</th><th>Buy</th><th>Sell</th></tr></thead><tbody><tr><th>Euro</th><td>1.3</td><td>1.4</td><td>1.2</td><td>1.25</td></tr><tr><th>Mexican peso</th><td>11.2</td><td>11.9</td><td>10.9</td><td>11.5</td></tr></tbody></table>';
const DOCS = [
  { name: 'house.md', content: '# Baker House\n\nThe house was built in 1794 in Washington.\n\n## Owners\n\nGeorge Peter owned the house from 1811 to 1827. Newton D. Baker lived there during 1916-1920.' },
  { name: 'rates.html', content: RATES_HTML },
  { name: 'pm.txt', content: 'Boris Johnson became prime minister of the United Kingdom in July 2019 and served until September 2022.\n\nNicola Sturgeon won the Scottish Parliament election on 6 May 2021.' },
  { name: 'sales.csv', content: 'month,croissants,baguettes\n2023-01,2810,1900\n2023-02,2950,1850\n2023-03,3010,2020\n' },
];

async function corpus(generator?: Generator) {
  const almanac = await createAlmanac(generator ? { generator } : {});
  await almanac.ingest(DOCS);
  return almanac;
}

/** A test double: returns RECAP text written for the test, streaming it word by word; honours abort. */
function scripted(reply: string | ((prompt: string) => string), options: { delayMs?: number } = {}): Generator & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    id: 'scripted', device: 'cpu', prompts,
    async generate(prompt, o = {}) {
      prompts.push(prompt);
      const text = typeof reply === 'string' ? reply : reply(prompt);
      let out = '';
      for (const piece of text.match(/\S+\s*/g) ?? []) {
        if (o.signal?.aborted) throw Object.assign(new Error('aborted'), { code: 'ABORTED' });
        if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
        out += piece;
        o.onToken?.(piece);
      }
      return out;
    },
    async dispose() {},
  };
}

describe('almanac.answer (zero-download)', () => {
  it('answers from the table search ranked, and a question for a time only with a cell that holds one', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{
      name: 'osprey.md',
      content: '# Osprey\n\n## Where releases are read from\n\n| source | selector |\n| --- | --- |\n| https://example.org/osprey/supported-releases | table.releases |\n| https://example.org/osprey/support | div.eol |\n\n'
        + '## Releases\n\n| release | released | eol |\n| --- | --- | --- |\n| 2.1 | 2022-03-14 | 2024-03-14 |\n| 2.2 | 2023-03-14 | 2025-03-14 |\n',
    }]);
    // The settings table's labels share "releases" and "support" with the questions; its cells are no dates.
    const released = await almanac.answer('When was Osprey 2.1 released?');
    expect(released.answer).toMatchObject({ kind: 'cell', text: '2022-03-14', citations: [{ tableIndex: 1, columnPath: ['released'] }] });
    expect((await almanac.answer('When did Osprey 2.1 support end?')).answer.text).not.toBe('div.eol');
    await almanac.close();
  });

  it('reads a year of a monthly series from all its months: a level\'s mean, a change column\'s change of the means', async () => {
    const almanac = await createAlmanac();
    const lines: string[] = [];
    let index = 200;
    for (let i = 0; i < 36; i++) {
      const next = Math.round(index * 1.003 * 1000) / 1000;
      lines.push(`${2006 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${next},${i ? ((next / index - 1) * 100).toFixed(2) : ''}`);
      index = next;
    }
    await almanac.ingest([{ name: 'cpi-us/data/cpiai.csv', content: `Date,Index,Inflation\n${lines.join('\n')}\n` }]);
    const level = await almanac.answer('What was the Index in 2007?');
    expect(level.steps).toContain('series-span');
    expect(level.answer).toMatchObject({ kind: 'computed', calculation: { expression: expect.stringMatching(/\) \/ 12$/) } });
    expect(level.answer.citations).toHaveLength(12);
    expect(level.answer.citations[0]).toMatchObject({ rowPath: ['2007-01-01'], columnPath: ['Index'] });
    // 0.3% a month is 3.66% a year (1.003 ** 12), not the mean of the months' 0.3.
    const change = await almanac.answer('What was the Inflation in 2008?');
    expect(change.answer).toMatchObject({ kind: 'computed', text: '3.66' });
    // The highest of a year is its highest month, not the year's mean.
    await almanac.ingest([{ name: 'gold-prices/data/monthly.csv', content: `Date,Price\n${Array.from({ length: 24 }, (_, i) => `${2010 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')},${1000 + ((i * 7) % 12) * 10}`).join('\n')}\n` }]);
    const highest = await almanac.answer('What was the maximum gold price in 2011?');
    expect(highest.steps).not.toContain('series-span');
    expect(highest.answer).toMatchObject({ kind: 'cell', text: '1110', citations: [{ rowPath: ['2011-06'], columnPath: ['Price'] }] });
    // Where a file of years fills the results, whose one row of 2011 holds no extreme within it,
    // the monthly file past them does.
    await almanac.ingest([{ name: 'gold-prices/data/annual.csv', content: `Date,Price\n${Array.from({ length: 40 }, (_, i) => `${1980 + i},${900 + i}`).join('\n')}\n` }]);
    expect((await almanac.answer('What was the highest gold price in 2011?')).answer).toMatchObject({ text: '1110', citations: [{ docId: 'gold-prices/data/monthly.csv' }] });
    // A month asked is that month's row.
    expect((await almanac.answer('What was the Index in March 2008?')).answer).toMatchObject({ kind: 'cell', citations: [{ rowPath: ['2008-03-01'] }] });
    // A quarter asked is its three months: their mean, and for the change column the change from the same quarter a year before.
    const quarter = await almanac.answer('What was the Index in the first quarter of 2008?');
    expect(quarter.answer.citations.map((c) => c.rowPath?.[0])).toEqual(['2008-01-01', '2008-02-01', '2008-03-01']);
    expect((await almanac.answer('What was the Inflation in Q1 2008?')).answer.text).toBe('3.66');
    await almanac.close();
  });

  it('reads a superlative that names its measure ("warmest") as that measure\'s extreme, and a year\'s increases added up', async () => {
    const almanac = await createAlmanac();
    const years = Array.from({ length: 30 }, (_, i) => 1991 + i);
    await almanac.ingest([
      { name: 'global-temp/data/annual-temperature.csv', content: `Year,Mean\n${years.map((y) => `${y},${y === 2016 ? '1.02' : (((y * 37) % 11) / 20).toFixed(2)}`).join('\n')}\n` },
      { name: 'co2/data/global-concentration-annual-increase.csv', content: `Year,Annual increase,Uncertainty\n${years.map((y) => `${y},${(1 + (y % 3) / 2).toFixed(2)},0.1`).join('\n')}\n` },
    ]);
    const warmest = await almanac.answer('Which year was the warmest?');
    expect(warmest.steps).toEqual(expect.arrayContaining(['measure-words', 'table-answer']));
    expect(warmest.answer.text).toBe('2016');
    expect(warmest.answer.citations[0]).toMatchObject({ rowPath: ['2016'], columnPath: ['Mean'], text: '1.02' });
    // The change from 2000 to 2010 of a column of each year's increase: 2001 to 2010 added up.
    const change = await almanac.answer('By how much did the global CO2 concentration increase from 2000 to 2010?');
    const sum = years.filter((y) => y > 2000 && y <= 2010).reduce((s, y) => s + 1 + (y % 3) / 2, 0);
    expect(change.answer.kind).toBe('computed');
    expect(Number(change.answer.text)).toBeCloseTo(sum, 6);
    expect(change.answer.citations).toHaveLength(10);
    await almanac.close();
  });

  it('reads when a yearly series peaked within a year, and its value at the end of a year, from the monthly file beside it', async () => {
    const almanac = await createAlmanac();
    const months = Array.from({ length: 36 }, (_, i) => ({ month: `${2010 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, price: 1000 + ((i * 7) % 12) * 10 + (i === 20 ? 500 : 0) }));
    await almanac.ingest([
      { name: 'gold-prices/data/annual.csv', content: `Date,Price\n${[2010, 2011, 2012].map((y) => `${y},${1100 + (y - 2010) * 50}`).join('\n')}\n` },
      { name: 'gold-prices/data/monthly.csv', content: `Date,Price\n${months.map((m) => `${m.month},${m.price}`).join('\n')}\n` },
    ]);
    // The annual file's one row of 2011 would restate the question's year.
    const peak = (await almanac.answer('When did the gold price peak in 2011?')).answer;
    expect(peak.text).toBe('2011-09');
    expect(peak.citations[0]).toMatchObject({ docId: 'gold-prices/data/monthly.csv', rowPath: ['2011-09'] });
    const end = await almanac.answer('What was the gold price at the end of 2011?');
    expect(end.answer).toMatchObject({ text: String(months[23]!.price), citations: [{ docId: 'gold-prices/data/monthly.csv', rowPath: ['2011-12'] }] });
    await almanac.close();
  });

  it('reads a month past files of years that fill the results, and answers from a row of that month only', async () => {
    const almanac = await createAlmanac();
    const years = Array.from({ length: 42 }, (_, i) => 1979 + i);
    const months = Array.from({ length: 504 }, (_, i) => `${1979 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`);
    const annual = (base: number) => years.map((y) => `${y},${(base + (y - 1979) * 1.8).toFixed(2)},0.10`).join('\n');
    await almanac.ingest([
      { name: 'co2-ppm/README.md', content: 'CO2 PPM - Trends in Atmospheric Carbon Dioxide. Two main series are provided: the Mauna Loa series and a Global Average series.\n\n## Data\n\nData are reported as a dry air mole fraction, in parts per million (ppm).\n' },
      // Three files of years whose labels name the question's words: the results' documents with tables.
      { name: 'co2-ppm/data/co2-annmean-gl.csv', content: `Year,Mean CO2 concentration,Uncertainty\n${annual(336.8)}\n` },
      { name: 'co2-ppm/data/co2-annmean-mlo.csv', content: `Year,Mean CO2 concentration,Uncertainty\n${annual(337.7)}\n` },
      { name: 'co2-ppm/data/co2-gr-gl.csv', content: `Year,Annual Increase in CO2 concentration,Uncertainty\n${years.map((y) => `${y},${(1.5 + (y % 3) * 0.3).toFixed(2)},0.07`).join('\n')}\n` },
      { name: 'co2-ppm/data/co2-mm-gl.csv', content: `Date,Decimal Date,Average,Average Unc.,Trend,Trend Unc.\n${months.map((m, i) => `${m},${(1979 + i / 12).toFixed(3)},${(336.05 + i * 0.15).toFixed(2)},0.11,${(336 + i * 0.14).toFixed(2)},0.09`).join('\n')}\n` },
    ]);
    const r = await almanac.answer('What was the CO2 concentration in January 2000?');
    expect(new Set(r.search.results.slice(0, 10).map((x) => x.passage.docId))).not.toContain('co2-ppm/data/co2-mm-gl.csv');
    expect(r.answer).toMatchObject({ text: '373.85', citations: [{ docId: 'co2-ppm/data/co2-mm-gl.csv', rowPath: ['2000-01'], columnPath: ['Average'] }] });
    // A year the files of years answer for themselves.
    expect((await almanac.answer('What was the mean CO2 concentration in 2000?')).answer.citations[0]).toMatchObject({ docId: 'co2-ppm/data/co2-annmean-gl.csv', rowPath: ['2000'] });
    await almanac.close();
  });

  it('reads an extreme over years from the series past the results, where a README fills them, and not from series of other years', async () => {
    const almanac = await createAlmanac();
    const years = Array.from({ length: 60 }, (_, i) => 1940 + i);
    const readme = Array.from({ length: 12 }, (_, i) => `## Note ${i + 1}\n\nThe lowest temperature anomaly since 1950 and the highest, note ${i + 1}.`).join('\n\n');
    await almanac.ingest([
      { name: 'global-temp/README.md', content: `# Global temperature anomaly\n\n${readme}\n` },
      { name: 'global-temp/data/annual.csv', content: `Year,Mean\n${years.map((y) => `${y},${y === 1964 ? '-0.31' : (((y * 13) % 7) / 10 - 0.2).toFixed(2)}`).join('\n')}\n` },
      // Series of the same words that end before 1950: they rank first among the tables and answer nothing.
      ...['a', 'b', 'c', 'd'].map((k) => ({ name: `station-${k}/data/annual.csv`, content: `Year,Lowest temperature anomaly\n${years.map((y) => `${y - 50},${(y % 9) / 10 - 0.5}`).join('\n')}\n` })),
    ]);
    const r = await almanac.answer('What was the lowest temperature anomaly since 1950?');
    // The README fills the ten results: the documents with tables are read past them.
    expect(new Set(r.search.results.map((x) => x.passage.docId))).toEqual(new Set(['global-temp/README.md']));
    expect(r.answer).toMatchObject({ kind: 'cell', text: '-0.31', citations: [{ docId: 'global-temp/data/annual.csv', rowPath: ['1964'] }] });
    await almanac.close();
  });

  it('answers the latest version of a thing from the titles of its release notes, citing the title', async () => {
    const almanac = await createAlmanac();
    const note = (v: string) => ({ name: `blog/Tool-${v}.md`, content: `# Announcing Tool ${v}\n\nThe Tool team is happy to announce a new version, ${v}. It brings faster builds.\n` });
    await almanac.ingest([note('1.8.0'), note('1.10.0'), note('1.9.2'), { name: 'other.md', content: '# Other\n\nThe latest release of Other is 4.0.\n' }]);
    const r = await almanac.answer('What is the latest version of Tool?');
    expect(r.steps).toContain('latest-titled');
    expect(r.answer).toMatchObject({ text: 'Tool 1.10.0', citations: [{ docId: 'blog/Tool-1.10.0.md', text: 'Announcing Tool 1.10.0', span: [11, 22] }] });
    // A time in the question is not the newest of all.
    expect((await almanac.answer('What was the latest Tool release in 2019?')).steps).not.toContain('latest-titled');
    await almanac.close();
  });

  it('lists, or counts, the releases whose notes are dated in a time, where no table lists them, each title cited', async () => {
    const almanac = await createAlmanac();
    const note = (v: string, date: string) => ({ name: `blog/Tool-${v}.md`, content: `---\ndate: ${date}\n---\n# Announcing Tool ${v}\n\nThe Tool team is happy to announce a new version, ${v}.\n` });
    await almanac.ingest([note('1.8.0', '2022-11-03'), note('1.9.0', '2023-02-09'), note('1.9.1', '2023-03-02'), note('1.10.0', '2023-06-01'), note('1.11.0', '2024-01-11')]);
    const which = await almanac.answer('Which Tool versions were released in 2023?');
    expect(which.steps).toContain('time-list');
    expect(which.answer).toMatchObject({ text: '1.10.0, 1.9.1, 1.9.0', items: ['1.10.0', '1.9.1', '1.9.0'] });
    expect(which.answer.citations.map((c) => c.docId)).toEqual(['blog/Tool-1.10.0.md', 'blog/Tool-1.9.1.md', 'blog/Tool-1.9.0.md']);
    expect((await almanac.answer('How many Tool releases came out in 2023?')).answer).toMatchObject({ kind: 'computed', text: '3', value: 3 });
    expect((await almanac.answer('How many Tool releases came out in 2021?')).answer).toMatchObject({ text: '0' });
    // Announced is released; the first (the last) of them is the one dated first (last).
    expect((await almanac.answer('How many Tool releases were announced in 2023?')).answer.text).toBe('3');
    const first = await almanac.answer('What was the first Tool release announced in 2023?');
    expect(first.answer).toMatchObject({ text: '1.9.0', items: ['1.9.0'], citations: [{ docId: 'blog/Tool-1.9.0.md' }] });
    expect((await almanac.answer('What was the last Tool release announced in 2023?')).answer.text).toBe('1.10.0');
    await almanac.close();
  });

  it('reads a change between two years of a monthly series as the change of their means, not of two months', async () => {
    const almanac = await createAlmanac();
    const months = Array.from({ length: 24 }, (_, i) => `${2019 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${(250 + i).toFixed(3)}`);
    await almanac.ingest([{ name: 'cpi-us/data/cpiai.csv', content: `Date,Index\n${months.join('\n')}\n` }]);
    const r = await almanac.answer('How much did the CPI index rise from 2019 to 2020?');
    expect(r.answer).toMatchObject({ kind: 'computed', text: '12 (Index)' });
    expect(r.answer.citations).toHaveLength(24);
    expect(r.steps).toContain('series-span');
    expect((await almanac.answer('What was the percentage change in the CPI index from 2019 to 2020?')).answer.text).toBe('4.7%');
    // Two months asked are two rows.
    expect((await almanac.answer('How much did the CPI index rise from March 2019 to March 2020?')).answer.text).toBe('12 (Index)');
    expect((await almanac.answer('How much did the CPI index rise from March 2019 to June 2020?')).answer.text).toBe('15 (Index)');
    await almanac.close();
  });

  it('reads a bound first passed from the series that passes it, past a file whose rows fill the results', async () => {
    const almanac = await createAlmanac();
    const years = Array.from({ length: 60 }, (_, i) => 1960 + i);
    await almanac.ingest([
      { name: 'co2/data/global-concentration-annual-growth.csv', content: `Year,Annual increase,Uncertainty\n${years.map((y) => `${y},${(1 + (y % 7) / 3).toFixed(2)},0.1`).join('\n')}\n` },
      { name: 'co2/data/mean.csv', content: `Year,Mean,Uncertainty\n${years.slice(20).map((y) => `${y},${(338 + (y - 1980) * 2.1).toFixed(2)},0.1`).join('\n')}\n` },
    ]);
    const r = await almanac.answer('In which year did the global annual mean CO2 concentration first exceed 400 ppm?');
    // The growth file's rows fill the ten results shown; its figures never pass 400.
    expect(new Set(r.search.results.map((x) => x.passage.docId))).toEqual(new Set(['co2/data/global-concentration-annual-growth.csv']));
    expect(r.answer).toMatchObject({ kind: 'cell', text: '2010', citations: [{ docId: 'co2/data/mean.csv' }, { text: '401.00' }] });
    // A README that ranks first, with a span of years, does not answer it: the series does.
    await almanac.ingest([{ name: 'co2/README.md', content: '# CO2 PPM\n\nThe global annual mean CO2 concentration, in ppm, for the years 1980-2039, first published in 2001.\n' }]);
    const again = await almanac.answer('In which year did the global annual mean CO2 concentration first exceed 400 ppm?');
    expect(again.search.results[0]!.passage.docId).toBe('co2/README.md');
    expect(again.answer).toMatchObject({ kind: 'cell', text: '2010' });
    await almanac.close();
    // No column named ("the concentration" of "Date | Average"): a data file that holds the
    // question's words is read by its first figure column.
    const monthly = await createAlmanac();
    const months = Array.from({ length: 48 }, (_, i) => `${2011 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')},${(2011 + i / 12).toFixed(4)},${(390 + i * 0.25).toFixed(2)},12`).join('\n');
    await monthly.ingest([{ name: 'co2/data/co2-concentration-monthly.csv', content: `Date,Decimal Date,Average,Number of Days\n${months}\n` }]);
    expect((await monthly.answer('When was the CO2 concentration first above 400 ppm?')).answer).toMatchObject({ kind: 'cell', text: '2014-06', citations: [{ text: '2014-06' }, { text: '400.25' }] });
    await monthly.close();
  });

  it('answers a figure for a year from the series, not from a README sentence of another time', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'global-temp/README.md', content: '# Global temperature\n\nThe GISTEMP global mean temperature anomaly is the deviation from the corresponding 1951-1980 means.\n' },
      { name: 'global-temp/data/annual.csv', content: 'Source,Year,Mean\nGISTEMP,1997,0.46\nGISTEMP,1998,0.61\ngcag,1997,0.51\ngcag,1998,0.58\n' },
    ]);
    const r = await almanac.answer('What was the GISTEMP global mean temperature anomaly for 1998?');
    expect(r.answer).toMatchObject({ kind: 'cell', text: '0.61', citations: [{ docId: 'global-temp/data/annual.csv', rowPath: ['GISTEMP', '1998'], columnPath: ['Mean'] }] });
    // Nor from one whose time covers every year ("from 1880 to the present"): that is what the file covers.
    await almanac.ingest([{ name: 'global-temp/README.md', content: '# Global temperature\n\nGlobal temperature anomaly data come from the Global Historical Climatology Network, which has data from 1880 to the present. Global temperature anomaly series are blended.\n' }]);
    const covered = await almanac.answer('What was the global temperature anomaly in 1998?');
    // (Naming neither source, each source's figure, named.)
    expect(covered.answer).toMatchObject({ kind: 'cell', text: '0.61 (GISTEMP); 0.58 (gcag)' });
    await almanac.close();
  });

  it('reads past a schedule that gives a role to the table that names the person who holds it', async () => {
    const almanac = await createAlmanac();
    const rows = ['Start of release cycle', 'Schedule finalized', 'Team finalized', 'Start release notes draft', 'Release lead retro'].map((w, i) => `| ${w} | Lead | Monday ${i + 4}th September 2023 | week ${i + 1} |`).join('\n');
    await almanac.ingest([
      { name: 'release-1.29/README.md', content: `# Orbit 1.29 release\n\nThe release lead runs the Orbit 1.29 release. The release lead chairs the release meetings.\n\n| What | Who | When | Week |\n| --- | --- | --- | --- |\n${rows}\n` },
      { name: 'release-1.29/release-team.md', content: '# Orbit 1.29 Release Team\n\n| Team/Role | Lead Name | Shadow Names |\n| --- | --- | --- |\n| Release Team Lead | Priya Saggu | Ana Medina |\n| Docs | Kat Cosgrove | Drew Hagen |\n| Branch Manager | Jim Angel | Mark Rossetti |\n' },
    ]);
    const r = await almanac.answer('Who was the Orbit 1.29 release lead?');
    // The schedule's rows fill the results; its "Lead" is a role.
    expect(new Set(r.search.results.map((x) => x.passage.docId))).toEqual(new Set(['release-1.29/README.md']));
    expect(r.answer).toMatchObject({ text: 'Priya Saggu', citations: [{ docId: 'release-1.29/release-team.md', rowPath: ['Release Team Lead'] }] });
    // "Led" is the lead's.
    expect((await almanac.answer('Who led the Orbit 1.29 release?')).answer.text).toBe('Priya Saggu');
    await almanac.close();
  });

  it('answers "how long" with a length of time: a table cell that states one over a sentence that does not', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{
      name: 'osprey-support.md',
      content: '# Osprey support\n\nOsprey Plus offers security fixes for the core and community repositories.\n\n'
        + '| | Osprey | Osprey Plus |\n| --- | --- | --- |\n| Core repository | 5 years | 10 years |\n| Community repository | Best effort | 8 years |\n',
    }]);
    const a = (await almanac.answer('With an Osprey Plus subscription, how long is the community repository covered?')).answer;
    expect(a).toMatchObject({ kind: 'cell', text: '8 years', citations: [{ rowPath: ['Community repository'], columnPath: ['Osprey Plus'] }] });
    // A table none of whose cells states a length does not answer it ("Lead" of the row the question names).
    await almanac.ingest([{ name: 'release-1.29.md', content: '# Kubernetes 1.29 release cycle\n\n| What | Who | When |\n| --- | --- | --- |\n| Start of release cycle | Lead | Monday 4th September 2023 |\n| v1.29.0 released | Lead | Wednesday 13th December 2023 |\n' }]);
    expect((await almanac.answer('How long is the Kubernetes 1.29 release cycle?')).answer.kind).toBe('none');
    // So is "how many weeks is ...?": a week's number is no length; a figure in years, by its column, is one.
    await almanac.ingest([{ name: 'weeks-1.29.md', content: '# Kubernetes 1.29 schedule\n\n| What | Who | When | Week |\n| --- | --- | --- | --- |\n| Start of release cycle | Lead | Monday 4th September 2023 | week 1 |\n' }]);
    expect((await almanac.answer('How many weeks is the Kubernetes 1.29 release cycle?')).answer.kind).toBe('none');
    await almanac.ingest([{ name: 'lives.md', content: '# Service lives\n\n| Asset | Expected service life (years) |\n| --- | --- |\n| Shopping centres | 14.9 |\n| Warehouses | 21.3 |\n' }]);
    expect((await almanac.answer('How many years is the expected service life of shopping centres?')).answer.text).toMatch(/^14\.9/);
    await almanac.close();
  });

  it('answers "when was ...?" with a time: from the passages that state one, else not at all', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'osprey-2.md', content: '---\ntitle: Osprey 2 Release Notes\n---\n\n# Osprey 2 Release Notes\n\nOsprey 2 brings a new query planner and faster joins to Osprey users.\n' },
    ]);
    // The notes name the release and never say when it came out: no sentence of theirs is the answer.
    expect((await almanac.answer('When was Osprey 2 released?')).answer.kind).toBe('none');
    await almanac.ingest([{ name: 'history.md', content: '# Osprey history\n\nThe project started in 2015. Osprey 2 was released on 14 March 2022.\n' }]);
    const a = (await almanac.answer('When was Osprey 2 released?')).answer;
    expect(a).toMatchObject({ kind: 'sentence', text: '14 March 2022', citations: [{ docId: 'history.md' }] });
    await almanac.close();
  });

  it('answers a date inside a term stated as two events ("took office on A ... resigned on B")', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'pm.md', content: '# Prime ministers\n\nBoris Johnson became Prime Minister of the United Kingdom on 24 July 2019. He resigned on 6 September 2022, when Liz Truss took office.' }]);
    const res = await almanac.answer('Who was UK prime minister on 6 May 2021?');
    expect(res.answer).toMatchObject({ kind: 'sentence', text: 'Boris Johnson' });
    expect(res.answer.citations[0]!.text).toMatch(/^Boris Johnson became Prime Minister/);
    await almanac.close();
  });

  it('answers a figure from the cell both header paths name, citing the cell and its paths', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('Mexican peso buy 2013');
    expect(res.answer).toMatchObject({ kind: 'cell', value: 11.2, operation: 'lookup' });
    expect(res.answer.text).toMatch(/^11\.2/);
    const [cite] = res.answer.citations;
    expect(cite).toMatchObject({ kind: 'cell', docId: 'rates.html', text: '11.2', rowPath: ['Mexican peso'], columnPath: ['2013', 'Buy'], tableIndex: 0 });
    expect(res.steps).toEqual(expect.arrayContaining(['question-analysis', 'table-answer']));
    expect(res.skipped.recap).toMatch(/no generator/);
    expect(res.search.results.length).toBeGreaterThan(0);
    // The cell's table span in the document text holds the cell.
    const doc = await almanac.document('rates.html');
    expect(doc!.text.slice(cite!.start, cite!.end)).toBe('11.2');
  });

  it('computes with the calculator, each operand a cited cell', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('What was the percentage change in the Mexican peso buy rate from 2012 to 2013?');
    expect(res.answer.kind).toBe('computed');
    expect(res.answer.scale).toBe('percent');
    expect(res.answer.value).toBeCloseTo(2.75, 2);
    expect(res.answer.calculation).toMatchObject({ expression: '(11.2 - 10.9) / 10.9 * 100' });
    expect(res.answer.calculation!.text).toMatch(/= 2\.75%$/);
    expect(res.answer.calculation!.operands.map((o) => [o.value, o.citation?.columnPath])).toEqual([[11.2, ['2013', 'Buy']], [10.9, ['2012', 'Buy']]]);
    expect(res.steps).toContain('calculator');
  });

  it('answers from the document a question names as its source, and from the best where none is so named', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'pep-9001.rst', content: 'PEP 9001 - Release cycle\n=========================\n\nFeature releases of Orbit come every eighteen months.\n' },
      // Its words meet the question's more often, PEP 9001's number among them.
      { name: 'pep-9002.rst', content: 'PEP 9002 - Annual release cycle\n================================\n\nThis PEP replaces PEP 9001 on how often Orbit feature releases come: Orbit feature releases come every twelve months, in October.\n' },
    ]);
    const often = async (q: string) => (await almanac.answer(q)).answer;
    expect(await often('According to PEP 9001, how often do Orbit feature releases come?')).toMatchObject({ citations: [{ docId: 'pep-9001.rst' }] });
    expect((await often('How often do Orbit feature releases come according to PEP 9001?')).text).toMatch(/eighteen months/);
    expect((await often('How often do Orbit feature releases come according to PEP 9002?')).text).toMatch(/twelve months/);
    // A source no document's title names: the best passages answer.
    expect((await often('How often do Orbit feature releases come according to the manual?')).kind).not.toBe('none');
    await almanac.close();
  });

  it('loads the readers of comparisons, figures asked "respectively" and counts with the questions that ask them', async () => {
    const almanac = await corpus();
    const higher = await almanac.answer('Which had the higher 2013 buy rate, the euro or the Mexican peso?');
    expect(higher.answer).toMatchObject({ kind: 'cell', text: 'Mexican peso' });
    expect(higher.answer.citations.map((c) => c.text)).toEqual(['11.2', '1.3']);
    expect((await almanac.answer('What were the 2013 buy rates of the euro and the Mexican peso respectively?')).answer.text).toBe('1.3, 11.2');
    const counted = await almanac.answer('How many currencies had a 2012 sell rate above 1.3?');
    expect(counted.answer).toMatchObject({ kind: 'computed', value: 1 });
    expect(counted.answer.citations.map((c) => c.text)).toEqual(['11.5']);
    // A choice between two things no table names is answered by neither, not by another cell.
    expect((await almanac.answer('Which had the higher 2013 buy rate, the yen or the franc?')).answer.kind).toBe('none');
    await almanac.close();
  });

  it('answers from text with the sentence cited by its offsets in the document text, and a short span', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('When did Boris Johnson become prime minister?');
    expect(res.answer).toMatchObject({ kind: 'sentence', text: 'July 2019', operation: 'date' });
    const [cite] = res.answer.citations;
    const doc = await almanac.document(cite!.docId);
    expect(doc!.text.slice(cite!.start, cite!.end)).toBe(cite!.text);
    expect(cite!.text).toMatch(/^Boris Johnson became prime minister/);
    expect(cite!.text.slice(...cite!.span!)).toBe('July 2019');
  });

  it('cites Markdown and CSV sources by offsets into their document text', async () => {
    const almanac = await corpus();
    const md = await almanac.answer('who owned the house in 1820?');
    expect(md.answer.kind).toBe('sentence');
    const mdCite = md.answer.citations[0]!;
    expect(mdCite.docId).toBe('house.md');
    expect((await almanac.document('house.md'))!.text.slice(mdCite.start, mdCite.end)).toBe('George Peter owned the house from 1811 to 1827.');
    const csv = await almanac.answer('How many croissants were sold in March 2023?');
    expect(csv.answer).toMatchObject({ kind: 'cell', value: 3010 });
    expect(csv.answer.citations[0]).toMatchObject({ docId: 'sales.csv', columnPath: ['croissants'] });
    const doc = await almanac.document('sales.csv');
    expect(doc!.text.slice(csv.answer.citations[0]!.start, csv.answer.citations[0]!.end)).toContain('3010');
  });

  it('cites into the original content of HTML, Markdown and CSV inputs (citation.source)', async () => {
    const almanac = await corpus();
    const original = (name: string) => DOCS.find((d) => d.name === name)!.content;
    const html = (await almanac.answer('Mexican peso buy 2013')).answer.citations[0]!;
    expect(html.source).toBeDefined();
    expect(original('rates.html').slice(html.source!.start, html.source!.end)).toBe('11.2');
    expect(original('rates.html').slice(html.source!.start - 4, html.source!.start)).toBe('<td>');
    const md = (await almanac.answer('who owned the house in 1820?')).answer.citations[0]!;
    expect(original('house.md').slice(md.source!.start, md.source!.end)).toBe('George Peter owned the house from 1811 to 1827.');
    const csv = (await almanac.answer('How many croissants were sold in March 2023?')).answer.citations[0]!;
    expect(original('sales.csv').slice(csv.source!.start, csv.source!.end)).toBe('3010');
    const txt = (await almanac.answer('When did Boris Johnson become prime minister?')).answer.citations[0]!;
    expect(original('pm.txt').slice(txt.source!.start, txt.source!.end)).toBe(txt.text);
    // The document-text offsets still cut the same cell out of the extracted text.
    const doc = await almanac.document('rates.html');
    expect(doc!.text.slice(html.start, html.end)).toBe('11.2');
  });

  it('reads a dated record the temporal path ranked first: a line of fields, the one whose dates fit, cited in the original', async () => {
    const txt = 'Distro releases\n\nreleaseCycle: "22.04" codename: "Jammy Jellyfish" releaseDate: 2022-04-21 eol: 2027-06-01\n\nreleaseCycle: "18.04" codename: "Bionic Beaver" releaseDate: 2018-04-26 eol: 2023-05-31\n';
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'distro.txt', content: txt }, { name: 'other.md', content: '# Other\n\nThe weather in April 2018 was cold.' }]);
    const res = await almanac.answer('Which Distro release came out in April 2018?');
    expect(res.steps).toContain('record-answer');
    expect(res.answer).toMatchObject({ kind: 'sentence', text: '18.04' });
    const c = res.answer.citations[0]!;
    expect(c.text).toContain('Bionic Beaver');
    expect(c.text.slice(...c.span!)).toBe('18.04');
    expect(txt.slice(c.source!.start, c.source!.end)).toBe(c.text);
    // A figure question is no record's name.
    expect((await almanac.answer('How many Distro releases came out in April 2018?')).steps).not.toContain('record-answer');
  });

  it('reads a dated row of a front-matter list for its name, or the field the question names', async () => {
    const md = '---\ntitle: Distro\nreleases:\n  - releaseCycle: "22.04"\n    codename: "Jammy Jellyfish"\n    releaseDate: 2022-04-21\n    eol: 2027-06-01\n  - releaseCycle: "18.04"\n    codename: "Bionic Beaver"\n    releaseDate: 2018-04-26\n    eol: 2023-05-31\n---\n\n# Distro\n\nDistro is an operating system with long-term support releases.\n';
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'distro.md', content: md }, { name: 'other.md', content: '# Other\n\nThe weather in April 2018 was cold.' }]);
    const res = await almanac.answer('Which Distro release came out in April 2018?');
    expect(res.steps).toContain('record-answer');
    expect(res.answer.text).toBe('18.04');
    const c = res.answer.citations[0]!;
    expect(md.slice(c.source!.start, c.source!.end)).toBe('18.04');
    expect((await almanac.answer('Which codename did the Distro release of April 2018 have?')).answer.text).toBe('Bionic Beaver');
    // "Latest" asks for the most recent row, unless the question names the row itself.
    expect((await almanac.answer('Which Distro release is the latest?')).answer.text).toBe('22.04');
    expect((await almanac.answer('What is the latest codename of Distro 18.04?')).answer.text).toBe('Bionic Beaver');
  });

  it('answers from a line whose whole name the question names, and not from a document of another version', async () => {
    const pep = (v: string, who: string, final: string) => `PEP: ${v.replace('.', '')}\nTitle: Python ${v} Release Schedule\n\n# Python ${v} Release Schedule\n\nThis document describes the development and release schedule for Python ${v}.\n\n## Release Manager and Crew\n\n- ${v} Release Manager: ${who}\n- Documentation: Julien Palard\n\n## Schedule\n\n| Release | Date |\n|---|---|\n| ${v}.0 final | ${final} |\n`;
    const almanac = await createAlmanac();
    const content = pep('3.12', 'Thomas Wouters', '2023-10-02');
    await almanac.ingest([{ name: 'pep-0693.md', content }, { name: 'pep-0373.md', content: pep('2.7', 'Benjamin Peterson', '2010-07-03') }]);
    const res = await almanac.answer('Who is the release manager for Python 3.12?');
    expect(res.steps).toContain('field-answer');
    expect(res.answer).toMatchObject({ kind: 'sentence', text: 'Thomas Wouters' });
    const c = res.answer.citations[0]!;
    expect(c).toMatchObject({ docId: 'pep-0693.md', text: '3.12 Release Manager: Thomas Wouters' });
    expect(c.text.slice(...c.span!)).toBe('Thomas Wouters');
    expect(content.slice(c.source!.start, c.source!.end)).toBe(c.text);
    expect((await almanac.answer('When was the Python 2.7.0 final released?')).answer.text).toBe('2010-07-03');
    // No document speaks of 3.13: neither the 2.7 table nor the 3.12 crew answers for it.
    expect((await almanac.answer('When is the Python 3.13.0 final release scheduled?')).answer.kind).toBe('none');
    expect((await almanac.answer('Who is the release manager for Python 3.13?')).answer.kind).toBe('none');
    // Nor does Python 3.12's schedule answer for another thing's 3.12.
    expect((await almanac.answer('When was Django 3.12.0 final released?')).answer.kind).toBe('none');
  });

  it('answers a version\'s question from a passage that names the version, and "who" with a name', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'pep-0101.rst', content: 'PEP: 101\nTitle: Doing Python Releases 101\n\nGlossary\n========\n\nRM = Release Manager\n\nSavannah Ostrowski and Hugo van Kemenade are release managers.\n\nVersions\n========\n\nA version number is of the form 3.X.YaN, e.g. 3.13.0a3 for Python 3.13.0.\n' }]);
    // The document names Python 3.13, but not where it names release managers; nor is "3.X.YaN" anyone.
    expect((await almanac.answer('Who is the release manager for Python 3.13?')).answer.kind).toBe('none');
    expect((await almanac.answer('Who is a release manager of Python?')).answer.text).toBe('Savannah Ostrowski');
    await almanac.close();
  });

  it('answers a field only from a record that names the number the question names after a name', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'pep-0693.rst', content: 'PEP: 693\nTitle: Python 3.12 Release Schedule\nStatus: Active\nCreated: 24-May-2022\n\nThis PEP follows the annual release cycle of PEP 602 and PEP 602 again, as PEP 602 says.\n' },
      { name: 'pep-0602.rst', content: 'PEP: 602\nTitle: Annual Release Cycle for Python\nStatus: Active\nCreated: 04-Jun-2019\n\nPython releases once a year.\n' },
    ]);
    // PEP 693's passage, ranked first, names PEP 602 in its text, not in the header its "Created:" belongs to.
    expect((await almanac.answer('When was PEP 602 created?')).answer.text).toBe('04-Jun-2019');
    expect((await almanac.answer('When was PEP 693 created?')).answer.text).toBe('24-May-2022');
    // A PEP whose short sentences cite PEP 602 does not answer for it before PEP 602's own header.
    await almanac.ingest([{ name: 'pep-8100.rst', content: 'PEP: 8100\nTitle: January 2019 Steering Council election\nCreated: 03-Jan-2019\n\nAs PEP 602 says.\n\nPEP 602 was created.\n\nSee PEP 602.\n' }]);
    expect((await almanac.answer('When was PEP 602 created?')).answer).toMatchObject({ text: '04-Jun-2019', citations: [{ docId: 'pep-0602.rst', title: 'PEP 602 – Annual Release Cycle for Python' }] });
    await almanac.close();
    // Without PEP 602's own header, no sentence read from PEP 693's answers for it.
    const alone = await createAlmanac();
    await alone.ingest([{ name: 'pep-0693.rst', content: 'PEP: 693\nTitle: Python 3.12 Release Schedule\nStatus: Active\nCreated: 24-May-2022\n\nThe dates below use a 12-month release cadence, as defined by PEP 602.\n' }]);
    expect((await alone.answer('When was PEP 602 created?')).answer.kind).toBe('none');
    await alone.close();
    // A header long enough to be cut in two passages: its "Created:" stands apart from "PEP: 602",
    // in the document that PEP 602 titles.
    const long = await createAlmanac();
    const fields = Array.from({ length: 12 }, (_, i) => `Post-History-${i + 1}: \`0${(i % 9) + 1}-Oct-2023 <https://discuss.python.org/t/annual-release-cycle-discussion-thread-number-${i + 1}/27002>\`__`).join('\n');
    await long.ingest([{ name: 'pep-0602.rst', content: `PEP: 602\nTitle: Annual Release Cycle for Python\nAuthor: Łukasz Langa <lukasz@python.org>\nDiscussions-To: https://discuss.python.org/t/pep-602-annual-release-cycle-for-python/2296/\n${fields}\nStatus: Active\nCreated: 04-Jun-2019\n\nPython releases once a year.\n` }]);
    const header = (await long.search('PEP 602 created')).results.map((r) => r.passage.text).filter((t) => t.includes('Created:'));
    expect(header.length && header.every((t) => !t.includes('PEP: 602'))).toBeTruthy();
    expect((await long.answer('When was PEP 602 created?')).answer.text).toBe('04-Jun-2019');
    await long.close();
  });

  it('answers "which release came out in <time>?" from a schedule of dated lines, in a document that holds the question\'s words', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'pep-0693.rst', content: 'PEP: 693\nTitle: Python 3.12 Release Schedule\n\nThis document describes the release schedule of Python version 3.12.\n\n3.12.0 schedule\n---------------\n\n- 3.12.0 beta 4: Tuesday, 2023-07-11\n- 3.12.0 candidate 1: Sunday, 2023-08-06\n- 3.12.0 final: Monday, 2023-10-02\n- 3.12.1: Thursday, 2023-12-07\n' },
    ]);
    const res = await almanac.answer('Which Python version was released in October 2023?');
    expect(res.answer).toMatchObject({ kind: 'sentence', text: '3.12.0 final' });
    expect(res.answer.citations[0]!.text).toBe('3.12.0 final: Monday, 2023-10-02');
    // Python's schedule is no answer for Rust.
    expect((await almanac.answer('Which Rust version was released in October 2023?')).answer.text).not.toBe('3.12.0 final');
    await almanac.close();
  });

  it('answers whether a version is still supported from a sentence that dates its end, where no table gives it', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'pep-0569.rst', content: 'PEP 569 - Orbit 3.8 Release Schedule\n=====================================\n\nOrbit 3.8 was released on 2019-10-14. As of 2024-10-07, 3.8 has reached the end-of-life phase of its release cycle.\n' },
      { name: 'pep-0596.rst', content: 'PEP 596 - Orbit 3.9 Release Schedule\n=====================================\n\nOrbit 3.9 could be called Orbit 3.20 under calendar versioning.\n' },
    ]);
    const late = await almanac.answer('Is Orbit 3.8 still supported?', { referenceDate: new Date('2026-12-05') });
    expect(late.answer).toMatchObject({ text: 'No — end of life on 2024-10-07', citations: [{ docId: 'pep-0569.rst' }] });
    expect(late.answer.citations[0]!.text.slice(...late.answer.citations[0]!.span!)).toBe('2024-10-07');
    expect((await almanac.answer('Is Orbit 3.8 still supported?', { referenceDate: new Date('2023-01-01') })).answer.text).toBe('Yes — supported until 2024-10-07');
    // Read from the rest of the document where the results rank a line of another time.
    expect((await almanac.answer('Was Orbit 3.8 still supported in 2019?', { referenceDate: new Date('2026-12-05') })).answer.text).toBe('Yes — supported until 2024-10-07');
    // A sentence that names the version but not its support answers nothing.
    const other = await almanac.answer('Is Orbit 3.9 still supported?');
    expect(other.answer.kind).toBe('none');
    expect(other.skipped['status-answer']).toMatch(/supported/);
    await almanac.close();
  });

  it('answers whether something is still supported from its end of life and the reference date, citing the cell', async () => {
    const md = '---\ntitle: Distro\nreleases:\n  - releaseCycle: "22.04"\n    releaseDate: 2022-04-21\n    eol: 2027-06-01\n  - releaseCycle: "18.04"\n    releaseDate: 2018-04-26\n    eol: 2023-05-31\n---\n\n# Distro\n\nDistro is an operating system with long-term support releases.\n';
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'distro.md', content: md }]);
    const referenceDate = new Date(Date.UTC(2026, 11, 5));
    const old = await almanac.answer('Is Distro 18.04 still supported?', { referenceDate });
    expect(old.steps).toContain('status-answer');
    expect(old.answer).toMatchObject({ kind: 'cell', text: 'No — end of life on 2023-05-31', citations: [{ text: '2023-05-31', columnPath: ['eol'] }] });
    expect((await almanac.answer('Is Distro 22.04 still supported?', { referenceDate })).answer.text).toBe('Yes — supported until 2027-06-01');
    // At a time the question gives: its start.
    expect((await almanac.answer('Was Distro 18.04 still supported in 2022?', { referenceDate })).answer.text).toBe('Yes — supported until 2023-05-31');
    expect((await almanac.answer('Was Distro 18.04 still supported in June 2023?', { referenceDate })).answer.text).toBe('No — end of life on 2023-05-31');
    expect((await almanac.answer('Has Distro 18.04 reached end of life?', { referenceDate })).answer.text).toBe('Yes — end of life on 2023-05-31');
    // Another version than the document's is not answered from it.
    expect((await almanac.answer('Is Distro 20.04 still supported?', { referenceDate })).steps).not.toContain('status-answer');
    // "When does it end?" of a row whose end of life is set to none: that none is set, the cell cited.
    await almanac.ingest([{ name: 'bun.md', content: '---\ntitle: Bun\nreleases:\n  - releaseCycle: "1"\n    releaseDate: 2023-09-07\n    eol: false\n---\n\n# Bun\n\nBun is a JavaScript runtime.\n' }]);
    expect((await almanac.answer('When does Bun 1 reach end of life?', { referenceDate })).answer).toMatchObject({ kind: 'cell', text: 'No end of life is set', citations: [{ docId: 'bun.md', text: 'false', columnPath: ['eol'] }] });
    // The latest release of the row the question names, from its own table only.
    await almanac.ingest([{ name: 'review-tool.md', content: '---\ntitle: Gerrit\nreleases:\n  - releaseCycle: "3.13"\n    releaseDate: 2025-11-03\n    eol: false\n    latest: "3.13.8"\n    latestReleaseDate: 2026-07-13\n---\n\n# Gerrit\n\nGerrit is a code review tool.\n' }]);
    expect((await almanac.answer('What is the latest Gerrit 3.13 release?', { referenceDate })).answer).toMatchObject({ text: '3.13.8', citations: [{ columnPath: ['latest'] }] });
    expect((await almanac.answer('What is the latest Python 3.13 release?', { referenceDate })).answer.kind).toBe('none');
    // A codename is a column's: none where the table has no such column.
    expect((await almanac.answer('What is the codename of Bun 1?', { referenceDate })).answer.kind).toBe('none');
    // How long it was supported: it still is.
    expect((await almanac.answer('How long was Bun 1 supported?', { referenceDate })).answer).toMatchObject({ kind: 'cell', text: 'Still supported: no end of life is set', citations: [{ docId: 'bun.md', text: 'false' }] });
    expect((await almanac.answer('When does Distro 22.04 reach end of life?', { referenceDate })).answer.text).toBe('2027-06-01');
    // Typed as keywords: read as the question they stand for, and said so.
    const keywords = await almanac.answer('distro 22.04 eol', { referenceDate });
    expect(keywords).toMatchObject({ question: 'distro 22.04 eol', readAs: 'When does Distro 22.04 reach end of life?', answer: { text: '2027-06-01' } });
    expect(keywords.steps).toContain('keyword-question');
    expect((await almanac.answer('is distro 18.04 supported', { referenceDate })).answer.text).toBe('No — end of life on 2023-05-31');
    // How long it was supported: from its release to its end of life, both cells cited.
    const lived = await almanac.answer('How long was Distro 18.04 supported?', { referenceDate });
    expect(lived.answer).toMatchObject({ kind: 'computed', text: '5 years', value: 5, calculation: { expression: '2023-05-31 - 2018-04-26' } });
    expect(lived.answer.citations.map((c) => c.text)).toEqual(['2023-05-31', '2018-04-26']);
    expect((await almanac.answer('How many days was Distro 18.04 supported?', { referenceDate })).answer.text).toBe('1861 days');
    // Support's end is the end of life, however it is asked, not a cell that names support ("supportedPythonVersions").
    for (const q of ['When does Distro 22.04 support end?', 'Until when is Distro 22.04 supported?', 'When does Distro 22.04 lose support?', 'When does Distro 22.04 stop receiving security fixes?']) {
      expect([q, (await almanac.answer(q, { referenceDate })).answer.text]).toEqual([q, '2027-06-01']);
    }
    await almanac.close();
  });

  it('lists which versions are still supported from a table the results do not reach, past prose that fills them', async () => {
    const almanac = await createAlmanac();
    const prose = Array.from({ length: 14 }, (_, i) => `## Note ${i + 1}\n\nCloud clusters run supported Osprey versions ${i + 1} and are upgraded when Osprey versions are no longer supported.\n`).join('\n');
    await almanac.ingest([
      { name: 'cloud-osprey.md', content: `# Cloud service\n\n${prose}` },
      { name: 'osprey.md', content: '---\ntitle: Apache Osprey\nreleases:\n  - releaseCycle: "4.1"\n    eol: false\n  - releaseCycle: "4.0"\n    eol: 2026-01-01\n---\n\n# Apache Osprey\n\nApache Osprey is a message broker.\n' },
    ]);
    const referenceDate = new Date(Date.UTC(2026, 11, 5));
    const r = await almanac.answer('Which Osprey versions are still supported?', { referenceDate });
    expect(new Set(r.search.results.map((x) => x.passage.docId))).toEqual(new Set(['cloud-osprey.md']));
    expect(r.answer).toMatchObject({ text: '4.1', citations: [{ docId: 'osprey.md' }] });
    await almanac.close();
  });

  it('lists which versions are still supported, or have ended, from a table of ends of life, each end cited', async () => {
    const md = '---\ntitle: Distro\nreleases:\n  - releaseCycle: "24.04"\n    releaseDate: 2024-04-25\n    eol: false\n  - releaseCycle: "22.04"\n    releaseDate: 2022-04-21\n    eol: 2027-06-01\n  - releaseCycle: "20.04"\n    releaseDate: 2020-04-23\n    eol: 2025-05-31\n  - releaseCycle: "18.04"\n    releaseDate: 2018-04-26\n    eol: 2023-05-31\n---\n\n# Distro\n\nDistro is an operating system with long-term support releases.\n';
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'distro.md', content: md }, { name: 'notes.md', content: '# Release notes\n\nPython-Version: 2.7. Releases are supported for five years.\n' }]);
    const referenceDate = new Date(Date.UTC(2026, 11, 5));
    const supported = await almanac.answer('Which Distro versions are still supported?', { referenceDate });
    expect(supported.steps).toContain('status-answer');
    expect(supported.answer).toMatchObject({ kind: 'cell', text: '24.04, 22.04', items: ['24.04', '22.04'], operation: 'list' });
    expect(supported.answer.citations.map((c) => c.text)).toEqual(['false', '2027-06-01']);
    expect((await almanac.answer('Which Distro releases have reached end of life?', { referenceDate })).answer.items).toEqual(['20.04', '18.04']);
    // "How many ... are there?": every row, each release date cited.
    const all = await almanac.answer('How many Distro versions are there?', { referenceDate });
    expect(all.answer).toMatchObject({ kind: 'computed', value: 4, items: ['24.04', '22.04', '20.04', '18.04'] });
    expect(all.steps).toContain('row-list');
    expect(all.answer.citations.map((c) => c.text)).toEqual(['2024-04-25', '2022-04-21', '2020-04-23', '2018-04-26']);
    // "How many ...?": the list's length, each of its ends cited; "distributions" are the thing's versions too.
    const many = await almanac.answer('How many Distro distributions are still supported?', { referenceDate });
    expect(many.answer).toMatchObject({ kind: 'computed', text: '2', value: 2, operation: 'count', items: ['24.04', '22.04'] });
    expect(many.answer.citations.map((c) => c.text)).toEqual(['false', '2027-06-01']);
    expect((await almanac.answer('How many Distro versions have reached end of life?', { referenceDate })).answer.text).toBe('2');
    // A yes / no column the question names ("LTS" of "lts"): the rows that say yes, a date that has come included.
    await almanac.ingest([{ name: 'runtime.md', content: '---\ntitle: Runtime\nreleases:\n  - releaseCycle: "26"\n    lts: 2027-10-28\n    eol: 2029-04-30\n  - releaseCycle: "24"\n    lts: 2025-10-28\n    eol: 2028-04-30\n  - releaseCycle: "23"\n    lts: false\n    eol: 2025-06-01\n  - releaseCycle: "22"\n    lts: true\n    eol: 2027-04-30\n---\n\n# Runtime\n\nRuntime is a JavaScript runtime.\n' }]);
    const lts = await almanac.answer('Which Runtime versions are LTS?', { referenceDate });
    expect(lts.answer).toMatchObject({ kind: 'cell', text: '24, 22', items: ['24', '22'], operation: 'list' });
    expect(lts.steps).toContain('property-list');
    expect(lts.answer.citations.map((c) => c.text)).toEqual(['2025-10-28', 'true']);
    // A word of the thing's no title holds but a yes / no column heads keeps the rows it says yes of.
    expect((await almanac.answer('Which Runtime LTS versions are still supported?', { referenceDate })).answer.items).toEqual(['24', '22']);
    expect((await almanac.answer('Which Runtime versions are still supported?', { referenceDate })).answer.items).toEqual(['26', '24', '22']);
    expect((await almanac.answer('How many Runtime LTS versions are there?', { referenceDate })).answer).toMatchObject({ text: '2', items: ['24', '22'] });
    // Which came out, or ended, at a time: the rows whose date fits it, each date cited.
    const in2022 = await almanac.answer('Which Distro releases came out in 2022?', { referenceDate });
    expect(in2022.answer).toMatchObject({ text: '22.04', items: ['22.04'], citations: [{ text: '2022-04-21', columnPath: ['releaseDate'] }] });
    expect(in2022.steps).toContain('time-list');
    expect((await almanac.answer('Which Distro releases were released before 2021?', { referenceDate })).answer.items).toEqual(['20.04', '18.04']);
    expect((await almanac.answer('What was the first Distro release launched before 2021?', { referenceDate })).answer.text).toBe('18.04');
    expect((await almanac.answer('What was the last Distro release launched before 2021?', { referenceDate })).answer.text).toBe('20.04');
    expect((await almanac.answer('Which Distro versions reached end of life in 2025?', { referenceDate })).answer.items).toEqual(['20.04']);
    expect((await almanac.answer('Which Distro versions reached end of life in 2019?', { referenceDate })).answer.text).toBe('None of the 3 listed');
    // Typed lower-case, the thing is found by its words in the title, not taken from another product's table ranked first.
    await almanac.ingest([{ name: 'graph-db.md', content: '---\ntitle: GraphDB\nreleases:\n  - releaseCycle: "5.26"\n    eol: 2028-06-01\n  - releaseCycle: "4.4"\n    eol: 2025-11-30\n---\n\n# GraphDB\n\nGraphDB versions are supported for two years on every distro.\n\n| Distro versions supported | Since |\n|---|---|\n| Distro 24.04 | 5.26 |\n| Distro 22.04 | 4.4 |\n' }]);
    expect((await almanac.answer('which distro versions are supported', { referenceDate })).answer.items).toEqual(['24.04', '22.04']);
    // A property no column gives is not answered by another cell of the table.
    await almanac.ingest([{ name: 'servlet.md', content: '---\ntitle: Servlet Engine\n---\n\n# Servlet Engine\n\nServlet Engine is compatible with the following Java versions.\n\n| Release | Min. JVM | Servlet |\n|---|---|---|\n| 12 | Java 17 | 5.0 - 6.1 |\n| 11 | Java 11 | 3.1 - 5.0 |\n' }]);
    const java = await almanac.answer('Which Java versions are LTS?', { referenceDate });
    expect(java.answer.kind).toBe('none');
    expect(java.skipped['status-answer']).toMatch(/property/);
    // A product whose prose fills the results above its release table's rows.
    const prose = Array.from({ length: 12 }, (_, i) => `## Support note ${i + 1}\n\nBigDB versions are supported by BigDB Inc for a while; supported BigDB versions get fixes (note ${i + 1}).`).join('\n\n');
    await almanac.ingest([{ name: 'bigdb.md', content: `---\ntitle: BigDB\nreleases:\n  - releaseCycle: "8.0"\n    eol: 2029-10-31\n  - releaseCycle: "6.0"\n    eol: 2025-07-31\n---\n\n# BigDB\n\n${prose}\n` }]);
    const big = await almanac.answer('Which BigDB versions are still supported?', { referenceDate });
    expect(big.search.results.slice(0, 10).every((r) => r.passage.kind === 'text' || r.passage.kind === 'sentence')).toBe(true);
    expect(big.answer.items).toEqual(['8.0']);
    // Where no table gives its rows' ends of life, one sentence's version is no list of them.
    expect((await almanac.answer('Which Python versions are still supported?', { referenceDate })).answer.kind).toBe('none');
    await almanac.close();
  });

  it('answers only from a document that names the question\'s subject, accented or not, where another document names it', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'go1.18.md', content: '# Go 1.18 Release Notes\n\nGo 1.18 adds the question mark operator to generic code, and will be deprecated in a future Go release. Go 1.18 was released in March 2022.\n' },
      { name: 'rust-1.6.md', content: '# Announcing Rust 1.6\n\nThe largest new feature of Rust is that libcore is now stable. Rust’s libstd builds on top of libcore, adding support for memory allocation.\n' },
      { name: 'turma.md', content: '# Turma da Mônica\n\nThe comics were first published by Editora Abril in 1970.\n' },
    ]);
    // The Go notes name the question's words and a version; only Rust's notes name Rust, and they state no version for it.
    const rust = await almanac.answer('What version of Rust added the question mark operator?');
    expect(rust.answer.citations.every((c) => c.docId !== 'go1.18.md')).toBe(true);
    expect(rust.answer.kind).toBe('none');
    expect((await almanac.answer('When was Go 1.18 released?')).answer.text).toBe('March 2022');
    // "Monica" names "Mônica"; a name no document holds ("the Company") asks for nothing.
    expect((await almanac.answer('Who first published Monica comics in 1970?')).answer.citations[0]?.docId).toBe('turma.md');
    expect((await almanac.answer('Who first published the Company comics in 1970?')).answer.citations[0]?.docId).toBe('turma.md');
    await almanac.close();
  });

  it('answers from a record of fields one field at a time, never with the record whole', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'osprey-1.26.md', content: '+++\ntitle = "Announcing Osprey 1.26"\ndate = 2018-05-10\nauthors = ["The Osprey Team"]\n+++\n\nThe Osprey team is happy to announce a new version of Osprey, 1.26.0.\n' }]);
    expect((await almanac.answer('When was Osprey 1.26 announced?')).answer.text).toBe('2018-05-10');
    const feature = await almanac.answer('What feature did Osprey 1.26 stabilize?');
    expect(feature.answer.text).not.toMatch(/title: Announcing/);
    await almanac.close();
  });

  it('does not answer for a version from a post that names only its beta', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'osprey-2.0-beta.md', content: '+++\ntitle = "Announcing Osprey 2.0 Beta"\ndate = 2015-04-03\n+++\n\nToday we are excited to announce the release of Osprey 2.0 beta, released on 3 April 2015.\n' }]);
    expect((await almanac.answer('When was Osprey 2.0 released?')).answer.kind).toBe('none');
    expect((await almanac.answer('When was the Osprey 2.0 beta released?')).answer.text).toMatch(/2015/);
    await almanac.close();
  });

  it('counts the days between two things each dated by a document of its own, where one document\'s passages fill the results', async () => {
    const almanac = await createAlmanac();
    const post = (name: string, title: string, date: string, body: string) => ({ name, content: `+++\ntitle = "${title}"\ndate = ${date}\n+++\n\n${body}\n` });
    await almanac.ingest([
      post('osprey-1.84.0.md', 'Announcing Osprey 1.84.0', '2025-01-09', Array.from({ length: 14 }, (_, i) => `## Osprey 1.84.0 feature ${i + 1}\n\n${`Osprey 1.84.0 was released with feature ${i + 1}, which Osprey 1.84.0 stabilizes after a long time in testing. `.repeat(8)}`).join('\n\n')),
      post('hotfix.md', 'The hotfix', '2025-01-30', 'The hotfix came out today, with a few fixes.'),
    ]);
    // The hotfix's post is not among the results the 1.84.0 post fills, but among the best documents.
    const hotfix = await almanac.answer('How many days after Osprey 1.84.0 was the hotfix released?');
    expect(hotfix.answer).toMatchObject({ kind: 'computed', text: '21 days', calculation: { expression: '2025-01-30 - 2025-01-09' } });
    expect(new Set(hotfix.answer.citations.map((c) => c.docId))).toEqual(new Set(['osprey-1.84.0.md', 'hotfix.md']));
    await almanac.close();
    // Both among the results: the two documents read together.
    const releases = await createAlmanac();
    await releases.ingest([
      post('osprey-1.84.0.md', 'Announcing Osprey 1.84.0', '2025-01-09', 'Osprey 1.84.0 stabilizes strict provenance.'),
      post('osprey-1.84.1.md', 'Announcing Osprey 1.84.1', '2025-02-06', 'Osprey 1.84.1 fixes a few regressions of Osprey 1.84.0.'),
    ]);
    expect((await releases.answer('How many days after Osprey 1.84.0 was Osprey 1.84.1 released?')).answer.text).toBe('28 days');
    await releases.close();
  });

  it('answers "when" from a schedule\'s cell that writes its day without the year, where the question gives none', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'heron-1.19.md', content: '# Heron 1.19 Release Information\n\n| **What** | **Who** | **When** | **WEEK** |\n|---|---|---|---|\n| 1.19.0-alpha.2 released | Branch Manager | Tue, April 21 | week 2 |\n| 1.19.0-beta.0 released | Branch Manager | Tue, May 19 | week 6 |\n| **v1.19.0 released** | Branch Manager | Wed, August 26 | week 20 |\n' }]);
    const r = await almanac.answer('When was Heron 1.19 released?');
    expect(r.answer).toMatchObject({ kind: 'cell', text: 'Wed, August 26', citations: [{ rowPath: ['v1.19.0 released'], columnPath: ['When'] }] });
    // A question that gives a year asks for a day of that year, which such a cell does not say.
    expect((await almanac.answer('When in 2020 was Heron 1.19 released?')).answer.text).not.toBe('Wed, August 26');
    await almanac.close();
  });

  it('describes a thing by the opening of the section a document heads with its name, not by a cell of a row that names it', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'schedule.md', content: '# Heron 1.33 Release Information\n\n| **What** | **Who** | **When** |\n|---|---|---|\n| Code Freeze | Test Infra Lead | Friday 21st March 2025 |\n| PRR Freeze | Lead | Thursday 6th February 2025 |\n| Code Freeze lifted | Branch Manager | Monday 7th April 2025 |\n' },
      { name: 'phases.md', content: '# Heron Release Phases\n\n## PRR Freeze\n\nThe PRR freeze is a hard deadline one week before the enhancements freeze.\n\n## Code Freeze\n\nAll enhancements going into the release must be merge-ready, tests and docs included.\n\n## Code Freeze Exceptions\n\nExceptions are granted by the release lead.\n' },
    ]);
    for (const q of ['What is code freeze?', 'What happens during Heron code freeze?']) {
      const r = await almanac.answer(q);
      expect(r.steps).toContain('section-description');
      expect(r.answer).toMatchObject({ kind: 'sentence', text: 'All enhancements going into the release must be merge-ready, tests and docs included.', citations: [{ docId: 'phases.md', text: 'Code Freeze' }, { docId: 'phases.md' }] });
    }
    const prr = await almanac.answer('What happens during the PRR freeze?');
    expect(prr.answer.text).toBe('The PRR freeze is a hard deadline one week before the enhancements freeze.');
    // The heading is cited where it heads the section, not where the sentence repeats its words.
    await almanac.ingest([{ name: 'governance.md', content: '# Heron Governance\n\n## The steering council\n\nThe steering council is a five-person committee.\n' }]);
    const council = await almanac.answer('How does the steering council work?');
    expect(council.answer).toMatchObject({ text: 'The steering council is a five-person committee.', citations: [{ text: 'The steering council' }, { docId: 'governance.md' }] });
    expect(council.answer.citations[0]!.start).toBeLessThan(council.answer.citations[1]!.start);
    // An acronym no section heads: the words its initials stand for, where a document spells it out.
    await almanac.ingest([{ name: 'policy.md', content: '# Heron support policy\n\nEvery fourth release is a long-term support (LTS) release. Releases reach End Of Life (EOL) after two years.\n' }]);
    const lts = await almanac.answer('What does LTS mean?');
    expect(lts.answer).toMatchObject({ text: 'long-term support', citations: [{ docId: 'policy.md' }] });
    expect(lts.steps).toContain('acronym-expansion');
    expect((await almanac.answer('What does EOL stand for?')).answer.text).toBe('End Of Life');
    // What a document proposes: the opening of its own abstract, the document titled by the thing.
    await almanac.ingest([
      { name: 'hep-0602.rst', content: 'HEP: 602\nTitle: Annual Release Cycle for Heron\nCreated: 04-Jun-2019\n\nAbstract\n========\n\nThis document describes a change in the release calendar for Heron.\n\nRationale\n=========\n\nHEP 603 proposes something else entirely, for other reasons.\n' },
      { name: 'hep-0603.rst', content: 'HEP: 603\nTitle: Heron Release Cadence\n\nAbstract\n========\n\nThis document proposes a two-year cycle for Heron releases.\n' },
    ]);
    const proposes = await almanac.answer('What does HEP 602 propose?');
    expect(proposes.answer).toMatchObject({ text: 'This document describes a change in the release calendar for Heron.', citations: [{ docId: 'hep-0602.rst', text: 'Abstract' }, { docId: 'hep-0602.rst' }] });
    expect(proposes.steps).toContain('document-summary');
    expect((await almanac.answer('What does HEP 603 describe?')).answer.text).toBe('This document proposes a two-year cycle for Heron releases.');
    // A value is still a cell: "when" names the column.
    expect((await almanac.answer('When is the Heron 1.33 code freeze?')).answer.text).toBe('Friday 21st March 2025');
    await almanac.close();
  });

  it('answers which release a row\'s own words name by the row\'s name, and where data come from only by a source column', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'distro.md', content: '---\ntitle: Distro\nreleases:\n  - releaseCycle: "24.04"\n    codename: "Noble Numbat"\n    releaseDate: 2024-04-25\n  - releaseCycle: "22.04"\n    codename: "Jammy Jellyfish"\n    releaseDate: 2022-04-21\n---\n\n# Distro\n\nDistro is an operating system.\n' },
      { name: 'gold/annual.csv', content: 'Date,Price\n1833,18.930\n1834,18.930\n1835,18.930\n' },
    ]);
    const which = await almanac.answer('Which Distro release is codenamed Noble Numbat?');
    expect(which.answer).toMatchObject({ kind: 'cell', text: '24.04', citations: [{ text: '24.04' }, { text: 'Noble Numbat' }] });
    expect((await almanac.answer('What is the codename of Distro 22.04?')).answer.text).toBe('Jammy Jellyfish');
    // A price is no source of the price data.
    expect((await almanac.answer('Where does the gold price data come from?')).answer.kind).toBe('none');
    await almanac.close();
  });

  it('gives a day written without its year the year of its document\'s date, and leaves an undated document\'s day as written', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'osprey-2.0-beta.md', content: '+++\ntitle = "Announcing Osprey 2.0 Beta"\ndate = 2015-04-03\n+++\n\nThe final Osprey 2.0 release is scheduled for May 15th, six weeks from now.\n' },
      { name: 'heron-schedule.md', content: '# Heron 3.1 release schedule\n\n- Thursday, April 8th: Heron 3.1.0 released\n' },
    ]);
    const osprey = await almanac.answer('When was Osprey 2.0 released?');
    expect(osprey.answer).toMatchObject({ text: 'May 15th, 2015', citations: [{ docId: 'osprey-2.0-beta.md', span: [expect.any(Number), expect.any(Number)] }] });
    expect((await almanac.answer('When was Heron 3.1.0 released?')).answer.text).toBe('Thursday, April 8th');
    // A PEP's "Created:" dates it: its schedule's days take the year.
    await almanac.ingest([{ name: 'pep-0160.rst', content: 'PEP: 160\nTitle: Python 1.6 Release Schedule\nCreated: 25-Jul-2000\n\nSchedule\n========\n\n* August 1: 1.6 beta 1 release (planned).\n* August 15: 1.6 final release (planned).\n* September 5: 1.6 final release (actual).\n' }]);
    expect((await almanac.answer('When was Python 1.6 released?')).answer).toMatchObject({ text: 'September 5, 2000', citations: [{ docId: 'pep-0160.rst', text: 'September 5: 1.6 final release (actual).' }] });
    await almanac.close();
  });

  it('answers a question for a month from a table of months, over a table of years ranked above it', async () => {
    const almanac = await createAlmanac();
    const years = Array.from({ length: 12 }, (_, i) => `${1985 + i},${(345 + i * 1.5).toFixed(2)},0.1`).join('\n');
    const months = Array.from({ length: 12 }, (_, i) => `1990-${String(i + 1).padStart(2, '0')},${(353 + i / 4).toFixed(2)}`).join('\n');
    await almanac.ingest([
      { name: 'co2-annual.csv', content: `Year,CO2 concentration,Uncertainty\n${years}\n` },
      { name: 'co2-monthly.csv', content: `Date,Average\n${months}\n` },
    ]);
    const march = await almanac.answer('What was the CO2 concentration in March 1990?');
    expect(march.answer).toMatchObject({ text: '353.50', citations: [{ docId: 'co2-monthly.csv', rowPath: ['1990-03'] }] });
    expect((await almanac.answer('What was the CO2 concentration in 1990?')).answer).toMatchObject({ text: '352.50', citations: [{ docId: 'co2-annual.csv' }] });
    await almanac.close();
  });

  it('answers a month from a series of ISO months whose labels also read as a span of years ("2011-12")', async () => {
    const almanac = await createAlmanac();
    const months = Array.from({ length: 24 }, (_, i) => `${2010 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')},${(1100 + i * 25).toFixed(3)}`).join('\n');
    const years = Array.from({ length: 8 }, (_, i) => `${2005 + i},${(500 + i * 150).toFixed(3)}`).join('\n');
    const days = Array.from({ length: 24 }, (_, i) => `${2010 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01,${(218 + i / 3).toFixed(1)}`).join('\n');
    await almanac.ingest([
      { name: 'gold-prices/monthly.csv', content: `Date,Price\n${months}\n` },
      { name: 'gold-prices/annual.csv', content: `Date,Price\n${years}\n` },
      { name: 'consumer-price-index.csv', content: `Date,Index\n${days}\n` },
    ]);
    // "2011-12" and "2010-11" are also the years 2011-12 and 2010-11: the row of December 2011 answers, not a row whose years hold it.
    const december = await almanac.answer('What was the gold price in December 2011?');
    expect(december.answer).toMatchObject({ text: '1675.000', citations: [{ docId: 'gold-prices/monthly.csv', rowPath: ['2011-12'] }] });
    expect((await almanac.answer('What was the gold price in November 2010?')).answer.text).toBe('1350.000');
    expect((await almanac.answer('What was the gold price in January 2010?')).answer.text).toBe('1100.000');
    await almanac.close();
  });

  it('says so when the documents do not support an answer', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('What is the boiling point of mercury?');
    expect(res.answer).toMatchObject({ kind: 'none', citations: [] });
    expect(res.answer.text).toMatch(/No answer found in your documents/);
  });

  it('streams events in order: retrieved, calculation, final', async () => {
    const almanac = await corpus();
    const events: AnswerEvent['type'][] = [];
    let final: AnswerEvent | undefined;
    for await (const e of almanac.answerStream('What was the change in the Mexican peso buy rate from 2012 to 2013?')) {
      events.push(e.type);
      if (e.type === 'final') final = e;
    }
    expect(events).toEqual(['retrieved', 'calculation', 'final']);
    expect(final?.type === 'final' && final.response.answer.value).toBeCloseTo(0.3, 10);
  });

  it('answers "is X still supported?" from X\'s own table, not from another product\'s that mentions X', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{
      name: 'ubuntu.md',
      content: '# Ubuntu\n\nUbuntu is a Linux distribution based on Debian.\n\n| Feature/Plan | Ubuntu LTS | Ubuntu Pro | Legacy Support |\n|---|---|---|---|\n| Main repository | 5 years | 10 years | 12 years |\n| Restricted repository | 5 years | 10 years | 12 years |\n| Phone/Ticket Support | No | Yes | Yes |\n',
    }]);
    expect((await almanac.answer('Is Debian 12 still supported?', { referenceDate: new Date(Date.UTC(2026, 0, 1)) })).answer.kind).toBe('none');
  });

  it('answers "who" with a person and "what version" with something numbered, not a role', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'README.md', content: '# Osprey 1.35 Release Information\n\n| What | Who | When |\n|---|---|---|\n| Release notes complete | Docs Lead | Wednesday 10th December 2025 |\n| Release blog published | Comms Lead | Wednesday 17th December 2025 |\n' }]);
    expect((await almanac.answer('Who was the release lead for Osprey 1.35?')).answer.kind).toBe('none');
    // Nor is "what version" answered by a role.
    expect((await almanac.answer('What is the latest version of Osprey release 1.35?')).answer.kind).toBe('none');
  });

  it('reads the release line of a schedule titled by the version, wherever its passages cut it', async () => {
    const note = ' [completed; the team met twice that week to review the open issues and the installers for every platform]';
    const lines = ['alpha 1: April 5, 2006', 'alpha 2: April 27, 2006', 'alpha 3: May 25, 2006', 'beta 1: June 20, 2006', 'beta 2: July 11, 2006', 'beta 3: August 3, 2006', 'rc 1: August 17, 2006', 'rc 2: September 12, 2006', 'final: September 19, 2006'];
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'pep-0356.md', content: `# Osprey 2.5 Release Schedule\n\nThis document describes the development and release schedule for Osprey 2.5.\n\n## Release Schedule\n\n${lines.map((l) => `- ${l}${note}`).join('\n')}\n` }]);
    const r = await almanac.answer('When was Osprey 2.5 released?');
    expect(r.answer).toMatchObject({ text: 'September 19, 2006', citations: [{ text: expect.stringMatching(/^final: September 19, 2006/) }] });
  });

  it('reads a changelog: a version\'s date and an item\'s version and date from the headings above, citing the heading', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{
      name: 'CHANGELOG.md',
      content: '# Changelog\n\nAll notable changes to Osprey are documented here.\n\n## [Unreleased]\n\n### Added\n\n- Reading TSV files.\n\n'
        + '## [1.2.0] - 2019-02-15\n\n### Added\n\n- Danish translation.\n\n### Changed\n\n- Upgraded the parser to version 3.\n\n'
        + '## [1.1.0] - 2017-11-20\n\n### Added\n\n- Support for Python 3.6.\n\n### Removed\n\n- Dropped support for Python 2.6.\n',
    }]);
    const released = await almanac.answer('When was version 1.2.0 released?');
    expect(released.answer).toMatchObject({ kind: 'sentence', text: '2019-02-15', citations: [{ text: '[1.2.0] - 2019-02-15', span: [10, 20] }, { kind: 'sentence' }] });
    expect(released.steps).toContain('section-heading');
    expect((await almanac.answer('When was support for Python 2.6 dropped?')).answer.text).toBe('2017-11-20');
    const added = await almanac.answer('Which version added the Danish translation?');
    expect(added.answer).toMatchObject({ text: '1.2.0', citations: [{ text: '[1.2.0] - 2019-02-15' }, { text: 'Danish translation.' }] });
    expect((await almanac.answer('When was the Brazilian translation added?')).answer.kind).toBe('none');
    // What a version brought: its items, each cited.
    const changed = await almanac.answer('What changed in 1.2.0?');
    expect(changed.answer).toMatchObject({ text: 'Danish translation; Upgraded the parser to version 3', items: ['Danish translation', 'Upgraded the parser to version 3'] });
    expect(changed.answer.citations.map((c) => c.text)).toEqual(['Danish translation.', 'Upgraded the parser to version 3.']);
    expect(changed.steps).toContain('outline-answer');
    expect((await almanac.answer('What was removed in 1.1.0?')).answer.items).toEqual(['Dropped support for Python 2.6']);
    // A point release's notes, whose heading says what it brought over prose: its sentences as written, each cited.
    await almanac.ingest([{ name: 'osprey-1.34.2.md', content: '# Announcing Osprey 1.34.2\n\nThe Osprey team has published a new point release, 1.34.2.\n\n## What\'s in 1.34.2 stable\n\nA security vulnerability in the parser was reported. This point release destabilizes the method.\n\n## Contributors to 1.34.2\n\nMany people came together.\n' }]);
    const point = await almanac.answer("What's in Osprey 1.34.2?");
    expect(point.answer).toMatchObject({ text: 'A security vulnerability in the parser was reported. This point release destabilizes the method.' });
    expect(point.answer.citations.map((c) => c.text)).toEqual(['A security vulnerability in the parser was reported.', 'This point release destabilizes the method.']);
    expect(point.steps).toContain('outline-answer');
    // The first and the latest release: the headings of the earliest and the latest date, "Unreleased" none of them.
    const first = await almanac.answer('When was the first version of Osprey released?');
    expect(first.answer).toMatchObject({ text: '2017-11-20', citations: [{ text: '[1.1.0] - 2017-11-20', span: [10, 20] }] });
    expect(first.steps).toContain('release-headings');
    expect((await almanac.answer('What is the latest release of Osprey?')).answer.text).toBe('1.2.0');
  });

  it('does not answer "who ...?" with a role a table gives in place of a person', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'release-1.25/README.md', content: '# Osprey v1.25 Release Information\n\n| What | Who | When |\n| --- | --- | --- |\n| Osprey v1.25.0 released | Branch Manager | Tuesday 23rd August 2022 |\n| Release blog published | Release Notes Lead | Tuesday 23rd August 2022 |\n' }]);
    const r = await almanac.answer('Who led the Osprey 1.25 release?');
    expect(r.answer.text).not.toMatch(/Manager|Lead/);
    expect(r.answer.kind).toBe('none');
    await almanac.close();
  });

  it('does not answer "when ... first ...?" with a sentence that states no time, however its document is dated', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'osprey.md', content: '---\ndate: 2020-05-01\n---\n\n# The Osprey database\n\nThe Osprey database relies on years of first-class work done by Joseph Myers.\n\nThe Osprey database was first released by volunteers, who still keep it.\n' }]);
    const r = await almanac.answer('When was the Osprey database first released?');
    expect(r.search.constraint?.condition).toBe('first');
    expect(r.answer.kind).toBe('none');
    await almanac.close();
  });
});

describe('almanac.answer with a generator (RECAP, scripted test double)', () => {
  it('lets the calculator override the model\'s wrong arithmetic, recording both', async () => {
    const generator = scripted('the percent change of the peso buy rate, a number\nExtract: 11.2 in 2013 [1], 10.9 in 2012 [1]\nCompute: (11.2 - 10.9) / 10.9 * 100 = 3.1\nAnswer: 3.1\nPresent: 3.1%');
    const almanac = await corpus(generator);
    const tokens: string[] = [];
    const res = await almanac.answer('What was the percentage change in the Mexican peso buy rate from 2012 to 2013?', { onToken: (t) => tokens.push(t) });
    expect(res.answer.kind).toBe('generated');
    expect(res.answer.calculation).toMatchObject({ expression: '(11.2 - 10.9) / 10.9 * 100', modelResult: 3.1 });
    expect(res.answer.calculation!.result).toBeCloseTo(2.7523, 3);
    expect(res.answer.text).toBe('2.75%');
    expect(res.recap).toMatchObject({ modelResult: 3.1, refused: false });
    expect(res.recap!.calculatorResult).toBeCloseTo(2.7523, 3);
    expect(res.steps).toEqual(expect.arrayContaining(['recap', 'calculator']));
    // Each operand is cited where the table holds it.
    expect(res.answer.calculation!.operands.map((o) => o.citation?.columnPath)).toEqual([['2013', 'Buy'], ['2012', 'Buy'], ['2012', 'Buy'], undefined]);
    expect(tokens.join('')).toContain('Present: 3.1%');
    // The model read the original H-RCL row of the table, and was told how to refuse.
    const recap = generator.prompts.find((p) => p.includes('Restate:'))!;
    expect(recap).toMatch(/Mexican peso: in 2013 Buy 11\.2/);
    expect(recap).toContain('NOT IN DOCUMENTS');
  });

  it('keeps the model\'s text but no checked calculation when the calculator rejects the formula', async () => {
    const almanac = await corpus(scripted('Restate: the peso rate\nExtract: 11.2 [1]\nCompute: rate(2013) - rate(2012)\nAnswer: 0.3\nPresent: 0.3'));
    const res = await almanac.answer('What was the change in the Mexican peso buy rate from 2012 to 2013?');
    expect(res.answer.kind).toBe('generated');
    expect(res.answer.calculation).toBeUndefined();
    expect(res.recap!.calculatorError).toMatch(/not a function/);
    expect(res.skipped.calculator).toMatch(/rejected/);
    expect(res.answer.confidence).toBeLessThanOrEqual(0.25);
  });

  it('turns a refusal into kind "none"', async () => {
    const almanac = await corpus(scripted('Present: NOT IN DOCUMENTS'));
    const res = await almanac.answer('Who was prime minister of the United Kingdom as of 6 May 2021?');
    expect(res.answer.kind).toBe('none');
    expect(res.recap!.refused).toBe(true);
    expect(res.search.results.length).toBeGreaterThan(0);
  });

  it('answers a non-numeric question without a calculation, citing what it read', async () => {
    const generator = scripted('Restate: who held the office, a text\nExtract: Boris Johnson became prime minister in July 2019 [1]\nCompute: none\nAnswer: Boris Johnson\nPresent: Boris Johnson');
    const almanac = await corpus(generator);
    const res = await almanac.answer('Who was prime minister of the United Kingdom as of 6 May 2021?');
    expect(res.answer).toMatchObject({ kind: 'generated', text: 'Boris Johnson' });
    expect(res.answer.calculation).toBeUndefined();
    expect(res.answer.citations[0]!.text).toMatch(/Boris Johnson/);
    // (The temporal path's query-focused summaries ask the generator first; RECAP comes last.)
    expect(generator.prompts.at(-1)).toContain('Compute: none (this question needs no arithmetic).');
  });

  it('streams tokens, and aborting stops the generator', async () => {
    const generator = scripted(`Restate: ${'word '.repeat(200)}\nPresent: x`, { delayMs: 1 });
    const almanac = await corpus(generator);
    const controller = new AbortController();
    let tokens = 0;
    const seen: string[] = [];
    await expect((async () => {
      for await (const e of almanac.answerStream('Who was prime minister of the United Kingdom as of 6 May 2021?', { signal: controller.signal })) {
        seen.push(e.type);
        if (e.type === 'token' && ++tokens === 3) controller.abort();
      }
    })()).rejects.toMatchObject({ code: 'ABORTED' });
    expect(seen[0]).toBe('retrieved');
    expect(tokens).toBeLessThan(10);
    // Leaving the loop early stops it too.
    let more = 0;
    for await (const e of almanac.answerStream('Who was prime minister of the United Kingdom as of 6 May 2021?')) {
      if (e.type === 'token' && ++more === 2) break;
    }
    await new Promise((r) => setTimeout(r, 30));
    expect(more).toBe(2);
    const calls = generator.prompts.length;
    await new Promise((r) => setTimeout(r, 30));
    expect(generator.prompts.length).toBe(calls);
  });

  it('runs the deterministic path when asked not to generate', async () => {
    const generator = scripted('Present: NOT IN DOCUMENTS');
    const almanac = await corpus(generator);
    const res = await almanac.answer('Mexican peso buy 2013', { generate: false });
    expect(res.answer.kind).toBe('cell');
    expect(generator.prompts).toHaveLength(0);
    expect(res.skipped.recap).toMatch(/turned off/);
  });
});

describe('almanac.answer over a document of paragraphs and tables', () => {
  it('answers from the paragraph of a document whose table rows only repeat its title, the title\'s time standing for it', async () => {
    const almanac = await createAlmanac();
    const rows = ['Barry Warsaw', 'Donghee Na', 'Emily Morehouse', 'Ethan Furman', 'Gregory Smith', ...Array.from({ length: 15 }, (_, i) => `Candidate ${String.fromCharCode(65 + i)}`)].map((name, i) => `| ${name} | ${50 - i} |`).join('\n');
    await almanac.ingest([
      { name: 'election.md', content: `# 2025 Term Osprey Council election\n\n## Administration\n\nThe council appointed the Osprey Foundation Director of Infrastructure, Ee Durbin, to administer the election.\n\n## Voters\n\nIn the 2025 term Osprey council election, eligible voters were listed by the charter.\n\nFor the 2025 term Osprey council election, eligible voters received a ballot by mail.\n\n## Results\n\nOf 100 eligible voters, 76 cast ballots.\n\n| Candidate | Votes received |\n| --- | --- |\n${rows}\n` },
      { name: 'other.md', content: '# Garden club\n\nThe garden club met in 2025 to plan the spring planting.' },
    ]);
    const res = await almanac.answer('Who administered the 2025 term Osprey council election?');
    expect(res.answer.text).toBe('Ee Durbin');
    expect(res.answer.citations[0]!.text).toMatch(/^The council appointed/);
    // The document the question names by its title is read past the results, which passages
    // that state no count fill here (two results asked for).
    const voters = await almanac.answer('How many eligible voters were there in the 2025 term Osprey council election?', { limit: 2 });
    expect(voters.search.results.map((r) => r.passage.text)).not.toContain('Of 100 eligible voters, 76 cast ballots.');
    expect(voters.answer).toMatchObject({ text: '100', citations: [{ text: 'Of 100 eligible voters, 76 cast ballots.' }] });
  });

  it('reads the field lines of a document the question names by its title past rows that fill the results, the title\'s time standing for them', async () => {
    const almanac = await createAlmanac();
    const rows = Array.from({ length: 20 }, (_, i) => `| Candidate ${String.fromCharCode(65 + i)} | ${60 - i} |`).join('\n');
    await almanac.ingest([
      { name: 'election.md', content: `# 2023 Term Osprey Council election\n\n## Configuration\n\nHelp Email Address: election@osprey.org\n\nVoting starts at: December 1, 2022 12:00 UTC\n\nVoting ends at: December 15, 2022 12:00 UTC\n\n## Results\n\n| Candidate | Votes at the end of voting |\n| --- | --- |\n${rows}\n` },
      { name: 'other.md', content: '# Garden club\n\nThe garden club voted in 2023 to end the spring planting.' },
    ]);
    const res = await almanac.answer('When did voting end in the 2023 term Osprey council election?', { limit: 2 });
    expect(res.search.results.every((r) => r.passage.kind.startsWith('table'))).toBe(true);
    expect(res.answer).toMatchObject({ text: 'December 15, 2022 12:00 UTC', citations: [{ docId: 'election.md', text: 'Voting ends at: December 15, 2022 12:00 UTC' }] });
    expect(res.steps).toContain('field-answer');
    // A line whose time does not fit, in a document whose title states another, still does not answer.
    expect((await almanac.answer('When did voting end in the 2021 term Osprey council election?', { limit: 5 })).answer.text).not.toMatch(/December 15/);
    await almanac.close();
  });

  it('does not answer what came out at a time from a table that states no time', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'osprey/release-1.9/features.csv', content: 'Feature name,Stage,SIG,Release note\nDramatically Simplify Osprey Cluster Creation,Alpha,SIG-Cluster,Osprey releases came out faster\nFederated Osprey Deployments,Beta,SIG-Federation,Osprey releases federation\n' }]);
    expect((await almanac.answer('Which Osprey releases came out in 2023?')).answer.kind).toBe('none');
    // A question that asks for no time reads it as before.
    expect((await almanac.answer('Which stage was Federated Osprey Deployments in?')).answer.text).toBe('Beta');
    await almanac.close();
  });

  it('answers "what does X say about Y?" with the sentences of the section headed Y, each cited', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ name: 'charter.md', content: '# Osprey council charter\n\n## Term\n\nA new council is elected after each feature release.\n\n## Vacancies\n\nCouncil members may resign at any time. The council may appoint a replacement for the rest of the term.\n\n## Ejecting members\n\nA member may be removed by a vote of the core team.\n' }]);
    const r = await almanac.answer('What does the charter say about vacancies?');
    expect(r.steps).toContain('section-about');
    expect(r.answer).toMatchObject({ kind: 'sentence', text: 'Council members may resign at any time. The council may appoint a replacement for the rest of the term.' });
    expect(r.answer.citations.map((c) => c.text)).toEqual(['Council members may resign at any time.', 'The council may appoint a replacement for the rest of the term.']);
    await almanac.close();
  });

  it('gives each source\'s mean over a span, named, the first one\'s calculation written out', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'global-temp/README.md', content: '# Global temperature\n\nGlobal temperature anomaly data come from two sources, GISTEMP and gcag.\n' },
      { name: 'global-temp/data/annual.csv', content: `Source,Year,Mean\n${Array.from({ length: 20 }, (_, i) => [i % 2 ? 'gcag' : 'GISTEMP', 2005 + Math.floor(i / 2), i % 2 ? 0.5 : 0.7].join(',')).join('\n')}\n` },
    ]);
    const r = await almanac.answer('What was the average global temperature anomaly from 2005 to 2014?');
    expect(r.answer).toMatchObject({ kind: 'computed', text: '0.7 (GISTEMP); 0.5 (gcag)', value: 0.7 });
    expect(r.answer.calculation!.text).toMatch(/\/ 10 = 0\.7 \(GISTEMP\)$/);
    expect(r.answer.citations).toHaveLength(20);
    await almanac.close();
  });
});
