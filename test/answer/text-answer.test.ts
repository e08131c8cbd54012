import { describe, expect, it } from 'vitest';
import { analyzeQuestion } from '../../src/answer/question.ts';
import { answerFromText } from '../../src/answer/text-answer.ts';
import { extractTimestamps } from '../../src/temporal/index.ts';
import { splitSentences } from '../../src/text/segment.ts';

function passage(text: string, heading?: string) {
  return { text, heading, sentences: splitSentences(text).map((s) => ({ ...s, times: extractTimestamps(text.slice(s.start, s.end)) })) };
}

const pm = passage('Theresa May resigned in 2019. Boris Johnson became prime minister of the United Kingdom on 24 July 2019. He led the Conservatives to a majority of 80 seats in the December 2019 election.');

describe('text answers', () => {
  it('picks the sentence that names the question and marks the date a "when" question asks for', () => {
    const a = answerFromText(analyzeQuestion('When did Boris Johnson become prime minister?'), pm)!;
    expect(pm.text.slice(...a.sentence)).toMatch(/^Boris Johnson became/);
    expect(a.text).toBe('24 July 2019');
    expect(pm.text.slice(a.sentence[0] + a.span![0], a.sentence[0] + a.span![1])).toBe('24 July 2019');
    // "become" and "became" are different terms to the stemmer: four of five named.
    expect(a.confidence).toBe(0.8);
  });

  it('reads the number a "how many" question asks for, not one the question gives', () => {
    const a = answerFromText(analyzeQuestion('How many seats was the majority in the December 2019 election?'), pm)!;
    expect(a).toMatchObject({ text: '80', value: 80 });
  });

  it('keeps the whole sentence as the answer when no span applies, and honours a reranker\'s sentence', () => {
    const q = analyzeQuestion('Who led the Conservatives?');
    expect(answerFromText(q, pm)!.text).toMatch(/^He led the Conservatives/);
    const preferred = answerFromText(q, pm, { preferred: 'Theresa May resigned in 2019.' })!;
    expect(pm.text.slice(...preferred.sentence)).toBe('Theresa May resigned in 2019.');
    expect(preferred.text).toBe('Theresa May');
  });

  it('reads the name a "who" question asks for: not the words the question gives, not a date, not a title', () => {
    const q = analyzeQuestion('Who was UK prime minister as of 6 May 2021?');
    const a = answerFromText(q, passage('Boris Johnson became Prime Minister of the United Kingdom on 24 July 2019, after Theresa May resigned.'))!;
    expect(a.text).toBe('Boris Johnson');
    const titled = answerFromText(analyzeQuestion('Who owned the house in 1916?'), passage('In 1915, Col. William Pattison bought the house.'))!;
    expect(titled.text).toBe('William Pattison');
    const particle = answerFromText(analyzeQuestion('Who presided over the European Commission in 2020?'), passage('In December 2019 Ursula von der Leyen took office as President of the European Commission.'))!;
    expect(particle.text).toBe('Ursula von der Leyen');
    // A lone capitalised word opening the sentence is not taken for a name.
    const opener = answerFromText(analyzeQuestion('Who chaired the board in 2020?'), passage('Later the board was chaired by a committee in 2020.'))!;
    expect(opener.text).toBe('Later the board was chaired by a committee in 2020.');
  });

  it('counts the heading toward support, and says how little an unrelated sentence covers', () => {
    const bio = passage('He was born in New York in 1964.', 'Boris Johnson');
    expect(answerFromText(analyzeQuestion('Where was Boris Johnson born?'), bio)!.confidence).toBe(1);
    expect(answerFromText(analyzeQuestion('What is the boiling point of mercury?'), pm)!.confidence).toBe(0);
  });
});
