import { describe, expect, it } from 'vitest';
import { initialsIn, spelledInitials, spelledLabel } from '../../src/answer/initials.ts';

describe('labels written as initials', () => {
  it('reads the initials of every run of the question\'s words, with and without the stop words inside', () => {
    const spelled = spelledInitials('When did Fedora 38 reach end of life?');
    expect(spelled.get('eol')).toBe('end of life');
    expect(spelled.get('el')).toBe('end of life');
    // A number breaks a run: "Fedora 38 reach" spells nothing.
    expect(spelled.has('f3r')).toBe(false);
    expect(spelledInitials('Which releases have long-term support?').get('lts')).toBe('long term support');
  });

  it('takes capitals, or a whole short lower-case label, as initials', () => {
    expect(initialsIn('GDP (current US$)')).toEqual(['gdp', 'us']);
    expect(initialsIn('eol')).toEqual(['eol']);
    expect(initialsIn('releaseDate')).toEqual([]);
    expect(initialsIn('Price')).toEqual([]);
  });

  it('names a label by the words the question spells it with, and nothing else', () => {
    const spelled = spelledInitials('What was the gross domestic product of France in 2020?');
    expect(spelledLabel('GDP', spelled)).toBe('gross domestic product');
    expect(spelledLabel('Population', spelled)).toBeUndefined();
    expect(spelledLabel('eol', spelledInitials('When is the release date?'))).toBeUndefined();
  });
});
