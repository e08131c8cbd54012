/**
 * Latin-script text in French, German, Spanish, Italian, Portuguese or Dutch is read in its
 * language (`src/text/latin-languages.ts`): stop words and stemmer of the document's language,
 * and of the question's. The texts here were written for these tests. Each "fresh" module graph
 * (`vi.resetModules`) is what a new worker has: nothing loaded.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { STOP_WORDS } from '../../src/text/stopwords.ts';

type Tokenizer = typeof import('../../src/text/tokenizer.ts');
type Engine = typeof import('../../src/index.ts');

const TEXTS: Record<string, string> = {
  fr: "La médiathèque du quartier a rouvert ses portes en septembre 2021 après deux ans de travaux. Les habitants y trouvent des livres, des films et une salle d'étude qui est ouverte le dimanche.",
  de: 'Die Stadtbibliothek wurde im Jahr 1998 in einem alten Lagerhaus eröffnet. Sie hat eine große Sammlung von Zeitschriften, und die Leser können dort auch am Abend arbeiten.',
  es: 'El mercado central de la ciudad fue construido en 1928 por un grupo de arquitectos jóvenes. Hoy los vecinos compran allí frutas, pescado y pan todos los días de la semana.',
  it: "Il museo della città è stato aperto nel 1975 in un antico palazzo del centro. Le sale ospitano dipinti e sculture che raccontano la storia della regione.",
  pt: 'O teatro municipal foi inaugurado em 1909 e é um dos edifícios mais visitados da cidade. As apresentações de música acontecem no salão principal durante todo o ano.',
  nl: 'De oude brug over de rivier werd in 1887 gebouwd en is nu een van de bekendste plekken van de stad. Fietsers en wandelaars gebruiken het pad aan de oostkant.',
};
const ENGLISH = 'The national library keeps old manuscripts and maps. It opened a new reading room in 2019, where visitors can study them.';

async function fresh<T>(path: string): Promise<T> {
  vi.resetModules();
  return (await import(path)) as T;
}

describe('the language of Latin-script text', () => {
  it('tells French, German, Spanish, Italian, Portuguese and Dutch from English by their function words', async () => {
    const { detectLatinLanguage, loadLatinLanguages } = await fresh<typeof import('../../src/text/latin-languages.ts')>('../../src/text/latin-languages.ts');
    await loadLatinLanguages([], new Set(STOP_WORDS));
    for (const [tag, text] of Object.entries(TEXTS)) expect(detectLatinLanguage(text), tag).toBe(tag);
    expect(detectLatinLanguage(ENGLISH)).toBeUndefined();
    // English quoting a French title stays English; a question's few words are enough.
    expect(detectLatinLanguage('The exhibition "La vie des formes" opened in the museum of the city on 3 May, and it was a success with the critics.')).toBeUndefined();
    expect(detectLatinLanguage('Quand la médiathèque a-t-elle rouvert ?')).toBe('fr');
    expect(detectLatinLanguage('Wann wurde die Stadtbibliothek eröffnet?')).toBe('de');
    expect(detectLatinLanguage('¿Cuándo fue construido el mercado?')).toBe('es');
    expect(detectLatinLanguage('zenith telescope')).toBeUndefined();
  });

  it('stems a text in its language once loaded, and leaves English terms as they were', async () => {
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    const english = t.tokenize(ENGLISH);
    // Not loaded: French is read as English, as before.
    expect(t.readingLanguage(TEXTS.fr!)).toBeUndefined();
    await t.loadStemmers([...Object.values(TEXTS), ENGLISH]);
    expect(t.readingLanguage(ENGLISH)).toBeUndefined();
    expect(t.tokenize(ENGLISH)).toEqual(english);
    expect(t.readingLanguage(TEXTS.fr!)).toBe('fr');
    const fr = t.tokenize(TEXTS.fr!, 'fr');
    // French stop words go, elided articles are cut off ("d'étude"), words are stemmed as French.
    expect(fr).not.toContain('les');
    expect(fr).not.toContain('des');
    expect(fr).toContain('etud');
    expect(t.tokenize('médiathèques habitant', 'fr')).toEqual(t.tokenize('la médiathèque des habitants', 'fr'));
    expect(t.tokenize('Stadtbibliotheken Sammlungen', 'de')).toEqual(t.tokenize('die Stadtbibliothek der Sammlung', 'de'));
    expect(t.tokenize('mercados vecino', 'es')).toEqual(t.tokenize('el mercado de los vecinos', 'es'));
  });

  it('loads nothing for English text and questions', async () => {
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    const terms = t.tokenize('Who was the mayor of Los Angeles in 2019?');
    await t.loadStemmers([ENGLISH, 'What was the Mexican peso in 2013?', 'zenith telescope']);
    expect(t.latin).toBeUndefined();
    // A word that may be Spanish in a short question loads the detector, which reads it as English.
    await t.loadStemmers(['Who was the mayor of Los Angeles in 2019?']);
    expect(t.latin).toBeDefined();
    expect(t.readingLanguage('Who was the mayor of Los Angeles in 2019?')).toBeUndefined();
    expect(t.tokenize('Who was the mayor of Los Angeles in 2019?')).toEqual(terms);
  });

  it('reads for their language only the texts it is given as such, and every text for its script', async () => {
    // A table's row and column summaries are tokenised in English whatever words they hold: the
    // engine hands only the other texts of a batch as `languages`.
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    await t.loadStemmers([TEXTS.fr!, 'Отчёт'], { languages: [ENGLISH] });
    expect(t.latin).toBeUndefined();
    expect(t.tokenize('Отчёты')).toEqual(t.tokenize('Отчёт'));
    await t.loadStemmers([ENGLISH], { languages: [TEXTS.fr!] });
    expect(t.readingLanguage(TEXTS.fr!)).toBe('fr');
  });

  it('looks further at any text with a function word, whatever stands beside it or however its s is written', async () => {
    // Beside quotes, dashes or a typographic apostrophe, or with a long s ("ſ", which
    // case-insensitive Unicode matching reads as "s"): the detector loads.
    for (const text of ['«la» suite', 'x–die', 'quelqu’un', 'x eſt', 'ÉTÉ où']) {
      const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
      await t.loadStemmers([text]);
      expect(t.latin, text).toBeDefined();
    }
    // Inside a longer word, or after a plain apostrophe, it is no function word.
    const t = await fresh<Tokenizer>('../../src/text/tokenizer.ts');
    await t.loadStemmers(['Lesley and Dieter, a duet', "l'est", 'vanilla']);
    expect(t.latin).toBeUndefined();
  });

  it('finds a French document for a French question, in inflected forms the document does not use, and reports its language', async () => {
    const { createAlmanac } = await fresh<Engine>('../../src/index.ts');
    const almanac = await createAlmanac();
    const reports = await almanac.ingest([
      ...Object.entries(TEXTS).map(([tag, content]) => ({ id: `${tag}.txt`, content, format: 'text' as const })),
      { id: 'en.txt', content: ENGLISH, format: 'text' },
    ]);
    expect(reports.map((r) => [r.id, r.language?.tag, r.language?.stemmer])).toEqual([
      ['fr.txt', 'fr', 'french'], ['de.txt', 'de', 'german'], ['es.txt', 'es', 'spanish'], ['it.txt', 'it', 'italian'],
      ['pt.txt', 'pt', 'portuguese'], ['nl.txt', 'nl', 'dutch'], ['en.txt', 'en', 'english'],
    ]);
    const top = async (q: string) => (await almanac.search(q, { temporal: false })).results[0]?.passage.docId;
    // "médiathèques", "habitant", "ouvertes": forms the document writes otherwise.
    expect(await top('Quelles médiathèques sont ouvertes aux habitants ?')).toBe('fr.txt');
    expect(await top('Welche Sammlungen hat die Stadtbibliothek?')).toBe('de.txt');
    expect(await top('¿Qué compran los vecinos en los mercados?')).toBe('es.txt');
    expect(await top('Quali dipinti ospita il museo?')).toBe('it.txt');
    expect(await top('Which manuscripts does the library keep?')).toBe('en.txt');
    await almanac.close();
  });

  it('reads a stored French corpus again in a fresh engine, its questions in French', async () => {
    const storage = { indexedDB: { name: 'latin-languages', factory: new IDBFactory() } };
    const first = await (await fresh<Engine>('../../src/index.ts')).createAlmanac({ storage });
    await first.ingest([{ id: 'fr.txt', content: TEXTS.fr!, format: 'text' }, { id: 'en.txt', content: ENGLISH, format: 'text' }]);
    const found = await first.search('Quelles médiathèques sont ouvertes aux habitants ?', { temporal: false });
    await first.close();
    const second = await (await fresh<Engine>('../../src/index.ts')).createAlmanac({ storage });
    const again = await second.search('Quelles médiathèques sont ouvertes aux habitants ?', { temporal: false });
    expect(again.results[0]?.passage.docId).toBe('fr.txt');
    expect(again.results.map((r) => [r.passage.id, r.score])).toEqual(found.results.map((r) => [r.passage.id, r.score]));
    await second.close();
  });
});
