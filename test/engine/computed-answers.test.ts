import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';

/** Hand-written documents of the computed shapes real documents hold: prose counts, a results table, a dated schedule, a CSV series. */
const DOCS = [
  { name: 'club-election.md', content: '# Rowing club board election 2024\n\n## Voting\n\nAll members who paid their dues are eligible to vote.\n\n## Results\n\nOf the 212 eligible members, 147 cast ballots.\n\n| Candidate | Votes |\n|---|---|\n| Alice Moreau | 98 |\n| Bob Chan | 71 |\n| Carla Ruiz | 60 |\n' },
  { name: 'release-plan.rst', content: 'Orbit 4.2 release schedule\n==========================\n\nActual:\n\n- 4.2.0 beta 1: Thursday, 2024-05-02\n- 4.2.0 candidate 1: Tuesday, 2024-07-30\n- 4.2.0 candidate 2: Tuesday, 2024-08-20\n- 4.2.0 final: Tuesday, 2024-10-01\n' },
  { name: 'harbour.txt', content: 'Harbour history\n\nThe harbour pilots went on strike on 3 March 2019. The pilots returned to work on 31 March 2019. The second strike lasted from 2 May 2020 to 9 June 2020.\n\nIn the survey, harbour master Ines Vidal counted 340 moorings. Her deputy Tom Berg counted 315 moorings.' },
  { name: 'rainfall-station.csv', content: 'Year,Rainfall\n2000,812.5\n2005,790.1\n2010,845.0\n2015,860.2\n2020,901.7\n' },
];

async function corpus() {
  const almanac = await createAlmanac();
  await almanac.ingest(DOCS);
  return almanac;
}

describe('computed answers over prose, rows and series (zero-download)', () => {
  it('subtracts the part from its group a sentence states, citing the sentence', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('In the rowing club board election, how many eligible members did not cast a ballot?');
    expect(res.answer).toMatchObject({ kind: 'computed', value: 65, text: '65' });
    expect(res.answer.calculation).toMatchObject({ expression: '212 - 147', result: 65 });
    const cite = res.answer.calculation!.operands[0]!.citation!;
    expect(cite).toMatchObject({ docId: 'club-election.md', kind: 'sentence' });
    expect(cite.text).toContain('Of the 212 eligible members, 147 cast ballots.');
    expect(cite.text.slice(...cite.span!)).toBe('212');
    expect(res.steps).toContain('prose-calculation');
  });

  it('takes the difference of two rows the question names ("by how many votes did A beat B")', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('By how many votes did Alice Moreau beat Bob Chan in the rowing club election?');
    expect(res.answer).toMatchObject({ kind: 'computed', value: 27 });
    expect(res.answer.calculation!.operands.map((o) => o.citation?.rowPath)).toEqual([['Alice Moreau'], ['Bob Chan']]);
  });

  it('takes the difference of two figures stated in two sentences', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('By how many moorings did Ines Vidal exceed Tom Berg in the harbour survey?');
    expect(res.answer).toMatchObject({ kind: 'computed', value: 25 });
    expect(res.answer.calculation!.operands.map((o) => o.text)).toEqual(['340', '315']);
    expect(res.answer.calculation!.operands.every((o) => o.citation?.docId === 'harbour.txt')).toBe(true);
  });

  it('counts the days between two dated list items, writing the calculation out', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('How many days passed between Orbit 4.2.0 candidate 2 and the 4.2.0 final release?');
    expect(res.answer).toMatchObject({ kind: 'computed', value: 42, text: '42 days', operation: 'duration' });
    expect(res.answer.calculation!.text).toBe('2024-10-01 - 2024-08-20 = 42 days');
    const [later, earlier] = res.answer.calculation!.operands;
    expect(later!.citation!.text).toContain('final');
    expect(earlier!.citation!.text).toContain('candidate 2');
    const doc = await almanac.document('release-plan.rst');
    expect(doc!.text.slice(earlier!.citation!.start, earlier!.citation!.end)).toContain('2024-08-20');
  });

  it('answers how long something lasted from the interval one sentence states', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('How long did the second harbour strike last?');
    expect(res.answer).toMatchObject({ kind: 'computed', value: 38, unit: 'days', operation: 'duration' });
    expect(res.answer.calculation!.text).toBe('2020-06-09 - 2020-05-02 = 38 days');
    expect(res.answer.citations[0]!.text).toContain('second strike');
  });

  it('reads a rise from a CSV series between two years', async () => {
    const almanac = await corpus();
    const res = await almanac.answer('By how much did the rainfall at the station rise from 2000 to 2020?');
    expect(res.answer).toMatchObject({ kind: 'computed' });
    expect(res.answer.value).toBeCloseTo(89.2, 6);
    expect(res.answer.calculation!.operands.map((o) => o.text)).toEqual(['901.7', '812.5']);
  });

  it('measures how long an event lasted from the sentence of its start and the later one of its end', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'linden-mill.md', content: '# Linden paper mill\n\nWorkers at the Linden paper mill went on strike on 14 January 2022 after wage talks collapsed.\n\nThe owners hired no replacements. A mediator met both unions in February.\n\nThey returned to work on 2 March 2022 with a four percent raise.\n' },
      { name: 'bakery.md', content: '# Bakery dispute\n\nThe bakery workers of Hollow Lane walked out in a strike on 5 May 2023. Their demands were posted at the gate.\n' },
    ]);
    const res = await almanac.answer('How long did the Linden mill strike last?');
    expect(res.answer).toMatchObject({ kind: 'computed', value: 47, unit: 'days', operation: 'duration' });
    expect(res.answer.calculation!.text).toBe('2022-03-02 - 2022-01-14 = 47 days');
    const [end, start] = res.answer.calculation!.operands;
    expect(end!.citation!.text).toMatch(/^They returned to work on 2 March 2022/);
    expect(start!.citation!.text).toMatch(/went on strike on 14 January 2022/);
    expect(res.answer.citations).toHaveLength(2);
    const doc = await almanac.document('linden-mill.md');
    expect(doc!.text.slice(start!.citation!.start, start!.citation!.end)).toContain('14 January 2022');

    // Only the start is written down: no answer, and the card says why.
    const half = await almanac.answer('How long did the bakery strike last?');
    expect(half.answer.kind).toBe('none');
    expect(half.answer.text).toMatch(/No answer found in your documents: a sentence says when the bakery strike began \(5 May 2023\) but none says when it ended/);
    expect(half.skipped['prose-calculation']).toMatch(/none says when it ended/);
    await almanac.close();
  });
});
