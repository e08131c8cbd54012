import { contentTerms, temporalScore, CURVES } from '../temporal/index.ts';
import { datedEvidence, failsNamedFlag } from '../temporal/intervals.ts';
import type { EventInterval, Passage, TemporalConstraint, TemporalExplanation } from '../types.ts';

/**
 * The constraint on the table-led path. A dated question whose best first-stage hit lies in a
 * document with tables goes through the fusion, which matches a year that heads a column
 * ("2013" over figures) as a word. When the candidates are *dated records* instead — rows of a
 * table whose columns say when each row began and ended ("Took office" / "Left office",
 * "Released" / "End of life"), or lines of `key: value` fields ("releaseDate: ... eol: ...") —
 * the question asks which record held at its time: those are ranked by the constraint and its
 * condition (`temporalScore` on each record's interval), and so are their documents.
 */

/** One ranked candidate, as the search pipeline holds it. */
export interface RankedCandidate {
  passage: Passage;
  score: number;
  explanation?: TemporalExplanation;
}

/** How much a document's best record fit moves it among the other candidates. */
const DOCUMENT_WEIGHT = 0.5;

/** A passage's record intervals (table row, `key: value` line), if it is a dated record. */
function recordIntervals(p: Passage): EventInterval[] {
  const out: EventInterval[] = [];
  for (const s of p.sentences) for (const iv of s.intervals ?? []) if (iv.source === 'record') out.push(iv);
  return out;
}

/**
 * Reorders fused candidates by the constraint when some are dated records: within a document,
 * its passages by how well their dates fit (a record by its interval, a text passage by its own
 * dates, undated ones as MRAG's undated 0.5; the fusion's order between equals); between
 * documents, the fusion score times `1 - w + w x fit^2`, `fit` the document's best record (a
 * document without one keeps its score). Returns the candidates unchanged, and
 * `applied: false`, when none is a dated record — a table whose years head its columns keeps
 * the fusion's order, and so does a row of a table with dated rows when the question's time
 * heads one of its columns (`namesColumn`: "the buy rate of the peso in 2013" asks for the figure
 * under "2013", not for the currency introduced last before it).
 */
