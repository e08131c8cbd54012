/**
 * A grid position `[row, col]` as passages cite it (`Passage.cells`): one frozen tuple per
 * position, shared by every table and every summary that cites it. Tables of a corpus have
 * much the same shapes, so HiTab's 959k citations of 563k cells need a few thousand tuples,
 * where a tuple per cited cell was 36 MB of the heap. Positions past {@link POOLED_ROWS} x
 * {@link POOLED_COLS} (a long spreadsheet's rows) get a tuple of their own: the pool stays small
 * whatever is ingested, and holds no document's data, only numbers.
 */
export function cellRef(row: number, col: number): [number, number] {
  if (row >= POOLED_ROWS || col >= POOLED_COLS || row < 0 || col < 0) return [row, col];
  const key = row * POOLED_COLS + col;
  let t = POOL[key];
  if (!t) POOL[key] = t = Object.freeze([row, col]) as [number, number];
  return t;
}

const POOLED_ROWS = 2048;
const POOLED_COLS = 128;
const POOL: Array<[number, number] | undefined> = [];
