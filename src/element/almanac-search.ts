/**
 * `<almanac-search>`: a search box over a corpus on the user's own device, as one custom
 * element. A thin adapter: the engine runs in a Web Worker (`connectAlmanac`), this class
 * only turns keys, drops and results into DOM.
 *
 * A plain `HTMLElement`, not Lit, measured (`npm run size`, Lit 3.3.3): a LitElement with
 * reflected properties, `static styles` and a templated list, built into this bundle, takes
 * `almanac-search.js` from 14.7 to 20.2 kB gzip (+5.5 kB) and the embed's download at start
 * from 101.8 to 107.3 kB of issue 13's 110 kB budget: two thirds of what is left, with the
 * prebuilt index's loader (phase B) still to fit in the same download. Lit would also be a
 * runtime dependency of every install (6 MB), and the element has one fixed template, so a
 * template library buys little. What Lit would give is written out here: properties mirrored
 * to attributes, an adopted stylesheet, composed events.
 *
 * Document text only ever becomes text nodes (`el` sets `textContent`), never HTML.
 */
import { answerCard, type AnswerCard } from '../../demo/answer-card.ts';
import { clear, el } from '../../demo/dom.ts';
import { errorMessage, formatInterval, plural } from '../../demo/format.ts';
import { highlighted } from '../../demo/highlight.ts';
import { connectAlmanac, type RemoteAlmanac } from '../engine/remote.ts';
import { AlmanacError } from '../client-errors.ts';
import { citeCell } from '../tables/cite-cell.ts';
import type { AnswerResponse, DocumentInput, IngestReport, Progress, SearchResponse, SearchResult, StoredDocument } from '../types.ts';
import { droppedFiles, MAX_DROPPED_FILES, pickedFiles, type PickedFile } from './dropped-files.ts';
import { snippet } from './snippet.ts';
import { elementStyles } from './styles.ts';

/**
 * Files above this size are refused in the page, before reading them into memory; the engine
 * has its own, precise limit on characters.
 */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/**
 * What the status line says of the files not added, one sentence per reason: a dropped folder's
 * 200 images are one sentence ("a.png, b.png, c.png and 197 more were not added: ..."), not 200.
 * Engine messages name their file; the file's name stands for the rest of its kind.
 */
