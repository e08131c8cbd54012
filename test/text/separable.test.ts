import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTextTokenizer } from '../../src/text/tokenizer.ts';
import { separableAt } from '../../src/retrieval/text-pieces.ts';

const counting = createTextTokenizer(true);
const terms = (text: string) => counting.tokenize(text) as string[];

// Pieces as table summaries write them, and the rewrites of `normalizeWords` that read around
// a match: names before numbers, versions, figures, compounds, possessives, "U.S.", spans.
const PIECES = [
  'in 2013 Buy ', 'in 2013 buy ', 'Apollo ', 'apollo ', 'Super Bowl ', 'Python ', 'python ', 'version ', 'release ', 'in ',
  'United ', 'united ', 'States', 'states, ', 'U.S. ', 'u.s. ', 'fys 2017-19. ', 'Hedging: Foreign currency. ', 'Mexican peso: ',
  '11', '11.2, ', '11.20, ', '11.20', '3.10 ', 'v18 ', 'V1.29.0, ', 'XXVIII ', 'II, ', '-5.2, ', '1,234, ', '1,234.50 (percent).',
  "Canada's ", "'quoted' ", 'non-aboriginal ', 'police-reported ', '24-year-olds ', '2017-19 ', '2023-03-15, ', 'rot-weiß ',
  'covid-19, ', '..', 'x, ', 'none, ', 'Total ', 'total ', 'iPhone ', 'Node.js ', '18.20.4, ', 'café ', '2019 ', 'Σ ', 'ΟΔΟΣ ',
];

describe('separableAt', () => {
  it('never says two pieces are separable when their terms read across the boundary', () => {
    for (const left of PIECES) {
      for (const right of PIECES) {
        if (separableAt(left, right)) expect([...terms(left), ...terms(right)], `${left}|${right}`).toEqual(terms(left + right));
      }
    }
  });

  it('holds for runs of generated pieces', () => {
    const piece = fc.oneof(
      fc.constantFrom(...PIECES),
      fc.stringMatching(/^[A-Za-z0-9.,'\- ]{1,12} $/),
      fc.stringMatching(/^[A-Za-z0-9.,'\-]{1,8}(?:, |: |\. | )$/),
    );
    fc.assert(fc.property(piece, piece, (left, right) => !separableAt(left, right) || terms(left + right).join(' ') === [...terms(left), ...terms(right)].join(' ')), { numRuns: 3000 });
  });

  it('keeps a name and its number together, and cuts where nothing reads across', () => {
    expect(separableAt('Apollo ', '11')).toBe(false);
    expect(separableAt('Python ', '3.10')).toBe(false);
    expect(separableAt('version ', '3.10')).toBe(false);
    expect(separableAt('Super Bowl ', 'XXVIII')).toBe(false);
    expect(separableAt('United ', 'States')).toBe(false);
    expect(separableAt('in 2013 buy ', '11.2, ')).toBe(true);
    expect(separableAt('Mexican peso: ', 'in 2013 Buy ')).toBe(true);
    expect(separableAt('fys 2017-19. ', '2017 actual: ')).toBe(true);
    // A boundary inside a word is never cut.
    expect(separableAt('in 2013', ' 11')).toBe(false);
    expect(separableAt('Buy', '11')).toBe(false);
  });
});
