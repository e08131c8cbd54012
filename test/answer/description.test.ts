import { describe, expect, it } from 'vitest';
import { describedThing, headsDescription as heads } from '../../src/answer/description.ts';
import { tokenize } from '../../src/text/tokenizer.ts';

const headsDescription = (heading: string, thing: string, title: string) => heads(heading, thing, title, tokenize);

describe('description questions', () => {
  it('reads the thing a description question asks about, and whether it surely asks for one', () => {
    expect(describedThing('What happens during Kubernetes code freeze?')).toEqual({ thing: 'Kubernetes code freeze', surely: true });
    expect(describedThing('What is code freeze?')).toEqual({ thing: 'code freeze', surely: true });
    expect(describedThing('What does LTS mean?')).toEqual({ thing: 'LTS', surely: true });
    expect(describedThing('How does the steering council work?')).toEqual({ thing: 'steering council', surely: true });
    // "What is the ...?" may ask for a value.
    expect(describedThing('What is the PRR freeze?')).toEqual({ thing: 'PRR freeze', surely: false });
    expect(describedThing('When is the code freeze?')).toBeUndefined();
  });

  it('finds the thing in one level of a heading path, its other words in the document\'s title', () => {
    expect(headsDescription('Code Freeze', 'Kubernetes code freeze', 'Kubernetes Release Phases')).toBe(true);
    expect(headsDescription('The steering council › Composition', 'steering council', 'PEP 13 – Python Language Governance')).toBe(true);
    expect(headsDescription('Code Freeze Exceptions', 'code freeze', 'Release Phases')).toBe(false);
    expect(headsDescription('Code Freeze', 'Kubernetes code freeze', 'Python release schedule')).toBe(false);
  });
});
