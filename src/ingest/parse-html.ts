import { decodeHTML } from 'entities';
import { CELL_BREAKS, CELL_SKIP, htmlGrid, spannedCell } from '../tables/read-html.ts';
import { HtmlTree, type TreeHandler } from './html-tree.ts';
import { collapse } from '../tables/grid.ts';
import type { SourceCell } from '../tables/build-grid.ts';
import { ownString } from '../text/own-string.ts';
import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { collapseMapped, EMPTY_MAPPED, MappedBuilder, synthetic, type Mapped } from './mapped.ts';
import type { SourceSpan } from './source-map.ts';
import { flattenMapped } from './flatten-mapped.ts';
import type { Table } from '../types.ts';

// Elements whose start or end breaks a paragraph.
const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'body', 'dd', 'details', 'dialog', 'div', 'dl', 'dt',
  'fieldset', 'figcaption', 'figure', 'footer', 'form', 'header', 'hr', 'li', 'main', 'nav', 'ol',
  'p', 'pre', 'section', 'summary', 'ul', 'br', 'caption',
]);
// Elements whose content is never text for a reader.
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg', 'math', 'iframe', 'object', 'head']);
const HEADING = /^h[1-6]$/;

/**
 * Deepest element nesting read as structure. htmlparser2 keeps its open elements in an array it
 * shifts and searches, so parsing costs depth squared; no real page nests this deep, and
 * deeper tags are blanked out (read as word breaks) before parsing, keeping every offset.
 */
export const MAX_HTML_DEPTH = 1000;

/**
 * HTML without a DOM, so it runs in workers and Node. Scripts are never run and markup is never
 * kept: only text and tables come out, each character with its offset in the source.
 *
 * Read from htmlparser2's events as they come (its tokenizer, its tree rules as `html-tree.ts`
 * runs them, no DOM built): a DOM is a dozen objects per table cell that are walked once and
 * dropped, which cost more than the parse itself on table-heavy pages. Text nodes are the DOM's
 * (consecutive text events joined, as domhandler does), so the text and every offset are what
 * the DOM walk gave.
 */
export function parseHtml(content: string): ParsedDocument {
  const warnings: string[] = [];
  const html = boundDepth(content, MAX_HTML_DEPTH, warnings);
  const reader = new HtmlReader(html, warnings);
  reader.tree = new HtmlTree(html, reader);
  reader.tree.run();
  return reader.result();
}

// What an open element is to the reader.
const enum Frame {
  /** Running text: its text goes to paragraphs; a block element flushes at both ends. */
  Flow,
  FlowBlock,
  /** Nothing inside is read (scripts, a table's stray children, `head` but its title). */
  Ignore,
  Head,
  /** The element whose text a collector reads: a title, a heading, a caption, a cell. */
  Collect,
  /** Inside a collector: read; read with a word break at both ends; skipped; `head` (grid text only). */
  Inner,
  InnerBreak,
  InnerSkip,
  InnerHead,
  Table,
  Group,
  Row,
}

const enum Kind { Title, Heading, Caption, Cell }
const enum Rows { Head, Body, Foot }

/** Reads one element's text: mapped (the map's rules), and for cells and captions as the grid reads it (word breaks, `head` kept). */
interface Collector {
  kind: Kind;
  /** The grid's text (cells and captions), before collapsing. */
  raw: string;
  pieces: Mapped[];
  /**
   * A cell's text while it is one text node as it is in the source (most cells): where it
   * starts (-1 otherwise) and its text, kept without a {@link Mapped} made for it.
   */
  verbatim: number;
  verbatimText: string;
  /** Open skipped elements, and open `head` elements (their text is the grid's, not the map's). */
  skipped: number;
  hidden: number;
  start: number;
  level: number;
  header: boolean;
  /** A cell's `rowspan` and `colspan` attributes. */
  rowspan: string | undefined;
  colspan: string | undefined;
}

