import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';

/** Hand-written documents that hold lists: a table of contract types by year, a report that states its regions in a sentence. */
const DOCS = [
  { name: 'contracts.md', content: '# Service contracts\n\nRevenue by contract type (in thousands):\n\n| | 2023 | 2022 |\n|---|---|---|\n| Contract types: | | |\n| Fixed-price | 1,200 | 1,050 |\n| Time-and-materials | 830 | 790 |\n| Cost-plus | 410 | 395 |\n| Total contract revenue | 2,440 | 2,235 |\n' },
  { name: 'annual-report.txt', content: 'Annual report\n\nThe Company operates in four geographic regions: North America, Latin America, Europe and Asia Pacific. Each region reports to the board.' },
];

describe('list answers (zero-download)', () => {
  it('answers "what are the contract types?" with the labels of the group, each cell cited', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.answer('What are the contract types?');
    expect(res.answer).toMatchObject({ kind: 'cell', operation: 'list', items: ['Fixed-price', 'Time-and-materials', 'Cost-plus'], text: 'Fixed-price, Time-and-materials, Cost-plus' });
    expect(res.steps).toContain('list-answer');
    expect(res.answer.citations.map((c) => [c.kind, c.docId, c.text])).toEqual([['cell', 'contracts.md', 'Fixed-price'], ['cell', 'contracts.md', 'Time-and-materials'], ['cell', 'contracts.md', 'Cost-plus']]);
    expect(res.answer.citations[0]!.rowPath).toEqual(['Contract types:', 'Fixed-price']);

    const years = await almanac.answer('Which years does the table provide information for contract revenue?');
    expect(years.answer.items).toEqual(['2023', '2022']);

    const past = await almanac.answer('In which years was time-and-materials revenue more than 800 thousand?');
    expect(past.answer).toMatchObject({ items: ['2023'] });
    expect(past.answer.citations[0]!.text).toBe('830');
    await almanac.close();
  });

  it('reads a list a sentence states, citing the sentence with the list marked', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest(DOCS);
    const res = await almanac.answer('What are the geographic regions in which the Company operates?');
    expect(res.answer).toMatchObject({ kind: 'sentence', items: ['North America', 'Latin America', 'Europe', 'Asia Pacific'] });
    const c = res.answer.citations[0]!;
    expect(c.text.slice(...c.span!)).toBe('North America, Latin America, Europe and Asia Pacific');
    const doc = await almanac.document('annual-report.txt');
    expect(doc!.text.slice(c.start, c.end)).toBe(c.text);
    await almanac.close();
  });

  it('reads the people a lead-in lists one a line, and lists no one from a table of others', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'council.md', content: '# Osprey governance\n\n## Current council\n\nThe 2026 term Osprey council consists of:\n\n- Barry Warsaw\n- Donghee Na\n- Pablo Galindo Salgado\n\nPer the results of the vote.\n' },
      { name: 'election.md', content: '# 2019 Osprey council election\n\nDescription: Election for the Osprey council, as specified in the charter.\n\n| Candidate | Votes |\n| --- | --- |\n| Guido van Rossum | 80 |\n| Brett Cannon | 70 |\n| Mariatta | 40 |\n' },
    ]);
    const on = await almanac.answer('Who is on the 2026 Osprey council?');
    expect(on.answer).toMatchObject({ kind: 'sentence', items: ['Barry Warsaw', 'Donghee Na', 'Pablo Galindo Salgado'], operation: 'list' });
    const c = on.answer.citations[0]!;
    expect(c.text).toMatch(/^The 2026 term Osprey council consists of:/);
    expect(c.text.slice(...c.span!)).toMatch(/^Barry Warsaw[\s\S]*Pablo Galindo Salgado$/);
    expect((await almanac.answer('Who are the members of the 2026 Osprey council?')).answer.items).toEqual(['Barry Warsaw', 'Donghee Na', 'Pablo Galindo Salgado']);
    // The candidates of an election are not its council, nor is a description's phrase a person.
    expect((await almanac.answer('Who were the members of the first Osprey council?')).answer.items).toBeUndefined();
    await almanac.close();
  });

  it('reads a team\'s people from its own file\'s table, one name a cell, past its README that fills the results', async () => {
    const almanac = await createAlmanac();
    const readme = Array.from({ length: 12 }, (_, i) => `| Osprey 1.37 release team milestone ${i + 1} | Lead | week ${i + 1} |`).join('\n');
    await almanac.ingest([
      { name: 'release-1.37/README.md', content: `# Osprey v1.37 Release Information\n\nThe Osprey 1.37 release team runs the release.\n\n| What | Who | When |\n| --- | --- | --- |\n${readme}\n` },
      { name: 'release-1.37/release-team.md', content: '# Osprey v1.37 Release Team\n\n| Role | Lead Name (GitHub / Slack ID) | Shadow Name(s) |\n| --- | --- | --- |\n| Release Team Lead | Dipesh Rawat (@dipesh-rawat / Slack: @Dipesh) | Agustina Barbetta (@aibarbetta), Rayan Das (@rayandas) |\n| Enhancements | Subhasmita Swain (@whtssub) | Ofir Cohen (@ofirc) |\n| Approval Notifier | k8s-ci-robot (@k8s-ci-robot) | |\n| Communications | Swathi Rao (@SwathiR03) | Kirti Goyal (@kirti763) |\n| Docs | Tushar Mittal (@kernel-kun) | |\n' },
      { name: 'release-1.29/release-team.md', content: '# Osprey v1.29 Release Team\n\n| Role | Lead Name |\n| --- | --- |\n| Release Team Lead | Priyanka Saggu (@psaggu) |\n| Docs | Kat Cosgrove (@katcosgrove) |\n' },
    ]);
    const team = await almanac.answer('Who is on the Osprey 1.37 release team?');
    expect(team.answer).toMatchObject({ kind: 'cell', items: ['Dipesh Rawat', 'Subhasmita Swain', 'Swathi Rao', 'Tushar Mittal'], operation: 'list' });
    expect(team.answer.citations.map((c) => c.docId)).toEqual(Array(4).fill('release-1.37/release-team.md'));
    expect(team.answer.citations[0]!.text).toBe('Dipesh Rawat (@dipesh-rawat / Slack: @Dipesh)');
    expect((await almanac.answer('Who was on the Osprey 1.29 release team?')).answer.items).toEqual(['Priyanka Saggu', 'Kat Cosgrove']);
    await almanac.close();
  });

  it('reads a list of people on past the passage its lead-in opens (the links of its source cut it after its third), and not the nominees as the members', async () => {
    const almanac = await createAlmanac();
    const filler = Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the rules says how ballots are counted and checked by the election administrator.`).join('\n\n');
    const names = ['Barry Warsaw', 'Donghee Na', 'Emily Morehouse', 'Ethan Furman', 'Gregory P. Smith', 'Mariatta', 'Pablo Galindo Salgado', 'Thomas Wouters'];
    await almanac.ingest([{ name: 'pep-8106.rst', content: `PEP: 8106\nTitle: 2025 Term Osprey Council election\n\nRules\n=====\n\n${filler}\n\nCandidates\n==========\n\nCandidates must be nominated by a core team member. If the candidate is a core team member, they may nominate themselves.\n\nNominees (in alphabetical order by first name):\n\n${names.map((n) => `- \`${n} <https://discuss.example.org/t/osprey-council-nomination-${n.toLowerCase().replace(/\W+/g, '-')}-2025-term/71732/>\`_`).join('\n')}\n\nWithdrawn nominations:\n\n- None\n` }]);
    const nominees = await almanac.answer('Who were the nominees for the 2025 term Osprey council?');
    expect(nominees.answer.items).toEqual(names);
    const c = nominees.answer.citations[0]!;
    expect(c.text).toMatch(/^Nominees \(in alphabetical order by first name\):[\s\S]*Thomas Wouters$/);
    expect((await almanac.document('pep-8106.rst'))!.text.slice(c.start, c.end)).toBe(c.text);
    // "Nominees" are not the members of a council ("first" of "by first name" aside).
    expect((await almanac.answer('Who were the members of the first Osprey council?')).answer.items).toBeUndefined();
    await almanac.close();
  });

  it('lists, or counts, a release schedule\'s lines dated in a time, pre-releases apart, each line cited', async () => {
    const almanac = await createAlmanac();
    const schedule = ['3.14.0 alpha 7: Tuesday, 2025-04-08', '3.14.0 beta 1: Wednesday, 2025-05-07', '3.14.0 beta 2: Monday, 2025-05-26', '3.14.0 final: Tuesday, 2025-10-07', '3.14.1: Tuesday, 2025-12-02', '3.14.2: Tuesday, 2026-02-03'];
    await almanac.ingest([{ name: 'pep-0745.md', content: `# Osprey 3.14 Release Schedule\n\n## Release schedule\n\n${schedule.map((l) => `- ${l}`).join('\n')}\n` }]);
    const which = await almanac.answer('Which Osprey 3.14 releases came out in 2025?');
    expect(which.steps).toEqual(expect.arrayContaining(['time-list', 'schedule-lines']));
    expect(which.answer).toMatchObject({ text: '3.14.0, 3.14.1 (and 3 pre-releases)', items: ['3.14.0', '3.14.1'] });
    expect(which.answer.citations.map((c) => c.text)).toEqual(['3.14.0 final: Tuesday, 2025-10-07', '3.14.1: Tuesday, 2025-12-02']);
    expect((await almanac.answer('How many Osprey 3.14 releases came out in 2025?')).answer).toMatchObject({ kind: 'computed', value: 2 });
    expect((await almanac.answer('Which Osprey 3.14 beta releases came out in 2025?')).answer.items).toEqual(['3.14.0 beta 1', '3.14.0 beta 2']);
    expect((await almanac.answer('What was the last Osprey 3.14 release launched in 2025?')).answer.items).toEqual(['3.14.1']);
    await almanac.close();
  });
});
