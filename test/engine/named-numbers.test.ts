import { describe, expect, it } from 'vitest';
import { namingTerms } from '../../src/engine/named-numbers.ts';

describe('namingTerms', () => {
  it('reads a name with its number and a release of three parts as naming terms, not figures or years', () => {
    expect(namingTerms('How many days between Python 3.10.0 release candidate 2 and the final?')).toEqual(['3_10_0', 'python_3_10_0']);
    expect(namingTerms('What was the emission in Scope 1?')).toEqual(['scope_1']);
    expect(namingTerms('What was revenue in Fiscal 2018, and 3.7 percent of it?')).toEqual([]);
  });
});
