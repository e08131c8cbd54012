import { STOP_WORDS } from './stopwords.ts';
import { tokenize } from './tokenizer.ts';

/**
 * What the acronyms of a corpus's tables stand for (`acronym-table.ts`): a question may say
 * "VCSI" or "CMAs" where a table spells out "violent crime severity index" and "census
 * metropolitan area". The index's code comes with the first table ({@link AcronymIndex.ready}),
 * so a page that searches text only never downloads it.
 */
export class AcronymIndex {
  private table: import('./acronym-table.ts').AcronymTable | undefined;
  private loading: Promise<void> | undefined;

  /** Loads the index's code; await it before the first {@link add}. */
  ready(): Promise<void> {
    return (this.loading ??= import('./acronym-table.ts').then((m) => {
      this.table ??= new m.AcronymTable(tokenize, new Set(STOP_WORDS));
    }));
  }

  /** Counts the phrases and words of one text, known by `id` (after {@link ready}; give {@link remove} the same text). */
  add(id: string, text: string): void {
    if (!this.table) throw new Error('AcronymIndex.add before ready()');
    this.table.add(id, text);
  }

  /** Forgets a text given to {@link add} before. */
  remove(id: string, text: string): void {
    this.table?.remove(id, text);
  }

  /** The phrase `word` stands for in this corpus, or undefined (`AcronymTable.expand`; none before a table was added). */
  expand(word: string, context?: readonly string[]): string | undefined {
    return this.table?.expand(word, context);
  }
}
