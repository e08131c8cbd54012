/**
 * What happens to the corpus behind the page's back, told to the user: another tab's ingest,
 * removal or clear (applied here by the engine's change feed), the storage closed by another tab,
 * and the engine worker dying and restarting. Each is a line in the status bar, and the panels
 * are redrawn from the engine so that what the page lists is what is stored.
 */
import type { WorkerStatus } from '../src/engine/remote.ts';
import type { CorpusChange } from '../src/types.ts';
import { byId } from './dom.ts';
import { plural } from './format.ts';

/** The handlers to pass to `connectAlmanac`, and where to send redraws once the panels exist. */
export interface EngineEvents {
  onChange(change: CorpusChange): void;
  onStatus(status: WorkerStatus): void;
  /**
   * Sets what redraws the panels (the documents list, the coverage chart, search results);
   * `event` says why: another tab's change, or the worker restarted.
   */
  redrawWith(redraw: (event: 'tab-change' | 'worker-restarted') => Promise<void>): void;
}

/** Creates the handlers; they write to `#status`, with `data-event` naming what happened (for tests). */
export function engineEvents(): EngineEvents {
  let redraw: (event: 'tab-change' | 'worker-restarted') => Promise<void> = async () => undefined;
  const say = (text: string, event: string, error = false): void => {
    const status = byId('status');
    status.textContent = text;
    status.dataset.event = event;
    status.classList.toggle('error', error);
  };
  return {
    onChange(change) {
      if (change.kind === 'storage-closed') {
        say(`The corpus stored on this device was closed: ${change.reason}. Searches still work on what this page holds; reload the page to add or remove documents.`, 'storage-closed', true);
        return;
      }
      const parts = [
        change.added.length ? `added ${plural(change.added.length, 'document')}` : '',
        change.updated.length ? `replaced ${plural(change.updated.length, 'document')}` : '',
        change.removed.length ? `removed ${plural(change.removed.length, 'document')}` : '',
      ].filter(Boolean);
      say(`Another tab ${parts.join(', ')}; this page now shows the same corpus.`, 'tab-change');
      void redraw('tab-change');
    },
    onStatus(status) {
      if (status.kind === 'crashed') {
        say('The engine stopped unexpectedly (it crashed or ran out of memory). Restarting it from the corpus stored on this device…', 'worker-crashed', true);
      } else if (status.kind === 'restarted') {
        const models = status.modelsError ? ` The models could not be loaded again (${status.modelsError}): search runs without them.` : status.models?.embedder ? ` ${status.models.embedder.id} is loaded again.` : '';
        say(`The engine restarted: ${plural(status.opened.documents, 'document')} restored from this device; nothing stored was lost. An ingest that was running stopped: add what is missing from the list again.${models}`, 'worker-restarted');
        void redraw('worker-restarted');
      } else {
        say(`The engine could not be restarted: ${status.error.message}`, 'worker-failed', true);
      }
    },
    redrawWith(next) {
      redraw = next;
    },
  };
}
