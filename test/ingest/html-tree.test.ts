import { describe, expect, it } from 'vitest';
import { Parser } from 'htmlparser2';
import { HtmlTree } from '../../src/ingest/html-tree.ts';
import { parseHtml } from '../../src/ingest/parse-html.ts';
import { random } from '../seeded-random.ts';

type Event = Array<string | number | undefined>;

/** The events htmlparser2's own `Parser` gives, as `parseHtml` used to read them. */
function parserEvents(html: string): Event[] {
  const out: Event[] = [];
  const p: Parser = new Parser(
    {
      onopentag: (name, attribs) => out.push(['open', name, p.startIndex, p.endIndex, attribs['rowspan'], attribs['colspan']]),
      onclosetag: (name) => out.push(['close', name, p.startIndex, p.endIndex]),
      ontext: (data) => out.push(['text', data, p.startIndex, p.endIndex]),
      oncomment: () => out.push(['other', p.startIndex, p.endIndex]),
      onprocessinginstruction: () => out.push(['other', p.startIndex, p.endIndex]),
      onend: () => out.push(['end', p.startIndex, p.endIndex]),
    },
    { decodeEntities: true },
  );
  p.end(html);
  return out;
}

function treeEvents(html: string): Event[] {
  const out: Event[] = [];
  const t: HtmlTree = new HtmlTree(html, {
    onopentag: (name) => out.push(['open', name, t.startIndex, t.endIndex, t.rowspan, t.colspan]),
    onclosetag: (name) => out.push(['close', name, t.startIndex, t.endIndex]),
    ontext: (data) => out.push(['text', data, t.startIndex, t.endIndex]),
    onother: () => out.push(['other', t.startIndex, t.endIndex]),
    onend: () => out.push(['end', t.startIndex, t.endIndex]),
  });
  t.run();
  return out;
}

// Pieces of pages, well formed and not: tables, implied ends, void and foreign elements, entities
// (in text, titles and span attributes), comments, CDATA, tags cut off by the end of the page.
const PIECES = [
  '<table>', '</table>', '<tr>', '</tr>', '<td>', '</td>', '<th>', '</th>', '<TD>', '</Td>', '<tHeAd>', '<TBODY>', '</tbody>', '<tfoot>',
  '<caption>', '</caption>', '<td rowspan="2">', '<td colspan=3>', '<th colspan="0" rowspan=x>', '<td rowspan="&#50;">', "<td colspan='&#x33;'>",
  '<td rowspan="2" rowspan="5">', '<td ROWSPAN=3 COLSPAN="2">', '<th colspan>', '<td/>', '<tr/>', '<p>', '</p>', '<div>', '</div>', '<br>',
  '</br>', '<br/>', '<h2>', '</h2>', '<title>a &amp; b</title>', '<title>x<y</title>', '<textarea>&lt;x</textarea>', '<head>', '</head>',
  '<script>1<2</script>', '<style>a{}</style>', '<svg>', '</svg>', '<svg><foreignObject>', '</foreignObject>', '<clipPath>', '</clippath>',
  '<math><mi>', '</mi>', '</math>', '<![CDATA[cd]]>', '<image>', '<form>', '</form>', '<select><option>', '<optgroup>', '<dd>', '<dt>',
  '<li>', '<a href="&amp;q">', '</a>', '<!-- c -->', '<!doctype html>', '<?xml x?>', '&amp;', '&lt', '&nbsp;', '&#x41;', '&#65', '&copy',
  '&bogus;', '&ampx', '&#0;', '&#x110000;', '&', ' ', '\n', 'word', 'Two words.', '2019', '<plaintext>', '<td', '<tr ', '<td rowspan="3',
  '<!--', '<', '</', '>', '</td',
];

describe('HtmlTree', () => {
  it("gives the events and offsets of htmlparser2's Parser on random malformed pages", () => {
    const rnd = random(11);
    for (let d = 0; d < 1500; d++) {
      let html = '';
      const n = 1 + Math.floor(rnd() * 60);
      for (let i = 0; i < n; i++) html += PIECES[Math.floor(rnd() * PIECES.length)];
      expect(treeEvents(html), html).toEqual(parserEvents(html));
    }
  });

  it('reads a table page as before: spans from attributes, entities decoded, every offset kept', () => {
    const html = '<table><caption>Sales &amp; costs</caption><tr><TH ROWSPAN="2">Region</TH><td colspan=&#50;>a&lt;b</td></tr><tr><td>x</td><td>y</td></tr></table>';
    expect(treeEvents(html)).toEqual(parserEvents(html));
    const doc = parseHtml(html);
    expect(doc.tables[0]!.caption).toBe('Sales & costs');
    expect(doc.tables[0]!.cells.map((c) => [c.row, c.col, c.rowSpan, c.colSpan, c.text])).toEqual([
      [0, 0, 2, 1, 'Region'], [0, 1, 1, 2, 'a<b'], [1, 1, 1, 1, 'x'], [1, 2, 1, 1, 'y'],
    ]);
    // The decoded "<" cites the entity it came from.
    const at = doc.text.indexOf('a<b');
    const map = doc.sourceMap!;
    let source = -1;
    for (let k = 0; k < map.length; k += 2) if (map[k]! <= at + 1) source = map[k + 1]! + (at + 1 - map[k]!);
    expect(html.slice(source, source + 4)).toBe('&lt;');
  });
});
