import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { findFrontMatter } from '../../src/ingest/front-matter.ts';
import { readMarkdown } from '../../src/ingest/parse-markdown.ts';
import { sourceOffset } from '../../src/ingest/source-map.ts';
import { cellTextSpan } from '../../src/ingest/table-text.ts';
import { detectHeaders } from '../../src/tables/index.ts';
import type { StoredDocument, Table } from '../../src/types.ts';

const PAGE = [
  '---',
  'title: Alpine Linux',
  'category: os',
  'alternate_urls:',
  '  - /alpine',
  '  - /alpinelinux',
  'identifiers:',
  '  - cpe: cpe:/o:alpinelinux:alpine_linux',
  '  - purl: pkg:swid/alpine',
  '',
  '# estimation eol(x) = releaseDate(x) + 2 years',
  'releases:',
  '  - releaseCycle: "3.19"',
  '    releaseDate: 2023-12-07',
  '    eol: 2025-11-01',
  '    lts: false',
  '  - releaseCycle: "3.10"',
  '    releaseDate: 2019-06-19',
  "    eol: '2021-05-01'",
  '    lts: true',
  '---',
  '',
  '> Alpine Linux is a security-oriented Linux distribution.',
  '',
  'Stable releases are supported for two years.',
  '',
].join('\n');

/** The text of a cell as the file writes it, through the table's text and the source map. */
function cellInSource(doc: StoredDocument, content: string, table: Table, row: number, col: number): string {
  const span = cellTextSpan(table, row, col)!;
  expect(span, `cell ${row},${col} is in the table's text`).toBeDefined();
  return content.slice(sourceOffset(doc, table.start + span.start), sourceOffset(doc, table.start + span.end, 'end'));
}

const grid = (t: Table) => Array.from({ length: t.rows }, (_, r) => Array.from({ length: t.cols }, (_, c) => t.cells.find((x) => x.row === r && x.col === c)?.text ?? ''));

