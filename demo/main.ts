/**
 * The demo page: connects to the engine worker, restores the corpus stored on this device
 * (or indexes the sample corpus on a first visit), and wires the panels together.
 */
import { connectAlmanac } from '../src/engine/remote.ts';
import { AlmanacError } from '../src/errors.ts';
import { byId } from './dom.ts';
import { coveragePanel } from './coverage-panel.ts';
import { documentsPanel } from './documents-panel.ts';
import { engineEvents } from './engine-events.ts';
import { errorMessage, plural } from './format.ts';
import { modelsPanel } from './models-panel.ts';
import { progressView } from './progress.ts';
import { SAMPLE_SIZE } from './sample-corpus.ts';
import { searchPanel } from './search-panel.ts';

/**
 * Set once the sample corpus was offered, so a user who removed every document does not get
 * it back on the next visit.
 */
const SEEDED_KEY = 'almanac-demo:sample-loaded';

/** localStorage, or nothing where the browser refuses it (it throws rather than returning null). */
function flagStore(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const status = byId('status');
  const startup = progressView('Restoring the corpus');
  byId('startup-progress').appendChild(startup.element);
  startup.start('Opening the corpus stored on this device');

  let persistent = true;
  const events = engineEvents();
  const watch = { onChange: events.onChange, onStatus: events.onStatus };
  const almanac = await connectAlmanac({ onProgress: (p) => startup.update(p), ...watch }).catch(async (error: unknown) => {
    // Private windows and locked-down browsers may refuse IndexedDB: the demo still works,
    // only nothing survives a reload.
    if (!(error instanceof AlmanacError) || error.code !== 'STORAGE_FAILED') throw error;
    persistent = false;
    return connectAlmanac({ storage: 'memory', ...watch });
  });
  startup.done();
  const opened = almanac.opened;

  const search = searchPanel(almanac);
  const coverage = coveragePanel(almanac);
  const onCorpusChanged = (): void => {
    search.invalidate();
    void coverage.refresh();
  };
  const docs = documentsPanel(almanac, onCorpusChanged);
  // Another tab's change, or a restarted worker: redraw what the page lists from the engine.
  events.redrawWith(async () => {
    await docs.refresh();
    onCorpusChanged();
  });
  const models = modelsPanel(almanac, () => undefined);
  await Promise.all([docs.refresh(), coverage.refresh(), models.refresh()]);

  const notes = (opened.crossOriginIsolated ? '' : ' (Not cross-origin isolated: models run on one thread.)')
    + (persistent ? '' : ' This browser refused storage: documents last until the tab closes.');
  if (opened.documents > 0) {
    status.textContent = `Restored ${plural(opened.documents, 'document')} (${plural(opened.passages, 'passage')}) from this device in ${opened.ms} ms, without re-indexing.${notes}`;
    status.dataset.restored = String(opened.documents);
  } else if (!persistent || !flagStore()?.getItem(SEEDED_KEY)) {
    status.textContent = `First visit: indexing the ${SAMPLE_SIZE} sample documents on this device…`;
    const reports = await docs.ingestSample();
    flagStore()?.setItem(SEEDED_KEY, '1');
    const stats = await almanac.stats();
    status.textContent = `Indexed ${plural(reports.length, 'sample document')} (${plural(stats.passages, 'passage')}). They stay on this device; add your own below.${notes}`;
    status.dataset.restored = '0';
  } else {
    status.textContent = `The corpus is empty. Add documents, or load the sample corpus.${notes}`;
    status.dataset.restored = '0';
  }
  document.body.dataset.state = 'ready';
}

main().catch((error: unknown) => {
  const status = document.getElementById('status');
  if (status) {
    status.textContent = `The engine could not start: ${errorMessage(error)}`;
    status.classList.add('error');
  }
  document.body.dataset.state = 'failed';
  console.error(error);
});
