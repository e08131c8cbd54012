import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { answerRecord } from '../../src/answer/record-answer.ts';

const UBUNTU = 'releaseCycle: "14.04" codename: "Trusty Tahr" lts: true releaseDate: 2014-04-17 eol: 2019-04-02';

describe('answers read from a record of fields', () => {
  it('gives the record\'s name: its first field that is no date and no flag, with its span', () => {
    const a = answerRecord(analyzeQuestion('Which Ubuntu LTS release was still supported in March 2019?'), UBUNTU)!;
    expect(a).toMatchObject({ text: '14.04', field: 'releaseCycle' });
    expect(UBUNTU.slice(...a.span)).toBe('14.04');
  });

  it('gives the field the "which X" noun names', () => {
    const a = answerRecord(analyzeQuestion('Which codename did the release supported in March 2019 have?'), UBUNTU)!;
    expect(a).toMatchObject({ text: 'Trusty Tahr', field: 'codename' });
  });

  it('gives the date field a "when" question names, else the first date', () => {
    expect(answerRecord(analyzeQuestion('When was the eol of Ubuntu 14.04?'), UBUNTU)).toMatchObject({ text: '2019-04-02', field: 'eol' });
    expect(answerRecord(analyzeQuestion('When did Ubuntu 14.04 come out?'), UBUNTU)).toMatchObject({ text: '2014-04-17' });
    // The field it names best: "the latest release" (or the last) is "latestReleaseDate", not "releaseDate".
    const node = 'releaseCycle: "20" releaseDate: 2023-04-18 eol: 2026-04-30 latest: "20.20.2" latestReleaseDate: 2026-03-24';
    expect(answerRecord(analyzeQuestion('When was the latest Node.js 20 release?'), node)).toMatchObject({ field: 'latestReleaseDate' });
    expect(answerRecord(analyzeQuestion('When was the last Node.js 20 release?'), node)).toMatchObject({ field: 'latestReleaseDate' });
    expect(answerRecord(analyzeQuestion('When was Node.js 20 released?'), node)).toMatchObject({ field: 'releaseDate' });
  });

  it('reads nothing from a sentence that is no record', () => {
    expect(answerRecord(analyzeQuestion('Which release came out in 2014?'), 'Ubuntu 14.04 came out in April 2014.')).toBeUndefined();
  });
});
