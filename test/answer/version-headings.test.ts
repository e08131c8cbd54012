import { describe, expect, it } from 'vitest';
import { asksReleaseEnd, releaseAt, versionHeading } from '../../src/answer/version-headings.ts';
import { findDates } from '../../src/temporal/date-grammar.ts';

const dateIn = (text: string) => findDates(text, { shortYears: 'none', reference: 0, prepositions: false })[0];

describe('release headings of a changelog', () => {
  it('reads which end of the releases a question asks for', () => {
    expect(asksReleaseEnd('When was the first version of the bakery app released?')).toBe('first');
    expect(asksReleaseEnd('What is the latest release?')).toBe('latest');
    expect(asksReleaseEnd('What was the initial release of Orbit?')).toBe('first');
    expect(asksReleaseEnd('When did the gold price first exceed 1000?')).toBeUndefined();
  });

  it('reads a heading that is a release and its date, not one that is not', () => {
    expect(versionHeading('[2.1.0] - 2024-03-18', dateIn)).toMatchObject({ version: '2.1.0', date: '2024-03-18' });
    expect(versionHeading('1.4.0 (2022-11-28)', dateIn)).toMatchObject({ version: '1.4.0', date: '2022-11-28' });
    expect(versionHeading('v2.0 — March 3, 2020', dateIn)).toMatchObject({ version: '2.0', date: 'March 3, 2020' });
    for (const heading of ['[Unreleased]', 'Added', '1.4.0', 'Installation (2022-11-28)']) expect(versionHeading(heading, dateIn)).toBeUndefined();
  });

  it('chooses the release of the earliest or the latest date, of two or more', () => {
    const headings = ['[2.1.0] - 2024-03-18', '[2.0.0] - 2023-09-04', '[1.0.0] - 2022-04-04'].map((h) => versionHeading(h, dateIn)!);
    expect(releaseAt(headings, 'first')?.version).toBe('1.0.0');
    expect(releaseAt(headings, 'latest')?.version).toBe('2.1.0');
    expect(releaseAt(headings.slice(0, 1), 'latest')).toBeUndefined();
  });
});