/** A `<table>` being read: its rows by where they came from, each cell's mapped text beside it. */
interface TableState {
  start: number;
  rows: [SourceCell[][], SourceCell[][], SourceCell[][]];
  mapped: [CellSource[][], CellSource[][], CellSource[][]];
  caption: string | undefined;
  captionSource: Mapped | undefined;
  captions: number;
  /** The group (`thead`, bodies, `tfoot`) of the open group element, and the open row. */
  group: Rows;
  rowGroup: Rows;
  row: SourceCell[] | undefined;
  mappedRow: CellSource[] | undefined;
}

/**
 * A source cell's mapped text: a number when it is its source cell's text as it is in the
 * source from that offset on (the common case, kept without an object per cell).
 */
type CellSource = Mapped | number;

class HtmlReader implements TreeHandler {
  tree!: HtmlTree;
  private readonly frames: Frame[] = [Frame.Flow];
  private ignoring = 0;
  private collector: Collector | undefined;
  private cellCollector: Collector | undefined;
  private table: TableState | undefined;
  private headTitle = false;
  // The text node being read: consecutive text events, joined.
  private textStart = -1;
  private textEnd = 0;
  private textData = '';
  private readonly out = new TextBuilder();
  private readonly tables: Table[] = [];
  private title: string | undefined;
  private firstHeading: string | undefined;
  private buffer = new MappedBuilder();
  private bufferSource: SourceSpan | undefined;

  constructor(private readonly html: string, private readonly warnings: string[]) {}

  result(): ParsedDocument {
    this.endText();
    this.flush();
    const out = this.out;
    return { title: this.title ?? this.firstHeading, text: out.text, blocks: out.blocks, tables: this.tables, warnings: this.warnings, sourceMap: out.sourceMap };
  }

  ontext(data: string): void {
    const p = this.tree;
    if (this.textStart < 0) {
      this.textStart = p.startIndex;
      this.textData = data;
    } else this.textData += data;
    this.textEnd = p.endIndex;
  }

  // Any other event ends a text node, as in domhandler.
  onother(): void {
    this.endText();
  }

  onend(): void {
    this.endText();
  }

  onopentag(name: string): void {
    this.endText();
    const start = this.tree.startIndex;
    if (this.ignoring > 0) return this.ignore();
    const c = this.collector;
    if (c) {
      if (c.skipped > 0 || (c.kind === Kind.Title || c.kind === Kind.Heading ? SKIP : CELL_SKIP).has(name)) {
        c.skipped++;
        this.frames.push(Frame.InnerSkip);
      } else if (c.kind === Kind.Title || c.kind === Kind.Heading) this.frames.push(Frame.Inner);
      else if (name === 'head') {
        c.hidden++;
        this.frames.push(Frame.InnerHead);
      } else if (CELL_BREAKS.has(name)) {
        c.raw += ' ';
        this.frames.push(Frame.InnerBreak);
      } else this.frames.push(Frame.Inner);
      return;
    }
    const t = this.table;
    switch (this.frames[this.frames.length - 1]) {
      case Frame.Head:
        if (name === 'title' && !this.headTitle) {
          this.headTitle = true;
          return this.collect(Kind.Title, start);
        }
        return this.ignore();
      case Frame.Table:
        if (name === 'caption') {
          t!.captions++;
          return this.collect(Kind.Caption, start);
        }
        if (name === 'thead' || name === 'tbody' || name === 'tfoot') {
          t!.group = name === 'thead' ? Rows.Head : name === 'tfoot' ? Rows.Foot : Rows.Body;
          this.frames.push(Frame.Group);
          return;
        }
        if (name === 'tr') return this.openRow(Rows.Body);
        return this.ignore();
      case Frame.Group:
        if (name === 'tr') return this.openRow(t!.group);
        return this.ignore();
      case Frame.Row:
        if (name === 'td' || name === 'th') {
          this.collect(Kind.Cell, start);
          this.collector!.header = name === 'th' || t!.rowGroup === Rows.Head;
          this.collector!.rowspan = this.tree.rowspan;
          this.collector!.colspan = this.tree.colspan;
          return;
        }
        return this.ignore();
      default:
    }
    if (name === 'title') return this.collect(Kind.Title, start);
    if (name === 'head') {
      this.headTitle = false;
      this.frames.push(Frame.Head);
      return;
    }
    if (SKIP.has(name)) return this.ignore();
    if (HEADING.test(name)) {
      this.flush();
      this.collect(Kind.Heading, start);
      this.collector!.level = Number(name[1]);
      return;
    }
    if (name === 'table') {
      this.flush();
      this.table = {
        start, rows: [[], [], []], mapped: [[], [], []], caption: undefined, captionSource: undefined, captions: 0,
        group: Rows.Body, rowGroup: Rows.Body, row: undefined, mappedRow: undefined,
      };
      this.frames.push(Frame.Table);
      return;
    }
    const block = BLOCK.has(name);
    if (block) this.flush();
    this.frames.push(block ? Frame.FlowBlock : Frame.Flow);
  }

