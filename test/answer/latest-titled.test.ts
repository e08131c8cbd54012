import { describe, expect, it } from 'vitest';
import { latestTitled, titledAt } from '../../src/answer/latest-titled.ts';

const notes = (titles: string[], opening = 'The team is happy to announce a new version.') => titles.map((title, i) => ({ docId: `d${i}`, title, opening }));

describe('latest version by titles', () => {
  it('reads the highest version the titles of a series give the thing the question names', () => {
    const titles = notes(['Announcing Rust 1.9.0', 'Announcing Rust 1.10.0', 'Announcing Rust 1.0-alpha', 'Road to Rust 1.0', 'Announcing Rust 1.8.0', 'Go 1.22 Release Notes']);
    expect(latestTitled('What is the latest version of Rust?', titles)).toMatchObject({ docId: 'd1', name: 'Rust', version: '1.10.0', of: 3 });
    const found = latestTitled('What is the latest Rust release?', titles)!;
    expect(titles[1]!.title.slice(found.from, found.to)).toBe('Rust 1.10.0');
    expect(latestTitled('What is the latest Kubernetes release?', notes(['Kubernetes v1.35 Release Information', 'Kubernetes v1.36 Release Information', 'Kubernetes v1.9 Release Information']))).toMatchObject({ version: '1.36' });
  });

  it('answers only for a series of three or more, never a planned release or a draft', () => {
    expect(latestTitled('What is the latest Go release?', notes(['Go 1.22 Release Notes', 'Go 1.24 Release Notes']))).toBeUndefined();
    expect(latestTitled('What is the latest Python version?', notes(['Python 3.12 Release Schedule', 'Python 3.13 Release Schedule', 'Python 3.14 Release Schedule']))).toBeUndefined();
    const go = [...notes(['Go 1.22 Release Notes', 'Go 1.24 Release Notes', 'Go 1.26 Release Notes']), { docId: 'tip', title: 'Go 1.28 Release Notes', opening: 'This is a placeholder template: Go 1.28 release notes draft.' }];
    expect(latestTitled('What is the newest Go version?', go)).toMatchObject({ docId: 'd2', version: '1.26' });
    // A name the question does not give is no series of it.
    expect(latestTitled('What is the latest version of Django?', go)).toBeUndefined();
  });

  it('lists the releases of a dated series whose notes are dated inside a time, highest first, no pre-release or plan', () => {
    const at = (y: number, m: number) => Date.UTC(y, m - 1, 15);
    const titles = [
      ['Road to Rust 1.0', at(2014, 9)], ['Announcing Rust 1.0 Alpha', at(2015, 1)], ['Announcing Rust 1.0 Beta', at(2015, 4)], ['Announcing Rust 1.0', at(2015, 5)],
      ['Announcing Rust 1.2', at(2015, 8)], ['Announcing Rust 1.6', at(2016, 1)], ['Announcing Rust 1.68.1', at(2023, 3)], ['Announcing Rust 1.68.0', at(2023, 3)], ['Announcing Rust 1.74.0', at(2023, 11)],
    ].map(([title, date], i) => ({ docId: `d${i}`, title: title as string, opening: 'The team is happy to announce a new version.', date: date as number }));
    const in2023 = (d: number) => d >= Date.UTC(2023, 0, 1) && d < Date.UTC(2024, 0, 1);
    expect(titledAt('Which Rust versions were released in 2023?', titles, in2023)).toMatchObject({ listed: [{ version: '1.74.0' }, { version: '1.68.1' }, { version: '1.68.0' }], of: 6 });
    expect(titledAt('Which Rust versions were released before 2016?', titles, (d) => d < Date.UTC(2016, 0, 1))?.listed.map((t) => t.version)).toEqual(['1.2', '1.0']);
    // Titles without dates make no dated series.
    expect(titledAt('Which Rust versions were released in 2023?', titles.map(({ date: _, ...t }) => t), in2023)).toBeUndefined();
  });
});
