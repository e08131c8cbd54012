import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { parseRecap, recapPrompt, REFUSAL } from '../../src/answer/recap.ts';

describe('RECAP prompt and reply', () => {
  it('writes the five steps, the passages numbered, and the refusal line', () => {
    const prompt = recapPrompt(analyzeQuestion('What was the percentage change in sales from 2018 to 2019?'), [
      { source: 'Annual report, table 1 (row)', text: 'Sales: in 2019 652, in 2018 515' },
      { source: 'Annual report', text: 'Sales grew strongly.' },
    ]);
    for (const step of ['Restate:', 'Extract:', 'Compute:', 'Answer:', 'Present:']) expect(prompt).toContain(step);
    expect(prompt).toContain(REFUSAL);
    expect(prompt).toContain('[1] Annual report, table 1 (row)\nSales: in 2019 652, in 2018 515');
    expect(prompt).toContain('[2] Annual report');
    expect(prompt).toMatch(/only the numbered passages/);
  });

  it('skips Compute for a non-numeric question', () => {
    const prompt = recapPrompt(analyzeQuestion('Who was prime minister in 2021?'), [{ source: 'a', text: 'b' }]);
    expect(prompt).toContain('Compute: none (this question needs no arithmetic).');
  });

  it('reads the steps, the formula and the model\'s own result, and checks the formula', () => {
    const r = parseRecap(' the percent change of sales, a number\nExtract: 652 in 2019 [1], 515 in 2018 [1]\nCompute: (652 - 515) / 515 * 100 = 27.5\nAnswer: 27.5\nPresent: 27.5%');
    expect(r).toMatchObject({ restate: 'the percent change of sales, a number', formula: '(652 - 515) / 515 * 100', modelResult: 27.5, present: '27.5%', refused: false });
    expect(r.check).toEqual({ value: expect.closeTo(26.6019, 3) });
  });

  it('reports a formula the calculator rejects, and reads refusals', () => {
    const bad = parseRecap('Restate: x\nCompute: revenue(2019) - cost\nAnswer: 12\nPresent: 12');
    expect(bad.check).toMatchObject({ error: expect.stringMatching(/not a function|unexpected/) });
    expect(bad.modelResult).toBe(12);
    expect(parseRecap(`Present: ${REFUSAL}`).refused).toBe(true);
    expect(parseRecap('Restate: who\nExtract: nothing\nCompute: none\nAnswer: unknown\nPresent: The passages do not contain this information.').refused).toBe(true);
    expect(parseRecap('Restate: who\nCompute: none\nAnswer: Boris Johnson\nPresent: Boris Johnson').refused).toBe(false);
    expect(parseRecap('1. **Restate**: a\n2. **Compute**: 2 + 2\n3. **Present**: 4')).toMatchObject({ formula: '2 + 2', check: { value: 4 } });
  });
});
