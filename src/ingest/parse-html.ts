import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element, Text } from 'domhandler';
import { decodeHTML } from 'entities';
import { readTable, type CellMapping } from '../tables/read-html.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { collapseMapped, EMPTY_MAPPED, MappedBuilder, synthetic, type Mapped } from './source-map.ts';
import { flattenMapped } from './table-text.ts';
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
 * Deepest element nesting read as structure. htmlparser2 keeps its open elements in an array it
 * shifts and searches, so parsing costs depth squared; no real page nests this deep, and
 * deeper tags are blanked out (read as word breaks) before parsing, keeping every offset.
 */
export const MAX_HTML_DEPTH = 1000;

/**
 * HTML without a DOM (htmlparser2), so it runs in workers and Node. Scripts are never
 * run and markup is never kept: only text and tables come out, each character with its offset
 * in the source. The tree is walked with an explicit stack: no recursion to overflow.
 */
export function parseHtml(content: string): ParsedDocument {
  const warnings: string[] = [];
  const html = boundDepth(content, MAX_HTML_DEPTH, warnings);
  const dom = parseDocument(html, { decodeEntities: true, withStartIndices: true, withEndIndices: true });
  const out = new TextBuilder();
  const tables: Table[] = [];
  let title: string | undefined;
  let firstHeading: string | undefined;
  let buffer = new MappedBuilder();
  let bufferSource: { start: number; end: number } | undefined;
  const flush = () => {
    if (buffer.length) out.add('paragraph', buffer.build(), bufferSource ? { source: bufferSource } : {});
    buffer = new MappedBuilder();
    bufferSource = undefined;
  };

  // A cell's text with its origins, read with its grid text in one walk.
  const mapping: CellMapping = {
    mapText: (node) => textNode(html, node),
    join: (pieces) => collapseMapped(pieces.length === 1 ? pieces[0]! : pieces.length === 0 ? EMPTY_MAPPED : joinMapped(pieces)),
  };
  const stack: Array<{ nodes: ChildNode[]; i: number; block: boolean }> = [{ nodes: dom.children, i: 0, block: false }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.nodes.length) {
      stack.pop();
      if (top.block) flush();
      continue;
    }
    const node = top.nodes[top.i++]!;
    if (node.type === 'text') {
      const piece = textNode(html, node as ChildNode & { data: string });
      if (piece.text) {
        buffer.appendMapped(piece);
        const start = node.startIndex ?? 0;
        const end = (node.endIndex ?? start) + 1;
        bufferSource = bufferSource ? { start: bufferSource.start, end } : { start, end };
      }
      continue;
    }
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const el = node as Element;
    const name = el.name.toLowerCase();
    if (name === 'title' || name === 'head') {
      const t = name === 'title' ? el : el.children.find((c): c is Element => c.type === 'tag' && (c as Element).name === 'title');
      if (t) title ??= textOf(html, t).text.replace(/\s+/g, ' ').trim() || undefined;
      continue;
    }
    if (SKIP.has(name)) continue;
    const extent = { start: el.startIndex ?? 0, end: (el.endIndex ?? el.startIndex ?? 0) + 1 };
    if (/^h[1-6]$/.test(name)) {
      flush();
      const block = out.add('heading', textOf(html, el), { level: Number(name[1]), source: extent });
      if (block && !firstHeading) firstHeading = out.text.slice(block.start, block.end);
      continue;
    }
    if (name === 'table') {
      flush();
      const { table, warnings: w, mappedRows } = readTable(el, undefined, mapping);
      warnings.push(...w);
      if (table.rows > 0 && table.cols > 0) {
        const rows = mappedRows!;
        const caption = el.children.find((c): c is Element => c.type === 'tag' && (c as Element).name.toLowerCase() === 'caption');
        const mapped = flattenMapped(table, (cell) => cellSource(rows[cell.row], cell.col, cell.text), extent.start, caption && textOf(html, caption));
        const block = out.add('table', mapped, { tableIndex: tables.length, source: extent });
        if (block) {
          table.start = block.start;
          table.end = block.end;
          tables.push(table);
        }
      }
      continue;
    }
    const block = BLOCK.has(name);
    if (block) flush();
    stack.push({ nodes: el.children, i: 0, block });
  }
  flush();
  return { title: title ?? firstHeading, text: out.text, blocks: out.blocks, tables, warnings, sourceMap: out.sourceMap };
}

