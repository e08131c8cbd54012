/**
 * The engine side of list answers (`answer/label-list`): the tables and sentences of the best
 * documents in, a list answer with each item cited out. Its own module, loaded on demand by
 * `engine/answer.ts` when a question may ask for a list, so the embed's first download does not
 * carry it; the helpers it needs come in from there (see `answer/prose-calc`'s `ProseHelpers`).
 */
import { asksList, listAfterLead, listFromSentence, listFromTable, peopleFromTable, type ListHelpers, type TableList } from '../answer/label-list.ts';
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
    const document = state.records.get(docId)?.document;
    const tables = document?.tables ?? [];
    for (const [tableIndex, table] of tables.entries()) {
      const structure = h.structureOf(table);
      const list = peopleFromTable(ask, table, structure, document?.title ?? '', h) ?? listFromTable(ask, table, structure, h);
      if (!list) continue;
      if (list.confidence >= 1) return tableListAnswer(list, docId, tableIndex, table, h);
      // (A table's own labels are no list of the people a question asks for: the candidates of an
      // election for "who were the members of the first council?".)
      if (!ask.people && (!fallback || list.confidence > fallback.list.confidence)) fallback = { list, docId, tableIndex, table };
    }
  }
  // A sentence of the best text passages that states the list, naming most of the group; for
  // people, any passage of a best document whose title names the group ("Nominees:" of the "2025
  // Term Steering Council election"); else the table's own labels.
  const texts = search.results.filter((r) => TEXT_KINDS.has(r.passage.kind)).slice(0, h.settings.sentencePassages).map((r) => r.passage);
  if (ask.people) {
    const asked = [...ask.group, ...(ask.years ?? [])].filter((t) => t !== ask.members);
    for (const docId of new Set(search.results.map((r) => r.passage.docId))) {
      const record = state.records.get(docId);
      const title = new Set(h.answerTerms(record?.document.title ?? ''));
      if (record && asked.length && asked.every((t) => title.has(t))) texts.push(...record.passages.filter((p) => p.kind === 'text'));
    }
  }
  for (const p of texts) {
    for (const [i, s] of p.sentences.entries()) {
      const text = p.text.slice(s.start, s.end);
      // (Only a lead-in, a sentence that ends with a colon, is read on past its passage.)
      const after = text.trimEnd().endsWith(':') ? linesFrom(state, p, i) : [];
      const led = after.length ? listAfterLead(ask, after.map((x) => x.text), h, h.titleOf(search, p.docId)) : undefined;
      if (led && !(fallback && led.confidence < SENTENCE_OVER_TABLE)) {
        const start = p.start + s.start;
        const end = after[led.items.at(-1)!]!.end;
        const source = h.sourceSpan(state, p.docId, start, end);
        const items = led.items.map((k) => after[k]!.text.trim());
        const citation: Citation = {
          docId: p.docId, title: h.titleOf(search, p.docId), passageId: p.id, kind: 'sentence', text: state.records.get(p.docId)?.document.text.slice(start, end) ?? '', start, end,
          ...(source ? { source } : {}), ...h.pageOf(p), span: [after[led.items[0]!]!.start - start, end - start],
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

/** Most sentences a list after a lead-in is read over. */
const MAX_LIST_LINES = 64;

/**
 * Sentence `i` of passage `p` and those after it, on into the passages that follow it in its
 * document (a list of eight nominees may be cut after its third), each with its text and where it
 * stands in the document; what two passages repeat is read once.
 */
function linesFrom(state: EngineState, p: Passage, i: number): Array<{ text: string; start: number; end: number }> {
  const out = p.sentences.slice(i).map((x) => ({ text: p.text.slice(x.start, x.end), start: p.start + x.start, end: p.start + x.end }));
  const passages = state.records.get(p.docId)?.passages ?? [];
  for (let k = passages.indexOf(p) + 1; k < passages.length && out.length < MAX_LIST_LINES; k++) {
    const next = passages[k]!;
    if (next.kind !== 'text') continue;
    if (next.start > out.at(-1)!.end + MAX_GAP) break;
    for (const x of next.sentences) if (next.start + x.start >= out.at(-1)!.end) out.push({ text: next.text.slice(x.start, x.end), start: next.start + x.start, end: next.start + x.end });
  }
  return out;
}

/** Characters between two passages (a heading, blank lines) across which a list is still read on. */
const MAX_GAP = 200;

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
