import { describe, expect, it } from 'vitest';
import { loadChrono, needsChrono, parseQuestion } from '../../src/temporal/index.ts';

const ref = new Date(Date.UTC(2026, 5, 15));
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
function parse(q: string) {
  const p = parseQuestion(q, { referenceDate: ref });
  const c = p.constraint;
  return {
    mc: p.mainContent,
    tc: c ? `${c.relation} ${c.condition} ${c.kind ?? '-'} ${iso(c.start)} ${iso(c.end)} ${c.granularity} "${c.text}"` : null,
  };
}

describe('parseQuestion: the router', () => {
  it('passes a question without a time constraint through untouched', () => {
    expect(parseQuestion('What is the capital of France?')).toEqual({ mainContent: 'What is the capital of France?', constraint: null });
    // "first" as content, not as a condition.
    expect(parseQuestion('Who was the first woman to break the sound barrier?').constraint).toBeNull();
  });
});

describe('parseQuestion: relations', () => {
  const cases: Array<[string, string, string]> = [
    ['Who was UK prime minister as of 6 May 2021?', 'Who was UK prime minister?', 'before-or-at none last-before 2021-05-06 2021-05-07 day "as of 6 May 2021"'],
    ['Who owned the Newton D. Baker House in Washington DC from 1811 to 1827?', 'Who owned the Newton D. Baker House in Washington DC?', 'between none overlap 1811-01-01 1828-01-01 year "from 1811 to 1827"'],
    ['Who coached the team until 1990?', 'Who coached the team?', 'before-or-at none last-before 1990-01-01 1991-01-01 year "until 1990"'],
    ['Who coached the team till March 1990?', 'Who coached the team?', 'before-or-at none last-before 1990-03-01 1990-04-01 month "till March 1990"'],
    ['Who ruled the city before 1811?', 'Who ruled the city?', 'before none last-before 1811-01-01 1812-01-01 year "before 1811"'],
    ['Who ruled the city prior to 1811?', 'Who ruled the city?', 'before none last-before 1811-01-01 1812-01-01 year "prior to 1811"'],
    ['Who was the coach after 5 december 2016?', 'Who was the coach?', 'after none first-after 2016-12-05 2016-12-06 day "after 5 december 2016"'],
    ['Where was the fort around 1990?', 'Where was the fort?', 'around none point 1990-01-01 1991-01-01 year "around 1990"'],
    ['What shows did he act in between the years 1975 and 1982?', 'What shows did he act in?', 'between none overlap 1975-01-01 1983-01-01 year "between the years 1975 and 1982"'],
    ['Who had won the cup by 1950?', 'Who had won the cup?', 'before-or-at none last-before 1950-01-01 1951-01-01 year "by 1950"'],
    ['What award did Sukandar win in 2004?', 'What award did Sukandar win?', 'in none point 2004-01-01 2005-01-01 year "in 2004"'],
    ['Which submarine sank on May 6, 1944?', 'Which submarine sank?', 'on none point 1944-05-06 1944-05-07 day "on May 6, 1944"'],
    ['Who has led the party since 2015?', 'Who has led the party?', 'after-or-at none last-after 2015-01-01 2016-01-01 year "since 2015"'],
    ['Who led the band during the 1990s?', 'Who led the band?', 'in none point 1990-01-01 2000-01-01 decade "during the 1990s"'],
    ['Who hosted the show during the period 1975 to dec 1981?', 'Who hosted the show?', 'between none overlap 1975-01-01 1982-01-01 month "during the period 1975 to dec 1981"'],
  ];
  for (const [q, mc, tc] of cases) {
    it(q, () => expect(parse(q)).toEqual({ mc, tc }));
  }
});

describe('parseQuestion: implicit conditions', () => {
  it('reads first / earliest / last / latest / most recent next to a date', () => {
    expect(parse('Who was the last coach before 2010?').tc).toMatch(/^before last last-before/);
    expect(parse('Who was the first coach after 2010?').tc).toMatch(/^after first first-after/);
    expect(parse('What was the earliest title he held between 1990 and 2000?').tc).toMatch(/^between first first-between/);
    expect(parse('What was the most recent title he held between 1990 and 2000?').tc).toMatch(/^between last last-between/);
    expect(parse('What is the latest album as of 2018?').tc).toMatch(/^before-or-at last last-before/);
    expect(parse('when did england last get to the semi final of a world cup as of 2021')).toEqual({
      mc: 'when did england last get to the semi final of a world cup',
      tc: 'before-or-at last last-before 2021-01-01 2022-01-01 year "as of 2021"',
    });
  });

  it('routes "current" and "earliest" without a date', () => {
    expect(parse('Who is the current president of France?').tc).toBe('before-or-at last last-before 2026-06-15 2026-06-16 day "current"');
    expect(parse('What is the newest Bun version?').tc).toBe('before-or-at last last-before 2026-06-15 2026-06-16 day "newest"');
    const first = parseQuestion('What is the earliest known map of Paris?').constraint;
    expect(first?.relation).toBe('any');
    expect(first?.condition).toBe('first');
  });
});

