/**
 * The stemmers of other scripts load on demand (`src/text/scripts.ts`), and the tokenizer is
 * synchronous: whatever the order of loading, a word must become the term it always became.
 * Each "fresh" engine here is a new module graph (`vi.resetModules`), which is what a fresh
 * process or worker has: no stemmer loaded, nothing cached.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';

type Tokenizer = typeof import('../../src/text/tokenizer.ts');
type Engine = typeof import('../../src/index.ts');

/** Six texts in the six scripts with a stemmer, and their terms as the statically imported stemmers gave them (before they became lazy). */
const SAMPLES: Array<[string, string[]]> = [
  ['Национальная библиотека открылась в Москве. Она хранит старинные рукописи и книгах.', ['национальн', 'библиотек', 'откр', 'в', 'москв', 'он', 'хран', 'старин', 'рукопис', 'и', 'книг']],
  ['Η Εθνική Βιβλιοθήκη της Ελλάδας φυλάσσει χειρόγραφα βιβλίων.', ['η', 'εθνικ', 'βιβλιοθηκ', 'τ', 'ελλαδ', 'φυλασσ', 'χειρογραφ', 'βιβλ']],
  ['افتتحت المكتبة الوطنية في القاهرة. تحفظ المكتبة مخطوطات قديمة.', ['افتتح', 'مكتب', 'وطن', 'في', 'قاهر', 'تحفظ', 'مخطوطا', 'قديم']],
  ['Հայաստանի ազգային գրադարանը պահում է ձեռագրեր։', ['հայաստ', 'ազգայ', 'գրադ', 'պահ', 'է', 'ձեռագր']],
  ['राष्ट्रीय पुस्तकालय में पुरानी पांडुलिपियाँ रखी गई हैं।', ['राष्ट्रीय', 'पुस्तकालय', 'म', 'पुरान', 'पांडुलिप', 'रख', 'ग', 'हैं']],
  ['தேசிய நூலகம் பழைய கையெழுத்துப் பிரதிகளை வைத்திருக்கிறது.', ['தேசி', 'நூலகம்', 'பழை', 'கையெழு', 'பிரதி', 'வைத்திர்']],
];
const RUSSIAN = SAMPLES[0]![0];

async function fresh<T>(path: string): Promise<T> {
  vi.resetModules();
  return (await import(path)) as T;
}

/** The lexical index's text terms of an exported corpus. */
async function exportedTerms(almanac: Awaited<ReturnType<Engine['createAlmanac']>>): Promise<string[]> {
  const { readCorpusFile } = await import('../../src/index-format/corpus-file.ts');
  const { segments } = readCorpusFile(await almanac.exportCorpus());
  return segments.flatMap((s) => s.lexical.fields[0]!.terms);
}

describe('stemmers loaded on demand', () => {
  it('gives the terms the static stemmers gave, once loaded; before, words stay whole and nothing stale is cached', async () => {
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    const scripts = await import('../../src/text/scripts.ts');
    expect(scripts.loadedStemmers()).toEqual([]);
    // Not loaded: kept whole (what the engine never lets happen to indexed text).
    expect(t.tokenize('рукописи')).toEqual(['рукописи']);
    await t.loadStemmers(['рукописи']);
    expect(scripts.loadedStemmers()).toEqual(['russian']);
    // The cached whole word was forgotten when the stemmer arrived.
    expect(t.tokenize('рукописи')).toEqual(['рукопис']);
    await t.loadStemmers(SAMPLES.map(([text]) => text));
    expect(scripts.loadedStemmers().sort()).toEqual(['arabic', 'armenian', 'greek', 'hindi', 'russian', 'tamil']);
    for (const [text, terms] of SAMPLES) expect(t.tokenize(text), text).toEqual(terms);
  });

  it('loads only what a text needs: English loads nothing', async () => {
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    const scripts = await import('../../src/text/scripts.ts');
    await t.loadStemmers(['The national library keeps old manuscripts. Café naïve Müller.']);
    expect(scripts.loadedStemmers()).toEqual([]);
    await t.loadStemmers(['Η Εθνική Βιβλιοθήκη']);
    expect(scripts.loadedStemmers()).toEqual(['greek']);
  });

  it('reads a text given again (a table heading in every passage) and every punctuation mark of an English page without loading anything, but not a letter of a stemmed script', async () => {
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    const scripts = await import('../../src/text/scripts.ts');
    await t.loadStemmers(['Revenue by year – 2019 … 2020 ‘net’ “gross” €5 £3 µg Ærø', '', 'Revenue — totals']);
    expect(scripts.loadedStemmers()).toEqual([]);
    // The heading of a table's passages comes after each passage's text and an empty field: it is
    // read once, and what it needs is still loaded when it is first met there.
    const heading = 'Η Εθνική Βιβλιοθήκη';
    await t.loadStemmers(['row one: 12', '', heading, 'row two: 14', '', heading, 'row three: 16', '', heading]);
    expect(scripts.loadedStemmers()).toEqual(['greek']);
    // The ohm sign (U+2126) is a Greek letter outside the Greek block: it still counts.
    const u = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    const s2 = await import('../../src/text/scripts.ts');
    await u.loadStemmers(['a resistance of 5 \u2126']);
    expect(s2.loadedStemmers()).toEqual(['greek']);
  });

  it('finds no letter of a stemmed script in the ranges its first scan passes over (ASCII, Latin-1, Latin Extended, General Punctuation)', async () => {
    const { BEYOND_LATIN, SCRIPTS } = await import('../../src/text/scripts.ts');
    const stemmed = SCRIPTS.filter((s) => s.script !== 'Latin' && s.stemmer);
    expect(stemmed.map((s) => s.stemmer).sort()).toEqual(['arabic', 'armenian', 'greek', 'hindi', 'russian', 'tamil']);
    let passed = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if (BEYOND_LATIN.test(ch)) continue;
      passed++;
      for (const s of stemmed) if (s.test.test(ch)) throw new Error(`U+${cp.toString(16)} is ${s.script}`);
    }
    expect(passed).toBe(0x250 + 0x70);
  });

  it('fingerprints the terms the same whichever stemmers have loaded', async () => {
    const before = (await fresh<typeof import('../../src/retrieval/term-index.ts')>('../../src/retrieval/term-index.ts')).termsFingerprint();
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    await t.loadStemmers(SAMPLES.map(([text]) => text));
    const { termsFingerprint } = await import('../../src/retrieval/term-index.ts');
    expect(termsFingerprint()).toBe(before);
  });

  it('indexes and finds a Russian document in a fresh engine with the same terms, and again after a restore in another fresh one', async () => {
    const factory = new IDBFactory();
    const storage = { indexedDB: { name: 'lazy-stemmers', factory } };
    const doc = { name: 'библиотека.txt', content: `# Библиотека\n\n${RUSSIAN}` };

    const first = await (await fresh<Engine>('../../src/index.ts')).createAlmanac({ storage });
    const [report] = await first.ingest([doc]);
    expect(report!.stored).toBe(true);
    const terms = await exportedTerms(first);
    expect(terms).toEqual(expect.arrayContaining(SAMPLES[0]![1]));
    // An inflected form the document does not contain ("библиотеке", "рукописей") meets its stem.
    const found = await first.search('в библиотеке рукописей');
    expect(found.results[0]?.passage.docId).toBe('библиотека.txt');
    await first.close();

    // Another fresh engine opens the stored corpus: nothing is loaded until it reads the corpus.
    const engine = await fresh<Engine>('../../src/index.ts');
    const scripts = await import('../../src/text/scripts.ts');
    expect(scripts.loadedStemmers()).toEqual([]);
    const second = await engine.createAlmanac({ storage });
    expect(scripts.loadedStemmers()).toEqual(['russian']);
    expect(await exportedTerms(second)).toEqual(terms);
    const again = await second.search('в библиотеке рукописей');
    expect(again.results.map((r) => [r.passage.id, r.score])).toEqual(found.results.map((r) => [r.passage.id, r.score]));
    await second.close();

    // A fresh engine that imports the exported file, and one asked in Russian before any Russian text is in.
    const exported = await (await (await fresh<Engine>('../../src/index.ts')).createAlmanac({ storage })).exportCorpus();
    const third = await (await fresh<Engine>('../../src/index.ts')).createAlmanac();
    expect((await third.search('библиотеке')).results).toEqual([]);
    await third.importCorpus(exported);
    expect(await exportedTerms(third)).toEqual(terms);
    expect((await third.search('в библиотеке рукописей')).results.map((r) => [r.passage.id, r.score])).toEqual(found.results.map((r) => [r.passage.id, r.score]));
  });
});

