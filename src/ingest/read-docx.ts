/**
 * Word `.docx` through mammoth (the kept-up docx-to-HTML converter: headings from Word's
 * heading styles, paragraphs, lists, tables with merged cells as `colspan` / `rowspan`), then
 * the HTML reader. mammoth is imported on first use and is an optional peer of the package.
 * Images are not decoded (no text in them for this engine). The title comes from the file's
 * metadata, else its first heading.
 */
import { createError } from '../errors.ts';
import type { ReadContext } from './formats.ts';
import { parseHtml } from './parse-html.ts';
import type { ParsedDocument } from './parsed.ts';
import { officeTitle, openZip } from './zip.ts';

export async function readDocx(bytes: Uint8Array, context: ReadContext): Promise<ParsedDocument> {
  const zip = openZip(bytes, context.name, 'Word');
  if (!zip.names.has('word/document.xml')) throw createError('DOCUMENT_UNREADABLE', context.name, 'not a Word document (no word/document.xml)');
  const mammoth = await import('mammoth').then((m) => m.default ?? m, (error) => {
    throw createError('FORMAT_LIBRARY_MISSING', context.name, 'Word', 'mammoth', { cause: error });
  });
  // Node's mammoth reads `buffer`, the browser build `arrayBuffer`: give both.
  const copy = bytes.slice();
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: copy, arrayBuffer: copy.buffer } as unknown as Parameters<typeof mammoth.convertToHtml>[0],
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })), ignoreEmptyParagraphs: true },
    );
    html = result.value;
  } catch (error) {
    throw createError('DOCUMENT_UNREADABLE', context.name, String((error as Error).message ?? error), { cause: error });
  }
  const parsed = parseHtml(html);
  // Offsets index the extracted text: the HTML was mammoth's, not the user's.
  return {
    title: officeTitle(zip) ?? parsed.title,
    text: parsed.text,
    blocks: parsed.blocks.map(({ source: _source, ...b }) => b),
    tables: parsed.tables,
    warnings: parsed.warnings,
  };
}
