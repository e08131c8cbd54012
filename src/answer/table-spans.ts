/**
 * The table readers of a span: the mean or the total of a series' rows inside the span a question
 * names ("the average gold price in the 1990s"), and a change over a span from a column of each
 * row's change since the row before. Questions of other kinds never need them, so they load with
 * one that does (`engine/answer.ts`, `tableReaders`) and `answerTable` passes them its helpers
 * ({@link TableKit}): this module imports only types, so that its chunk shares no code with the
 * worker's start. Pure.
 */
import type { Context, Scored, TableAnswer, TableKit } from './table-answer.ts';

/**
 * The average (or total) of the figures the question names over the rows inside its span: the
 * column its words name best (the first figure column when none does), of the rows that name the
 * rest of the question best ("GISTEMP" of a file that lists two sources by year).
 */
export function overPeriod(k: TableKit, ctx: Context, op: 'average' | 'sum'): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const rows = k.periodRows(ctx);
  if (!rows) return undefined;
  // A series of something else ("Average" CO2 for "the average temperature anomaly in the
  // 2010s"): a table that names fewer than half the question's other words does not answer.
  if (k.heldShare(ctx) < 0.5) return undefined;
  // The cue may name the column ("Average" of a monthly file's columns).
  const asked = new Set(analysis.allTerms);
  const figures = p.structure.dataCols.filter((c) => !p.moments.has(c) && c !== p.idCol && rows.some((r) => k.readNumber(p.at(r, c))));
  const { col: byName, named } = k.namedColumn(p, figures, asked);
  // None named: a data file leads with its series ("Date | Index | Inflation" of a CPI file).
  const col = byName ?? figures.find((c) => !p.derivedCols.has(c));
  if (col === undefined) return undefined;
  // The rows are told apart by the question's other words; its time chose them already.
  const others = [...asked].filter((t) => !k.dateIn(t));
  const rowScore = (r: number) => {
    let score = 0;
    for (const t of others) {
      if (p.rowTerms.get(r)!.has(t)) score += p.weight(t);
      else if (p.rowTextTerms.get(r)!.has(t)) score += k.rowTextWeight * p.weight(t);
    }
    return score;
  };
  const top = Math.max(...rows.map(rowScore));
  const operands = rows.filter((r) => rowScore(r) >= top - 1e-9 && k.readNumber(p.at(r, col!)) && (!ctx.allowed || ctx.allowed.has(r * p.table.cols + col!)));
  // Two rows of one moment are two series ("GISTEMP" and "gcag" of each year): where the question
  // names neither, each series' own (its name after it, as a lookup gives each source's figure),
  // never both mixed; the first series' calculation is the answer's.
  const moments = k.rowMoments(ctx);
  const at = (r: number) => moments.get(r)?.start;
  const series = new Set(operands.map(at)).size < operands.length ? [...new Set(operands.map((r) => k.rowName(p, r)))] : [undefined];
  if (series.length > MAX_SERIES) series.length = 1;
  const each = series.map((name) => {
    const rows = name === undefined ? operands : operands.filter((r) => k.rowName(p, r) === name);
    if (rows.length < 2 || rows.length > k.maxSpanOperands) return undefined;
    const cells = rows.map((r) => k.cellOf(ctx, r, col!));
    const sum = cells.map((c) => operand(c.value!)).join(' + ');
    const expression = op === 'average' ? `(${sum}) / ${cells.length}` : sum;
    let result: number;
    try {
      result = k.calculate(expression);
    } catch {
      return undefined;
    }
    const decimals = Math.max(...cells.map((c) => k.readNumber(c.text)?.decimals ?? 0));
    return { name, rows, cells, expression, result, shown: k.formatNumber(result, op === 'average' ? Math.max(2, decimals) : decimals) };
  });
  const first = each[0];
  if (!first || each.some((x) => !x)) return undefined;
  const u = k.unitOfCell(ctx, first.rows[0]!, col);
  // The question's time named the rows (each inside the span), as a label would.
  const timed = [...asked].filter((t) => k.dateIn(t)).reduce((sum, t) => sum + p.weight(t), 0);
  const score = named + top + timed;
  const text = each.length > 1 ? each.map((x) => `${x!.shown} (${x!.name})`).join('; ') : first.shown;
  return {
    kind: 'computed', text, value: Number(first.shown), scale: u.scale, ...(u.unit ? { unit: u.unit } : {}),
    cells: each.flatMap((x) => x!.cells), calculation: { expression: first.expression, result: first.result, operands: first.cells, ...(each.length > 1 ? { shown: `${first.shown} (${first.name})` } : {}) }, score, confidence: k.confidenceOf(ctx, score, analysis.terms),
  };
}

/** Most series a mean or a total is given for, each (more: the first alone). */
const MAX_SERIES = 4;

/**
 * "By how much did CO2 increase from 1990 to 2020?" of a column of each row's increase since the
 * row before: the sum of the rows after the first time through the second (1991 to 2020), one
 * row's cell where that is one row; undefined where the table holds too few of the question's
 * words to be a series of what is asked (`overPeriod`).
 */
export function changeOfSteps(k: TableKit, ctx: Context, step: Scored): TableAnswer | undefined {
  const [from, to] = ctx.analysis.mentions!.map((m) => k.dateIn(m));
  if (!from || !to) return undefined;
  const period = { ...ctx.analysis.period!, start: Math.min(from.end, to.end), end: Math.max(from.end, to.end) };
  const rows = [...k.rowMoments(ctx)].filter(([, d]) => d.start >= period.start && d.end <= period.end);
  if (rows.length === 1) return k.cellAnswer(ctx, { ...step, r: rows[0]![0] });
  return overPeriod(k, { ...ctx, analysis: { ...ctx.analysis, period } }, 'sum');
}

function operand(x: number): string {
  return x < 0 ? `(${x})` : String(x);
}
