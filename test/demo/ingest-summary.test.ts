import { describe, expect, it } from 'vitest';
import type { RejectedFile } from '../../demo/files.ts';
import { summariseIngest } from '../../demo/ingest-summary.ts';
import type { IngestReport } from '../../src/types.ts';

const ok = (name: string, warnings: string[] = []): IngestReport => ({ id: name, name, passages: 2, tables: 0, warnings, stored: true });
const failed = (name: string, code: string, message: string): IngestReport => ({ ...ok(name), passages: 0, stored: false, error: { code, message } });
const refused = (name: string, kind: RejectedFile['kind']): RejectedFile => ({ name, kind, reason: `${name} is refused` });

describe('summariseIngest', () => {
  it('groups 40 refused images in one line, not 40', () => {
    const images = Array.from({ length: 40 }, (_, i) => refused(`photo-${i}.${i % 2 ? 'png' : 'jpg'}`, 'unsupported'));
    const summary = summariseIngest({ rejected: [...images, refused('empty.txt', 'empty')], reports: [ok('a.md'), ok('b.txt')] });
    expect(summary.headline).toBe('Added 2 of 43 files; 41 not added.');
    expect(summary.kind).toBe('warning');
    expect(summary.rejected.map((g) => [g.title, g.names.length])).toEqual([['not a format Almanac reads', 40], ['empty', 1]]);
    // A group of many says what to do in general; a group of one keeps the file's own reason.
    expect(summary.rejected[0]!.detail).toMatch(/^Almanac reads \.txt, \.md, \.html, \.csv/);
    expect(summary.rejected[1]!.detail).toBe('Empty.txt is refused');
  });

  it('groups the engine\'s failures by code, and warnings by wording', () => {
    const summary = summariseIngest({
      rejected: [],
      reports: [
        failed('x.md', 'EMPTY_DOCUMENT', 'Document "x.md" has no text to index.'),
        failed('y.md', 'EMPTY_DOCUMENT', 'Document "y.md" has no text to index.'),
        ok('big.csv', ['A table was cut to 2000 rows.']),
        ok('bigger.csv', ['A table was cut to 5000 rows.']),
      ],
    });
    expect(summary.rejected).toEqual([{ title: 'no text to index', detail: 'Document "x.md" has no text to index.', names: ['x.md', 'y.md'] }]);
    expect(summary.warnings).toHaveLength(1);
    expect(summary.warnings[0]!.names).toEqual(['big.csv', 'bigger.csv']);
  });

  it('says everything went in, or nothing did', () => {
    expect(summariseIngest({ rejected: [], reports: [ok('a.md')] })).toMatchObject({ kind: 'ok', headline: 'Added 1 document.' });
    expect(summariseIngest({ rejected: [refused('a.png', 'unsupported')], reports: [] })).toMatchObject({ kind: 'error', headline: 'The file was not added.' });
    expect(summariseIngest({ rejected: [refused('a.png', 'unsupported'), refused('b.png', 'unsupported')], reports: [] }).headline).toBe('None of the 2 files was added.');
  });

  it('reports a call that failed half-way with what the engine counted', () => {
    const summary = summariseIngest({ rejected: [], reports: [], failure: { message: 'Storage is full.', added: 3 } });
    expect(summary).toMatchObject({ kind: 'error', headline: 'Stopped after adding 3 documents: Storage is full.' });
    expect(summariseIngest({ rejected: [], reports: [], failure: { message: 'Storage is full.', added: 0 } }).headline).toBe('Nothing was added: Storage is full.');
  });
});
