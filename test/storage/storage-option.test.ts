/**
 * The storage choices of `createAlmanac` as a package user meets them in Node: IndexedDB says
 * what to install, and a store of the caller's own plugs in through `{ store }`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAlmanac, type CorpusStore, type DocumentRecord, type LoadedCorpus } from '../../src/index.ts';

const IDB_GLOBALS = ['indexedDB', 'IDBRequest', 'IDBFactory'] as const;
const saved = new Map<string, PropertyDescriptor | undefined>();

afterEach(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(globalThis, name, descriptor);
  saved.clear();
});

/** Plain Node: no IndexedDB globals, even if another test file installed fake-indexeddb's. */
function withoutIndexedDb(): void {
  for (const name of IDB_GLOBALS) {
    saved.set(name, Object.getOwnPropertyDescriptor(globalThis, name));
    delete (globalThis as Record<string, unknown>)[name];
  }
}

/** A store that keeps copies in a Map and counts its calls, as a file-backed one would. */
function mapStore(): CorpusStore & { data: Map<string, DocumentRecord>; puts: number } {
  const data = new Map<string, DocumentRecord>();
  return {
    data,
    puts: 0,
    async load(): Promise<LoadedCorpus> { return { records: [...data.values()].map((r) => structuredClone(r)) }; },
    async put(records) { this.puts++; for (const r of records) data.set(r.document.id, structuredClone(r)); },
    async delete(ids) { for (const id of ids) data.delete(id); },
    async clear() { data.clear(); },
    async estimateBytes() { return JSON.stringify([...data.values()]).length; },
    async close() {},
  };
}

describe('storage in Node', () => {
  it('IndexedDB without its globals fails with a typed error that names fake-indexeddb and the alternatives', async () => {
    withoutIndexedDb();
    const error = await createAlmanac({ storage: { indexedDB: { name: 'x' } } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AlmanacError', code: 'INDEXEDDB_UNAVAILABLE' });
    const message = (error as Error).message;
    expect(message).toContain('npm install fake-indexeddb');
    expect(message).toContain('"memory"');
    expect(message).toContain('{ store }');
  });

  it('a store of the caller\'s own receives every write and restores the corpus on the next open', async () => {
    const store = mapStore();
    const first = await createAlmanac({ storage: { store } });
    await first.ingest([{ name: 'quokka.md', content: '# Quokkas\n\nThe quokka observatory opened on 3 March 2019 on Rottnest Island.' }]);
    expect(store.puts).toBe(1);
    expect([...store.data.keys()]).toHaveLength(1);
    await first.close();

    const second = await createAlmanac({ storage: { store } });
    expect((await second.stats()).documents).toBe(1);
    const { results } = await second.search('quokka observatory');
    expect(results[0]?.passage.text).toContain('Rottnest Island');
    await second.remove([results[0]!.passage.docId]);
    expect(store.data.size).toBe(0);
  });
});
