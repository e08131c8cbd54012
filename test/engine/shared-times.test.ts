import { describe, expect, it } from 'vitest';
import { sharedTimes } from '../../src/engine/shared-times.ts';
import { prepareDocument } from '../../src/engine/prepare.ts';
import type { TimeSpan } from '../../src/types.ts';

const span = (from: number, open?: TimeSpan['open']): TimeSpan => ({ start: Date.UTC(2017, 0), end: Date.UTC(2018, 0), granularity: 'year', from, to: from + 4, ...(open ? { open } : {}) });

describe('sharedTimes', () => {
  it('gives equal spans one frozen object and keeps different ones apart', () => {
    const [a] = sharedTimes([span(3)]);
    const [b, c, d] = sharedTimes([span(3), span(4), span(3, 'end')]);
    expect(b).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(c).not.toBe(a);
    expect(c).toEqual(span(4));
    expect(d).toEqual(span(3, 'end'));
  });

  it('shares a table heading\'s timestamps among its summaries, with the same values', async () => {
    const html = '<table><caption>Spending, fys 2017-19</caption><tr><th>agency</th><th>2017</th><th>2018</th></tr><tr><td>defense</td><td>1</td><td>2</td></tr><tr><td>energy</td><td>3</td><td>4</td></tr></table>';
    const { passages } = await prepareDocument({ name: 't.html', content: html }, { now: 0 });
    const rows = passages.filter((p) => p.kind === 'table-row');
    expect(rows).toHaveLength(2);
    const heading = rows.map((p) => p.sentences[0]!.times.find((t) => t.from === 14)!);
    expect(heading[0]).toEqual({ start: Date.UTC(2017, 0), end: Date.UTC(2020, 0), granularity: 'year', from: 14, to: 21 });
    expect(heading[1]).toBe(heading[0]);
  });
});
