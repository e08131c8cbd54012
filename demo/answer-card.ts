/**
 * The answer card above the results: the answer ("11.2 ($ millions)"), the calculation with its
 * cited operands, and citations that open the passage with the sentence marked or the table with
 * the cells and their header paths marked. With a generator loaded the answer streams in token
 * by token and a Stop button aborts it. When the documents do not support an answer the card
 * says so plainly. DOM through `textContent` only.
 */
import type { RemoteAlmanac } from '../src/engine/remote.ts';
import { describeCitation } from '../src/answer/cite.ts';
import type { AnswerResponse, Citation, SearchResponse, StoredDocument } from '../src/types.ts';
import { clear, el } from './dom.ts';
import { errorMessage } from './format.ts';
import { renderTable } from './table-view.ts';
import { kindLabel } from './answer-label.ts';

/** Characters of context shown around a cited sentence. */
const CONTEXT_CHARS = 280;

export interface AnswerCard {
  /** The card's element; the search panel puts it above the result list. */
  element: HTMLElement;
  /**
   * Answers `query`, calling `onRetrieved` as soon as the search is in (the result list renders
   * before the answer is written). Resolves with the response, or undefined when stopped.
   */
  run(query: string, signal: AbortSignal, onRetrieved: (search: SearchResponse) => void): Promise<AnswerResponse | undefined>;
  clear(): void;
}

/** Citations listed before the rest are folded away. */
const SHOWN_CITATIONS = 3;

