/**
 * Two instances over one stored corpus (two tabs) stay in step through the store's change feed:
 * each hears the other's ingest, remove and clear, applies it, and says so; a write from one never
 * silently undoes the other's.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import type { Almanac, CorpusChange } from '../../src/types.ts';

/** Resolves once `check` holds, polling (the feed is asynchronous by nature). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function ids(almanac: Almanac): Promise<string[]> {
  return (await almanac.documents()).map((d) => d.id).sort();
}

function pair(name: string) {
  const factory = new IDBFactory();
  const storage = { indexedDB: { name, factory } };
  const heardA: CorpusChange[] = [];
  const heardB: CorpusChange[] = [];
  return {
    storage,
    heardA,
    heardB,
    open: async () => [
      await createAlmanac({ storage, onChange: (c) => heardA.push(c) }),
      await createAlmanac({ storage, onChange: (c) => heardB.push(c) }),
    ] as const,
  };
}

describe('two tabs over one corpus', () => {
  it('hears the other tab\'s ingest, replacement and removal, and finds what it added', async () => {
    const p = pair('tabs-basic');
    const [a, b] = await p.open();
    await a.ingest([{ name: 'one.txt', content: 'The first lighthouse.' }, { name: 'two.txt', content: 'The second harbour.' }]);
    await eventually(async () => (await ids(b)).length === 2, 'b hears the ingest');
    expect((await b.search('lighthouse')).results[0]!.passage.docId).toBe('one.txt');
    expect(p.heardB[0]).toEqual({ kind: 'documents', added: ['one.txt', 'two.txt'], updated: [], removed: [] });

    await a.ingest([{ name: 'one.txt', content: 'The first windmill.' }]);
    await eventually(async () => (await b.search('windmill')).results.length === 1, 'b hears the replacement');
    expect((await b.search('lighthouse')).results).toHaveLength(0);

    await b.remove(['two.txt']);
    await eventually(async () => (await ids(a)).join() === 'one.txt', 'a hears the removal');
    expect(p.heardA.at(-1)).toEqual({ kind: 'documents', added: [], updated: [], removed: ['two.txt'] });
  });

  it('ends with both tabs true to storage when one removes all while the other ingests', async () => {
    const p = pair('tabs-race');
    const [a, b] = await p.open();
    await a.ingest(Array.from({ length: 50 }, (_, i) => ({ name: `old-${i}.txt`, content: `Old note ${i}.` })));
    await eventually(async () => (await ids(b)).length === 50, 'b has the old notes');
    const many = Array.from({ length: 600 }, (_, i) => ({ name: `new-${i}.txt`, content: `New note ${i} about tides and harbours.` }));
    let cleared = false;
    const ingest = a.ingest(many, {
      onProgress: (progress) => {
        // Between a's batches, b removes everything.
        if (!cleared && progress.done >= 200) {
          cleared = true;
          void b.clear();
        }
      },
    });
    const reports = await ingest;
    expect(reports.every((r) => r.stored)).toBe(true);
    await b.ingest([]); // b's queue is drained: its clear is done
    const stored = await ids(await createAlmanac({ storage: p.storage }));
    // The clear removed what was stored before it; a's later batches survive it.
    expect(stored.some((id) => id.startsWith('old-'))).toBe(false);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.length).toBeLessThan(600);
    await eventually(async () => (await ids(a)).join() === stored.join(), 'a true to storage');
    await eventually(async () => (await ids(b)).join() === stored.join(), 'b true to storage');
  });

  it('does not undo another tab\'s removal when it loads a new embedder', async () => {
    const p = pair('tabs-models');
    const [a, b] = await p.open();
    await a.ingest([{ name: 'x.txt', content: 'Alpha.' }, { name: 'y.txt', content: 'Beta.' }]);
    await eventually(async () => (await ids(b)).length === 2, 'b has both');
    // b removes y.txt; a re-embeds before it hears of it, and must not write y.txt back.
    const embedder = {
      id: 'e', dimensions: 2, device: 'cpu',
      async embed(texts: string[]) {
        await b.remove(['y.txt']);
        return texts.map(() => new Float32Array([1, 0]));
      },
      async dispose() {},
    };
    await a.setModels({ embedder });
    const stored = await ids(await createAlmanac({ storage: p.storage }));
    expect(stored).toEqual(['x.txt']);
    await eventually(async () => (await ids(a)).join() === 'x.txt', 'a hears the removal');
  });
});

describe('storage closed under a tab', () => {
  it('lets go when another tab upgrades the database, says so, keeps searching and refuses writes by name', async () => {
    const factory = new IDBFactory();
    const heard: CorpusChange[] = [];
    const almanac = await createAlmanac({ storage: { indexedDB: { name: 'tabs-upgrade', factory } }, onChange: (c) => heard.push(c) });
    await almanac.ingest([{ name: 'kept.txt', content: 'The lighthouse keeper.' }]);
    // A newer version in another tab: its open would wait forever if this one held on.
    const upgraded = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open('tabs-upgrade', 99);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    upgraded.close();
    expect(heard.at(-1)).toMatchObject({ kind: 'storage-closed' });
    expect((await almanac.search('lighthouse')).results).toHaveLength(1);
    const [report] = await almanac.ingest([{ name: 'new.txt', content: 'A new note.' }]);
    expect(report).toMatchObject({ stored: false, error: { code: 'STORAGE_CLOSED' } });
    await expect(almanac.remove(['kept.txt'])).rejects.toMatchObject({ code: 'STORAGE_CLOSED' });
  });
});