  onclosetag(): void {
    this.endText();
    // domhandler pops its element whatever the name; the root is never popped.
    if (this.frames.length <= 1) return;
    const frame = this.frames.pop()!;
    const c = this.collector;
    switch (frame) {
      case Frame.Ignore:
        this.ignoring--;
        return;
      case Frame.InnerSkip:
        c!.skipped--;
        return;
      case Frame.InnerBreak:
        c!.raw += ' ';
        return;
      case Frame.InnerHead:
        c!.hidden--;
        return;
      case Frame.Collect:
        this.collector = undefined;
        return this.collected(c!, this.tree.endIndex + 1);
      case Frame.Table:
        return this.closeTable(this.tree.endIndex + 1);
      case Frame.FlowBlock:
        return this.flush();
      default:
    }
  }

  private ignore(): void {
    this.ignoring++;
    this.frames.push(Frame.Ignore);
  }

  private collect(kind: Kind, start: number): void {
    // Cells never nest (a cell inside a cell is its text): one collector serves them all.
    let c = kind === Kind.Cell ? this.cellCollector : undefined;
    if (c) {
      c.raw = '';
      c.pieces.length = 0;
      c.verbatim = -1;
      c.skipped = 0;
      c.hidden = 0;
      c.start = start;
    } else {
      c = { kind, raw: '', pieces: [], verbatim: -1, verbatimText: '', skipped: 0, hidden: 0, start, level: 0, header: false, rowspan: undefined, colspan: undefined };
      if (kind === Kind.Cell) this.cellCollector = c;
    }
    this.collector = c;
    this.frames.push(Frame.Collect);
  }

  private openRow(group: Rows): void {
    const t = this.table!;
    t.row = [];
    t.mappedRow = [];
    t.rowGroup = group;
    t.rows[group].push(t.row);
    t.mapped[group].push(t.mappedRow);
    this.frames.push(Frame.Row);
  }

  /** The end of a text node: its text goes where the open elements say. */
  private endText(): void {
    if (this.textStart < 0) return;
    const start = this.textStart;
    const end = this.textEnd;
    const data = this.textData;
    this.textStart = -1;
    this.textData = '';
    if (this.ignoring > 0) return;
    const c = this.collector;
    if (c) {
      if (c.skipped > 0) return;
      if (c.kind === Kind.Cell || c.kind === Kind.Caption) {
        c.raw += data;
        if (c.hidden > 0) return;
      }
      if (c.kind === Kind.Cell) {
        if (c.verbatim < 0 && c.pieces.length === 0 && data && isVerbatim(this.html, data, start, end)) {
          c.verbatim = start;
          c.verbatimText = data;
          return;
        }
        if (c.verbatim >= 0) this.keepVerbatim(c);
      }
      c.pieces.push(textNode(this.html, data, start, end));
      return;
    }
    const frame = this.frames[this.frames.length - 1];
    if (frame !== Frame.Flow && frame !== Frame.FlowBlock) return;
    const piece = textNode(this.html, data, start, end);
    if (!piece.text) return;
    this.buffer.appendMapped(piece);
    this.bufferSource = this.bufferSource ? { start: this.bufferSource.start, end: end + 1 } : { start, end: end + 1 };
  }

  private flush(): void {
    if (this.buffer.length) this.out.add('paragraph', this.buffer.build(), this.bufferSource ? { source: this.bufferSource } : {});
    this.buffer = new MappedBuilder();
    this.bufferSource = undefined;
  }

