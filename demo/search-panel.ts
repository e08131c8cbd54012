/**
 * The search box and its results: ranked passages with where they come from, which path the
 * engine ran, highlighted matches, the temporal explanation (MRAG) and table hits (MixRAG).
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import type { SearchResponse, SearchResult, StoredDocument, TemporalConstraint } from '../src/types.ts';
import { byId, clear, el } from './dom.ts';
import { errorMessage, formatInterval, formatScore, formatSpan, headingBeyond } from './format.ts';
import { citeCell } from '../src/tables/cite-cell.ts';
import { highlighted } from './highlight.ts';
import { scoreCurveChart, type CurveMark } from './charts.ts';
import { renderTable } from './table-view.ts';
import { curveOf } from './temporal-curve.ts';
import { answerCard } from './answer-card.ts';

const TABLE_KINDS = new Set(['table', 'table-row', 'table-column']);

/** The search panel; `run` searches programmatically (the example buttons use it). */
export interface SearchPanel {
  run(query: string): Promise<void>;
  /** Forgets cached documents (after a remove or an ingest replaced one). */
  invalidate(): void;
}

/** Wires the search form in `index.html` to `almanac`. */
export function searchPanel(almanac: RemoteAlmanac): SearchPanel {
  const form = byId<HTMLFormElement>('search-form');
  const input = byId<HTMLInputElement>('query');
  const meta = byId('search-meta');
  const timePanel = byId('time-panel');
  const list = byId<HTMLOListElement>('results');
  // What the panel offers, shown while there is no search (the first screen is not empty).
  const intro = byId('search-intro');
  // A short sentence for screen readers; the meta line above the results is too long to hear each time.
  const announcer = byId('results-announcer');
  // Documents of table hits, fetched once per search session: several hits share a table.
  let documents = new Map<string, Promise<StoredDocument | undefined>>();
  let current: AbortController | undefined;
  // Tables already drawn in the current result list, by `docId#tableIndex`.
  const shownTables = new Set<string>();
  // Whether the line that says how the search ran is open: unset (by screen width) until the reader toggles it.
  let runOpen: boolean | undefined;

  const getDocument = (id: string): Promise<StoredDocument | undefined> => {
    let doc = documents.get(id);
    if (!doc) {
      doc = almanac.document(id);
      documents.set(id, doc);
    }
    return doc;
  };
  // The answer card comes first, above the time explanation and the results (on a phone the
  // answer is what the reader came for); it runs the search (answerStream's first event).
  const card = answerCard(almanac, getDocument);
  timePanel.before(card.element);

  async function run(query: string): Promise<void> {
    current?.abort();
    const controller = new AbortController();
    current = controller;
    intro.hidden = !!query.trim();
    if (!query.trim()) {
      clear(list);
      clear(meta);
      card.clear();
      timePanel.hidden = true;
      return;
    }
    meta.textContent = 'Searching…';
    delete document.body.dataset.answered;
    try {
      const answered = await card.run(query, controller.signal, (response) => {
        if (!controller.signal.aborted) render(response);
      });
      if (controller.signal.aborted) return;
      document.body.dataset.answered = answered?.answer.kind ?? 'stopped';
    } catch (error) {
      if (controller.signal.aborted) return;
      clear(list);
      card.clear();
      timePanel.hidden = true;
      meta.replaceChildren(el('p', { class: 'error', text: errorMessage(error) }));
      announcer.textContent = `Search failed: ${errorMessage(error)}`;
    }
  }

  function render(response: SearchResponse): void {
    const runLine = describeRun(response, runOpen);
    // A reader who opened (or closed) it keeps that choice for the next searches (a click on
    // the summary is what Enter and Space on it do too).
    const details = runLine.querySelector('details.run-details') as HTMLDetailsElement;
    details.querySelector(':scope > summary')!.addEventListener('click', () => { runOpen = !details.open; });
    meta.replaceChildren(runLine);
    renderTime(response);
    clear(list);
    shownTables.clear();
    if (response.results.length === 0) {
      list.appendChild(el('li', { class: 'empty', text: 'No passage matches. Try other words, or add documents.' }));
    }
    response.results.forEach((result, i) => list.appendChild(resultItem(result, i + 1)));
    const n = response.results.length;
    announcer.textContent = `${n === 0 ? 'No' : n} result${n === 1 ? '' : 's'} for “${response.query}”${response.constraint ? ', a time-sensitive question' : ''}.`;
    document.body.dataset.searched = String(response.results.length);
  }

  function renderTime(response: SearchResponse): void {
    clear(timePanel);
    const constraint = response.constraint;
    if (!constraint) {
      timePanel.hidden = true;
      return;
    }
    timePanel.hidden = false;
    timePanel.appendChild(el('h3', { text: 'Time-sensitive question' }));
    timePanel.appendChild(el('dl', { class: 'constraint' }, [
      el('dt', { text: 'Relation' }), el('dd', { text: constraint.kind ? `${constraint.relation} (${constraint.kind})` : constraint.relation }),
      el('dt', { text: 'Condition' }), el('dd', { text: conditionLabel(constraint) }),
      el('dt', { text: 'Interval' }), el('dd', { text: formatInterval(constraint.start, constraint.end, constraint.granularity) }),
      el('dt', { text: 'From the words' }), el('dd', { text: `“${constraint.text}”` }),
      el('dt', { text: 'Searched for' }), el('dd', { text: response.results[0]?.temporal?.mainContent ?? response.query }),
    ]));
    const curve = curveOf(constraint);
    if (curve) {
      const marks: CurveMark[] = [];
      response.results.slice(0, 5).forEach((r, i) => {
        const t = r.temporal?.times[0];
        if (r.temporal && t) marks.push({ time: t.start, score: r.temporal.temporal, label: `#${i + 1} ${r.title}: ${formatSpan(t)}, temporal ${formatScore(r.temporal.temporal)}` });
      });
      timePanel.appendChild(el('figure', { class: 'curve-figure' }, [
        scoreCurveChart(constraint, curve, marks),
        el('figcaption', { text: 'Temporal score of a sentence by its date; dots are the top results’ best sentences.' }),
      ]));
    }
  }

  function resultItem(result: SearchResult, rank: number): HTMLLIElement {
    const p = result.passage;
    // Where the passage sits. The character offsets help a developer, not a reader: a phone
    // hides them (CSS), and a heading that repeats the title above it shows only what it adds.
    const heading = p.heading ? headingBeyond(p.heading, result.title) : '';
    const where = [
      p.page !== undefined ? `page ${p.page}` : '',
      `passage ${p.ordinal}`,
      el('span', { class: 'chars', text: `chars ${p.start}–${p.end}` }),
      heading ? `§ ${heading}` : '',
      p.kind !== 'text' ? p.kind.replace('-', ' ') : '',
    ].filter(Boolean).flatMap((part, i) => (i ? [el('span', { class: 'sep', text: ' · ' }), part] : [part]));
    const item = el('li', { class: 'result', attrs: { 'data-doc': p.docId, 'data-kind': p.kind } }, [
      el('div', { class: 'result-head' }, [
        el('span', { class: 'rank', text: `${rank}.` }),
        el('span', { class: 'result-title', text: result.title }),
        el('span', { class: 'score', text: `score ${formatScore(result.score)}`, attrs: { title: 'Final ranking score' } }),
      ]),
      el('p', { class: 'where' }, where),
      el('p', { class: 'passage-text' }, [highlighted(p.text, result.highlights)]),
    ]);
    if (result.matchedCells?.length) {
      // The value the question asks for, with the headers that say what it is.
      item.appendChild(el('p', { class: 'matched-cells' }, [
        el('span', { class: 'label', text: result.matchedCells.length > 1 ? 'Cells: ' : 'Cell: ' }),
        result.matchedCells.slice(0, 3).map(citeCell).join('; '),
      ]));
    }
    if (result.temporal) {
      const t = result.temporal;
      item.appendChild(el('div', { class: 'temporal' }, [
        el('p', { class: 'best-sentence' }, [el('span', { class: 'label', text: 'Best sentence: ' }), t.sentence]),
        el('p', { class: 'times' }, [
          el('span', { class: 'label', text: 'Dates: ' }),
          t.times.length ? t.times.map(formatSpan).join('; ') : 'none found',
          ' · ',
          el('span', { text: `semantic ${formatScore(t.semantic)} × temporal ${formatScore(t.temporal)}` }),
        ]),
      ]));
      // A dated row ranked by the constraint: the term it holds, to which the constraint applied.
      if (t.interval) {
        const iv = t.interval;
        const span = formatInterval(iv.start ?? Number.NEGATIVE_INFINITY, iv.end ?? Number.POSITIVE_INFINITY, iv.granularity, iv.start === undefined ? 'start' : iv.end === undefined ? 'end' : undefined);
        item.lastElementChild!.appendChild(el('p', { class: 'interval' }, [
          el('span', { class: 'label', text: 'Holds: ' }), `${span} · constraint “${t.constraint.text}” (${conditionLabel(t.constraint)})`,
        ]));
      }
    }
    if (TABLE_KINDS.has(p.kind) && p.tableIndex !== undefined) {
      const key = `${p.docId}#${p.tableIndex}`;
      if (!shownTables.has(key)) {
        shownTables.add(key);
        const slot = el('div', { class: 'table-hit', text: 'Loading the table…' });
        item.appendChild(slot);
        void showTable(slot, result);
      } else {
        // The same table already shows above; drawing it once per row hit would bury the list.
        const slot = el('div', { class: 'table-hit' });
        const details = el('details', {}, [el('summary', { text: 'Show the table with these cells marked' }), slot]);
        details.addEventListener('toggle', () => {
          if (details.open && !slot.firstChild) void showTable(slot, result);
        });
        item.appendChild(details);
      }
    }
    return item;
  }

  async function showTable(slot: HTMLElement, result: SearchResult): Promise<void> {
    const p = result.passage;
    try {
      const doc = await getDocument(p.docId);
      const table = doc?.tables[p.tableIndex ?? -1];
      if (!table) {
        slot.textContent = 'The table is no longer stored.';
        return;
      }
      slot.replaceChildren(renderTable(table, p.cells ?? [], `Table ${(p.tableIndex ?? 0) + 1}`, (result.matchedCells ?? []).map((m) => m.cell)));
    } catch (error) {
      slot.textContent = `Could not load the table: ${errorMessage(error)}`;
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void run(input.value);
  });
  for (const button of document.querySelectorAll<HTMLButtonElement>('button.example')) {
    button.addEventListener('click', () => {
      input.value = button.textContent ?? '';
      void run(input.value);
    });
  }

  return {
    run,
    invalidate() {
      documents = new Map();
    },
  };
}

