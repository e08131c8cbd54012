import type { Answer, Citation } from '../types.ts';

/**
 * A citation as one line: `rates.html, table 1: Mexican peso · 2013 › Buy = 11.2`, or
 * `pm.txt, chars 0–98: "Boris Johnson became …"`. No tokenizer, so a page can cite what a
 * worker answered without bundling the engine.
 */
export function describeCitation(c: Citation, maxChars = 120): string {
  if (c.kind === 'cell') {
    const where = [c.rowPath?.join(' › '), c.columnPath?.join(' › ')].filter(Boolean).join(' · ');
    return `${c.docId}, table ${(c.tableIndex ?? 0) + 1}: ${where ? `${where} = ` : ''}${c.text || '(empty)'}`;
  }
  const text = c.text.replace(/\s+/g, ' ').trim();
  const shown = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
  const at = c.source ? `source chars ${c.source.start}–${c.source.end}` : `chars ${c.start}–${c.end}`;
  return `${c.docId}, ${at}: "${shown}"`;
}

/** The answer line a reader sees first: the answer, then what it rests on. */
export function describeAnswer(a: Answer): string {
  if (a.kind === 'none') return a.text;
  return a.calculation ? `${a.text} (${a.calculation.text})` : a.text;
}
