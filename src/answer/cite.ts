import type { Answer, Citation } from '../types.ts';

/**
 * A citation as one line: `rates.html, table 1: Mexican peso · 2013 › Buy = 11.2`, or
 * `pm.txt, chars 0–98: "Boris Johnson became …"`, `report.pdf, p. 12: "…"`. No tokenizer, so a page can cite what a
 * worker answered without bundling the engine.
 */
export function describeCitation(c: Citation, options: DescribeCitationOptions = {}): string {
  const { maxChars = 120, offsets = true } = options;
  const page = c.page !== undefined ? `, p. ${c.page}` : '';
  if (c.kind === 'cell') {
    const where = [c.rowPath?.join(' › '), c.columnPath?.join(' › ')].filter(Boolean).join(' · ');
    return `${c.docId}${page}, table ${(c.tableIndex ?? 0) + 1}: ${where ? `${where} = ` : ''}${c.text || '(empty)'}`;
  }
  const text = c.text.replace(/\s+/g, ' ').trim();
  const shown = text.length > maxChars ? `${text.slice(0, maxChars - 1)}…` : text;
  // A page is how a reader finds a PDF sentence; offsets are for tools that slice the file.
  const at = page || !offsets ? page : `, ${c.source ? `source chars ${c.source.start}–${c.source.end}` : `chars ${c.start}–${c.end}`}`;
  return `${c.docId}${at}: "${shown}"`;
}

/** Options of {@link describeCitation}. */
export interface DescribeCitationOptions {
  /** Longest quotation of a sentence before it is cut with "…" (default 120). */
  maxChars?: number;
  /** Name the character offsets of a sentence (default true: the CLI's line; a page opens the passage instead). */
  offsets?: boolean;
}

/** The answer line a reader sees first: the answer, then what it rests on. */
export function describeAnswer(a: Answer): string {
  if (a.kind === 'none') return a.text;
  return a.calculation ? `${a.text} (${a.calculation.text})` : a.text;
}
