import { TextBuilder, type ParsedDocument } from './parsed.ts';

/** Plain text: paragraphs are separated by blank lines; line breaks inside a paragraph are soft. */
export function parseText(content: string): ParsedDocument {
  const out = new TextBuilder();
  for (const para of content.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) out.add('paragraph', para);
  return { text: out.text, blocks: out.blocks, tables: [], warnings: [] };
}
