import { describe, expect, it } from 'vitest';
import { chunkBlocks } from '../../src/text/chunk.ts';
import { TextBuilder } from '../../src/ingest/parsed.ts';

function build(parts: Array<['heading' | 'paragraph', string]>) {
  const b = new TextBuilder();
  for (const [kind, text] of parts) b.add(kind, text, kind === 'heading' ? { level: 2 } : {});
  return b;
}

describe('chunkBlocks', () => {
  it('keeps provenance: offsets into the text and the nearest heading', () => {
    const b = build([['heading', 'History'], ['paragraph', 'The house was built in 1794. It was sold in 1811.'], ['heading', 'Owners'], ['paragraph', 'George Peter owned it.']]);
    const chunks = chunkBlocks(b.text, b.blocks);
    expect(chunks).toHaveLength(2);
    expect(b.text.slice(chunks[0]!.start, chunks[0]!.end)).toBe('The house was built in 1794. It was sold in 1811.');
    expect(chunks[0]!.heading).toBe('History');
    expect(chunks[1]!.heading).toBe('Owners');
  });

  it('names a section by its heading path, outermost first; a level-1 heading (the title) heads only what comes before any other', () => {
    const b = new TextBuilder();
    b.add('heading', 'Changelog', { level: 1 });
    b.add('paragraph', 'All notable changes are here.');
    b.add('heading', '[1.2.0] - 2019-02-15', { level: 2 });
    b.add('heading', 'Added', { level: 3 });
    b.add('paragraph', 'Danish translation.');
    b.add('heading', 'Fixed', { level: 3 });
    b.add('paragraph', 'A crash on start.');
    b.add('heading', '[1.1.0] - 2017-11-20', { level: 2 });
    b.add('paragraph', 'Python 3.6.');
    expect(chunkBlocks(b.text, b.blocks).map((c) => c.heading)).toEqual(['Changelog', '[1.2.0] - 2019-02-15 › Added', '[1.2.0] - 2019-02-15 › Fixed', '[1.1.0] - 2017-11-20']);
  });

  it('gives sentence offsets relative to the passage', () => {
    const b = build([['paragraph', 'One sentence here. Another one there.']]);
    const [c] = chunkBlocks(b.text, b.blocks);
    const passage = b.text.slice(c!.start, c!.end);
    expect(c!.sentences.map((s) => passage.slice(s.start, s.end))).toEqual(['One sentence here.', 'Another one there.']);
  });

  it('cuts long paragraphs at sentence boundaries under the size limit', () => {
    const para = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} is here.`).join(' ');
    const b = build([['paragraph', para]]);
    const chunks = chunkBlocks(b.text, b.blocks, { maxChars: 200 });
    expect(chunks.length).toBeGreaterThan(4);
    for (const c of chunks) {
      expect(c.end - c.start).toBeLessThanOrEqual(200);
      expect(b.text.slice(c.start, c.end)).toMatch(/^Sentence number \d+ is here\..*\.$/);
    }
  });

  it('cuts a sentence longer than the limit at white space', () => {
    const b = build([['paragraph', 'word '.repeat(300).trim()]]);
    const chunks = chunkBlocks(b.text, b.blocks, { maxChars: 100 });
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(100);
    expect(chunks.map((c) => b.text.slice(c.start, c.end)).join(' ')).toBe(b.text);
  });

  it('merges short paragraphs under the same heading, never across headings', () => {
    const b = build([['paragraph', 'Short one.'], ['paragraph', 'Short two.'], ['heading', 'Next'], ['paragraph', 'Short three.']]);
    const chunks = chunkBlocks(b.text, b.blocks, { minChars: 100 });
    expect(chunks).toHaveLength(2);
    expect(chunks[0]!.sentences).toHaveLength(2);
  });
});
