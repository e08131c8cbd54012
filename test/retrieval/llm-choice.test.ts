import { describe, expect, it } from 'vitest';
import { choicePrompt, parseChoice, LLM_CHOICE } from '../../src/retrieval/llm-choice.ts';

describe('choicePrompt', () => {
  it('numbers the candidates, shows their best snippets on one line each, and asks for a number', () => {
    const p = choicePrompt('Mexican peso\n2013 buy?', [
      { title: 'Rates', snippets: ['Mexican peso: in 2013 Buy 11.2.', 'Euro: in 2013 Buy 1.3.', 'a third snippet'] },
      { title: 'Owners', snippets: ['George   Peter\nowned the house.'] },
    ]);
    expect(p).toContain('Question: Mexican peso 2013 buy?');
    expect(p).toContain('[1] Rates\n- Mexican peso: in 2013 Buy 11.2.\n- Euro: in 2013 Buy 1.3.\n[2] Owners\n- George Peter owned the house.');
    expect(p).not.toContain('a third snippet');
    expect(p).toMatch(/number of that document only/);
    expect(p.endsWith('Answer:')).toBe(true);
  });

  it('cuts long snippets at a word', () => {
    const long = 'word '.repeat(200);
    const line = choicePrompt('q', [{ title: 't', snippets: [long] }]).split('\n').find((l) => l.startsWith('- '))!;
    expect(line.length).toBeLessThanOrEqual(LLM_CHOICE.snippetChars + 4);
    expect(line.endsWith('word …')).toBe(true);
  });
});

describe('parseChoice', () => {
  it('reads the first number that names a candidate', () => {
    expect(parseChoice('2', 3)).toBe(1);
    expect(parseChoice('[3]', 3)).toBe(2);
    expect(parseChoice('Document 1 answers it.', 3)).toBe(0);
    expect(parseChoice('In 2013, document 2.', 3)).toBe(1);
  });

  it('names none when the reply has no candidate number', () => {
    expect(parseChoice('none of them', 3)).toBeUndefined();
    expect(parseChoice('0', 3)).toBeUndefined();
    expect(parseChoice('7', 3)).toBeUndefined();
    expect(parseChoice('', 3)).toBeUndefined();
  });
});
