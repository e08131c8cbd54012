/**
 * The table reader of extremes: the row (or column) with the highest or lowest figure ("which
 * province had the highest rate?"), or that figure. Questions of other kinds never need it, so
 * it loads with one that does (`engine/answer.ts`, `tableReaders`) and `answerTable` passes it
 * its helpers ({@link TableKit}): this module imports only types, so that its chunk shares no
 * code with the worker's start. Pure.
 */
import type { Context, TableAnswer, TableKit } from './table-answer.ts';

export function extremeOf(k: TableKit, ctx: Context): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const { structure } = p;
  const high = analysis.direction !== 'low';
  const terms = analysis.terms;
  const q = new Set(terms);
  // The best-named cell fixes the coordinate that does not vary (its column's unit, its total).
  const best = k.bestCells(ctx, terms, true)[0];
  if (!best) return undefined;
  // "which age group", "which sex", "which province": the noun names the labels to choose among.
  const noun = new Set(k.tokenize(/\b(?:which|what)\s+([a-z-]+(?:\s+(?:group|type|kind|category|level|sector|region|area|class))?)\b/.exec(analysis.question.toLowerCase())?.[1] ?? ''));
  const sexes = noun.has(k.tokenize('sex')[0]!) || noun.has(k.tokenize('gender')[0]!);
  const rowParent = (r: number) => (structure.rowPaths[r] ?? []).slice(0, -1);
  const colParent = (c: number) => (structure.columnPaths[c] ?? []).slice(0, -1);
  const names = (labels: string[]) => labels.some((l) => k.tokenize(l).some((t) => noun.has(t)));
  const sexTerms = [k.tokenize('male')[0]!, k.tokenize('female')[0]!];
  const isSex = (label: string | undefined) => !!label && k.tokenize(label).some((t) => t === sexTerms[0] || t === sexTerms[1]);
  const leafNamed = (path: string[] | undefined) => k.tokenize(path?.at(-1) ?? '').some((t) => q.has(t));
  let alongRows: boolean;
  if (sexes) alongRows = structure.dataRows.filter((r) => isSex(structure.rowPaths[r]?.at(-1))).length >= 2;
  else if (noun.size && names(rowParent(best.r)) !== names(colParent(best.c))) alongRows = names(rowParent(best.r));
  else if (leafNamed(structure.rowPaths[best.r]) !== leafNamed(structure.columnPaths[best.c])) alongRows = !leafNamed(structure.rowPaths[best.r]);
  else alongRows = structure.dataRows.length >= structure.dataCols.length;
  const sameParent = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  let pool: Array<{ r: number; c: number; v: number }> = [];
  if (alongRows) {
    for (const r of structure.dataRows) {
      const label = structure.rowPaths[r]?.at(-1) ?? '';
      if (sexes ? !isSex(label) : !sameParent(rowParent(r), rowParent(best.r)) || k.total.test(label)) continue;
      const v = k.readNumber(p.at(r, best.c))?.value;
      if (v !== undefined) pool.push({ r, c: best.c, v });
    }
  } else {
    for (const c of structure.dataCols) {
      const label = structure.columnPaths[c]?.at(-1) ?? '';
      // A column of dates ("Year" beside "Mean") holds when, not a figure to rank.
      if (sexes ? !isSex(label) : !sameParent(colParent(c), colParent(best.c)) || k.total.test(label) || TIME_COLUMN.test(label)) continue;
      const v = k.readNumber(p.at(best.r, c))?.value;
      if (v !== undefined) pool.push({ r: best.r, c, v });
    }
  }
  if (ctx.allowed) pool = pool.filter((x) => ctx.allowed!.has(x.r * p.table.cols + x.c));
  // A candidate that is the sum of the others is their total, whatever its label ("Canada").
  if (pool.length >= 3) {
    const sum = pool.reduce((s, x) => s + x.v, 0);
    pool = pool.filter((x) => !(x.v > 0 && Math.abs(x.v - (sum - x.v)) <= 0.02 * x.v));
  }
  if (pool.length < 2) return undefined;
  const win = pool.reduce((b, x) => ((high ? x.v > b.v : x.v < b.v) ? x : b));
  const cell = k.cellOf(ctx, win.r, win.c);
  const score = best.score;
  const confidence = k.confidenceOf(ctx, score, terms);
  if (analysis.operation === 'max' || analysis.operation === 'min') {
    const u = k.unitOfCell(ctx, win.r, win.c);
    return { kind: 'cell', text: cell.text, value: win.v, scale: u.scale, ...(u.unit ? { unit: u.unit } : {}), cells: [cell], score, confidence };
  }
  const label = alongRows ? cell.rowPath.at(-1) ?? '' : cell.columnPath.at(-1) ?? '';
  const others = pool.filter((x) => x !== win).map((x) => k.cellOf(ctx, x.r, x.c));
  return { kind: 'label', text: label, scale: '', cells: [cell, ...others], score, confidence };
}

/** The header of a column of dates or times. */
const TIME_COLUMN = /^\s*(?:years?|dates?|months?|days?|periods?|time|quarters?)\s*$/i;
