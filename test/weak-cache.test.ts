import { describe, expect, it } from 'vitest';
import { WeakCache } from '../src/weak-cache.ts';

describe('WeakCache', () => {
  it('keeps the values of its last `size` keys and forgets the oldest first', () => {
    const cache = new WeakCache<object, number>(2);
    const [a, b, c] = [{}, {}, {}];
    cache.set(a, 1);
    cache.set(b, 2);
    expect([cache.get(a), cache.get(b)]).toEqual([1, 2]);
    cache.set(c, 3);
    expect([cache.get(a), cache.get(b), cache.get(c)]).toEqual([undefined, 2, 3]);
  });

  it('forgets every entry on clear, and takes new ones after', () => {
    const cache = new WeakCache<object, string>(4);
    const a = {};
    cache.set(a, 'x');
    cache.clear();
    expect(cache.get(a)).toBeUndefined();
    cache.set(a, 'y');
    expect(cache.get(a)).toBe('y');
  });
});
