/**
 * Moving the corpus to another device, in the storage panel: export writes it to one file in
 * Almanac's index format (`almanac.exportCorpus()`, the format persistence and prebuilt indexes
 * share; no format of the demo's own) and hands it to the browser as a download; import reads
 * such a file back (`almanac.importCorpus()`), after checking that it fits. A document of the
 * file whose id is already here replaces the one here (the file is taken as the newer copy:
 * that is what moving a corpus between devices means); "Replace the whole corpus" makes the
 * corpus exactly the file's. A damaged or newer file, or one that does not fit, changes
 * nothing, and the panel says why with the engine's own message.
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import type { ErrorCode } from '../src/errors.ts';
import { byId, el } from './dom.ts';
import { errorMessage, formatBytes, plural } from './format.ts';
import { progressView } from './progress.ts';
import type { CorpusChange } from './status-line.ts';
import { checkRoomFor, readUsage } from './storage-usage.ts';
import { CORPUS_FILE_EXTENSION, exportFileName, exportText, summariseImport, type ImportMode, type ImportOutcome } from './transfer-summary.ts';

/** The export / import part of the storage panel. */
export interface CorpusTransfer {
  /** Re-reads what the controls depend on (whether there are vectors to leave out). */
  refresh(): Promise<void>;
}

/**
 * Wires `#storage-transfer`. `changed` runs after an import changed the corpus; `advise` turns a
 * storage error into what to delete.
 */
export function corpusTransfer(
  almanac: RemoteAlmanac,
  changed: (change: CorpusChange) => void,
  advise: (error: unknown, retry?: string) => Promise<string | undefined>,
): CorpusTransfer {
  const exportButton = byId<HTMLButtonElement>('corpus-export');
  const input = byId<HTMLInputElement>('corpus-import');
  const vectorsOption = byId('export-vectors-option');
  const vectorsBox = byId<HTMLInputElement>('export-vectors');
  const messages = byId('transfer-messages');
  const progress = progressView('Export or import progress');
  byId('transfer-progress').appendChild(progress.element);
  input.accept = `${CORPUS_FILE_EXTENSION},application/octet-stream`;
  let download: string | undefined;

  const busy = (on: boolean): void => {
    exportButton.disabled = on;
    input.disabled = on;
    messages.closest('.storage-transfer')?.setAttribute('aria-busy', String(on));
  };
  const mode = (): ImportMode => (document.querySelector<HTMLInputElement>('input[name="import-mode"]:checked')?.value === 'replace' ? 'replace' : 'add');

  async function exportCorpus(): Promise<void> {
    busy(true);
    progress.start('Exporting the corpus');
    try {
      const stats = await almanac.stats();
      if (stats.documents === 0) {
        messages.replaceChildren(el('p', { class: 'warning', text: 'The corpus is empty: there is nothing to export. Add documents first.' }));
        return;
      }
      const vectors = vectorsBox.checked || stats.vectors === 0;
      const bytes = await almanac.exportCorpus({ vectors, onProgress: (p) => progress.update(p) });
      const name = exportFileName(new Date());
      if (download) URL.revokeObjectURL(download);
      // A Blob URL: the bytes go from this page to the user's disk, never through a server.
      download = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }));
      const link = el('a', { text: `Save ${name} again`, attrs: { href: download, download: name, 'data-bytes': bytes.length } });
      messages.replaceChildren(el('div', { class: 'summary summary-ok', attrs: { 'data-exported': bytes.length } }, [
        el('p', { class: 'headline ok', text: exportText({ name, bytes: bytes.length }, stats, vectors) }),
        el('p', { class: 'hint' }, [link, ` (${formatBytes(bytes.length)})`]),
      ]));
      link.click();
    } catch (error) {
      messages.replaceChildren(el('p', { class: 'error', text: `Could not export the corpus: ${errorMessage(error)}` }));
    } finally {
      progress.done();
      busy(false);
    }
  }

  async function importFile(file: File): Promise<void> {
    const how = mode();
    const before = new Map((await almanac.documents()).map((d) => [d.id, d.name]));
    if (how === 'replace' && before.size > 0
      && !window.confirm(`Replace the ${plural(before.size, 'document')} on this device with the documents of ${file.name}? Documents the file lacks are removed.`)) return;
    busy(true);
    progress.start(`Importing ${file.name}`);
    const outcome: ImportOutcome = { fileName: file.name, mode: how, added: [], removed: 0 };
    let touched = false;
    try {
      // Checked before reading the file: a corpus that would not fit is refused whole, before
      // the engine writes any of it. (The engine's own storage errors stay the last word.)
      const usage = await readUsage();
      const needed = how === 'replace' ? file.size - (usage.corpus ?? 0) : file.size;
      const noRoom = needed > 0 ? await checkRoomFor(needed, `Importing ${file.name}`) : undefined;
      if (noRoom) {
        outcome.error = { code: 'NO_ROOM', message: '' };
        outcome.advice = noRoom;
        return;
      }
      const bytes = new Uint8Array(await file.arrayBuffer());
      touched = true;
      outcome.report = await almanac.importCorpus(bytes, { replace: how === 'replace', onProgress: (p) => progress.update(p) });
    } catch (error) {
      outcome.error = { code: (error as { code?: ErrorCode }).code, message: errorMessage(error) };
      const advice = await advise(error, 'Then import the file again.');
      if (advice) outcome.advice = advice;
    } finally {
      if (touched) {
        const after = new Map((await almanac.documents().catch(() => [])).map((d) => [d.id, d.name]));
        outcome.added = [...after].filter(([id]) => !before.has(id)).map(([, name]) => name).sort((a, b) => a.localeCompare(b));
        outcome.removed = [...before.keys()].filter((id) => !after.has(id)).length;
      }
      progress.done();
      busy(false);
      show(outcome);
      if (outcome.report) changed({ kind: 'imported', count: outcome.report.documents, added: outcome.added.length, replaced: how === 'replace' ? 0 : outcome.report.replaced, removed: outcome.removed });
      else if (touched) changed({ kind: 'refresh' });
    }
  }

  function show(outcome: ImportOutcome): void {
    const summary = summariseImport(outcome);
    const names = summary.added;
    messages.replaceChildren(el('div', {
      class: `summary summary-${summary.kind}`,
      attrs: { 'data-kind': summary.kind, 'data-code': outcome.error?.code, 'data-imported': outcome.report?.documents },
    }, [
      el('p', { class: `headline ${summary.kind}`, text: summary.headline }),
      el('p', { class: 'detail', text: summary.detail }),
      ...summary.notes.map((text) => el('p', { class: 'hint', text })),
      outcome.advice ? el('p', { class: 'advice', text: outcome.advice }) : null,
      names.length
        ? el('details', { class: 'summary-group', attrs: { open: names.length <= 5 } }, [
          el('summary', { text: `${plural(names.length, 'document')} new to this device` }),
          el('ul', { class: 'summary-names' }, names.map((name) => el('li', { text: name }))),
        ])
        : null,
    ]));
  }

  exportButton.addEventListener('click', () => void exportCorpus());
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (file) void importFile(file).finally(() => { input.value = ''; });
  });

  return {
    async refresh() {
      const stats = await almanac.stats().catch(() => undefined);
      vectorsOption.hidden = !stats?.vectors;
    },
  };
}
