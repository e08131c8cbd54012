import type { Line } from './lines.ts';
import { MappedBuilder, type Mapped } from './mapped.ts';

/** Whether a line is a `#` comment (tz data, `.tab` files, shell-style configuration). */
export function isCommentLine(line: string): boolean {
  return line.startsWith('#');
}

/**
 * Whether a text is written as `#` comments around data, like the tz database's source files:
 * most non-blank lines are comments and some come three or more in a row. Markdown headings are
 * separated by text, so a Markdown file does not look like this.
 */
export function isCommentStyle(lines: readonly Line[]): boolean {
  let nonBlank = 0;
  let comments = 0;
  let run = 0;
  let longestRun = 0;
  for (const l of lines) {
    if (!l.text.trim()) {
      run = 0;
      continue;
    }
    nonBlank++;
    if (isCommentLine(l.text)) {
      comments++;
      run++;
      longestRun = Math.max(longestRun, run);
    } else run = 0;
  }
  return nonBlank > 0 && comments * 2 >= nonBlank && longestRun >= 3;
}

/**
 * Paragraphs of commented text: the `#` markers (and one space after them) are markup, a line of
 * only `#` or a blank line ends a paragraph, and each run of data lines is a paragraph of its own.
 */
export function commentParagraphs(lines: readonly Line[]): Array<{ text: Mapped; source: { start: number; end: number } }> {
  const out: Array<{ text: Mapped; source: { start: number; end: number } }> = [];
  let b = new MappedBuilder();
  let start = -1;
  let end = -1;
  let inComment: boolean | undefined;
  const close = () => {
    if (b.length) out.push({ text: b.build(), source: { start, end } });
    b = new MappedBuilder();
    start = -1;
    inComment = undefined;
  };
  for (const l of lines) {
    const comment = isCommentLine(l.text);
    const skip = comment ? /^#+[ \t]?/.exec(l.text)![0].length : 0;
    const body = l.text.slice(skip);
    if (!body.trim() || (inComment !== undefined && inComment !== comment)) close();
    if (!body.trim()) continue;
    if (b.length) b.append(' ', b.lastSource(l.start) + 1);
    if (start < 0) start = l.start;
    b.append(body, l.start + skip);
    end = l.end;
    inComment = comment;
  }
  close();
  return out;
}
