/**
 * Fast non-cryptographic hashes of bytes (MurmurHash3's 32-bit mixing, four bytes a step):
 * a segment's checksum, and a file's content hash (two seeds, 64 bits, hex). They catch
 * truncation and damage and name a build for caching; they are not a defence against
 * someone forging a file (nothing in a file is executed or inserted as HTML either way).
 */
export function hash32(bytes: Uint8Array, seed = 0): number {
  let h = seed >>> 0;
  const n = bytes.length;
  const words = n >>> 2;
  const aligned = bytes.byteOffset % 4 === 0;
  const view = aligned ? new Uint32Array(bytes.buffer, bytes.byteOffset, words) : undefined;
  for (let i = 0; i < words; i++) {
    let k = view ? view[i]! : (bytes[4 * i]! | (bytes[4 * i + 1]! << 8) | (bytes[4 * i + 2]! << 16) | (bytes[4 * i + 3]! << 24));
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  for (let i = n & ~3, s = 0; i < n; i++, s += 8) k |= bytes[i]! << s;
  if (n & 3) {
    k = Math.imul(k, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
  }
  h ^= n;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** 64 bits of {@link hash32} (two seeds) as 16 hex digits: a file's content hash. */
export function contentHash(bytes: Uint8Array): string {
  const hex = (v: number) => v.toString(16).padStart(8, '0');
  return hex(hash32(bytes, 0x9747b28c)) + hex(hash32(bytes, 0x5bd1e995));
}
