import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { answerRow, answerTable, answersCoarsely, answersOtherTime, answersWithin, newestRow, endOfRow, rowDates, rowsOfColumn } from '../../src/answer/table-answer.ts';
import * as comparisons from '../../src/answer/table-comparisons.ts';
import * as counts from '../../src/answer/table-counts.ts';
import * as extremes from '../../src/answer/table-extremes.ts';
import * as spans from '../../src/answer/table-spans.ts';
import { readHtmlTable } from '../../src/tables/index.ts';
import { readGrid } from '../../src/tables/read-grid.ts';
import type { Table } from '../../src/types.ts';
import { CURRENCY_HTML, tableElement } from '../tables/helpers.ts';

const currency = readHtmlTable(tableElement(CURRENCY_HTML)).table;
const op = (q: string) => analyzeQuestion(q).operation;
/** Every reader that loads on demand, as the engine loads them with the questions that need them. */
const readers = { ...comparisons, ...counts, ...extremes, ...spans };
const ask = (q: string, table: Table = currency) => answerTable(analyzeQuestion(q), table, { readers });

/** A financial statement as TAT-QA writes one: years across, a unit row, group rows, "(1,234)" negatives and "—". */
const statement = readGrid([
  ['', 'Fiscal', '', ''],
  ['', '2019', '2018', '2017'],
  ['', '(in millions)', '', ''],
  ['Transportation Solutions:', '', '', ''],
  ['Automotive', '$ 5,686', '$ 6,092', '$ 5,228'],
  ['Sensors', '914', '918', '814'],
  ['Industrial Solutions:', '', '', ''],
  ['Energy', '699', '712', '—'],
  ['Restructuring charges', '(1,234)', '(515)', '(652)'],
  ['Total', '$ 13,448', '$ 13,988', '$ 12,185'],
]).table;

/** Survey percentages by sex, with the statistics companions real tables carry. */
const survey = readHtmlTable(tableElement(`<table><caption>Physically inactive, by immigrant status (percent)</caption>
<thead><tr><th rowspan="2">Characteristic</th><th colspan="2">Men</th><th colspan="2">Women</th></tr>
<tr><th>Immigrants</th><th>Canadian-born</th><th>Immigrants</th><th>Canadian-born</th></tr></thead>
<tbody><tr><th>Physically inactive</th><td>52.1</td><td>47.3</td><td>58.0</td><td>50.2</td></tr>
<tr><th>Daily smoker</th><td>11.0</td><td>17.5</td><td>4.2</td><td>14.9</td></tr></tbody></table>`)).table;

