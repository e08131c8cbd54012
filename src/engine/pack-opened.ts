import { setSourceMap } from '../ingest/packed-source-map.ts';
import { defineCells, packTables } from '../tables/packed-cells.ts';
import type { StoredDocument, Table } from '../types.ts';
import type { DocumentRecord } from '../storage/store.ts';

/**
 * Decoded documents held as lean as ingested ones: the decoder (`src/index-format/segment.ts`,
 * on the start path of every open) makes tables with their cells as objects and source maps as
 * number arrays, and the packers live with ingest's code, so a large opened corpus is rewritten
 * here, once, before anything else holds its tables (HiTab opened: grid cells 60.6 MB and source
 * maps 9.0 MB as decoded, packed as an ingest packs them). Each table and document is made again
 * as a new object with the same own properties in the same order, its `cells` / `sourceMap` the
 * packers' accessors from the start: added to the decoded object in place, they would leave its
 * properties slow to read. Tables and documents that are packed already are left as they are.
 */
export function packOpened(records: Iterable<DocumentRecord>): void {
  for (const r of records) {
    const doc = r.document;
    const tables = doc.tables.map((t) => (hasPlainCells(t) ? remade(t) : t));
    packTables(tables);
    const map = Object.getOwnPropertyDescriptor(doc, 'sourceMap');
    if (!map || !('value' in map) || !Array.isArray(map.value)) {
      doc.tables = tables;
      continue;
    }
    const copy = {} as Record<string, unknown>;
    for (const key of Object.keys(doc)) {
      if (key === 'sourceMap') setSourceMap(copy as Omit<StoredDocument, 'sourceMap'>, map.value as number[]);
      else copy[key] = key === 'tables' ? tables : (doc as unknown as Record<string, unknown>)[key];
    }
    r.document = copy as unknown as StoredDocument;
  }
}

/** Whether a table's cells are its own plain array (as decoded), not a packer's accessor. */
function hasPlainCells(table: Table): boolean {
  const d = Object.getOwnPropertyDescriptor(table, 'cells');
  return !!d && 'value' in d && Array.isArray(d.value);
}

function remade(table: Table): Table {
  const copy = {} as Record<string, unknown>;
  for (const key of Object.keys(table)) {
    if (key === 'cells') defineCells(copy as Omit<Table, 'cells'>, table.cells);
    else copy[key] = (table as unknown as Record<string, unknown>)[key];
  }
  return copy as unknown as Table;
}
