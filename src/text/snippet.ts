/** Text squeezed for a prompt: one line, and cut at a word with an ellipsis. */

/** White space collapsed to single spaces, trimmed. */
export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word when one ends in the second half, with " …". */
export function cut(s: string, max: number): string {
  if (s.length <= max) return s;
  const at = s.lastIndexOf(' ', max - 1);
  return `${s.slice(0, at > max / 2 ? at : max - 1)} …`;
}
