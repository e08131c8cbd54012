import type { MatchedCell } from '../types.ts';

/**
 * A matched cell as a reader cites it: "Americas › Mexican peso · 2013 › Buy: 11.2". Kept apart
 * from the matching (no tokenizer) so a page can cite what a worker found without bundling it.
 */
export function citeCell(cell: MatchedCell): string {
  const where = [cell.rowPath.join(' › '), cell.columnPath.join(' › ')].filter(Boolean).join(' · ');
  const text = cell.text || '(empty)';
  return where ? `${where}: ${text}` : text;
}