describe('table answers', () => {
  it('looks up the cell both header paths name, with the full hierarchy', () => {
    const a = ask('Mexican peso buy 2013')!;
    expect(a).toMatchObject({ kind: 'cell', text: '11.2', value: 11.2 });
    expect(a.cells[0]).toMatchObject({ rowPath: ['Mexican peso'], columnPath: ['2013', 'Buy'] });
    expect(ask('What was the sell rate of the euro in 2012?')).toMatchObject({ value: 0.8 });
  });

  it('computes a change across two years ("from A to B" is B - A), citing both cells', () => {
    const a = ask('What was the change in the Mexican peso buy rate from 2012 to 2013?')!;
    expect(a.kind).toBe('computed');
    expect(a.value).toBeCloseTo(0.3, 10);
    expect(a.calculation!.expression).toBe('11.2 - 10.9');
    expect(a.calculation!.operands.map((c) => c.columnPath)).toEqual([['2013', 'Buy'], ['2012', 'Buy']]);
    const reversed = ask('What was the change in automotive from 2019 to 2018?', statement)!;
    expect(reversed.calculation!.expression).toBe('6092 - 5686');
    expect(reversed.value).toBe(406);
    // Without "from ... to", the later year minus the earlier.
    expect(ask('What was the change in automotive between 2019 and 2018?', statement)!.calculation!.expression).toBe('5686 - 6092');
  });

  it('computes a percent change, reading financial negatives, with percent as its scale', () => {
    const a = ask('What was the percentage change in automotive between 2018 and 2019?', statement)!;
    expect(a).toMatchObject({ kind: 'computed', scale: 'percent' });
    expect(a.calculation!.expression).toBe('(5686 - 6092) / 6092 * 100');
    expect(a.value).toBeCloseTo(-6.66, 2);
    const neg = ask('What is the percentage change in restructuring charges from 2017 to 2018?', statement)!;
    expect(neg.calculation!.expression).toBe('((-515) - (-652)) / (-652) * 100');
    expect(neg.value).toBeCloseTo(-21.01, 2);
  });

  it('carries the table\'s scale and takes "—" as empty', () => {
    const a = ask('What was the revenue of sensors in 2018?', statement)!;
    expect(a).toMatchObject({ value: 918, scale: 'million' });
    expect(a.unit).toMatch(/millions/);
    expect(ask('What was the total revenue in 2019?', statement)).toMatchObject({ value: 13448 });
    // Energy 2017 is "—": no figure there; the answerer does not read it as 0.
    const energy = ask('What was energy in 2017?', statement);
    expect(energy?.value).not.toBe(0);
    expect(ask('What is the average automotive revenue for 2018 and 2019?', statement)).toMatchObject({ kind: 'computed', value: 5889 });
    expect(ask('What is the total sensors revenue in both 2019 and 2018?', statement)).toMatchObject({ kind: 'computed', value: 1832 });
    // "average" that no label names: the mean over the years the table gives.
    expect(ask('What is the average sensors revenue?', statement)).toMatchObject({ kind: 'computed', value: 882 });
    expect(ask('What is the change in total revenue from 2018 to 2019?', statement)!.calculation!.expression).toBe('13448 - 13988');
  });

  it('answers which is highest (lowest) with a label, excluding totals', () => {
    const high = ask('Which currency had the highest buy rate in 2013?')!;
    expect(high).toMatchObject({ kind: 'label', text: 'Mexican peso' });
    expect(high.cells[0]!.columnPath).toEqual(['2013', 'Buy']);
    expect(ask('Which currency had the lowest buy rate in 2012?')).toMatchObject({ text: 'Euro' });
    expect(ask('What was the highest buy rate in 2013?')).toMatchObject({ kind: 'cell', value: 11.2 });
  });

  it('answers which of two named things is higher, at the coordinate the rest of the question names', () => {
    const a = ask('Among men, who were more likely to be physically inactive, immigrants or canadian-born?', survey)!;
    expect(a).toMatchObject({ kind: 'label', text: 'Immigrants' });
    expect(a.cells.map((c) => c.value)).toEqual([52.1, 47.3]);
    expect(ask('Among women, who were less likely to be daily smokers, immigrants or canadian-born?', survey)).toMatchObject({ text: 'Immigrants' });
  });

  it('answers "which X" from the header that names X: a stub header or a column of names', () => {
    const career = readHtmlTable(tableElement(`<table><thead>
<tr><th rowspan="2">club</th><th rowspan="2">season</th><th colspan="3">league</th></tr>
<tr><th>division</th><th>apps</th><th>goals</th></tr></thead><tbody>
<tr><th rowspan="2">hibernian</th><td>1998-99</td><td>scottish first division</td><td>2</td><td>1</td></tr>
<tr><td>1999-00</td><td>scottish premier league</td><td>23</td><td>5</td></tr>
<tr><th>portsmouth</th><td>2002-03</td><td>first division</td><td>40</td><td>3</td></tr>
</tbody></table>`)).table;
    expect(ask('Which club did he play for in 2002-03?', career)).toMatchObject({ kind: 'label', text: 'portsmouth' });
    // "league" heads apps and goals too: the answer is the column of names.
    expect(ask('Which league did he play in for hibernian in 1999-00?', career)).toMatchObject({ kind: 'cell', text: 'scottish premier league' });
    // A stub label spanning rows names each of them.
    expect(ask('Which club did he play for in 1999-00?', career)).toMatchObject({ kind: 'label', text: 'hibernian' });
  });

  it('reads several figures asked "respectively", in the order the question names them', () => {
    const a = ask('Among women, what were the rates of immigrants and canadian-born who were physically inactive respectively?', survey)!;
    expect(a.values).toEqual([58.0, 50.2]);
    expect(ask('What were the percentages of daily smokers among canadian-born men and women respectively?', survey)!.values).toEqual([17.5, 14.9]);
  });

  it('reads a figure question with a superlative inside as a lookup, and "at least" as no superlative', () => {
    expect(analyzeQuestion('What is the percentage of the provinces with the largest increases that were in the west?').operation).toBe('lookup');
    expect(analyzeQuestion('What is the percentage of youth who met at least two recommendations?').operation).toBe('lookup');
    expect(analyzeQuestion('Which province had the largest increase?').operation).toBe('argmax');
  });

  it('reads the unit the question asks for in the row, and an estimate over its change or its bounds', () => {
    const jobs = readHtmlTable(tableElement(`<table><thead>
<tr><th rowspan="2">province</th><th colspan="2">2013</th><th colspan="3">2014</th></tr>
<tr><th>number of jobs</th><th>percentage change</th><th>95% confidence interval from</th><th>95% confidence interval to</th><th>estimate</th></tr></thead><tbody>
<tr><th>nova scotia</th><td>2,024</td><td>9.6</td><td>1,990</td><td>2,230</td><td>2,110</td></tr>
<tr><th>manitoba</th><td>3,128</td><td>-1.2</td><td>2,950</td><td>3,230</td><td>3,090</td></tr>
</tbody></table>`)).table;
    expect(ask('What was the percentage of sport jobs in nova scotia increased in 2013?', jobs)).toMatchObject({ value: 9.6 });
    expect(ask('How many sport jobs were there in nova scotia in 2013?', jobs)).toMatchObject({ value: 2024 });
    // The bounds beside an estimate are read only when the question asks for them.
    expect(ask('What was the figure for manitoba in 2014?', jobs)).toMatchObject({ value: 3090 });
    expect([2950, 3230]).toContain(ask('What was the confidence interval for manitoba in 2014?', jobs)!.value);
  });

  it('gives each source\'s figure, named, where the question names none of the sources that give the row', () => {
    const anomalies = readGrid([['Source', 'Year', 'Mean'], ['GISTEMP', '1998', '0.605'], ['gcag', '1998', '0.5773'], ['GISTEMP', '1999', '0.4'], ['gcag', '1999', '0.38']]).table;
    const both = answerTable(analyzeQuestion('What was the temperature anomaly in 1998?'), anomalies, { readers });
    expect(both).toMatchObject({ text: '0.605 (GISTEMP); 0.5773 (gcag)', cells: [{ text: '0.605' }, { text: '0.5773' }] });
    expect(answerTable(analyzeQuestion('What was the gcag temperature anomaly in 1998?'), anomalies, { readers })!.text).toBe('0.5773');
    // A monthly file's sources alike, whatever case a source is written in.
    const months = readGrid([['Source', 'Year', 'Mean'], ['gcag', '2023-06', '1.0'], ['gcag', '2023-07', '1.15'], ['GISTEMP', '2023-06', '1.1'], ['GISTEMP', '2023-07', '1.19']]).table;
    expect(answerTable(analyzeQuestion('What was the temperature anomaly in July 2023?'), months, { readers })!.text).toBe('1.15 (gcag); 1.19 (GISTEMP)');
    // A label one row holds names a category, not a source: the best row answers alone.
    const categories = readGrid([['Group', 'Year', 'Share'], ['five or more', '1998', '35'], ['four', '1998', '30']]).table;
    expect(answerTable(analyzeQuestion('What was the share in 1998?'), categories, { readers })!.text).not.toContain(';');
  });

  it('tells which of two releases came first (or last) by their dates, the table\'s own name aside', () => {
    const releases = readGrid([['releaseCycle', 'releaseDate', 'eol'], ['4.0', '2021-12-07', '2023-04-01'], ['3.2', '2021-04-06', '2024-04-01']]).table;
    const ask2 = (q: string) => answerTable(analyzeQuestion(q), releases, { readers, context: 'Django' });
    expect(ask2('Which came first, Django 3.2 or Django 4.0?')).toMatchObject({ kind: 'label', text: '3.2', cells: [{ text: '2021-04-06' }, { text: '2021-12-07' }] });
    expect(ask2('Which reached end of life first, Django 3.2 or Django 4.0?')).toMatchObject({ text: '4.0', cells: [{ text: '2023-04-01' }, { text: '2024-04-01' }] });
    expect(ask2('Which is newer, Django 3.2 or 4.0?')?.text).toBe('4.0');
  });

  it('ranks no column of dates against the figures beside it, and asks a table of years for no month', () => {
    const annual = readGrid([['Source', 'Year', 'Mean'], ['GISTEMP', '2016', '1.01'], ['GISTEMP', '2023', '1.17'], ['GISTEMP', '2024', '1.28'], ['gcag', '2024', '1.18']]).table;
    // Its "Year" is no figure above "Mean" ("Year" answered), and a question for a month is none of a table of years.
    expect(answerTable(analyzeQuestion('What was the month with the highest temperature according to GISTEMP?'), annual, { readers })).toBeUndefined();
    expect(answerTable(analyzeQuestion('Which is the highest for GISTEMP?'), readGrid([['Source', 'Year', 'Mean'], ['GISTEMP', '2016', '1.01']]).table, { readers })?.text).toBe('1.01');
    // "The highest monthly ..." asks the rows for a month each, as "which month" does.
    const co2 = readGrid([['Year', 'Mean'], ['2023', '421.08'], ['2024', '424.61'], ['2025', '427.35']]).table;
    expect(answerTable(analyzeQuestion('What was the highest CO2 reading?'), co2, { readers })?.text).toBe('427.35');
    expect(answerTable(analyzeQuestion('What was the highest monthly CO2 reading?'), co2, { readers })).toBeUndefined();
    expect(answerTable(analyzeQuestion('What was the highest daily CO2 reading?'), co2, { readers })).toBeUndefined();
  });

  it('names the rows of a table without row headers by its first column, numbers included', () => {
    const jvm = readGrid([
      ['Groovy', 'JVM required (non-indy)', 'JVM required (indy)'],
      ['2.4', '6+', '7+'],
      ['2.5', '7+', '7+'],
      ['3.0', '8+', '8+'],
    ]).table;
    expect(ask('What JVM version does Groovy 2.4 require without invokedynamic (non-indy)?', jvm)).toMatchObject({ text: '6+' });
    expect(ask('Which JVM does Groovy 3.0 require (indy)?', jvm)).toMatchObject({ text: '8+' });
  });

  it('reads the date of the row a "when" question names, not its other cells', () => {
    const schedule = readGrid([
      ['What', 'Who', 'When'],
      ['Begin code freeze', 'Branch Manager', 'Wednesday 3rd August 2022'],
      ['Release candidate', 'Branch Manager', 'Tuesday 16th August 2022'],
    ]).table;
    expect(ask('When did code freeze begin?', schedule)).toMatchObject({ text: 'Wednesday 3rd August 2022' });
  });

  it('reads one chosen row: the named column, its date for "when", else its label', () => {
    const releases = readGrid([
      ['Release', 'Codename', 'Released'],
      ['22.04', 'Jammy Jellyfish', '2022-04-21'],
      ['20.04', 'Focal Fossa', '2020-04-23'],
    ]).table;
    expect(answerRow(analyzeQuestion('Which release came out in April 2020?'), releases, 2)).toMatchObject({ text: '20.04' });
    expect(answerRow(analyzeQuestion('Which codename had the release of April 2020?'), releases, 2)).toMatchObject({ text: 'Focal Fossa' });
    expect(answerRow(analyzeQuestion('When did Jammy Jellyfish come out?'), releases, 1)).toMatchObject({ text: '2022-04-21' });
    expect(answerRow(analyzeQuestion('Which release came out in April 2020?'), releases, 0)).toBeUndefined();
  });

  it('reads a family of releases a name gives whole in another cell: its first start, its last end', () => {
    const vs = readGrid([
      ['releaseCycle', 'codename', 'releaseDate', 'eol'],
      ['17.14', '2022', '2025-05-13', '2032-01-13'],
      ['17.1', '2022', '2022-02-15', '2022-10-11'],
      ['17.0', '2022', '2021-11-08', '2023-07-11'],
      ['16.11', '2019', '2021-08-10', '2029-04-10'],
      ['16.0', '2019', '2019-04-02', '2020-10-13'],
    ]).table;
    expect(ask('When was Visual Studio 2022 released?', vs)).toMatchObject({ text: '2021-11-08', cells: [{ rowPath: ['releaseCycle 17.0'] }] });
    expect(ask('When does Visual Studio 2022 reach end of life?', vs)).toMatchObject({ text: '2032-01-13' });
    expect(ask('When did Visual Studio 2019 reach end of life?', vs)).toMatchObject({ text: '2029-04-10' });
    // A row's own number names that row alone.
    expect(ask('When was Visual Studio 17.1 released?', vs)).toMatchObject({ text: '2022-02-15' });
  });

  it('adds up a column of each year\'s change for a change over years, and reads one row\'s for one year', () => {
    const steps = readGrid([
      ['Year', 'Annual Increase', 'Uncertainty'],
      ['2017', '2.12', '0.07'],
      ['2018', '2.36', '0.07'],
      ['2019', '2.55', '0.07'],
      ['2020', '2.33', '0.08'],
    ]).table;
    const co2 = (q: string) => answerTable(analyzeQuestion(q), steps, { readers, context: 'Global CO2 growth' });
    expect(co2('By how much did CO2 increase from 2017 to 2020?')).toMatchObject({ kind: 'computed', text: '7.24', calculation: { expression: '2.36 + 2.55 + 2.33' } });
    expect(co2('By how much did CO2 increase from 2019 to 2020?')).toMatchObject({ text: '2.33', cells: [{ rowPath: ['2020'] }] });
    // A rate's changes compound: they are not added up.
    const rates = readGrid([['Year', 'Growth rate (%)'], ['2018', '2.9'], ['2019', '2.3'], ['2020', '-3.4']]).table;
    expect(answerTable(analyzeQuestion('By how much did the growth rate change from 2018 to 2020?'), rates, { readers, context: 'GDP' })?.calculation?.expression ?? '').not.toContain('+');
  });

  it('reads the latest (or last) release of a version it names from the column of dates headed "latest"', () => {
    const node = readGrid([
      ['releaseCycle', 'releaseDate', 'eol', 'latest', 'latestReleaseDate'],
      ['22', '2024-04-24', '2027-04-30', '22.22.0', '2026-09-01'],
      ['20', '2023-04-18', '2026-04-30', '20.20.2', '2026-03-24'],
    ]).table;
    expect(ask('When was the last Node.js 20 release?', node)).toMatchObject({ text: '2026-03-24', cells: [{ columnPath: ['latestReleaseDate'] }] });
    expect(ask('When was Node.js 20 released?', node)).toMatchObject({ text: '2023-04-18' });
    // A row another step chose, as well; "the latest Node.js", naming no version, asks for the newest row's own release.
    expect(answerRow(analyzeQuestion('When was the latest Node.js 20 release?'), node, 2)).toMatchObject({ text: '2026-03-24' });
    expect(answerRow(analyzeQuestion('When was the latest Node.js released?'), node, 1)).toMatchObject({ text: '2024-04-24' });
  });

  it('answers when an extreme came within a time from finer rows, not from the one row of that time', () => {
    const years = readGrid([['Year', 'Price'], ['2010', '1224'], ['2011', '1571'], ['2012', '1669']]).table;
    expect(answerTable(analyzeQuestion('When did the gold price peak in 2011?'), years, { readers, context: 'gold price' })).toBeUndefined();
    expect(answerTable(analyzeQuestion('When did the gold price peak?'), years, { readers, context: 'gold price' })).toMatchObject({ text: '2012' });
  });

  it('answers no extreme over a time from a series none of whose rows is of that time', () => {
    const early = readGrid([['Year', 'Anomaly'], ['1900', '-0.2'], ['1920', '-0.4'], ['1949', '-0.1']]).table;
    expect(answerTable(analyzeQuestion('What was the lowest anomaly since 1950?'), early, { readers, context: 'anomaly' })).toBeUndefined();
    expect(answerTable(analyzeQuestion('What was the lowest anomaly since 1910?'), early, { readers, context: 'anomaly' })).toMatchObject({ text: '-0.4' });
  });

  it('answers "which month" of an extreme from rows of months, not from rows of years', () => {
    const years = readGrid([['Year', 'Mean'], ['2022', '0.89'], ['2023', '1.17']]).table;
    const months = readGrid([['Date', 'Mean'], ['2023-06', '1.07'], ['2023-09', '1.48'], ['2023-12', '1.37']]).table;
    expect(answerTable(analyzeQuestion('Which month had the highest temperature in 2023?'), years, { readers, context: 'temperature' })).toBeUndefined();
    expect(answerTable(analyzeQuestion('Which month had the highest temperature in 2023?'), months, { readers, context: 'temperature' })).toMatchObject({ text: '2023-09' });
    expect(answerTable(analyzeQuestion('Which year had the highest temperature?'), years, { readers, context: 'temperature' })).toMatchObject({ text: '2023' });
  });

  it('reads a major number no row is written as as the family of the rows it opens, in a table its name names', () => {
    const keycloak = readGrid([
      ['releaseCycle', 'releaseDate', 'eol'],
      ['26.2', '2025-04-11', 'false'],
      ['26.1', '2025-01-15', '2025-04-11'],
      ['26.0', '2024-10-04', '2025-01-15'],
      ['25.0', '2024-06-10', '2024-10-04'],
    ]).table;
    const about = (q: string, title: string) => answerTable(analyzeQuestion(q), keycloak, { readers, context: title });
    expect(about('When was Keycloak 26 released?', 'Keycloak')).toMatchObject({ text: '2024-10-04', cells: [{ rowPath: ['releaseCycle 26.0'] }] });
    // A row with no end set outlasts every date.
    expect(endOfRow(analyzeQuestion('Is Keycloak 26 still supported?'), keycloak, { context: 'Keycloak' })).toMatchObject({ text: 'false', cells: [{ rowPath: ['releaseCycle 26.2'] }] });
    // "26.0" (read as 26 too) names its row alone, as does a major a row is written as.
    expect(endOfRow(analyzeQuestion('Is Keycloak 26.0 still supported?'), keycloak, { context: 'Keycloak' })).toMatchObject({ text: '2025-01-15' });
    expect(endOfRow(analyzeQuestion('Is Keycloak 25 still supported?'), keycloak, { context: 'Keycloak' })).toMatchObject({ text: '2024-10-04' });
    // Another thing's 26 is no family of this table.
    expect(about('When does Keycloak 26 reach end of life?', 'Keycloak')).toMatchObject({ text: 'false' });
    // The name as the tokenizer reads it ("Redis" is "redi"), in the question and the title alike.
    expect(about('When does Redis 26 reach end of life?', 'Redis')).toMatchObject({ text: 'false' });
    expect(about('When does Debian 26 reach end of life?', 'Ubuntu')?.text).not.toBe('false');
  });

  it('reads a label\'s word of beginning as when, not what, unless the question asks for a beginning or an end', () => {
    const schedule = readGrid([
      ['What', 'Who', 'When'],
      ['Call for Code Freeze Exceptions', 'Lead', 'Monday 13th July 2026'],
      ['Begin Code Freeze and Test Freeze', 'Branch Manager', 'Wednesday 22nd July 2026'],
    ]).table;
    expect(ask('When is the Kubernetes 1.37 code freeze?', schedule)).toMatchObject({ text: 'Wednesday 22nd July 2026' });
    const balances = readGrid([['', '2018', '2017'], ['Balance at beginning of year', '15,990', '13,162'], ['Additions', '2,100', '3,400'], ['Balance at end of year', '13,162', '15,990']]).table;
    expect(ask('What was the ending balance in 2017?', balances)).toMatchObject({ text: '15,990', cells: [{ rowPath: ['Balance at end of year'] }] });
  });

  it('weighs a word no label holds by how few rows\' texts hold it, and reads no word of a link', () => {
    const zones = readGrid([
      ['codes', 'coordinates', 'TZ', 'comments'],
      ['AT', '+4813+01620', 'Europe/Vienna', ''],
      ['BE,LU,NL', '+5050+00420', 'Europe/Brussels', ''],
      ['CH,DE,LI', '+4723+00832', 'Europe/Zurich', 'Büsingen'],
      ['US', '+404251-0740023', 'America/New_York', 'Eastern (most areas)'],
    ]).table;
    expect(ask('What are the coordinates of Europe/Zurich?', zones)).toMatchObject({ text: '+4723+00832' });
    const releases = readGrid([
      ['releaseCycle', 'releaseDate', 'link'],
      ['4', '2015-09-08', 'https://github.com/nodejs/node/blob/main/doc/changelogs/CHANGELOG_V4.md'],
      ['3', '2015-08-04', 'https://github.com/nodejs/node/blob/main/doc/changelogs/CHANGELOG_IOJS.md'],
    ]).table;
    // "js" of the one link that holds it names no row.
    expect(answerTable(analyzeQuestion('Which Node.js version is in maintenance?'), releases, { readers, context: 'Node.js' })).toBeUndefined();
  });

  it('reads the row released last, or last within a time', () => {
    const releases = readGrid([
      ['releaseCycle', 'releaseDate', 'latest'],
      ['3', '2015-08-04', '3.3.1'],
      ['26', '2026-05-05', '26.7.0'],
      ['24', '2025-05-06', '24.9.0'],
      ['22', '2024-04-24', '22.11.0'],
    ]).table;
    expect(newestRow(releases)).toBe(2);
    expect(newestRow(releases, { period: { start: Date.UTC(2024, 0, 1), end: Date.UTC(2025, 0, 1) } })).toBe(4);
    expect(newestRow(releases, { period: { start: Date.UTC(2010, 0, 1), end: Date.UTC(2011, 0, 1) } })).toBeUndefined();
    expect(newestRow(readGrid([['Name', 'Value'], ['a', '1']]).table)).toBeUndefined();
  });

  it('reads the row written as the version asked, not one whose number reads the same as a figure ("5.10" for 5.1)', () => {
    const neo4j = readGrid([
      ['releaseCycle', 'releaseDate', 'eol'],
      ['5.11', '2023-08-17', '2023-09-14'],
      ['5.10', '2023-07-19', '2023-08-15'],
      ['5.2', '2022-11-21', '2022-12-15'],
      ['5.1', '2022-10-24', '2022-11-21'],
      ['4.4', '2021-12-02', '2025-11-30'],
    ]).table;
    const about = (q: string) => answerTable(analyzeQuestion(q), neo4j, { readers, context: 'Neo4j' });
    expect(about('When was Neo4j 5.1 released?')).toMatchObject({ text: '2022-10-24' });
    expect(about('When was Neo4j 5.10 released?')).toMatchObject({ text: '2023-07-19' });
    // A name with a digit names its family as any other name does.
    expect(about('When was Neo4j 5 released?')).toMatchObject({ text: '2022-10-24' });
  });

  it('reads the column a chosen row\'s question names by every word of its header ("latest"), for now only', () => {
    const cycles = readGrid([
      ['releaseCycle', 'releaseDate', 'lts', 'latest'],
      ['1.5', '2026-03-09', 'false', '1.5.5'],
      ['1.4', '2025-09-16', 'true', '1.4.5'],
    ]).table;
    expect(answerRow(analyzeQuestion('What is the latest DuckDB release?'), cycles, 1)).toMatchObject({ text: '1.5.5' });
    // "Newest" and "current" ask what "latest" heads.
    expect(answerRow(analyzeQuestion('What is the newest DuckDB version?'), cycles, 1)).toMatchObject({ text: '1.5.5' });
    // The latest patch is the latest when the table was written: not the answer for June 2025.
    expect(answerRow(analyzeQuestion('What was the newest DuckDB release in June 2025?'), cycles, 2)).toMatchObject({ text: '1.4' });
    // A "which X" asks for the row's name, and a yes / no cell is no release.
    expect(answerRow(analyzeQuestion('Which DuckDB LTS release came first?'), cycles, 2)).toMatchObject({ text: '1.4' });
    expect(answerRow(analyzeQuestion('What is the lts release of DuckDB?'), cycles, 2)).toMatchObject({ text: '1.4' });
  });

  // A data file's records (endoflife's `releases:` list): no row headers, identifier headers.
  const cycles = () => readGrid([
    ['releaseCycle', 'releaseDate', 'eoas', 'eol', 'eoes', 'latest', 'link'],
    ['19', '2024-11-19', '2025-05-28', '2026-05-19', 'false', '19.2.25', ''],
    ['18', '2024-05-22', '2024-11-19', '2025-11-21', 'false', '18.2.14', 'https://github.com/angular/angular/releases/tag/18.2.14'],
  ]).table;

  it('reads a table without row headers by the row its first column names, not by words of other cells', () => {
    // Row 18's link names "angular" and "release"; row 19 is the one the question names.
    expect(ask('When was Angular 19 released?', cycles())).toMatchObject({ text: '2024-11-19', cells: [{ cell: [1, 1], rowPath: ['releaseCycle 19'], columnPath: ['releaseDate'] }] });
  });

  it('answers for a numbered row the question names from that row only, and for a number no row has not at all', () => {
    const centos = readGrid([
      ['releaseCycle', 'releaseDate', 'eol', 'link'],
      ['8', '2019-09-24', '2021-12-31', 'https://blog.centos.org/2020/12/future-is-centos-stream/'],
      ['7', '2014-07-07', '2024-06-30', ''],
    ]).table;
    expect(ask('When was CentOS 7 released?', centos)).toMatchObject({ text: '2014-07-07' });
    // Row 8's link names "stream"; no row is 9.
    expect(ask('When was CentOS Stream 9 released?', centos)).toBeUndefined();
    expect(endOfRow(analyzeQuestion('Is CentOS Stream 9 still supported?'), centos)).toBeUndefined();
  });

  it('reads a camelCase or snake_case header as the words it names', () => {
    expect(ask('What is the release date of 18?', cycles())).toMatchObject({ text: '2024-05-22' });
    const snake = readGrid([['cycle', 'release_date', 'support_end'], ['3', '2021-01-04', '2023-06-30'], ['4', '2022-02-01', '2024-06-30']]).table;
    expect(ask('What is the support end of cycle 4?', snake)).toMatchObject({ text: '2024-06-30' });
  });

  it('answers "when does X end?" with the row\'s end column, an end of life before other ends', () => {
    expect(ask('When does 19 end?', cycles())).toMatchObject({ text: '2026-05-19' });
    expect(ask('When did 18 come out?', cycles())).toMatchObject({ text: '2024-05-22' });
    // A column the question names by its words wins over the role.
    expect(ask('When was the latestReleaseDate of 19?', readGrid([['cycle', 'releaseDate', 'eol', 'latestReleaseDate'], ['19', '2024-11-19', '2026-05-19', '2025-09-10']]).table)).toMatchObject({ text: '2025-09-10' });
    expect(answerRow(analyzeQuestion('When does the line of November 2024 reach its end?'), cycles(), 1)).toMatchObject({ text: '2026-05-19' });
  });

  it('answers when something ends only with a date named an end; a date otherwise named is when a thing happened', () => {
    const schedule = readGrid([['What', 'Who', 'When'], ['Release cycle begins', 'Lead', 'Monday 4th September 2023'], ['Release Notes complete', 'Release Notes Lead', 'Wednesday 13th December 2023'], ['v1.29.0 released', 'Branch Manager', 'Wednesday 13th December 2023']]).table;
    expect(ask('When is the end of life of Kubernetes 1.29?', schedule)).toBeUndefined();
    expect(ask('When was v1.29.0 released?', schedule)).toMatchObject({ text: 'Wednesday 13th December 2023' });
    expect(ask('When does the release cycle end?', readGrid([['What', 'When'], ['Release cycle ends', 'Friday 15th December 2023']]).table)).toMatchObject({ text: 'Friday 15th December 2023' });
    // A discography's year is when its single came out.
    const singles = readGrid([['Year', 'Single', 'Peak'], ['2016', 'Alright', '12'], ['2018', 'Invisible', '3']]).table;
    expect(ask('When did the single Invisible release?', singles)).toMatchObject({ text: '2018' });
    expect(ask('When does 19 end?', cycles())).toMatchObject({ text: '2026-05-19' });
  });

  it('reads the end of life of the row a question names, even where it says none', () => {
    expect(endOfRow(analyzeQuestion('Is Angular 18 still supported?'), cycles())).toMatchObject({ text: '2025-11-21', cells: [{ cell: [2, 3], columnPath: ['eol'] }] });
    const open = readGrid([['releaseCycle', 'releaseDate', 'eol'], ['1', '2023-09-07', 'false']]).table;
    expect(endOfRow(analyzeQuestion('Is Bun 1 still supported?'), open)).toMatchObject({ text: 'false' });
    expect(endOfRow(analyzeQuestion('Is Angular 18 still supported?'), readGrid([['cycle', 'releaseDate'], ['18', '2024-05-22']]).table)).toBeUndefined();
  });

  it('reads the column a question names in a row it names, and the row\'s label in a row it does not', () => {
    expect(answerRow(analyzeQuestion('What is the latest version of Angular 19?'), cycles(), 1)).toMatchObject({ text: '19.2.25' });
    expect(answerRow(analyzeQuestion('What was the newest release line with a latest version in June 2024?'), cycles(), 2)).toMatchObject({ text: '18' });
  });

  it('averages, totals and ranks the dated rows inside the span a question names', () => {
    // A data file of yearly prices, its years as row headers; and monthly rows of two sources.
    const annual = readGrid([['Date', 'Price'], ...Array.from({ length: 40 }, (_, i) => [String(1970 + i), String(100 + i)])]).table;
    const avg = ask('What was the average gold price in the 1990s?', annual)!;
    expect(avg).toMatchObject({ kind: 'computed', text: '124.5', calculation: { expression: '(120 + 121 + 122 + 123 + 124 + 125 + 126 + 127 + 128 + 129) / 10' } });
    expect(avg.cells.map((c) => c.rowPath[0])).toEqual(['1990', '1991', '1992', '1993', '1994', '1995', '1996', '1997', '1998', '1999']);
    expect(ask('What was the average price from 2000 to 2002?', annual)).toMatchObject({ text: '131' });
    // A decade's value, asked without "average", is its mean; "how many", its total.
    expect(ask('What was the gold price in the 1990s?', annual)).toMatchObject({ kind: 'computed', text: '124.5' });
    expect(ask('How much was the price in the 1970s?', annual)).toMatchObject({ text: '1045' });
    expect(ask('What was the total price in the 1970s?', annual)).toMatchObject({ text: '1045' });
    expect(ask('What was the highest price in the 1980s?', annual)).toMatchObject({ text: '119' });
    // An open span: the rows from its year on, not the row of its year.
    expect(ask('What was the lowest price since 2000?', annual)).toMatchObject({ text: '130', cells: [{ rowPath: ['2000'] }] });
    expect(ask('What was the highest price since 2000?', annual)).toMatchObject({ text: '139', cells: [{ rowPath: ['2009'] }] });
    // A table that holds too few of the question's words is a series of something else.
    expect(answerTable(analyzeQuestion('What is the lowest global temperature anomaly since 1990?'), annual, { readers, heading: 'gold-prices — Gold Prices' })).toBeUndefined();
    // Two series by year: each one's average, named, not of both mixed, where the question names
    // neither (the first's calculation the answer's); the one it names alone.
    const series = readGrid([['Source', 'Year', 'Mean'], ...Array.from({ length: 20 }, (_, i) => [i % 2 ? 'gcag' : 'GISTEMP', String(2005 + Math.floor(i / 2)), i % 2 ? '0.5' : '0.7'])]).table;
    const anomaly = { heading: 'global-temp — global temperature anomaly' };
    expect(answerTable(analyzeQuestion('What was the average temperature anomaly from 2005 to 2014?'), series, { readers, ...anomaly })).toMatchObject({ text: '0.7 (GISTEMP); 0.5 (gcag)', value: 0.7, cells: { length: 20 }, calculation: { operands: { length: 10 } } });
    expect(answerTable(analyzeQuestion('What was the average gcag temperature anomaly from 2005 to 2014?'), series, { readers, ...anomaly })).toMatchObject({ text: '0.5' });
    // Nor does any one cell of such a series answer an average over a span ("Average" 2010 CO2).
    const co2Years = readGrid([['Date', 'Average'], ...Array.from({ length: 30 }, (_, i) => [`${2000 + i}-01`, String(370 + i)])]).table;
    expect(answerTable(analyzeQuestion('What was the average global temperature anomaly in the 2010s?'), co2Years, { readers, heading: 'co2-mm-gl — global — Trends in Atmospheric Carbon Dioxide' })).toBeUndefined();
    // With no span, the extreme of the whole series, as sure as the table is of what is asked.
    const temps = readGrid([['Year', 'Mean'], ...Array.from({ length: 30 }, (_, i) => [String(1990 + i), (i % 7 === 3 ? 0.9 : 0.1 * (i % 5)).toFixed(2)])]).table;
    const heading = { heading: 'global-temp — Global Temperature Time Series: global temperature anomaly' };
    expect(answerTable(analyzeQuestion('What was the highest global temperature anomaly?'), temps, { readers, ...heading })).toMatchObject({ text: '0.90', cells: [{ rowPath: ['1993'] }], confidence: 1 });
    expect(answerTable(analyzeQuestion('What was the highest global temperature anomaly?'), temps, { readers, heading: 'gold-prices — Gold Prices' })!.confidence).toBeLessThan(0.34);
    // So is one whose rows do not span the decade: a product's "2000" row is no anomaly of the 2000s.
    const exchange = readGrid([['releaseCycle', 'releaseLabel', 'eol'], ['2000', '2000 SP3', '2005-12-31'], ['2019', '2019 CU15', '2025-10-14']]).table;
    expect(answerTable(analyzeQuestion('What was the highest global temperature anomaly in the 2000s?'), exchange, { readers })).toBeUndefined();
    // A table with a second figure column: the decade's "1980" does not name the row of 1980.
    const two = readGrid([['Year', 'Mean', 'Uncertainty'], ...Array.from({ length: 30 }, (_, i) => [String(1970 + i), String(300 + i), '0.12'])]).table;
    expect(ask('What was the highest mean in the 1980s?', two)).toMatchObject({ text: '319', cells: [{ rowPath: ['1989'] }] });
    // One row of the span is a lookup.
    expect(ask('What was the price in 1990?', annual)).toMatchObject({ kind: 'cell', text: '120' });
    const monthly = readGrid([['Source', 'Date', 'Mean'], ...['gcag', 'GISTEMP'].flatMap((src, k) => ['2000-01', '2000-02', '2000-03', '2001-01'].map((d, i) => [src, d, String(k * 10 + i)]))]).table;
    expect(ask('What was the average GISTEMP anomaly in 2000?', monthly)).toMatchObject({ text: '11', calculation: { expression: '(10 + 11 + 12) / 3' } });
    // A row named by its source is cited with its time as well: the lowest is of a month.
    expect(ask('What was the lowest GISTEMP anomaly since 2000?', monthly)).toMatchObject({ text: '10', cells: [{ rowPath: ['GISTEMP', '2000-01'] }] });
    // A series of something else is not averaged for the question, whatever its "Average" column.
    const co2 = readGrid([['Date', 'Average'], ...Array.from({ length: 24 }, (_, i) => [`${2010 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`, String(390 + i)])]).table;
    const q = analyzeQuestion('What was the average global temperature anomaly in 2010?');
    expect(answerTable(q, co2, { readers, heading: 'co2-mm-gl — global — Trends in Atmospheric Carbon Dioxide' })?.kind).not.toBe('computed');
    expect(answerTable(analyzeQuestion('What was the average CO2 in 2010?'), co2, { readers, heading: 'co2-mm-gl — global — Trends in Atmospheric Carbon Dioxide' })).toMatchObject({ kind: 'computed', text: '395.5' });
  });

  it('reads a decimal date as the row\'s moment, and tells when a year\'s row answers a question for a month', () => {
    const monthly = readGrid([['Date', 'Decimal Date', 'Average', 'Trend'], ['1990-02', '1990.125', '354.88', '0.15'], ['1990-03', '1990.208', '355.20', '0.13']]).table;
    const march = analyzeQuestion('What was the CO2 concentration in March 1990?');
    const fine = answerTable(march, monthly, { readers })!;
    expect(fine).toMatchObject({ text: '355.20', cells: [{ rowPath: ['1990-03'], columnPath: ['Average'] }] });
    expect(answersCoarsely(march, fine)).toBe(false);
    const annual = readGrid([['Year', 'Mean'], ['1989', '352.1'], ['1990', '354.06'], ['1991', '355.4']]).table;
    const coarse = answerTable(march, annual, { readers })!;
    expect(coarse).toMatchObject({ text: '354.06' });
    expect(answersCoarsely(march, coarse)).toBe(true);
    expect(answersCoarsely(analyzeQuestion('What was the CO2 concentration in 1990?'), answerTable(analyzeQuestion('What was the CO2 concentration in 1990?'), annual, { readers })!)).toBe(false);
    // Of the time asked by a row's label ("1990-03"), or a column's ("Mar" of a year's row); a year's row is not.
    expect([fine, coarse].map((found) => answersWithin(march, found))).toEqual([true, false]);
    const byMonth = readGrid([['Year', 'Feb', 'Mar'], ['1990', '354.88', '355.20']]).table;
    expect(answersWithin(march, answerTable(march, byMonth, { readers })!)).toBe(true);
    // A data file whose rows run past its header: the columns past it are named by nothing.
    const long = readGrid([['Date', 'Decimal Date', 'Average', 'Trend'], ['1990-02', '1990.125', '354.88', '0.15', '353.82', '0.07'], ['1990-03', '1990.208', '355.20', '0.13', '353.77', '0.07']]).table;
    expect(answerTable(march, long, { readers, delimited: true })).toMatchObject({ text: '355.20', cells: [{ columnPath: ['Average'] }] });
    // A row of another year does not answer for this one, where the row says when it is.
    const schedule = readGrid([['What', 'Who', 'When'], ['Release Notes complete', 'Docs Lead', 'Wednesday 23rd April 2025'], ['v1.30.0 released', 'Branch Manager', 'Wednesday 17th April 2024']]).table;
    const april = analyzeQuestion('Which release came out in April 2025?');
    expect(answersOtherTime(analyzeQuestion('What was complete in April 2024?'), answerTable(analyzeQuestion('What was complete in April 2024?'), schedule, { readers })!)).toBe(true);
    expect(answersOtherTime(april, answerTable(april, schedule, { readers })!)).toBe(false);
    expect(answersOtherTime(march, coarse)).toBe(false);
    // Two times named: either may be the one asked about.
    expect(answersCoarsely(analyzeQuestion('What was the CO2 concentration as of March 1990, measured in 1991?'), coarse)).toBe(false);
  });

  it('does not ask a cell to name the words the document\'s title gives', () => {
    const votes = readGrid([['Candidate', 'Votes'], ['Carol Willing', '57'], ['Brett Cannon', '52']]).table;
    const q = analyzeQuestion('How many votes did Carol Willing receive in the steering council election?');
    const bare = answerTable(q, votes, { readers })!;
    const titled = answerTable(q, votes, { readers, context: 'Python steering council election' })!;
    expect(titled).toMatchObject({ text: '57' });
    expect(titled.confidence).toBeGreaterThanOrEqual(bare.confidence);
  });

  it('counts the cells past a bound: the years of a row, or the rows of a year, totals left out', () => {
    expect(op('How many years did sensors exceed 900?')).toBe('count');
    const years = ask('How many years did sensors exceed 900?', statement)!;
    expect(years).toMatchObject({ kind: 'computed', value: 2 });
    expect(years.cells.map((c) => c.text)).toEqual(['914', '918']);
    // The bound's scale meets the table's: "$1 billion" over cells "in millions".
    expect(ask('How many segments in 2019 were above $1 billion?', statement)).toMatchObject({ value: 1 });
    expect(ask('How many segments in 2018 were below $800 million?', statement)).toMatchObject({ value: 2 });
  });

  it('counts the items of a group the question names, its summary rows left out', () => {
    const taxes = readGrid([
      ['', '2019', '2018'],
      ['Deferred tax assets:', '', ''],
      ['Net operating loss carryforwards', '120', '98'],
      ['Pension costs', '40', '45'],
      ['Other', '7', '9'],
      ['Net deferred tax assets', '167', '152'],
      ['Deferred tax liabilities:', '', ''],
      ['Depreciation', '(30)', '(28)'],
      ['Other', '(2)', '(3)'],
    ]).table;
    expect(op('How many components are there under deferred tax assets?')).toBe('count');
    const a = ask('How many components are there under deferred tax assets?', taxes);
    expect(a).toMatchObject({ kind: 'computed', value: 3 });
    expect(a!.cells.map((c) => c.text)).toEqual(['Net operating loss carryforwards', 'Pension costs', 'Other']);
    const expenses = readGrid([['', '2019'], ['Cost of revenues', '12'], ['Sales and marketing', '30'], ['Research', '25'], ['Total stock-based compensation expense', '67']]).table;
    expect(ask('How many categories are there under total stock-based compensation expense?', expenses)).toMatchObject({ value: 3 });
  });

  it('carries a scale stated once for the table: a unit row over one column, or the sentence before it', () => {
    const unitRow = readGrid([
      ['', 'December 31', ''],
      ['', '2019', '2018'],
      ['', 'U.S. $ in thousands', ''],
      ['Operating loss carryforward', '73,260', '57,768'],
    ]).table;
    expect(ask('What was the operating loss carryforward in 2018?', unitRow)).toMatchObject({ value: 57768, scale: 'thousand' });
    const bare = readGrid([['', '2019', '2018'], ['Prepaid expenses', '2,303', '1,780'], ['Other', '193', '167']]).table;
    const q = analyzeQuestion('What were the prepaid expenses in 2019?');
    expect(answerTable(q, bare, { readers })).toMatchObject({ value: 2303, scale: '' });
    expect(answerTable(q, bare, { readers, preamble: 'Note 15. Prepaid expenses consisted of the following (in thousands):' })).toMatchObject({ value: 2303, scale: 'thousand' });
    // A scale in a heading row above the first figure, a row detection may not call a header.
    const corner = readGrid([
      ['', 'Fiscal Year Ended', ''],
      ['(Dollars in Millions)', 'April 27, 2019', 'April 28, 2018'],
      ['Revenues', '$1,073.3', '$1,095.0'],
      ['Net Income', '$106.4', '$70.5'],
    ]).table;
    expect(ask('What was the net income in fiscal 2019?', corner)).toMatchObject({ value: 106.4, scale: 'million' });
    // Only the sentence that introduces the table speaks for it.
    expect(answerTable(q, bare, { readers, preamble: 'Revenue (in millions) grew. Prepaid expenses consisted of the following:' })).toMatchObject({ scale: '' });
  });

  it('finds nothing when no label names the question', () => {
    expect(ask('What is the boiling point of mercury?')).toBeUndefined();
  });
});

