import { readDelimited, flattenTable } from '../tables/index.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';

/** CSV or TSV: the whole document is one table. */
export function parseCsv(content: string, delimiter: ',' | '\t'): ParsedDocument {
  const { table, warnings } = readDelimited(content, { delimiter });
  const out = new TextBuilder();
  const block = out.add('table', flattenTable(table), { tableIndex: 0 });
  if (!block) return { text: '', blocks: [], tables: [], warnings };
  table.start = block.start;
  table.end = block.end;
  return { text: out.text, blocks: out.blocks, tables: [table], warnings };
}
