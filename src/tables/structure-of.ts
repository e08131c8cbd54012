import type { Table } from '../types.ts';
import { detectHeaders, type TableStructure } from './headers.ts';

// Header detection runs once per table, on its first search or first derived summary; a
// replaced document brings new table objects.
const structureCache = new WeakMap<Table, TableStructure>();

/**
 * A table's header structure, detected once per table object: what search reads of a table
 * (`src/engine/table-context.ts`) and what its passages' summaries are written again from
 * (`src/engine/table-passages.ts`), one detection for both.
 */
export function structureOf(table: Table): TableStructure {
  let structure = structureCache.get(table);
  if (!structure) structureCache.set(table, (structure = detectHeaders(table)));
  return structure;
}
