import { describe, expect, it } from 'vitest';
import { allListQuestion, flagListQuestion, statusListQuestion, statusQuestion, timeListQuestion } from '../../src/answer/support-questions.ts';

describe('support questions', () => {
  it('reads what a status question asks about, and whether "yes" means it has ended', () => {
    expect(statusQuestion('Is Angular 18 still supported?')).toEqual({ subject: 'Angular 18', ended: false });
    expect(statusQuestion('Was Django 3.2 still supported in 2023?')).toEqual({ subject: 'Django 3.2', ended: false });
    expect(statusQuestion('Are Ubuntu 20.04 releases still getting security updates?')).toEqual({ subject: 'Ubuntu 20.04 releases', ended: false });
    expect(statusQuestion('Has CentOS 7 reached end of life?')).toEqual({ subject: 'CentOS 7', ended: true });
    expect(statusQuestion('Is Node.js 16 EOL?')).toEqual({ subject: 'Node.js 16', ended: true });
    expect(statusQuestion('When does Angular 18 reach end of life?')).toBeUndefined();
    expect(statusQuestion('Which Django version was still supported in July 2020?')).toBeUndefined();
  });

  it('reads which of a thing\'s versions a list question asks for: those supported, or those that have ended', () => {
    expect(statusListQuestion('Which PostgreSQL versions are still supported?')).toEqual({ subject: 'PostgreSQL versions', ended: false });
    expect(statusListQuestion('What are the supported versions of Django?')).toEqual({ subject: 'versions of Django', ended: false });
    expect(statusListQuestion('Which Redis releases are currently maintained?')).toEqual({ subject: 'Redis releases', ended: false });
    expect(statusListQuestion('Which Ubuntu releases have reached end of life?')).toEqual({ subject: 'Ubuntu releases', ended: true });
    expect(statusListQuestion('What Node.js versions are no longer supported?')).toEqual({ subject: 'Node.js versions', ended: true });
    expect(statusListQuestion('How many ROS 2 distributions are still supported?')).toEqual({ subject: 'ROS 2 distributions', ended: false, count: true });
    expect(statusListQuestion('How many Ubuntu releases have reached end of life?')).toEqual({ subject: 'Ubuntu releases', ended: true, count: true });
    // One thing, or no list of versions: another question.
    expect(statusListQuestion('Is Angular 18 still supported?')).toBeUndefined();
    expect(statusListQuestion('Which browsers are supported?')).toBeUndefined();
  });

  it('reads which versions a question asks for by a yes / no property, and what says yes', () => {
    expect(flagListQuestion('Which Node.js versions are LTS?')).toEqual({ subject: 'Node.js versions', flag: 'LTS' });
    expect(flagListQuestion('What Ubuntu releases are LTS releases?')).toEqual({ subject: 'Ubuntu releases', flag: 'LTS' });
    expect(flagListQuestion('Which Java versions have long-term support?')).toEqual({ subject: 'Java versions', flag: 'long-term support' });
    // Still supported is a status, a time after the property another question, and one thing no list.
    expect(flagListQuestion('Which PostgreSQL versions are still supported?')).toBeUndefined();
    expect(flagListQuestion('Which Django versions were released in 2023?')).toBeUndefined();
    expect(flagListQuestion('Is Node.js 22 LTS?')).toBeUndefined();
  });

  it('reads which versions a question asks for by when they came out or ended', () => {
    expect(timeListQuestion('Which Ubuntu releases came out in 2022?')).toEqual({ subject: 'Ubuntu releases', role: 'start' });
    expect(timeListQuestion('Which Django versions were released before 2015?')).toEqual({ subject: 'Django versions', role: 'start' });
    expect(timeListQuestion('Which Node.js versions reached end of life in 2023?')).toEqual({ subject: 'Node.js versions', role: 'end' });
    // Asked of one, the same list: two Fedora versions came out in 2023.
    expect(timeListQuestion('Which Fedora version was released in 2023?')).toEqual({ subject: 'Fedora version', role: 'start', one: true });
    expect(timeListQuestion('Which Django is released in 2023?')).toBeUndefined();
    expect(timeListQuestion('Which Django versions are LTS?')).toBeUndefined();
    // How many: the list's length.
    expect(timeListQuestion('How many Rust releases came out in 2023?')).toEqual({ subject: 'Rust releases', role: 'start', count: true });
    expect(timeListQuestion('How many Rust releases were announced in 2024?')).toEqual({ subject: 'Rust releases', role: 'start', count: true });
    expect(timeListQuestion('How many Rust releases were published in 2022?')).toEqual({ subject: 'Rust releases', role: 'start', count: true });
    expect(timeListQuestion('What was the first Rust release announced in 2024?')).toEqual({ subject: 'Rust release', role: 'start', one: true, pick: 'first' });
    expect(timeListQuestion('Which was the most recent Rust release launched in 2024?')).toMatchObject({ pick: 'last' });
  });

  it('reads a question for all of a thing\'s versions, or how many there are', () => {
    expect(allListQuestion('How many Ubuntu LTS releases are there?')).toEqual({ subject: 'Ubuntu LTS releases', count: true });
    expect(allListQuestion('Which Django versions are there?')).toEqual({ subject: 'Django versions' });
    expect(allListQuestion('How many people are there?')).toBeUndefined();
    expect(allListQuestion('Which Django versions are still supported?')).toBeUndefined();
  });
});
