import type { DocumentFormat } from '../types.ts';
import type { ParsedDocument } from './parsed.ts';
import { parseText } from './parse-text.ts';
import { parseMarkdown } from './parse-markdown.ts';
import { parseHtml } from './parse-html.ts';
import { parseCsv } from './parse-csv.ts';

/** Parses content of a known format into text blocks and tables. */
export function parseContent(format: DocumentFormat, content: string): ParsedDocument {
  switch (format) {
    case 'text': return parseText(content);
    case 'markdown': return parseMarkdown(content);
    case 'html': return parseHtml(content);
    case 'csv': return parseCsv(content, ',');
    case 'tsv': return parseCsv(content, '\t');
  }
}
