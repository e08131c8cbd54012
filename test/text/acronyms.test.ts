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

  it('reads text of ASCII as it reads text with other letters', () => {
    // ASCII text is read in one scan of its codes, any other by patterns: the two agree.
    for (const text of [TABLE, 'Fellowships, traineeships, and training grants. The Youth Criminal Justice Act', "Don't count (the) x1 total's [crime] severity {index}|rate/ratio; \"quoted words\" now? yes! 12-month-old-ish", ' , - . ']) {
      expect(acronymPhrases(`${text}. Énergie`)).toEqual(acronymPhrases(text));
    }
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

  it('counts a phrase once per text, and keeps it while another text still writes it', () => {
    const index = new AcronymIndex();
    index.add('t1', 'Gross domestic product. Gross domestic product by province.');
    index.add('t2', 'Gross domestic product, 2019');
    index.add('t3', 'Gross dental practice');
    // Two texts write "gross domestic product", one "gross dental practice": the commoner wins.
    expect(index.expand('gdp')).toBe('gross domestic product');
    index.remove('t1', 'Gross domestic product. Gross domestic product by province.');
    index.remove('t2', 'Gross domestic product, 2019');
    expect(index.expand('gdp')).toBe('gross dental practice');
    expect(index.expand('gdp', ['dental'])).toBe('gross dental practice');
    expect(index.expand('gdp', ['product'])).toBeUndefined();
    index.remove('t3', 'Gross dental practice');
    expect(index.expand('gdp')).toBeUndefined();
  });

  it('counts a phrase once per text however many texts write it before', () => {
    const index = new AcronymIndex();
    // "vcsi" is used as a word three times (which `expand` weighs twice: as written and as its
    // singular); the phrase is written by five texts, twice in each.
    for (let k = 0; k < 3; k++) index.add(`w${k}`, 'the vcsi figure');
    for (let k = 0; k < 5; k++) index.add(`p${k}`, 'Violent crime severity index. Violent crime severity index, by province.');
    expect(index.expand('vcsi')).toBeUndefined();
    index.add('p5', 'Violent crime severity index');
    expect(index.expand('vcsi')).toBeUndefined();
    index.add('p6', 'Violent crime severity index');
    expect(index.expand('vcsi')).toBe('violent crime severity index');
    index.remove('p6', 'Violent crime severity index');
    expect(index.expand('vcsi')).toBeUndefined();
    index.add('p6', 'Violent crime severity index; violent crime severity index');
    expect(index.expand('vcsi')).toBe('violent crime severity index');
  });

  it('reads a text added again under its id as that text, and ignores initials outside a-z', () => {
    const index = new AcronymIndex();
    index.add('t1', 'Total crime severity index');
    index.add('t1', 'Youth criminal justice act');
    expect(index.expand('yjca', ['youth'])).toBeUndefined();
    expect(index.expand('ycja', ['youth'])).toBe('youth criminal justice act');
    expect(index.expand('ycja', ['sever'])).toBeUndefined();
    index.add('t2', 'Élan vital énergie');
    expect(index.expand('evn')).toBeUndefined();
  });
});
