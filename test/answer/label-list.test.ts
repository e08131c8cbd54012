import { describe, expect, it } from 'vitest';
import { answerTerms } from '../../src/answer/index.ts';
import { asksList, listAfterLead, listFromSentence, listFromTable, peopleFromTable } from '../../src/answer/label-list.ts';
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

describe('listAfterLead', () => {
  const nominees = ['Nominees (in alphabetical order by first name):', 'Barry Warsaw', 'Donghee Na', 'Gregory P. Smith', 'Withdrawn nominations:'];
  const title = '2025 Term Steering Council election';
  it('reads the people a lead-in lists one a line, up to what is not a name', () => {
    expect(listAfterLead(ask('Who were the nominees for the 2025 term steering council?')!, nominees, h, title)).toEqual({ items: [1, 2, 3], confidence: 1 });
  });

  it('does not read the nominees as the members a question asks for', () => {
    expect(listAfterLead(ask('Who were the members of the first council?')!, nominees, h, title)).toBeUndefined();
  });
});

describe('peopleFromTable', () => {
  const team = table([
    ['Role', 'Lead Name (GitHub / Slack ID)', 'Shadow Name(s)'],
    ['Release Team Lead', 'Dipesh Rawat (@dipesh-rawat / Slack: @Dipesh)', 'Agustina Barbetta (@aibarbetta), Rayan Das (@rayandas)'],
    ['Enhancements', 'Subhasmita Swain (@whtssub)', 'Ofir Cohen (@ofirc)'],
    ['Approval Notifier', 'k8s-ci-robot (@k8s-ci-robot)', ''],
    ['Docs', 'Tushar Mittal (@kernel-kun)', ''],
  ]);
  it('reads the first column of one name a cell of a table whose title names the group, a bot left out', () => {
    const found = peopleFromTable(ask('Who is on the Osprey 1.37 release team?')!, team.t, team.s, 'Osprey v1.37 Release Team', h);
    expect(found).toEqual({ items: ['Dipesh Rawat', 'Subhasmita Swain', 'Tushar Mittal'], cells: [[1, 1], [2, 1], [4, 1]], confidence: 1 });
    // A title that writes the name and the version apart names them too.
    expect(peopleFromTable(ask('Who is on the Osprey 1.37 release team?')!, team.t, team.s, 'osprey/release-1.37/release_team', h)?.items).toHaveLength(3);
  });

  it('reads nothing from a table of another group, or another version\'s', () => {
    expect(peopleFromTable(ask('Who is on the Osprey 1.29 release team?')!, team.t, team.s, 'Osprey v1.37 Release Team', h)).toBeUndefined();
    expect(peopleFromTable(ask('Who is on the Osprey steering council?')!, team.t, team.s, 'Osprey v1.37 Release Team', h)).toBeUndefined();
  });
});