describe('parseQuestion: date forms', () => {
  it('reads decades, lists of decades and month ranges', () => {
    expect(parse('Which bands played in the 1990s and 2000s?')).toEqual({
      mc: 'Which bands played?',
      tc: 'in none point 1990-01-01 2010-01-01 decade "in the 1990s and 2000s"',
    });
    expect(parse('Which films were shot between May and June 2016?')).toEqual({
      mc: 'Which films were shot?',
      tc: 'between none overlap 2016-05-01 2016-07-01 month "between May and June 2016"',
    });
  });

  it('keeps a content date and uses the constraint date', () => {
    expect(parse('The submarine that was sunk on May 6, 1944 was commanded by what man from Jun 1942 to Sep 1943?')).toEqual({
      mc: 'The submarine that was sunk on May 6, 1944 was commanded by what man?',
      tc: 'between none overlap 1942-06-01 1943-10-01 month "from Jun 1942 to Sep 1943"',
    });
  });

  it('removes a leading constraint and its lead-in', () => {
    expect(parse('In the stretch of time from 1994 to 2001, in which academic institution was he enrolled?').mc)
      .toBe('in which academic institution was he enrolled?');
    expect(parse('From 1997 to 2003, what position did Father Heße have?').mc).toBe('what position did Father Heße have?');
  });

  it('resolves relative expressions against the reference date', () => {
    expect(parse('Who won the league last year?').tc).toBe('in none point 2025-01-01 2026-01-01 year "last year"');
    expect(parse('Who won the league five years ago?').tc).toBe('in none point 2021-01-01 2022-01-01 year "five years ago"');
    expect(parse('Which team has won most this decade?').tc).toBe('in none point 2020-01-01 2030-01-01 decade "this decade"');
    expect(parse('Who led the party since last year?').tc).toMatch(/^after-or-at .* 2025-01-01 2026-01-01 year "since last year"$/);
    expect(parse('Who scored yesterday?').tc).toBe('on none point 2026-06-14 2026-06-15 day "yesterday"');
    expect(parse('Who won the league last year?').mc).toBe('Who won the league?');
  });

  it('never gives a NaN interval, a day that does not exist, or a backwards range (issue 16)', () => {
    // Further back than a Date can hold: no constraint rather than NaN.
    expect(parseQuestion('What lived here 1000000 years ago?', { referenceDate: ref }).constraint).toBeNull();
    expect(parse('What happened on 31 February 2021?').tc).toBe('in none point 2021-02-01 2021-03-01 month "February 2021"');
    expect(parse('Who ruled between 2020 and 1990?').tc).toBe('between none overlap 1990-01-01 2021-01-01 year "between 2020 and 1990"');
    expect(parse('From 1990 to 1980, who led the team?')).toEqual({ mc: 'who led the team?', tc: 'between none overlap 1980-01-01 1991-01-01 year "From 1990 to 1980"' });
  });

  it('reads small years only next to a time preposition', () => {
    expect(parse('What was its capital from 25 to 190?').tc).toBe('between none overlap 0025-01-01 0191-01-01 year "from 25 to 190"');
    expect(parse('How many goals did he score in 3 games?').tc).toBeNull();
  });
});

describe('parseQuestion: chrono-node on demand', () => {
  it('reads the relative phrases the grammar leaves to chrono-node once it is loaded, and says so before', async () => {
    expect(needsChrono('What did the council decide last Friday?')).toBe(true);
    expect(needsChrono('What did the council decide in 2019?')).toBe(false);
    // Parsed without it, the question would silently lose its time.
    expect(() => parse('What did the council decide last Friday?')).toThrow(/loadChrono/);
    await loadChrono();
    expect(parse('What did the council decide last Friday?').tc).toMatch(/ 2026-06-12 2026-06-13 day "last Friday"$/);
  });
});
