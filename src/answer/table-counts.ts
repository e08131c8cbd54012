/**
 * The table readers of counting questions: how many cells of a line pass a bound ("how many
 * years did net income exceed $30,000 thousand?"), how many items a group holds, how many rows a
 * table names by the noun counted, and when a series first passed a bound. Few questions ask
 * them, so they load with such a question (`engine/answer.ts`, `tableReaders`) and `answerTable`
 * passes them its helpers ({@link TableKit}): this module imports only types, so that its chunk
 * shares no code with the worker's start. Pure.
 */
import type { QuestionAnalysis } from './question.ts';
import type { Context, TableAnswer, TableKit } from './table-answer.ts';

/**
 * "In which year did the global mean first exceed 400 ppm?": the date of the first row, in time
 * order, whose figure in the column the question names is past the bound, citing the date and
 * the figure. Undefined for a table whose rows are not dated or whose figures never pass it (the
 * growth rates beside the concentrations), so that another table answers.
 */
export function firstPast(k: TableKit, ctx: Context, bound: NonNullable<QuestionAnalysis['firstPast']>): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const { structure } = p;
  const byName = k.namedColumn(p, structure.dataCols, new Set(analysis.terms));
  // None named ("the CO2 concentration" of "Date | Average | ..."): a data file that holds the
  // question's words leads with its series, its first figure column, as an average over years
  // reads it; as sure as the file holds them.
  const held = byName.col === undefined ? k.heldShare(ctx, bound.terms) : 0;
  const col = byName.col ?? (held >= 0.5 ? structure.dataCols.find((c) => !p.moments.has(c) && c !== p.idCol && !p.derivedCols.has(c) && structure.dataRows.some((r) => k.readNumber(p.at(r, c)))) : undefined);
  const named = byName.named;
  if (col === undefined) return undefined;
  const series: Array<{ r: number; dateCol: number; at: number; value: number }> = [];
  for (const r of structure.dataRows) {
    const value = k.readNumber(p.at(r, col))?.value;
    if (value === undefined) continue;
    for (let c = 0; c < p.table.cols; c++) {
      if (c === col) continue;
      const date = k.dateIn(p.at(r, c));
      if (!date) continue;
      series.push({ r, dateCol: c, at: date.start, value });
      break;
    }
  }
  series.sort((a, b) => a.at - b.at);
  const past = (v: number) => (bound.above ? (bound.strict ? v > bound.value : v >= bound.value) : (bound.strict ? v < bound.value : v <= bound.value));
  const first = series.find((x) => past(x.value));
  if (!first) return undefined;
  const date = k.cellOf(ctx, first.r, first.dateCol);
  return { kind: 'cell', text: date.text, scale: '', cells: [date, k.cellOf(ctx, first.r, col)], score: named, confidence: Math.max(k.confidenceOf(ctx, named, analysis.terms), held) };
}

/** A count's condition: "exceed $200,000 thousand", "below 100", "lower than $2.00". */
const BOUND = /\b(exceed(?:ed|s)?|above|over|more than|greater than|higher than|at least|below|under|less than|lower than|fewer than|at most)\s+\$?\s?(-?\d[\d,]*(?:\.\d+)?)\s*(thousand|million|billion)?/;
const SCALE_FACTOR: Record<string, number> = { thousand: 1e3, million: 1e6, billion: 1e9 };
/** What "how many years / quarters" counts: the columns of one row; other nouns count rows. */
const PERIOD_NOUN = /\bhow many (?:years|quarters|months|periods|fiscal years)\b/;

/**
 * "How many years did net income exceed $30,000 thousand?": the cells of the line the question
 * names that meet the bound — the year columns of the best-named row, or for other things
 * ("how many segments in 2019 were above $50 million?") the rows of the best-named column,
 * totals left out. The answer is the count, citing the cells counted.
 */
export function countAnswer(k: TableKit, ctx: Context): TableAnswer | undefined {
  const { analysis, p } = ctx;
  const q = analysis.question.toLowerCase();
  const m = BOUND.exec(q);
  if (!m) return groupCount(k, ctx);
  const bound = Number(m[2]!.replace(/,/g, ''));
  const above = !/^(?:below|under|less than|lower than|fewer than|at most)$/.test(m[1]!);
  const inclusive = m[1] === 'at least' || m[1] === 'at most';
  const boundTerms = new Set(k.tokenize(m[0]));
  const terms = analysis.terms.filter((t) => !boundTerms.has(t));
  const best = k.bestCells(ctx, terms, true)[0];
  if (!best || best.score <= 0) return undefined;
  const { structure } = p;
  const total = (labels: string[] | undefined) => /\btotal\b/i.test((labels ?? []).join(' '));
  const line: Array<[number, number]> = PERIOD_NOUN.test(q)
    ? structure.dataCols.filter((c) => !p.derivedCols.has(c) && !total(structure.columnPaths[c])).map((c) => [best.r, c])
    : structure.dataRows.filter((r) => !p.derivedRows.has(r) && !total(structure.rowPaths[r])).map((r) => [r, best.c]);
  const cells = line.map(([r, c]) => ({ r, c, n: k.readNumber(p.at(r, c)) })).filter((x) => x.n !== undefined);
  if (cells.length < 2) return undefined;
  // A bound written with a scale ("$5 million") meets cells of another scale ("in thousands") in theirs.
  const cellScale = k.unitOfCell(ctx, best.r, best.c).scale;
  const factor = m[3] && SCALE_FACTOR[cellScale] ? SCALE_FACTOR[m[3]]! / SCALE_FACTOR[cellScale]! : 1;
  const limit = bound * factor;
  const met = cells.filter(({ n }) => (above ? (inclusive ? n!.value >= limit : n!.value > limit) : (inclusive ? n!.value <= limit : n!.value < limit)));
  const counted = met.map(({ r, c }) => k.cellOf(ctx, r, c));
  return {
    kind: 'computed', text: String(met.length), value: met.length, scale: '', cells: counted.length ? counted : [k.cellOf(ctx, best.r, best.c)],
    score: best.score, confidence: k.confidenceOf(ctx, best.score, terms),
  };
}

