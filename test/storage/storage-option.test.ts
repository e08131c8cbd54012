/**
 * The storage choices of `createAlmanac` as a package user meets them in Node: IndexedDB says
 * what to install, and a store of the caller's own plugs in through `{ store }`.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAlmanac } from '../../src/index.ts';
import { MemoryStore } from '../../src/storage/memory-store.ts';

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

/** A store of the caller's own, counting its writes, as a file-backed one would be written. */
class CountingStore extends MemoryStore {
  puts = 0;
  override async put(...args: Parameters<MemoryStore['put']>): Promise<number> {
    this.puts++;
    return super.put(...args);
  }
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
    const store = new CountingStore();
    const first = await createAlmanac({ storage: { store } });
    await first.ingest([{ name: 'quokka.md', content: '# Quokkas\n\nThe quokka observatory opened on 3 March 2019 on Rottnest Island.' }]);
    expect(store.puts).toBe(1);
    expect((await store.ids()).ids).toHaveLength(1);
    await first.close();

    const second = await createAlmanac({ storage: { store } });
    expect((await second.stats()).documents).toBe(1);
    const { results } = await second.search('quokka observatory');
    expect(results[0]?.passage.text).toContain('Rottnest Island');
    await second.remove([results[0]!.passage.docId]);
    expect((await store.ids()).ids).toHaveLength(0);
  });
});
