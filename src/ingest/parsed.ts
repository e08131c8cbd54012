import type { Table } from '../types.ts';
import { collapseMapped, MappedBuilder, sourceAt, trimMapped, type Mapped } from './mapped.ts';
import type { SourceSpan } from './source-map.ts';

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
  /** The date the document states for itself (front matter), the reference of its relative dates when the caller gave none. */
  date?: Date;
  /**
   * Anchors mapping `text` offsets to the content the user gave (see `source-map.ts`). Set by
   * the text formats, whose every block came with its origin; absent for extracted text (PDF, Office).
   */
  sourceMap?: number[];
  /** For paged formats (PDF): the text offset at which each page starts, page 1 first. */
  pages?: number[];
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
  /** The block as written in the source, markup included (a paragraph's lines, `<table>…</table>`). */
  source?: SourceSpan;
  /**
   * Paragraphs of one group (`front-matter`: its `key: value` lines) are chunked together and
   * never with paragraphs of another group or of none, so metadata is a passage of its own.
   */
  group?: string;
}

/**
 * Accumulates blocks into one text, separated by blank lines, keeping offsets. A block given as
 * {@link Mapped} text keeps each character's origin; when every block was, the builder has a
 * source map of the whole text.
 */
export class TextBuilder {
  private readonly out = new MappedBuilder();
  private mapped = true;
  private cached: string | undefined = '';
  readonly blocks: Block[] = [];

  /** The text so far. */
  get text(): string {
    this.cached ??= this.out.text;
    return this.cached;
  }

  /** Anchors of the whole text into the source, when every block had its origin. */
  get sourceMap(): number[] | undefined {
    return this.mapped && this.blocks.length ? (this.out.build().runs as number[]) : undefined;
  }

  /**
   * Appends a block; white space is collapsed (kept inside tables: one row a line), empty
   * blocks are dropped. `extra.source` is the block's extent in the source, markup included;
   * without it the extent of its characters is used. Returns the block or undefined.
   */
  add(kind: Block['kind'], content: string | Mapped, extra: Partial<Block> = {}): Block | undefined {
    const isMapped = typeof content !== 'string';
    let clean: Mapped;
    if (isMapped) clean = kind === 'table' ? trimMapped(content) : collapseMapped(content);
    else {
      const s = kind === 'table' ? content.trim() : content.replace(/\s+/g, ' ').trim();
      clean = { text: s, runs: s ? [0, 0] : [] };
      this.mapped = false;
    }
    if (!clean.text) return undefined;
    if (this.out.length) this.out.append('\n\n', this.out.lastSource(0) + 1);
    const start = this.out.length;
    this.out.appendMapped(clean);
    this.cached = undefined;
    const block: Block = { kind, start, end: this.out.length, ...extra };
    if (isMapped && !block.source) block.source = { start: sourceAt(clean, 0), end: sourceAt(clean, clean.text.length - 1) + 1 };
    this.blocks.push(block);
    return block;
  }
}
