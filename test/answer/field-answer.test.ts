import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { answerField } from '../../src/answer/field-answer.ts';

const PEP = 'PEP: 693\nTitle: Python 3.12 Release Schedule\nAuthor: Thomas Wouters <thomas@python.org>\nStatus: Active\nCreated: 24-May-2022\n\nRelease Manager and Crew\n========================\n\n- 3.12 Release Manager: Thomas Wouters\n- Windows installers: Steve Dower\n- Documentation: Julien Palard\n\nSee https://peps.python.org/pep-0693/ for more.\n';
const read = (q: string, text = PEP) => answerField(analyzeQuestion(q), text);

describe('field answers', () => {
  it('answers with the value of the line whose whole name the question names, with its span', () => {
    const f = read('Who is the release manager for Python 3.12?')!;
    expect(f).toMatchObject({ text: 'Thomas Wouters', field: '3.12 Release Manager' });
    expect(PEP.slice(...f.span)).toBe('Thomas Wouters');
    expect(PEP.slice(...f.line)).toBe('- 3.12 Release Manager: Thomas Wouters');
    // Its record: the crew list, not the header above the heading.
    expect(PEP.slice(...f.record)).toBe('- 3.12 Release Manager: Thomas Wouters\n- Windows installers: Steve Dower\n- Documentation: Julien Palard');
    expect(PEP.slice(...read('When was PEP 693 created?')!.record)).toMatch(/^PEP: 693\n[^]*\nCreated: 24-May-2022$/);
    expect(read('What is the status of PEP 693?')).toMatchObject({ text: 'Active' });
    expect(read('Who does the documentation?')).toMatchObject({ text: 'Julien Palard' });
    expect(read('Who wrote PEP 693?')).toMatchObject({ text: 'Thomas Wouters <thomas@python.org>', field: 'Author' });
  });

  it('answers a question for a time only with a value that states one', () => {
    expect(read('When was PEP 693 created?')).toMatchObject({ text: '24-May-2022' });
    expect(read('When did the status change?')).toBeUndefined();
  });

  it('reads no field whose name the question only partly names, nor one it gives the value of', () => {
    // "Release Manager" is named, "3.12" is not: another version's manager.
    expect(read('Who is the release manager?')).toBeUndefined();
    expect(read('Is the status of PEP 693 Active?')).toBeUndefined();
    expect(read('Who handles Windows?')).toBeUndefined();
  });

  it('reads no URL, timeline entry or prose paragraph as a field', () => {
    expect(read('What is https?')).toBeUndefined();
    expect(read('What happened in November 1946?', '- November 1946: The squadron moved to Norfolk.\n')).toBeUndefined();
    expect(read('When did IMFT stop?', 'IMFT: Since 2006, we have owned 51% of IMFT, a joint venture between us and Intel, until 2018.\n')).toBeUndefined();
  });

  it('leaves figures and computations to the tables', () => {
    expect(read('How many installers are there?', 'Installers: 3\n')).toBeUndefined();
  });
});