describe('a series read from rows labelled by year', () => {
  const series = readGrid([['Year', 'Rainfall'], ['2000', '369.71'], ['2010', '389.21'], ['2020', '414.21']]).table;
  it('computes a rise between two rows, and the corner over the row labels is no unit', () => {
    const found = ask('By how much did the rainfall rise from 2000 to 2020?', series)!;
    expect(found).toMatchObject({ kind: 'computed', value: 44.5 });
    expect(found.unit).toBeUndefined();
  });
});

describe('labels written as initials', () => {
  // Release tables as endoflife.date writes them: columns named "eol" and "lts".
  const releases = readGrid([
    ['releaseCycle', 'releaseDate', 'lts', 'eol'],
    ['38', '2023-04-18', 'false', '2024-05-21'],
    ['39', '2023-11-07', 'false', '2024-11-26'],
  ]).table;

  it('reads a column named by two capitals ("TZ": "time zone"), and no row of country codes as initials', () => {
    const zones = readGrid([
      ['codes', 'coordinates', 'TZ'],
      ['CI,BF,GH,GN,TG', '+0519-00402', 'Africa/Abidjan'],
      ['NP', '+2743+08519', 'Asia/Kathmandu'],
    ]).table;
    // "tab give" spells "TG" and "give for NP" "GN", codes of the first row: a row label is read as initials from three letters.
    expect(ask('Which time zone does zone1970.tab give for NP?', zones)).toMatchObject({ text: 'Asia/Kathmandu', cells: [{ rowPath: ['NP'], columnPath: ['TZ'] }] });
  });

  it('reads the column a question spells out ("end of life" for "eol")', () => {
    expect(ask('When did release 38 reach end of life?', releases)).toMatchObject({ text: '2024-05-21', cells: [{ columnPath: ['eol'] }] });
    expect(ask('When was release 38 released?', releases)?.text).toBe('2023-04-18');
  });
});

