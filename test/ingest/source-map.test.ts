import { describe, expect, it } from 'vitest';
import 'fake-indexeddb/auto';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { sourceOffset } from '../../src/ingest/source-map.ts';
import { cellTextSpan } from '../../src/ingest/table-text.ts';
import type { StoredDocument } from '../../src/types.ts';

/**
 * Every word of the engine's text, mapped through the source map, is that word in the file the
 * user gave; and every passage's `source` slice holds the passage's words, markup included.
 */
function expectWordsMapped(doc: StoredDocument, content: string): number {
  let checked = 0;
  for (const m of doc.text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = sourceOffset(doc, m.index);
    const end = sourceOffset(doc, m.index + m[0].length, 'end');
    expect(content.slice(start, end), `word "${m[0]}" at ${m.index}`).toBe(m[0]);
    checked++;
  }
  return checked;
}

async function prepared(name: string, content: string) {
  return prepareDocument({ name, content });
}

describe('source offsets', () => {
  it('markdown: links, emphasis, escapes, code; passages slice the paragraph as written', async () => {
    const md = [
      '# Release *notes*', '', 'Some **bold** and [a link](http://x) and `code`, x86\\_64', 'on the next line.', '',
      '- 3.8.5 final: Monday, 2020-07-20', '  (security hotfix)', '',
    ].join('\r\n');
    const { document, passages } = await prepared('notes.md', md);
    expect(document.text).toBe('Release notes\n\nSome bold and a link and code, x86_64 on the next line.\n\n3.8.5 final: Monday, 2020-07-20 (security hotfix)');
    expect(expectWordsMapped(document, md)).toBeGreaterThan(15);
    const text = passages.filter((p) => p.kind === 'text');
    expect(text).toHaveLength(1);
    // The passage spans both paragraphs (short ones merge), from the first character to the last, markup kept.
    expect(md.slice(text[0]!.source!.start, text[0]!.source!.end)).toBe(md.slice(md.indexOf('Some'), md.indexOf('hotfix)') + 7));
  });

  it('markdown tables: reference links read as their text in the table model, cells map to the source', async () => {
    const md = [
      '| Release | Support ends |', '|---|---:|', '| [19.x][] | 2026-04-30 |', '| [18.x][ref] | **2025-04-30** |',
      '', '[19.x]: https://example.org/19', '[ref]: https://example.org/18', '', 'See [19.x] for details.',
    ].join('\n');
    const { document, passages } = await prepared('node.md', md);
    const table = document.tables[0]!;
    expect(table.cells.map((c) => c.text)).toEqual(['Release', 'Support ends', '19.x', '2026-04-30', '18.x', '2025-04-30']);
    expect(document.text).not.toContain('[');
    expect(document.text).not.toContain('https://');
    expect(document.text).toContain('See 19.x for details.');
    expectWordsMapped(document, md);
    const span = cellTextSpan(table, 2, 0)!;
    const at = sourceOffset(document, table.start + span.start);
    expect(md.slice(at, sourceOffset(document, table.start + span.end, 'end'))).toBe('18.x');
    const row = passages.find((p) => p.kind === 'table-row')!;
    expect(md.slice(row.source!.start, row.source!.end)).toBe(md.slice(0, md.indexOf('|\n\n') + 1));
  });

  it('html: entities, inline tags, tables; passages slice the element as written', async () => {
    const html = `<html><head><title>Rates &amp; more</title></head><body>
      <h1>Exchange <em>rates</em></h1>
      <p>Rates <b>rose</b> in 2013 at AT&amp;T&nbsp;and&#160;fell &lt;sharply&gt; later.</p>
      <table><caption>Rates 2013</caption><tr><th>Currency</th><th colspan="2">2013</th></tr>
      <tr><td>Mexican&nbsp;peso</td><td>11.2</td><td><i>12.1</i></td></tr></table></body></html>`;
    const { document, passages } = await prepared('rates.html', html);
    expect(document.title).toBe('Rates & more');
    expect(document.text).toContain('Rates rose in 2013 at AT&T and fell <sharply> later.');
    expect(expectWordsMapped(document, html)).toBeGreaterThan(15);
    const para = passages.find((p) => p.kind === 'text' && p.text.startsWith('Rates'))!;
    expect(html.slice(para.source!.start, para.source!.end)).toBe('Rates <b>rose</b> in 2013 at AT&amp;T&nbsp;and&#160;fell &lt;sharply&gt; later.');
    const sentence = passages.find((p) => p.kind === 'sentence')!;
    const s = sentence.sentences[0]!;
    expect(html.slice(sourceOffset(document, sentence.start + s.start), sourceOffset(document, sentence.start + s.end, 'end'))).toContain('<b>rose</b>');
    const table = document.tables[0]!;
    const cell = table.cells.find((c) => c.text === '12.1')!;
    const span = cellTextSpan(table, cell.row, cell.col)!;
    expect(html.slice(sourceOffset(document, table.start + span.start), sourceOffset(document, table.start + span.end, 'end'))).toBe('12.1');
    const tablePassage = passages.find((p) => p.kind === 'table')!;
    const slice = html.slice(tablePassage.source!.start, tablePassage.source!.end);
    expect(slice.startsWith('<table>') && slice.endsWith('</table>')).toBe(true);
  });

  it('html tables: entities, spans, white space and markup in cells, nested tables, empty and bar-only cells', async () => {
    const html = `<table><caption> Sales &amp;\n costs </caption>
<thead><tr><th></th><th colspan="2">2019&nbsp;&ndash; 2020</th></tr></thead>
<tr><th scope="row">  AT&amp;T\n   inc. </th><td><b>1,200</b> <i>(est.)</i></td><td>7</td></tr>
<tr><td colspan="2">x</td><td>..</td></tr>
<tr><td>..</td><td>..</td><td>y &lt;z&gt;</td></tr>
<tr><td>|</td><td> | </td><td></td></tr>
<tr><td>outer <table><tr><td>inner</td></tr></table></td><td></td><td>a\u00a0b</td></tr>
</table>`;
    const { document, passages } = await prepared('t.html', html);
    expect(document.text).toBe('Sales & costs\n| 2019 \u2013 2020\nAT&T inc. | 1,200 (est.) | 7\nx | ..\n.. | .. | y <z>\nouter inner |  | a b');
    const table = document.tables[0]!;
    expect(table.cells.map((c) => c.text)).toEqual(['', '2019 \u2013 2020', 'AT&T inc.', '1,200 (est.)', '7', 'x', '..', '..', '..', 'y <z>', '|', '|', '', 'outer inner', '', 'a b']);
    expectWordsMapped(document, html);
    const asWritten = (row: number, col: number) => {
      const span = cellTextSpan(table, row, col);
      return span && html.slice(sourceOffset(document, table.start + span.start), sourceOffset(document, table.start + span.end, 'end'));
    };
    expect(asWritten(0, 0)).toBeUndefined();
    expect(asWritten(0, 1)).toBe('2019&nbsp;&ndash; 2020');
    expect(asWritten(1, 0)).toBe('AT&amp;T\n   inc.');
    expect(asWritten(1, 1)).toBe('1,200</b> <i>(est.)');
    expect(asWritten(2, 0)).toBe('x');
    // The ".." after a colspan is the one of its own row.
    expect(sourceOffset(document, table.start + cellTextSpan(table, 2, 2)!.start)).toBe(html.indexOf('<td>..</td>') + 4);
    expect(asWritten(3, 1)).toBe('..');
    expect(asWritten(5, 0)).toBe('outer <table><tr><td>inner');
    expect(asWritten(5, 2)).toBe('a\u00a0b');
    // The row of bars writes no line; the table passage slices the element as written.
    expect(asWritten(4, 0)).toBeUndefined();
    const tablePassage = passages.find((p) => p.kind === 'table')!;
    expect(html.slice(tablePassage.source!.start, tablePassage.source!.end)).toBe(html);
  });

  it('csv: quoted cells with delimiters, doubled quotes and line breaks map to their text', async () => {
    const csv = 'name,comment,value\r\n"Smith, J.","said ""hi""\nthen left",11.2\r\n\r\nPeso,plain,3\r\n';
    const { document } = await prepared('people.csv', csv);
    const table = document.tables[0]!;
    expect(table.cells.map((c) => c.text)).toContain('said "hi" then left');
    expectWordsMapped(document, csv);
    const cell = table.cells.find((c) => c.text === 'Smith, J.')!;
    const span = cellTextSpan(table, cell.row, cell.col)!;
    expect(csv.slice(sourceOffset(document, table.start + span.start), sourceOffset(document, table.start + span.end, 'end'))).toBe('Smith, J.');
  });

  it('tsv with a # preamble (tz .tab files): comments are text, the last comment line heads the table', async () => {
    const tab = '# tzdb timezone descriptions\n#\n# Lines beginning with # are comments.\n#\n#codes\tcoordinates\tTZ\tcomments\nAD\t+4230+00131\tEurope/Andorra\nNP\t+2743+08519\tAsia/Kathmandu\n';
    const { document } = await prepared('zone1970.tab', tab);
    expect(document.text.startsWith('tzdb timezone descriptions\n\nLines beginning with # are comments.')).toBe(true);
    const table = document.tables[0]!;
    expect(table.rows).toBe(3);
    expect(table.cells.slice(0, 3).map((c) => c.text)).toEqual(['codes', 'coordinates', 'TZ']);
    expectWordsMapped(document, tab);
  });

  it('plain text keeps near-identity offsets: few anchors', async () => {
    const txt = 'First para\nwith a soft break.\n\n\nSecond   para, spaced out.\n';
    const { document, passages } = await prepared('a.txt', txt);
    expectWordsMapped(document, txt);
    expect(document.sourceMap!.length).toBeLessThanOrEqual(6);
    expect(txt.slice(passages[0]!.source!.start, passages[0]!.source!.end)).toBe(txt.trim());
  });

  it('documents without a map give offsets unchanged', () => {
    expect(sourceOffset({}, 42)).toBe(42);
    expect(sourceOffset({ sourceMap: [] }, 42, 'end')).toBe(42);
  });
});

