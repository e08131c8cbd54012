/** A seeded pseudo-random source in [0, 1) (a linear congruential generator): the same cases on every run. */
export function random(seed: number): () => number {
  let s = seed;
  return () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
}
