import { describe, expect, it } from 'vitest';
import { latestTitled } from '../../src/answer/latest-titled.ts';

const notes = (titles: string[], opening = 'The team is happy to announce a new version.') => titles.map((title, i) => ({ docId: `d${i}`, title, opening }));

describe('latest version by titles', () => {
  it('reads the highest version the titles of a series give the thing the question names', () => {
    const titles = notes(['Announcing Rust 1.9.0', 'Announcing Rust 1.10.0', 'Announcing Rust 1.0-alpha', 'Road to Rust 1.0', 'Go 1.22 Release Notes']);
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
});
