import { describe, expect, it } from 'vitest';
import { fitsTime, flagHolds as holds, rowsByStatus as byStatus, statusListText } from '../../src/answer/status-lists.ts';
import { CELL_READING } from '../../src/answer/support-status.ts';

const rowsByStatus = <R extends { cell: { text: string } }>(rows: readonly R[], at: number, ended: boolean) => byStatus(rows, at, ended, CELL_READING);
const flagHolds = (cell: string, at: number) => holds(cell, at, CELL_READING);

const at = Date.UTC(2026, 11, 5);

describe('status lists', () => {
  it('keeps the rows whose end of life is to come or set to none, or those past it, and leaves notes out', () => {
    const rows = [{ name: '18', cell: { text: '2030-11-14' } }, { name: '17', cell: { text: 'false' } }, { name: '14', cell: { text: '2026-11-12' } }, { name: '9', cell: { text: 'ask the vendor' } }];
    expect(rowsByStatus(rows, at, false)?.map((r) => r.name)).toEqual(['18', '17']);
    expect(rowsByStatus(rows, at, true)?.map((r) => r.name)).toEqual(['14']);
    expect(rowsByStatus([{ name: '9', cell: { text: 'ask the vendor' } }], at, false)).toBeUndefined();
  });

  it('writes a status list, the first twelve names and the rest counted, or says there are none', () => {
    expect(statusListText(['18', '17'], false, 4)).toBe('18, 17');
    expect(statusListText(Array.from({ length: 15 }, (_, i) => String(30 - i)), true, 20)).toBe('30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19 and 3 more');
    expect(statusListText([], false, 3)).toBe('None — all 3 listed have reached end of life');
  });

  it('fits a row\'s date to the time asked: inside it, before it, after it, since it', () => {
    const y2022 = { start: Date.UTC(2022, 0, 1), end: Date.UTC(2023, 0, 1) };
    const dates = [Date.UTC(2021, 11, 31), Date.UTC(2022, 0, 1), Date.UTC(2022, 11, 31), Date.UTC(2023, 0, 1)];
    expect(dates.map((d) => fitsTime(d, { relation: 'in', ...y2022 }))).toEqual([false, true, true, false]);
    expect(dates.map((d) => fitsTime(d, { relation: 'before', ...y2022 }))).toEqual([true, false, false, false]);
    expect(dates.map((d) => fitsTime(d, { relation: 'after', ...y2022 }))).toEqual([false, false, false, true]);
    expect(dates.map((d) => fitsTime(d, { relation: 'after-or-at', ...y2022 }))).toEqual([false, true, true, true]);
    expect(fitsTime(dates[0]!, { relation: 'around', ...y2022 })).toBeUndefined();
  });

  it('reads a yes / no cell: yes, no, a date it became so (come or not), and a note', () => {
    expect([flagHolds('true', at), flagHolds('false', at), flagHolds('', at), flagHolds('2026-10-28', at), flagHolds('2027-10-28', at), flagHolds('see notes', at)]).toEqual([true, false, false, true, false, undefined]);
  });
});
