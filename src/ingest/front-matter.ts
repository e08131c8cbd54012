import type { Line } from './lines.ts';

/**
 * Front matter: the block of YAML (`---` ... `---`) or TOML (`+++` ... `+++`) fields at the top
 * of a Markdown file (static-site pages, release notes, product pages). It is data, not
 * Markdown: a `# comment` in it is no heading, and its `title` field names the document. Its
 * lines stay in the text, so its fields (a release's dates, a page's title) are searchable and
 * dated like any other sentence.
 */
export interface FrontMatter {
  /** Index of the first line after the closing fence. */
  end: number;
  /** The `title` field, unquoted, when there is one. */
  title?: string;
}

const TITLE = /^\s*title\s*[:=]\s*(?:"([^"]*)"|'([^']*)'|(.+?))\s*$/;

/** The front matter opening at the first line, if there is one and it closes. */
export function readFrontMatter(lines: Line[]): FrontMatter | undefined {
  const fence = lines[0]?.text.trim();
  if (fence !== '---' && fence !== '+++') return undefined;
  let title: string | undefined;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!.text;
    if (text.trim() === fence) return { end: i + 1, ...(title ? { title } : {}) };
    if (title === undefined && !/^\s/.test(text)) {
      const m = TITLE.exec(text);
      if (m) title = (m[1] ?? m[2] ?? m[3] ?? '').trim() || undefined;
    }
  }
  return undefined;
}
