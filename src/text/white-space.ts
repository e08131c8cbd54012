/**
 * White space as a regex's `\s` and `String#trim` see it (ECMAScript WhiteSpace and
 * LineTerminator), tested on a UTF-16 code unit without a regex: the readers collapse the
 * white space of every table cell, and a character loop there allocates nothing.
 */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Whether `text` has no white space but single spaces between other characters, i.e.
 * `text === text.replace(/\s+/g, ' ').trim()`; with `zeroWidth`, U+200B counts as white space too.
 */
export function isCollapsed(text: string, zeroWidth = false): boolean {
  const n = text.length;
  if (n === 0) return true;
  let previousSpace = true;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (previousSpace) return false;
      previousSpace = true;
    } else if (isSpace(c) || (zeroWidth && c === 0x200b)) return false;
    else previousSpace = false;
  }
  return !previousSpace;
}
