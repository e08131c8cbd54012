import { beforeAll, describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { Almanac } from '../../src/types.ts';

/*
 * Dated questions over the shape of a data package (a README about a series, the series as
 * CSV) and of a release schedule (a table of lines with their start and end, a list of
 * maintenance releases written as text): the row or passage dated at the question's time
 * answers it.
 */
const readme = [
  '# US Consumer Price Index',
  '',
  'Consumer Price Index for All Urban Consumers (CPI-U) from the U.S. Department of Labor, Bureau of Labor Statistics.',
  'This is a monthly time series from January 1913. Values are U.S. city averages for all items, index value 1982-84=100.',
].join('\n');
const series = ['Date,Index,Inflation', '1999-11-01,168.3,0.06', '1999-12-01,168.3,0', '2000-01-01,168.8,0.3', '2000-02-01,169.8,0.59', '2000-03-01,171.2,0.82'].join('\n');
const schedule = [
  '# Python 2.7 Release Schedule',
  '',
  'This document describes the development and release schedule for the Python 2.7 series.',
  '',
  '| Version | Released | End of life |',
  '|---|---|---|',
  '| 2.6 | 2008-10-01 | 2013-10-29 |',
  '| 2.7 | 2010-07-03 | 2020-01-01 |',
  '',
  '## Maintenance releases',
  '',
  'Maintenance releases of Python 2.7 came out about every six months; the first maintenance release, 2.7.1, came out in November 2010.',
  '',
  '## Release dates',
  '',
  '2.7.14: 2017-09-16. 2.7.15rc1: 2018-04-14. 2.7.15: 2018-05-01. 2.7.16: 2019-03-04.',
].join('\n');

const election = [
  '---',
  'title: 2021 Term Steering Council election',
  'created: 2020-11-16',
  '---',
  '',
  'This document describes the schedule of the December 2020 election for the Python steering council.',
  '',
  '| Candidate | Votes Received |',
  '|---|---|',
  '| Carol Willing | 57 |',
  '| Barry Warsaw | 56 |',
  '',
  'Past councils:',
  '',
  '| Council | Term start | Term end |',
  '|---|---|---|',
  '| First council | 2019-02-04 | 2019-12-31 |',
].join('\n');

const django = [
  '# Django',
  '',
  'Django is a Python web framework. Feature releases are supported for about 16 months; LTS releases for three years.',
  '',
  '| releaseCycle | lts | releaseDate | eol |',
  '|---|---|---|---|',
  '| 3.1 | false | 2020-08-04 | 2021-12-07 |',
  '| 3.0 | false | 2019-12-02 | 2021-04-06 |',
  '| 2.2 | true | 2019-04-01 | 2022-04-11 |',
  '| 1.11 | true | 2017-04-04 | 2020-04-01 |',
].join('\n');

// Years head the figures' columns, and a column dates each row (when its currency was introduced).
const rates = '<table><caption>Average exchange rates, 2012 to 2014</caption><thead>'
  + '<tr><th rowspan="2">Currency</th><th colspan="2">2013</th><th colspan="2">2012</th><th rowspan="2">Introduced</th></tr>'
  + '<tr><th>Buy</th><th>Sell</th><th>Buy</th><th>Sell</th></tr></thead><tbody>'
  + '<tr><th>Mexican peso</th><td>11.2</td><td>11.9</td><td>10.9</td><td>11.5</td><td>1 January 1993</td></tr>'
  + '<tr><th>Canadian dollar</th><td>1.03</td><td>1.05</td><td>0.99</td><td>1.01</td><td>1858</td></tr>'
  + '<tr><th>Euro</th><td>1.3</td><td>1.4</td><td>1.2</td><td>1.25</td><td>1 January 1999</td></tr></tbody></table>';

let almanac: Almanac;
beforeAll(async () => {
  almanac = await createAlmanac();
  await almanac.ingest([
    { id: 'cpi-us/README.md', name: 'cpi-us/README.md', content: readme },
    { id: 'cpi-us/data/cpiai.csv', name: 'cpi-us/data/cpiai.csv', content: series },
    { id: 'pep-0373.md', name: 'pep-0373.md', content: schedule },
    { id: 'pep-8102.md', name: 'pep-8102.md', content: election },
    { id: 'django.md', name: 'django.md', content: django },
    { id: 'rates.html', name: 'rates.html', content: rates },
  ]);
});

describe('dated rows and dated passages', () => {
  it('a question for a figure at a date goes to the series row of that date, not to the README about the series', async () => {
    const res = await almanac.search('What was the US CPI-U index value in January 2000?');
    expect(res.steps).toContain('fusion');
    expect(res.skipped['temporal-rerank']).toMatch(/row hit is dated/);
    expect(res.results[0]!.passage.docId).toBe('cpi-us/data/cpiai.csv');
    expect(res.results[0]!.passage.text).toContain('168.8');
    const grouped = await almanac.search('What was the US CPI-U index value in January 2000?', { groupByDocument: true });
    expect(grouped.results[0]!.passage.docId).toBe('cpi-us/data/cpiai.csv');
  });

  it('an average over years is computed from the series, though a sentence of the README about it ranks first', async () => {
    const readme = '# Global Temperature Time Series\n\nGlobal temperature anomaly data come from the Global Historical Climatology Network.\n\nThe available timeseries of global-scale temperature anomalies are calculated with respect to the 20th century average.';
    const annual = ['Source,Year,Mean', ...Array.from({ length: 20 }, (_, i) => `gcag,${1975 + i},${(0.1 + i * 0.01).toFixed(2)}`)].join('\n');
    const temps = await createAlmanac();
    await temps.ingest([{ id: 'global-temp/README.md', name: 'global-temp/README.md', content: readme }, { id: 'global-temp/data/annual.csv', name: 'global-temp/data/annual.csv', content: annual }]);
    const r = await temps.answer('What was the average global temperature anomaly in the 1980s?');
    expect(r.answer).toMatchObject({ kind: 'computed', text: '0.19', calculation: { expression: '(0.15 + 0.16 + 0.17 + 0.18 + 0.19 + 0.2 + 0.21 + 0.22 + 0.23 + 0.24) / 10' } });
  });

  it('within a document of dated records, a text passage dated at the question\'s time comes first', async () => {
    const res = await almanac.search('Which Python 2.7 maintenance release came out in May 2018?');
    expect(res.steps).toContain('dated-rows');
    expect(res.results[0]!.passage.text).toContain('2.7.15: 2018-05-01');
  });

  it('a yes / no column the question names filters the records: "Which Django LTS version was still supported in July 2020?"', async () => {
    const res = await almanac.search('Which Django LTS version was still supported in July 2020?');
    expect(res.steps).toContain('dated-rows');
    expect(res.results[0]!.passage.text).toMatch(/\b2\.2\b/);
    // Without "LTS" the newest line in force answers.
    expect((await almanac.search('Which Django version was the newest supported in July 2020?')).results[0]!.passage.text).toMatch(/\b3\.0\b/);
  });

  it('a time that heads a column picks the figure under it, not the row its dated column puts last before that time', async () => {
    // "2013" heads the Buy and Sell columns: the peso's figure, not the Euro (introduced last before 2013).
    for (const q of ['What was the buy rate of the Mexican peso in 2013?', 'Mexican peso buy 2013']) {
      const res = await almanac.answer(q);
      expect(res.answer, q).toMatchObject({ kind: 'cell', value: 11.2 });
      expect(res.search.results[0]!.passage.text, q).toContain('Mexican peso');
    }
    // A time that heads no column still picks the record: the currency introduced in 1999.
    const res = await almanac.search('Which currency was introduced in 1999?');
    expect(res.steps).toContain('dated-rows');
    expect(res.results[0]!.passage.text).toContain('Euro');
  });

  it('a passage that only restates the question\'s year, or dates an event just outside it, does not go before the row asked for', async () => {
    const res = await almanac.search('How many votes did Carol Willing receive in the 2021 term steering council election?');
    expect(res.results[0]!.passage.text).toContain('Carol Willing: in Votes Received 57');
  });
});
