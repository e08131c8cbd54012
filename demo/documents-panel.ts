/**
 * Adding and listing documents: drop or pick files, paste text, load the sample corpus,
 * remove one or all. Every ingest shows a progress bar and one summary, with the files that
 * were not added grouped by why.
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import type { DocumentInput, IngestReport } from '../src/types.ts';
import { byId, clear, el } from './dom.ts';
import { ACCEPTED_EXTENSIONS, acceptedList, readFiles, type RejectedFile } from './files.ts';
import { droppedFiles, MAX_DROPPED_FILES, pickedFiles, type PickedFile } from '../src/element/dropped-files.ts';
import { errorMessage, plural } from './format.ts';
import { summariseIngest, type IngestSummary, type SummaryGroup } from './ingest-summary.ts';
import { progressView } from './progress.ts';
import { loadSampleCorpus } from './sample-corpus.ts';
import type { CorpusChange } from './status-line.ts';

/** The documents panel. */
export interface DocumentsPanel {
  /** Redraws the list from the engine. */
  refresh(): Promise<void>;
  /** Ingests inputs with progress; resolves to the reports (the panel shows their summary). */
  ingest(docs: DocumentInput[], label: string): Promise<IngestReport[]>;
  /** Ingests the bundled sample corpus; `host`, if given, holds the progress bar meanwhile. */
  ingestSample(host?: HTMLElement): Promise<IngestReport[]>;
  /** Removes every document (no confirmation: the caller asks). */
  removeAll(): Promise<void>;
  /** Moves keyboard focus to the list, where each document has its Remove button. */
  focusList(): void;
}

