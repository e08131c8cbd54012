import { describe, expect, it } from 'vitest';
import { prepareDocument } from '../../src/engine/prepare.ts';
import { parseRst } from '../../src/ingest/parse-rst.ts';
import { detectHeaders } from '../../src/tables/index.ts';
import { sourceOffset } from '../../src/ingest/source-map.ts';

const blocks = (content: string) => {
  const d = parseRst(content);
  return d.blocks.map((b) => [b.kind, b.level ?? b.tableIndex ?? '', d.text.slice(b.start, b.end)]);
};

const PEP = `PEP: 569
Title: Python 3.8 Release Schedule
Author: Łukasz Langa <lukasz@python.org>
Status: Active
Created: 27-Jan-2018


Abstract
========

This document describes the schedule for Python 3.8. See :pep:\`101\` and
\`the FAQ <https://python.org/faq/>\`_ for **more**.

Release Manager and Crew
------------------------

============================ ==================
Position                     Name
============================ ==================
3.8 Release Manager          Łukasz Langa
Documentation                Julien Palard
============================ ==================

Release schedule
----------------

- 3.8.5 final: Monday, 2020-07-20
  (security hotfix)
- 3.8.6 final: Thursday, 2020-09-24

Features for 3.8
================

Some code::

    def f():
        return 1

.. note:: The schedule may *change*.

.. image:: picture.png
   :alt: nothing to read

.. This is a comment.
`;

describe('reStructuredText', () => {
  it('a PEP: header fields, title, section levels, simple table, list items, literal block, directives', () => {
    const d = parseRst(PEP);
    // Numbered by its first field, as python.org titles it.
    expect(d.title).toBe('PEP 569 – Python 3.8 Release Schedule');
    // Dated by its "Created:" field, as front matter dates a Markdown file.
    expect(d.date?.toISOString().slice(0, 10)).toBe('2018-01-27');
    const b = blocks(PEP);
    expect(b).toContainEqual(['paragraph', '', 'Status: Active']);
    expect(b).toContainEqual(['heading', 1, 'Abstract']);
    expect(b).toContainEqual(['heading', 2, 'Release Manager and Crew']);
    expect(b).toContainEqual(['heading', 1, 'Features for 3.8']);
    expect(b).toContainEqual(['paragraph', '', 'This document describes the schedule for Python 3.8. See PEP 101 and the FAQ for more.']);
    expect(b).toContainEqual(['paragraph', '', '3.8.5 final: Monday, 2020-07-20 (security hotfix)']);
    expect(b).toContainEqual(['paragraph', '', 'Some code:']);
    expect(b).toContainEqual(['paragraph', '', 'def f(): return 1']);
    expect(b).toContainEqual(['paragraph', '', 'The schedule may change.']);
    expect(d.text).not.toMatch(/picture|nothing to read|comment/);
    const table = d.tables[0]!;
    expect([table.rows, table.cols, table.headerRows]).toEqual([3, 2, 1]);
    expect(detectHeaders(table).columnPaths[1]).toEqual(['Name']);
  });

  it('grid tables with column and row spans and a header', () => {
    const rst = `Votes
=====

+-----------------------+----------------+
| Candidate             | Votes Received |
+=======================+================+
| Pablo Galindo Salgado | 59             |
+-----------------------+----------------+
| Carol Willing         | 57             |
|                       |                |
+-----------------------+----------------+
| Both terms            | spans          |
+-----------+-----------+ two rows       |
| first     | second    |                |
+-----------+-----------+----------------+
`;
    const d = parseRst(rst);
    const t = d.tables[0]!;
    expect(t.headerRows).toBe(1);
    const byText = (s: string) => t.cells.find((c) => c.text === s)!;
    expect(byText('Carol Willing')).toMatchObject({ row: 2, rowSpan: 1 });
    expect(byText('Both terms')).toMatchObject({ row: 3, col: 0, colSpan: 2 });
    expect(byText('spans two rows')).toMatchObject({ row: 3, rowSpan: 2 });
    expect(byText('first')).toMatchObject({ row: 4, col: 0 });
    expect(byText('second')).toMatchObject({ row: 4, col: 1 });
    const s = detectHeaders(t);
    expect(s.columnPaths[t.cols - 1]).toEqual(['Votes Received']);
  });

  it('list-table and csv-table directives, with their titles as captions', () => {
    const rst = `.. list-table:: Frozen delights
   :header-rows: 1

   * - Treat
     - Quantity
   * - Albatross
     - 2.99
   * - Crunchy Frog
     - 1.49

.. csv-table:: Release dates
   :header: "Version", "Date"

   "3.12.0", 2023-10-02
   "3.11.0, final", 2022-10-24
`;
    const d = parseRst(rst);
    expect(d.tables).toHaveLength(2);
    expect(d.tables[0]!.caption).toBe('Frozen delights');
    expect(d.tables[0]!.cells.map((c) => c.text)).toEqual(['Treat', 'Quantity', 'Albatross', '2.99', 'Crunchy Frog', '1.49']);
    expect(d.tables[0]!.headerRows).toBe(1);
    expect(d.tables[1]!.caption).toBe('Release dates');
    expect(d.tables[1]!.cells.map((c) => c.text)).toEqual(['Version', 'Date', '3.12.0', '2023-10-02', '3.11.0, final', '2022-10-24']);
  });

  it('every word maps back to the file; .rst is a known extension', async () => {
    const { document } = await prepareDocument({ name: 'pep-0569.rst', content: PEP });
    expect(document.format).toBe('rst');
    let n = 0;
    for (const m of document.text.matchAll(/[\p{L}\p{N}]+/gu)) {
      // "PEP 101" is written from :pep:`101`: its "PEP" sits on the role's name.
      expect(PEP.slice(sourceOffset(document, m.index), sourceOffset(document, m.index + m[0].length, 'end')).toLowerCase()).toBe(m[0].toLowerCase());
      n++;
    }
    expect(n).toBeGreaterThan(60);
  });

  it('stays linear on long runs of markup characters', () => {
    for (const ch of ['`', '*', '|', '_', '[', '``']) {
      const d = parseRst(`a ${ch.repeat(50_000)} b`);
      expect(d.text.startsWith('a') && d.text.endsWith('b')).toBe(true);
    }
    expect(parseRst(`${'='.repeat(50_000)}\nx`).blocks.length).toBeGreaterThan(0);
  });
});

