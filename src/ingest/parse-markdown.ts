import { readMarkdownTable, flattenTable } from '../tables/index.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import type { Table } from '../types.ts';

const TABLE_DELIMITER = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

/** Markdown: headings, paragraphs, lists, fenced code, and pipe tables (kept as structured tables). */
export function parseMarkdown(content: string): ParsedDocument {
  const lines = content.replace(/\r\n?/g, '\n').split('\n');
  const out = new TextBuilder();
  const tables: Table[] = [];
  const warnings: string[] = [];
  let title: string | undefined;
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.add('paragraph', stripInline(para.join(' ')));
    para = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = line.match(/^\s*(```|~~~)/);
    if (fence) {
      flush();
      const body: string[] = [];
      for (i++; i < lines.length && !lines[i]!.trimStart().startsWith(fence[1]!); i++) body.push(lines[i]!);
      out.add('paragraph', body.join('\n'));
      continue;
    }
    const heading = line.match(/^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/);
    if (heading) {
      flush();
      const text = stripInline(heading[2]!);
      out.add('heading', text, { level: heading[1]!.length });
      if (!title && heading[1]!.length === 1) title = text;
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_DELIMITER.test(lines[i + 1]!)) {
      flush();
      const tableLines = [line, lines[i + 1]!];
      for (i += 2; i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== ''; i++) tableLines.push(lines[i]!);
      i--;
      const table = readMarkdownTable(tableLines.map(stripInline));
      if (table) {
        const block = out.add('table', flattenTable(table), { tableIndex: tables.length });
        if (block) {
          table.start = block.start;
          table.end = block.end;
          tables.push(table);
        }
      } else {
        warnings.push('A Markdown table could not be read and was kept as text.');
        out.add('paragraph', tableLines.join(' '));
      }
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    // A list item or block quote starts a paragraph of its own.
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line) || /^\s*>/.test(line)) {
      flush();
      para.push(line.replace(/^\s*([-*+]|\d+[.)]|>+)\s*/, ''));
      continue;
    }
    para.push(line);
  }
  flush();
  return { title, text: out.text, blocks: out.blocks, tables, warnings };
}

/** Removes inline Markdown syntax, keeping the words a reader sees. */
function stripInline(s: string): string {
  return s
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|[^\w*])[*_]([^*_]+)[*_](?=[^\w*]|$)/g, '$1$2')
    .replace(/<[^>]+>/g, '');
}
