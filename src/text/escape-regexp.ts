/** `s` with every character a regular expression reads as syntax escaped, to match it as written. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
