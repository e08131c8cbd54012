/**
 * Front matter: the block of metadata a static-site Markdown file opens with, YAML between
 * `---` lines (Jekyll, Hugo, Docusaurus, endoflife.date) or TOML between `+++` lines (Hugo,
 * Zola, the Rust blog). This module only *finds* the block, without a library, so the
 * Markdown reader can tell cheaply whether it needs the YAML / TOML parsers
 * (`read-front-matter.ts`, loaded on first use).
 */
import { LIMITS } from '../settings.ts';

/** Where a front matter block lies in the content. */
export interface FrontMatterBlock {
  syntax: 'yaml' | 'toml';
  /** Offset of the opening fence line's first character. */
  start: number;
  /** Offset just past the closing fence line (before its line break). */
  end: number;
  /** The metadata between the fences: `content.slice(bodyStart, bodyEnd)`. */
  bodyStart: number;
  bodyEnd: number;
}

/** What {@link findFrontMatter} found: a block, one too large to read, or none. */
export type FoundFrontMatter =
  | { block: FrontMatterBlock; tooLarge?: undefined }
  | { block?: undefined; tooLarge: { syntax: 'yaml' | 'toml'; chars: number } }
  | { block?: undefined; tooLarge?: undefined };

/**
 * The front matter a document opens with: a first line of exactly `---` (YAML) or `+++`
 * (TOML), after an optional byte-order mark, closed by the next line of the same fence (or
 * `...`, YAML's document end). The scan stops after `LIMITS.maxFrontMatterChars`: a block
 * longer than that is reported as `tooLarge` (the reader keeps it as text), and a first
 * `---` that is never closed is no front matter at all (a thematic break). Linear in the
 * characters scanned.
 */
export function findFrontMatter(content: string, maxChars: number = LIMITS.maxFrontMatterChars): FoundFrontMatter {
  const bom = content.charCodeAt(0) === 0xfeff ? 1 : 0;
  const fence = content.slice(bom, bom + 3);
  if (fence !== '---' && fence !== '+++') return {};
  const syntax = fence === '---' ? 'yaml' : 'toml';
  const first = lineEnd(content, bom);
  if (content.slice(bom, first).trimEnd() !== fence) return {};
  const bodyStart = nextLine(content, first);
  let at = bodyStart;
  while (at < content.length) {
    const end = lineEnd(content, at);
    const line = content.slice(at, end).trimEnd();
    if (line === fence || (syntax === 'yaml' && line === '...')) {
      if (at - bodyStart > maxChars) return { tooLarge: { syntax, chars: at - bodyStart } };
      return { block: { syntax, start: bom, end, bodyStart, bodyEnd: at } };
    }
    if (end - bodyStart > maxChars) {
      // Past the limit: a closing fence further on makes it a (too large) block; none, no block.
      const close = content.indexOf(`\n${fence}`, end);
      return close < 0 ? {} : { tooLarge: { syntax, chars: close - bodyStart } };
    }
    at = nextLine(content, end);
  }
  return {};
}

function lineEnd(s: string, from: number): number {
  let i = from;
  while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
  return i;
}

function nextLine(s: string, end: number): number {
  if (s[end] === '\r' && s[end + 1] === '\n') return end + 2;
  return end < s.length ? end + 1 : end;
}
