/**
 * Whether text is really binary data (a PDF, an archive, an image) decoded as if it were text:
 * NUL characters, many other control characters, or many U+FFFD (bytes that are not UTF-8).
 * Looks at the first 64 KB, so it costs the same for any size.
 */
export function looksBinary(text: string): boolean {
  const sample = text.length > 65536 ? text.slice(0, 65536) : text;
  if (!sample.length) return false;
  if (sample.includes('\u0000')) return true;
  let control = 0;
  let replaced = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0xfffd) replaced++;
    else if ((c < 32 && c !== 9 && c !== 10 && c !== 13 && c !== 12 && c !== 11 && c !== 27) || c === 127) control++;
  }
  return replaced / sample.length > 0.02 || control / sample.length > 0.05;
}
