import { TextBuilder, type ParsedDocument } from './parsed.ts';

/** Longest first line that can be a plain-text document's title. */
const MAX_TITLE_CHARS = 120;

/**
 * Plain text: paragraphs are separated by blank lines; line breaks inside a paragraph are
 * soft. A short first paragraph without closing punctuation, followed by more text, is
 * the title (and the heading of what follows), as in most notes and articles.
 */
export function parseText(content: string): ParsedDocument {
  const out = new TextBuilder();
  const paras = content.replace(/\r\n?/g, '\n').split(/\n\s*\n/).filter((p) => p.trim());
  let title: string | undefined;
  const first = paras[0]?.replace(/\s+/g, ' ').trim();
  if (first && paras.length > 1 && first.length <= MAX_TITLE_CHARS && !/[.!?:;,]$/.test(first)) {
    title = first;
    out.add('heading', first, { level: 1 });
    paras.shift();
  }
  for (const para of paras) out.add('paragraph', para);
  return { title, text: out.text, blocks: out.blocks, tables: [], warnings: [] };
}
