import { describe, expect, it } from 'vitest';
import { snippet } from '../../src/element/snippet.ts';

const long = `${'Lorem ipsum dolor sit amet, '.repeat(12)}the zenith telescope photographs meteors every clear night. ${'Sed do eiusmod tempor incididunt. '.repeat(12)}`;
const at = (word: string): [number, number] => [long.indexOf(word), long.indexOf(word) + word.length];

describe('snippet', () => {
  it('keeps a short passage whole', () => {
    expect(snippet('Short text.', [[0, 5]])).toEqual({ text: 'Short text.', highlights: [[0, 5]], cutStart: false, cutEnd: false });
  });

  it('cuts a long passage around its highlights, at word boundaries, with the highlights moved into the window', () => {
    const s = snippet(long, [at('telescope'), at('meteors')], 120);
    expect(s.text.length).toBeLessThanOrEqual(120);
    expect(s.cutStart && s.cutEnd).toBe(true);
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(['telescope', 'meteors']);
    expect(s.text.startsWith(' ')).toBe(false);
    expect(long.includes(s.text)).toBe(true);
  });

  it('opens on the densest run of highlights', () => {
    const early: [number, number] = [0, 5];
    const s = snippet(long, [early, at('zenith'), at('telescope'), at('meteors')], 100);
    expect(s.highlights.map(([a, b]) => s.text.slice(a, b))).toEqual(['zenith', 'telescope', 'meteors']);
  });

  it('shows the opening of a long passage without highlights', () => {
    const s = snippet(long, [], 80);
    expect(s.cutStart).toBe(false);
    expect(long.startsWith(s.text)).toBe(true);
    expect(s.text.length).toBeGreaterThan(40);
  });
});
