import type { MatchedCell, Table } from '../types.ts';
import { tokenize } from '../text/tokenizer.ts';
import { coverMap } from './grid.ts';
import { detectHeaders, type TableStructure } from './headers.ts';

/**
 * The cells of a passage that a question points at, with their header paths: among the passage's
 * data cells, those whose row header path, column header path and own value together name the
 * most of the question's terms. For "Mexican peso 2013 buy" and the row summary of "Americas,
 * Mexican peso", the cell 11.2 under "2013 / Buy" — not the whole row; for "which month sold
 * 3010 croissants?", the cell 3010. Empty when no data cell names a question term or when every
 * cell names as many (nothing singled out). Pure; pass `structure` when it is already known.
 */
export function matchedCells(
  table: Table,
  cells: ReadonlyArray<readonly [number, number]>,
  question: string,
  structure: TableStructure = detectHeaders(table),
): MatchedCell[] {
  return matchedCellsForTerms(table, cells, new Set(tokenize(question)), structure);
}

/** {@link matchedCells} with the question already read as terms (one question, many passages). */
export function matchedCellsForTerms(
  table: Table,
  cells: ReadonlyArray<readonly [number, number]>,
  wanted: ReadonlySet<string>,
  structure: TableStructure,
): MatchedCell[] {
  if (!wanted.size) return [];
  const { dataRows, dataCols, rowTerms, colTerms, valueTerms } = termsOf(structure);
  const named = (path: string[] | undefined) => new Set(tokenize((path ?? []).join(' ')));
  const map = positionsOf(table);
  let best = 0;
  const scored: Array<{ cell: [number, number]; score: number }> = [];
  for (const [r, c] of cells) {
    if (!dataRows.has(r) || !dataCols.has(c)) continue;
    let row = rowTerms.get(r);
    if (!row) rowTerms.set(r, (row = named(structure.rowPaths[r])));
    let col = colTerms.get(c);
    if (!col) colTerms.set(c, (col = named(structure.columnPaths[c])));
    const key = r * 0x100000 + c;
    let value = valueTerms.get(key);
    if (!value) valueTerms.set(key, (value = new Set(tokenize(map.at(r, c)?.text ?? ''))));
    let score = 0;
    for (const t of wanted) if (row.has(t) || col.has(t) || value.has(t)) score++;
    scored.push({ cell: [r, c], score });
    if (score > best) best = score;
  }
  if (best === 0) return [];
  const top = scored.filter((s) => s.score === best);
  if (top.length === scored.length && top.length > 1) return [];
  return top.map(({ cell: [r, c] }) => ({
    cell: [r, c] as [number, number],
    text: map.at(r, c)?.text.trim() ?? '',
    rowPath: structure.rowPaths[r] ?? [],
    columnPath: structure.columnPaths[c] ?? [],
  }));
}

/**
 * The terms of a table's row paths, column paths and cells, each tokenised once for as long as
 * its structure lives: a column summary of a large table cites thousands of cells, query after query.
 */
interface TableTerms {
  dataRows: Set<number>;
  dataCols: Set<number>;
  rowTerms: Map<number, Set<string>>;
  colTerms: Map<number, Set<string>>;
  valueTerms: Map<number, Set<string>>;
}
const tableTerms = new WeakMap<TableStructure, TableTerms>();

function termsOf(structure: TableStructure): TableTerms {
  let t = tableTerms.get(structure);
  if (!t) {
    t = { dataRows: new Set(structure.dataRows), dataCols: new Set(structure.dataCols), rowTerms: new Map(), colTerms: new Map(), valueTerms: new Map() };
    tableTerms.set(structure, t);
  }
  return t;
}

// The position index of a table, built once: results cite cells of the same tables query after
// query. A replaced document brings new table objects.
const positions = new WeakMap<Table, ReturnType<typeof coverMap>>();

function positionsOf(table: Table): ReturnType<typeof coverMap> {
  let map = positions.get(table);
  if (!map) positions.set(table, (map = coverMap(table)));
  return map;
}
