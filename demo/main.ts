/**
 * The demo page: connects to the engine worker, restores the corpus stored on this device
 * (or indexes the sample corpus on a first visit), and wires the panels together.
 */
import { connectAlmanac } from '../src/engine/remote.ts';
import { startEngineWithModels } from '../src/models/engine-worker.ts';
import { AlmanacError } from '../src/errors.ts';
import { byId } from './dom.ts';
import { corpusTransfer } from './corpus-transfer.ts';
import { coveragePanel } from './coverage-panel.ts';
import { documentsPanel } from './documents-panel.ts';
import { engineEvents } from './engine-events.ts';
import { errorMessage } from './format.ts';
import { modelsPanel } from './models-panel.ts';
import { startOffline } from './offline.ts';
import { progressView } from './progress.ts';
import { SAMPLE_SIZE } from './sample-corpus.ts';
import { searchPanel } from './search-panel.ts';
import { statusLine, type CorpusChange } from './status-line.ts';
import { storagePanel } from './storage-panel.ts';
import { isQuotaError, isStorageError, readUsage, storageAdvice } from './storage-usage.ts';

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
  let storage: ReturnType<typeof storagePanel> | undefined;
  // First, so that the app is stored for offline use even if the engine then fails to start.
  startOffline(() => void storage?.refresh());
  const status = byId('status');
  const startup = progressView('Restoring the corpus');
  byId('startup-progress').appendChild(startup.element);
  startup.start('Opening the corpus stored on this device');

  let persistent = true;
  // Other tabs' changes and the worker's death and restart, told to the user (wired below).
  const events = engineEvents();
  const watch = { worker: startEngineWithModels, onChange: events.onChange, onStatus: events.onStatus };
  const almanac = await connectAlmanac({ ...watch, onProgress: (p) => startup.update(p) }).catch(async (error: unknown) => {
    // Private windows and locked-down browsers may refuse IndexedDB: the demo still works,
    // only nothing survives a reload.
    if (!(error instanceof AlmanacError) || error.code !== 'STORAGE_FAILED') throw error;
    persistent = false;
    return connectAlmanac({ ...watch, storage: 'memory' });
  });
  startup.done();
  const opened = almanac.opened;

  const notes = (opened.crossOriginIsolated ? '' : ' (Not cross-origin isolated: models run on one thread.)')
    + (persistent ? '' : ' This browser refused storage: documents last until the tab closes.');
  const line = statusLine(status, () => almanac.stats(), () => notes);
  const search = searchPanel(almanac);
  const coverage = coveragePanel(almanac);
  let docs: ReturnType<typeof documentsPanel> | undefined;
  let transfer: ReturnType<typeof corpusTransfer> | undefined;
  storage = storagePanel({
    removeAll: async () => { await docs?.removeAll(); },
    showDocuments: () => docs?.focusList(),
  });
  /**
   * Every change to the corpus goes through here, whoever made it (a panel of this page, or
   * another tab: call it with `{ kind: 'elsewhere' }`), so the status line, the documents list,
   * the coverage chart and cached search documents always match the engine.
   */
  const onCorpusChanged = (change: CorpusChange): void => {
    search.invalidate();
    void coverage.refresh();
    void line.update(change);
    void storage.refresh();
    void transfer?.refresh();
    if (change.kind === 'elsewhere' || change.kind === 'imported' || change.kind === 'restarted') void docs?.refresh();
  };
  const advise = async (error: unknown, retry?: string): Promise<string | undefined> => (isQuotaError(error) || isStorageError(error) ? storageAdvice(error, await readUsage(), retry) : undefined);
  docs = documentsPanel(almanac, onCorpusChanged, advise);
  transfer = corpusTransfer(almanac, onCorpusChanged, advise);
  events.attach(line, onCorpusChanged);
  const models = modelsPanel(almanac, () => { void storage.refresh(); void transfer?.refresh(); });
  await Promise.all([docs.refresh(), coverage.refresh(), models.refresh(), storage.refresh(), transfer.refresh()]);

  if (opened.documents > 0) {
    await line.update({ kind: 'restored', ms: opened.ms });
    status.dataset.restored = String(opened.documents);
  } else if (!persistent || !flagStore()?.getItem(SEEDED_KEY)) {
    line.busy(`First visit: indexing the ${SAMPLE_SIZE} sample documents on this device…`);
    await docs.ingestSample(byId('startup-progress'));
    flagStore()?.setItem(SEEDED_KEY, '1');
    status.dataset.restored = '0';
  } else {
    await line.update({ kind: 'refresh' });
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