function conditionLabel(c: TemporalConstraint): string {
  if (c.condition === 'first') return 'first (earliest wins)';
  if (c.condition === 'last') return 'last (latest wins)';
  return 'none';
}

/**
 * One line, "BM25 (zero-download) · 10 results in 12 ms", that opens on the steps the engine ran
 * and those it skipped (each reason folded again). On a phone the steps and reasons ran to four
 * lines above every answer, so there the line starts closed; on a wide screen it starts open.
 * A native disclosure: keyboard and screen readers get it for free.
 */
function describeRun(response: SearchResponse, open?: boolean): HTMLElement {
  const skipped = Object.entries(response.skipped);
  const wide = open ?? (typeof matchMedia === 'function' && matchMedia('(min-width: 900px)').matches);
  return el('div', { class: 'run' }, [
    el('details', { class: 'run-details', attrs: { open: wide } }, [
      el('summary', {}, [
        el('span', { class: `mode mode-${response.mode}`, text: response.mode === 'bm25' ? 'BM25 (zero-download)' : 'hybrid (BM25 + vectors)' }),
        ` · ${response.results.length} results in ${Math.round(response.tookMs)} ms`,
      ]),
      el('p', {}, ['steps: ', el('span', { class: 'steps', text: response.steps.join(' → ') || 'none' })]),
      skipped.length
        ? el('details', { class: 'skipped' }, [
          el('summary', { text: `skipped: ${skipped.map(([step]) => step).join(', ')}` }),
          el('ul', {}, skipped.map(([step, why]) => el('li', {}, [el('span', { class: 'steps', text: step }), `: ${why}`]))),
        ])
        : null,
    ]),
    // How the question was read changes what it found: always in sight.
    response.acronyms
      ? el('p', { class: 'skipped' }, [`read as acronyms: ${response.acronyms.map((a) => `${a.word} = ${a.phrase}`).join('; ')}`])
      : null,
  ]);
}
