import type { Table } from '../types.ts';
import { buildGrid, type SourceCell } from './build-grid.ts';
import type { TableLimits } from './limits.ts';
import { stripInline, type ReferenceLabels } from '../ingest/markdown-inline.ts';

const DELIMITER_CELL = /^:?-{1,}:?$/;

/**
 * Reads a GitHub pipe table: a header row, a delimiter row (`| --- | :-: |`), then body
 * rows until the lines end. Returns null when the lines are not such a table (no
 * delimiter row, or its cell count does not match the header), so a caller can treat
 * them as text. Escaped pipes (`\|`) stay inside cells; body rows are cut or padded to the
 * header's width, as GitHub renders them. Cells read as a reader sees them: links (inline and
 * reference, `[19.x][]`, `[19.x][ref]`, and `[19.x]` when `refs` defines it) as their text,
 * emphasis and code markers dropped.
 */
export function readMarkdownTable(lines: string[], limits?: TableLimits, refs?: ReferenceLabels): Table | null {
  const rows = lines.map((l) => l.trim()).filter((l) => l.length > 0);
  if (rows.length < 2) return null;
  const header = splitRow(rows[0]!, refs);
  const delim = splitRow(rows[1]!, refs);
  if (!header || !delim || delim.length !== header.length) return null;
  if (!delim.every((d) => DELIMITER_CELL.test(d.replace(/\s+/g, '')))) return null;
  if (!rows[0]!.includes('|') && header.length < 2) return null;
  const width = header.length;
  const source: SourceCell[][] = [header.map((text) => ({ text, header: true }))];
  for (const line of rows.slice(2)) {
    const cells = splitRow(line, refs);
    if (!cells) break;
    const fitted = cells.slice(0, width);
    while (fitted.length < width) fitted.push('');
    source.push(fitted.map((text) => ({ text })));
  }
  const table = buildGrid(source, { limits, warnings: [] });
  if (table.rows === 0) return null;
  table.headerRows = 1;
  return table;
}

function splitRow(line: string, refs?: ReferenceLabels): string[] | null {
  let s = line.trim();
  if (!s.includes('|')) return null;
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '\\' && s[i + 1] === '|') { cur += '|'; i++; continue; }
    if (ch === '|') { out.push(cur); cur = ''; continue; }
    cur += ch;
  }
  out.push(cur);
  return out.map((c) => stripInline(c, refs).replace(/\s+/g, ' ').trim());
}
