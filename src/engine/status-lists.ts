/**
 * The engine side of status lists (`answer/status-lists`): "which PostgreSQL versions are still
 * supported?", "which Node.js versions are LTS?" read from the rows of the first table of the
 * best documents that answers, each row's cell cited.
 */
import { rowEnds, rowsOfColumn, type RowValue } from '../answer/table-answer.ts';
import { flagListQuestion, statusListQuestion } from '../answer/support-status.ts';
import { flagHolds, rowsByStatus, statusListText } from '../answer/status-lists.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import type { TableStructure } from '../tables/headers.ts';
import type { Answer, SearchResponse, Table } from '../types.ts';
import type { EngineState } from './state.ts';
import { tableDocuments, type StatusHelpers } from './status-answer.ts';

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
