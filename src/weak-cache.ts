/**
 * A cache that holds its values for at most `size` keys, and its keys weakly: a key nothing else
 * holds (a removed passage, a dropped table) goes with what was cached for it, and is never kept
 * alive by having been read last. Only which entry to evict next is kept, as a ring of weak
 * references: a new entry pushes out the one set longest ago.
 */
export class WeakCache<K extends object, V> {
  private map = new WeakMap<K, V>();
  private readonly ring: Array<WeakRef<K> | undefined>;
  private next = 0;

  constructor(size: number) {
    this.ring = new Array(size);
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    const old = this.ring[this.next]?.deref();
    if (old) this.map.delete(old);
    this.map.set(key, value);
    this.ring[this.next] = new WeakRef(key);
    this.next = (this.next + 1) % this.ring.length;
  }

  /** Forgets every entry (what they were computed from is no longer valid). */
  clear(): void {
    this.map = new WeakMap();
  }
}