/** Builds the card; `getDocument` fetches (and caches) stored documents for opening citations. */
export function answerCard(almanac: RemoteAlmanac, getDocument: (id: string) => Promise<StoredDocument | undefined>): AnswerCard {
  const element = el('section', { class: 'answer-card', attrs: { 'aria-live': 'polite', 'aria-label': 'Answer', hidden: true } });

  async function run(query: string, signal: AbortSignal, onRetrieved: (search: SearchResponse) => void): Promise<AnswerResponse | undefined> {
    const generator = (await almanac.models()).generator;
    const generating = !!generator;
    // A synthetic generator (random weights) proves the streaming and the Stop button only.
    const synthetic = !!generator?.id.startsWith('synthetic/');
    const stop = new AbortController();
    const onOuter = () => stop.abort();
    signal.addEventListener('abort', onOuter, { once: true });
    clear(element);
    element.hidden = false;
    delete element.dataset.kind;
    const body = el('p', { class: 'answer-text', text: 'Reading the documents…' });
    const stopButton = el('button', { class: 'answer-stop', text: 'Stop', attrs: { type: 'button', hidden: !generating }, on: { click: () => stop.abort() } });
    element.append(el('div', { class: 'answer-head' }, [el('h3', { text: 'Answer' }), stopButton]), body);
    let streamed = '';
    try {
      for await (const event of almanac.answerStream(query, { limit: 10, signal: stop.signal })) {
        if (event.type === 'retrieved') {
          onRetrieved(event.search);
          if (generating) {
            body.textContent = 'Writing the answer…';
            if (synthetic) element.append(el('p', { class: 'hint answer-synthetic', text: 'The loaded generator is synthetic (random weights): it shows the streaming and the Stop button, its words mean nothing. The citations and the checked calculation come from the documents.' }));
          }
        } else if (event.type === 'token') {
          streamed += event.text;
          body.textContent = streamed;
          element.dataset.streaming = 'true';
        } else if (event.type === 'final') {
          render(event.response);
          if (synthetic && event.response.recap) element.append(el('p', { class: 'hint answer-synthetic', text: 'Written by a synthetic generator (random weights): it proves the plumbing, not the quality of an answer.' }));
          return event.response;
        }
      }
      return undefined;
    } catch (error) {
      if (stop.signal.aborted && !signal.aborted) {
        // Stopped by the user: what was written stays, marked as unfinished and unchecked.
        body.textContent = streamed ? `${streamed} …` : 'Stopped.';
        element.append(el('p', { class: 'hint', text: 'Stopped before the answer was finished; its arithmetic was not checked.' }));
        element.dataset.kind = 'stopped';
        return undefined;
      }
      if (signal.aborted) return undefined;
      body.textContent = `Could not answer: ${errorMessage(error)}`;
      body.classList.add('error');
      throw error;
    } finally {
      signal.removeEventListener('abort', onOuter);
      stopButton.hidden = true;
      delete element.dataset.streaming;
    }
  }

  function render(response: AnswerResponse): void {
    const a = response.answer;
    clear(element);
    element.dataset.kind = a.kind;
    element.append(el('div', { class: 'answer-head' }, [
      el('h3', { text: 'Answer' }),
      el('span', { class: 'answer-kind', text: kindLabel(a, response) }),
      // Keywords are answered as the question they were read as: the card says which.
      response.readAs ? el('span', { class: 'answer-read-as', text: `read as “${response.readAs}”` }) : null,
    ]));
    if (a.kind === 'none') {
      element.append(el('p', { class: 'answer-text answer-none', text: a.text }));
      return;
    }
    element.append(el('p', { class: 'answer-text', text: a.text }));
    if (a.calculation) {
      const calc = a.calculation;
      element.append(el('p', { class: 'answer-calculation' }, [
        el('span', { class: 'label', text: 'Calculation: ' }),
        calc.text,
        calc.modelResult !== undefined && Math.abs(calc.modelResult - calc.result) > 1e-9
          ? el('span', { class: 'hint', text: ` (the model wrote ${calc.modelResult}; the calculator's result is used)` })
          : null,
      ]));
    }
    if (response.recap?.calculatorError) {
      element.append(el('p', { class: 'warning', text: `The model's formula could not be checked: ${response.recap.calculatorError}` }));
    }
    const viewer = el('div', { class: 'citation-view' });
    const list = el('ol', { class: 'citations', attrs: { 'aria-label': 'Citations' } });
    // An average over a decade of months cites 120 cells: the first few are listed, the rest
    // folded under one line, so that the card stays short on a phone.
    const more = a.citations.length > SHOWN_CITATIONS + 1 ? el('ol', { class: 'citations', attrs: { start: String(SHOWN_CITATIONS + 1), 'aria-label': 'More citations' } }) : undefined;
    const buttons: HTMLElement[] = [];
    a.citations.forEach((c, i) => {
      const button = el('button', { class: 'citation link', text: describeCitation(c, { maxChars: 80, offsets: false }), attrs: { type: 'button', 'data-citation': i, 'aria-expanded': 'false' } });
      button.addEventListener('click', () => {
        for (const b of buttons) b.setAttribute('aria-expanded', 'false');
        button.setAttribute('aria-expanded', 'true');
        void open(viewer, c);
      });
      buttons.push(button);
      (more && i >= SHOWN_CITATIONS ? more : list).append(el('li', {}, [button]));
    });
    const folded = more ? el('details', { class: 'more-citations' }, [el('summary', { text: `${a.citations.length - SHOWN_CITATIONS} more ${a.citations.every((c) => c.kind === 'cell') ? 'cited cells' : 'citations'}` }), more]) : null;
    if (a.citations.length) element.append(el('p', { class: 'label', text: 'From:' }), list, ...(folded ? [folded] : []), viewer);
    // The first citation opens by itself: the reader sees where the answer is at once.
    const first = a.citations[0];
    if (first) {
      list.querySelector('button')?.setAttribute('aria-expanded', 'true');
      void open(viewer, first);
    }
  }

  async function open(viewer: HTMLElement, c: Citation): Promise<void> {
    viewer.replaceChildren(el('p', { class: 'hint', text: 'Opening the source…' }));
    try {
      const doc = await getDocument(c.docId);
      if (!doc) {
        viewer.replaceChildren(el('p', { class: 'hint', text: 'That document is no longer stored.' }));
        return;
      }
      if (c.kind === 'cell' && c.tableIndex !== undefined && c.cell) {
        const table = doc.tables[c.tableIndex];
        if (!table) {
          viewer.replaceChildren(el('p', { class: 'hint', text: 'That table is no longer stored.' }));
          return;
        }
        viewer.replaceChildren(
          el('p', { class: 'citation-where' }, [
            el('span', { class: 'label', text: 'Row: ' }), (c.rowPath ?? []).join(' › ') || '—', ' · ',
            el('span', { class: 'label', text: 'Column: ' }), (c.columnPath ?? []).join(' › ') || '—',
          ]),
          renderTable(table, [c.cell], `${doc.title}, table ${c.tableIndex + 1}`, [c.cell]),
        );
        return;
      }
      // The sentence with some of the text around it, from the document's own text.
      const text = doc.text;
      const from = Math.max(0, c.start - CONTEXT_CHARS);
      const to = Math.min(text.length, c.end + CONTEXT_CHARS);
      const sentence = text.slice(c.start, c.end);
      const marked: Array<Node | string> = [];
      if (c.span) {
        marked.push(sentence.slice(0, c.span[0]), el('strong', { class: 'answer-span', text: sentence.slice(c.span[0], c.span[1]) }), sentence.slice(c.span[1]));
      } else {
        marked.push(sentence);
      }
      const mark = el('mark', { class: 'cited-sentence' }, marked);
      const quote = el('blockquote', { class: 'citation-passage' }, [
        from > 0 ? '…' : '', text.slice(from, c.start), mark, text.slice(c.end, to), to < text.length ? '…' : '',
      ]);
      viewer.replaceChildren(quote, el('p', { class: 'hint', text: `${doc.title} (${doc.name})` }));
      // The quote scrolls within its box: the lines before a cited line of a schedule or a list
      // can fill it, so it opens on the cited sentence, not on the context above it.
      quote.scrollTop += mark.getBoundingClientRect().top - quote.getBoundingClientRect().top - quote.clientHeight / 4;
    } catch (error) {
      viewer.replaceChildren(el('p', { class: 'error', text: `Could not open the source: ${errorMessage(error)}` }));
    }
  }

  return {
    element, run,
    clear() {
      clear(element);
      element.hidden = true;
    },
  };
}
