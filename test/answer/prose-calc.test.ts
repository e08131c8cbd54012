import { describe, expect, it } from 'vitest';
import { analyzeQuestion, answerTerms, formatNumber } from '../../src/answer/index.ts';
import { durationUnitOf } from '../../src/answer/durations.ts';
import { asksComplement, calculateFromProse as calculate, durationMentions, type ProseCalculation, type ProseRefusal, type ProseSentence } from '../../src/answer/prose-calc.ts';

const DAY = 86_400_000;
/** A sentence with one day-granular date written as `YYYY-MM-DD` inside it. */
function dated(text: string): ProseSentence {
  const m = /\d{4}-\d{2}-\d{2}/.exec(text)!;
  const start = Date.parse(`${m[0]}T00:00:00Z`);
  return { text, times: [{ start, end: start + DAY, granularity: 'day', from: m.index, to: m.index + m[0].length }] };
}
const calculateFromProse = (a: Parameters<typeof calculate>[0], s: ProseSentence[]) => calculate(a, s, { answerTerms, formatNumber }) as ProseCalculation | undefined;
const refusalOf = (a: Parameters<typeof calculate>[0], s: ProseSentence[]) => calculate(a, s, { answerTerms, formatNumber }) as ProseRefusal | undefined;
const plain = (text: string): ProseSentence => ({ text, times: [] });

describe('question analysis of prose calculations', () => {
  it('reads durations, their unit and the two dated things', () => {
    const a = analyzeQuestion('How many days passed between the beta release and the final release?');
    expect(a).toMatchObject({ operation: 'duration', asksFigure: true });
    expect([durationUnitOf(a), durationMentions(a)]).toEqual(['day', ['beta release', 'final release']]);
    const b = analyzeQuestion('How long did the strike last?');
    expect([b.operation, durationUnitOf(b), durationMentions(b)]).toEqual(['duration', 'auto', undefined]);
    const c = analyzeQuestion('How many years were there from the founding to the first title?');
    expect([c.operation, durationUnitOf(c), durationMentions(c)]).toEqual(['duration', 'year', ['founding', 'first title']]);
    // "Its" is the other's named version, not any release.
    expect(durationMentions(analyzeQuestion('How many days were there between the Kubernetes 1.29 code freeze and its release?'))).toEqual(['kubernetes 1.29 code freeze', 'kubernetes 1.29 release']);
    expect(durationMentions(analyzeQuestion('How many days between the strike and its end?'))).toEqual(['strike', 'end']);
    // A count past a bound stays a count.
    expect(analyzeQuestion('How many years did net sales from Americas exceed $200,000 thousand?').operation).toBe('count');
  });

  it('reads "by how many X did A beat B" as a difference between A and B', () => {
    const a = analyzeQuestion('By how many votes did Alice Moreau beat Bob Chan in the 2021 election?');
    expect(a).toMatchObject({ operation: 'difference', mentions: ['alice moreau', 'bob chan'] });
  });

  it('marks "how many ... did not ..." as a complement, not a percent question', () => {
    expect(asksComplement(analyzeQuestion('How many registered members did not vote?'))).toBe(true);
    expect(asksComplement(analyzeQuestion('What percentage of members did not vote?'))).toBe(false);
    expect(asksComplement(analyzeQuestion('How many members voted?'))).toBe(false);
  });
});

