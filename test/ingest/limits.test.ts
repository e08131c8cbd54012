import { afterEach, describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { parseRst } from '../../src/ingest/parse-rst.ts';
import { LIMITS } from '../../src/settings.ts';
import { makeOds, makePdf } from '../fixtures/documents.ts';

// The limits are lowered for a test and put back: the error paths are what is checked.
const saved = { ...LIMITS };
const lower = (patch: Partial<Record<keyof typeof LIMITS, number>>) => Object.assign(LIMITS as Record<string, number>, patch);
afterEach(() => Object.assign(LIMITS as Record<string, number>, saved));

describe('limits with clear errors, not hangs', () => {
  it('a PDF over the page limit', async () => {
    lower({ maxPages: 2 });
    await expect(prepareDocument({ name: 'long.pdf', content: await makePdf(3) })).rejects.toMatchObject({ code: 'TOO_MANY_PAGES', message: expect.stringContaining('3 pages') });
  });

  it('a binary file over the byte limit, an Office zip that expands past its limit', async () => {
    const ods = await makeOds();
    lower({ maxBinaryBytes: 100 });
    await expect(prepareDocument({ name: 'big.pdf', content: await makePdf(1) })).rejects.toMatchObject({ code: 'DOCUMENT_TOO_LARGE' });
    Object.assign(LIMITS as Record<string, number>, saved);
    lower({ maxUnzippedBytes: 1000 });
    await expect(prepareDocument({ name: 'bomb.ods', content: ods })).rejects.toMatchObject({ code: 'DOCUMENT_TOO_LARGE' });
  });
});

describe('the reStructuredText reader stays linear on hostile input', () => {
  it('a 50,000-column grid border, 20,000 list items, 5,000 nested block quotes, a simple-table border that never closes', () => {
    expect(parseRst(`+${'-'.repeat(50_000)}+\n| a |\n+${'-'.repeat(50_000)}+\n`).text).toContain('a');
    const items = parseRst(Array.from({ length: 20_000 }, (_, i) => `- item ${i}`).join('\n'));
    expect(items.blocks).toHaveLength(20_000);
    const nested = parseRst(Array.from({ length: 5_000 }, (_, i) => `${' '.repeat(i)}level ${i}`).join('\n'));
    expect(nested.text).toContain('level 4999');
    const open = parseRst(`${'=====  ====='}\n${Array.from({ length: 20_000 }, (_, i) => `a${i}     b`).join('\n')}`);
    expect(open.text).toContain('a19999');
  });
});
