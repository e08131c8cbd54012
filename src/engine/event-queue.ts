/**
 * An async iterable fed by callbacks: the producer pushes events and ends (or fails) once; the
 * consumer's `for await` takes them in order. Leaving the loop early calls `onReturn` (the
 * answer stream aborts its generator there). Shared by the engine's `answerStream` and the
 * worker-backed one, which receive their events as callbacks.
 */
export interface EventQueue<T> {
  push(event: T): void;
  /** No more events; with `error`, the consumer's next read throws it. */
  end(error?: unknown): void;
  iterator(onReturn: () => void): AsyncIterator<T>;
}

export function eventQueue<T>(): EventQueue<T> {
  const queue: T[] = [];
  let wake: (() => void) | undefined;
  let finished = false;
  let failure: unknown;
  return {
    push(event) {
      queue.push(event);
      wake?.();
    },
    end(error) {
      finished = true;
      failure = error;
      wake?.();
    },
    iterator(onReturn) {
      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            if (queue.length) return { value: queue.shift()!, done: false };
            if (finished) {
              if (failure !== undefined) {
                const f = failure;
                failure = undefined;
                throw f;
              }
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => { wake = resolve; });
            wake = undefined;
          }
        },
        async return(): Promise<IteratorResult<T>> {
          onReturn();
          return { value: undefined, done: true };
        },
      };
    },
  };
}
