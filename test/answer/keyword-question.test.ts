import { describe, expect, it } from 'vitest';
import { keywordQuestion } from '../../src/answer/keyword-question.ts';

describe('keyword queries', () => {
  it('reads keywords as the question they stand for', () => {
    expect(keywordQuestion('python 3.12 release date')).toBe('When was Python 3.12 released?');
    expect(keywordQuestion('node 20 eol')).toBe('When does Node 20 reach end of life?');
    expect(keywordQuestion('Redis 7.0 end of life date')).toBe('When does Redis 7.0 reach end of life?');
    expect(keywordQuestion('ubuntu 22.04 end of standard support')).toBe('When does Ubuntu 22.04 reach end of standard support?');
    expect(keywordQuestion('k8s 1.31 code freeze')).toBe('When is the code freeze for K8s 1.31?');
    expect(keywordQuestion('python 3.8 release manager')).toBe('Who is the release manager for Python 3.8?');
    expect(keywordQuestion('node lts versions')).toBe('Which node versions are LTS?');
    expect(keywordQuestion('supported postgres versions')).toBe('Which postgres versions are still supported?');
    expect(keywordQuestion('is angular 17 supported')).toBe('Is Angular 17 still supported?');
    expect(keywordQuestion('redis supported versions')).toBe('Which redis versions are still supported?');
    expect(keywordQuestion('ubuntu 24.04 codename')).toBe('What is the codename of Ubuntu 24.04?');
    expect(keywordQuestion('postgresql 16 latest release')).toBe('What is the latest version of Postgresql 16?');
    expect(keywordQuestion('go 1.22 new features')).toBe('What is new in Go 1.22?');
    expect(keywordQuestion('rust 1.80 changes')).toBe('What is new in Rust 1.80?');
  });

  it('leaves questions and other keywords as typed', () => {
    expect(keywordQuestion('When was Python 3.12 released?')).toBeUndefined();
    expect(keywordQuestion('Is Angular 17 still supported?')).toBeUndefined();
    expect(keywordQuestion('gold price 2008')).toBeUndefined();
    expect(keywordQuestion('latest django version')).toBeUndefined();
    expect(keywordQuestion('')).toBeUndefined();
  });
});
