import { describe, expect, it } from 'vitest';
import { extractTimestamps, parseQuestion, summarizeForQuestion, SUMMARIES } from '../../src/temporal/index.ts';
import type { Generator, Passage } from '../../src/types.ts';

function passage(id: string, text: string): Passage {
  return { id, docId: id, ordinal: 0, kind: 'text', text, start: 0, end: text.length, sentences: [{ start: 0, end: text.length, times: extractTimestamps(text) }] };
}

/** A generator that answers from a table of canned outputs, in call order. */
function fakeGenerator(outputs: string[]): Generator & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    id: 'fake', device: 'cpu', prompts,
    async generate(prompt: string) { prompts.push(prompt); return outputs[prompts.length - 1] ?? ''; },
    async dispose() {},
  };
}

describe('summarizeForQuestion', () => {
  const question = parseQuestion('Who won the Stanley Cup in 2009?');
  const passages = [
    passage('a', 'The Penguins won a playoff series in 2009 against the Capitals.'),
    passage('b', 'Filmed in 2017, the cycle premiered on January 9, 2018, and the winner was Kyla Coleman.'),
    passage('c', 'The arena opened long ago.'),
  ];

  it('keeps summaries whose dates occur in the passage and drops hallucinated ones', async () => {
    const gen = fakeGenerator([
      'The Penguins won the Stanley Cup in 2010.',
      'Kyla Coleman won the cycle in 2018. Extra chatter that is cut.',
      'No answer.',
    ]);
    const out = await summarizeForQuestion(gen, question, passages);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatchObject({ passageId: 'a', kept: false });
    expect(out[0]!.reason).toContain('2010');
    expect(out[1]).toMatchObject({ passageId: 'b', kept: true, summary: 'Kyla Coleman won the cycle in 2018.' });
    expect(out[1]!.times).toHaveLength(1);
    expect(out[2]).toMatchObject({ passageId: 'c', kept: false, reason: 'the passage does not answer' });
    expect(gen.prompts[0]).toContain('Who won the Stanley Cup?');
    expect(gen.prompts[0]).toContain('in 2009');
    expect(gen.prompts[0]).toContain(passages[0]!.text);
  });

  it('caps the length of a summary', async () => {
    const long = `Kyla Coleman won ${'the title again and '.repeat(40)}in 2018.`;
    const [s] = await summarizeForQuestion(fakeGenerator([long]), question, [passages[1]!]);
    expect(s!.summary.length).toBeLessThanOrEqual(SUMMARIES.maxChars + 1);
  });

  it('stops when aborted', async () => {
    const ctrl = new AbortController();
    ctrl.abort();
    await expect(summarizeForQuestion(fakeGenerator(['x']), question, passages, { signal: ctrl.signal })).rejects.toMatchObject({ code: 'ABORTED' });
  });
});
