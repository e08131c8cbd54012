/**
 * The status line under the title: the one place that says what the corpus holds. Its counts
 * always come from the engine (`almanac.stats()`), never from what a panel believes it did,
 * so the line cannot go stale: every change to the corpus (an ingest, a remove, Remove all,
 * an import, a change made in another tab) calls {@link StatusLine.update} with what happened,
 * and the line is rewritten from the engine's numbers plus that one note.
 */
import type { CorpusStats } from '../src/types.ts';
import { plural } from './format.ts';

/** What just happened to the corpus; it only picks the note after the counts. */
export type CorpusChange =
  | { kind: 'restored'; ms: number }
  | { kind: 'seeded' }
  | { kind: 'added'; count: number }
  | { kind: 'removed'; count: number }
  | { kind: 'cleared' }
  /** An import of a corpus file: `count` documents read from it, of which `added` new here and `replaced` replacing one with the same id; `removed` gone (a whole-corpus replace). */
  | { kind: 'imported'; count: number; added?: number; replaced?: number; removed?: number }
  /** Another tab (or window) of this page changed the stored corpus; the counts say how, when known. */
  | { kind: 'elsewhere'; added?: number; updated?: number; removed?: number }
  /** The engine worker died and a new one reopened the corpus from storage; `note` adds what else to know. */
  | { kind: 'restarted'; note?: string }
  /** Nothing in particular: just make the line true again. */
  | { kind: 'refresh' };

/** The status line of the page. */
export interface StatusLine {
  /** Rewrites the line from the engine's counts; `change` says what just happened. */
  update(change?: CorpusChange): Promise<void>;
  /** Shows work in progress ("indexing the sample corpus…") until the next update. */
  busy(text: string): void;
}

/** Writes the line for `stats` after `change` (pure, so it is tested without a page). */
export function statusText(stats: CorpusStats, change: CorpusChange = { kind: 'refresh' }): string {
  if (stats.documents === 0) {
    if (change.kind === 'cleared') return 'Removed every document: the corpus is empty. Add documents, or load the sample corpus.';
    if (change.kind === 'elsewhere') return 'Another tab removed every document: the corpus is empty. Add documents, or load the sample corpus.';
    if (change.kind === 'restarted') return 'The engine stopped unexpectedly and was restarted; the corpus stored on this device is empty.';
    return 'The corpus is empty. Add documents, or load the sample corpus.';
  }
  const what = `${plural(stats.documents, 'document')} (${plural(stats.passages, 'passage')}${stats.tables ? `, ${plural(stats.tables, 'table')}` : ''})`;
  switch (change.kind) {
    case 'restored':
      return `Restored ${what} from this device in ${change.ms} ms, without re-indexing.`;
    case 'seeded':
      return `Indexed the sample corpus: ${what} on this device. They stay here; add your own under Add documents.`;
    case 'added':
      return `${capitalise(what)} on this device. Added ${plural(change.count, 'document')}.`;
    case 'removed':
      return `${capitalise(what)} on this device. Removed ${plural(change.count, 'document')}.`;
    case 'imported': {
      const how = [
        change.added !== undefined && change.added !== change.count ? `${change.added} new` : '',
        change.replaced ? `${change.replaced} replaced` : '',
        change.removed ? `${plural(change.removed, 'document')} the file lacks removed` : '',
      ].filter(Boolean).join(', ');
      return `${capitalise(what)} on this device. Imported ${plural(change.count, 'document')}${how ? ` (${how})` : ''}.`;
    }
    case 'elsewhere': {
      const how = [
        change.added ? `added ${plural(change.added, 'document')}` : '',
        change.updated ? `replaced ${plural(change.updated, 'document')}` : '',
        change.removed ? `removed ${plural(change.removed, 'document')}` : '',
      ].filter(Boolean).join(', ');
      return `${capitalise(what)} on this device, changed in another tab${how ? ` (it ${how})` : ''}.`;
    }
    case 'restarted':
      return `The engine stopped unexpectedly and was restarted: ${what} restored from this device, nothing stored was lost.${change.note ? ` ${change.note}` : ''}`;
    default:
      return `${capitalise(what)} on this device.`;
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Binds the status line `element` to `stats` (the engine's). `notes` is appended to every
 * line (e.g. "this browser refused storage").
 */
export function statusLine(element: HTMLElement, stats: () => Promise<CorpusStats>, notes: () => string = () => ''): StatusLine {
  // Updates can overlap (an ingest finishing while a remove runs): only the latest one writes.
  let generation = 0;
  return {
    async update(change) {
      const mine = ++generation;
      const current = await stats();
      if (mine !== generation) return;
      element.textContent = `${statusText(current, change)}${notes()}`;
      element.dataset.documents = String(current.documents);
      // What the line last reported, for tests and assistive tools that watch it.
      element.dataset.change = change?.kind ?? 'refresh';
      element.dataset.passages = String(current.passages);
      element.classList.remove('busy', 'error');
    },
    busy(text) {
      generation++;
      element.textContent = text;
      element.classList.add('busy');
    },
  };
}
