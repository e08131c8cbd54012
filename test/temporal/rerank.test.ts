import { describe, expect, it } from 'vitest';
import { lexicalSimilarity, parseQuestion, rerankTemporal } from '../../src/temporal/index.ts';
import { REFERENCE, datedPassage } from './passages.ts';
import type { Passage, TemporalConstraint } from '../../src/types.ts';

/** Rerank passages carry ingest-style ids (`<doc>#0`) and a heading. */
const passage = (id: string, heading: string, sentences: string[]): Passage => ({ ...datedPassage(id, sentences, heading), id: `${id}#0` });

const johnson = passage('johnson', 'Prime Minister of the United Kingdom', [
  'Boris Johnson has been the prime minister of the United Kingdom since 24 July 2019.',
  'He leads the Conservative Party.',
]);
const sturgeon = passage('sturgeon', '2021 Scottish Parliament election', [
  'On 6 May 2021, Nicola Sturgeon won the Scottish Parliament election.',
  'She remained First Minister of Scotland.',
]);
const may = passage('may', 'Theresa May', [
  'Theresa May was prime minister of the United Kingdom from 2016 to 2019.',
]);
const blair = passage('blair', 'Tony Blair', [
  'Tony Blair was prime minister of the United Kingdom from 1997 to 2007.',
]);

describe('rerankTemporal', () => {
  const question = parseQuestion('Who was UK prime minister as of 6 May 2021?', { referenceDate: REFERENCE });

  it('puts the passage that answers above the one that only repeats the date', () => {
    // The first stage favours Sturgeon: her passage contains the question's date string.
    const out = rerankTemporal({
      mainContent: question.mainContent,
      constraint: question.constraint!,
      candidates: [{ passage: sturgeon, score: 12 }, { passage: blair, score: 6 }, { passage: johnson, score: 5 }],
    });
    expect(out.map((r) => r.passage.docId)).toEqual(['johnson', 'blair', 'sturgeon']);
    expect(out[0]!.score).toBeGreaterThan(out[1]!.score);
    expect(out[0]!.explanation.temporal).toBeGreaterThan(out[2]!.explanation.temporal);
  });

  it('prefers a term running on the date to one that ended before it', () => {
    const out = rerankTemporal({
      mainContent: question.mainContent,
      constraint: question.constraint!,
      candidates: [{ passage: may, score: 5 }, { passage: johnson, score: 5 }],
    });
    const t = (id: string) => out.find((r) => r.passage.docId === id)!.explanation.temporal;
    expect(t('johnson')).toBeCloseTo(1, 5);
    expect(t('may')).toBeLessThan(0.97);
  });

  it('explains each result: constraint, best sentence, its timestamps, both scores', () => {
    const [top] = rerankTemporal({ mainContent: question.mainContent, constraint: question.constraint!, candidates: [{ passage: johnson, score: 1 }] });
    const e = top!.explanation;
    expect(e.constraint).toBe(question.constraint);
    expect(e.mainContent).toBe('Who was UK prime minister?');
    expect(e.sentence).toBe('Boris Johnson has been the prime minister of the United Kingdom since 24 July 2019.');
    expect(e.times).toHaveLength(1);
    expect(e.times[0]!.open).toBe('end');
    expect(e.temporal).toBeCloseTo(1, 5);
    expect(e.semantic).toBeGreaterThan(0);
    expect(e.semantic).toBeLessThanOrEqual(1);
  });

  it('uses a given semantic function, with the heading as context', () => {
    const seen: string[] = [];
    const semantic = (_q: string, sentences: string[]) => sentences.map((s) => { seen.push(s); return s.includes('Blair') ? 1 : 0.1; });
    const constraint: TemporalConstraint = { ...question.constraint! };
    const out = rerankTemporal({ mainContent: 'x', constraint, candidates: [{ passage: johnson, score: 1 }, { passage: blair, score: 1 }], semantic });
    expect(seen).toContain('Prime Minister of the United Kingdom: He leads the Conservative Party.');
    expect(out[0]!.passage.docId).toBe('blair');
  });

  it('uses the first-stage order, not the scale of its scores', () => {
    const run = (k: number) => rerankTemporal({
      mainContent: question.mainContent,
      constraint: question.constraint!,
      candidates: [{ passage: sturgeon, score: 12 * k }, { passage: blair, score: 6 * k }, { passage: johnson, score: 5 * k }],
    }).map((r) => [r.passage.docId, r.score]);
    expect(run(100)).toEqual(run(1));
  });

  it('copes with passages without sentences and with no candidates', () => {
    const bare: Passage = { ...blair, id: 'bare#0', docId: 'bare', sentences: [] };
    const out = rerankTemporal({ mainContent: question.mainContent, constraint: question.constraint!, candidates: [{ passage: bare, score: 0 }] });
    expect(out).toHaveLength(1);
    expect(out[0]!.explanation.sentence).toBe(bare.text);
    expect(out[0]!.explanation.temporal).toBe(0.5);
    expect(rerankTemporal({ mainContent: 'x', constraint: question.constraint!, candidates: [] })).toEqual([]);
  });
});

describe('lexicalSimilarity', () => {
  it('is deterministic, non-negative, in [0, 1], and prefers rarer shared words', () => {
    const s = ['The club was managed by Smith.', 'The club won the league.', 'Nothing to see here.'];
    const a = lexicalSimilarity('Who managed the club?', s);
    expect(a).toEqual(lexicalSimilarity('Who managed the club?', s));
    for (const x of a) { expect(x).toBeGreaterThanOrEqual(0); expect(x).toBeLessThanOrEqual(1); }
    expect(a[0]).toBeGreaterThan(a[1]!);
    expect(a[1]).toBeGreaterThan(a[2]!);
  });

  it('counts a name that opens the sentence like one inside it', () => {
    const [opening, inside] = lexicalSimilarity('Who bought the house?', [
      'Jacqueline Kennedy bought the house.',
      'Then the house was bought by Jacqueline Kennedy.',
    ]);
    expect(opening).toBeCloseTo(inside!, 10);
  });
});
