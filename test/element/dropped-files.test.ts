import { describe, expect, it } from 'vitest';
import { droppedFiles, leftOutOfFolders, pickedFiles } from '../../src/element/dropped-files.ts';

/** A folder tree as the File and Directory Entries API gives it in a drop: entries, read in batches. */
type Tree = { [name: string]: string | Tree | Error };

function entry(name: string, node: string | Tree | Error, batch: number): FileSystemEntry {
  if (typeof node === 'string' || node instanceof Error) {
    return {
      name, isFile: true, isDirectory: false,
      file: (ok: (f: File) => void, fail: (e: Error) => void) => setTimeout(() => (node instanceof Error ? fail(node) : ok(new File([node], name)))),
    } as unknown as FileSystemEntry;
  }
  return {
    name, isFile: false, isDirectory: true,
    createReader: () => {
      const all = Object.entries(node).map(([n, child]) => entry(n, child, batch));
      let at = 0;
      return { readEntries: (ok: (e: FileSystemEntry[]) => void) => setTimeout(() => ok(all.slice(at, (at += batch)))) };
    },
  } as unknown as FileSystemEntry;
}

function drop(top: Tree, batch = 2): DataTransfer {
  const entries = Object.entries(top).map(([n, node]) => entry(n, node, batch));
  return {
    items: entries.map((e) => ({ kind: 'file', webkitGetAsEntry: () => e })),
    files: entries.filter((e) => e.isFile).map((e) => new File([''], e.name)),
  } as unknown as DataTransfer;
}

describe('droppedFiles', () => {
  it('walks dropped folders in name order, every file named by its path, across batches of entries', async () => {
    const data = drop({
      'notes.md': '# Notes',
      weather: { 'summit': { 'README.md': 'b', 'readings': 'c' }, 'harbour': { 'README.md': 'a' }, 'z.csv': 'x,y', 'a.txt': 'first' },
    });
    const { files, unreadable, leftOut } = await droppedFiles(data);
    expect(files.map((f) => f.path)).toEqual(['notes.md', 'weather/a.txt', 'weather/harbour/README.md', 'weather/summit/README.md', 'weather/summit/readings', 'weather/z.csv']);
    expect(await files[2]!.file.text()).toBe('a');
    expect(unreadable).toEqual([]);
    expect(leftOut).toBe(0);
  });

  it('leaves out dot files and folders and node_modules inside a folder, as the command line does', async () => {
    const { files } = await droppedFiles(drop({ site: { '.git': { config: 'x' }, '.DS_Store': 'x', node_modules: { 'a.md': 'x' }, 'page.md': 'y' } }));
    expect(files.map((f) => f.path)).toEqual(['site/page.md']);
    expect(leftOutOfFolders('.env')).toBe(true);
    expect(leftOutOfFolders('notes.md')).toBe(false);
  });

  it('reports a file the browser would not read, and keeps the rest', async () => {
    const { files, unreadable } = await droppedFiles(drop({ docs: { 'a.md': 'x', 'gone.md': new Error('NotFoundError') } }));
    expect(files.map((f) => f.path)).toEqual(['docs/a.md']);
    expect(unreadable).toEqual([{ path: 'docs/gone.md', reason: 'NotFoundError' }]);
  });

  it('stops reading at the limit and says how many files it left out', async () => {
    const tree: Tree = {};
    for (let i = 0; i < 7; i++) tree[`f${i}.txt`] = String(i);
    const found: number[] = [];
    const { files, leftOut } = await droppedFiles(drop({ many: tree }), { limit: 5, onFile: (n) => found.push(n) });
    expect(files).toHaveLength(5);
    expect(leftOut).toBe(2);
    // Each file read is counted as it comes: a page can say how far a big folder's walk is.
    expect(found).toEqual([1, 2, 3, 4, 5]);
  });

  it('takes the files flat where the browser gives no entries', async () => {
    const data = { items: [{ kind: 'file', webkitGetAsEntry: () => null }], files: [new File(['x'], 'a.md')] } as unknown as DataTransfer;
    expect((await droppedFiles(data)).files.map((f) => f.path)).toEqual(['a.md']);
  });
});

describe('pickedFiles', () => {
  it('names a folder picker\'s files by their paths and leaves out dot files inside it', () => {
    const file = (name: string, rel: string) => Object.defineProperty(new File(['x'], name), 'webkitRelativePath', { value: rel });
    const picked = pickedFiles([file('a.md', 'notes/a.md'), file('config', 'notes/.git/config'), file('b.md', '')]);
    expect(picked.map((p) => p.path)).toEqual(['notes/a.md', 'b.md']);
  });
});
