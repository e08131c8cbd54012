import { describe, expect, it } from 'vitest';
import { askedSpan, asksSource, namesOf, namesPreReleaseOnly, analyzeQuestion, sourceNamed, versionsOf } from '../../src/answer/question.ts';
import { tokenize } from '../../src/text/tokenizer.ts';

const op = (q: string) => analyzeQuestion(q).operation;

describe('question analysis', () => {
  it('tells a text that names a version only as a release before it', () => {
    const q = analyzeQuestion('When was Osprey 2.0 released?');
    expect(namesPreReleaseOnly(q, 'title: Announcing Osprey 2.0 Beta')).toBe(true);
    expect(namesPreReleaseOnly(q, 'Osprey 2.0-rc1 and Osprey 2.0 alpha are out.')).toBe(true);
    expect(namesPreReleaseOnly(q, 'Osprey 2.0 beta is out; the final Osprey 2.0 release comes in May.')).toBe(false);
    expect(namesPreReleaseOnly(q, 'Nothing about it.')).toBe(false);
    expect(namesPreReleaseOnly(analyzeQuestion('When was the Osprey 2.0 beta released?'), 'Announcing Osprey 2.0 Beta')).toBe(false);
  });

  it('reads the names a question gives: capitalised words after the first, not acronyms, months or days', () => {
    const names = (q: string) => namesOf(analyzeQuestion(q));
    expect(names('What version of Rust added the question mark operator?')).toEqual(['rust']);
    expect(names('When does Bootstrap 4 reach end of life?')).toEqual(['bootstrap']);
    expect(names("What was the GDP of Canada in May 2010, on Monday?")).toEqual(['canada']);
    expect(names("Which club beat Jürgen Klopp's team?")).toEqual(['jürgen', 'klopp']);
    expect(names('what was the revenue in 2019?')).toEqual([]);
  });

  it('tells each operation from its cues', () => {
    expect(op('Mexican peso buy 2013')).toBe('lookup');
    expect(op('What was the buy rate of the Mexican peso in 2013?')).toBe('lookup');
    expect(op('What was the change in the Mexican peso buy rate from 2012 to 2013?')).toBe('change');
    expect(op('What is the increase / (decrease) in revenue from 2018 to 2019?')).toBe('change');
    expect(op('What was the percentage change in revenue between 2018 and 2019?')).toBe('percent-change');
    expect(op('By what percent did sales increase from 2017 to 2018?')).toBe('percent-change');
    expect(op('How much did the gold price change from 2000 to 2010 in percent?')).toBe('percent-change');
    expect(analyzeQuestion('How much did the gold price change from 2000 to 2010 in percent?').cue).toBe('change');
    // A share changed, or a change in points, is no percent change.
    expect(op('What was the change in percentage of sales represented by gross profit between 2018 and 2019?')).not.toBe('percent-change');
    expect(op('How much did the rate change from 2018 to 2019 in percentage points?')).toBe('change');
    expect(op('What is the difference between the euro and the peso buy rates in 2013?')).toBe('difference');
    expect(op('How many more police officers were there in 2019 than in 2018?')).toBe('difference');
    expect(op('What is the ratio of notes payable to capital lease obligations?')).toBe('ratio');
    expect(op('How many times was the rate for women that for men?')).toBe('ratio');
    expect(op('What is revenue in 2019 as a percentage of total revenue?')).toBe('share');
    expect(op('What is the total cost of revenue in both 2019 and 2018?')).toBe('sum');
    expect(op('What is the sum of sales in 2018 and 2019?')).toBe('sum');
    expect(op('What was the average revenue for 2018 and 2019?')).toBe('average');
    expect(op('Which age group has the highest rate?')).toBe('argmax');
    expect(op('Which province had the lowest unemployment rate in 2011?')).toBe('argmin');
    // "When" of a figure's extreme asks which time's row it is; "the most recent" is no figure's.
    expect(op('When was the gold price highest?')).toBe('argmax');
    expect(op('When was the CO2 concentration lowest?')).toBe('argmin');
    expect(op('When is the most recent match of the cup played?')).toBe('date');
    expect(op('What was the highest unemployment rate in 2011?')).toBe('max');
    expect(op('What was the lowest unemployment rate in 2011?')).toBe('min');
    expect(op('Who were more likely to own their homes, immigrants or canadian-born?')).toBe('compare');
    expect(op('How many years did revenue exceed $1 million?')).toBe('count');
    expect(op('When did Boris Johnson become prime minister?')).toBe('date');
    expect(op('In what year was the Berlin Wall built?')).toBe('date');
    expect(op('Who was the Docs lead on the Kubernetes 1.25 release team?')).toBe('name');
    // "Which member / person ...?" asks who, as "who" does.
    expect(op('Which Kubernetes 1.29 release team member handled communications?')).toBe('name');
    expect(op('Which person was the presenter of Lykkehjulet from 1997 to 2000?')).toBe('name');
  });

  it('keeps a figure question with "or" inside a label a lookup', () => {
    expect(op('how many percent of women indicated they were intoxicated, drugged or forced?')).toBe('lookup');
  });

  it('names the two things a comparison or a two-figure question is about, in order', () => {
    expect(analyzeQuestion('Who were less likely to own their homes, immigrants or canadian-born?')).toMatchObject({
      mentions: ['immigrants', 'canadian-born'], direction: 'low',
    });
    expect(analyzeQuestion('Who were more likely to be inactive, men or women?')).toMatchObject({ mentions: ['men', 'women'], direction: 'high' });
    expect(analyzeQuestion('What was the change in sales from 2019 to 2018?').mentions).toEqual(['2019', '2018']);
    expect(analyzeQuestion('How much did the CPI change from March 2019 to June 2020?').mentions).toEqual(['march 2019', 'june 2020']);
    expect(analyzeQuestion('What is the difference between the euro and the peso rates in 2013?').mentions).toEqual(['euro', 'peso rates']);
    expect(analyzeQuestion('what were the percentages for women and men in 2010 and 2015 respectively?')).toMatchObject({ respectively: true });
  });

  it('reads the unit and scale the answer should carry', () => {
    expect(analyzeQuestion('How many percent of workers were part-time?').unit).toEqual({ scale: 'percent' });
    expect(analyzeQuestion('What proportion of workers were part-time?').unit).toEqual({ scale: 'percent' });
    expect(analyzeQuestion('How many million dollars did R&D cost in 2016?').unit).toEqual({ scale: 'million', currency: '$' });
    expect(analyzeQuestion('How many thousands of people moved?').unit).toEqual({ scale: 'thousand' });
    expect(analyzeQuestion('How many billion dollars were obligated?').unit).toEqual({ scale: 'billion', currency: '$' });
    expect(analyzeQuestion('What is the percentage change in sales from 2018 to 2019?').unit).toEqual({ scale: 'percent' });
    expect(analyzeQuestion('What was the buy rate of the peso?').unit).toBeUndefined();
  });

  it('keeps the words that name rows and columns, without cues and question words', () => {
    const a = analyzeQuestion('What was the percentage change in revenue from 2018 to 2019?');
    expect(a.terms).toEqual(expect.arrayContaining(tokenize('revenue 2018 2019')));
    expect(a.terms).not.toContain(tokenize('change')[0]);
    expect(a.allTerms).toContain(tokenize('change')[0]);
    expect(a.years).toEqual(['2018', '2019']);
    // Sex and gender words read as one group: "boys" meets a column labelled "males".
    expect(analyzeQuestion('what percentage of boys were in daycare?').terms).toContain(tokenize('male')[0]);
  });

  it('says which answers are numbers', () => {
    expect(analyzeQuestion('How many goals did he score?').numeric).toBe(true);
    expect(analyzeQuestion('Which age group has the highest rate?').numeric).toBe(false);
    expect(analyzeQuestion('Who were more likely to smoke, men or women?').numeric).toBe(false);
  });
});

