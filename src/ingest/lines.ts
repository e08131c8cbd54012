/** One line of a source text: its content without the line break, and where it lies. */
export interface Line {
  text: string;
  /** Offset of the line's first character. */
  start: number;
  /** Offset just past its last character (before `\r\n`, `\n` or `\r`). */
  end: number;
}

/** The lines of a text (`\n`, `\r\n` and lone `\r` all end one), in one linear pass. */
export function splitLines(content: string): Line[] {
  const out: Line[] = [];
  const re = /\r\n|\n|\r/g;
  let start = 0;
  for (let m = re.exec(content); m; m = re.exec(content)) {
    out.push({ text: content.slice(start, m.index), start, end: m.index });
    start = m.index + m[0].length;
  }
  out.push({ text: content.slice(start), start, end: content.length });
  return out;
}
