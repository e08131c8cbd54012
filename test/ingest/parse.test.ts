import { describe, expect, it } from 'vitest';
import { ACCEPTED_EXTENSIONS, readerFor, readerForName } from '../../src/ingest/formats.ts';
import type { ParsedDocument } from '../../src/ingest/parsed.ts';
import type { DocumentFormat } from '../../src/types.ts';
import { detectFormat } from '../../src/ingest/detect-format.ts';
import { parseText } from '../../src/ingest/parse-text.ts';

const parseContent = (format: DocumentFormat, content: string) => readerFor(format).read(content, { name: 'test' });
const blockTexts = (d: ParsedDocument) => d.blocks.map((b) => [b.kind, d.text.slice(b.start, b.end)]);

describe('detectFormat', () => {
  it('uses the extension first, then the content', () => {
    expect(detectFormat('a.MD', 'x')).toBe('markdown');
    expect(detectFormat('a.htm', 'x')).toBe('html');
    expect(detectFormat('a.csv', 'x')).toBe('csv');
    expect(detectFormat('a.tsv', 'x')).toBe('tsv');
    expect(detectFormat(undefined, '<!DOCTYPE html><p>x')).toBe('html');
    expect(detectFormat(undefined, '# Title\n\ntext')).toBe('markdown');
    expect(detectFormat(undefined, 'just words')).toBe('text');
    expect(detectFormat('blob', 'PK\u0003\u0004\u0000\u0000')).toBeUndefined();
  });
});

