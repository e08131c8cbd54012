import { describe, expect, it } from 'vitest';
import { fieldRecordAt, holdsFieldLine, isFieldRecord } from '../../src/answer/field-records.ts';

const PEP = 'PEP: 693\nTitle: Python 3.12 Release Schedule\nAuthor: Thomas Wouters <thomas@python.org>\nStatus: Active\nCreated: 24-May-2022\n\nRelease Manager and Crew\n========================\n\n- 3.12 Release Manager: Thomas Wouters\n- Windows installers: Steve Dower\n- Documentation: Julien Palard\n\nSee https://peps.python.org/pep-0693/ for more.\n';

describe('field records', () => {
  it('tells a record of fields, on lines or as front matter on one line, from prose', () => {
    expect(isFieldRecord('PEP: 693\nStatus: Active\nCreated: 24-May-2022')).toBe(true);
    expect(isFieldRecord('date: 2018-05-10 path: 2018/05/10/Rust-1.26 title: Announcing Rust 1.26 authors: The Rust Core Team')).toBe(true);
    expect(isFieldRecord('Note: the release ships in May.')).toBe(false);
    expect(isFieldRecord('Status: Active\nThe council meets weekly.')).toBe(false);
    // The record that holds a line of a passage: PEP 693's header, not the prose after it.
    const at = PEP.indexOf('Created:');
    expect(PEP.slice(...fieldRecordAt(PEP, at, at + 8)!)).toMatch(/^PEP: 693\n[^]*Created: 24-May-2022$/);
    expect(fieldRecordAt(PEP, PEP.indexOf('See https'), PEP.indexOf('See https') + 3)).toBeUndefined();
  });

  it('tells text that may hold a line the field answerers read from text that holds none', () => {
    expect(holdsFieldLine('PEP: 693\nStatus: Active')).toBe(true);
    expect(holdsFieldLine('Releases:\n- 2.7 final 2010-07-03')).toBe(true);
    expect(holdsFieldLine('The Mexican peso traded at 11.2 to the dollar in 2013.')).toBe(false);
  });
});