describe('parsers stay linear on hostile input (sizes at which the old code took seconds to minutes)', () => {
  it('a Markdown heading with 10,000 spaces inside', async () => {
    const { document } = await prepared('h.md', `# a${' '.repeat(10_000)}b ##\n\ntext`);
    expect(document.title).toBe('a b');
    expect(document.text).toBe('a b\n\ntext');
  });

  it('runs of 100,000 [ and < in Markdown text are kept as written', async () => {
    for (const ch of ['[', '<', '![', '](']) {
      const content = `x ${ch.repeat(100_000)} y`;
      const { document } = await prepared('r.md', content);
      expect(document.text).toBe(content);
    }
    for (const ch of ['**', '`', '_', '*a ']) {
      const { document } = await prepared('r.md', `x ${ch.repeat(100_000)} y`);
      expect(document.text.startsWith('x') && document.text.endsWith('y')).toBe(true);
    }
    const { document } = await prepared('r.md', `${'[a]('.repeat(30_000)} [b](c) <em>d</em> <https://e.org>`);
    expect(document.text.endsWith('b d https://e.org')).toBe(true);
  });

  it('a table delimiter line with 50,000 spaces', async () => {
    const table = await prepared('t.md', `| a | b |\n|${' '.repeat(50_000)}--- | --- |\n| 1 | 2 |`);
    expect(table.document.tables[0]!.cells.map((c) => c.text)).toEqual(['a', 'b', '1', '2']);
    const notTable = await prepared('t.md', `a | b\n| ---${' '.repeat(50_000)}x`);
    expect(notTable.document.tables).toHaveLength(0);
  });

  it('100,000 nested divs, also inside a table cell: no stack overflow, the text is read', async () => {
    const deep = (s: string) => `${'<div>'.repeat(100_000)}${s}${'</div>'.repeat(100_000)}`;
    const page = await prepared('d.html', `<p>before</p>${deep('deep text')}<p>after</p>`);
    expect(page.document.text).toBe('before\n\ndeep text\n\nafter');
    expect(page.warnings.join(' ')).toMatch(/nested deeper than/);
    const cell = await prepared('d.html', `<table><tr><td>${deep('deep')}</td><td>2</td></tr></table>`);
    expect(cell.document.tables[0]!.cells.map((c) => c.text)).toEqual(['deep', '2']);
  });
});

