import Papa from 'papaparse';
import type { Table } from '../types.ts';
import type { TableLimits } from './limits.ts';
import { resolveLimits } from './limits.ts';
import { readGrid } from './read-grid.ts';

/**
 * Reads CSV / TSV / semicolon-separated text with papaparse (quotes, escaped quotes,
 * line breaks inside quotes, a byte-order mark). The delimiter is guessed when not given.
 * Ragged rows are padded, and the grid then goes through {@link readGrid}, so flattened
 * spanning headers of exported spreadsheets are recovered too.
 */
export function readDelimited(
  text: string,
  options?: { delimiter?: ',' | '\t' | ';'; limits?: TableLimits },
): { table: Table; warnings: string[] } {
  const limits = resolveLimits(options?.limits);
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<string[]>(clean, {
    delimiter: options?.delimiter ?? '',
    skipEmptyLines: 'greedy',
    // Stop parsing past the row limit instead of building a huge array first.
    preview: limits.maxRows + 1,
  });
  const warnings: string[] = [];
  const seen = new Set<string>();
  for (const e of parsed.errors) {
    // Papaparse reports ragged rows as errors; they are padded, not fatal.
    if (e.code === 'TooFewFields' || e.code === 'TooManyFields') continue;
    const msg = `CSV: ${e.message}`;
    if (!seen.has(msg)) { seen.add(msg); warnings.push(msg); }
  }
  const rows = parsed.data.map((r) => r.slice(0, limits.maxCols + 1));
  const { table, warnings: w } = readGrid(rows, limits);
  return { table, warnings: [...warnings, ...w] };
}