describe('readers', () => {
  it('name every extension once, and read bytes as UTF-8 text', async () => {
    expect(new Set(ACCEPTED_EXTENSIONS).size).toBe(ACCEPTED_EXTENSIONS.length);
    expect(readerForName('notes.TAB')?.format).toBe('tsv');
    expect(readerForName('archive.zip')).toBeUndefined();
    const { prepareDocument } = await import('../../src/engine/prepare.ts');
    const bytes = new TextEncoder().encode('# Café\n\nThé à 5 heures.');
    const fromBytes = await prepareDocument({ name: 'cafe.md', content: bytes });
    const fromBuffer = await prepareDocument({ name: 'cafe.md', content: bytes.slice().buffer });
    expect(fromBytes.document.title).toBe('Café');
    expect(fromBytes.document.text).toBe('Café\n\nThé à 5 heures.');
    expect(fromBuffer.document.text).toBe(fromBytes.document.text);
  });

  it('text: paragraphs split on blank lines, soft line breaks joined', async () => {
    const d = await parseContent('text', 'First line\nsame para.\r\n\r\nSecond para.');
    expect(blockTexts(d)).toEqual([['paragraph', 'First line same para.'], ['paragraph', 'Second para.']]);
    expect(d.title).toBeUndefined();
  });

  it('text: a short first line without closing punctuation is the title', () => {
    const d = parseText('Boris Johnson\n\nHe became prime minister in July 2019.');
    expect(d.title).toBe('Boris Johnson');
    expect(blockTexts(d)).toEqual([['heading', 'Boris Johnson'], ['paragraph', 'He became prime minister in July 2019.']]);
    expect(parseText('Only one short line').title).toBeUndefined();
  });

  it('markdown: headings, inline markup removed, lists, code, pipe tables as structured tables', async () => {
    const md = [
      '# Rates', '', 'Some **bold** and [a link](http://x) and `code`.', '', '## Table', '',
      '| Currency | 2013 |', '|---|---:|', '| Euro | 1.3 |', '| Peso | 11.2 |', '', '- item one', '- item two',
      '', '```', 'let x = 1;', '```',
    ].join('\n');
    const d = await parseContent('markdown', md);
    expect(d.title).toBe('Rates');
    expect(blockTexts(d)).toEqual([
      ['heading', 'Rates'], ['paragraph', 'Some bold and a link and code.'], ['heading', 'Table'],
      ['table', expect.stringContaining('Peso')], ['paragraph', 'item one'], ['paragraph', 'item two'], ['paragraph', 'let x = 1;'],
    ]);
    expect(d.tables).toHaveLength(1);
    const t = d.tables[0]!;
    expect([t.rows, t.cols]).toEqual([3, 2]);
    expect(d.text.slice(t.start, t.end)).toContain('Euro');
  });

  it('markdown: a code span is code, not markup ("<T: Send>" no tag, "a*b*c" no emphasis)', async () => {
    const d = await parseContent('markdown', '- [`impl<T: Send> Sync for Sender<T>`](https://x.org/a)\n- `a*b*c` and <b>bold</b> and *em*.\n');
    expect(blockTexts(d)).toEqual([['paragraph', 'impl<T: Send> Sync for Sender<T>'], ['paragraph', 'a*b*c and bold and em.']]);
  });

  it('markdown: a heading\'s attributes ("{#tools}") are its anchor, not its title', async () => {
    const d = await parseContent('markdown', '# Go 1.22 {#top}\n\n## Tools {#tools .wide}\n\n### Sets {a, b} ##\n\nText.');
    expect(blockTexts(d).filter(([kind]) => kind === 'heading')).toEqual([['heading', 'Go 1.22'], ['heading', 'Tools'], ['heading', 'Sets {a, b}']]);
    expect(d.title).toBe('Go 1.22');
    // Attributes after a run of spaces, braces that are no attributes, a brace that does not close the line.
    const e = await parseContent('markdown', `# Go {#top}\n\n## A${' '.repeat(50)}{.wide}\n\n### Maps {k} {#maps}\n\n#### x{#y}\n\n##### {#only}\n\nText.`);
    expect(blockTexts(e).filter(([kind]) => kind === 'heading')).toEqual([['heading', 'Go'], ['heading', 'A'], ['heading', 'Maps {k}'], ['heading', 'x{#y}'], ['heading', '{#only}']]);
  });

  it('markdown: front matter is fields, not Markdown (its title names the page, a "# comment" is no heading)', async () => {
    const md = [
      '---', 'title: Node.js', 'category: framework', '# See https://github.com/nodejs/release#release-schedule.', 'releases:',
      '  - releaseCycle: "17"', '    releaseDate: 2021-10-19', '    eol: 2022-06-01', '---', '', '# Node.js', '', 'A runtime.',
    ].join('\n');
    const d = await parseContent('markdown', md);
    expect(d.title).toBe('Node.js');
    // The front matter makes no heading (its '# comment' is a comment): the one heading is the document's own.
    expect(blockTexts(d).filter(([kind]) => kind === 'heading')).toEqual([['heading', 'Node.js']]);
    // Its list of releases is a table, its other fields a passage of their own.
    expect(d.tables).toHaveLength(1);
    expect(d.tables[0]!.caption).toContain('releases');
    expect(d.text).toContain('category: framework');
    // TOML front matter, and a fence that never closes is no front matter.
    expect((await parseContent('markdown', '+++\ntitle = "Announcing Rust 1.70.0"\n+++\n\nText.')).title).toBe('Announcing Rust 1.70.0');
    expect((await parseContent('markdown', '---\n# Heading\n\nText.')).blocks.some((b) => b.kind === 'heading')).toBe(true);
  });

  it('html: title, headings, block breaks, tables; scripts and styles never become text', async () => {
    const html = `<!doctype html><html><head><title>Report</title><style>p{}</style></head><body>
      <h1>Exchange</h1><p>Rates <b>rose</b> in 2013.</p><script>alert(1)</script>
      <div>Second<br>line</div>
      <table><caption>Rates</caption><tr><th>Currency</th><th>2013</th></tr><tr><td>Peso</td><td>11.2</td></tr></table>
      <p>&lt;b&gt;escaped&lt;/b&gt; stays text</p></body></html>`;
    const d = await parseContent('html', html);
    expect(d.title).toBe('Report');
    expect(d.text).not.toContain('alert');
    expect(d.text).not.toContain('p{}');
    expect(blockTexts(d)).toEqual([
      ['heading', 'Exchange'], ['paragraph', 'Rates rose in 2013.'], ['paragraph', 'Second'], ['paragraph', 'line'],
      ['table', expect.stringContaining('Peso')], ['paragraph', '<b>escaped</b> stays text'],
    ]);
    expect(d.tables[0]!.caption).toBe('Rates');
  });

  it('html: the tree as a browser-free reader sees it (stray table content, row groups, captions, unclosed tags)', async () => {
    const cells = (d: ParsedDocument) => d.tables.map((t) => t.cells.map((c) => [c.text, c.header]));
    // The first title of head names the page; a table inside a heading is the heading's text.
    let d = await parseContent('html', '<html><head><title>A &amp; B</title><title>second</title></head><body><h2>Head <table><tr><td>in heading</td></tr></table></h2><p>text</p></body></html>');
    expect([d.title, d.text, d.tables.length]).toEqual(['A & B', 'Head in heading\n\ntext', 0]);
    // Text and elements directly in a table are not cells; rows are thead's, then the bodies' in order, then tfoot's;
    // only thead rows and th cells are headers, also for a row right after thead.
    d = await parseContent('html', '<table>stray text<div>stray div</div><thead><tr><th>h</th></tr></thead><tr><td>body after thead</td></tr><tfoot><tr><td>foot</td></tr></tfoot><tbody><tr><td>b2</td></tr></tbody></table>');
    expect(d.text).toBe('h\nbody after thead\nb2\nfoot');
    expect(cells(d)).toEqual([[['h', true], ['body after thead', false], ['b2', false], ['foot', false]]]);
    // The first caption with text is the table's.
    d = await parseContent('html', '<table><caption></caption><caption>second caption</caption><tr><td>1</td></tr></table>');
    expect([d.tables[0]!.caption, d.text]).toEqual(['second caption', 'second caption\n1']);
    // </br> breaks a line, a stray </p> is nothing, unclosed cells end with the document.
    d = await parseContent('html', '<p>before</br>after</p></p><table><tr><td>open cell<td>next');
    expect(d.text).toBe('before\n\nafter\n\nopen cell | next');
    expect(d.sourceMap).toEqual([0, 3, 8, 14, 15, 42, 27, 55]);
    // Comments and processing instructions split no words; a cell's head is the grid's text.
    d = await parseContent('html', '<div>a<!-- c -->b<?pi x?>c</div><table><tr><td>x<head><title>t</title></head>y</td></tr></table>');
    expect([d.text, cells(d)]).toEqual(['abc\n\nxty', [[['xty', false]]]]);
  });

  it('csv: the whole document is one table, quotes handled', async () => {
    const d = await parseContent('csv', 'name,note\n"Smith, J.","said ""hi"""\nDoe,ok\n');
    expect(d.tables).toHaveLength(1);
    const cells = d.tables[0]!.cells.map((c) => c.text);
    expect(cells).toContain('Smith, J.');
    expect(cells).toContain('said "hi"');
  });

  it('tsv of `#` comments around data (the tz database\'s .tab files): comments are text, before and after the table, never rows', async () => {
    const content = [
      '# tzdb timezone descriptions', '#', '# Lines beginning with # are comments.', '#',
      '#codes\tcoordinates\tTZ', 'NP\t+2743+08519\tAsia/Kathmandu', 'NZ\t-3652+17446\tPacific/Auckland',
      '#', '# The next section contains experimental comments', '# for user agents.', '#@AQ\tAntarctica/', 'ZA\t-2615+02800\tAfrica/Johannesburg', '',
    ].join('\n');
    const d = await parseContent('tsv', content);
    expect(d.tables).toHaveLength(1);
    const table = d.tables[0]!;
    const rows = Array.from({ length: table.rows }, (_, r) => table.cells.filter((c) => c.row === r).map((c) => c.text));
    expect(rows).toEqual([['codes', 'coordinates', 'TZ'], ['NP', '+2743+08519', 'Asia/Kathmandu'], ['NZ', '-3652+17446', 'Pacific/Auckland'], ['ZA', '-2615+02800', 'Africa/Johannesburg']]);
    expect(d.text).toContain('The next section contains experimental comments for user agents.');
    expect(d.text.indexOf('experimental')).toBeGreaterThan(d.text.indexOf('Johannesburg'));
    // Every cell cites its place in the file.
    for (const c of table.cells) {
      const at = d.text.indexOf(c.text, table.start);
      expect(at, c.text).toBeGreaterThanOrEqual(0);
    }
    // A file that does not open with comments keeps a `#` field as data.
    const plain = await parseContent('tsv', 'name\tcode\n#1\tx\n');
    expect(plain.tables[0]!.cells.map((c) => c.text)).toContain('#1');
  });
});
