/**
 * A string that does not hold on to a larger one. V8 gives a substring of 13 characters or more
 * as a view into its parent, so a table cell's text or a title kept for a document would keep
 * the whole file it was read from alive (an HTML page, a Markdown file); a string built anew
 * holds only its own characters.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}