describe('stemmers loaded before or after the text comes in', () => {
  /** One document per script with a stemmer, and a question of inflected forms of its words. */
  const DOCS = SAMPLES.map(([text], i) => ({ name: `doc-${i}.txt`, content: text }));
  const QUESTIONS = ['в библиотеке рукописей', 'Βιβλιοθήκη χειρόγραφα', 'مخطوطات المكتبة', 'գրադարանը ձեռագրեր', 'पुस्तकालय पांडुलिपियाँ', 'நூலகம் பிரதிகளை'];

  /** What a search shows of its results: which passages, how they scored, what is highlighted. */
  async function answers(almanac: Awaited<ReturnType<Engine['createAlmanac']>>): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const q of QUESTIONS) {
      const { results } = await almanac.search(q);
      out.push(results.map((r) => [r.passage.id, r.score, r.highlights]));
    }
    return out;
  }

  it('gives every script the same terms and the same results whether its stemmer was loaded first, by the ingest, or after a question had been asked', async () => {
    // Loaded first: every stemmer in before the engine sees any text.
    let engine = await fresh<Engine>('../../src/index.ts');
    await (await import('../../src/text/tokenizer.ts')).loadStemmers(SAMPLES.map(([text]) => text));
    const preloaded = await engine.createAlmanac();
    await preloaded.ingest(DOCS);
    const terms = await exportedTerms(preloaded);
    const results = await answers(preloaded);
    // Each question finds its own document, through the stems its inflected words share with it.
    expect(results.map((r) => ((r as Array<[string]>)[0]?.[0] ?? '').split('#')[0])).toEqual(DOCS.map((d) => d.name));

    // Loaded by the ingest, in a fresh engine.
    engine = await fresh<Engine>('../../src/index.ts');
    const scripts = await import('../../src/text/scripts.ts');
    const byIngest = await engine.createAlmanac();
    await byIngest.ingest(DOCS);
    expect(scripts.loadedStemmers().sort()).toEqual(['arabic', 'armenian', 'greek', 'hindi', 'russian', 'tamil']);
    expect(await exportedTerms(byIngest)).toEqual(terms);
    expect(await answers(byIngest)).toEqual(results);

    // The questions asked first, one at a time in a fresh engine whose corpus is English only:
    // each loads its script's stemmer; then the documents come in and are found the same.
    engine = await fresh<Engine>('../../src/index.ts');
    const late = await engine.createAlmanac();
    await late.ingest([{ name: 'en.txt', content: 'The national library keeps old manuscripts.' }]);
    for (const q of QUESTIONS) expect((await late.search(q)).results).toEqual([]);
    await late.ingest(DOCS);
    await late.remove(['en.txt']);
    expect(await exportedTerms(late)).toEqual(terms);
    expect(await answers(late)).toEqual(results);
  });
});
