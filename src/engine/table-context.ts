import { tableLabels, type TableLabels } from '../tables/index.ts';
import { matchedCellsForTerms } from '../tables/matched-cells.ts';
import type { MatchedCell, Passage, Table } from '../types.ts';
import { structureOf } from '../tables/structure-of.ts';
import { DERIVED, derivedMark } from '../index-format/derived.ts';
import type { EngineState } from './state.ts';

/*
 * What search reads of a table passage's table: its header structure, its labels for the
 * fusion and the cells a question points at. Each is worked out once per table, on its first
 * search, and kept as long as the table object lives.
 */

/** Whether a document holds tables. */
export function hasTables(state: EngineState, docId: string): boolean {
  return (state.records.get(docId)?.document.tables.length ?? 0) > 0;
}

const labelsCache = new WeakMap<Table, TableLabels>();

/** The table a table passage was written from; undefined for text (tables are never chunked as text). */
function tableOf(state: EngineState, p: Passage): Table | undefined {
  return p.tableIndex === undefined ? undefined : state.records.get(p.docId)?.document.tables[p.tableIndex];
}

/** A table's header structure, detected once per table object (shared with the derived table passages). */
export { structureOf } from '../tables/structure-of.ts';

/** The labels of a table passage's table; undefined for text. */
export function labelsOf(state: EngineState, p: Passage): TableLabels | undefined {
  const table = tableOf(state, p);
  if (!table) return undefined;
  let labels = labelsCache.get(table);
  if (!labels) {
    labels = tableLabels(table, { title: p.heading, structure: structureOf(table) });
    labelsCache.set(table, labels);
  }
  return labels;
}

const headerYearsCache = new WeakMap<Table, Set<number>>();

/**
 * Whether a year of `[start, end)` (ms, UTC) heads a data column of a table passage's table
 * ("2013" over "Buy" and "Sell"): a question's time that names a column picks figures under it,
 * not the row of a dated record (`rankDatedRecords`).
 */
export function yearHeadsColumn(state: EngineState, p: Passage, start: number, end: number): boolean {
  const table = tableOf(state, p);
  if (!table) return false;
  let years = headerYearsCache.get(table);
  if (!years) {
    years = new Set();
    const s = structureOf(table);
    for (const c of s.dataCols) for (const label of s.columnPaths[c] ?? []) for (const m of label.matchAll(YEAR)) years.add(Number(m[0]));
    headerYearsCache.set(table, years);
  }
  for (const y of years) if (Date.UTC(y, 0, 1) < end && Date.UTC(y + 1, 0, 1) > start) return true;
  return false;
}

const YEAR = /\b(?:1[5-9]|20)\d\d\b/g;

/** The cells of a row or column summary that the question (as terms) points at (see `matchedCells`). */
export function matchedCellsOf(state: EngineState, p: Passage, question: ReadonlySet<string>): MatchedCell[] {
  const table = p.cells?.length ? tableOf(state, p) : undefined;
  return table ? matchedCellsForTerms(table, p.cells!, question, structureOf(table)) : [];
}

/**
 * Whether a passage's text and cells are still the ones its table's summary writer derives
 * (a table passage of the engine whose fields no caller assigned): a pure function of its
 * table, fixed while it lives. A decoded passage's own mark says only how to derive it.
 */
export function derivedText(p: Passage): boolean {
  return !Object.hasOwn(p, DERIVED) && derivedMark(p) !== undefined;
}
