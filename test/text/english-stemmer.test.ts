import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokenizer as oramaTokenizer } from '@orama/orama/components';
import { stemEnglish } from '../../src/text/english-stemmer.ts';

const orama = oramaTokenizer.createTokenizer({ stemming: true }).stemmer!;

/** Every lower-case word of the sample corpus and of this repository's sources and tests. */
function vocabulary(): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|txt|md|csv|tsv|html|rst|json)$/.test(entry.name)) {
        for (const m of fs.readFileSync(file, 'utf8').toLowerCase().matchAll(/[a-z]+/g)) words.add(m[0]);
      }
    }
  };
  for (const dir of ['demo', 'src', 'test', 'docs']) walk(path.resolve(__dirname, '../..', dir));
  return words;
}

describe('stemEnglish', () => {
  it("writes the stems Orama's English stemmer writes, on every word of the repository and on every suffix step", () => {
    const words = vocabulary();
    // Every suffix the algorithm's five steps read, on stems of each measure (m = 0, 1, 2, 3) and
    // with a leading y (read as a consonant), so each branch runs whatever the corpus holds.
    const stems = ['b', 'tr', 'y', 'yell', 'hop', 'fil', 'agre', 'condit', 'posit', 'react', 'gener', 'rel', 'format', 'electr', 'adjust', 'depend', 'controll', 'sky', 'happ', 'ro', 'cr', 'fizz'];
    const suffixes = ['', 's', 'es', 'ies', 'sses', 'eed', 'ed', 'ing', 'ating', 'bling', 'izing', 'y', 'ational', 'tional', 'enci', 'anci', 'izer', 'bli', 'alli', 'entli', 'eli', 'ousli', 'ization', 'ation', 'ator', 'alism', 'iveness', 'fulness', 'ousness', 'aliti', 'iviti', 'biliti', 'logi', 'icate', 'ative', 'alize', 'iciti', 'ical', 'ful', 'ness', 'al', 'ance', 'ence', 'er', 'ic', 'able', 'ible', 'ant', 'ement', 'ment', 'ent', 'ou', 'ism', 'ate', 'iti', 'ous', 'ive', 'ize', 'sion', 'tion', 'ion', 'e', 'le', 'll', 'ss'];
    for (const stem of stems) for (const suffix of suffixes) words.add(stem + suffix);
    expect(words.size).toBeGreaterThan(10_000);
    const differing = [...words].filter((w) => stemEnglish(w) !== orama(w));
    expect(differing).toEqual([]);
  });

  it('keeps Orama\'s "-sion" / "-tion" step (it drops the s or t), which stored terms were written with', () => {
    expect(stemEnglish('detection')).toBe('detec');
    expect(stemEnglish('position')).toBe('position');
    expect(stemEnglish('running')).toBe('run');
    expect(stemEnglish('yelling')).toBe('yell');
  });
});
