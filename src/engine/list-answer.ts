/**
 * The engine side of list answers (`answer/label-list`): the tables and sentences of the best
 * documents in, a list answer with each item cited out. Its own module, loaded on demand by
 * `engine/answer.ts` when a question may ask for a list, so the embed's first download does not
 * carry it; the helpers it needs come in from there (see `answer/prose-calc`'s `ProseHelpers`).
 */
import { asksList, listAfterLead, listFromSentence, listFromTable, type ListHelpers, type TableList } from '../answer/label-list.ts';
import type { AnswerCell } from '../answer/table-answer.ts';
import type { TableStructure } from '../tables/headers.ts';
import type { Answer, Citation, Passage, SearchResponse, Table } from '../types.ts';
import type { EngineState } from './state.ts';

const TEXT_KINDS = new Set<Passage['kind']>(['text', 'sentence']);

/** A sentence's list wins over a table's own labels when it names this share of the group. */
const SENTENCE_OVER_TABLE = 0.75;

/** What `engine/answer.ts` passes in. */
export interface ListCiteHelpers extends ListHelpers {
  settings: { tableDocuments: number; sentencePassages: number };
  structureOf(table: Table): TableStructure;
  /** The citation of one cell of a document's table. */
  citeCell(docId: string, tableIndex: number, table: Table, cell: AnswerCell): Citation;
  sourceSpan(state: EngineState, docId: string, start: number, end: number): { start: number; end: number } | undefined;
  titleOf(search: SearchResponse, docId: string): string;
  pageOf(p: { page?: number } | undefined): { page?: number };
}

/**
 * The list the question asks for, when it asks for one: the items of a table's group (its row or
 * column labels) the question names, else a list one of the best sentences states, else the
 * table's own labels or years at lower confidence. Undefined for questions that ask no list.
 */
export function listAnswer(state: EngineState, question: string, search: SearchResponse, h: ListCiteHelpers): Answer | undefined {
  const ask = asksList(question, h);
  if (!ask) return undefined;
  const docs: string[] = [];
  // The documents with tables, in rank order, whichever of their passages ranked (a sentence
  // about the table often ranks above its rows).
  for (const r of search.results) {
    if (docs.includes(r.passage.docId) || !state.records.get(r.passage.docId)?.document.tables.length) continue;
    if (docs.length < h.settings.tableDocuments) docs.push(r.passage.docId);
  }
  let fallback: { list: TableList; docId: string; tableIndex: number; table: Table } | undefined;
  for (const docId of docs) {
    const tables = state.records.get(docId)?.document.tables ?? [];
    for (const [tableIndex, table] of tables.entries()) {
      const list = listFromTable(ask, table, h.structureOf(table), h);
      if (!list) continue;
      if (list.confidence >= 1) return tableListAnswer(list, docId, tableIndex, table, h);
      // (A table's own labels are no list of the people a question asks for: the candidates of an
      // election for "who were the members of the first council?".)
      if (!ask.people && (!fallback || list.confidence > fallback.list.confidence)) fallback = { list, docId, tableIndex, table };
    }
  }
  // A sentence of the best text passages that states the list, naming most of the group; else
  // the table's own labels.
  const texts = search.results.filter((r) => TEXT_KINDS.has(r.passage.kind)).slice(0, h.settings.sentencePassages);
  for (const r of texts) {
    const p = r.passage;
    for (const [i, s] of p.sentences.entries()) {
      const text = p.text.slice(s.start, s.end);
      const led = listAfterLead(ask, p.sentences.slice(i).map((x) => p.text.slice(x.start, x.end)), h, h.titleOf(search, p.docId));
      if (led && !(fallback && led.confidence < SENTENCE_OVER_TABLE)) {
        const last = p.sentences[i + led.items.at(-1)!]!;
        const start = p.start + s.start;
        const end = p.start + last.end;
        const source = h.sourceSpan(state, p.docId, start, end);
        const items = led.items.map((k) => p.text.slice(p.sentences[i + k]!.start, p.sentences[i + k]!.end).trim());
        const first = p.sentences[i + led.items[0]!]!;
        const citation: Citation = {
          docId: p.docId, title: h.titleOf(search, p.docId), passageId: p.id, kind: 'sentence', text: p.text.slice(s.start, last.end), start, end,
          ...(source ? { source } : {}), ...h.pageOf(p), span: [first.start - s.start, last.end - s.start],
        };
        return { text: items.join(', '), kind: 'sentence', items, citations: [citation], confidence: round3(led.confidence), operation: 'list' };
      }
      const found = listFromSentence(ask, text, h);
      if (!found || (fallback && found.confidence < SENTENCE_OVER_TABLE)) continue;
      const span: [number, number] = [found.spans[0]![0], found.spans.at(-1)![1]];
      const start = p.start + s.start;
      const end = p.start + s.end;
      const source = h.sourceSpan(state, p.docId, start, end);
      const citation: Citation = {
        docId: p.docId, title: h.titleOf(search, p.docId), passageId: p.id, kind: 'sentence', text, start, end,
        ...(source ? { source } : {}), ...h.pageOf(p), span,
      };
      return { text: found.items.join(', '), kind: 'sentence', items: found.items, citations: [citation], confidence: round3(found.confidence), operation: 'list' };
    }
  }
  return fallback ? tableListAnswer(fallback.list, fallback.docId, fallback.tableIndex, fallback.table, h) : undefined;
}

function tableListAnswer(list: TableList, docId: string, tableIndex: number, table: Table, h: ListCiteHelpers): Answer {
  const structure = h.structureOf(table);
  const citations = list.cells.map(([r, c]) => h.citeCell(docId, tableIndex, table, {
    cell: [r, c], text: table.cells.find((x) => x.row === r && x.col === c)?.text.trim() ?? '', rowPath: structure.rowPaths[r] ?? [], columnPath: structure.columnPaths[c] ?? [],
  }));
  return { text: list.items.join(', '), kind: 'cell', items: list.items, citations, confidence: round3(list.confidence), operation: 'list' };
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}