describe('a question for a time', () => {
  it('reads the date that heads the row it names when none of its values is one', () => {
    const singles = readGrid([
      ['Year', 'Single', 'Peak position'],
      ['2011', 'Old man', '12'],
      ['2014', 'Harbour lights', '3'],
    ]).table;
    expect(ask('When did the single Harbour lights release?', singles)).toMatchObject({ text: '2014', cells: [{ cell: [2, 0] }] });
  });
});

describe('a bound first passed', () => {
  // Newest first, as many data files list their years.
  const concentrations = readGrid([
    ['Year', 'Mean', 'Uncertainty'],
    ['2017', '405.0', '0.1'],
    ['2016', '402.1', '0.1'],
    ['2015', '399.4', '0.1'],
    ['2014', '397.3', '0.1'],
  ]).table;
  const growth = readGrid([
    ['Year', 'Annual increase', 'Uncertainty'],
    ['2014', '2.1', '0.1'],
    ['2015', '3.0', '0.1'],
  ]).table;

  it('answers the date of the first row in time order whose figure passes it, citing the figure too', () => {
    const a = ask('In which year did the annual mean concentration first exceed 400 ppm?', concentrations);
    expect(a).toMatchObject({ text: '2016', cells: [{ text: '2016' }, { text: '402.1', columnPath: ['Mean'] }] });
    expect(ask('In which year did the mean first fall below 400?', concentrations)?.text).toBe('2014');
  });

  it('gives no answer from a table whose figures never pass it', () => {
    expect(ask('In which year did the annual mean increase first exceed 400?', growth)).toBeUndefined();
  });
});

