import { describe, expect, it } from 'vitest';
import { parseText } from '../../src/ingest/parse-text.ts';
import { createAlmanac } from '../../src/index.ts';

const paragraphsOf = (content: string) => {
  const d = parseText(content);
  return d.blocks.filter((b) => b.kind === 'paragraph').map((b) => d.text.slice(b.start, b.end));
};

describe('plain-text lists', () => {
  it('reads each bulleted or numbered item as a paragraph of its own, after its lead', () => {
    expect(paragraphsOf('Notes\n\nSupported versions:\n- 3.12 (until 2028)\n- 3.11 (until\n  2027)\n\nSteps:\n1. Download it.\n2) Run it.\n• Done.'))
      .toEqual(['Supported versions:', '- 3.12 (until 2028)', '- 3.11 (until 2027)', 'Steps:', '1. Download it.', '2) Run it.', '• Done.']);
  });

  it('reads the lines of a plain list block after a colon as items, not a wrapped sentence', () => {
    expect(paragraphsOf('Intro text here.\n\nEnd of support:\n3.10 ended in October 2026\n3.9 ended in October 2025'))
      .toEqual(['Intro text here.', 'End of support:', '3.10 ended in October 2026', '3.9 ended in October 2025']);
    // A wrapped sentence goes on in lower case: one paragraph.
    expect(paragraphsOf('Intro text here.\n\nThe rule is simple:\nevery release is supported\nfor five years.'))
      .toEqual(['Intro text here.', 'The rule is simple: every release is supported for five years.']);
    // A dash inside wrapped prose is no list.
    expect(paragraphsOf('Intro text here.\n\nIt was founded in 1990\n- the year of the merger - and grew.'))
      .toEqual(['Intro text here.', 'It was founded in 1990 - the year of the merger - and grew.']);
  });

  it('keeps each item\'s source span in the file', () => {
    const content = 'Title\n\nVersions:\n- 3.12 (until 2028)\n- 3.11 (until 2027)';
    const d = parseText(content);
    const item = d.blocks.find((b) => d.text.slice(b.start, b.end) === '- 3.11 (until 2027)')!;
    expect(content.slice(item.source!.start, item.source!.end)).toBe('- 3.11 (until 2027)');
  });

  it('a time question picks the item of its date, read with the list\'s lead', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ id: 'python.txt', format: 'text', content: 'Python releases\n\nThe Python versions released so far:\n- 3.12 (2 October 2023)\n- 3.11 (24 October 2022)\n- 3.10 (4 October 2021)\n\nOlder releases are no longer supported.' }]);
    const res = await almanac.search('Which Python version was released in October 2022?', { referenceDate: new Date(Date.UTC(2026, 0, 1)), temporal: true });
    await almanac.close();
    expect(res.results[0]!.temporal!.sentence).toBe('- 3.11 (24 October 2022)');
  });
});
