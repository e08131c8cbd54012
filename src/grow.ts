type Growable = Int32Array | Uint32Array | Uint16Array | Uint8Array | Float64Array;

/**
 * `a` in an array of its kind at least `min` long, doubling, its values kept: the one growth
 * rule of the typed arrays that indexes build in place (postings, term tables, acronyms).
 */
export function grow<T extends Growable>(a: T, min: number): T {
  const next = new (a.constructor as new (n: number) => T)(Math.max(min, a.length * 2));
  next.set(a as never);
  return next;
}