describe('front matter as data', () => {
  it('YAML: a list of mappings is a table (keys as header, values as written), title from the metadata, other scalars a field list', async () => {
    const { document, passages, warnings } = await prepareDocument({ name: 'alpine-linux.md', content: PAGE });
    expect(warnings).toEqual([]);
    expect(document.title).toBe('Alpine Linux');
    expect(document.tables).toHaveLength(1);
    const table = document.tables[0]!;
    expect(table.caption).toBe('releases');
    expect(grid(table)).toEqual([
      ['releaseCycle', 'releaseDate', 'eol', 'lts'],
      ['3.19', '2023-12-07', '2025-11-01', 'false'],
      ['3.10', '2019-06-19', '2021-05-01', 'true'],
    ]);
    expect(detectHeaders(table).headerRows).toEqual([0]);
    // The field list: its own passage, not merged with the body's first paragraph, and no run-on "key: value" prose.
    // One record: the scalar fields read as one sentence, the title among them.
    const fields = passages.find((p) => p.kind === 'text' && p.text.startsWith('title: Alpine Linux category: os'))!;
    expect(fields.sentences).toHaveLength(1);
    expect(fields.text).toContain('alternate_urls: /alpine, /alpinelinux');
    expect(fields.text).toContain('identifiers: cpe: cpe:/o:alpinelinux:alpine_linux; purl: pkg:swid/alpine');
    expect(fields.text).not.toContain('security-oriented');
    expect(fields.text).not.toContain('releaseCycle');
    expect(passages.some((p) => p.kind === 'text' && p.text.startsWith('Alpine Linux is a security-oriented'))).toBe(true);
    // Row summaries name the document and the list.
    const row = passages.find((p) => p.kind === 'table-row' && p.text.includes('3.19'))!;
    expect(row.heading).toBe('Alpine Linux: releases');
    expect(row.text).toMatch(/^Alpine Linux: releases\. .*releaseDate 2023-12-07.*eol 2025-11-01/);
    // No date field: the document has none.
    expect(document.date).toBeUndefined();
  });

  it('maps every cell to its value in the file, and the table passage spans the list\'s lines', async () => {
    const { document, passages } = await prepareDocument({ name: 'alpine-linux.md', content: PAGE });
    const table = document.tables[0]!;
    for (let r = 0; r < table.rows; r++) {
      for (let c = 0; c < table.cols; c++) {
        expect(cellInSource(document, PAGE, table, r, c), `cell ${r},${c}`).toBe(grid(table)[r]![c]);
      }
    }
    // A quoted value maps inside its quotes.
    const span = cellTextSpan(table, 2, 0)!;
    const at = sourceOffset(document, table.start + span.start);
    expect(PAGE.slice(at - 1, at + 5)).toBe('"3.10"');
    const tablePassage = passages.find((p) => p.kind === 'table')!;
    const written = PAGE.slice(tablePassage.source!.start, tablePassage.source!.end);
    expect(written.startsWith('releases:\n  - releaseCycle: "3.19"')).toBe(true);
    expect(written.endsWith('    lts: true')).toBe(true);
    const fields = passages.find((p) => p.kind === 'text' && p.text.startsWith('title: Alpine Linux'))!;
    expect(PAGE.slice(fields.source!.start, fields.source!.end)).toMatch(/^title: Alpine Linux\ncategory: os\n[\s\S]*purl: pkg:swid\/alpine$/);
  });

  it('a date field is the document\'s date (StoredDocument.date); the caller\'s date wins', async () => {
    const post = ['---', 'title: "Our news"', 'date: 2021-03-04', 'tags: [a, b]', '---', '', 'We shipped the first version.', ''].join('\n');
    const { document, passages } = await prepareDocument({ name: 'news.md', content: post });
    expect(document.date).toBe('2021-03-04T00:00:00.000Z');
    expect(passages.some((p) => p.text.includes('tags: a, b') && p.text.includes('date: 2021-03-04'))).toBe(true);
    const given = await prepareDocument({ name: 'news.md', content: post, date: new Date('2030-01-01T00:00:00Z') });
    expect(given.document.date).toBe('2030-01-01T00:00:00.000Z');
    // A file's modification time (a copy, a checkout) gives way to the date the document states,
    // and dates one that states none.
    const copied = await prepareDocument({ name: 'news.md', content: post, modified: new Date('2026-12-05T10:00:00Z') });
    expect(copied.document.date).toBe('2021-03-04T00:00:00.000Z');
    const plain = await prepareDocument({ name: 'notes.md', content: 'We shipped the first version.\n', modified: new Date('2026-12-05T10:00:00Z') });
    expect(plain.document.date).toBe('2026-12-05T10:00:00.000Z');
    await expect(prepareDocument({ name: 'notes.md', content: 'We shipped.\n', modified: new Date('nope') })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });

  it('TOML (+++): title, a permalink\'s date said as a field, tables of [[arrays]], nested tables as dotted keys', async () => {
    const toml = [
      '+++',
      'path = "2024/02/08/Rust-1.76.0"',
      'title = "Announcing Rust 1.76.0"',
      'authors = ["The Rust Release Team"]',
      '',
      '[extra]',
      'release = true',
      '',
      '[[versions]]',
      'name = "1.76.0"',
      'released = 2024-02-08',
      '',
      '[[versions]]',
      'name = "1.75.0"',
      'released = 2023-12-28',
      '+++',
      '',
      'The Rust team is happy to announce a new version of Rust, 1.76.0.',
    ].join('\n');
    const { document, passages, warnings } = await prepareDocument({ name: 'Rust-1.76.0.md', content: toml });
    expect(warnings).toEqual([]);
    expect(document.title).toBe('Announcing Rust 1.76.0');
    expect(document.date).toBe('2024-02-08T00:00:00.000Z');
    const fields = passages.find((p) => p.kind === 'text' && p.text.startsWith('date: 2024-02-08'))!;
    expect(fields.text).toContain('path: 2024/02/08/Rust-1.76.0');
    expect(fields.text).toContain('authors: The Rust Release Team');
    expect(fields.text).toContain('extra.release: true');
    expect(fields.sentences[0]!.times[0]!.granularity).toBe('day');
    // Every word maps back to the file, the permalink's date digits included; only the word "date" is the reader's own.
    const unmapped = [...document.text.matchAll(/[\p{L}\p{N}]+/gu)].filter((m) => toml.slice(sourceOffset(document, m.index), sourceOffset(document, m.index + m[0].length, 'end')) !== m[0]).map((m) => m[0]);
    expect(unmapped).toEqual(['date']);
    const table = document.tables[0]!;
    expect(table.caption).toBe('versions');
    expect(grid(table)).toEqual([['name', 'released'], ['1.76.0', '2024-02-08'], ['1.75.0', '2023-12-28']]);
    expect(cellInSource(document, toml, table, 2, 1)).toBe('2023-12-28');
    expect(cellInSource(document, toml, table, 2, 0)).toBe('1.75.0');
    expect(passages.some((p) => p.text.includes('happy to announce'))).toBe(true);
  });

  it('nested mappings are dotted keys and block scalars their words, each mapped to the file', async () => {
    const md = ['---', 'title: K', 'auto:', '  methods:', '    - git: https://example.org/repo.git', 'description: |', '  Information regarding the', '  current release cycle.', '---', 'Body.'].join('\n');
    const { document } = await prepareDocument({ name: 'k.md', content: md });
    expect(document.text).toContain('auto.methods: git: https://example.org/repo.git');
    expect(document.text).toContain('description: Information regarding the current release cycle.');
    for (const m of document.text.matchAll(/[\p{L}\p{N}]+/gu)) {
      expect(md.slice(sourceOffset(document, m.index), sourceOffset(document, m.index + m[0].length, 'end')), m[0]).toBe(m[0]);
    }
  });

  it('a bad front matter is kept as text with a warning, never rejecting the document', async () => {
    const bad = ['---', 'title: [unclosed', 'releases: : :', '---', '', 'Body text here.'].join('\n');
    const { document, passages, warnings } = await prepareDocument({ name: 'bad.md', content: bad });
    expect(warnings.join(' ')).toMatch(/YAML front matter could not be read .*kept as text/);
    expect(document.tables).toEqual([]);
    expect(passages.some((p) => p.text.includes('title: [unclosed'))).toBe(true);
    expect(passages.some((p) => p.text.includes('Body text here.'))).toBe(true);
    const badToml = ['+++', 'title = ', '+++', 'Body.'].join('\n');
    const t = await prepareDocument({ name: 'bad-toml.md', content: badToml });
    expect(t.warnings.join(' ')).toMatch(/TOML front matter could not be read/);
    const notFields = await readMarkdown(['---', '- just', '- a list', '---', 'Body.'].join('\n'));
    expect(notFields.warnings.join(' ')).toMatch(/not a list of fields/);
  });

  it('bounds the front matter: an oversized block is text with a warning, an unclosed fence is no front matter', async () => {
    const big = `---\nnotes: ${'x'.repeat(300_000)}\n---\nBody.`;
    expect(findFrontMatter(big).tooLarge?.syntax).toBe('yaml');
    const read = await readMarkdown(big);
    expect(read.warnings.join(' ')).toMatch(/over the limit .*kept as text/);
    expect(findFrontMatter('---\ntitle: x\nno closing fence').block).toBeUndefined();
    expect(findFrontMatter('\uFEFF---\r\ntitle: x\r\n---\r\nBody').block).toMatchObject({ syntax: 'yaml', bodyStart: 6 });
    expect(findFrontMatter('Text\n---\ntitle: x\n---').block).toBeUndefined();
  });

  it('aliases of collections are not expanded (a small file cannot grow without bound)', async () => {
    const lines = ['---', 'a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 0; i < 12; i++) lines.push(`${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}, *${String.fromCharCode(97 + i)}]`);
    lines.push('name: &n shared', 'copy: *n', '---', 'Body.');
    const read = await readMarkdown(lines.join('\n'));
    expect(read.text.length).toBeLessThan(2000);
    expect(read.text).toContain('copy: shared');
  });

  it('a list of one-key mappings is a field, not a table; a nested list inside an item is written in its cell', async () => {
    const md = ['---', 'ids:', '  - cpe: a', '  - purl: b', 'releases:', '  - cycle: "1"', '    platforms:', '      - os: linux', '        arch: x64', '      - os: mac', '        arch: arm64', '  - cycle: "2"', '    platforms: []', '---', ''].join('\n');
    const read = await readMarkdown(md);
    expect(read.tables).toHaveLength(1);
    expect(read.tables[0]!.caption).toBe('releases');
    expect(grid(read.tables[0]!)[1]).toEqual(['1', 'os: linux, arch: x64; os: mac, arch: arm64']);
    expect(read.text).toContain('ids: cpe: a; purl: b');
  });
});
