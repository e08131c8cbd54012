import { describe, expect, it } from 'vitest';
import { describeCitation } from '../../src/answer/cite.ts';
import type { Citation } from '../../src/types.ts';

const sentence: Citation = {
  docId: 'pm.txt', title: 'PM', passageId: 'pm.txt#0', kind: 'sentence',
  text: 'Boris Johnson became prime minister of the United Kingdom on 24 July 2019.', start: 10, end: 84, source: { start: 15, end: 89 },
};

describe('describeCitation', () => {
  it('names the offsets into the file the user gave, or none for a page that opens the passage', () => {
    expect(describeCitation(sentence)).toBe('pm.txt, source chars 15–89: "Boris Johnson became prime minister of the United Kingdom on 24 July 2019."');
    expect(describeCitation(sentence, { offsets: false, maxChars: 20 })).toBe('pm.txt: "Boris Johnson becam…"');
  });

  it('names the page of a PDF passage in place of offsets', () => {
    const { source: _, ...fromPdf } = sentence;
    expect(describeCitation({ ...fromPdf, docId: 'report.pdf', page: 12 })).toMatch(/^report\.pdf, p\. 12: "Boris/);
    expect(describeCitation({ ...fromPdf, docId: 'report.pdf', page: 3, kind: 'cell', text: '11.2', tableIndex: 0, rowPath: ['Mexican peso'], columnPath: ['2013', 'Buy'] }))
      .toBe('report.pdf, p. 3, table 1: Mexican peso · 2013 › Buy = 11.2');
  });
});
