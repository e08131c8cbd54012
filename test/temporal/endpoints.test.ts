import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { parseQuestion, temporalScore } from '../../src/temporal/index.ts';
import type { DocumentInput, TimeSpan } from '../../src/types.ts';

/*
 * "Which version is supported until October 2027?" asks for the thing whose end point is
 * October 2027, not for anything that overlaps "before October 2027": every "until X" item does.
 */
const reference = new Date(Date.UTC(2026, 0, 1));
const month = (y: number, m: number, open?: TimeSpan['open']): TimeSpan => ({
  start: Date.UTC(y, m - 1), end: Date.UTC(y, m), granularity: 'month', from: 0, to: 10, ...(open ? { open } : {}),
});

describe('end-point and start-point questions', () => {
  it('reads "until / through / ends in / since / from" as an end or start point, "as of / by / during" as a period', () => {
    const endpoint = (q: string) => parseQuestion(q, { referenceDate: reference }).constraint?.endpoint;
    expect(endpoint('Which version is supported until October 2027?')).toBe('end');
    expect(endpoint('Which release is maintained through 2026?')).toBe('end');
    expect(endpoint('Which version reaches end of life in October 2027?')).toBe('end');
    expect(endpoint('Which version has been supported since 2019?')).toBe('start');
    expect(endpoint('Which version is supported as of October 2027?')).toBeUndefined();
    expect(endpoint('Which version was supported by 2020?')).toBeUndefined();
    expect(endpoint('Which version was supported during 2021?')).toBeUndefined();
    expect(endpoint('Which team did he play for from 2005 to 2007?')).toBeUndefined();
  });

  it('scores the end point that matches above one that only overlaps, and keeps overlap for "as of"', () => {
    const until = parseQuestion('which version is supported until October 2027?', { referenceDate: reference }).constraint!;
    const at2027 = temporalScore(until, [month(2027, 10, 'start')]);
    const at2028 = temporalScore(until, [month(2028, 10, 'start')]);
    const at2026 = temporalScore(until, [month(2026, 10, 'start')]);
    expect(at2027).toBe(1);
    expect(at2028).toBeLessThan(0.5);
    expect(at2026).toBeLessThan(0.5);
    // A sentence that states no end point may hold then; it does not say it ends then.
    const since = temporalScore(until, [month(2019, 1, 'end')]);
    expect(since).toBeGreaterThan(at2028);
    expect(since).toBeLessThan(at2027);
    const asOf = parseQuestion('which version is supported as of October 2027?', { referenceDate: reference }).constraint!;
    expect(temporalScore(asOf, [month(2028, 10, 'start')])).toBe(1);
  });
});

async function answer(docs: DocumentInput[], question: string) {
  const almanac = await createAlmanac();
  await almanac.ingest(docs);
  const res = await almanac.answer(question, { referenceDate: reference });
  await almanac.close();
  return res.answer;
}

const items = ['3.12 (security fixes until October 2028)', '3.11 (security fixes until October 2027)', '3.10 (security fixes until October 2026)'];

describe('answers to end-point questions', () => {
  for (const [format, content] of [
    ['text', `Supported versions:\n${items.map((i) => `- ${i}`).join('\n')}\n`],
    ['markdown', `# Python\n\nSupported versions:\n\n${items.map((i) => `- ${i}`).join('\n')}\n`],
  ] as const) {
    it(`answers a ${format} list item's version, citing the item, never the lead-in line`, async () => {
      for (const q of ['which version is supported until October 2027?', 'which version has security fixes until October 2027?']) {
        const a = await answer([{ name: `versions.${format === 'text' ? 'txt' : 'md'}`, content, format }], q);
        expect(a.text).toBe('3.11');
        expect(a.citations[0]!.text).toMatch(/3\.11 \(security fixes until October 2027\)$/);
      }
      const a = await answer([{ name: 'v.txt', content, format }], 'which version is supported until October 2026?');
      expect(a.text).toBe('3.10');
    });
  }

  it('answers from prose and from a table with an end-of-life column', async () => {
    const prose = 'Python 3.12 will receive security fixes until October 2028. Python 3.11 will receive security fixes until October 2027. Python 3.10 will receive security fixes until October 2026.';
    const a = await answer([{ name: 'prose.txt', content: prose }], 'which version will receive security fixes until October 2027?');
    expect(a.text).toBe('3.11');
    expect(a.citations[0]!.text).toBe('Python 3.11 will receive security fixes until October 2027.');
    const table = '# Python releases\n\n| Version | Released | End of life |\n|---|---|---|\n| 3.12 | 2023-10-02 | 2028-10 |\n| 3.11 | 2022-10-24 | 2027-10 |\n| 3.10 | 2021-10-04 | 2026-10 |\n';
    const t = await answer([{ name: 'releases.md', content: table, format: 'markdown' }], 'which version is supported until October 2027?');
    expect(t.text).toBe('3.11');
  });
});
