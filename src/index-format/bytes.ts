/**
 * The byte-level primitives of Almanac's index format: unsigned LEB128 varints, zigzag for
 * signed deltas, little-endian floats, UTF-8 string blocks, and float arrays aligned to their
 * element size. The reader checks every bound and reports a damaged file as
 * a {@link FormatError}, never as a RangeError deep inside a decoder.
 */

/** A byte sequence that does not decode: truncated, damaged or not this format. */
export class FormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormatError';
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: false });

/** Appends values to a growing buffer. */
export class ByteWriter {
  private buf = new Uint8Array(1 << 16);
  private view = new DataView(this.buf.buffer);
  length = 0;

  private ensure(extra: number): void {
    const need = this.length + extra;
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf[this.length++] = v;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.length, v, true);
    this.length += 4;
  }

  f64(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.length, v, true);
    this.length += 8;
  }

  /** An unsigned integer up to 2^53 as a varint (7 bits a byte). */
  varint(v: number): void {
    this.ensure(8);
    const buf = this.buf;
    let n = this.length;
    while (v >= 0x80) {
      buf[n++] = (v % 0x80) | 0x80;
      v = Math.floor(v / 0x80);
    }
    buf[n++] = v;
    this.length = n;
  }

  /** A signed integer as a zigzag varint (small magnitudes stay small). */
  svarint(v: number): void {
    this.varint(v < 0 ? -2 * v - 1 : 2 * v);
  }

  /** Many unsigned 32-bit integers as varints. */
  varints(values: ArrayLike<number>, from = 0, to = values.length): void {
    this.ensure(5 * (to - from));
    const buf = this.buf;
    let n = this.length;
    for (let i = from; i < to; i++) {
      let v = values[i]! >>> 0;
      while (v >= 0x80) {
        buf[n++] = (v & 0x7f) | 0x80;
        v >>>= 7;
      }
      buf[n++] = v;
    }
    this.length = n;
  }

  /** A string: its UTF-8 byte length, then the bytes. */
  string(s: string): void {
    const bytes = encoder.encode(s);
    this.varint(bytes.length);
    this.bytes(bytes);
  }

  /**
   * Many strings as one block: their UTF-16 lengths, then all of them as one UTF-8 run, so a
   * reader decodes once and slices (a corpus's texts, a dictionary's terms).
   */
  strings(list: readonly string[]): void {
    this.varint(list.length);
    for (const s of list) this.varint(s.length);
    this.string(list.join(''));
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** Pads with zeros to a multiple of `n` bytes (for typed arrays read in place). */
  align(n: number): void {
    while (this.length % n) this.u8(0);
  }

  /** A Float32Array, aligned to 4 bytes: its element count, padding, then its bytes. */
  float32s(a: Float32Array): void {
    this.varint(a.length);
    this.align(4);
    this.bytes(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  }

  /** The bytes written so far (a copy the writer no longer touches). */
  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

/** Reads what {@link ByteWriter} wrote, checking every bound. */
export class ByteReader {
  private readonly view: DataView;
  pos: number;

  constructor(readonly buf: Uint8Array, start = 0, readonly end = buf.length) {
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    this.pos = start;
  }

  private need(n: number): void {
    if (this.pos + n > this.end) throw new FormatError(`truncated at byte ${this.pos} (needs ${n} more, ${this.end - this.pos} left)`);
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos, true);
    this.pos += 4;
    return v;
  }

  f64(): number {
    this.need(8);
    const v = this.view.getFloat64(this.pos, true);
    this.pos += 8;
    return v;
  }

  varint(): number {
    let v = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      if (this.pos >= this.end) throw new FormatError(`truncated varint at byte ${this.pos}`);
      const b = this.buf[this.pos++]!;
      v += (b & 0x7f) * scale;
      if (b < 0x80) return v;
      scale *= 0x80;
    }
    throw new FormatError(`varint too long at byte ${this.pos}`);
  }

  svarint(): number {
    const z = this.varint();
    return z % 2 ? -(z + 1) / 2 : z / 2;
  }

  /** `count` unsigned 32-bit varints into `out` from `at`. */
  varints(out: Uint32Array | Uint16Array, count: number, at = 0): void {
    const buf = this.buf;
    const end = this.end;
    let n = this.pos;
    for (let i = 0; i < count; i++) {
      let v = 0;
      let shift = 0;
      for (;;) {
        if (n >= end) throw new FormatError(`truncated varint run at byte ${n}`);
        const b = buf[n++]!;
        v |= (b & 0x7f) << shift;
        if (b < 0x80) break;
        shift += 7;
        if (shift > 28) throw new FormatError(`varint too long at byte ${n}`);
      }
      out[at + i] = v >>> 0;
    }
    this.pos = n;
  }

  /** A count that must fit what is left of the input (a damaged length must not allocate gigabytes). */
  count(bytesEach = 1): number {
    const n = this.varint();
    if (n * bytesEach > this.end - this.pos) throw new FormatError(`count ${n} at byte ${this.pos} exceeds the data left`);
    return n;
  }

  string(): string {
    const n = this.count();
    const s = decoder.decode(this.buf.subarray(this.pos, this.pos + n));
    this.pos += n;
    return s;
  }

  strings(): string[] {
    const n = this.count();
    const lengths = new Uint32Array(n);
    this.varints(lengths, n);
    const all = this.string();
    const out = new Array<string>(n);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const next = at + lengths[i]!;
      if (next > all.length) throw new FormatError('string block shorter than its lengths');
      out[i] = all.slice(at, next);
      at = next;
    }
    if (at !== all.length) throw new FormatError('string block longer than its lengths');
    return out;
  }

  bytes(n: number): Uint8Array {
    this.need(n);
    const b = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return b;
  }

  /** Skips the writer's padding: alignment is counted from the start of the bytes written. */
  align(n: number): void {
    while (this.pos % n) this.pos++;
    if (this.pos > this.end) throw new FormatError('truncated padding');
  }

  /**
   * A Float32Array written by {@link ByteWriter.float32s}, copied out: a view would keep the
   * whole input alive for as long as the vectors live.
   */
  float32s(): Float32Array {
    const n = this.count(4);
    this.align(4);
    return new Float32Array(this.bytes(n * 4).slice().buffer);
  }
}
