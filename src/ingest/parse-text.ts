import { TextBuilder, type ParsedDocument } from './parsed.ts';
import { commentParagraphs, isCommentStyle } from './comments.ts';
import { splitLines } from './lines.ts';
import { verbatim } from './mapped.ts';

/** Longest line that can be a plain-text heading or title. */
const MAX_TITLE_CHARS = 120;
/** Most words of a heading that is only told by its shortness. */
const MAX_HEADING_WORDS = 12;

const UNDERLINE = /^[ \t]*([=\-~*#_^+])\1{2,}[ \t]*$/;
const NUMBERED = /^(?:(?:section|chapter|part|appendix)\s+)?((?:\d+|[IVXLC]+|[A-Z])(?:\.\d+)*)[.)]?\s+\S/i;
// A list item's marker as plain text writes it: a bullet (`-`, `*`, `•` and its kin) or a number
// (`1.`, `1)`, `(1)`), then white space. The markers Markdown and RST strip.
const ITEM_MARKER = /^[ \t]*(?:[-*+•‣◦▪–]|\(?\d{1,3}[.)])[ \t]+(?=\S)/u;

/** Paragraphs of a text: runs of lines between blank lines, with their offsets (trimmed). */
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
 * Plain text: paragraphs are separated by blank lines; line breaks inside a paragraph are soft.
 * Headings are where the text shows them: a line underlined with `===` / `---`, or a short
 * line standing alone (blank line after it) without closing punctuation and followed by longer
 * text; a numbered title ("2.3 Methods") takes its depth as level. A first such line is the
 * title. A file written as `#` comments around data (the tz database) reads its comments as text.
 */
export function parseText(content: string): ParsedDocument {
  const out = new TextBuilder();
  const lines = splitLines(content);
  if (isCommentStyle(lines)) {
    const paras = commentParagraphs(lines);
    // Its first comment, when short and unpunctuated, names the file ("tzdb data for Europe and environs").
    const first = paras[0] && isTitleParagraph(paras[0].text.text) && paras.length > 1 ? paras.shift() : undefined;
    if (first) out.add('heading', first.text, { level: 1, source: first.source });
    for (const p of paras) out.add('paragraph', p.text, { source: p.source });
    return { title: first?.text.text.trim(), text: out.text, blocks: out.blocks, tables: [], warnings: [], sourceMap: out.sourceMap };
  }
  let title: string | undefined;
  const paras = paragraphs(content);
  paras.forEach((p, k) => {
    const text = content.slice(p.start, p.end);
    const nextLength = k + 1 < paras.length ? paras[k + 1]!.end - paras[k + 1]!.start : 0;
    // An underlined heading, possibly with its text right below it.
    const firstBreak = text.search(/\r\n|\n|\r/);
    if (firstBreak > 0) {
      const rest = text.slice(firstBreak).replace(/^(?:\r\n|\n|\r)/, '');
      const underline = /^[^\r\n]*/.exec(rest)![0];
      const head = text.slice(0, firstBreak);
      if (UNDERLINE.test(underline) && head.trim().length <= MAX_TITLE_CHARS && underline.trim().length >= Math.min(3, head.trim().length)) {
        const level = underline.trim()[0] === '=' ? 1 : 2;
        addHeading(p.start, p.start + firstBreak, level, { start: p.start, end: p.start + (text.length - rest.length) + underline.length });
        const bodyStart = p.start + (text.length - rest.length) + underline.length;
        if (bodyStart < p.end) out.add('paragraph', verbatim(content, bodyStart, p.end), { source: { start: bodyStart, end: p.end } });
        return;
      }
    }
    if (firstBreak < 0 && isHeadingLine(text, nextLength, k === 0)) {
      const numbered = NUMBERED.exec(text.trim());
      const level = numbered ? Math.min(6, numbered[1]!.split('.').filter(Boolean).length + (title ? 1 : 0)) : title || k > 0 ? 2 : 1;
      addHeading(p.start, p.end, level, p);
      return;
    }
    if (k === 0 && paras.length > 1 && isTitleParagraph(text) && listParts(content, p.start, p.end).length === 1) {
      addHeading(p.start, p.end, 1, p);
      return;
    }
    addParagraph(p.start, p.end);
  });
  return { title, text: out.text, blocks: out.blocks, tables: [], warnings: [], sourceMap: out.sourceMap };

  /**
   * A paragraph, or the lead and items of a list: each item a paragraph of its own, as the
   * Markdown reader reads a list; the chunker keeps short items in one passage with their lead,
   * which the time scorer reads as what the list is a list of. Plain text keeps the markers as
   * written ("- 3.12 (until 2028)"): they are text here, and they tell the time scorer an item
   * whose lead is out of view (a list that opens its passage) from a sentence.
   */
  function addParagraph(start: number, end: number) {
    for (const part of listParts(content, start, end)) {
      out.add('paragraph', verbatim(content, part.start, part.end), { source: { start: part.start, end: part.end } });
    }
  }

  function addHeading(start: number, end: number, level: number, source: { start: number; end: number }) {
    const block = out.add('heading', verbatim(content, start, end), { level, source });
    if (block && title === undefined && out.blocks.length === 1) title = out.text.slice(block.start, block.end);
  }
}

/**
 * A paragraph cut into its list's parts: the lead (the lines before the first item), then one
 * part per item (its marker line and the lines under it up to the next marker). A paragraph is a list when its first line, or two or more of its lines, open with a
 * marker; or when a lead ending in a colon is followed by two or more lines that each open as a
 * sentence does (a capital, a digit, a symbol: "3.12 until 2028"), where a wrapped sentence would
 * go on in lower case. Anything else is one part, the paragraph.
 */
export function listParts(content: string, start: number, end: number): Array<{ start: number; end: number }> {
  const lines = splitLines(content.slice(start, end)).map((l) => ({ start: start + l.start, end: start + l.end, text: l.text }));
  const marked = lines.map((l) => ITEM_MARKER.exec(l.text)?.[0].length ?? -1);
  const whole = [{ start, end }];
  if (lines.length < 2 && marked[0]! < 0) return whole;
  const count = marked.filter((m) => m >= 0).length;
  const out: Array<{ start: number; end: number }> = [];
  if (marked[0]! >= 0 || count >= 2) {
    let open: { start: number; end: number } | undefined;
    lines.forEach((l, i) => {
      if (marked[i]! >= 0) {
        if (open) out.push(open);
        open = { start: l.start, end: l.end };
      } else if (open) open.end = l.end;
      else if (out.length) out[0]!.end = l.end;
      else out.push({ start: l.start, end: l.end });
    });
    if (open) out.push(open);
    return out;
  }
  // A block of plain lines after a lead: "Supported versions:" then one version a line.
  const lead = lines.findIndex((l) => /:\s*$/.test(l.text));
  const items = lines.slice(lead + 1);
  if (lead < 0 || items.length < 2 || !items.every((l) => /^\s*[^\p{Ll}\s]/u.test(l.text))) return whole;
  out.push({ start, end: lines[lead]!.end });
  for (const l of items) if (l.text.trim()) out.push({ start: l.start, end: l.end });
  return out;
}

/** A line standing alone that reads as a heading: short, no closing punctuation, more text after it. */
function isHeadingLine(text: string, nextLength: number, first: boolean): boolean {
  const t = text.trim();
  if (!t || t.length > MAX_TITLE_CHARS || /[.!?:;,]$/.test(t) || nextLength === 0) return false;
  if (!/^[\p{Lu}\p{N}]/u.test(t)) return false;
  const words = t.split(/\s+/).length;
  if (NUMBERED.test(t) && words <= MAX_HEADING_WORDS) return true;
  // Told by shortness alone only when what follows is clearly body text.
  return words <= MAX_HEADING_WORDS && (first || nextLength >= Math.max(2 * t.length, 80));
}

/** The first paragraph as a title (the rule of most notes and articles), even over two lines. */
function isTitleParagraph(text: string): boolean {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length <= MAX_TITLE_CHARS && !/[.!?:;,]$/.test(t);
}
