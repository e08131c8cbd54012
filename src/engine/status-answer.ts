/**
 * The engine side of support-status answers (`answer/support-status`): "Is Angular 18 still
 * supported?" read from the end of life of the row the question names, in the first table of
 * the best documents that has one, against the reference date. The helpers it needs come in
 * from `engine/answer.ts` (the citation of a cell, the version check).
 */
import { endOfRow, rowEnds, rowsOfColumn, type AnswerCell, type RowValue } from '../answer/table-answer.ts';
import { flagHolds, flagListQuestion, rowsByStatus, setsNoEnd, statusListQuestion, statusListText, statusQuestion, supportStatus } from '../answer/support-status.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import type { TableStructure } from '../tables/headers.ts';
import type { Answer, Citation, Passage, SearchResponse, Table } from '../types.ts';
import type { EngineState } from './state.ts';

const TABLE_KINDS = new Set<Passage['kind']>(['table', 'table-row', 'table-column']);

/** What `engine/answer.ts` passes in. */
export interface StatusHelpers {
  settings: { tableDocuments: number; minTableConfidence: number };
  structureOf(table: Table): TableStructure;
  /** Whether a document may answer (it names the versions the question does). */
  mayAnswer(docId: string): boolean;
  /** Whether a text holds one of the names the question gives (true where it gives none). */
  namesAsked(text: string): boolean;
  /** Whether the question gives a name at all ("PostgreSQL"). */
  givesName: boolean;
  /** The citation of one cell of a document's table. */
  citeCell(docId: string, tableIndex: number, table: Table, cell: AnswerCell): Citation;
}

/**
 * Whether the thing a status question names is supported at `reference`, with the end-of-life
 * cell cited; undefined for another question, or where no table of the best documents gives the
 * row's end of life with confidence.
 */
export function statusAnswer(state: EngineState, question: string, analysis: QuestionAnalysis, search: SearchResponse, reference: number, h: StatusHelpers): Answer | undefined {
  const asked = statusQuestion(question);
  if (!asked) return undefined;
  return firstEnd(state, analysis, search, h, (end) => supportStatus(end, reference, asked.ended)?.text);
}

/**
 * "Which PostgreSQL versions are still supported?": the rows of the first table of the best
 * documents that dates its rows' end of life, whose end is still to come at `reference` (or
 * set to none), each end cell cited; for "which ... have reached end of life?", those past it.
 * The table is the named thing's where its document or caption names it. Undefined for another
 * question, or where no such table is found.
 */
export function statusListAnswer(state: EngineState, question: string, analysis: QuestionAnalysis, search: SearchResponse, reference: number, h: StatusHelpers): Answer | undefined {
  const asked = statusListQuestion(question);
  if (!asked) return undefined;
  return firstRowList(state, search, h, (table, structure) => {
    const rows = rowEnds(table, { structure });
    const listed = rows && rowsByStatus(rows, reference, asked.ended);
    return rows && listed ? { rows, listed, text: statusListText(listed.map((r) => r.name), asked.ended, rows.length) } : undefined;
  });
}

/**
 * "Which Node.js versions are LTS?": the rows of the first table of the best documents with a
 * column the property names ("lts"), whose cell says yes at `reference` ("true", or the date it
 * became so, come), each cell cited. Undefined for another question, or where no table has such
 * a column of yes and no.
 */
export function flagListAnswer(state: EngineState, question: string, search: SearchResponse, reference: number, h: StatusHelpers): Answer | undefined {
  const asked = flagListQuestion(question);
  if (!asked) return undefined;
  return firstRowList(state, search, h, (table, structure) => {
    const rows = rowsOfColumn(table, asked.flag, { structure });
    const read = rows?.map((r) => ({ r, holds: flagHolds(r.cell.text, reference) }));
    if (!rows || !read?.some((x) => x.holds !== undefined)) return undefined;
    const listed = read.filter((x) => x.holds).map((x) => x.r);
    return { rows, listed, text: listed.length ? statusListText(listed.map((r) => r.name), false, rows.length) : `None of the ${rows.length} listed` };
  });
}

/** What a list of rows answers with: the rows it lists, of all the table's, and its text. */
interface RowList {
  rows: RowValue[];
  listed: RowValue[];
  text: string;
}

/**
 * The list `read` gives of the first table of the best documents that gives one, where the
 * document or the table's caption names the thing the question names; each listed row's cell
 * cited (the first row's where none is listed).
 */
function firstRowList(state: EngineState, search: SearchResponse, h: StatusHelpers, read: (table: Table, structure: TableStructure) => RowList | undefined): Answer | undefined {
  for (const docId of tableDocuments(search, h)) {
    const document = state.records.get(docId)?.document;
    const tables = document?.tables ?? [];
    for (let i = 0; i < tables.length; i++) {
      if (!h.namesAsked(`${document?.title ?? ''} ${tables[i]!.caption ?? ''}`)) continue;
      const list = read(tables[i]!, h.structureOf(tables[i]!));
      if (!list) continue;
      const cited = list.listed.length ? list.listed : list.rows.slice(0, 1);
      return {
        text: list.text,
        kind: 'cell',
        items: list.listed.map((r) => r.name),
        citations: cited.map((r) => h.citeCell(docId, i, tables[i]!, r.cell)),
        // Sure where the question names the thing and its document does; a guess where it names nothing.
        confidence: h.givesName ? 1 : 0.5,
        operation: 'list',
      };
    }
  }
  return undefined;
}

/**
 * "When does Apache Groovy 3 reach end of life?" where the row's end of life is set to none (a
 * cell "false", or empty): that no end of life is set, the cell cited. Undefined for another
 * question, or where the row gives a date or nothing (the date is the table answer's to read).
 */
export function noEndAnswer(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, h: StatusHelpers): Answer | undefined {
  if (analysis.operation !== 'date' || analysis.boundary !== 'end') return undefined;
  return firstEnd(state, analysis, search, h, (end) => (setsNoEnd(end) ? 'No end of life is set' : undefined));
}

/** The answer `read` gives of the end-of-life cell of the row the question names, in the first table of the best documents that has one. */
function firstEnd(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, h: StatusHelpers, read: (end: string) => string | undefined): Answer | undefined {
  for (const docId of tableDocuments(search, h)) {
    const document = state.records.get(docId)?.document;
    const tables = document?.tables ?? [];
    for (let i = 0; i < tables.length; i++) {
      const end = endOfRow(analysis, tables[i]!, { structure: h.structureOf(tables[i]!) });
      if (!end || end.confidence < h.settings.minTableConfidence) continue;
      // The row is the named thing's where its document, its table or its own labels name it:
      // Ubuntu's release table mentions Debian, and its "12" row is no Debian 12.
      if (!h.namesAsked(`${document?.title ?? ''} ${tables[i]!.caption ?? ''} ${end.cells[0]?.rowPath.join(' ') ?? ''}`)) continue;
      const text = read(end.text);
      if (!text) continue;
      return { text, kind: 'cell', citations: [h.citeCell(docId, i, tables[i]!, end.cells[0]!)], confidence: end.confidence, operation: analysis.operation };
    }
  }
  return undefined;
}

/** The best documents with tables that may answer, in rank order. */
function tableDocuments(search: SearchResponse, h: StatusHelpers): string[] {
  const docs: string[] = [];
  for (const r of search.results) {
    const id = r.passage.docId;
    if (TABLE_KINDS.has(r.passage.kind) && !docs.includes(id) && h.mayAnswer(id)) docs.push(id);
    if (docs.length >= h.settings.tableDocuments) break;
  }
  return docs;
}
