import { describe, expect, it } from 'vitest';
import { namingTerms, preferNamedNumbers } from '../../src/engine/named-numbers.ts';
import { createAlmanac } from '../../src/index.ts';
import type { Passage } from '../../src/types.ts';

describe('namingTerms', () => {
  it('reads a name with its number and a release of three parts as naming terms, not figures or years', () => {
    expect(namingTerms('How many days between Python 3.10.0 release candidate 2 and the final?')).toEqual(['3_10_0', 'python_3_10_0']);
    expect(namingTerms('What was the emission in Scope 1?')).toEqual(['scope_1']);
    expect(namingTerms('What was revenue in Fiscal 2018, and 3.7 percent of it?')).toEqual([]);
  });
});

describe('preferNamedNumbers', () => {
  const hit = (docId: string, text: string) => ({ passage: { docId, text } as Passage });
  const titles: Record<string, string> = { wagtail: 'Wagtail', django: 'Django', python312: 'Python 3.12 Release Schedule', python: 'Python' };

  it('ranks first the documents that hold the named thing: in one passage, or its name in the title and its number in a passage', () => {
    const ranked = [hit('wagtail', 'Wagtail 7.3: compatible Django versions 4.2, 5.2'), hit('django', 'releases: releaseCycle 4.2, releaseDate 2023-04-03')];
    expect(preferNamedNumbers(ranked, 'When did Django 4.2 come out?', (id) => titles[id]).map((r) => r.passage.docId)).toEqual(['django', 'wagtail']);
    // Without titles, neither holds "Django 4.2": the order stays.
    expect(preferNamedNumbers(ranked, 'When did Django 4.2 come out?').map((r) => r.passage.docId)).toEqual(['wagtail', 'django']);
  });

  it('reads a passage with its heading: a changelog\'s items are numbered by the version they stand under', () => {
    const ranked = [hit('python', 'Python 3.9 was released in October 2020'), { passage: { docId: 'osprey', text: 'Danish translation.', heading: '[1.2.0] - 2019-02-15 › Added' } as Passage }];
    expect(preferNamedNumbers(ranked, 'When was Osprey 1.2.0 released?', (id) => (id === 'osprey' ? 'Osprey changelog' : 'Python')).map((r) => r.passage.docId)).toEqual(['osprey', 'python']);
  });

  it('reads a title whose name ends like a plural as the name: "Redis" is Redis\'s, though its lone word is stemmed', () => {
    const ranked = [hit('alma', 'Each minor version reaches its end of life when the next is out'), hit('redis', 'releases: releaseCycle 6.2, eol 2027-04-01')];
    expect(preferNamedNumbers(ranked, 'When did Redis 6.2 reach end of life?', (id) => (id === 'redis' ? 'Redis' : 'AlmaLinux')).map((r) => r.passage.docId)).toEqual(['redis', 'alma']);
  });

  it('does not read a title that numbers another release of the name as the name alone', () => {
    const ranked = [hit('python312', 'Bugfix releases of 3.12 continue after 3.13 is out'), hit('python', 'Python 3.13 is the newest major release')];
    expect(preferNamedNumbers(ranked, 'When was Python 3.13 released?', (id) => titles[id]).map((r) => r.passage.docId)).toEqual(['python', 'python312']);
  });

  it('answers from the named thing\'s own release table, not another product\'s table that lists it', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([
      { id: 'wagtail.md', name: 'wagtail.md', content: '# Wagtail\n\nWagtail is a content management system built on Django. Each Wagtail release supports several Django releases, listed below.\n\n| Release | Released | Compatible Django versions |\n|---|---|---|\n| 7.3 | 2026-02-02 | 4.2, 5.2, 6.0 |\n| 7.0 | 2025-05-06 | 4.2, 5.1, 5.2 |\n| 6.3 | 2024-11-01 | 4.2, 5.0, 5.1 |\n| 5.2 | 2023-11-01 | 3.2, 4.1, 4.2 |\n| 4.2 | 2023-02-01 | 3.2, 4.0, 4.1 |\n' },
      { id: 'django.md', name: 'django.md', content: '# Django\n\n| Release | Released | End of life |\n|---|---|---|\n| 5.2 | 2025-04-02 | 2028-04-30 |\n| 4.2 | 2023-04-03 | 2026-04-07 |\n| 3.2 | 2021-04-06 | 2024-04-01 |\n' },
    ]);
    const r = await almanac.answer('When did Django 4.2 come out?');
    expect([r.answer.text, r.answer.citations[0]?.docId]).toEqual(['2023-04-03', 'django.md']);

  });

  it('answers which version of the thing a document is titled by came out at a time from its rows, not a column of another thing\'s versions', async () => {
    const release = (v: string, date: string, eoas: string, pythons: string) => `  - releaseCycle: "${v}"\n    releaseDate: ${date}\n    eoas: ${eoas}\n    supportedPythonVersions: "${pythons}"\n`;
    const django = `---\ntitle: Django\nreleases:\n${release('5.0', '2023-12-04', '2024-08-07', '3.10 - 3.12')}${release('4.2', '2023-04-03', '2023-12-04', '3.8 - 3.12')}${release('4.1', '2022-08-03', '2023-04-01', '3.8 - 3.11')}---\n\n# Django\n\nDjango is a Python web framework.\n`;
    const almanac = await createAlmanac();
    await almanac.ingest([
      { name: 'wagtail.md', content: '# Wagtail\n\nWagtail is a content management system built on Django. Each Wagtail release supports several Django versions, and LTS releases support a Django LTS version.\n\n| Release | Released | Compatible Django versions |\n|---|---|---|\n| 6.0 | 2024-02-07 | 4.2, 5.0 |\n| 5.2.2 | 2023-12-06 | 3.2, 4.1, 4.2, 5.0 |\n| 5.2 | 2023-11-01 | 3.2, 4.1, 4.2 |\n' },
      { name: 'django.md', content: django },
    ]);
    const which = await almanac.answer('Which Django version was released in December 2023?');
    expect([which.answer.text, which.answer.citations[0]?.docId]).toEqual(['5.0', 'django.md']);
    expect((await almanac.search('Which Django version was released in December 2023?')).results[0]?.passage.docId).toBe('django.md');
    await almanac.close();
  });
});
