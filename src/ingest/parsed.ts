import type { Table } from '../types.ts';

/**
 * What every format parser returns: the document as plain text cut into blocks,
 * plus its tables. Offsets of blocks and tables point into `text`.
 */
export interface ParsedDocument {
  title?: string;
  text: string;
  blocks: Block[];
  tables: Table[];
  warnings: string[];
}

/** A run of text with one role: a heading, a paragraph, or the rendering of a table. */
export interface Block {
  kind: 'heading' | 'paragraph' | 'table';
  start: number;
  end: number;
  /** Heading level 1-6 for `heading` blocks. */
  level?: number;
  /** Index into `tables` for `table` blocks. */
  tableIndex?: number;
}

/** Accumulates blocks into one text, separated by blank lines, keeping offsets. */
export class TextBuilder {
  text = '';
  readonly blocks: Block[] = [];

  /** Appends a block; white space is collapsed, empty blocks are dropped. Returns the block or undefined. */
  add(kind: Block['kind'], content: string, extra: Partial<Block> = {}): Block | undefined {
    const clean = kind === 'table' ? content.trim() : content.replace(/\s+/g, ' ').trim();
    if (!clean) return undefined;
    if (this.text) this.text += '\n\n';
    const block: Block = { kind, start: this.text.length, end: this.text.length + clean.length, ...extra };
    this.text += clean;
    this.blocks.push(block);
    return block;
  }
}