/** Wires the documents panel; `changed` runs after every change this panel makes to the corpus. */
export function documentsPanel(
  almanac: RemoteAlmanac,
  changed: (change: CorpusChange) => void,
  /** Advice for an error that is not the files' fault (storage full: what to delete), if any. */
  advise: (error: unknown) => Promise<string | undefined> = async () => undefined,
): DocumentsPanel {
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

  function groupView(group: SummaryGroup, verb: string, open: boolean): HTMLElement {
    return el('details', { class: 'summary-group', attrs: { open } }, [
      el('summary', { text: `${group.names.length} ${verb}: ${group.title}` }),
      el('p', { class: 'hint', text: group.detail }),
      el('ul', { class: 'summary-names' }, group.names.map((name) => el('li', { text: name }))),
    ]);
  }

  function showSummary(summary: IngestSummary): void {
    const small = summary.rejected.reduce((n, g) => n + g.names.length, 0) <= 5;
    messages.replaceChildren(el('div', { class: `summary summary-${summary.kind}` }, [
      el('p', { class: `headline ${summary.kind}`, text: summary.headline }),
      summary.advice ? el('p', { class: 'advice', text: summary.advice }) : null,
      ...summary.rejected.map((g) => groupView(g, 'not added', small)),
      ...summary.warnings.map((g) => groupView(g, g.names.length === 1 ? 'file' : 'files', false)),
    ]));
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
            void almanac.remove([doc.id]).then(() => refreshAndNotify({ kind: 'removed', count: 1 }), (error: unknown) => {
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

  async function refreshAndNotify(change: CorpusChange): Promise<void> {
    await refresh();
    changed(change);
  }

  function ingest(docs: DocumentInput[], label: string, rejected: RejectedFile[] = [], change: (added: number) => CorpusChange = (count) => ({ kind: 'added', count })): Promise<IngestReport[]> {
    return queued(() => ingestNow(docs, label, rejected, change));
  }

  /** Runs one upload after the ones before it: one at a time, so that a second drop waits rather than interleaving progress bars. */
  function queued<T>(run: () => Promise<T>): Promise<T> {
    const next = busy.then(run, run);
    busy = next.catch(() => undefined);
    return next;
  }

  async function ingestNow(docs: DocumentInput[], label: string, rejected: RejectedFile[], change: (added: number) => CorpusChange): Promise<IngestReport[]> {
    if (docs.length === 0) {
      showSummary(summariseIngest({ rejected, reports: [] }));
      return [];
    }
    progress.start(label);
    // The last upload's summary would read as this one's while it runs.
    clear(messages);
    // Counted before and after, so a call that fails half-way still reports what went in.
    const before = await almanac.stats().then((s) => s.documents, () => 0);
    let added = 0;
    try {
      const reports = await almanac.ingest(docs, { onProgress: (p) => progress.update(p) });
      added = reports.filter((r) => r.stored).length;
      let advice: string | undefined;
      for (const r of reports) if (r.error && !advice) advice = await advise(r.error);
      showSummary(summariseIngest({ rejected, reports, ...(advice ? { advice } : {}) }));
      return reports;
    } catch (error) {
      const after = await almanac.stats().then((s) => s.documents, () => before);
      added = Math.max(0, after - before);
      const advice = await advise(error);
      showSummary(summariseIngest({ rejected, reports: [], failure: { message: errorMessage(error), added }, ...(advice ? { advice } : {}) }));
      return [];
    } finally {
      progress.done();
      await refreshAndNotify(change(added));
    }
  }

  /**
   * Reads and adds the files `take` gives (a folder's walk, a picker's list), in its turn: a
   * folder of thousands of files says how far its reading is before the engine's progress starts.
   */
  function addFiles(take: () => Promise<{ files: PickedFile[]; rejected?: RejectedFile[] }>): Promise<IngestReport[]> {
    return queued(async () => {
      progress.start('Reading files');
      let files: PickedFile[];
      let before: RejectedFile[];
      let read: Awaited<ReturnType<typeof readFiles>>;
      try {
        ({ files, rejected: before = [] } = await take());
        read = await readFiles(files, (done, total) => progress.update({ phase: 'read', done, total }));
      } finally {
        progress.done();
      }
      return ingestNow(read.docs, `Adding ${plural(read.docs.length, 'file')}`, [...before, ...read.rejected], (count) => ({ kind: 'added', count }));
    });
  }

  // Files and folders: the pickers and drag and drop, offering every format the engine reads.
  const input = byId<HTMLInputElement>('file-input');
  input.accept = ACCEPTED_EXTENSIONS.join(',');
  byId('accepted-formats').textContent = acceptedList();
  for (const picker of [input, byId<HTMLInputElement>('folder-input')]) {
    picker.addEventListener('change', () => {
      if (!picker.files?.length) return;
      const files = pickedFiles(picker.files);
      picker.value = '';
      void addFiles(async () => ({ files }));
    });
  }
  const zone = byId('drop-zone');
  zone.addEventListener('dragover', (event) => {
    event.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (event) => {
    event.preventDefault();
    zone.classList.remove('dragging');
    if (!event.dataTransfer?.files.length) return;
    // Walked from now (the drop's entries are gone once this handler returns), its count shown
    // once this upload's turn comes.
    let found = 0;
    let shown = false;
    const walk = droppedFiles(event.dataTransfer, { onFile: (n) => { found = n; if (shown) progress.update({ phase: 'found', done: n, total: 0 }); } });
    void addFiles(async () => {
      shown = true;
      progress.update({ phase: 'found', done: found, total: 0 });
      const { files, unreadable, leftOut } = await walk;
      return {
        files,
        rejected: [
          ...unreadable.map(({ path, reason }): RejectedFile => ({ name: path, kind: 'unreadable', reason: `the browser could not read it (${reason}).` })),
          ...(leftOut ? [{ name: `${leftOut.toLocaleString('en-US')} more ${leftOut === 1 ? 'file' : 'files'}`, kind: 'too-many' as const, reason: `one drop reads at most ${MAX_DROPPED_FILES.toLocaleString('en-US')} files; drop the rest as another folder.` }] : []),
        ],
      };
    });
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

  const ingestSample = async (host?: HTMLElement): Promise<IngestReport[]> => {
    const docs = await loadSampleCorpus();
    // A first visit shows the bar under the status line, in a phone's first screen, rather
    // than in this panel further down.
    if (host) host.appendChild(progress.element);
    try {
      return await ingest(docs, 'Indexing the sample corpus', [], () => ({ kind: 'seeded' }));
    } finally {
      if (host) byId('ingest-progress').appendChild(progress.element);
    }
  };
  byId<HTMLButtonElement>('load-sample').addEventListener('click', () => void ingestSample());
  byId<HTMLButtonElement>('clear-all').addEventListener('click', () => {
    if (!window.confirm('Remove every document from this device?')) return;
    void removeAll();
  });

  async function removeAll(): Promise<void> {
    try {
      await almanac.clear();
      clear(messages);
      await refreshAndNotify({ kind: 'cleared' });
    } catch (error) {
      showMessages([{ kind: 'error', text: errorMessage(error) }]);
      await refreshAndNotify({ kind: 'refresh' });
    }
  }

  return {
    refresh,
    ingest: (docs, label) => ingest(docs, label),
    ingestSample,
    removeAll,
    focusList: () => (list.querySelector<HTMLButtonElement>('button.remove') ?? list).focus(),
  };
}

