import { readMarkdownTable } from '../tables/index.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { splitLines, type Line } from './lines.ts';
import { REFERENCE_DEFINITION, referenceLabel, stripInlineMapped, type ReferenceLabels } from './markdown-inline.ts';
import { MappedBuilder, verbatim, type Mapped } from './mapped.ts';
import { flattenMapped } from './flatten-mapped.ts';
import type { Table } from '../types.ts';
import { LIMITS } from '../settings.ts';
import { findFrontMatter, type FrontMatterBlock } from './front-matter.ts';
import type { FrontMatter } from './read-front-matter.ts';

/**
 * Markdown: front matter (given read, see {@link readMarkdown}), headings, paragraphs, lists,
 * fenced code, and pipe tables (kept as structured tables). Every test on a line is linear in the line (no backtracking regular expression),
 * and every character of the text keeps its offset in the source.
 */
export function parseMarkdown(content: string, options: MarkdownOptions = {}): ParsedDocument {
  const lines = splitLines(content);
  const refs = referenceLabels(lines);
  const out = new TextBuilder();
  const tables: Table[] = [];
  const warnings: string[] = [...(options.warnings ?? [])];
  const front = options.frontMatter;
  let title: string | undefined;
  let from = 0;
  if (front) {
    warnings.push(...front.data.warnings);
    // Consecutive fields are one record: one paragraph of `key: value` lines, read as one
    // sentence, so a date field dates the fields beside it (temporal's records read them so) and
    // a sentence answer quotes the title with the date (realdocs answers 35 -> 40 against one
    // paragraph per field; retrieval identical).
    let record: { text: MappedBuilder; start: number; end: number } | undefined;
    const closeRecord = () => {
      if (record) out.add('paragraph', record.text.build(), { source: { start: record.start, end: record.end }, group: 'front-matter' });
      record = undefined;
    };
    for (const item of front.data.items) {
      if ('field' in item) {
        const { text, source } = item.field;
        if (!record) record = { text: new MappedBuilder(), start: source.start, end: source.end };
        else record.text.append('\n', record.text.lastSource(source.start) + 1);
        record.text.appendMapped(text);
        record.start = Math.min(record.start, source.start);
        record.end = Math.max(record.end, source.end);
        continue;
      }
      closeRecord();
      const { table, cells, caption, source } = item.table;
      const mapped = flattenMapped(table, (cell) => cells[cell.row]?.[cell.col], source.start, caption);
      const block = out.add('table', mapped, { tableIndex: tables.length, source });
      if (block) {
        table.start = block.start;
        table.end = block.end;
        tables.push(table);
      }
    }
    closeRecord();
    while (from < lines.length && lines[from]!.start < front.block.end) from++;
  }

  let para: Array<{ line: Line; skip: number }> = [];
  const flush = () => {
    if (!para.length) return;
    const b = new MappedBuilder();
    for (const { line, skip } of para) {
      if (b.length) b.append(' ', b.lastSource(line.start) + 1);
      b.append(line.text.slice(skip), line.start + skip);
    }
    const last = para[para.length - 1]!.line;
    out.add('paragraph', stripInlineMapped(b.build(), refs), { source: { start: para[0]!.line.start, end: last.end } });
    para = [];
  };

  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    const text = line.text;
    const fence = /^\s*(```|~~~)/.exec(text);
    if (fence) {
      flush();
      const b = new MappedBuilder();
      let j = i + 1;
      for (; j < lines.length && !lines[j]!.text.trimStart().startsWith(fence[1]!); j++) {
        if (b.length) b.append('\n', lines[j - 1]!.end);
        b.append(lines[j]!.text, lines[j]!.start);
      }
      const end = (lines[Math.min(j, lines.length - 1)] ?? line).end;
      out.add('paragraph', b.build(), { source: { start: line.start, end } });
      i = j;
      continue;
    }
    const heading = readHeading(line);
    if (heading) {
      flush();
      const mapped = stripInlineMapped(heading.text, refs);
      const block = out.add('heading', mapped, { level: heading.level, source: { start: line.start, end: line.end } });
      if (block && !title && heading.level === 1) title = out.text.slice(block.start, block.end);
      continue;
    }
    if (text.includes('|') && i + 1 < lines.length && isDelimiterRow(lines[i + 1]!.text)) {
      flush();
      const tableLines = [line, lines[i + 1]!];
      for (i += 2; i < lines.length && lines[i]!.text.includes('|') && lines[i]!.text.trim() !== ''; i++) tableLines.push(lines[i]!);
      i--;
      const source = { start: tableLines[0]!.start, end: tableLines[tableLines.length - 1]!.end };
      const table = readMarkdownTable(tableLines.map((l) => l.text), undefined, refs);
      if (table) {
        const rows = tableLines.filter((l) => l.text.trim()).map((l) => rowCells(l, refs));
        // Grid row 0 is the header line; the delimiter line is not a row.
        const mapped = flattenMapped(table, (cell) => rows[cell.row === 0 ? 0 : cell.row + 1]?.[cell.col], source.start);
        const block = out.add('table', mapped, { tableIndex: tables.length, source });
        if (block) {
          table.start = block.start;
          table.end = block.end;
          tables.push(table);
        }
      } else {
        warnings.push('A Markdown table could not be read and was kept as text.');
        const b = new MappedBuilder();
        for (const l of tableLines) {
          if (b.length) b.append(' ', b.lastSource(l.start) + 1);
          b.append(l.text, l.start);
        }
        out.add('paragraph', b.build(), { source });
      }
      continue;
    }
    if (text.trim() === '') {
      flush();
      continue;
    }
    if (REFERENCE_DEFINITION.test(text)) {
      // `[id]: url` renders as nothing; its label makes `[id]` a link.
      flush();
      continue;
    }
    // A list item or block quote starts a paragraph of its own.
    if (/^\s*([-*+]|\d+[.)])\s/.test(text) || /^\s*>/.test(text)) {
      flush();
      para.push({ line, skip: /^\s*([-*+]|\d+[.)]|>+)\s*/.exec(text)![0].length });
      continue;
    }
    para.push({ line, skip: 0 });
  }
  flush();
  const date = front?.data.date;
  return { title: front?.data.title ?? title, text: out.text, blocks: out.blocks, tables, warnings, sourceMap: out.sourceMap, ...(date ? { date } : {}) };
}

/** What {@link parseMarkdown} is given besides the content. */
export interface MarkdownOptions {
  /** The document's front matter, read as data: its lines are not read as Markdown. */
  frontMatter?: { block: FrontMatterBlock; data: FrontMatter };
  /** Warnings found before parsing (a front matter kept as text), reported with the parser's own. */
  warnings?: string[];
}

/**
 * The Markdown reader: front matter (YAML `---` / TOML `+++`) read as data when there is one,
 * with its parsers imported on first use; a front matter too large or that does not parse is
 * read as text, with a warning, and never rejects the document.
 */
export async function readMarkdown(content: string, name?: string): Promise<ParsedDocument> {
  const found = findFrontMatter(content);
  if (found.tooLarge) {
    const { syntax, chars } = found.tooLarge;
    return parseMarkdown(content, { warnings: [`The ${syntax === 'yaml' ? 'YAML' : 'TOML'} front matter (${chars} characters) is over the limit of ${LIMITS.maxFrontMatterChars}; it was kept as text.`] });
  }
  if (!found.block) return parseMarkdown(content);
  const { readFrontMatter } = await import('./read-front-matter.ts');
  const read = readFrontMatter(content, found.block, name);
  return read.data ? parseMarkdown(content, { frontMatter: { block: found.block, data: read.data } }) : parseMarkdown(content, { warnings: [read.error] });
}

/** An ATX heading (`## Title ##`), read without a backtracking pattern. */
function readHeading(line: Line): { level: number; text: Mapped } | undefined {
  const t = line.text;
  let i = 0;
  while (i < 3 && t[i] === ' ') i++;
  let level = 0;
  while (t[i + level] === '#' && level < 7) level++;
  if (level < 1 || level > 6) return undefined;
  let a = i + level;
  if (a >= t.length || !/\s/.test(t[a]!)) return undefined;
  while (a < t.length && /\s/.test(t[a]!)) a++;
  let z = t.length;
  while (z > a && /\s/.test(t[z - 1]!)) z--;
  // Heading attributes (kramdown, Pandoc, Hugo: "## Tools {#tools}") name an anchor; they are not
  // part of the title a reader sees, nor words to search. Found from the closing brace back: a
  // pattern anchored at the end, tried from every space of "# a" + 512k spaces + "b", was
  // quadratic (the hostile bench's 2 ms became more than a minute).
  if (t[z - 1] === '}') {
    const open = t.lastIndexOf('{', z - 1);
    if (open > a && /\s/.test(t[open - 1]!) && /^\{[#.][^{}]*\}$/.test(t.slice(open, z))) {
      z = open;
      while (z > a && /\s/.test(t[z - 1]!)) z--;
    }
  }
  // A closing run of `#` (after a space, or the whole text) is not part of the title.
  let y = z;
  while (y > a && t[y - 1] === '#') y--;
  if (y < z && (y === a || /\s/.test(t[y - 1]!))) {
    z = y;
    while (z > a && /\s/.test(t[z - 1]!)) z--;
  }
  return { level, text: a < z ? { text: t.slice(a, z), runs: [0, line.start + a] } : verbatim('') };
}

/** A pipe-table delimiter row (`| --- | :-: |`), checked cell by cell. */
function isDelimiterRow(line: string): boolean {
  let t = line.trim();
  if (!t.includes('-')) return false;
  if (t.startsWith('|')) t = t.slice(1);
  if (t.endsWith('|')) t = t.slice(0, -1);
  return t.split('|').every((cell) => /^:?-{2,}:?$/.test(cell.trim()));
}

/** The cells of a table line with their origins, split as `readMarkdownTable` splits them. */
function rowCells(line: Line, refs: ReferenceLabels): Mapped[] {
  const t = line.text;
  let a = 0;
  let z = t.length;
  while (a < z && /\s/.test(t[a]!)) a++;
  while (z > a && /\s/.test(t[z - 1]!)) z--;
  if (t[a] === '|') a++;
  if (z > a && t[z - 1] === '|' && t[z - 2] !== '\\') z--;
  const cells: Mapped[] = [];
  let cur = new MappedBuilder();
  for (let i = a; i < z; i++) {
    const ch = t[i]!;
    if (ch === '\\' && t[i + 1] === '|') {
      cur.append('|', line.start + i + 1);
      i++;
    } else if (ch === '|') {
      cells.push(stripInlineMapped(cur.build(), refs));
      cur = new MappedBuilder();
    } else {
      cur.append(ch, line.start + i);
    }
  }
  cells.push(stripInlineMapped(cur.build(), refs));
  return cells;
}

/** Labels of the document's link reference definitions. */
function referenceLabels(lines: Line[]): ReferenceLabels {
  const out = new Set<string>();
  for (const l of lines) {
    const m = REFERENCE_DEFINITION.exec(l.text);
    if (m) out.add(referenceLabel(m[1]!));
  }
  return out;
}

