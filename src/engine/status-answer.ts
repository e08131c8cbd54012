/**
 * The engine side of support-status answers (`answer/support-status`): "Is Angular 18 still
 * supported?" read from the end of life of the row the question names, in the first table of
 * the best documents that has one (else from a sentence that dates its end), against the
 * reference date. Loaded with such a question
 * (`engine/answer.ts` gates it); the readers it needs come in with the helpers, so that it
 * imports nothing the worker's start holds (a module imported from both splits into a chunk
 * of its own).
 */
import type { AnswerCell, TableAnswer } from '../answer/table-answer.ts';
import type { StatusQuestion } from '../answer/support-questions.ts';
import type { SupportStatus } from '../answer/support-status.ts';
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
  /** The citation of `[from, to)` of passage `p`'s document, `span` marked within it. */
  citeText(p: Passage, from: number, to: number, text: string, span: [number, number]): Citation;
  /** Patterns of the versions the question names ("3.8"). */
  versions: RegExp[];
  /** Where a text gives its dates: `[from, to)` each. */
  datesIn(text: string): Array<[number, number]>;
}

/** The readers of `answer/` a status answer uses, passed in with the helpers. */
export interface StatusReaders {
  endOfRow(analysis: QuestionAnalysis, table: Table, options: { structure?: TableStructure; context?: string }): TableAnswer | undefined;
  supportStatus(end: string, reference: number, ended?: boolean): SupportStatus | undefined;
  setsNoEnd(end: string): boolean;
  asksLength(analysis: QuestionAnalysis): boolean;
}

/**
 * Whether the thing a status question names is supported at `reference`, with the end-of-life
 * cell cited; undefined for another question, or where no table of the best documents gives the
 * row's end of life with confidence.
 */
export function statusAnswer(state: EngineState, asked: StatusQuestion, analysis: QuestionAnalysis, search: SearchResponse, reference: number, h: StatusHelpers & StatusReaders): Answer | undefined {
  return firstEnd(state, analysis, search, h, (end) => h.supportStatus(end, reference, asked.ended)?.text) ?? statedEnd(state, analysis, search, reference, asked.ended, h);
}

/** A sentence that says a thing's support ends or ended ("has reached the end-of-life phase", "is no longer supported"). */
const STATES_END = /\bend[\s-]of[\s-](?:life|support)\b|\beol\b|\bno longer (?:supported|maintained)\b|\bsupport (?:ends|ended|will end)\b/i;

/**
 * "Is Python 3.8 still supported?" where no table gives its end of life: the first sentence of
 * the results that names the version, says its support ends and dates it ("As of 2024-10-07,
 * 3.8 has reached the end-of-life phase"), read against the reference date, the date marked.
 * Undefined where no such sentence is found, or the question names no version.
 */
function statedEnd(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, reference: number, ended: boolean | undefined, h: StatusHelpers & StatusReaders): Answer | undefined {
  if (!h.versions.length) return undefined;
  // The passages of the results first, then the rest of their documents ("was Python 3.8 still
  // supported in 2023?" ranks a 2023 release's line, and the schedule states the end elsewhere).
  const docs = [...new Set(search.results.map((r) => r.passage.docId))].filter((id) => h.mayAnswer(id)).slice(0, h.settings.tableDocuments);
  const passages = [...search.results.map((r) => r.passage).filter((p) => docs.includes(p.docId)), ...docs.flatMap((id) => state.records.get(id)?.passages ?? [])];
  for (const p of passages) {
    if (p.kind !== 'text' && p.kind !== 'sentence') continue;
    for (const x of p.sentences) {
      const text = p.text.slice(x.start, x.end);
      const end = STATES_END.exec(text);
      if (!end || !h.versions.every((v) => v.test(text))) continue;
      // The date nearest the words of the end ("released on 2019-10-14; its end of life is 2024-10").
      const distance = ([from, to]: [number, number]) => Math.max(0, from - end.index - end[0].length, end.index - to);
      const at = h.datesIn(text).reduce<[number, number] | undefined>((best, d) => (!best || distance(d) < distance(best) ? d : best), undefined);
      const status = at && h.supportStatus(text.slice(at[0], at[1]), reference, ended);
      if (!at || !status) continue;
      return { text: status.text, kind: 'sentence', citations: [h.citeText(p, p.start + x.start, p.start + x.end, text, at)], confidence: 1, operation: analysis.operation };
    }
  }
  return undefined;
}

/**
 * "When does Apache Groovy 3 reach end of life?" where the row's end of life is set to none (a
 * cell "false", or empty): that no end of life is set, the cell cited; "how long was it
 * supported?", that it still is. Undefined for another question, or where the row gives a date
 * or nothing (the date is the table answer's to read).
 */
export function noEndAnswer(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, h: StatusHelpers & StatusReaders): Answer | undefined {
  // "How long was Windows PowerShell 5.1 supported?" of a row with no end: it still is.
  const lasting = h.asksLength(analysis) && /\b(?:supported|maintained)\b/i.test(analysis.question);
  if (!lasting && (analysis.operation !== 'date' || analysis.boundary !== 'end')) return undefined;
  return firstEnd(state, analysis, search, h, (end) => (h.setsNoEnd(end) ? `${lasting ? 'Still supported: no' : 'No'} end of life is set` : undefined));
}

/** The answer `read` gives of the end-of-life cell of the row the question names, in the first table of the best documents that has one. */
function firstEnd(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, h: StatusHelpers & StatusReaders, read: (end: string) => string | undefined): Answer | undefined {
  for (const docId of tableDocuments(search, h)) {
    const document = state.records.get(docId)?.document;
    const tables = document?.tables ?? [];
    for (let i = 0; i < tables.length; i++) {
      const end = h.endOfRow(analysis, tables[i]!, { structure: h.structureOf(tables[i]!), ...(document?.title ? { context: document.title } : {}) });
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
