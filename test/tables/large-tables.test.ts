import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { DEFAULT_TABLE_LIMITS } from '../../src/tables/index.ts';

describe('large tables', () => {
  it('keeps a real table whole past the old 5,000-row cap, and finds its last row', async () => {
    const rows = 6_000;
    const csv = ['Region,Code,1990,2000', ...Array.from({ length: rows }, (_, r) => `District ${r} of Aland,D${r},${(r * 37) % 1009},${(r * 53) % 997}`)].join('\n');
    const almanac = await createAlmanac();
    const [report] = await almanac.ingest([{ name: 'population.csv', content: csv }]);
    expect(report!.warnings).toEqual([]);
    expect((await almanac.document('population.csv'))!.tables[0]!.rows).toBe(rows + 1);
    const last = rows - 1;
    const { results } = await almanac.search(`District ${last} of Aland 2000`, { limit: 3 });
    expect(results[0]!.passage.kind).toBe('table-row');
    expect(results[0]!.matchedCells?.[0]).toMatchObject({ text: String((last * 53) % 997), rowPath: [`District ${last} of Aland`], columnPath: ['2000'] });
  });

  it('keeps the limits for what no real table reaches', () => {
    expect(DEFAULT_TABLE_LIMITS.maxCells).toBeGreaterThanOrEqual(100_000 * 20);
    expect(DEFAULT_TABLE_LIMITS.maxRows).toBeGreaterThanOrEqual(100_000);
  });
});