/**
 * The source cell of a grid cell: the cell of its source row at its column when the texts agree
 * (no spans before it), else the first one of the row whose text is the grid cell's. The source
 * cells' texts are collapsed already, as the grid's are.
 */
function cellSource(row: Mapped[] | undefined, col: number, text: string): Mapped | undefined {
  if (!row) return undefined;
  const at = row[col];
  if (at !== undefined && at.text === text) return at;
  for (const m of row) if (m.text === text) return m;
  return undefined;
}

function joinMapped(pieces: readonly Mapped[]): Mapped {
  const b = new MappedBuilder();
  for (const p of pieces) b.appendMapped(p);
  return b.build();
}

/** A text node's decoded text, each character mapped to the source (an entity's characters to its `&`). */
function textNode(html: string, node: { data: string; startIndex: number | null; endIndex: number | null }): Mapped {
  const start = node.startIndex ?? 0;
  const end = (node.endIndex ?? start + node.data.length - 1) + 1;
  // Most nodes hold no entity: their text is the source's, compared without slicing it out.
  if (end - start === node.data.length && html.startsWith(node.data, start)) return node.data ? { text: node.data, runs: [0, start] } : EMPTY_MAPPED;
  const raw = html.slice(start, end);
  const b = new MappedBuilder();
  let copied = 0;
  const entity = /&[#a-zA-Z0-9]{1,40};?/g;
  for (let m = entity.exec(raw); m; m = entity.exec(raw)) {
    const decoded = decodeHTML(m[0]);
    if (decoded === m[0]) continue;
    b.append(raw.slice(copied, m.index), start + copied);
    b.append(decoded, start + m.index);
    copied = m.index + m[0].length;
  }
  b.append(raw.slice(copied), start + copied);
  const mapped = b.build();
  // The parser decodes as this does; should it ever differ, its text wins, placed at the node.
  return mapped.text === node.data ? mapped : synthetic(node.data, start);
}

/** Text content of an element (scripts and styles skipped), with origins; iterative. */
function textOf(html: string, el: Element): Mapped {
  const b = new MappedBuilder();
  const stack: Array<{ nodes: ChildNode[]; i: number }> = [{ nodes: el.children, i: 0 }];
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    if (top.i >= top.nodes.length) {
      stack.pop();
      continue;
    }
    const c = top.nodes[top.i++]!;
    if (c.type === 'text') b.appendMapped(textNode(html, c as ChildNode & { data: string }));
    else if (c.type === 'tag' && !SKIP.has((c as Element).name)) stack.push({ nodes: (c as Element).children, i: 0 });
  }
  return b.build();
}

// Elements without an end tag, or whose end tag is implied: they never deepen the nesting.
const FLAT = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'param',
  'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'optgroup', 'thead', 'tbody', 'tfoot', 'colgroup', 'rb', 'rt', 'rp', 'caption',
]);

/**
 * Blanks out (with spaces, so every offset stays) the tags nested deeper than `max`, in one
 * linear scan, so that parsing stays linear. Comments and raw text are not told apart here:
 * the count only has to be right for documents that nest absurdly deep.
 */
function boundDepth(html: string, max: number, warnings: string[]): string {
  if (html.length < max * 5) return html;
  // Nesting deeper than `max` needs more than `max` start tags: most pages are told apart by counting them.
  let starts = 0;
  for (let i = html.indexOf('<'); i >= 0 && starts <= max; i = html.indexOf('<', i + 1)) if (html.charCodeAt(i + 1) !== 47) starts++;
  if (starts <= max) return html;
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)[^<>]*?(\/?)>/g;
  let depth = 0;
  let excess = 0;
  const blank: Array<[number, number]> = [];
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[2]!.toLowerCase();
    if (FLAT.has(name) || m[3]) continue;
    if (!m[1]) {
      if (depth >= max) {
        excess++;
        blank.push([m.index, m.index + m[0].length]);
      } else depth++;
    } else if (excess > 0) {
      excess--;
      blank.push([m.index, m.index + m[0].length]);
    } else if (depth > 0) depth--;
  }
  if (!blank.length) return html;
  warnings.push(`HTML nested deeper than ${max} elements: the deeper tags were read as word breaks.`);
  const parts: string[] = [];
  let copied = 0;
  for (const [a, z] of blank) {
    parts.push(html.slice(copied, a), ' '.repeat(z - a));
    copied = z;
  }
  parts.push(html.slice(copied));
  return parts.join('');
}
