import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { chooseAnswerSentence, novelNames } from '../../src/answer/answer-sentence.ts';
import { extractTimestamps, parseQuestion } from '../../src/temporal/index.ts';
import { splitSentences } from '../../src/text/segment.ts';
import { answerTerms } from '../../src/answer/synonyms.ts';

function passage(text: string, heading?: string) {
  return { text, heading, sentences: splitSentences(text).map((s) => ({ ...s, times: extractTimestamps(text.slice(s.start, s.end)) })) };
}

function ask(question: string) {
  const parsed = parseQuestion(question);
  return { analysis: analyzeQuestion(question), constraint: parsed.constraint!, mainContent: parsed.mainContent };
}

const career = passage('Broughton was born in Corbetton , Ontario . He began his teaching career at Victoria College , Toronto . Broughton would go on to teach at Amherst College and Bryn Mawr College ( 1928-1965 ) .', 'Thomas Broughton');
const later = passage('In 1965 Broughton moved to the University of North Carolina , where he taught until 1971 .', 'Thomas Broughton');

describe('the answer sentence of a dated question', () => {
  it('reads past the reranker\'s sentence to the one whose dates and names answer', () => {
    const { analysis, constraint, mainContent } = ask('Where did Thomas Broughton work from 1927 to 1965?');
    const chosen = chooseAnswerSentence(analysis, [
      { source: career, prior: 1, preferred: 'He began his teaching career at Victoria College , Toronto .' },
      { source: later, prior: 0.8 },
    ], { constraint, mainContent })!;
    expect(chosen.candidate).toBe(0);
    expect(chosen.answer.text).toMatch(/Amherst College/);
    expect(chosen.evidence).toBeGreaterThan(0.6);
  });

  it('takes the second passage\'s sentence when the first has nothing near the asked time', () => {
    const { analysis, constraint, mainContent } = ask('Where did Thomas Broughton work from 1966 to 1970?');
    const chosen = chooseAnswerSentence(analysis, [{ source: career, prior: 1 }, { source: later, prior: 0.9 }], { constraint, mainContent })!;
    expect(chosen.candidate).toBe(1);
    expect(chosen.answer.text).toMatch(/University of North Carolina/);
  });

  it('reports weak temporal evidence when no sentence is near the asked time', () => {
    const { analysis, constraint, mainContent } = ask('Where did Thomas Broughton work from 1850 to 1860?');
    const chosen = chooseAnswerSentence(analysis, [{ source: career, prior: 1 }, { source: later, prior: 0.9 }], { constraint, mainContent })!;
    expect(chosen.evidence).toBeLessThan(0.6);
  });

  it('prefers, among sentences of the asked time, the one that names the kind of thing asked for', () => {
    const chess = passage('Blubaum earned his first two GM norms in the Chess Bundesliga in 2012 , with Werder Bremen . He earned his International Master title in 2012 in Dresden .', 'Matthias Blubaum');
    const { analysis, constraint, mainContent } = ask('Which title did Matthias Blubaum receive in 2012?');
    expect(analysis.target).toBe('title');
    const chosen = chooseAnswerSentence(analysis, [{ source: chess, prior: 1 }], { constraint, mainContent })!;
    expect(chosen.answer.text).toMatch(/International Master title/);
  });

  it('counts the names a sentence gives that the question does not', () => {
    const known = new Set(answerTerms('Where did Thomas Broughton work?'));
    expect(novelNames('Broughton would go on to teach at Amherst College , Bryn Mawr College ( 1928-1965 ) .', known)).toBe(2);
    expect(novelNames('In May 1965 Thomas Broughton moved .', known)).toBe(0);
  });
});
