/**
 * The storage panel: what Almanac keeps on this device (documents, downloaded models, the
 * app's offline copy), the space left, persistent storage asked for with the browser's answer
 * shown, and the deletes a user controls: one document, every document, the models, or all
 * of it. Export and import of the corpus sit in the same panel (`corpus-transfer.ts`).
 */
import { byId, clear, el } from './dom.ts';
import { errorMessage, formatBytes } from './format.ts';
import { deleteModels, freeBytes, readUsage, type StorageUsage } from './storage-usage.ts';

/** The storage panel. */
export interface StoragePanel {
  /** Re-reads the figures (after any change to the corpus or the models). */
  refresh(): Promise<void>;
}

/** What the panel needs from the rest of the page. */
export interface StorageActions {
  /** Removes every document from the engine (and its storage). */
  removeAll(): Promise<void>;
  /** Takes the user to the documents list, where each document has its Remove button. */
  showDocuments(): void;
}

const PERSIST_ANSWERS = {
  granted: 'Persistent: the browser will not clear Almanac’s documents and models to make room.',
  refused: 'Not persistent: the browser may clear Almanac’s data when the device runs low on space. Browsers grant it to sites you use often or install; ask again later.',
  unknown: 'This browser does not say whether it keeps Almanac’s data under pressure.',
};

function bytesOrUnknown(bytes: number | undefined): string {
  return bytes === undefined ? 'not reported by this browser' : formatBytes(bytes);
}

/** Wires the storage panel in `index.html`. */
export function storagePanel(actions: StorageActions): StoragePanel {
  const figures = byId('storage-figures');
  const meter = byId<HTMLMeterElement>('storage-meter');
  const persistState = byId('storage-persist-state');
  const persistButton = byId<HTMLButtonElement>('storage-persist');
  const messages = byId('storage-messages');
  let generation = 0;

  function say(text: string, kind: 'ok' | 'error' = 'ok'): void {
    messages.replaceChildren(el('p', { class: kind, text }));
  }

  function show(usage: StorageUsage): void {
    const modelBytes = usage.models.reduce((n, m) => n + m.bytes, 0);
    const free = freeBytes(usage);
    const rows: Array<[string, string, string]> = [
      ['corpus', 'Documents and indexes', bytesOrUnknown(usage.corpus)],
      ['models', 'Downloaded models', usage.models.length
        ? `${formatBytes(modelBytes)} (${usage.models.map((m) => `${m.id}: ${formatBytes(m.bytes)}`).join('; ')})`
        : 'none'],
      // 0 B would read as a figure; nothing is stored while the service worker installs (the
      // panel refreshes when it is done) or where the browser refuses one (the footer says why).
      ['app', 'The app, kept for offline use', usage.app === 0 ? 'not stored yet' : bytesOrUnknown(usage.app)],
      ['free', 'Space left for Almanac', free === undefined ? 'not reported by this browser' : `${formatBytes(free)} of ${formatBytes(usage.quota ?? 0)}`],
    ];
    clear(figures);
    for (const [key, label, value] of rows) {
      figures.append(el('dt', { text: label }), el('dd', { text: value, attrs: { 'data-figure': key } }));
    }
    if (usage.used !== undefined && usage.quota) {
      meter.max = usage.quota;
      meter.value = usage.used;
      meter.hidden = false;
      meter.textContent = `${formatBytes(usage.used)} used`;
    } else {
      meter.hidden = true;
    }
    persistState.textContent = usage.persisted === undefined ? PERSIST_ANSWERS.unknown : usage.persisted ? PERSIST_ANSWERS.granted : 'Not persistent yet: the browser may clear Almanac’s data when the device runs low on space.';
    persistState.dataset.persisted = String(usage.persisted ?? 'unknown');
    persistButton.hidden = usage.persisted !== false;
    byId<HTMLButtonElement>('storage-delete-models').disabled = usage.models.length === 0;
    figures.dataset.ready = String(++generation);
  }

  async function refresh(): Promise<void> {
    try {
      show(await readUsage());
    } catch (error) {
      say(`Could not read this device's storage figures: ${errorMessage(error)}`, 'error');
    }
  }

  persistButton.addEventListener('click', () => {
    void (async () => {
      const granted = await navigator.storage?.persist?.().catch(() => false);
      persistState.textContent = granted ? PERSIST_ANSWERS.granted : PERSIST_ANSWERS.refused;
      persistState.dataset.persisted = String(granted === true);
      persistState.dataset.asked = 'true';
      persistButton.hidden = granted === true;
    })();
  });

  byId('storage-remove-one').addEventListener('click', () => actions.showDocuments());

  byId('storage-delete-models').addEventListener('click', () => {
    void (async () => {
      try {
        const bytes = await deleteModels();
        say(bytes ? `Deleted the downloaded models (${formatBytes(bytes)}). A model loaded now stays until the page is reloaded; loading it again downloads it again.` : 'No model was downloaded.');
      } catch (error) {
        say(`Could not delete the models: ${errorMessage(error)}`, 'error');
      }
      await refresh();
    })();
  });

  byId('storage-delete-all').addEventListener('click', () => {
    if (!window.confirm('Delete every document and every downloaded model from this device? The app itself stays available offline.')) return;
    void (async () => {
      try {
        await actions.removeAll();
        const bytes = await deleteModels();
        say(`Deleted every document${bytes ? ` and the downloaded models (${formatBytes(bytes)})` : ''}.`);
      } catch (error) {
        say(`Could not delete everything: ${errorMessage(error)}`, 'error');
      }
      await refresh();
    })();
  });

  return { refresh };
}
