/**
 * A section's heading path: its headings, outermost first, joined into the one `heading` a
 * passage carries ("1.2.0 - 2019-02-15 › Added", "Tools › Go command"), as documentation search
 * names a section by its hierarchy. Written by the chunker (`chunk.ts`), read by the answerer.
 */

/** What joins a section's headings. */
export const HEADING_PATH_SEPARATOR = ' › ';

/** The headings of a heading path, outermost first. */
export function headingPath(heading: string): string[] {
  return heading.split(HEADING_PATH_SEPARATOR);
}

/** The heading path of headings, outermost first. */
export function joinHeadingPath(headings: readonly string[]): string {
  return headings.join(HEADING_PATH_SEPARATOR);
}
