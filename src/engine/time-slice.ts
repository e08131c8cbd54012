/**
 * Cooperative yielding for long synchronous work. An ingest in a worker parses, chunks and
 * indexes without awaiting anything real, so the worker never reads its message queue: a
 * search or an `abort(id)` sent meanwhile would wait for the whole ingest. Work that checks a
 * {@link TimeSlice} between steps gives the event loop a turn at least every `budgetMs`.
 */

/** One real turn of the event loop (a macrotask, not a microtask). */
export function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  if (immediate) return new Promise((resolve) => void immediate(resolve));
  if (typeof MessageChannel !== 'undefined') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Tracks how long work has run since it last yielded. */
export class TimeSlice {
  private last = performance.now();

  /** @param budgetMs longest run between two turns of the event loop. */
  constructor(private readonly budgetMs = 12) {}

  /** Yields when this slice has run longer than its budget; otherwise resolves at once. */
  async pause(): Promise<void> {
    if (performance.now() - this.last >= this.budgetMs) await this.yield();
  }

  /** Yields now. */
  async yield(): Promise<void> {
    await nextTurn();
    this.last = performance.now();
  }
}
