import { describe, expect, it } from 'vitest';
import { answerTerms } from '../../src/answer/index.ts';
import { asksList, listFromSentence, listFromTable } from '../../src/answer/label-list.ts';
import { detectHeaders } from '../../src/tables/headers.ts';
import { readGrid } from '../../src/tables/index.ts';

const h = { answerTerms };
const ask = (q: string) => asksList(q, h);
function table(rows: string[][]) {
  const { table: t } = readGrid(rows);
  return { t, s: detectHeaders(t) };
}

describe('asksList', () => {
  it('reads list questions: members of a group, the years of a table, years past a bound', () => {
    expect(ask('What are the contract types?')).toMatchObject({ kind: 'labels', group: ['contract'] });
    expect(ask('What are the components under deferred tax liabilities?')).toMatchObject({ kind: 'labels', group: ['defer', 'tax', 'liabil'] });
    expect(ask('What financial items does operating free cash flow consist of?')).toMatchObject({ kind: 'labels' });
    expect(ask('Which years does the table provide information for net sales by region?')).toMatchObject({ kind: 'years', group: ['net', 'sale'] });
    expect(ask('In which year was net cash provided by operating activities less than 800 million?')).toMatchObject({ kind: 'years', bound: { above: false, inclusive: false, value: 800 } });
    expect(ask('What does working capital consist of?')).toMatchObject({ kind: 'labels', strict: true });
  });

  it('leaves figure and single-answer questions alone', () => {
    expect(ask('What are the respective values of raw materials in 2018 and 2019?')).toBeUndefined();
    expect(ask('What was the revenue in 2019?')).toBeUndefined();
    expect(ask('In which year did the annual mean first exceed 400 ppm?')).toBeUndefined();
    expect(ask('Which year had the highest revenue?')).toBeUndefined();
    expect(ask('Which types of households were more likely to receive home care?')).toBeUndefined();
  });
});

describe('listFromTable', () => {
  const balance = table([
    ['', '2019', '2018'],
    ['Deferred tax assets:', '', ''],
    ['Net operating losses', '1,200', '1,100'],
    ['Accrued expenses', '300', '280'],
    ['Total deferred tax assets', '1,500', '1,380'],
    ['Deferred tax liabilities:', '', ''],
    ['Intangible assets', '(400)', '(350)'],
    ['Property, plant and equipment', '(120)', '(90)'],
    ['Total deferred tax liabilities', '(520)', '(440)'],
    ['Net deferred tax assets', '980', '940'],
  ]);

  it('lists the rows under the group the question names, its total left out, each cited', () => {
    const found = listFromTable(ask('What are the components under deferred tax liabilities?')!, balance.t, balance.s, h)!;
    expect(found).toMatchObject({ items: ['Intangible assets', 'Property, plant and equipment'], confidence: 1 });
    expect(found.cells.map(([r]) => r)).toEqual([6, 7]);
  });

  it('lists the years a table gives, and the years whose figure meets a bound', () => {
    expect(listFromTable(ask('Which years does the table provide information for?')!, balance.t, balance.s, h)!.items).toEqual(['2019', '2018']);
    const past = listFromTable(ask('In which years were accrued expenses more than 290?')!, balance.t, balance.s, h)!;
    expect(past.items).toEqual(['2019']);
    expect(past.cells).toEqual([[3, 1]]);
  });

  it('falls back to the table\'s own row labels at lower confidence, summaries left out', () => {
    const fees = table([['', '2019', '2018'], ['Salaries and fees', '10', '9'], ['Incentive schemes', '4', '3'], ['Other benefits', '1', '1'], ['Total', '15', '13']]);
    expect(listFromTable(ask('What are the financial items listed in the table?')!, fees.t, fees.s, h)).toMatchObject({ items: ['Salaries and fees', 'Incentive schemes', 'Other benefits'], confidence: 0.5 });
    // "What does X consist of" is no request for every label.
    expect(listFromTable(ask('What does working capital consist of?')!, fees.t, fees.s, h)).toBeUndefined();
  });
});

describe('listFromSentence', () => {
  it('reads a stated list after a colon or a verb that introduces one, with spans', () => {
    const s = 'The Company operates in seven geographic regions: United States, China, Europe, Japan, Korea, Southeast Asia, and Taiwan.';
    const found = listFromSentence(ask('What are the geographic regions in which the Company operates?')!, s, h)!;
    expect(found.items).toEqual(['United States', 'China', 'Europe', 'Japan', 'Korea', 'Southeast Asia', 'Taiwan']);
    expect(found.spans.map(([a, b]) => s.slice(a, b))).toEqual(found.items);
    const credit = 'When considering expected credit losses, management has taken into account days past due, credit status of the counterparty and historical evidence of collection.';
    expect(listFromSentence(ask('What is taken into account when considering expected credit losses?')!, credit, h)!.items).toEqual(['days past due', 'credit status of the counterparty', 'historical evidence of collection']);
  });

  it('does not read what a sentence leaves out, nor a sentence about something else', () => {
    const q = ask('What financial items does free cash flow consist of?')!;
    expect(listFromSentence(q, 'Free cash flow does not include payments for licences, spectrum and acquisitions.', h)).toBeUndefined();
    expect(listFromSentence(ask('What are the contract types?')!, 'The regions are Europe, Asia and Africa.', h)).toBeUndefined();
  });
});