describe('binary content under a text name', () => {
  it('is rejected with BINARY_CONTENT, for bytes and for strings', async () => {
    const pdfLike = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a, 0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x00]);
    for (const name of ['report.txt', 'notes.md', 'page.html', 'data.csv']) {
      await expect(prepareDocument({ name, content: pdfLike })).rejects.toMatchObject({ code: 'BINARY_CONTENT' });
    }
    await expect(prepareDocument({ name: 'a.txt', content: 'text\u0000with NUL' })).rejects.toMatchObject({ code: 'BINARY_CONTENT' });
    // Real text with a few odd bytes is still text.
    const { document } = await prepareDocument({ name: 'a.txt', content: new TextEncoder().encode('caf\u00e9 \u001b[1mbold\u001b[0m ok') });
    expect(document.text).toContain('café');
  });
});

describe('persistence', () => {
  it('source offsets, pages and the document map survive IndexedDB', async () => {
    const { IDBFactory } = await import('fake-indexeddb');
    const { openIdbStore } = await import('../../src/storage/idb-store.ts');
    const { analyseSegment } = await import('../../src/engine/segments.ts');
    const md = '# T\n\nSome **bold** text [here](http://x).\n\n| a | b |\n|---|---|\n| 1 | 2 |';
    const prepared = await prepareDocument({ name: 'p.md', content: md });
    const factory = new IDBFactory();
    const store = await openIdbStore('source-map', factory);
    await store.put(analyseSegment([{ document: prepared.document, passages: prepared.passages }]));
    await store.close();
    const { segments } = await (await openIdbStore('source-map', factory)).load();
    const back = segments[0]!.records[0]!;
    expect(back.document.sourceMap).toEqual(prepared.document.sourceMap);
    expect(back.passages.map((p) => p.source)).toEqual(prepared.passages.map((p) => p.source));
    expect(back.passages.every((p) => p.source)).toBe(true);
  });
});
