/**
 * Size limits for tables. Readers clamp hostile or accidental input (`rowspan="100000"`,
 * a CSV with a million columns) to these bounds with a warning, so ingest never crashes
 * and never allocates a grid the page cannot hold.
 */

/** Bounds a reader enforces on one table. Every field is optional; missing ones take {@link DEFAULT_TABLE_LIMITS}. */
export interface TableLimits {
  /** Most grid rows kept; later rows are dropped. */
  maxRows?: number;
  /** Most grid columns kept; cells beyond are dropped. */
  maxCols?: number;
  /** Most grid positions (rows x cols); rows are dropped until the grid fits. */
  maxCells?: number;
  /** Largest `rowspan` / `colspan` honoured (HTML itself caps colspan at 1000 and rowspan at 65534). */
  maxSpan?: number;
}

/**
 * Bounds against hostile input, not against real tables: a real table is searchable whole
 * (a World Bank indicator table has ~16,000 rows; a 100,000 x 20 CSV ingests in full). Three
 * million cells keep one table's grid and summaries within a few hundred MB of a browser
 * tab's memory; Excel's own sheet is at most 16,384 columns wide. A reader that cuts a table
 * to these says so in the document's report (`warnings`).
 */
export const DEFAULT_TABLE_LIMITS: Readonly<Required<TableLimits>> = Object.freeze({
  maxRows: 1_000_000,
  maxCols: 16_384,
  maxCells: 3_000_000,
  maxSpan: 1000,
});

/** Fills missing fields with defaults and makes every bound a positive integer. */
export function resolveLimits(limits?: TableLimits): Required<TableLimits> {
  const pick = (v: number | undefined, d: number) =>
    v !== undefined && Number.isFinite(v) && v >= 1 ? Math.floor(v) : d;
  const d = DEFAULT_TABLE_LIMITS;
  return {
    maxRows: pick(limits?.maxRows, d.maxRows),
    maxCols: pick(limits?.maxCols, d.maxCols),
    maxCells: pick(limits?.maxCells, d.maxCells),
    maxSpan: pick(limits?.maxSpan, d.maxSpan),
  };
}
