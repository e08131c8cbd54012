import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { derivedText } from '../../src/engine/table-context.ts';

const RATES = {
  name: 'rates.html',
  content: '<h1>Exchange rates</h1><table><caption>Average exchange rates</caption>'
    + '<tr><th>Currency</th><th>Buy</th><th>Sell</th></tr>'
    + '<tr><th>Mexican peso</th><td>11.2</td><td>11.9</td></tr>'
    + '<tr><th>Euro</th><td>1.3</td><td>1.4</td></tr></table>'
    + '<p>The peso was revalued in 1993. Rates are averages over each year.</p>',
};

describe('derivedText', () => {
  it('holds for an ingested table passage until a caller assigns its text, never for a paragraph', async () => {
    const almanac = await createAlmanac();
    await almanac.ingest([{ ...RATES }]);
    const { results } = await almanac.search('Mexican peso buy rates', { limit: 10 });
    const row = results.find((r) => r.passage.kind === 'table-row')!.passage;
    const text = results.find((r) => r.passage.kind === 'text')!.passage;
    expect(derivedText(row)).toBe(true);
    expect(derivedText(text)).toBe(false);
    // A copy (what a page receives) holds plain values.
    expect(derivedText({ ...row })).toBe(false);
    row.text = 'changed';
    expect(derivedText(row)).toBe(false);
    await almanac.close();
  });
});
