import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { answerDatedLine, answerField, answerReleaseLine } from '../../src/answer/field-answer.ts';

const PEP = 'PEP: 693\nTitle: Python 3.12 Release Schedule\nAuthor: Thomas Wouters <thomas@python.org>\nStatus: Active\nCreated: 24-May-2022\n\nRelease Manager and Crew\n========================\n\n- 3.12 Release Manager: Thomas Wouters\n- Windows installers: Steve Dower\n- Documentation: Julien Palard\n\nSee https://peps.python.org/pep-0693/ for more.\n';
const read = (q: string, text = PEP) => answerField(analyzeQuestion(q), text);

describe('field answers', () => {
  it('reads when a version was released from its first release\'s line of a schedule', () => {
    const schedule = '- 3.8.0 beta 1: Tuesday, 2019-06-04\n- 3.8.0 final: Monday, 2019-10-14\n- 3.8.1 final: Wednesday, 2019-12-18\n- 3.8.20 final: Friday, 2024-09-06\n';
    expect(answerReleaseLine(analyzeQuestion('When was Python 3.8 released?'), schedule)).toMatchObject({ text: 'Monday, 2019-10-14', field: '3.8.0 final' });
    expect(answerReleaseLine(analyzeQuestion('When was Python 3.8.1 released?'), schedule)?.text).toBe('Wednesday, 2019-12-18');
    // Not the end of a version, nor a version the schedule does not list.
    expect(answerReleaseLine(analyzeQuestion('When does Python 3.8 reach end of life?'), schedule)).toBeUndefined();
    expect(answerReleaseLine(analyzeQuestion('When was Python 3.9 released?'), schedule)).toBeUndefined();
  });

  it('reads a schedule that writes its dates first: the version\'s release, its actual date before the planned one, no pre-release', () => {
    const pep = '* August 1: 1.6 beta 1 release (planned).\n* August 3: 1.6 beta 1 release (actual).\n* August 15: 1.6 final release (planned).\n* September 5: 1.6 final release (actual).\n';
    expect(answerReleaseLine(analyzeQuestion('When was Python 1.6 released?'), pep)).toMatchObject({ text: 'September 5', field: '1.6 final release (actual).' });
    const k8s = '- **Tuesday 19th July 2022**: Week 9 — Kubernetes v1.25.0-beta.0 released\n- **Tuesday 2nd August 2022**: Week 11 — Code Freeze\n- **Tuesday 23rd August 2022**: Week 14 — Kubernetes v1.25.0 released\n';
    expect(answerReleaseLine(analyzeQuestion('When did Kubernetes 1.25 come out?'), k8s)?.text).toBe('Tuesday 23rd August 2022');
    expect(answerReleaseLine(analyzeQuestion('When was Kubernetes 1.26 released?'), k8s)).toBeUndefined();
  });

  it('reads the "final" line of the schedule of one version, without the note after its date', () => {
    const schedule = '- alpha 1: April 5, 2006 [completed]\n- beta 1: June 20, 2006 [completed]\n- rc 1: August 17, 2006 [completed]\n- final: September 19, 2006 [completed]\n';
    const q = analyzeQuestion('When was Python 2.5 released?');
    expect(answerReleaseLine(q, schedule, true)).toMatchObject({ text: 'September 19, 2006', field: 'final' });
    // Only where the schedule is that version's (its title names it): else "final" is anyone's.
    expect(answerReleaseLine(q, schedule)).toBeUndefined();
  });

  it('reads a schedule of lines that end with their date, without a colon', () => {
    const schedule = '- 2.7 alpha 1 2009-12-05\n- 2.7 beta 1 2010-04-03\n- 2.7 rc1 2010-06-05\n- 2.7 final 2010-07-03\n';
    expect(answerReleaseLine(analyzeQuestion('When was Python 2.7 released?'), schedule)).toMatchObject({ text: '2010-07-03', field: '2.7 final' });
    expect(answerReleaseLine(analyzeQuestion('When was Python 2.7 released?'), schedule.replace(/^- /gm, ''))?.text).toBe('2010-07-03');
    // Two dated lines are no schedule.
    expect(answerReleaseLine(analyzeQuestion('When was Python 2.7 released?'), '- 2.7 beta 1 2010-04-03\n- 2.7 final 2010-07-03\n')).toBeUndefined();
  });

  it('reads a field named by a version in any form the tokenizer writes of it, not by another number', () => {
    const crew = '- 3.10 Release Manager: Pablo Galindo Salgado\n- Windows installers: Steve Dower\n';
    expect(answerField(analyzeQuestion('Who was the release manager for Python 3.10?'), crew)?.text).toBe('Pablo Galindo Salgado');
    // A field named by the thing alone says what it is, not who did what the question asks.
    expect(answerField(analyzeQuestion('Who led the Osprey 1.33 release team?'), 'Osprey v1.33: Octarine (The Color of Magic)')).toBeUndefined();
    const schedule = '- 3.12.0 beta 4: Tuesday, 2023-07-11\n- 3.12.0 candidate 1: Sunday, 2023-08-06\n- 3.12.0 candidate 3: Tuesday, 2023-09-19\n';
    // "3" of "candidate 3" is not the "3" of 3.12.0.
    expect(answerField(analyzeQuestion('When did the 3.12.0 release candidate ship?'), schedule)).toBeUndefined();
  });

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
    // A proposal is proposed, an announcement announced, by its author.
    expect(read('Who proposed PEP 693?')).toMatchObject({ text: 'Thomas Wouters <thomas@python.org>', field: 'Author' });
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

  it('answers "which ... in <time>?" with the name of a schedule line whose date fits, a note under it deciding between equals', () => {
    const schedule = 'PEP: 569\nTitle: Python 3.8 Release Schedule\nCreated: 27-Jan-2018\n\n- 3.8.3 final: Wednesday, 2020-05-13\n- 3.8.4 final: Monday, 2020-07-13\n- 3.8.5 final: Monday, 2020-07-20\n  (security hotfix)\n- 3.8.6 final: Thursday, 2020-09-24\n';
    const july = (v: string) => (/2020-07/.test(v) ? 1 : 0);
    const dated = (q: string, score: (v: string) => number, text = schedule) => answerDatedLine(analyzeQuestion(q), text, score);
    expect(dated('Which Python 3.8 release came out in May 2020?', (v) => (/2020-05/.test(v) ? 1 : 0))).toMatchObject({ text: '3.8.3 final' });
    expect(dated('Which Python 3.8 release in July 2020 was a security hotfix?', july)).toMatchObject({ text: '3.8.5 final' });
    const f = dated('Which release came out in July 2020?', july)!;
    // Its record: the list, not the header above it; the note under 3.8.5 ends it.
    expect(schedule.slice(...f.record)).toMatch(/^- 3\.8\.3 final[^]*2020-07-20$/);
    // A header's dates beside its title are no schedule; a question for a date is no "which".
    expect(dated('Which PEP was created in January 2018?', (v) => (/Jan-2018/.test(v) ? 1 : 0))).toBeUndefined();
    expect(dated('When was Python 3.8.5 released?', july)).toBeUndefined();
    // A line whose value says more than a date is a fact of its own, not a dated item.
    expect(dated('Who was president in 2001?', () => 1, '- President: Grazia Francescato (1999–2001)\n- Spokesman: Alfonso Pecoraro Scanio (2001–2008)\n- Treasurer: Angelo Bonelli (2009–2013)\n')).toBeUndefined();
  });
});
