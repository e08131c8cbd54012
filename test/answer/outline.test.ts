import { describe, expect, it } from 'vitest';
import { asksAbout, asksOutline, outlineOf, sectionAbout, topicOf, type OutlineSection } from '../../src/answer/outline.ts';
import { answerTerms } from '../../src/answer/synonyms.ts';

const v = (n: string) => new RegExp(`(?<![\\d.])${n.replace(/\./g, '\\.')}(?:\\.0)*(?![\\d]|\\.\\d)`);
const sec = (path: string, ...sentences: string[]): OutlineSection => ({ path: path.split(' › '), sentences });

describe('asksOutline', () => {
  it('reads what a question asks a release brought, and of which kind', () => {
    expect(asksOutline("What's new in Rust 1.80?")).toEqual({});
    expect(asksOutline('What are the new features in Go 1.22?')).toEqual({});
    expect(asksOutline('What changed in 1.2.0?')).toEqual({});
    expect(asksOutline('What did Rust 1.80.0 stabilize?')).toEqual({ verb: 'stabilize' });
    expect(asksOutline('What feature did Rust 1.26 stabilize?')).toEqual({ verb: 'stabilize' });
    expect(asksOutline('What was removed in 1.1.0?')).toEqual({ verb: 'removed' });
    expect(asksOutline('What was stabilized in Rust 1.72?')).toEqual({ verb: 'stabilized' });
    expect(asksOutline('What APIs were stabilized in Rust 1.80?')).toEqual({ verb: 'stabilized' });
    expect(asksOutline('What was released in Go 1.24?')).toEqual({});
    expect(asksOutline("What's in Rust 1.70.0?")).toEqual({});
    expect(asksOutline('What is in Rust 1.34.2?')).toEqual({});
    expect(asksOutline('What is the latest version of Django 5.1?')).toBeUndefined();
    expect(asksOutline('What did Go 1.22 change about loop variables?')).toBeUndefined();
  });
});

describe('outlineOf', () => {
  it('lists the subsections of the heading that names the release, less thanks and leftovers', () => {
    const rust = [
      sec("What's in 1.80.0 stable › LazyCell and LazyLock", 'These types delay initialization.'),
      sec("What's in 1.80.0 stable › Exclusive ranges in patterns", 'Ranges can now use exclusive endpoints.'),
      sec("What's in 1.80.0 stable › Other changes", 'Check out everything that changed.'),
      sec('Contributors to 1.80.0', 'Many people came together.'),
    ];
    expect(outlineOf({}, [v('1.80')], 'Announcing Rust 1.80.0', rust)!.items.map((i) => i.text)).toEqual(['LazyCell and LazyLock', 'Exclusive ranges in patterns']);
  });

  it('lists the items of the one section that gathers the kind of change a verb asks', () => {
    const rust = [
      sec("What's in 1.72.0 stable › Const evaluation time is now unlimited", 'The limit is gone.'),
      sec("What's in 1.72.0 stable › Stabilized APIs", 'impl<T: Send> Sync for mpsc::Sender<T>', 'String::leak'),
      sec("What's in 1.72.0 stable › Other changes", 'Check out everything that changed.'),
    ];
    expect(outlineOf({ verb: 'stabilized' }, [v('1.72')], 'Announcing Rust 1.72.0', rust)!.items.map((i) => [i.text, i.section, i.sentence])).toEqual([['impl<T: Send> Sync for mpsc::Sender<T>', 1, 0], ['String::leak', 1, 1]]);
    // A verb of a kind no section gathers: the sections, as for "what's new".
    expect(outlineOf({ verb: 'removed' }, [v('1.72')], 'Announcing Rust 1.72.0', rust)!.items.map((i) => i.text)).toEqual(['Const evaluation time is now unlimited', 'Stabilized APIs']);
  });

  it('lists a changelog version\'s items, of the kind the verb asks', () => {
    const log = [
      sec('[Unreleased] › Added', 'Reading TSV files.'),
      sec('[1.2.0] - 2019-02-15 › Added', 'Danish translation.', 'A new visual identity.'),
      sec('[1.2.0] - 2019-02-15 › Removed', 'The old parser.'),
      sec('[1.1.0] - 2017-11-20 › Added', 'Python 3.6.'),
    ];
    expect(outlineOf({}, [v('1.2.0')], 'Changelog', log)!.items.map((i) => i.text)).toEqual(['Danish translation.', 'A new visual identity.', 'The old parser.']);
    expect(outlineOf({ verb: 'removed' }, [v('1.2.0')], 'Changelog', log)!.items.map((i) => [i.text, i.section, i.sentence])).toEqual([['The old parser.', 2, 0]]);
    expect(outlineOf({}, [v('1.2')], 'Changelog', log)!.items).toHaveLength(3);
    expect(outlineOf({}, [v('1.3.0')], 'Changelog', log)).toBeUndefined();
    // A version's heading with its items right under it.
    const flat = [sec('1.2.0 (2019-02-15)', 'Danish translation.'), sec('1.1.0 (2017-11-20)', 'Python 3.6.')];
    expect(outlineOf({}, [v('1.2.0')], 'Changes', flat)!.items.map((i) => i.text)).toEqual(['Danish translation.']);
  });

  it('lists the sections of release notes titled by the release, and nothing from prose or a schedule that names it', () => {
    const go = [
      sec('Introduction to Go 1.22', 'The latest Go release arrives six months after Go 1.21.'),
      sec('Changes to the language', 'Loop variables are now per iteration.'),
      sec('Tools › Go command', 'Workspaces can now vendor.'),
      sec('Standard library › New math/rand/v2 package', 'Go 1.22 includes the first v2 package.'),
    ];
    const notes = outlineOf({}, [v('1.22')], 'Go 1.22 Release Notes', go)!;
    expect(notes.items.map((i) => [i.text, i.heading])).toEqual([['Changes to the language', 'Changes to the language'], ['Go command', 'Go command'], ['New math/rand/v2 package', 'New math/rand/v2 package']]);
    expect(outlineOf({}, [v('1.22')], 'Go 1.22 Release Schedule', go)).toBeUndefined();
    // The second level is the change; deeper sections detail it, grab-bags list none of their own.
    const deep = [
      sec('Changes to the language › Generics', 'Osprey 1.18 has generics.'),
      sec('Changes to the language › Generics › golang.org/x/exp/slices', 'A package of helpers.'),
      sec('Changes to the language › Bug fixes', 'Two bugs fixed.'),
      sec('Ports › AMD64', 'A new variable.'),
      sec('Tools › Fuzzing', 'Fuzzing is new.'),
      sec('Runtime', 'The collector is faster.'),
      sec('Standard library › Minor changes to the library › bufio', 'A new method.'),
    ];
    expect(outlineOf({}, [v('1.18')], 'Osprey 1.18 Release Notes', deep)!.items.map((i) => i.text)).toEqual(['Generics', 'Fuzzing', 'Runtime']);
    expect(outlineOf({}, [v('1.29')], 'Release information', [sec('Kubernetes 1.29: Mandala (The Universe)', 'This release is inspired by the Mandala.')])).toBeUndefined();
    // A heading that says what the release brought, over prose (a point release's fix): its sentences, in order.
    const point = [sec("What's in 1.34.2 stable", 'A security vulnerability was reported.', 'This release destabilizes the method.'), sec('Contributors', 'Many people.')];
    const read = outlineOf({}, [v('1.34.2')], 'Announcing Rust 1.34.2', point)!;
    expect(read.items.map((i) => [i.text, i.section, i.sentence])).toEqual([['A security vulnerability was reported.', 0, 0], ['This release destabilizes the method.', 0, 1]]);
    expect(read.prose).toBe(true);
    expect(outlineOf({}, [v('1.80')], 'Announcing Rust 1.80.0', [sec("What's in 1.80.0 stable › LazyCell and LazyLock", 'These types delay initialization.')])!.prose).toBeUndefined();
  });

  it('counts what it leaves out past the most it lists', () => {
    const many = Array.from({ length: 12 }, (_, i) => sec(`Feature ${String.fromCharCode(65 + i)}`, 'New.'));
    expect(outlineOf({}, [v('2.0')], 'Osprey 2.0 Release Notes', many)).toMatchObject({ more: 4, items: { length: 8 } });
  });
});

