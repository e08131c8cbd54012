import { describe, expect, it } from 'vitest';
import { readFiles } from '../../demo/files.ts';

const picked = (path: string, content: string | Uint8Array<ArrayBuffer>) => ({ file: new File([content], path.split('/').pop()!), path });

describe('readFiles', () => {
  it('knows each file by its path, so two files of one name in two folders are two documents', async () => {
    const { docs, rejected } = await readFiles([picked('harbour/README.md', '# Harbour'), picked('summit/README.md', '# Summit')]);
    expect(rejected).toEqual([]);
    expect(docs.map((d) => [d.id, d.name])).toEqual([['harbour/README.md', 'harbour/README.md'], ['summit/README.md', 'summit/README.md']]);
  });

  it('reads a file without an extension as text when it is text, and refuses it when it is not', async () => {
    const { docs, rejected } = await readFiles([picked('tz/europe', 'Zone Europe/Paris 0:09:21 - LMT 1891 Mar 16\n'), picked('bin/tool', new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 0, 0, 0, 1, 2, 0, 0, 0]))]);
    expect(docs.map((d) => d.id)).toEqual(['tz/europe']);
    expect(docs[0]!.content).toContain('Europe/Paris');
    expect(rejected).toEqual([{ name: 'bin/tool', kind: 'unsupported', reason: expect.stringContaining('no extension and is not text') }]);
  });

  it('refuses an extension no reader claims and an empty file, each with why', async () => {
    const { docs, rejected } = await readFiles([picked('photos/a.png', 'x'), picked('notes/empty.md', '')]);
    expect(docs).toEqual([]);
    expect(rejected.map((r) => [r.name, r.kind])).toEqual([['photos/a.png', 'unsupported'], ['notes/empty.md', 'empty']]);
  });
});
