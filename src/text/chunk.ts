import type { Block } from '../ingest/parsed.ts';
import { CHUNKING } from '../settings.ts';
import { splitSentences, type SentenceSpan } from './segment.ts';
import { joinHeadingPath } from './heading-path.ts';

/** A text passage before it gets an id: offsets into the document text and its sentences (relative to the passage). */
export interface ChunkDraft {
  start: number;
  end: number;
  heading?: string;
  sentences: SentenceSpan[];
}

/**
 * Cuts the paragraph blocks of a document into passages that keep their provenance:
 * character offsets into `text` and the section's heading path. Passages never cross a heading;
 * a long paragraph is cut at sentence boundaries, short ones are merged (only within one
 * `Block.group`: front matter fields make a passage of their own).
 */
export function chunkBlocks(text: string, blocks: Block[], options: { maxChars?: number; minChars?: number } = {}): ChunkDraft[] {
  const maxChars = options.maxChars ?? CHUNKING.maxChars;
  const minChars = options.minChars ?? CHUNKING.minChars;
  const drafts: ChunkDraft[] = [];
  let heading: string | undefined;
  // The headings the passage stands under, outermost first. A section is named by its path, as
  // documentation search names it (DocSearch's hierarchy levels): "Added" of a changelog is
  // "1.2.0 - 2019-02-15 › Added", "Go command" of release notes is "Tools › Go command". A
  // level-1 heading is the document's title, which passages carry apart: it heads only the
  // passages before any other heading.
  const path: Array<{ level: number; text: string }> = [];
  let open: { start: number; end: number; heading?: string; group?: string; sentences: SentenceSpan[] } | undefined;

  const close = () => {
    if (open) drafts.push({ start: open.start, end: open.end, heading: open.heading, sentences: open.sentences });
    open = undefined;
  };

  for (const block of blocks) {
    if (block.kind === 'heading') {
      close();
      const level = block.level ?? 1;
      while (path.length && path[path.length - 1]!.level >= level) path.pop();
      path.push({ level, text: text.slice(block.start, block.end) });
      const inner = path.filter((h) => h.level > 1);
      heading = inner.length ? joinHeadingPath(inner.map((h) => h.text)) : path[path.length - 1]!.text;
      continue;
    }
    if (block.kind !== 'paragraph') {
      close();
      continue;
    }
    const para = text.slice(block.start, block.end);
    for (const s of splitLong(para, splitSentences(para), maxChars)) {
      const abs = { start: block.start + s.start, end: block.start + s.end };
      const fitsOpen = open && open.group === block.group && abs.end - open.start <= maxChars &&
        // Merge across paragraphs only while the open passage is still short.
        (abs.start - open.end <= 1 || open.end - open.start < minChars);
      if (!fitsOpen) {
        close();
        open = { start: abs.start, end: abs.end, heading, group: block.group, sentences: [] };
      }
      open!.sentences.push({ start: abs.start - open!.start, end: abs.end - open!.start });
      open!.end = abs.end;
    }
  }
  close();
  return drafts;
}

/** Cuts sentences longer than `max` at white space so no passage exceeds it. */
function splitLong(text: string, sentences: SentenceSpan[], max: number): SentenceSpan[] {
  const out: SentenceSpan[] = [];
  for (const s of sentences) {
    let start = s.start;
    while (s.end - start > max) {
      // Cut at the last space in the second half of the window, else hard at `max`. The search
      // stays inside that half (`lastIndexOf` ran back to the text's start on every cut of a line
      // without spaces: 10 MB, 58 s).
      let cut = start + max;
      for (let k = cut; k > start + max / 2; k--) {
        if (text.charCodeAt(k) === 32) {
          cut = k;
          break;
        }
      }
      out.push({ start, end: cut });
      start = cut;
      while (start < s.end && text[start] === ' ') start++;
    }
    out.push({ start, end: s.end });
  }
  return out;
}
