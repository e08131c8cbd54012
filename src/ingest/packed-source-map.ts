import type { StoredDocument } from '../types.ts';
import { RecentlyRead } from './recently-read.ts';

/*
 * A document's source map kept as bytes once the document is prepared, and written out again as
 * its `number[]` when read. A map has an anchor wherever markup was stripped: HiTab's HTML tables
 * held 1.1 million numbers (8 bytes each, 9.0 MB), one pair per cell; as the index format stores
 * them (gaps of text offsets, steps of source offsets, as varints) they take 2-3 bytes a pair.
 *
 * As for packed cells (`src/tables/packed-cells.ts`): `sourceMap` is the document's own
 * enumerable accessor from the start (a spread, JSON and a structured clone see the array; added
 * later in place, it would leave the document's properties slow to read), the array is written
 * again at most once while its document is among the last {@link RECENT} read, and assigning
 * `sourceMap` makes it a plain field again.
 */

/** Documents whose map is held as an array, most recent last (one answer's citations read a few). */
const RECENT = 16;

interface Packed {
  bytes: Uint8Array;
  /** How many numbers the map holds. */
  length: number;
  map: number[] | undefined;
}

// A symbol, not enumerable: no spread, JSON, clone or `Object.keys` sees it.
const PACKED = Symbol('sourceMap');
type WithPacked = StoredDocument & { [PACKED]: Packed };
const recent = new RecentlyRead<Packed>(RECENT, (p) => {
  p.map = undefined;
});

function hold(p: Packed, map: number[]): number[] {
  p.map = map;
  recent.touch(p);
  return map;
}

const SOURCE_MAP: PropertyDescriptor = {
  get(this: WithPacked) {
    const p = this[PACKED];
    return p.map ?? hold(p, unpack(p));
  },
  set(this: WithPacked, value: number[] | undefined) {
    this[PACKED].map = undefined;
    this[PACKED].bytes = EMPTY;
    Object.defineProperty(this, 'sourceMap', { value, writable: true, enumerable: true, configurable: true });
  },
  enumerable: true,
  configurable: true,
};

const EMPTY = new Uint8Array(0);

/**
 * Gives a document under construction its source map (the next property of the document, in the
 * order a literal would have it), packed (see above). A map that is not anchors (pairs of whole
 * numbers, text offsets increasing) is set as it is.
 */
export function setSourceMap(document: Omit<StoredDocument, 'sourceMap'>, map: number[]): void {
  const bytes = pack(map);
  if (!bytes) {
    (document as StoredDocument).sourceMap = map;
    return;
  }
  const p: Packed = { bytes, length: map.length, map: undefined };
  Object.defineProperty(document, PACKED, { value: p });
  Object.defineProperty(document, 'sourceMap', SOURCE_MAP);
  hold(p, map);
}

/** Offsets and steps below 2^31: what a JS string's offsets are. */
const LIMIT = 0x80000000;

function pack(map: number[]): Uint8Array | undefined {
  if (!Array.isArray(map) || map.length === 0 || map.length % 2) return undefined;
  // Five bytes at most per number; cut to size at the end.
  let out = new Uint8Array(Math.min(5 * map.length, 64 + 3 * map.length));
  let at = 0;
  let t = -1;
  let s = 0;
  for (let i = 0; i < map.length; i += 2) {
    const nt = map[i]!;
    const ns = map[i + 1]!;
    if (!Number.isInteger(nt) || !Number.isInteger(ns) || nt <= t || nt >= LIMIT || ns < 0 || ns >= LIMIT) return undefined;
    if (out.length - at < 10) {
      const grown = new Uint8Array(out.length * 2);
      grown.set(out);
      out = grown;
    }
    at = varint(out, at, nt - t - 1);
    const step = ns - s;
    at = varint(out, at, step >= 0 ? 2 * step : -2 * step - 1);
    t = nt;
    s = ns;
  }
  return out.slice(0, at);
}

function varint(out: Uint8Array, at: number, v: number): number {
  // v < 2^32: unsigned shifts keep it whole.
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[at++] = v;
  return at;
}

function unpack(p: Packed): number[] {
  const { bytes } = p;
  const map: number[] = [];
  let at = 0;
  let t = -1;
  let s = 0;
  for (let i = 0; i < p.length; i += 2) {
    let v = 0;
    let scale = 1;
    let b: number;
    do {
      b = bytes[at++]!;
      v += (b & 0x7f) * scale;
      scale *= 0x80;
    } while (b & 0x80);
    t += v + 1;
    v = 0;
    scale = 1;
    do {
      b = bytes[at++]!;
      v += (b & 0x7f) * scale;
      scale *= 0x80;
    } while (b & 0x80);
    s += v % 2 ? -(v + 1) / 2 : v / 2;
    map.push(t, s);
  }
  return map;
}