export function rankDatedRecords(ranked: RankedCandidate[], constraint: TemporalConstraint, mainContent: string, namesColumn?: (p: Passage) => boolean): { ranked: RankedCandidate[]; applied: boolean } {
  const fits = new Map<RankedCandidate, number>();
  // A text passage's own dates order it among its document's passages ("2.7.15: 2018-05-01" in
  // a schedule whose table lists the lines' dates), not its document among others. Only dates
  // finer than the question's that meet it count: "the 2021 Term election" in a title restates
  // the question's year (the topic, not an event within it), and a date just outside ("the
  // December 2020 election") scores at most `CURVES.low`. Measured:
  // realdocs AR@1 57.5 -> 60.0 (DocHit@1 87.5 either way). Letting them move documents as well
  // gave realdocs the same and TAT-QA 67.7 -> 67.6; with time-series rows (a date per row, no
  // start or end column) read as records too, HiTab 61.8 -> 60.2 and TAT-QA 67.3.
  const textFits = new Map<RankedCandidate, number>();
  const terms = new Set(contentTerms(mainContent));
  for (const r of ranked) {
    let fit = -1;
    // A row of a table one of whose columns the question's time heads ("2013" over the figures)
    // is read for that column's figure, not as a record the time picks.
    const asRecord = r.passage.kind !== 'table-row' || !namesColumn?.(r.passage);
    for (const s of r.passage.sentences) {
      if (!asRecord || !s.intervals?.some((iv) => iv.source === 'record')) continue;
      const dates = datedEvidence(s, constraint, terms, contentTerms);
      const record = s.intervals.find((iv) => iv.source === 'record')!;
      // A record that fails a yes / no field the question names ("LTS") does not meet it.
      const score = temporalScore(constraint, dates.times, dates.intervals);
      fit = Math.max(fit, failsNamedFlag(record, terms, contentTerms) ? Math.min(score, CURVES.outside) : score);
    }
    if (fit >= 0) { fits.set(r, fit); continue; }
    if (r.passage.kind !== 'text' && r.passage.kind !== 'sentence') continue;
    for (const s of r.passage.sentences) {
      const finer = s.times.filter((t) => t.end - t.start < constraint.end - constraint.start);
      if (finer.length) fit = Math.max(fit, temporalScore(constraint, finer));
    }
    if (fit > CURVES.low) textFits.set(r, fit);
  }
  if (!fits.size) return { ranked, applied: false };
  const best = Math.max(1e-9, ...ranked.map((r) => r.score));
  const docs = new Map<string, { members: RankedCandidate[]; score: number; fit: number; order: number }>();
  ranked.forEach((r, i) => {
    let d = docs.get(r.passage.docId);
    if (!d) docs.set(r.passage.docId, (d = { members: [], score: r.score, fit: -1, order: i }));
    d.members.push(r);
    const f = fits.get(r);
    if (f !== undefined && f > d.fit) d.fit = f;
  });
  // A document whose records all miss the constraint falls; one without records keeps its place.
  const factor = (fit: number) => (fit < 0 ? 1 : 1 - DOCUMENT_WEIGHT + DOCUMENT_WEIGHT * fit ** 2);
  const ordered = [...docs.values()].sort((a, b) => b.score * factor(b.fit) - a.score * factor(a.fit) || a.order - b.order);
  const out: RankedCandidate[] = [];
  for (const d of ordered) {
    const members = d.members.map((r, i) => ({ r, i, fit: fits.get(r) ?? textFits.get(r) ?? CURVES.noTimestamp }));
    members.sort((a, b) => b.fit - a.fit || a.i - b.i);
    for (const { r, fit: order } of members) {
      const fit = fits.get(r);
      const explanation: TemporalExplanation | undefined = fit === undefined ? r.explanation : {
        constraint, mainContent,
        sentence: r.passage.text,
        times: r.passage.sentences.flatMap((s) => s.times),
        semantic: r.score / best,
        temporal: fit,
        interval: recordIntervals(r.passage)[0],
      };
      out.push({ passage: r.passage, score: d.score * factor(d.fit) + 0.01 * order, ...(explanation ? { explanation } : {}) });
    }
  }
  return { ranked: out, applied: true };
}

/**
 * Whether a passage is a table row dated inside the constraint's interval: a row of a time
 * series keyed by a date the question names ("2000-01-01" for "in January 2000", "2019-05" for
 * "in May 2019"), or any row one of whose dates lies within it.
 */
export function rowDatedWithin(p: Passage, constraint: TemporalConstraint): boolean {
  if (p.kind !== 'table-row') return false;
  return p.sentences.some((s) => s.times.some((t) => t.start >= constraint.start && t.end <= constraint.end));
}

// "When was ...", "what year did ...", "in which year ...", "on what date ...": the answer is a date.
const ASKS_WHEN = /^\s*(?:when\b|(?:in|on|by)?\s*(?:what|which)\s+(?:year|date|day|month|decade|century)\b|what\s+time\b)/i;

/**
 * For a question that asks *when* ("When was Python 3.10 released?"), a passage that states a
 * date answers it and one that does not cannot: within each document, passages with a date go
 * first, the order between them (and documents' order) left as ranked. A column summary lists
 * many rows' dates and states none of its own.
 */
export function datedFirstForWhen<R extends { passage: Passage }>(ranked: R[], query: string): R[] {
  if (!ASKS_WHEN.test(query)) return ranked;
  const dated = (p: Passage) => p.kind !== 'table-column' && p.sentences.some((s) => s.times.length > 0);
  const docs = new Map<string, { dated: R[]; other: R[] }>();
  for (const r of ranked) {
    let d = docs.get(r.passage.docId);
    if (!d) docs.set(r.passage.docId, (d = { dated: [], other: [] }));
    (dated(r.passage) ? d.dated : d.other).push(r);
  }
  const out: R[] = [];
  const emitted = new Set<string>();
  for (const r of ranked) {
    if (emitted.has(r.passage.docId)) continue;
    emitted.add(r.passage.docId);
    const d = docs.get(r.passage.docId)!;
    out.push(...d.dated, ...d.other);
  }
  return out;
}
