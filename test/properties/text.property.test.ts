/**
 * The tokenizer, the sentence splitter, the chunker and the timestamp extractor on arbitrary
 * text: they never throw; tokens are never empty and are what the same text gives again;
 * sentences and chunks are trimmed spans inside the text, in order; every timestamp is a finite,
 * non-empty interval inside its sentence.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chunkBlocks } from '../../src/text/chunk.ts';
import { splitSentences } from '../../src/text/segment.ts';
import { createTextTokenizer, tokenize } from '../../src/text/tokenizer.ts';
import { extractTimestamps } from '../../src/temporal/index.ts';
import { hostileText } from './arbitraries.ts';

describe('text on arbitrary input', () => {
  it('tokenizes without throwing; terms are non-empty, stable, and a word found alone is found in context', () => {
    const counting = createTextTokenizer(true);
    fc.assert(fc.property(hostileText, hostileText, (left, right) => {
      const terms = tokenize(left);
      for (const t of terms) expect(t.length).toBeGreaterThan(0);
      expect(tokenize(left)).toEqual(terms);
      expect(new Set(counting.tokenize(left) as string[])).toEqual(new Set(terms));
      // A word's terms survive being written among other words (spaces around it).
      const word = 'lighthouse';
      expect(tokenize(`${left} ${word} ${right}`)).toEqual(expect.arrayContaining(tokenize(word)));
    }), { numRuns: 300 });
  });

  it('splits sentences into trimmed, ordered spans inside the text', () => {
    fc.assert(fc.property(hostileText, (text) => {
      let last = 0;
      for (const s of splitSentences(text)) {
        expect(s.start).toBeGreaterThanOrEqual(last);
        expect(s.end).toBeGreaterThan(s.start);
        expect(s.end).toBeLessThanOrEqual(text.length);
        last = s.end;
      }
    }), { numRuns: 300 });
  });

  it('chunks into passages no longer than the limit, inside their paragraph', () => {
    fc.assert(fc.property(hostileText, fc.integer({ min: 20, max: 200 }), (text, maxChars) => {
      const blocks = text ? [{ kind: 'paragraph' as const, start: 0, end: text.length }] : [];
      for (const c of chunkBlocks(text, blocks, { maxChars, minChars: 10 })) {
        expect(c.start).toBeGreaterThanOrEqual(0);
        expect(c.end).toBeLessThanOrEqual(text.length);
        expect(c.end - c.start).toBeLessThanOrEqual(maxChars);
        for (const s of c.sentences) expect(s.end).toBeLessThanOrEqual(c.end - c.start);
      }
    }), { numRuns: 200 });
  });

  it('extracts timestamps that are finite intervals inside their sentence', () => {
    const referenceDate = new Date(Date.UTC(2024, 5, 1));
    fc.assert(fc.property(hostileText, (text) => {
      for (const t of extractTimestamps(text, { referenceDate })) {
        expect(Number.isFinite(t.start) || t.open === 'start').toBe(true);
        expect(Number.isFinite(t.end) || t.open === 'end').toBe(true);
        expect(Number.isNaN(t.start) || Number.isNaN(t.end)).toBe(false);
        expect(t.end).toBeGreaterThan(t.start);
        expect(t.from).toBeGreaterThanOrEqual(0);
        expect(t.to).toBeLessThanOrEqual(text.length);
      }
    }), { numRuns: 300 });
  });
});