describe('plain-text headings', () => {
  it('underlined, short standalone and numbered lines are headings; prose is not', async () => {
    const txt = [
      'Annual Report 2023', '', 'This report covers the year.', '',
      'Introduction', '============', 'The company grew in 2023, as the figures below show in some detail.', '',
      '2.1 Revenue by region', '', 'Revenue rose in every region in 2023, led by the Americas and by Asia, where sales doubled.', '',
      'A short line', 'that continues the paragraph.', '', 'Thanks', '',
    ].join('\n');
    const { document, passages } = await prepareDocument({ name: 'report.txt', content: txt });
    expect(document.title).toBe('Annual Report 2023');
    const d = (await import('../../src/ingest/parse-text.ts')).parseText(txt);
    const headings = d.blocks.filter((b) => b.kind === 'heading').map((b) => [b.level, d.text.slice(b.start, b.end)]);
    expect(headings).toEqual([[1, 'Annual Report 2023'], [1, 'Introduction'], [3, '2.1 Revenue by region']]);
    expect(passages.find((p) => p.text.startsWith('Revenue rose'))!.heading).toBe('2.1 Revenue by region');
  });

  it('a file of # comments around data (tz) reads its comments as text, not as Markdown headings', async () => {
    const tz = '# tzdb data for Europe and environs\n\n# This file is in the public domain.\n#\n# From Paul Eggert (2017-02-10):\n# Sources are listed here.\nRule\tGB-Eire\t1916\tonly\t-\tMay\t21\n';
    const { document } = await prepareDocument({ name: 'europe', content: tz });
    expect(document.format).toBe('text');
    expect(document.title).toBe('tzdb data for Europe and environs');
    expect(document.text).toBe('tzdb data for Europe and environs\n\nThis file is in the public domain.\n\nFrom Paul Eggert (2017-02-10): Sources are listed here.\n\nRule GB-Eire 1916 only - May 21');
  });
});
