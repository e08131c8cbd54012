/**
 * Adding and listing documents: drop or pick files, paste text, load the sample corpus,
 * remove one or all. Every ingest shows a progress bar and reports bad files by name.
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import type { DocumentInput, IngestReport } from '../src/types.ts';
import { byId, clear, el } from './dom.ts';
import { readFiles, type RejectedFile } from './files.ts';
import { errorMessage, plural } from './format.ts';
import { progressView } from './progress.ts';
import { loadSampleCorpus } from './sample-corpus.ts';

/** The documents panel. */
export interface DocumentsPanel {
  /** Redraws the list from the engine. */
  refresh(): Promise<void>;
  /** Ingests inputs with progress; resolves to the reports (failures listed in the panel). */
  ingest(docs: DocumentInput[], label: string): Promise<IngestReport[]>;
  /** Ingests the bundled sample corpus. */
  ingestSample(): Promise<IngestReport[]>;
}

/** Wires the documents panel; `changed` runs after the corpus changes. */
export function documentsPanel(almanac: RemoteAlmanac, changed: () => void): DocumentsPanel {
  const list = byId<HTMLUListElement>('documents');
  const count = byId('doc-count');
  const messages = byId('ingest-messages');
  const progress = progressView('Ingest progress');
  byId('ingest-progress').appendChild(progress.element);
  let busy: Promise<unknown> = Promise.resolve();

  function showMessages(lines: Array<{ text: string; kind: 'error' | 'warning' | 'ok' }>): void {
    clear(messages);
    for (const line of lines) messages.appendChild(el('p', { class: line.kind, text: line.text }));
  }

  async function refresh(): Promise<void> {
    const docs = await almanac.documents();
    docs.sort((a, b) => a.name.localeCompare(b.name));
    count.textContent = `(${docs.length})`;
    clear(list);
    if (docs.length === 0) list.appendChild(el('li', { class: 'empty', text: 'No documents yet.' }));
    for (const doc of docs) {
      const remove = el('button', {
        class: 'remove',
        text: 'Remove',
        attrs: { type: 'button', 'aria-label': `Remove ${doc.name}` },
        on: {
          click: () => {
            remove.disabled = true;
            void almanac.remove([doc.id]).then(refreshAndNotify, (error: unknown) => {
              remove.disabled = false;
              showMessages([{ kind: 'error', text: `Could not remove ${doc.name}: ${errorMessage(error)}` }]);
            });
          },
        },
      });
      list.appendChild(el('li', { class: 'document' }, [
        el('span', { class: 'doc-name', text: doc.name, attrs: { title: doc.title } }),
        el('span', { class: 'doc-meta', text: `${plural(doc.passages, 'passage')}${doc.tables ? ` · ${plural(doc.tables, 'table')}` : ''}` }),
        remove,
      ]));
    }
  }

  async function refreshAndNotify(): Promise<void> {
    await refresh();
    changed();
  }

  function ingest(docs: DocumentInput[], label: string, rejected: RejectedFile[] = []): Promise<IngestReport[]> {
    const run = async (): Promise<IngestReport[]> => {
      const lines: Array<{ text: string; kind: 'error' | 'warning' | 'ok' }> = rejected.map((r) => ({ kind: 'error', text: `${r.name} was not added: ${r.reason}` }));
      if (docs.length === 0) {
        showMessages(lines);
        return [];
      }
      progress.start(label);
      try {
        const reports = await almanac.ingest(docs, { onProgress: (p) => progress.update(p) });
        const added = reports.filter((r) => r.stored).length;
        for (const line of failureLines(reports)) lines.push({ kind: 'error', text: line });
        for (const r of reports) for (const w of r.warnings) lines.push({ kind: 'warning', text: `${r.name}: ${w}` });
        if (added) lines.unshift({ kind: 'ok', text: added === reports.length ? `Added ${plural(added, 'document')}.` : `Added ${added} of ${plural(reports.length, 'document')}.` });
        showMessages(lines);
        return reports;
      } catch (error) {
        lines.push({ kind: 'error', text: `Nothing was added: ${errorMessage(error)}` });
        showMessages(lines);
        return [];
      } finally {
        progress.done();
        await refreshAndNotify();
      }
    };
    // One ingest at a time: a second drop waits rather than interleaving progress bars.
    const next = busy.then(run, run);
    busy = next.catch(() => undefined);
    return next;
  }

  async function addFiles(files: FileList | File[]): Promise<void> {
    const { docs, rejected } = await readFiles(files);
    await ingest(docs, `Adding ${plural(docs.length, 'file')}`, rejected);
  }

  // Files: the picker and drag and drop.
  const input = byId<HTMLInputElement>('file-input');
  input.addEventListener('change', () => {
    if (input.files?.length) void addFiles([...input.files]).finally(() => { input.value = ''; });
  });
  const zone = byId('drop-zone');
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    const files = event.dataTransfer?.files;
    if (files?.length) void addFiles([...files]);
  });
  // Dropping a file elsewhere must not navigate away from the page (the browser would open it).
  window.addEventListener('dragover', (event) => event.preventDefault());
  window.addEventListener('drop', (event) => event.preventDefault());

  // Pasted text.
  const pasteForm = byId<HTMLFormElement>('paste-form');
  const pasteName = byId<HTMLInputElement>('paste-name');
  const pasteText = byId<HTMLTextAreaElement>('paste-text');
  pasteForm.addEventListener('submit', (event) => {
    event.preventDefault();
    const content = pasteText.value;
    if (!content.trim()) {
      showMessages([{ kind: 'error', text: 'Paste some text first.' }]);
      return;
    }
    const name = pasteName.value.trim() || `pasted-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.txt`;
    void ingest([{ id: name, name, content, date: new Date() }], `Adding ${name}`).then((reports) => {
      if (reports.length && !reports[0]?.error) {
        pasteText.value = '';
        pasteName.value = '';
      }
    });
  });

  const ingestSample = async (): Promise<IngestReport[]> => ingest(await loadSampleCorpus(), 'Indexing the sample corpus');
  byId<HTMLButtonElement>('load-sample').addEventListener('click', () => void ingestSample());
  byId<HTMLButtonElement>('clear-all').addEventListener('click', () => {
    if (!window.confirm('Remove every document from this device?')) return;
    void almanac.clear().then(refreshAndNotify, (error: unknown) => showMessages([{ kind: 'error', text: errorMessage(error) }]));
  });

  return { refresh, ingest: (docs, label) => ingest(docs, label), ingestSample };
}


/**
 * One line per reason a document was not added. A reason shared by many (a full disk refuses
 * every document from the failing batch on) is one line naming a few of them and the count, not
 * a line per file.
 */
function failureLines(reports: IngestReport[]): string[] {
  const byReason = new Map<string, string[]>();
  for (const r of reports) {
    if (!r.error) continue;
    const names = byReason.get(r.error.message) ?? [];
    names.push(r.name);
    byReason.set(r.error.message, names);
  }
  return [...byReason].map(([reason, names]) => {
    if (names.length === 1) return `${names[0]} was not added: ${reason}`;
    const shown = names.slice(0, 3).join(', ');
    return `${plural(names.length, 'document')} were not added (${names.length > 3 ? `${shown} and ${names.length - 3} more` : shown}): ${reason}`;
  });
}
