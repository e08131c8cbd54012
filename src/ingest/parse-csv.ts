import { readDelimited } from '../tables/index.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { commentParagraphs, isCommentLine } from './comments.ts';
import { splitLines, type Line } from './lines.ts';
import { MappedBuilder, type Mapped } from './mapped.ts';
import { flattenMapped } from './flatten-mapped.ts';

/**
 * CSV or TSV: the whole document is one table. A preamble of `#` comment lines (the tz
 * database's `.tab` files) is text before the table; its last line is the table's header when
 * it splits into several fields (`#codes<TAB>coordinates<TAB>TZ`). In a file that opens so, a `#`
 * line among or after the data is a comment too ("Lines beginning with '#' are comments", says
 * zone1970.tab, which ends with a block of them): text after the table, not a row of it.
 */
export function parseCsv(content: string, delimiter: ',' | '\t'): ParsedDocument {
  const out = new TextBuilder();
  const bom = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  let dataStart = bom;
  let header: { start: number; end: number } | undefined;
  // The data as runs of lines between comments (one run to the end in a file without any).
  let runs: Array<{ start: number; end: number }> = [{ start: bom, end: content.length }];
  const comments: Line[] = [];
  if (isCommentLine(content.slice(bom, bom + 1))) {
    const lines = splitLines(content);
    let n = 0;
    while (n < lines.length && (isCommentLine(lines[n]!.text) || (n === 0 && isCommentLine(lines[n]!.text.slice(bom))))) n++;
    const last = lines[n - 1];
    const skip = last ? /^\uFEFF?#+[ \t]?/.exec(last.text)?.[0].length ?? 0 : 0;
    const headerFields = last ? last.text.slice(skip).split(delimiter).filter((f) => f.trim()).length : 0;
    const preamble = lines.slice(0, headerFields >= 2 ? n - 1 : n);
    for (const p of commentParagraphs(preamble.map((l, i) => (i === 0 && bom ? { ...l, text: l.text.slice(1), start: l.start + 1 } : l)))) {
      out.add('paragraph', p.text, { source: p.source });
    }
    if (headerFields >= 2) header = { start: last!.start + skip, end: last!.end };
    dataStart = lines[n]?.start ?? content.length;
    runs = [];
    for (const l of lines.slice(n)) {
      if (isCommentLine(l.text)) comments.push(l);
      else if (runs.length && runs.at(-1)!.end === l.start - lineBreak(content, l.start)) runs.at(-1)!.end = l.end;
      else runs.push({ start: l.start, end: l.end });
    }
  }
  const body = runs.map((r) => content.slice(r.start, r.end)).join('\n');
  const data = header ? `${content.slice(header.start, header.end)}\n${body}` : body;
  const { table, warnings } = readDelimited(data, { delimiter });
  const rows = [...(header ? fieldsOf(content, header.start, header.end, delimiter) : []), ...runs.flatMap((r) => fieldsOf(content, r.start, r.end, delimiter))];
  const mapped = flattenMapped(table, (cell) => fieldFor(rows[cell.row], cell.col, cell.text), dataStart);
  const end = runs.at(-1)?.end ?? content.length;
  const block = out.add('table', mapped, { tableIndex: 0, source: { start: header?.start ?? dataStart, end: comments.length ? end : content.length } });
  const tables = block ? [table] : [];
  if (block) {
    table.start = block.start;
    table.end = block.end;
  }
  for (const p of commentParagraphs(comments)) out.add('paragraph', p.text, { source: p.source });
  return { text: out.text, blocks: out.blocks, tables, warnings, sourceMap: out.sourceMap };
}

/** The length of the line break that ends just before `at` (`\r\n`, `\n` or `\r`; 0 for none). */
function lineBreak(content: string, at: number): number {
  if (content[at - 1] === '\n') return content[at - 2] === '\r' ? 2 : 1;
  return content[at - 1] === '\r' ? 1 : 0;
}

function fieldFor(row: Mapped[] | undefined, col: number, text: string): Mapped | undefined {
  if (!row) return undefined;
  const want = text.replace(/\s+/g, ' ').trim();
  const same = (m: Mapped | undefined) => m !== undefined && m.text.replace(/\s+/g, ' ').trim() === want;
  // Inferred spans move a flattened header label to the first column it heads.
  return same(row[col]) ? row[col] : row.find(same);
}

/**
 * The fields of delimited text with their origins, row by row (quotes removed, `""` read as
 * `"`, blank lines skipped as papaparse skips them): one linear pass.
 */
export function fieldsOf(content: string, from: number, to: number, delimiter: string, skipInitialSpace = false): Mapped[][] {
  const rows: Mapped[][] = [];
  let row: Mapped[] = [];
  let i = from;
  const endRow = () => {
    if (row.some((f) => f.text.trim())) rows.push(row);
    row = [];
  };
  while (i <= to) {
    if (i === to) {
      endRow();
      break;
    }
    const b = new MappedBuilder();
    // Python's csv `skipinitialspace`, which reStructuredText's csv-table uses: `a, "b, c"`.
    if (skipInitialSpace) while (i < to && (content[i] === ' ' || content[i] === '\t') && content[i] !== delimiter) i++;
    if (content[i] === '"') {
      let j = i + 1;
      for (;;) {
        const q = content.indexOf('"', j);
        if (q < 0 || q >= to) {
          b.append(content.slice(j, to), j);
          j = to;
          break;
        }
        b.append(content.slice(j, q), j);
        if (content[q + 1] === '"') {
          b.append('"', q);
          j = q + 2;
          continue;
        }
        j = q + 1;
        break;
      }
      // Anything between the closing quote and the delimiter is kept, as papaparse does.
      let k = j;
      while (k < to && content[k] !== delimiter && content[k] !== '\n' && content[k] !== '\r') k++;
      b.append(content.slice(j, k), j);
      i = k;
    } else {
      let k = i;
      while (k < to && content[k] !== delimiter && content[k] !== '\n' && content[k] !== '\r') k++;
      b.append(content.slice(i, k), i);
      i = k;
    }
    row.push(b.build());
    if (i >= to) continue;
    if (content[i] === delimiter) {
      i++;
      if (i === to) row.push({ text: '', runs: [] });
      continue;
    }
    i += content[i] === '\r' && content[i + 1] === '\n' ? 2 : 1;
    endRow();
  }
  return rows;
}