function refusedLines(refused: Array<{ name: string; reason: string }>): string[] {
  const groups = new Map<string, Array<{ name: string; reason: string }>>();
  for (const r of refused) {
    const key = r.reason.split(r.name).join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((files) => {
    const named = files.slice(0, 3).map((f) => f.name).join(', ');
    const more = files.length > 3 ? ` and ${files.length - 3} more` : '';
    return `${named}${more} ${files.length === 1 ? 'was' : 'were'} not added: ${files[0]!.reason}`;
  });
}
/** Wait this long after the last keystroke before searching: one search per pause, not per key. */
const TYPING_PAUSE_MS = 120;

/** `detail` of `almanac-ready`. */
export interface AlmanacReadyDetail {
  /** Documents restored from the device (IndexedDB) without re-indexing. */
  documents: number;
  passages: number;
  /** Whether the corpus survives a reload (false: IndexedDB refused, kept in memory). */
  persistent: boolean;
  /** With `index`: how the prebuilt index was opened (its build's hash, from cache or fetched, offline). */
  index?: { contentHash: string; fromCache: boolean; bytesFetched: number; offline: boolean };
}

/** `detail` of `almanac-select`: the result the user opened (Enter or a click). */
export interface AlmanacSelectDetail {
  result: SearchResult;
  /** 0-based position in the list. */
  index: number;
  query: string;
}

/** `detail` of `almanac-error`. */
export interface AlmanacErrorDetail {
  /** An `AlmanacError` code, or `UNKNOWN`. */
  code: string;
  message: string;
}

/** `detail` of `almanac-ingest`: one report per document the user added. */
export interface AlmanacIngestDetail {
  reports: IngestReport[];
  /** Files refused in the page (too large, unreadable), with why. */
  rejected: Array<{ name: string; reason: string }>;
}

/** The events the element dispatches; all bubble and are composed (they cross shadow roots). */
export interface AlmanacSearchEventMap {
  'almanac-ready': CustomEvent<AlmanacReadyDetail>;
  /** Cancelable: `preventDefault()` keeps the element from showing the passage itself. */
  'almanac-select': CustomEvent<AlmanacSelectDetail>;
  'almanac-error': CustomEvent<AlmanacErrorDetail>;
  'almanac-ingest': CustomEvent<AlmanacIngestDetail>;
  'almanac-results': CustomEvent<SearchResponse>;
  /** The answer the documents support (not dispatched when they support none). */
  'almanac-answer': CustomEvent<AnswerResponse>;
  /**
   * With `offline` over a sharded `index`: the background download, `{ phase: 'prefetch', done,
   * total }` in files (available offline once `done === total`), or `phase: 'prefetch-failed'`
   * with the reason in `detail`.
   */
  'almanac-progress': CustomEvent<Progress>;
}

let nextId = 0;

/** Whether a key event was typed into something editable (then `/` is a character, not a shortcut). */
function typingIn(event: KeyboardEvent): boolean {
  const target = event.composedPath()[0];
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * The element. Attributes (each mirrored by a property of the same name):
 * - `index`: the URL of a prebuilt index's `index.json` (`almanac build`): the element searches
 *   that index (loaded once in the engine worker, cached by its content hash so a new build
 *   replaces it, usable offline afterwards) and takes no files; without it, the corpus is the
 *   files the user drops, kept on the device;
 * - `storage`: `memory`, or the name of the IndexedDB database the corpus is kept in
 *   (default `almanac-search`), so what a user dropped is still there after a reload;
 * - `placeholder`: the search field's placeholder;
 * - `label`: its accessible name (default "Search your documents");
 * - `limit`: results shown (default 8);
 * - `offline` (boolean): with a sharded `index`, fetch all of it into Cache Storage in the
 *   background, so the site answers offline whatever is asked (a single-file index is kept whole anyway);
 *   part `offline` says how far it is ("Saving for offline use: 12 of 40 files", then "Available
 *   offline"), and `almanac-progress` events report it.
 *
 * Above the results, the demo's answer card (`demo/answer-card.ts`: the value, the calculation,
 * the citations, which open the sentence or the table cell), shown when the documents support an
 * answer. Slot: `empty` (shown while the corpus is empty). Parts: `box`, `form`, `input`,
 * `add-button`, `status`, `offline`, `constraint`, `answer`, `listbox`, `option`, `no-results`, `title`, `where`,
 * `snippet`, `cells`, `preview`. Theme with the `--almanac-*`
 * custom properties (see `styles.ts`); light and dark follow `prefers-color-scheme`.
 */
export class AlmanacSearchElement extends HTMLElement {
  static readonly observedAttributes = ['index', 'storage', 'placeholder', 'label', 'limit'];

  private readonly root: ShadowRoot;
  private readonly box: HTMLDivElement;
  private readonly input: HTMLInputElement;
  private readonly fileInput: HTMLInputElement;
  private readonly addButton: HTMLButtonElement;
  private readonly status: HTMLParagraphElement;
  /** The offline download's state, apart from `status`, which searches overwrite. */
  private readonly offlineLine: HTMLParagraphElement;
  private readonly constraintLine: HTMLParagraphElement;
  private readonly list: HTMLUListElement;
  /** "No passage matches": beside the listbox, which may hold options only (WAI-ARIA). */
  private readonly noResults: HTMLParagraphElement;
  private readonly preview: HTMLElement;
  private readonly emptySlot: HTMLSlotElement;
  private readonly answerSlot: HTMLDivElement;
  private readonly listId: string;
  private card: { for: RemoteAlmanac; card: AnswerCard } | undefined;
  /** Stored documents the answer card opened, by id, until the corpus changes. */
  private stored = new Map<string, Promise<StoredDocument | undefined>>();

  private engine: Promise<RemoteAlmanac> | undefined;
  private results: SearchResult[] = [];
  private active = -1;
  private lastQuery = '';
  private searching: AbortController | undefined;
  private typingTimer: ReturnType<typeof setTimeout> | undefined;
  private documents = 0;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    this.root.adoptedStyleSheets = [elementStyles()];
    this.listId = `almanac-results-${nextId++}`;

    this.input = el('input', {
      attrs: {
        type: 'search', part: 'input', role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false',
        'aria-controls': this.listId, autocomplete: 'off', spellcheck: 'false', enterkeyhint: 'search',
        'aria-keyshortcuts': '/ Control+K Meta+K',
      },
    });
    this.fileInput = el('input', { attrs: { type: 'file', multiple: true, hidden: true, tabindex: '-1' } });
    const addButton = el('button', { text: 'Add files', attrs: { type: 'button', part: 'add-button' } });
    this.addButton = addButton;
    const form = el('form', { attrs: { part: 'form', role: 'search' } }, [
      this.input,
      el('span', { class: 'kbd', text: '/', attrs: { 'aria-hidden': 'true', title: 'Press / or Ctrl+K to search' } }),
      addButton,
      this.fileInput,
    ]);
    this.status = el('p', { class: 'status', attrs: { part: 'status', role: 'status', 'aria-live': 'polite' } });
    this.offlineLine = el('p', { class: 'status', attrs: { part: 'offline', hidden: true } });
    this.constraintLine = el('p', { class: 'constraint', attrs: { part: 'constraint', hidden: true } });
    this.emptySlot = el('slot', { attrs: { name: 'empty' } });
    this.answerSlot = el('div', { attrs: { part: 'answer' } });
    this.list = el('ul', { attrs: { id: this.listId, role: 'listbox', part: 'listbox', hidden: true } });
    this.noResults = el('p', { class: 'empty', attrs: { part: 'no-results', role: 'status', hidden: true } });
    this.preview = el('article', { attrs: { part: 'preview', hidden: true, tabindex: '-1' } });
    this.box = el('div', { class: 'box', attrs: { part: 'box' } }, [
      form,
      this.status,
      this.offlineLine,
      this.constraintLine,
      this.answerSlot,
      this.emptySlot,
      this.list,
      this.noResults,
      this.preview,
    ]);
    this.root.append(this.box);
    this.applyAttributes();

    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.search(this.input.value);
    });
    this.input.addEventListener('input', () => this.scheduleSearch());
    this.input.addEventListener('keydown', (event) => this.onInputKey(event));
    addButton.addEventListener('click', () => this.fileInput.click());
    this.fileInput.addEventListener('change', () => {
      const files = [...(this.fileInput.files ?? [])];
      this.fileInput.value = '';
      void this.addFiles(files);
    });
    this.list.addEventListener('click', (event) => {
      const option = (event.target as Element).closest('[role="option"]');
      const index = option ? Number(option.getAttribute('data-index')) : -1;
      if (index >= 0) this.open(index);
    });
    // Files dropped anywhere on the element.
    this.addEventListener('dragover', (event) => {
      if (!event.dataTransfer?.types.includes('Files') || this.index) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      this.box.classList.add('dragging');
    });
    this.addEventListener('dragleave', () => this.box.classList.remove('dragging'));
    this.addEventListener('drop', (event) => {
      this.box.classList.remove('dragging');
      if (!event.dataTransfer?.files.length || this.index) return;
      event.preventDefault();
      // Folders walked, each file named by its path in them; taken now, while the drop's entries last.
      void droppedFiles(event.dataTransfer).then(({ files, unreadable, leftOut }) => this.addPicked(files, [
        ...unreadable.map(({ path, reason }) => ({ name: path, reason: `the browser could not read it (${reason})` })),
        ...(leftOut ? [{ name: `${leftOut} more files`, reason: `one drop reads at most ${MAX_DROPPED_FILES} files; drop the rest as another folder` }] : []),
      ]));
    });
  }

  // ----- attributes mirrored as properties --------------------------------------------

  /** URL of a prebuilt index's `index.json`; empty: the user's own files. */
  get index(): string {
    return this.getAttribute('index') ?? '';
  }
  set index(value: string) {
    if (value) this.setAttribute('index', value);
    else this.removeAttribute('index');
  }

  /** With a sharded `index`: keep all of it on the device for offline use. */
  get offline(): boolean {
    return this.hasAttribute('offline');
  }
  set offline(value: boolean) {
    this.toggleAttribute('offline', value);
  }

  /** `memory`, or the IndexedDB database the corpus lives in. Default `almanac-search`. */
  get storage(): string {
    return this.getAttribute('storage') || 'almanac-search';
  }
  set storage(value: string) {
    this.setAttribute('storage', value);
  }

  get placeholder(): string {
    return this.getAttribute('placeholder') ?? (this.index ? 'Search this site' : 'Search your documents');
  }
  set placeholder(value: string) {
    this.setAttribute('placeholder', value);
  }

  get label(): string {
    return this.getAttribute('label') ?? (this.index ? 'Search this site' : 'Search your documents');
  }
  set label(value: string) {
    this.setAttribute('label', value);
  }

  /** Results shown, 1 to 10 (the answer card reads the best 10). Default 8. */
  get limit(): number {
    const n = Number(this.getAttribute('limit'));
    return Number.isInteger(n) && n >= 1 ? Math.min(n, 10) : 8;
  }
  set limit(value: number) {
    this.setAttribute('limit', String(value));
  }

  /** The query in the field. */
  get query(): string {
    return this.input.value;
  }
  set query(value: string) {
    this.input.value = value;
    void this.search(value);
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (old === value) return;
    this.applyAttributes();
    if ((name === 'storage' || name === 'index') && this.engine) {
      // Another corpus: close this one and open that.
      void this.disconnectEngine().then(() => this.isConnected && this.connectEngine());
    } else if (name === 'limit' && this.lastQuery) {
      void this.search(this.lastQuery);
    }
  }

  private applyAttributes(): void {
    this.addButton.hidden = !!this.index;
    this.input.placeholder = this.placeholder;
    this.input.setAttribute('aria-label', this.label);
  }

  // ----- lifecycle ---------------------------------------------------------------------

  connectedCallback(): void {
    document.addEventListener('keydown', this.onDocumentKey);
    if (!this.engine) this.connectEngine();
  }

  disconnectedCallback(): void {
    document.removeEventListener('keydown', this.onDocumentKey);
    // Moving the element (disconnect, then connect again) keeps its engine.
    queueMicrotask(() => {
      if (!this.isConnected) void this.disconnectEngine();
    });
  }

  private connectEngine(): void {
    if (this.index) {
      this.connectIndex(new URL(this.index, document.baseURI).href);
      return;
    }
    const name = this.storage;
    this.say('Opening your documents…');
    let persistent = name !== 'memory';
    const engine = connectAlmanac({ storage: persistent ? { indexedDB: { name } } : 'memory' }).catch((error: unknown) => {
      // A private window may refuse IndexedDB: search still works, only nothing survives a reload.
      if (!persistent || !(error instanceof AlmanacError) || !/STORAGE_FAILED|INDEXEDDB_UNAVAILABLE/.test(error.code)) throw error;
      persistent = false;
      return connectAlmanac({ storage: 'memory' });
    });
    this.engine = engine;
    engine.then(
      (almanac) => {
        if (this.engine !== engine) return;
        this.documents = almanac.opened.documents;
        this.sayCorpus(almanac.opened.documents ? `Restored ${plural(almanac.opened.documents, 'document')} from this device.` : '');
        this.emit('almanac-ready', { documents: almanac.opened.documents, passages: almanac.opened.passages, persistent });
      },
      (error: unknown) => this.fail(error),
    );
  }

  /** The engine over a prebuilt index: fetched (or read from the cache) in the worker. */
  private connectIndex(url: string): void {
    this.say('Loading the search index…');
    const engine = connectAlmanac({
      storage: { prebuilt: { url, prefetch: this.offline } },
      onProgress: (p) => {
        // Restoring a single-file index reports too; only the download is shown.
        if (this.engine !== engine || !p.phase.startsWith('prefetch')) return;
        const line = this.offlineLine;
        line.hidden = false;
        line.textContent = p.phase === 'prefetch' ? p.done < p.total ? `Saving for offline use: ${p.done} of ${p.total} files` : 'Available offline.' : 'Not saved for offline use.';
        this.emit('almanac-progress', p);
      },
    });
    this.engine = engine;
    engine.then(
      (almanac) => {
        if (this.engine !== engine) return;
        const { documents, passages, index } = almanac.opened;
        this.documents = documents;
        this.emptySlot.hidden = documents > 0;
        this.say(`${plural(documents, 'document')} to search${index?.offline ? ' (offline: the copy on this device)' : ''}.`);
        this.emit('almanac-ready', { documents, passages, persistent: true, ...(index ? { index } : {}) });
      },
      (error: unknown) => this.fail(error),
    );
  }

  private async disconnectEngine(): Promise<void> {
    const engine = this.engine;
    this.engine = undefined;
    this.searching?.abort();
    await engine?.then((a) => a.close(), () => undefined);
  }

  // ----- files -------------------------------------------------------------------------

  /**
   * Indexes files on this device (the same as dropping them on the element). The engine's
   * format registry reads them in the worker: text formats decoded as UTF-8, others as bytes.
   * A file from a folder picker (`webkitdirectory`) is known by its path inside the folder (its
   * id and name), so two files of one name in two folders stay two documents.
   */
  async addFiles(files: File[]): Promise<IngestReport[]> {
    return this.addPicked(pickedFiles(files));
  }

  /** Indexes files known by their paths in what the user gave (a file's id and name), after what was refused before reading. */
  private async addPicked(files: PickedFile[], rejected: AlmanacIngestDetail['rejected'] = []): Promise<IngestReport[]> {
    const engine = this.engine;
    // A site's index is the site's: its visitors search it, they do not add to it.
    if (!engine || !(files.length || rejected.length) || this.index) return [];
    const docs: DocumentInput[] = [];
    for (const { file, path } of files) {
      if (file.size > MAX_FILE_BYTES) {
        rejected.push({ name: path, reason: `it is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; split it into smaller files` });
        continue;
      }
      try {
        docs.push({ id: path, name: path, content: new Uint8Array(await file.arrayBuffer()), modified: new Date(file.lastModified) });
      } catch (error) {
        rejected.push({ name: path, reason: `the browser could not read it (${errorMessage(error)})` });
      }
    }
    try {
      const almanac = await engine;
      this.say(`Indexing ${plural(docs.length, 'file')}…`);
      const reports = docs.length
        ? await almanac.ingest(docs, { onProgress: (p) => this.say(`Indexing… ${p.done} of ${p.total}`) })
        : [];
      this.documents = (await almanac.stats()).documents;
      this.stored.clear();
      const added = reports.filter((r) => !r.error);
      const refused = [...reports.filter((r) => r.error).map((r) => ({ name: r.name, reason: r.error!.message })), ...rejected];
      this.sayCorpus([
        added.length ? `Added ${plural(added.length, 'document')}.` : '',
        ...refusedLines(refused),
      ].filter(Boolean).join(' '));
      this.emit('almanac-ingest', { reports, rejected });
      if (this.lastQuery) await this.search(this.lastQuery);
      return reports;
    } catch (error) {
      this.fail(error);
      return [];
    }
  }

  // ----- search ------------------------------------------------------------------------

  private scheduleSearch(): void {
    clearTimeout(this.typingTimer);
    this.typingTimer = setTimeout(() => void this.search(this.input.value), TYPING_PAUSE_MS);
  }

  /** The answer card over `almanac` (one per engine: a new storage means a new engine). */
  private answerCardFor(almanac: RemoteAlmanac): AnswerCard {
    if (this.card?.for !== almanac) {
      this.stored.clear();
      const getDocument = (id: string): Promise<StoredDocument | undefined> => {
        let doc = this.stored.get(id);
        if (!doc) this.stored.set(id, (doc = almanac.document(id)));
        return doc;
      };
      this.card = { for: almanac, card: answerCard(almanac, getDocument) };
      this.answerSlot.replaceChildren(this.card.card.element);
    }
    return this.card.card;
  }

  /**
   * Searches the corpus and shows the results, then the answer they support (the answer card
   * runs the search: the list shows as soon as it is in, the answer after).
   */
  async search(query: string): Promise<SearchResponse | undefined> {
    clearTimeout(this.typingTimer);
    this.searching?.abort();
    this.lastQuery = query.trim();
    if (!this.lastQuery || !this.engine) {
      this.card?.card.clear();
      this.render(undefined);
      return undefined;
    }
    const controller = new AbortController();
    this.searching = controller;
    let found: SearchResponse | undefined;
    // The card shows once its answer is final, and only if there is one: a card that says
    // "Reading…" and then vanishes under every keystroke would make the results jump.
    this.answerSlot.hidden = true;
    this.answerSlot.setAttribute('aria-busy', 'true');
    try {
      const almanac = await this.engine;
      const card = this.answerCardFor(almanac);
      const answered = await card.run(this.lastQuery, controller.signal, (response) => {
        if (controller.signal.aborted) return;
        found = { ...response, results: response.results.slice(0, this.limit) };
        this.render(found);
        this.emit('almanac-results', found);
      });
      if (controller.signal.aborted) return undefined;
      if (!answered || answered.answer.kind === 'none') {
        card.clear();
      } else {
        this.answerSlot.hidden = false;
        this.emit('almanac-answer', answered);
      }
      return found;
    } catch (error) {
      if (!controller.signal.aborted) {
        this.card?.card.clear();
        this.fail(error);
      }
      return undefined;
    } finally {
      if (this.searching === controller) this.answerSlot.removeAttribute('aria-busy');
    }
  }

  private render(response: SearchResponse | undefined): void {
    clear(this.list);
    this.preview.hidden = true;
    this.results = response?.results ?? [];
    this.active = -1;
    // The new list's ids are those of the old one: left set, it would name an option nobody chose.
    this.input.removeAttribute('aria-activedescendant');
    const c = response?.constraint;
    this.constraintLine.hidden = !c;
    this.constraintLine.textContent = c ? `Read as a time-sensitive question: “${c.text}”, ${c.relation} ${formatInterval(c.start, c.end, c.granularity)}` : '';
    this.results.forEach((result, index) => this.list.append(this.option(result, index)));
    // An empty listbox is not shown (nor announced as expanded): the message says why instead.
    this.setOpen(this.results.length > 0);
    this.noResults.hidden = !response || this.results.length > 0;
    this.noResults.textContent = this.noResults.hidden ? ''
      : this.documents || this.index ? 'No passage matches. Try other words.' : 'Nothing to search yet: drop files here or choose Add files.';
  }

  private option(result: SearchResult, index: number): HTMLLIElement {
    const p = result.passage;
    const shown = snippet(p.text, result.highlights);
    const item = el('li', {
      attrs: { role: 'option', part: 'option', id: `${this.listId}-${index}`, 'aria-selected': 'false', 'data-index': index, 'data-doc': p.docId },
    }, [
      el('div', { class: 'title', text: result.title, attrs: { part: 'title' } }),
      el('div', { class: 'where', text: [p.docId, p.heading ? `§ ${p.heading}` : ''].filter(Boolean).join(' · '), attrs: { part: 'where' } }),
      el('div', { class: 'text', attrs: { part: 'snippet' } }, [
        shown.cutStart ? '… ' : '',
        highlighted(shown.text, shown.highlights),
        shown.cutEnd ? ' …' : '',
      ]),
    ]);
    if (result.matchedCells?.length) {
      item.append(el('ul', { class: 'cells', attrs: { part: 'cells', 'aria-label': 'Matched table cells' } },
        result.matchedCells.slice(0, 3).map((cell) => el('li', { text: citeCell(cell) }))));
    }
    if (result.temporal?.times[0]) {
      const t = result.temporal.times[0];
      item.append(el('div', { class: 'when', text: `Dated ${formatInterval(t.start, t.end, t.granularity)}` }));
    }
    return item;
  }

  private setOpen(open: boolean): void {
    this.list.hidden = !open;
    if (!open) this.noResults.hidden = true;
    this.input.setAttribute('aria-expanded', String(open));
    if (!open) this.input.removeAttribute('aria-activedescendant');
  }

  private move(to: number): void {
    if (!this.results.length) return;
    this.setOpen(true);
    const options = this.list.querySelectorAll<HTMLElement>('[role="option"]');
    options[this.active]?.setAttribute('aria-selected', 'false');
    this.active = (to + this.results.length) % this.results.length;
    const option = options[this.active]!;
    option.setAttribute('aria-selected', 'true');
    this.input.setAttribute('aria-activedescendant', option.id);
    option.scrollIntoView({ block: 'nearest' });
  }

  /** Opens result `index`: tells the page (`almanac-select`), then, unless it objects, shows the whole passage. */
  private open(index: number): void {
    const result = this.results[index];
    if (!result) return;
    if (this.active !== index) this.move(index);
    const proceed = this.emit('almanac-select', { result, index, query: this.lastQuery }, true);
    if (!proceed) return;
    this.preview.replaceChildren(
      el('div', { class: 'title', text: result.title }),
      el('div', { class: 'where', text: result.passage.docId }),
      el('div', { class: 'text' }, [highlighted(result.passage.text, result.highlights)]),
    );
    this.preview.hidden = false;
  }

  private onInputKey(event: KeyboardEvent): void {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        this.move(this.active + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        this.move(this.active < 0 ? -1 : this.active - 1);
        break;
      case 'Enter':
        if (this.active >= 0 && !this.list.hidden) {
          event.preventDefault();
          this.open(this.active);
        }
        break;
      case 'Escape':
        if (!this.preview.hidden || !this.list.hidden || !this.noResults.hidden) {
          // Closes what is open first; a second Escape clears the field (the browser's own).
          event.preventDefault();
          if (!this.preview.hidden) this.preview.hidden = true;
          else this.setOpen(false);
        }
        break;
    }
  }

  /** `/` (outside a text field) and Ctrl/Cmd-K focus the first `<almanac-search>` of the page. */
  private readonly onDocumentKey = (event: KeyboardEvent): void => {
    if (event.defaultPrevented || document.querySelector('almanac-search') !== this) return;
    const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !typingIn(event);
    const k = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
    if (!slash && !k) return;
    event.preventDefault();
    this.input.focus();
    this.input.select();
  };

  // ----- messages and events -----------------------------------------------------------

  private say(text: string, error = false): void {
    this.status.textContent = text;
    this.status.classList.toggle('error', error);
  }

  /** Status after the corpus changed; the `empty` slot shows only while there is nothing to search. */
  private sayCorpus(text: string): void {
    this.emptySlot.hidden = this.documents > 0;
    this.say(text || (this.documents
      ? `${plural(this.documents, 'document')} on this device.`
      : 'Drop files here, or choose Add files, to search them. They stay on this device.'));
  }

  private fail(error: unknown): void {
    const code = error instanceof AlmanacError ? error.code : 'UNKNOWN';
    this.say(errorMessage(error), true);
    this.emit('almanac-error', { code, message: errorMessage(error) });
  }

  /** Dispatches a composed, bubbling event; returns false when a cancelable one was canceled. */
  private emit<K extends keyof AlmanacSearchEventMap>(type: K, detail: AlmanacSearchEventMap[K]['detail'], cancelable = false): boolean {
    return this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true, cancelable }));
  }
}