/** "Gross ..." and "Net ..." sum the group only when they name it ("Net deferred tax assets", not "Net operating loss"). */
const GROUP_SUM = /^\s*(?:gross|net)\b/i;

/**
 * "How many components are there under deferred tax assets?": the distinct items of the group
 * the question names — the rows whose parent labels name it, or the rows above the total row
 * that names it ("... under total stock-based compensation expense") — summary rows left out.
 */
function groupCount(k: TableKit, ctx: Context): TableAnswer | undefined {
  const { analysis, p } = ctx;
  const { structure } = p;
  const noun = /^\s*how many (?:(?:major|main|different)\s+)?([a-z-]+)/i.exec(analysis.question)?.[1] ?? '';
  const nounTerms = new Set(k.tokenize(`${noun} under there within listed table`));
  const group = analysis.terms.filter((t) => !nounTerms.has(t));
  if (!group.length) return undefined;
  const names = (labels: string[]) => { const t = new Set(k.tokenize(labels.join(' '))); return group.every((x) => t.has(x)); };
  const items = new Map<string, number>();
  for (const r of structure.dataRows) {
    const path = structure.rowPaths[r] ?? [];
    const leaf = path.at(-1) ?? '';
    const summary = k.groupSummary.test(leaf) || (GROUP_SUM.test(leaf) && names([leaf]));
    if (leaf && !summary && path.length >= 2 && names(path.slice(0, -1)) && !items.has(leaf)) items.set(leaf, r);
  }
  if (!items.size) {
    // The group as its total row names it: the rows above it, back to the previous summary.
    const rows = structure.dataRows;
    const at = rows.findIndex((r) => { const leaf = structure.rowPaths[r]?.at(-1) ?? ''; return k.groupSummary.test(leaf) && names([leaf]); });
    for (let i = at - 1; at > 0 && i >= 0; i--) {
      const leaf = structure.rowPaths[rows[i]!]?.at(-1) ?? '';
      if (!leaf || k.groupSummary.test(leaf)) break;
      items.set(leaf, rows[i]!);
    }
  }
  if (items.size < 2) return undefined;
  const c = structure.headerCols > 0 ? structure.headerCols - 1 : 0;
  const cells = [...items.values()].map((r) => k.cellOf(ctx, r, c));
  return { kind: 'computed', text: String(items.size), value: items.size, scale: '', cells, score: group.length, confidence: 1 };
}

/** Words of a header that names things by name ("Feature name", "Country code"). */
const NAME_WORDS = 'name names title titles id code label';

/** "How many features ...": the thing counted. */
const HOW_MANY_NOUN = /^\s*how many ([\p{L}-]+)\b/iu;

/**
 * "How many features were tracked for Kubernetes 1.5?" of a table whose first column names its
 * rows by that noun ("Feature name"): its rows, counted, the first and the last cited. Undefined
 * where the noun names no such column (most "how many" questions ask for a figure in a cell).
 */
export function rowCount(k: TableKit, ctx: Context): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const m = HOW_MANY_NOUN.exec(analysis.question);
  // The column that names the rows: the first of a table without row headers, else the innermost row header's.
  const col = p.idCol ?? (p.structure.headerCols > 0 ? p.structure.headerCols - 1 : undefined);
  if (!m || col === undefined || analysis.operation !== 'lookup') return undefined;
  const noun = k.tokenize(m[1]!)[0];
  // The column lists the things by name: its header is the noun, or the noun's name ("Feature
  // name"); "victim age" lists ages of victims, whose number is a cell.
  const header = k.tokenize([...(p.structure.columnPaths[col] ?? []), ...p.structure.headerRows.map((r) => p.at(r, col))].join(' '));
  if (!noun || header[0] !== noun || header.slice(1).some((t) => !k.tokenize(NAME_WORDS).includes(t))) return undefined;
  // A question that names another column ("... in 2017") asks for a figure in it.
  const asked = new Set(analysis.terms.filter((t) => t !== noun));
  if (p.structure.dataCols.some((c) => c !== col && [...(p.colTerms.get(c) ?? [])].some((t) => asked.has(t)))) return undefined;
  const rows = p.structure.dataRows.filter((r) => p.at(r, col) && !p.derivedRows.has(r) && !k.groupSummary.test(p.at(r, col)));
  if (!rows.length) return undefined;
  const cells = [k.cellOf(ctx, rows[0]!, col), ...(rows.length > 1 ? [k.cellOf(ctx, rows.at(-1)!, col)] : [])];
  // As sure as the table, its caption or its document's title hold the question's other words
  // (the noun names the column header, which no cell's labels hold).
  const others = [...asked];
  const held = others.filter((t) => p.tableTerms.has(t) || p.captionTerms.has(t) || ctx.context?.has(t)).length;
  return { kind: 'computed', text: String(rows.length), value: rows.length, scale: '', cells, score: 1, confidence: (held + 1) / (others.length + 1) };
}
