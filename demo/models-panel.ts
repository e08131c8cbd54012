/**
 * Loading models from the app's own `/models/` folder into the engine worker, with a
 * progress bar and a device choice. Without a model the engine runs BM25 only, which the
 * panel calls zero-download mode. A model is downloaded once: the service worker keeps its
 * files (cache-first), so it loads offline afterwards; before a first download the panel
 * checks that it fits in the space the browser gives Almanac.
 */
import type { LoadedModels, RemoteAlmanac } from '../src/engine/remote.ts';
import type { ModelDevice } from '../src/types.ts';
import { byId, clear, el } from './dom.ts';
import { errorMessage } from './format.ts';
import { progressView } from './progress.ts';
import { checkRoomFor, isModelCached, modelDownloadBytes } from './storage-usage.ts';

/** One entry of `public/models/manifest.json`. */
export interface ManifestEntry {
  id: string;
  kind?: 'embedder' | 'reranker' | 'generator';
  label?: string;
}

/** Reads the list of bundled models; a missing or malformed manifest only means "type an id". */
export async function readManifest(url = `${import.meta.env.BASE_URL}models/manifest.json`): Promise<ManifestEntry[]> {
  try {
    const response = await fetch(url);
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) return [];
    const body = (await response.json()) as unknown;
    const list = Array.isArray(body) ? body : (body as { models?: unknown }).models;
    if (!Array.isArray(list)) return [];
    return list.filter((m): m is ManifestEntry => typeof (m as ManifestEntry)?.id === 'string');
  } catch {
    return [];
  }
}

/** Wires the models panel; `changed` runs after the engine's models change. */
export function modelsPanel(almanac: RemoteAlmanac, changed: () => void): { refresh(): Promise<void> } {
  const state = byId('model-state');
  const form = byId<HTMLFormElement>('model-form');
  const kind = byId<HTMLSelectElement>('model-kind');
  const idInput = byId<HTMLInputElement>('model-id');
  const datalist = byId<HTMLDataListElement>('model-ids');
  const cancel = byId<HTMLButtonElement>('model-cancel');
  const messages = byId('model-messages');
  const progress = progressView('Model download progress');
  byId('model-progress').appendChild(progress.element);
  let manifest: ManifestEntry[] = [];
  let loading: AbortController | undefined;

  function fillChoices(): void {
    clear(datalist);
    for (const m of manifest) {
      if (m.kind && m.kind !== kind.value) continue;
      datalist.appendChild(el('option', { attrs: { value: m.id }, text: m.label ?? m.id }));
    }
    if (!idInput.value) idInput.placeholder = manifest.find((m) => !m.kind || m.kind === kind.value)?.id ?? 'folder under /models/';
  }

  function show(models: LoadedModels): void {
    clear(state);
    if (!models.embedder && !models.reranker && !models.generator) {
      state.appendChild(el('strong', { text: 'Zero-download mode. ' }));
      state.appendChild(document.createTextNode('No model is loaded; search runs on BM25 and the temporal ranker alone, with nothing to download.'));
      return;
    }
    const rows: Array<[string, string, () => void]> = [];
    if (models.embedder) rows.push(['Embedder', `${models.embedder.id} on ${models.embedder.device} (${models.embedder.dimensions} dimensions)`, () => void unload('embedder')]);
    if (models.reranker) rows.push(['Reranker', `${models.reranker.id} on ${models.reranker.device}`, () => void unload('reranker')]);
    // A synthetic generator has random weights: it proves the streaming and the Stop button, its words mean nothing.
    if (models.generator) rows.push(['Generator', `${models.generator.id} on ${models.generator.device}, answers stream in (RECAP)${models.generator.id.startsWith('synthetic/') ? '; synthetic, random weights: it proves the plumbing, its words mean nothing' : ''}`, () => void unload('generator')]);
    state.appendChild(el('ul', { class: 'loaded-models' }, rows.map(([label, text, onClick]) => el('li', {}, [
      el('strong', { text: `${label}: ` }), text, ' ',
      el('button', { class: 'link', text: 'unload', attrs: { type: 'button', 'aria-label': `Unload the ${label.toLowerCase()}` }, on: { click: onClick } }),
    ]))));
  }

  async function unload(which: 'embedder' | 'reranker' | 'generator'): Promise<void> {
    try {
      show(await almanac.loadModels({ [which]: null }));
      changed();
    } catch (error) {
      messages.replaceChildren(el('p', { class: 'error', text: errorMessage(error) }));
    }
  }

  async function refresh(): Promise<void> {
    show(await almanac.models());
  }

  kind.addEventListener('change', fillChoices);
  cancel.addEventListener('click', () => loading?.abort());
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const id = idInput.value.trim() || idInput.placeholder;
    if (!id || id.includes('..') || /^[a-z]+:/i.test(id)) {
      messages.replaceChildren(el('p', { class: 'error', text: 'Type the id of a model folder under /models/ (for example synthetic/…).' }));
      return;
    }
    const device = (new FormData(form).get('device') ?? 'auto') as ModelDevice;
    const which = kind.value === 'reranker' ? 'reranker' : kind.value === 'generator' ? 'generator' : 'embedder';
    loading?.abort();
    const controller = new AbortController();
    loading = controller;
    clear(messages);
    cancel.hidden = false;
    progress.start(`Loading ${id}`);
    let before = false;
    let after = false;
    const load = async (): Promise<LoadedModels> => {
      before = await isModelCached(id).catch(() => false);
      if (!before) {
        // First download: make sure it fits, rather than fail half-way with the disk full.
        const bytes = await modelDownloadBytes(id);
        if (bytes === undefined) throw new Error(`Model ${id} was never downloaded to this device, and the network is off. Connect once to download it; it then works offline.`);
        const refusal = await checkRoomFor(bytes, `Model ${id}`);
        if (refusal) throw new Error(refusal);
        if (controller.signal.aborted) throw new Error('Loading was cancelled.');
      }
      const models = await almanac.loadModels({ [which]: { id, device } }, { signal: controller.signal, onProgress: (p) => progress.update(p) });
      // Said as it is: the files are kept only where a service worker controls the page.
      after = await isModelCached(id).catch(() => false);
      return models;
    };
    load()
      .then((models) => {
        show(models);
        const where = before ? 'Its files came from this device.'
          : after ? 'Its files are now stored on this device, so it loads offline too.'
            : 'Its files were not stored for offline use (the offline copy of Almanac is not active in this tab yet).';
        messages.replaceChildren(el('p', { class: 'ok', text: `Loaded ${id}. ${where}` }));
        changed();
      }, (error: unknown) => {
        messages.replaceChildren(el('p', { class: 'error', text: controller.signal.aborted ? 'Loading was cancelled.' : errorMessage(error) }));
      })
      .finally(() => {
        if (loading === controller) loading = undefined;
        cancel.hidden = true;
        progress.done();
      });
  });

  void readManifest().then((entries) => {
    manifest = entries;
    fillChoices();
  });
  return { refresh };
}
