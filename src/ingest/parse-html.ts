import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { readHtmlTable, flattenTable } from '../tables/index.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import type { Table } from '../types.ts';

// Elements whose start or end breaks a paragraph.
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'li', 'main', 'nav', 'ol',
  'p', 'pre', 'section', 'summary', 'ul', 'br', 'caption',
]);
// Elements whose content is never text for a reader.
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'head']);

/**
 * HTML without a DOM (htmlparser2), so it runs in workers and Node. Scripts are never
 * run and markup is never kept: only text and tables come out.
 */
export function parseHtml(content: string): ParsedDocument {
  const dom = parseDocument(content, { decodeEntities: true });
  const out = new TextBuilder();
  const tables: Table[] = [];
  const warnings: string[] = [];
  let title: string | undefined;
  let firstHeading: string | undefined;
  let buffer = '';
  const flush = () => {
    out.add('paragraph', buffer);
    buffer = '';
  };

  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (node.type === 'text') {
        buffer += (node as { data: string }).data;
        continue;
      }
      if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
      const el = node as Element;
      const name = el.name.toLowerCase();
      if (name === 'title' || name === 'head') {
        const t = name === 'title' ? el : el.children.find((c): c is Element => c.type === 'tag' && (c as Element).name === 'title');
        if (t) title ??= textOf(t).replace(/\s+/g, ' ').trim() || undefined;
        continue;
      }
      if (SKIP.has(name)) continue;
      if (/^h[1-6]$/.test(name)) {
        flush();
        const text = textOf(el);
        const block = out.add('heading', text, { level: Number(name[1]) });
        if (block && !firstHeading) firstHeading = out.text.slice(block.start, block.end);
        continue;
      }
      if (name === 'table') {
        flush();
        const { table, warnings: w } = readHtmlTable(el);
        warnings.push(...w);
        if (table.rows > 0 && table.cols > 0) {
          const block = out.add('table', flattenTable(table), { tableIndex: tables.length });
          if (block) {
            table.start = block.start;
            table.end = block.end;
            tables.push(table);
          }
        }
        continue;
      }
      if (BLOCK.has(name)) {
        flush();
        walk(el.children);
        flush();
      } else {
        walk(el.children);
      }
    }
  };
  walk(dom.children);
  flush();
  return { title: title ?? firstHeading, text: out.text, blocks: out.blocks, tables, warnings };
}

function textOf(el: Element): string {
  let s = '';
  for (const c of el.children) {
    if (c.type === 'text') s += (c as { data: string }).data;
    else if (c.type === 'tag' && !SKIP.has((c as Element).name)) s += textOf(c as Element);
  }
  return s;
}
