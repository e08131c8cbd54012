/**
 * The demo page: connects to the engine worker, restores the corpus stored on this device
 * (or indexes the sample corpus on a first visit), and wires the panels together.
 */
import { connectAlmanac } from '../src/engine/remote.ts';
import { byId } from './dom.ts';
import { coveragePanel } from './coverage-panel.ts';
import { documentsPanel } from './documents-panel.ts';
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

async function main(): Promise<void> {
  const status = byId('status');
  const startup = progressView('Restoring the corpus');
  byId('startup-progress').appendChild(startup.element);
  startup.start('Opening the corpus stored on this device');

  const almanac = await connectAlmanac({ onProgress: (p) => startup.update(p) });
  startup.done();
  const opened = almanac.opened;

  const search = searchPanel(almanac);
  const coverage = coveragePanel(almanac);
  const onCorpusChanged = (): void => {
    search.invalidate();
    void coverage.refresh();
  };
  const docs = documentsPanel(almanac, onCorpusChanged);
  const models = modelsPanel(almanac, () => undefined);
  await Promise.all([docs.refresh(), coverage.refresh(), models.refresh()]);

  const threads = opened.crossOriginIsolated ? '' : ' (not cross-origin isolated: models run on one thread)';
  if (opened.documents > 0) {
    status.textContent = `Restored ${plural(opened.documents, 'document')} (${plural(opened.passages, 'passage')}) from this device in ${opened.ms} ms, without re-indexing.${threads}`;
    status.dataset.restored = String(opened.documents);
  } else if (!localStorage.getItem(SEEDED_KEY)) {
    status.textContent = `First visit: indexing the ${SAMPLE_SIZE} sample documents on this device…`;
    const reports = await docs.ingestSample();
    localStorage.setItem(SEEDED_KEY, '1');
    const stats = await almanac.stats();
    status.textContent = `Indexed ${plural(reports.length, 'sample document')} (${plural(stats.passages, 'passage')}). They stay on this device; add your own below.${threads}`;
    status.dataset.restored = '0';
  } else {
    status.textContent = `The corpus is empty. Add documents, or load the sample corpus.${threads}`;
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
