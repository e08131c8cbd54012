import { describe, expect, it } from 'vitest';
import { readHtmlTable, readGrid } from '../../src/tables/index.ts';
import { packTables } from '../../src/tables/packed-cells.ts';
import type { Table } from '../../src/types.ts';
import { CURRENCY_HTML, tableElement } from './helpers.ts';

/** Reads the cells of enough other packed tables that the ones read before are no longer held as objects. */
function readOthers(): void {
  const others = Array.from({ length: 200 }, (_, i) => readGrid([['year', 'value'], [String(2000 + i), String(i)]]).table);
  packTables(others);
  for (const t of others) expect(t.cells.length).toBe(4);
}

const RAGGED = `<table><tr><th rowspan="3">Region</th><th colspan="2">Population</th></tr>
  <tr><th>2020</th><th>2021</th></tr><tr><td>1</td></tr><tr><td>West</td><td>1</td><td>1</td></tr></table>`;

describe('packTables', () => {
  it('gives back the same cells, in the same form, once they are no longer held', () => {
    for (const html of [CURRENCY_HTML, RAGGED]) {
      const { table } = readHtmlTable(tableElement(html));
      const before = JSON.stringify(table);
      expect(before).toBe(JSON.stringify({ ...table, cells: table.cells.map((c) => ({ ...c })) }));
      const cells = table.cells;
      packTables([table]);
      expect(table.cells).toBe(cells);
      readOthers();
      expect(table.cells).not.toBe(cells);
      expect(JSON.stringify(table)).toBe(before);
      expect(table.cells).toEqual(cells);
    }
  });

  it('keeps cells as objects while their table is among those read last', () => {
    const { table } = readHtmlTable(tableElement(CURRENCY_HTML));
    packTables([table]);
    readOthers();
    const first = table.cells;
    expect(table.cells).toBe(first);
  });

  it('is seen as a plain table by a spread, JSON, Object.entries and a structured clone', () => {
    const { table } = readHtmlTable(tableElement(CURRENCY_HTML));
    const plain = JSON.parse(JSON.stringify(table)) as Table;
    packTables([table]);
    readOthers();
    expect({ ...table }).toEqual(plain);
    expect(Object.keys(table)).toEqual(Object.keys(plain));
    expect(Object.fromEntries(Object.entries(table))).toEqual(plain);
    expect(structuredClone(table)).toEqual(plain);
  });

  it('keeps the positions of cells that do not follow from their spans', () => {
    // Two cells over one position and a hole: not a grid a reader makes, kept as it is all the same.
    const { table } = readGrid([['a', 'b'], ['c', 'd']]);
    table.cells[0]!.col = 1;
    table.cells[1]!.rowSpan = 2;
    table.cells.splice(2, 1);
    const before = JSON.stringify(table);
    packTables([table]);
    readOthers();
    expect(JSON.stringify(table)).toBe(before);
  });

  it('packs a table whose texts run past 65,535 characters', () => {
    const rows = Array.from({ length: 300 }, (_, r) => [`row ${r} ${'x'.repeat(300)}`, String(r)]);
    const { table } = readGrid(rows);
    const before = JSON.stringify(table);
    packTables([table]);
    readOthers();
    expect(JSON.stringify(table)).toBe(before);
  });

  it('leaves cells with fields of their own as they are', () => {
    const { table } = readHtmlTable(tableElement(CURRENCY_HTML));
    (table.cells[0] as unknown as Record<string, unknown>).note = 'kept';
    packTables([table]);
    readOthers();
    expect((table.cells[0] as unknown as Record<string, unknown>).note).toBe('kept');
    expect(JSON.stringify(table)).toContain('"note":"kept"');
  });

  it('leaves the other fields of a table fast to read', () => {
    // Packing changes no property of the table: its cells were an accessor from the start.
    const tables = [CURRENCY_HTML, RAGGED].map((html) => readHtmlTable(tableElement(html)).table);
    const shapes = tables.map((t) => Object.getOwnPropertyDescriptors(t));
    packTables(tables);
    readOthers();
    expect(tables.map((t) => Object.getOwnPropertyDescriptors(t))).toEqual(shapes);
  });

  it('makes an assigned list of cells a plain field of the table', () => {
    const { table } = readHtmlTable(tableElement(CURRENCY_HTML));
    packTables([table]);
    const cells = table.cells.slice(0, 2);
    table.cells = cells;
    readOthers();
    expect(table.cells).toBe(cells);
    expect(Object.getOwnPropertyDescriptor(table, 'cells')).toMatchObject({ value: cells, writable: true, enumerable: true });
    packTables([table]);
    expect(table.cells).toEqual(cells);
  });
});
