import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { Almanac } from '../../src/types.ts';

/*
 * The examples of issue 12, each right at rank 1, over the demo's sample corpus and two small
 * fixtures written for these tests (a release-schedule table, a PEP about Python 3.1).
 */
const root = path.resolve(import.meta.dirname, '../..');
const sample = path.join(root, 'demo/sample-corpus');
const reference = new Date(Date.UTC(2026, 0, 1));

let almanac: Almanac;
beforeAll(async () => {
  almanac = await createAlmanac();
  const files = fs.readdirSync(sample).filter((f) => f !== 'SOURCES.md');
  await almanac.ingest(files.map((f) => ({ id: f, name: f, content: fs.readFileSync(path.join(sample, f), 'utf8') })));
  await almanac.ingest([
    { id: 'nodejs-release-schedule.md', name: 'nodejs-release-schedule.md', content: fs.readFileSync(path.join(root, 'test/fixtures/nodejs-release-schedule.md'), 'utf8') },
    {
      id: 'pep-0375.txt', name: 'pep-0375.txt',
      content: 'PEP 375 – Python 3.1 Release Schedule\n\nThis document describes the development and release schedule for Python 3.1. Python 3.1 was released on June 27, 2009, with Benjamin Peterson as release manager.\n\nThe final release came after two release candidates.',
    },
  ]);
});
const top = async (q: string) => (await almanac.search(q, { referenceDate: reference })).results[0]!;

describe('time-sensitive questions over the sample corpus', () => {
  it('"Who was UK prime minister on 6 May 2021?": the passage saying he took office, covered by his term', async () => {
    for (const q of ['Who was UK prime minister on 6 May 2021?', 'Who was UK prime minister as of 6 May 2021?']) {
      const r = await top(q);
      expect(r.passage.docId).toBe('boris-johnson.txt');
      expect(r.temporal!.sentence).toContain('became Prime Minister of the United Kingdom on 24 July 2019');
    }
  });

  it('"Who was the first chancellor of Germany after 1990?": the table keeps its constraint and marks the row', async () => {
    const res = await almanac.search('Who was the first chancellor of Germany after 1990?', { referenceDate: reference });
    expect(res.steps).toContain('dated-rows');
    const r = res.results[0]!;
    expect(r.passage.kind).toBe('table-row');
    expect(r.passage.text).toContain('Gerhard Schröder');
    expect(r.passage.cells!.length).toBeGreaterThan(0);
    expect(r.temporal!.constraint).toMatchObject({ relation: 'after', condition: 'first' });
    expect(r.temporal!.interval!.start).toBe(Date.UTC(1998, 9, 27));
    // The other examples of the sample corpus's notes.
    expect((await top('Who was chancellor of Germany in 2015?')).passage.text).toContain('Angela Merkel');
    expect((await top('Which Python version came out after 2021 first?')).passage.text).toContain('3.11');
  });

  it('"Which Node.js version was the current release in June 2022?": 18, not the 17.x line that ended on 1 June', async () => {
    const r = await top('Which Node.js version was the current release in June 2022?');
    expect(r.temporal!.sentence).toMatch(/\b18\b/);
    expect(r.passage.text).not.toContain('17.x');
    // A question that names the end of life asks for that date: 17.x.
    expect((await top('Which Node.js version reached end of life in June 2022?')).passage.text).toContain('17.x');
  });

  it('"When was Python 3.10 released?": the 3.10 row, not Python 3.1', async () => {
    const r = await top('When was Python 3.10 released?');
    expect(r.passage.docId).toBe('python-releases.md');
    expect(r.passage.text).toMatch(/3\.10, in Released 4 October 2021/);
    expect((await top('When was Python 3.1 released?')).passage.docId).toBe('pep-0375.txt');
  });

  it('"When did Apollo 11 land on the moon?": Apollo 11, not Apollo 17', async () => {
    const r = await top('When did Apollo 11 land on the moon?');
    expect(r.passage.text).toContain('20 July 1969');
    expect(r.passage.text).not.toContain('Apollo 17');
  });
});

describe('false dates in the time coverage', () => {
  it('counts no issue number, URL digit, size or count as a year', async () => {
    const a = await createAlmanac();
    await a.ingest([{
      name: 'notes.md',
      content: '# Release notes\n\nFixed in #1204 and [RFC 1513](https://github.com/rust-lang/rfcs/pull/1513). It needs 2048 MB; 1276 patches landed.\n\nReleased on 14 March 2024.',
    }]);
    const buckets = await a.timeCoverage({ buckets: 'decade' });
    expect(buckets.map((b) => `${b.label}:${b.sentences}`)).toEqual(['2020s:1']);
  });
});

describe('a question\'s number names its thing', () => {
  it('keeps the document that holds the question\'s version above one that matches every other word', async () => {
    const a = await createAlmanac();
    await a.ingest([
      { id: 'pep-0283.md', name: 'pep-0283.md', content: '# Python 2.3 Release Schedule\n\n| Release | Date |\n|---|---|\n| release candidate 1 | 18 Jul 2003 |\n| release candidate 2 | 24 Jul 2003 |\n| final release | 29 Jul 2003 |' },
      { id: 'pep-0619.md', name: 'pep-0619.md', content: '# Python 3.10 Release Schedule\n\n- 3.10.0 candidate 1: Tuesday, 2021-08-03\n- 3.10.0 candidate 2: Tuesday, 2021-09-07\n- 3.10.0 final: Monday, 2021-10-04' },
    ]);
    const res = await a.search('How many days passed between Python 3.10.0 release candidate 2 and the 3.10.0 final release?', { groupByDocument: true });
    expect(res.results[0]!.passage.docId).toBe('pep-0619.md');
  });

  it('the bakery app\'s changelog: when a version came out, what it changed, which version removed something', async () => {
    const ask = async (q: string) => (await almanac.answer(q, { referenceDate: reference })).answer;
    // "[1.4.0] › Deprecated" mentions 2.0.0 and "[1.0.0]" is the first release: neither dates 2.0.0.
    expect(await ask('When was the bakery app 2.0.0 released?')).toMatchObject({ text: '2023-09-04', citations: [{ text: '[2.0.0] - 2023-09-04' }, { docId: 'riverside-bakery-app-changelog.md' }] });
    expect((await ask('What did the bakery app 2.1.0 fix?')).items).toEqual(['Sourdough loaves no longer show as sold out after midnight']);
    expect((await ask('Which version of the bakery app removed paying in cash?')).text).toBe('2.0.0');
    expect((await ask('When were allergen labels added?')).text).toBe('2023-09-04');
  });
});

