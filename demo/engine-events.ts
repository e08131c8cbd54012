/**
 * What happens to the corpus behind the page's back, told to the user: another tab's ingest,
 * removal or clear (applied here by the engine's change feed), the storage closed by another tab,
 * and the engine worker dying and restarting. Changes go through the page's one corpus-change
 * path (the status line, the documents list, the coverage chart), so what the page shows is what
 * is stored.
 */
import type { WorkerStatus } from '../src/engine/remote.ts';
import type { CorpusChange as EngineChange } from '../src/types.ts';
import { byId } from './dom.ts';
import type { CorpusChange, StatusLine } from './status-line.ts';

/** The handlers to pass to `connectAlmanac`, and what they report to once the page is wired. */
export interface EngineEvents {
  onChange(change: EngineChange): void;
  onStatus(status: WorkerStatus): void;
  /** Where to report: the status line, and the page's corpus-change path. */
  attach(line: StatusLine, changed: (change: CorpusChange) => void): void;
}

/** Creates the handlers. Events that arrive before `attach` (none should) are dropped. */
export function engineEvents(): EngineEvents {
  let line: StatusLine | undefined;
  let changed: ((change: CorpusChange) => void) | undefined;
  const problem = (text: string): void => {
    const status = byId('status');
    status.textContent = text;
    status.classList.add('error');
  };
  return {
    onChange(change) {
      if (change.kind === 'storage-closed') {
        problem(`The corpus stored on this device was closed: ${change.reason}. Searches still work on what this page holds; reload the page to add or remove documents.`);
        return;
      }
      changed?.({ kind: 'elsewhere', added: change.added.length, updated: change.updated.length, removed: change.removed.length });
    },
    onStatus(status) {
      if (status.kind === 'crashed') {
        line?.busy('The engine stopped unexpectedly (it crashed or ran out of memory). Restarting it from the corpus stored on this device…');
      } else if (status.kind === 'restarted') {
        const note = status.modelsError
          ? `The models could not be loaded again (${status.modelsError}): search runs without them.`
          : 'An ingest that was running stopped: add what is missing from the list again.';
        changed?.({ kind: 'restarted', note });
      } else {
        problem(`The engine could not be restarted: ${status.error.message}`);
      }
    },
    attach(nextLine, nextChanged) {
      line = nextLine;
      changed = nextChanged;
    },
  };
}
