import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { verbatim } from './source-map.ts';

/** Longest first line that can be a plain-text document's title. */
const MAX_TITLE_CHARS = 120;

/** Paragraphs of a text: runs of lines between blank lines, with their offsets. */
export function paragraphs(content: string, from = 0, to = content.length): Array<{ start: number; end: number }> {
  const out: Array<{ start: number; end: number }> = [];
  const blank = /(?:\r\n|\n|\r)(?:[ \t\f\v\u00a0]*(?:\r\n|\n|\r))+/g;
  blank.lastIndex = from;
  let start = from;
  const push = (a: number, z: number) => {
    while (a < z && /\s/.test(content[a]!)) a++;
    while (z > a && /\s/.test(content[z - 1]!)) z--;
    if (z > a) out.push({ start: a, end: z });
  };
  for (let m = blank.exec(content); m && m.index < to; m = blank.exec(content)) {
    push(start, m.index);
    start = m.index + m[0].length;
  }
  push(start, to);
  return out;
}

/**
 * Plain text: paragraphs are separated by blank lines; line breaks inside a paragraph are
 * soft. A short first paragraph without closing punctuation, followed by more text, is
 * the title (and the heading of what follows), as in most notes and articles.
 */
export function parseText(content: string): ParsedDocument {
  const out = new TextBuilder();
  const paras = paragraphs(content);
  let title: string | undefined;
  const first = paras[0] && content.slice(paras[0].start, paras[0].end).replace(/\s+/g, ' ').trim();
  if (first && paras.length > 1 && first.length <= MAX_TITLE_CHARS && !/[.!?:;,]$/.test(first)) {
    title = first;
    out.add('heading', verbatim(content, paras[0]!.start, paras[0]!.end), { level: 1 });
    paras.shift();
  }
  for (const p of paras) out.add('paragraph', verbatim(content, p.start, p.end), { source: p });
  return { title, text: out.text, blocks: out.blocks, tables: [], warnings: [], sourceMap: out.sourceMap };
}
