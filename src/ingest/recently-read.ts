/**
 * The last few items read, in a ring: an item pushed out drops what it holds expanded (cells as
 * objects, a source map as an array), to be written again when next read. Used by what ingest
 * keeps packed (`src/tables/packed-cells.ts`, `packed-source-map.ts`).
 */
export class RecentlyRead<T extends object> {
  private readonly ring: Array<T | undefined>;
  private next = 0;

  constructor(size: number, private readonly drop: (item: T) => void) {
    this.ring = new Array(size);
  }

  /** Marks `item` as read now (it may be in the ring already: one query reads a table many times). */
  touch(item: T): void {
    const old = this.ring[this.next];
    if (old && old !== item) this.drop(old);
    this.ring[this.next] = item;
    this.next = (this.next + 1) % this.ring.length;
  }
}