describe('calculateFromProse', () => {
  const schedule = [
    plain('Release schedule of the 4.2 series.'),
    dated('4.2.0 beta 1: 2024-05-02'),
    dated('4.2.0 candidate 1: 2024-07-30'),
    dated('4.2.0 candidate 2: 2024-08-20'),
    dated('4.2.0 final: 2024-10-01'),
  ];

  it('counts the days between the two sentences that name each thing, citing both dates', () => {
    const found = calculateFromProse(analyzeQuestion('How many days passed between 4.2.0 candidate 2 and the 4.2.0 final release?'), schedule)!;
    expect(found).toMatchObject({ value: 42, unit: 'days', text: '42 days', expression: '2024-10-01 - 2024-08-20' });
    expect(found.operands.map((o) => [o.sentence, o.text])).toEqual([[4, '2024-10-01'], [3, '2024-08-20']]);
    expect(schedule[3]!.text.slice(...found.operands[1]!.span)).toBe('2024-08-20');
  });

  it('counts whole calendar months and years', () => {
    const months = calculateFromProse(analyzeQuestion('How many months passed between 4.2.0 beta 1 and the 4.2.0 final release?'), schedule)!;
    expect(months.value).toBe(4);
    const years = calculateFromProse(analyzeQuestion('How many years passed between the founding and the merger?'), [dated('The company was founded on 1990-03-15.'), dated('The merger closed on 2001-03-14.')])!;
    expect(years.value).toBe(10);
  });

  it('reads how long an interval lasted from a sentence with two dates', () => {
    const found = calculateFromProse(analyzeQuestion('How long did the dock strike last?'), [
      plain('The port reopened later.'),
      { text: 'The dock strike began on 2019-03-01 and ended on 2019-03-29.', times: [
        { start: Date.parse('2019-03-01T00:00:00Z'), end: Date.parse('2019-03-02T00:00:00Z'), granularity: 'day', from: 25, to: 35 },
        { start: Date.parse('2019-03-29T00:00:00Z'), end: Date.parse('2019-03-30T00:00:00Z'), granularity: 'day', from: 49, to: 59 },
      ] },
    ])!;
    expect(found).toMatchObject({ value: 28, unit: 'days' });
    expect(found.operands.map((o) => o.text)).toEqual(['2019-03-29', '2019-03-01']);
  });

  it('counts a stated interval from its first to its last unit (the end is exclusive)', () => {
    const start = Date.UTC(1990, 0, 1);
    const found = calculateFromProse(analyzeQuestion('How many years did the treaty last?'), [
      { text: 'The treaty held from 1990 to 1995.', times: [], intervals: [{ start, end: Date.UTC(1996, 0, 1), endKind: 'explicit', granularity: 'year', source: 'sentence' }] },
    ])!;
    expect(found).toMatchObject({ value: 5, unit: 'years', expression: '1995 - 1990' });
  });

  it('answers nothing when a thing is named by no dated sentence', () => {
    expect(calculateFromProse(analyzeQuestion('How many days passed between 4.2.0 candidate 2 and the 5.0 launch party?'), schedule)).toBeUndefined();
  });

  it('subtracts the part from its group: "of N X, M Y" and "M of N X Y"', () => {
    const q = analyzeQuestion('How many registered members did not cast a vote?');
    const a = calculateFromProse(q, [plain('The ballot closed at noon.'), plain('Of the 1,250 registered members, 830 cast a vote.')])!;
    expect(a).toMatchObject({ value: 420, expression: '1250 - 830' });
    expect(a.operands.map((o) => o.text)).toEqual(['1,250', '830']);
    const b = calculateFromProse(q, [plain('In all, 830 of 1250 registered members cast a vote.')])!;
    expect(b.value).toBe(420);
    // A group the question does not name is no answer.
    expect(calculateFromProse(q, [plain('Of the 40 staff, 12 work remotely.')])).toBeUndefined();
  });

  it('takes the difference of two figures two sentences state', () => {
    const q = analyzeQuestion('By how many votes did Alice Moreau beat Bob Chan?');
    const found = calculateFromProse(q, [
      plain('Results were announced on Friday.'),
      plain('Alice Moreau received 412 votes.'),
      plain('Bob Chan received 389 votes.'),
    ])!;
    expect(found).toMatchObject({ value: 23, expression: '412 - 389' });
    expect(found.operands.map((o) => o.sentence)).toEqual([1, 2]);
  });

  describe('a duration whose start and end two sentences state', () => {
    const strike = [
      dated('Dock workers at the port of Alden went on strike on 2021-03-03 over pay.'),
      plain('Talks with the port authority failed twice.'),
      dated('A court hearing was held on 2021-03-30.'),
      dated('They returned to work on 2021-04-20 after a new contract was signed.'),
    ];

    it('subtracts the start from the end, citing both sentences', () => {
      const found = calculateFromProse(analyzeQuestion('How long did the strike last?'), strike)!;
      expect(found).toMatchObject({ value: 48, unit: 'days', text: '48 days', expression: '2021-04-20 - 2021-03-03' });
      expect(found.operands.map((o) => [o.sentence, o.text])).toEqual([[3, '2021-04-20'], [0, '2021-03-03']]);
      const weeks = calculateFromProse(analyzeQuestion('How many weeks did the strike last?'), strike)!;
      expect(weeks).toMatchObject({ value: 6.9, unit: 'weeks' });
    });

    it('takes an end sentence that names the event wherever it stands', () => {
      const found = calculateFromProse(analyzeQuestion('How long did the blockade last?'), [
        dated('The blockade of the northern harbour began on 1961-08-13.'),
        ...Array.from({ length: 8 }, (_, i) => plain(`Paragraph ${i + 1} describes the supply flights in detail.`)),
        dated('The blockade was lifted on 1962-05-12.'),
      ])!;
      expect(found).toMatchObject({ value: 272, unit: 'days' });
      expect(found.operands.map((o) => o.sentence)).toEqual([9, 0]);
    });

    it('refuses when only the start is stated, saying so', () => {
      const found = refusalOf(analyzeQuestion('How long did the strike last?'), strike.slice(0, 3))!;
      expect(found.refusal).toMatch(/the strike began \(2021-03-03\) but none says when it ended/);
      expect(found.sentence).toBe(0);
    });

    it('refuses when only the end is stated', () => {
      const found = refusalOf(analyzeQuestion('How long did the strike last?'), [plain('Pay was the issue.'), dated('The strike ended on 2021-04-20.')])!;
      expect(found.refusal).toMatch(/when the strike ended but none says when it began/);
    });

    it('does not take an unrelated later ending for the end', () => {
      const found = refusalOf(analyzeQuestion('How long did the strike last?'), [
        dated('Dock workers went on strike on 2021-03-03.'),
        dated('The fiscal year of the authority ended on 2021-03-31.'),
      ])!;
      expect(found.refusal).toBeDefined();
    });

    it('answers nothing (and refuses nothing) when no dated sentence names the event', () => {
      expect(calculateFromProse(analyzeQuestion('How long did the lockout last?'), strike)).toBeUndefined();
    });
  });
});