  private collected(c: Collector, end: number): void {
    if (c.kind === Kind.Title) {
      this.title ??= ownString(joinMapped(c.pieces).text.replace(/\s+/g, ' ').trim()) || undefined;
      return;
    }
    if (c.kind === Kind.Heading) {
      const block = this.out.add('heading', joinMapped(c.pieces), { level: c.level, source: { start: c.start, end } });
      if (block && !this.firstHeading) this.firstHeading = this.out.text.slice(block.start, block.end);
      return;
    }
    const t = this.table!;
    const text = collapse(c.raw);
    if (c.kind === Kind.Caption) {
      t.caption ??= text || undefined;
      if (t.captions === 1) t.captionSource = joinMapped(c.pieces);
      return;
    }
    t.row!.push(spannedCell(text, c.header, c.rowspan, c.colspan));
    // One text node whose text is the cell's, collapsed already: it is the mapped text.
    if (c.verbatim >= 0) {
      if (c.verbatimText === text) return void t.mappedRow!.push(c.verbatim);
      this.keepVerbatim(c);
    }
    const pieces = c.pieces;
    t.mappedRow!.push(pieces.length === 1 && pieces[0]!.text === text ? pieces[0]! : collapseMapped(joinMapped(pieces)));
  }

  /** The verbatim text node a cell began with, as the piece it is once more follows. */
  private keepVerbatim(c: Collector): void {
    c.pieces.push({ text: c.verbatimText, runs: [0, c.verbatim] });
    c.verbatim = -1;
  }

  private closeTable(end: number): void {
    const t = this.table!;
    this.table = undefined;
    const [head, body, foot] = t.rows;
    const sources = [...head, ...body, ...foot];
    const { table, warnings } = htmlGrid(sources, head.length, t.caption);
    this.warnings.push(...warnings);
    if (table.rows === 0 || table.cols === 0) return;
    const rows = [...t.mapped[0], ...t.mapped[1], ...t.mapped[2]];
    const mapped = flattenMapped(table, (cell) => cellSource(sources[cell.row], rows[cell.row], cell.col, cell.text), t.start, t.captionSource);
    const block = this.out.add('table', mapped, { tableIndex: this.tables.length, source: { start: t.start, end } });
    if (block) {
      table.start = block.start;
      table.end = block.end;
      this.tables.push(table);
    }
  }
}

/**
 * The source cell of a grid cell: the cell of its source row at its column when the texts agree
 * (no spans before it), else the first one of the row whose text is the grid cell's. The source
 * cells' texts are collapsed already, as the grid's are.
 */
function cellSource(cells: SourceCell[] | undefined, row: CellSource[] | undefined, col: number, text: string): CellSource | undefined {
  if (!row || !cells) return undefined;
  const at = row[col];
  if (at !== undefined && (typeof at === 'number' ? cells[col]!.text : at.text) === text) return at;
  for (let k = 0; k < row.length; k++) {
    const m = row[k]!;
    if ((typeof m === 'number' ? cells[k]!.text : m.text) === text) return m;
  }
  return undefined;
}

/** Whether a text node's decoded text is its source as it is (no entity in it). */
function isVerbatim(html: string, data: string, start: number, last: number): boolean {
  return last + 1 - start === data.length && html.startsWith(data, start);
}

function joinMapped(pieces: readonly Mapped[]): Mapped {
  if (pieces.length === 1) return pieces[0]!;
  if (pieces.length === 0) return EMPTY_MAPPED;
  const b = new MappedBuilder();
  for (const p of pieces) b.appendMapped(p);
  return b.build();
}

/**
 * A text node's decoded text, each character mapped to the source (an entity's characters to
 * its `&`): `data` as decoded by the parser, `start` and `last` its first and last source characters.
 */
function textNode(html: string, data: string, start: number, last: number): Mapped {
  const end = last + 1;
  // Most nodes hold no entity: their text is the source's, compared without slicing it out.
  if (isVerbatim(html, data, start, last)) return data ? { text: data, runs: [0, start] } : EMPTY_MAPPED;
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
  return mapped.text === data ? mapped : synthetic(data, start);
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
