import { describe, expect, it } from 'vitest';
import { isNameYear } from '../../src/temporal/name-years.ts';
import { parseQuestion } from '../../src/temporal/index.ts';
import { analyzeQuestion } from '../../src/answer/question.ts';

const at = (q: string, year: string) => isNameYear(q, q.indexOf(year), q.indexOf(year) + year.length);

describe('isNameYear', () => {
  it('reads a bare year right after a name, in a question for a time, as the name\'s', () => {
    expect(at('When was Visual Studio 2022 released?', '2022')).toBe(true);
    expect(at('When did Windows Server 2019 reach end of life?', '2019')).toBe(true);
    expect(at('In what year did Office 2016 lose support?', '2016')).toBe(true);
  });

  it('keeps a time a time: after a preposition, a month or an article, or in a question for something else', () => {
    expect(at('When did Python come out in 2019?', '2019')).toBe(false);
    expect(at('When was the 2022 release out?', '2022')).toBe(false);
    expect(at('When was the release of June 2022?', '2022')).toBe(false);
    expect(at('Which team did Smith play for in 2010?', '2010')).toBe(false);
    expect(at('What did Visual Studio 2022 add?', '2022')).toBe(false);
  });

  it('leaves the name whole for the temporal split and the answerer', () => {
    const parsed = parseQuestion('When was Visual Studio 2022 released?');
    expect(parsed.constraint).toBeNull();
    expect(parsed.mainContent).toBe('When was Visual Studio 2022 released?');
    const analysis = analyzeQuestion('When was Visual Studio 2022 released?');
    expect(analysis.years).toEqual([]);
    expect(analysis.period).toBeUndefined();
  });
});
