/**
 * The engine side of status lists (`answer/status-lists`): "which PostgreSQL versions are still
 * supported?", "which Node.js versions are LTS?" read from the rows of the first table of the
 * best documents that answers, each row's cell cited.
 */
import type { RowValue } from '../answer/table-answer.ts';
import type { AllListQuestion, FlagListQuestion, StatusListQuestion, TimeListQuestion } from '../answer/support-questions.ts';
import { fitsTime, flagHolds, pickDated, rowsByStatus, statusListText, type AskedTime, type CellReading } from '../answer/status-lists.ts';
import type { TableStructure } from '../tables/headers.ts';
import type { Answer, SearchResponse, Table } from '../types.ts';
import type { EngineState } from './state.ts';
import type { StatusHelpers } from './status-answer.ts';

/**
 * What `engine/answer.ts` passes in besides the status helpers: this module is loaded with a
 * list question, and imports nothing the worker's start holds (`answer/status-lists.ts`).
 */
export interface ListHelpers extends StatusHelpers, CellReading {
  /** The best documents with tables that may answer, whatever kind of their passages ranked. */
  documents(search: SearchResponse): string[];
  /** Each named row's end-of-life or release cell (`rowDates`). */
  rowDates(table: Table, role: 'start' | 'end', structure: TableStructure): RowValue[] | undefined;
  /** Each named row's cell of the column a property names (`rowsOfColumn`). */
  rowsOfColumn(table: Table, property: string, structure: TableStructure): RowValue[] | undefined;
}

/**
 * "Which PostgreSQL versions are still supported?": the rows of the first table of the best
 * documents that dates its rows' end of life, whose end is still to come at `reference` (or
 * set to none), each end cell cited; for "which ... have reached end of life?", those past it.
 * The table is the named thing's where its document or caption names it. Undefined where no such
 * table is found.
 */
export function statusListAnswer(state: EngineState, asked: StatusListQuestion, search: SearchResponse, reference: number, h: ListHelpers): Answer | undefined {
  return firstRowList(state, search, h, asked.subject, reference, (table, structure, keep) => {
    const rows = h.rowDates(table, 'end', structure)?.filter(keep);
    const listed = rows && rowsByStatus(rows, reference, asked.ended, h);
    return rows && listed ? { rows, listed, text: statusListText(listed.map((r) => r.name), asked.ended, rows.length) } : undefined;
  });
}

/**
 * "Which Node.js versions are LTS?": the rows of the first table of the best documents with a
 * column the property names ("lts"), whose cell says yes at `reference` ("true", or the date it
 * became so, come), each cell cited. Undefined where no table has such a column of yes and no.
 */
export function flagListAnswer(state: EngineState, asked: FlagListQuestion, search: SearchResponse, reference: number, h: ListHelpers): Answer | undefined {
  return firstRowList(state, search, h, asked.subject, reference, (table, structure, keep) => {
    const rows = h.rowsOfColumn(table, asked.flag, structure)?.filter(keep);
    const read = rows?.map((r) => ({ r, holds: flagHolds(r.cell.text, reference, h) }));
    if (!rows || !read?.some((x) => x.holds !== undefined)) return undefined;
    const listed = read.filter((x) => x.holds).map((x) => x.r);
    return { rows, listed, text: listed.length ? statusListText(listed.map((r) => r.name), false, rows.length) : `None of the ${rows.length} listed` };
  });
}

/**
 * "Which Ubuntu releases came out in 2022?", "which Django versions were released before
 * 2015?", "which Node.js versions reached end of life in 2023?": the rows of the first table of
 * the best documents that dates its rows so (release, or end of life), whose date fits the time
 * the question gives, each date cited. Undefined where no such table is found, or the time is
 * none a list reads.
 */
export function timeListAnswer(state: EngineState, asked: TimeListQuestion, search: SearchResponse, time: AskedTime, reference: number, h: ListHelpers): Answer | undefined {
  if (fitsTime(0, time) === undefined) return undefined;
  return firstRowList(state, search, h, asked.subject, reference, (table, structure, keep) => {
    const rows = h.rowDates(table, asked.role, structure)?.filter(keep).map((r) => ({ r, at: h.dateStart(r.cell.text, reference) })).filter((x) => x.at !== undefined);
    if (!rows?.length) return undefined;
    const fitting = rows.filter((x) => fitsTime(x.at!, time));
    // "The first Django release in 2023": of those, the one dated first (last).
    const listed = (asked.pick ? pickDated(fitting, asked.pick, (x) => x.at!) : fitting).map((x) => x.r);
    return { rows: rows.map((x) => x.r), listed, text: listed.length ? statusListText(listed.map((r) => r.name), false, rows.length) : `None of the ${rows.length} listed` };
  });
}

/**
 * "How many Ubuntu LTS releases are there?": every row of the first table of the best documents
 * that dates its rows' release (else their end of life), those a yes / no column the subject
 * names says yes of ("LTS"), each date cited.
 */
export function allListAnswer(state: EngineState, asked: AllListQuestion, search: SearchResponse, reference: number, h: ListHelpers): Answer | undefined {
  return firstRowList(state, search, h, asked.subject, reference, (table, structure, keep) => {
    const rows = (h.rowDates(table, 'start', structure) ?? h.rowDates(table, 'end', structure))?.filter(keep);
    return rows?.length ? { rows, listed: rows, text: statusListText(rows.map((r) => r.name), false, rows.length) } : undefined;
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
 * cited (the first row's where none is listed). A word of the subject neither names but a yes /
 * no column of the table heads ("Which Ubuntu LTS versions ...?") keeps the rows it says yes
 * of, at `reference`.
 */
function firstRowList(state: EngineState, search: SearchResponse, h: ListHelpers, subject: string, reference: number, read: (table: Table, structure: TableStructure, keep: (r: RowValue) => boolean) => RowList | undefined): Answer | undefined {
  // The thing's own words, however written ("postgres versions", lower-case: no name to find):
  // the document or the caption holds each, at the start of a word ("postgres" of "PostgreSQL").
  const words = subject.toLowerCase().split(/[^\p{L}\p{N}.]+/u).filter((w) => w.length > 1 && !LIST_WORDS.has(w));
  for (const docId of h.documents(search)) {
    const document = state.records.get(docId)?.document;
    const tables = document?.tables ?? [];
    for (let i = 0; i < tables.length; i++) {
      const named = `${document?.title ?? ''} ${tables[i]!.caption ?? ''}`;
      if (!h.namesAsked(named)) continue;
      const lower = ` ${named.toLowerCase()}`;
      const structure = h.structureOf(tables[i]!);
      const flags = words.filter((w) => !lower.includes(` ${w}`)).map((w) => h.rowsOfColumn(tables[i]!, w, structure));
      if (!flags.every((rows) => rows?.some((r) => flagHolds(r.cell.text, reference, h) !== undefined))) continue;
      const keep = (r: RowValue) => flags.every((rows) => { const flag = rows!.find((x) => x.name === r.name); return !!flag && !!flagHolds(flag.cell.text, reference, h); });
      const list = read(tables[i]!, structure, keep);
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

/** Words of a list question's subject that say what is listed, not whose ("versions of", "the"). */
const LIST_WORDS = new Set(['versions', 'version', 'releases', 'release', 'editions', 'branches', 'series', 'cycles', 'lines', 'majors', 'distros', 'distributions', 'of', 'the', 'all', 'its', 'which', 'what']);