describe('topicOf', () => {
  const go = [
    sec('Changes to the language', 'Loop variables are now per iteration.'),
    sec('Tools › Go command', 'Workspaces can vendor.', 'go get is gone outside modules.'),
    sec('Tools › Vet', 'Vet reports more.'),
    sec('Runtime', 'The runtime is faster.', 'Maps use Swiss Tables.'),
    sec('Changes', 'Small fixes.'),
  ];
  const ask = (q: string, title = 'Go 1.24 Release Notes') => topicOf([v('1.24')], title, go, new Set(answerTerms(q)), answerTerms);

  it('reads the section the question names whole: its sentences, or its subsections', () => {
    expect(ask('What changed in the Go 1.24 runtime?')?.items.map((i) => i.text)).toEqual(['The runtime is faster.', 'Maps use Swiss Tables.']);
    expect(ask('What changed in the Go command in Go 1.24?')?.items.map((i) => i.text)).toEqual(['Workspaces can vendor.', 'go get is gone outside modules.']);
    expect(ask('What changed in the tools in Go 1.24?')?.items.map((i) => i.text)).toEqual(['Go command', 'Vet']);
  });

  it('reads no kind of change, no heading of the title\'s words alone, and nothing of notes of another release', () => {
    expect(ask('What changed in Go 1.24?')).toBeUndefined();
    expect(ask('What changed in the Go 1.24 runtime?', 'Go 1.22 Release Notes')).toBeUndefined();
  });
});

describe('sectionAbout', () => {
  const theory = [
    sec('Scope of the tz database', 'The tz database attempts to record the history of civil time.'),
    sec('Time zone abbreviations', 'Abbreviations like EST are generated.', 'They use three to six characters.'),
    sec('Calendrical issues', 'Calendars changed over time.'),
    sec('Annual release cadence', 'A feature release comes every twelve months.'),
  ];
  const about = (q: string) => sectionAbout(asksAbout(q)!, theory, answerTerms)?.items.map((i) => i.text);

  it('reads the sentences of the section a "what does X say about Y?" question names', () => {
    expect(asksAbout('What does the tz database say about time zone abbreviations?')).toBe('time zone abbreviations');
    expect(asksAbout('What does PEP 13 tell us about vacancies?')).toBe('vacancies');
    expect(asksAbout('What is the theory of time zones?')).toBeUndefined();
    expect(about('What does the tz database say about time zone abbreviations?')).toEqual(['Abbreviations like EST are generated.', 'They use three to six characters.']);
    // A heading of one more word names the topic too; a heading of part of it does not.
    expect(about('What does PEP 602 say about the release cadence?')).toEqual(['A feature release comes every twelve months.']);
    expect(about('What does the tz database say about zone names and abbreviations in Europe?')).toBeUndefined();
  });
});