describe('a column of moments', () => {
  const series = readGrid([
    ['Source', 'Year', 'Mean'],
    ['GISTEMP', '1997', '0.46'],
    ['GISTEMP', '1998', '0.61'],
    ['gcag', '1998', '0.58'],
  ]).table;

  it('names its rows by their year, and is no figure itself', () => {
    expect(ask('What was the GISTEMP mean for 1998?', series)).toMatchObject({ text: '0.61', cells: [{ cell: [2, 2] }] });
    expect(ask('How much was the gcag mean in 1998?', series)?.text).toBe('0.58');
  });
});

describe('a "which" noun no header names', () => {
  const schedule = readGrid([
    ['What', 'Who', 'When'],
    ['Code freeze', 'Release lead', 'Wed November 1, 2023'],
    ['v1.29.0 released', 'Branch Manager', 'Wed December 13, 2023'],
  ]).table;

  it('answers what the row the question names is, its label, not a cell beside it', () => {
    expect(ask('Which milestone is on December 13, 2023?', schedule)).toMatchObject({ kind: 'label', text: 'v1.29.0 released' });
  });
});


describe('a release table read for the version a time dates', () => {
  const releases = readGrid([
    ['releaseCycle', 'releaseDate', 'eoas', 'eol', 'supportedPythonVersions'],
    ['5.0', '2023-12-04', '2024-08-07', '2025-04-30', '3.10 - 3.12'],
    ['4.2', '2023-04-03', '2023-12-04', '2026-04-07', '3.8 - 3.12'],
    ['4.1', '2022-08-03', '2023-04-01', '2023-12-01', '3.8 - 3.11'],
  ]).table;

  it('answers "which <title> version" with the row the question\'s time dates by the role asked, not a column of another thing\'s versions', () => {
    const at = (q: string) => answerTable(analyzeQuestion(q), releases, { readers, context: 'Django' });
    expect(at('Which Django version was released in December 2023?')).toMatchObject({ kind: 'label', text: '5.0' });
    // "Reached end of life": the row whose end falls in the month, not the one released then.
    expect(at('Which Django version reached end of life in December 2023?')?.text).toBe('4.1');
    // Another thing's version is not the table's rows.
    expect(answerTable(analyzeQuestion('Which Python version was released in December 2023?'), releases, { readers, context: 'Django' })?.text).not.toBe('5.0');
  });

  it('computes how long a row lasted from its start to its end of life, both cells cited', () => {
    const lived = answerTable(analyzeQuestion('How long was Django 4.2 supported?'), releases, { readers, context: 'Django' });
    expect(lived).toMatchObject({ kind: 'computed', text: '3 years', calculation: { expression: '2026-04-07 - 2023-04-03' } });
    expect(lived?.cells.map((c) => c.text)).toEqual(['2026-04-07', '2023-04-03']);
  });

  it('gives each row\'s end of life or release, or its cell of the column a property names by its words or its initials', () => {
    expect(rowDates(releases, 'end')?.map((r) => [r.name, r.cell.text])).toEqual([['5.0', '2025-04-30'], ['4.2', '2026-04-07'], ['4.1', '2023-12-01']]);
    expect(rowDates(releases, 'start')?.map((r) => r.cell.columnPath[0])).toEqual(['releaseDate', 'releaseDate', 'releaseDate']);
    expect(rowsOfColumn(releases, 'end of active support')?.map((r) => r.cell.text)).toEqual(['2024-08-07', '2023-12-04', '2023-04-01']);
    expect(rowsOfColumn(releases, 'LTS')).toBeUndefined();
  });

  it('counts the rows of a table whose first column names the things the question counts, not rows of another kind', () => {
    const features = readGrid([
      ['Feature name', 'Stage', 'SIG'],
      ['Role-based access control', 'Alpha', 'SIG-Auth'],
      ['Simplify HA Setup for Master', 'Alpha', 'SIG-ClusterOps'],
      ['Federated Daemonset', 'Beta', 'SIG-Federation'],
    ]).table;
    expect(answerTable(analyzeQuestion('How many features were tracked?'), features, { readers })).toMatchObject({ kind: 'computed', text: '3', value: 3 });
    // A column the question names asks for a figure; "victim age" lists ages, not victims.
    expect(answerTable(analyzeQuestion('How many features were in the Beta stage?'), features, { readers })?.text).not.toBe('3');
    const ages = readGrid([['victim age', 'number'], ['24 and younger', '120'], ['25 and older', '230']]).table;
    expect(answerTable(analyzeQuestion('How many victims are there?'), ages, { readers })?.text).not.toBe('2');
    // As sure as the title holds the question's other words: the column's header is no cell's label.
    const votes = readGrid([['Candidate', 'Votes Received'], ['Guido van Rossum', '45'], ['Brett Cannon', '44'], ['Carol Willing', '33']]).table;
    expect(answerTable(analyzeQuestion('How many candidates were in the 2019 council election?'), votes, { readers, context: 'January 2019 Council election' })).toMatchObject({ text: '3', confidence: 1 });
    expect(answerTable(analyzeQuestion('How many candidates were in the 2019 council election?'), votes, { readers })!.confidence).toBeLessThan(0.5);
  });

  it('answers a lookup from a data file only where its heading and labels hold half the question\'s words or more', () => {
    const gold = readGrid([['Date', 'Price'], ['2010', '1224.664'], ['2011', '1569.211']]).table;
    const ask = (q: string, heading: string) => answerTable(analyzeQuestion(q), gold, { readers, heading, delimited: true })?.text;
    expect(ask('gold price 2011', 'gold-prices/data/annual')).toBe('1569.211');
    expect(ask('temperature anomaly 2011', 'gold-prices/data/annual')).toBeUndefined();
  });
});
