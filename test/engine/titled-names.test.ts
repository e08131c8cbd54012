import { describe, expect, it } from 'vitest';
import { isTitledBy, preferTitledNames, titleNames } from '../../src/engine/titled-names.ts';
import type { Passage } from '../../src/types.ts';

describe('titled names', () => {
  it('reads a title as a name the question gives: a run of its words that opens with a capital', () => {
    const names = titleNames('Which Node.js versions are LTS in Alpine Linux?');
    expect(isTitledBy('Node.js', names)).toBe(true);
    expect(isTitledBy('Alpine Linux', names)).toBe(true);
    expect(isTitledBy('LTS', names)).toBe(true);
    // A title that names more than the question, or the question's first word.
    expect(isTitledBy('Node.js release schedule', names)).toBe(false);
    expect(isTitledBy('Which', names)).toBe(false);
    expect(titleNames('when was it released?').size).toBe(0);
  });

  it('ranks the documents titled by a name first, each group in its order, and leaves a ranking with none as it was', () => {
    const hit = (docId: string) => ({ passage: { docId } as Passage });
    const titles: Record<string, string> = { wagtail: 'Wagtail', django: 'Django', notes: 'Release notes' };
    const ranked = [hit('wagtail'), hit('notes'), hit('django'), hit('wagtail'), hit('django')];
    expect(preferTitledNames(ranked, 'Which Django version came out in 2023?', (id) => titles[id]).map((r) => r.passage.docId)).toEqual(['django', 'django', 'wagtail', 'notes', 'wagtail']);
    expect(preferTitledNames(ranked, 'Which Flask version came out in 2023?', (id) => titles[id])).toBe(ranked);
  });
});
