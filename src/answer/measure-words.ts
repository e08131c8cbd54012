/**
 * Superlatives that name their measure ("the warmest year", "when was gold cheapest?") read as
 * the superlative and the measure a table is labelled with ("the year with the highest
 * temperature"): a data file's column says "temperature" or "price", never "warmest", and
 * neither search nor the table answer can match a word no document holds. A closed list of the
 * common ones; any other question is left as typed. Pure.
 */

/** Each superlative and what it stands for. */
const MEASURES: Readonly<Record<string, string>> = {
  warmest: 'highest temperature',
  hottest: 'highest temperature',
  coldest: 'lowest temperature',
  coolest: 'lowest temperature',
  cheapest: 'lowest price',
  wettest: 'highest rainfall',
  driest: 'lowest rainfall',
};

const WORD = new RegExp(`\\b(${Object.keys(MEASURES).join('|')})\\b`, 'gi');
/** "The coldest year": a time the superlative picks, asked as "the year with the lowest temperature" ("what was the lowest temperature" asks a figure). */
const OF_TIME = new RegExp(`\\bthe (${Object.keys(MEASURES).join('|')}) (year|month|day|week|quarter|season|decade|period)\\b`, 'gi');

/** The question with its measure superlatives written out, or undefined where it has none. */
export function measureWords(question: string): string | undefined {
  const out = question
    .replace(OF_TIME, (_, word: string, time: string) => `the ${time} with the ${MEASURES[word.toLowerCase()]}`)
    .replace(WORD, (word: string) => MEASURES[word.toLowerCase()]!);
  return out === question ? undefined : out;
}
