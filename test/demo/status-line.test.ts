import { describe, expect, it } from 'vitest';
import { statusText } from '../../demo/status-line.ts';

const stats = (documents: number, passages = documents * 3, tables = 0) => ({ documents, passages, tables, vectors: 0 });

describe('statusText', () => {
  it('always states the counts it is given, whatever happened', () => {
    expect(statusText(stats(34, 190, 6), { kind: 'restored', ms: 120 })).toBe('Restored 34 documents (190 passages, 6 tables) from this device in 120 ms, without re-indexing.');
    expect(statusText(stats(73), { kind: 'added', count: 40 })).toBe('73 documents (219 passages) on this device. Added 40 documents.');
    expect(statusText(stats(1, 1), { kind: 'removed', count: 1 })).toBe('1 document (1 passage) on this device. Removed 1 document.');
    expect(statusText(stats(5), { kind: 'elsewhere' })).toBe('5 documents (15 passages) on this device, changed in another tab.');
    expect(statusText(stats(33, 181), { kind: 'seeded' })).toContain('33 documents (181 passages) on this device');
    expect(statusText(stats(35), { kind: 'imported', count: 5, added: 2, replaced: 3 })).toBe('35 documents (105 passages) on this device. Imported 5 documents (2 new, 3 replaced).');
    expect(statusText(stats(5), { kind: 'imported', count: 5, added: 5, removed: 30 })).toBe('5 documents (15 passages) on this device. Imported 5 documents (30 documents the file lacks removed).');
  });

  it('says the corpus is empty when it is, even right after an add', () => {
    expect(statusText(stats(0), { kind: 'cleared' })).toMatch(/^Removed every document: the corpus is empty/);
    expect(statusText(stats(0), { kind: 'added', count: 0 })).toBe('The corpus is empty. Add documents, or load the sample corpus.');
    expect(statusText(stats(0))).toBe('The corpus is empty. Add documents, or load the sample corpus.');
  });
});