describe('what a question asks for', () => {
  it('tells figure questions from questions for a thing or a date', () => {
    expect(analyzeQuestion('How many votes did Carol Willing receive?').asksFigure).toBe(true);
    expect(analyzeQuestion('What percentage of workers were part-time?').asksFigure).toBe(true);
    expect(analyzeQuestion('What was the change in revenue from 2018 to 2019?').asksFigure).toBe(true);
    expect(analyzeQuestion('Which Django LTS version was still supported in July 2020?').asksFigure).toBe(false);
    expect(analyzeQuestion('When did code freeze begin?').asksFigure).toBe(false);
    // "The release date" asks a date as "when" does, its "release" still a word to find.
    expect(analyzeQuestion('What is the Kubernetes 1.37 release date?')).toMatchObject({ operation: 'date', cue: 'date', asksFigure: false });
    expect(analyzeQuestion('What is the Kubernetes 1.37 release date?').terms).toContain(tokenize('release')[0]);
    expect(analyzeQuestion('What was the revenue at the reporting date?').operation).toBe('lookup');
  });

  it('reads "peak" as the highest, and the end (start) of a year as its last (first) month', () => {
    expect(analyzeQuestion('When did the gold price peak in 2011?').operation).toBe('argmax');
    expect(analyzeQuestion('When did CO2 growth peak?').operation).toBe('argmax');
    // "The peak position" is a chart's label, no superlative.
    expect(analyzeQuestion('What was the peak position on the AUS of "Imagination"?').operation).toBe('lookup');
    // The year still, and its edge: a table of years answers for it (a balance "at the end of 2018").
    const end = analyzeQuestion('What was the gold price at the end of 2019?').period!;
    expect(end).toMatchObject({ start: Date.UTC(2019, 0, 1), end: Date.UTC(2020, 0, 1), words: 'at the end of 2019', edge: 'end' });
    expect(askedSpan(end)).toEqual({ start: Date.UTC(2019, 11, 1), end: Date.UTC(2020, 0, 1) });
    expect(askedSpan(analyzeQuestion('What was it at the beginning of 2020?').period!)).toEqual({ start: Date.UTC(2020, 0, 1), end: Date.UTC(2020, 1, 1) });
    expect(analyzeQuestion('What was the gold price in 2019?').period).toMatchObject({ start: Date.UTC(2019, 0, 1), end: Date.UTC(2020, 0, 1) });
  });

  it('reads the head of the noun phrase after "which" as the thing asked for', () => {
    expect(analyzeQuestion('Which Kubernetes minor release came out in December 2023?').target).toBe('release');
    expect(analyzeQuestion('Which club did he play for in 2005?').target).toBe('club');
    expect(analyzeQuestion('Which age group has the highest rate?').target).toBe('age group');
    expect(analyzeQuestion('What kind of school did she attend?').target).toBe('school');
    expect(analyzeQuestion('Which Python 3.8 release in July 2020 was a security hotfix?').target).toBe('release');
    expect(analyzeQuestion('What percentage of boys were in daycare?').target).toBeUndefined();
    expect(analyzeQuestion('How many releases came out?').target).toBeUndefined();
  });

  it('reads "the respective values" and a figure asked for several listed years as several figures', () => {
    expect(analyzeQuestion('What are the respective values of raw materials in 2018 and 2019?')).toMatchObject({ respectively: true, mentions: ['2018', '2019'] });
    expect(analyzeQuestion('What were the Realized losses in 2019, 2018 and 2017?')).toMatchObject({ operation: 'lookup', respectively: true });
    // Not where one figure spans the years, or a question asks which thing, or for a change.
    expect(analyzeQuestion('What was the number of cases between 2009 and 2012?').respectively).toBe(false);
    expect(analyzeQuestion('What was the percentage of workers who were overqualified in both 2006 and 2016?').respectively).toBe(false);
    expect(analyzeQuestion('Which club did he play for in 2008 and 2009?').respectively).toBe(false);
    expect(analyzeQuestion('What was the change in revenue between 2018 and 2019?').respectively).toBe(false);
  });

  it('reads the bound a series first passed, and which way', () => {
    expect(analyzeQuestion('In which year did the global annual mean CO2 concentration first exceed 400 ppm?').firstPast).toEqual({ value: 400, above: true, strict: true, terms: ['first', 'exce', '400'] });
    expect(analyzeQuestion('When did the gold price first go above $1,000?').firstPast).toMatchObject({ value: 1000, above: true, strict: true });
    expect(analyzeQuestion('When did inflation first fall below 0.5?').firstPast).toMatchObject({ value: 0.5, above: false, strict: true });
    expect(analyzeQuestion('When did the index first reach 200?').firstPast).toMatchObject({ value: 200, above: true, strict: false });
    // No "first", or not a question for a time: no bound.
    expect(analyzeQuestion('When did the index exceed 200?').firstPast).toBeUndefined();
  });

  it('reads the versions a question names after a name, not its figures', () => {
    const found = (q: string) => versionsOf(analyzeQuestion(q)).map((v) => [v.name, ...['3.13', '3.13.0', '13.13', '3.130', '1.29'].filter((t) => v.version.test(t))]);
    expect(found('When is the Python 3.13 final release scheduled?')).toEqual([['python', '3.13', '3.13.0']]);
    expect(found('When was Kubernetes v1.29 released?')).toEqual([['kubernetes', '1.29']]);
    expect(found('Is Node.js 1.29 still supported?')).toEqual([['nodejs', '1.29']]);
    expect(found('Of the $18.9 thousand in funding, how much came from energy?')).toEqual([]);
    expect(found('How many quarters did earnings exceed 0.5 dollars?')).toEqual([]);
    // A name written with a digit, but a numeronym, which stands for a name its sources write out.
    expect(found('When was Neo4j 3.13 released?')).toEqual([['neo4j', '3.13', '3.13.0']]);
    expect(found('When is the K8s 1.29 code freeze?')).toEqual([]);
  });

  it('reads the span of time a question names', () => {
    const day = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString().slice(0, 10) : t);
    const period = (q: string) => { const p = analyzeQuestion(q).period; return p && [day(p.start), day(p.end)]; };
    expect(period('What was the average gold price in the 1990s?')).toEqual(['1990-01-01', '2000-01-01']);
    expect(period('What was the average price from 2000 to 2010?')).toEqual(['2000-01-01', '2011-01-01']);
    expect(period('What was the CPI in March 2000?')).toEqual(['2000-03-01', '2000-04-01']);
    // An open span runs on without end (or without start), and its words are known.
    expect(period('What has the lowest price been since 2015?')).toEqual(['2015-01-01', Infinity]);
    expect(analyzeQuestion('What has the lowest price been since 2015?').period?.words).toBe('since 2015');
    expect(period('What was the highest price until 1990?')).toEqual([-Infinity, '1991-01-01']);
    expect(period('What is the price?')).toBeUndefined();
  });

  it('reads which end of a span a question for a time asks for', () => {
    expect(analyzeQuestion('When was Go 1.22 released?').boundary).toBe('start');
    expect(analyzeQuestion('When did Fedora 38 reach end of life?').boundary).toBe('end');
    expect(analyzeQuestion('When does Apache Airflow 2 end?').boundary).toBe('end');
    expect(analyzeQuestion('When is Django 4.2 supported until?').boundary).toBe('end');
    expect(analyzeQuestion('When did the release end?').boundary).toBeUndefined();
    expect(analyzeQuestion('When did code freeze happen?').boundary).toBeUndefined();
    expect(analyzeQuestion('How many releases ended in 2020?').boundary).toBeUndefined();
    expect(analyzeQuestion('How many years did the index first exceed 200?').firstPast).toBeUndefined();
  });

  it('reads "came out" as released, its "come" no word of another row', () => {
    const terms = analyzeQuestion('When did Kubernetes 1.25 come out?').terms;
    expect(terms).toContain('releas');
    expect(terms).not.toContain('come');
    expect(analyzeQuestion('When did Kubernetes 1.25 come out?').boundary).toBe('start');
  });

  it('reads the document a question names as its source, and the question without it', () => {
    expect(sourceNamed('What is the lifecycle of a Python release according to PEP 602?')).toEqual({ source: 'PEP 602', question: 'What is the lifecycle of a Python release?' });
    expect(sourceNamed('According to the Go 1.22 release notes, what changed in the linker?')).toEqual({ source: 'Go 1.22 release notes', question: 'what changed in the linker?' });
    // "What does X say about Y?" names X to read, for Y.
    expect(sourceNamed('What does PEP 101 say about the release manager?')).toEqual({ source: 'PEP 101', question: 'the release manager' });
    expect(sourceNamed('How long, according to the README, is the data kept?')).toEqual({ source: 'README', question: 'How long is the data kept?' });
    expect(sourceNamed('How long is the data kept?')).toBeUndefined();
  });

  it('reads a question for where something comes from, not one for where it happened', () => {
    expect(asksSource(analyzeQuestion('Where does the gold price data come from?'))).toBe(true);
    expect(asksSource(analyzeQuestion('Where was the temperature series obtained from?'))).toBe(true);
    expect(asksSource(analyzeQuestion('Where did Willie Randolph serve as manager from 2005 to 2008?'))).toBe(false);
  });
});
