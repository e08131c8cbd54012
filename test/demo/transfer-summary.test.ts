import { describe, expect, it } from 'vitest';
import { exportFileName, exportText, summariseImport, type ImportOutcome } from '../../demo/transfer-summary.ts';
import type { ImportReport } from '../../src/types.ts';

const report = (documents: number, replaced = 0, extra: Partial<ImportReport> = {}): ImportReport => ({ documents, passages: documents * 4, replaced, vectors: 'none', reindexed: false, ...extra });
const outcome = (o: Partial<ImportOutcome>): ImportOutcome => ({ fileName: 'c.almanac', mode: 'add', added: [], removed: 0, ...o });

describe('export', () => {
  it('names the file by the local date, so exports of different days differ', () => {
    expect(exportFileName(new Date(2025, 0, 9, 23, 59))).toBe('almanac-corpus-2025-01-09.almanac');
    expect(exportFileName(new Date(2024, 11, 31))).toBe('almanac-corpus-2024-12-31.almanac');
  });

  it('says what was written and how big it is', () => {
    expect(exportText({ name: 'a.almanac', bytes: 2 * 1024 * 1024 }, { documents: 3, passages: 12, vectors: 12 }, true))
      .toMatch(/^Exported 3 documents \(12 passages, with the embedder’s vectors\) to a\.almanac, 2\.0 MB\./);
    expect(exportText({ name: 'a.almanac', bytes: 900 }, { documents: 1, passages: 1, vectors: 1 }, false)).toMatch(/^Exported 1 document \(1 passage\) to a\.almanac, 900 B\./);
  });
});

describe('summariseImport', () => {
  it('counts new documents and those that replaced one with the same id, and names the new ones', () => {
    const s = summariseImport(outcome({ report: report(5, 3), added: ['a.md', 'b.md'] }));
    expect(s.kind).toBe('ok');
    expect(s.headline).toBe('Imported 5 documents from c.almanac.');
    expect(s.detail).toBe('20 passages. 2 new; 3 replaced a document here with the same id (the file’s copy is kept).');
    expect(s.added).toEqual(['a.md', 'b.md']);
    expect(s.notes).toEqual([]);
  });

  it('says what a whole-corpus replace removed', () => {
    const s = summariseImport(outcome({ mode: 'replace', report: report(2), added: [], removed: 4 }));
    expect(s.headline).toBe('Replaced the corpus with the 2 documents of c.almanac.');
    expect(s.detail).toBe('8 passages. 4 documents that the file lacks were removed.');
  });

  it('says what became of the vectors and of stale postings', () => {
    expect(summariseImport(outcome({ report: report(1, 0, { vectors: 'used' }), added: ['x'] })).notes[0]).toMatch(/needs no re-embedding/);
    expect(summariseImport(outcome({ report: report(1, 0, { vectors: 'dropped' }), added: ['x'] })).notes[0]).toMatch(/another embedder/);
    expect(summariseImport(outcome({ report: report(1, 0, { reindexed: true }), added: ['x'] })).notes[0]).toMatch(/indexed again from their text/);
    expect(summariseImport(outcome({ report: report(0) })).kind).toBe('warning');
  });

  it('gives the typed error’s message and says the corpus is unchanged', () => {
    const message = 'The index data is damaged, truncated or not an Almanac index (x). Nothing was changed.';
    const s = summariseImport(outcome({ error: { code: 'INDEX_CORRUPT', message } }));
    expect(s.kind).toBe('error');
    expect(s.headline).toBe('Nothing was imported from c.almanac: the file is damaged, truncated or not an Almanac corpus file.');
    expect(s.detail).toBe('The corpus on this device is unchanged.');
    expect(s.notes).toEqual([message]);
    expect(summariseImport(outcome({ error: { code: 'INDEX_TOO_NEW', message: 'm' } })).headline).toContain('written by a newer version of Almanac');
    expect(summariseImport(outcome({ error: { code: 'NO_ROOM', message: '' } }))).toMatchObject({ notes: [], headline: expect.stringContaining('would not fit') });
  });

  it('names what went in before a failure half-way', () => {
    const s = summariseImport(outcome({ error: { code: 'STORAGE_FULL', message: 'full' }, added: ['a.md'] }));
    expect(s.headline).toBe('Stopped importing c.almanac after 1 new document: the storage for Almanac on this device is full.');
    expect(s.detail).toMatch(/^They stay/);
    expect(s.added).toEqual(['a.md']);
  });
});
