import { describe, expect, it } from 'vitest';
import { describedThing, headsDescription as heads } from '../../src/answer/description.ts';
import { tokenize } from '../../src/text/tokenizer.ts';

const headsDescription = (heading: string, thing: string, title: string) => heads(heading, thing, title, tokenize);

describe('description questions', () => {
  it('reads the thing a description question asks about', () => {
    expect(describedThing('What happens during Kubernetes code freeze?')).toBe('Kubernetes code freeze');
    expect(describedThing('What is code freeze?')).toBe('code freeze');
    expect(describedThing('What does LTS mean?')).toBe('LTS');
    expect(describedThing('What does ESR stand for?')).toBe('ESR');
    expect(describedThing('What does PEP 602 propose?')).toBe('PEP 602');
    expect(describedThing('What is PEP 602 about?')).toBe('PEP 602');
    expect(describedThing('What does LTS mean for Ubuntu?')).toBe('LTS');
    expect(describedThing('What does the release team lead do?')).toBe('release team lead');
    expect(describedThing('How does the steering council work?')).toBe('steering council');
    expect(describedThing('What is the PRR freeze?')).toBe('PRR freeze');
    expect(describedThing('When is the code freeze?')).toBeUndefined();
  });

  it('finds the thing in one level of a heading path, its other words in the document\'s title', () => {
    expect(headsDescription('Code Freeze', 'Kubernetes code freeze', 'Kubernetes Release Phases')).toBe(true);
    expect(headsDescription('The steering council › Composition', 'steering council', 'PEP 13 – Python Language Governance')).toBe(true);
    expect(headsDescription('Code Freeze Exceptions', 'code freeze', 'Release Phases')).toBe(false);
    expect(headsDescription('Code Freeze', 'Kubernetes code freeze', 'Python release schedule')).toBe(false);
  });
});
