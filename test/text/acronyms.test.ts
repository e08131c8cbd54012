import { describe, expect, it } from 'vitest';
import { AcronymIndex, acronymPhrases } from '../../src/text/acronyms.ts';

const TABLE = 'Police-reported crime severity indexes, by census metropolitan area, 2017. Columns: violent crime severity index; non-violent crime severity index.';

describe('acronymPhrases', () => {
  it('takes runs of three to six words within a clause, skipping stop words, across commas', () => {
    const phrases = new Map(acronymPhrases('Fellowships, traineeships, and training grants. The Youth Criminal Justice Act'));
    expect(phrases.get('fttg')).toBe('fellowships traineeships training grants');
    expect(phrases.get('ycja')).toBe('youth criminal justice act');
    // A clause mark ends a run: no phrase spans "grants. the youth".
    expect([...phrases.values()].some((p) => p.includes('grants youth'))).toBe(false);
  });

  it('reads hyphenated compounds as words and stops a run at a number', () => {
    const phrases = new Map(acronymPhrases('moderate-to-vigorous physical activity 2015 total crime severity index'));
    expect(phrases.get('mvpa')).toBe('moderate vigorous physical activity');
    expect(phrases.get('csi')).toBe('crime severity index');
    expect([...phrases.values()].some((p) => p.includes('activity total'))).toBe(false);
  });
});

describe('AcronymIndex', () => {
  it('says what an acronym of the corpus stands for, plural included', () => {
    const index = new AcronymIndex();
    index.add('t1', TABLE);
    expect(index.expand('VCSI')).toBe('violent crime severity index');
    expect(index.expand('cmas')).toBe('census metropolitan area');
    expect(index.expand('nvcsi')).toBe('non violent crime severity index');
  });

  it('leaves alone a word the corpus uses as a word more often than the phrase', () => {
    const index = new AcronymIndex();
    index.add('t1', 'Average gross earnings by sex');
    expect(index.expand('age')).toBe('average gross earnings');
    index.add('t2', 'Population by age group');
    index.add('t3', 'Median age of workers');
    expect(index.expand('age')).toBeUndefined();
    expect(index.expand('and')).toBeUndefined();
  });

  it('counts only phrases from texts that hold a context term, and forgets removed texts', () => {
    const index = new AcronymIndex();
    index.add('t1', TABLE);
    expect(index.expand('csi', ['footbal'])).toBeUndefined();
    expect(index.expand('csi', ['footbal', 'report'])).toBe('crime severity index');
    index.remove('t1', TABLE);
    expect(index.expand('csi')).toBeUndefined();
  });
});
