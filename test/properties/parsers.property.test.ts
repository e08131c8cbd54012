/**
 * Every reader, on arbitrary text (and the binary ones on arbitrary bytes), either reads it or
 * refuses it with a catalogue error; never a TypeError, a RangeError or a stack overflow.
 * Offsets of what it returns point inside its text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AlmanacError } from '../../src/errors.ts';
import { READERS } from '../../src/ingest/formats.ts';
import { hostileText } from './arbitraries.ts';

async function readOrRefuse(read: () => Promise<{ text: string; blocks: Array<{ start: number; end: number }> }>): Promise<void> {
  try {
    const parsed = await read();
    for (const b of parsed.blocks) {
      expect(b.start).toBeGreaterThanOrEqual(0);
      expect(b.end).toBeLessThanOrEqual(parsed.text.length);
      expect(b.start).toBeLessThanOrEqual(b.end);
    }
  } catch (error) {
    expect(error).toBeInstanceOf(AlmanacError);
  }
}

describe('readers on arbitrary input', () => {
  for (const reader of READERS.filter((r) => !r.binary)) {
    it(`${reader.format}: reads or refuses with a catalogue error`, async () => {
      await fc.assert(fc.asyncProperty(hostileText, (text) => readOrRefuse(() => reader.read(text, { name: `x.${reader.extensions[0]}` }))), { numRuns: 150 });
    });
  }

  for (const reader of READERS.filter((r) => r.binary)) {
    it(`${reader.format}: refuses arbitrary bytes with a catalogue error`, async () => {
      const bytes = fc.oneof(
        fc.uint8Array({ maxLength: 200 }),
        // A zip's magic number first, so the container readers get past their first check.
        fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...b])),
        fc.uint8Array({ maxLength: 200 }).map((b) => Uint8Array.from([...new TextEncoder().encode('%PDF-1.7\n'), ...b])),
      );
      await fc.assert(fc.asyncProperty(bytes, (b) => readOrRefuse(() => reader.read(b, { name: `x.${reader.extensions[0]}` }))), { numRuns: 25 });
    });
  }
});
