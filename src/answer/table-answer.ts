/**
 * Answers a question from one table: picks the cell(s) whose row and column header paths the
 * question names — the full hierarchy ("Americas › Mexican peso" and "2013 › Buy") — and, when
 * the question asks for it, computes with the calculator (a difference across two years, a
 * percent change, a ratio, a total, an average) or reads a label (which is highest, which of two
 * is higher). Carries units and scales from the table ("$ millions", "%", "thousands"), reads
 * financial negatives "(1,234)" and takes "—" as empty. Pure.
 *
 * How a cell is scored: each question term found in the cell's row path or column path counts
 * its weight, the term's rarity among the table's header labels (a word every row names, such
 * as "total", tells little); terms found only in the text cells of the row (a Wikipedia row's
 * season and league) count half. Ties go to the cell whose labels the question names most
 * fully, then to the column whose unit the question asks for, then to the first.
 */
import { detectHeaders, type TableStructure } from '../tables/headers.ts';
import { coverMap } from '../tables/grid.ts';
import { datedColumns } from '../tables/dated-rows.ts';
import { findDates, type DateMatch } from '../temporal/date-grammar.ts';
import { answerTerms as tokenize } from './synonyms.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';
import type { Table } from '../types.ts';
import { calculate } from './calculator.ts';
import { formatNumber, isEmptyValue, readNumber, readUnit, type Scale } from './numbers.ts';
import { COMPUTED, askedSpan, asksLatest, asksLength, boundaryNamed, namedNumbers, type QuestionAnalysis } from './question.ts';
import { between, durationUnitOf, isoDate } from './durations.ts';
import { statesDayWithoutYear } from './answer-time.ts';
import { initialsIn, spelledInitials, spelledLabel } from './initials.ts';
import { FALSE_VALUE, TRUE_VALUE, fieldRole, fieldWords, isLifeEnd } from '../temporal/intervals.ts';

/** A cell an answer rests on, with the header paths that say what it is. */
export interface AnswerCell {
  /** Grid position `[row, col]`. */
  cell: [number, number];
  text: string;
  value?: number;
  rowPath: string[];
  columnPath: string[];
}

/** What the table answerer found. */
export interface TableAnswer {
  /** `cell`: a figure or label read from one cell; `computed`: calculated from several; `label`: a header label (which is highest). */
  kind: 'cell' | 'computed' | 'label';
  /** The answer as shown ("11.2", "26.6", "Mexican peso"). */
  text: string;
  value?: number;
  /** Several figures, for a question that asks for them "respectively". */
  values?: number[];
  /** Scale of `value`: the table's unit, or `percent` for a percent change or share. */
  scale: Scale;
  /** The unit as the table writes it ("$ millions", "percent"), when it says. */
  unit?: string;
  /** The cells the answer rests on: the answer cell, the operands, or the cells compared. */
  cells: AnswerCell[];
  /** `shown`: the result as the answer writes it, where its text gives more (each series' mean). */
  calculation?: { expression: string; result: number; operands: AnswerCell[]; shown?: string };
  /** How strongly the question's words name the cells (sum of matched term weights). */
  score: number;
  /** Share of the question's weighted terms (those the table holds) that the chosen cells' labels name, 0..1. */
  confidence: number;
}

/** A table as the readers read it: its structure, its labels' terms and their weights. */
export interface Prepared {
  table: Table;
  structure: TableStructure;
  at: (r: number, c: number) => string;
  rowTerms: Map<number, Set<string>>;
  rowLeafTerms: Map<number, Set<string>>;
  rowParentTerms: Map<number, Set<string>>;
  rowTextTerms: Map<number, Set<string>>;
  colTerms: Map<number, Set<string>>;
  colLeafTerms: Map<number, Set<string>>;
  weight: (t: string) => number;
  tableTerms: Set<string>;
  /** The column that names the rows of a table without row headers: its first. */
  idCol?: number;
  /** Caption words that no label or row gives. */
  captionTerms: Set<string>;
  /** Columns of the rows' moments ("Year", "Date"): labels of their rows, not figures. */
  moments: Set<number>;
  /** Columns and rows whose labels name a derived statistic (see DERIVED_LABEL). */
  derivedCols: Set<number>;
  derivedRows: Set<number>;
  /** A unit the header rows or the caption give once for the whole table ("(in millions)" over one column). */
  tableUnit?: { scale: Scale; unit: string };
}

const prepared = new WeakMap<Table, Prepared>();

/** Words that mark a thing's beginning in a label ("Begin Code Freeze"), not what it is. */
const BEGINS = new Set(tokenize('begin begins beginning start starts'));
/** Words of a question that ask for a beginning or an end. */
const BOUNDS = new Set(tokenize('begin beginning start starting end ending close closing open opening'));

/** Weight of a term found only among a row's text cells, relative to a header term. */
const ROW_TEXT_WEIGHT = 0.5;
/** Bonus (in mean question-term weights) for a cell in the unit the question asks for ("what percent"). */
const UNIT_WEIGHT = 0.5;
/** Penalty (in mean question-term weights) for a cell whose own row and column labels the question leaves unnamed. */
const FULLNESS_WEIGHT = 0.5;
/** Bonus (in mean question-term weights) for a total row or column along a dimension the question leaves open. */
const TOTAL_WEIGHT = 0.25;
/**
 * Penalty (in mean question-term weights) for a derived statistic (a change, a confidence bound)
 * the question does not ask about. HiTab oracle, train / dev: none 45.5 / 50.0; 0.5 45.7 / 50.9;
 * 1 45.7 / 51.0; 2 46.0 / 51.7; 4 46.0 / 51.5; 8 45.8 / 51.4.
 */
const DERIVED_WEIGHT = 2;
/**
 * Words of a label that make its figures a statistic derived from others: the change beside a
 * count, the confidence bounds beside an estimate, a rank. A question reads them only when it
 * asks for one (DERIVED_ASKED), else the estimate they stand beside.
 */
const DERIVED_LABEL = new Set(tokenize('change changes difference variation growth confidence interval error coefficient rank'));
const DERIVED_ASKED = new Set(tokenize('change changed changes difference differ increase increased increases decrease decreased decreases rise rose fall fell drop dropped decline declined grow grew growth gain gained loss variation gap confidence interval error margin coefficient rank ranked'));
/** A label that says its figures are percentages ("percent", "%", "share (%)"; not "95% confidence interval"). */
const PERCENT_LABEL = /\bper ?cent(?:age)?s?\b|^\s*%\s*$|\(%\)|\bproportion\b|\bshare\b/i;

/** A column header that names when each row is (its cells the rows' moments, not figures): "Year", "Date", "Decimal Date". */
const TIME_HEADER = /^(?:years?|dates?|month|day|period|quarter|fiscal year|fy|time|when|(?:[a-z]+\s+)?(?:year|date))$/i;
/** A year with its fraction, as data files write a month ("1990.208"). */
const DECIMAL_YEAR = /^(?:1[5-9]|20)\d\d\.\d+$/;
/** Share of the rows whose cell in such a column must be a date. */
const MOMENT_SHARE = 0.9;

function prepare(table: Table, structure: TableStructure): Prepared {
  const cached = prepared.get(table);
  if (cached && cached.structure === structure) return cached;
  const map = coverMap(table);
  const at = (r: number, c: number) => map.at(r, c)?.text.trim() ?? '';
  const rowTerms = new Map<number, Set<string>>();
  const rowLeafTerms = new Map<number, Set<string>>();
  const rowParentTerms = new Map<number, Set<string>>();
  const rowTextTerms = new Map<number, Set<string>>();
  const colTerms = new Map<number, Set<string>>();
  const colLeafTerms = new Map<number, Set<string>>();
  const df = new Map<string, number>();
  const count = (terms: Set<string>) => { for (const t of terms) df.set(t, (df.get(t) ?? 0) + 1); };
  const tableTerms = new Set<string>();
  const idCol = structure.headerCols === 0 && structure.dataCols.length >= 2 ? structure.dataCols[0] : undefined;
  // A column of dates headed "Year" or "Date" names its rows' moments: a row's year is a label
  // of the row, as much as a row header ("GISTEMP | 1998 | 0.605" for "the GISTEMP anomaly for 1998").
  const moments = structure.dataCols.filter((c) => c !== idCol && TIME_HEADER.test(structure.columnPaths[c]?.at(-1)?.trim() ?? '')
    && structure.dataRows.filter((r) => hasDate(at(r, c)) || DECIMAL_YEAR.test(at(r, c))).length >= MOMENT_SHARE * structure.dataRows.length);
  for (const r of structure.dataRows) {
    const path = structure.rowPaths[r] ?? [];
    // The first column of a table without row headers names its row as a row header would
    // ("releaseCycle | releaseDate": "19" is the row of Angular 19, not a figure beside it).
    const named = idCol !== undefined ? [at(r, idCol)] : [];
    const terms = new Set(labelTerms([...path, ...named, ...moments.map((c) => at(r, c))].join(' ')));
    rowTerms.set(r, terms);
    rowLeafTerms.set(r, new Set(labelTerms(path.at(-1) ?? '')));
    rowParentTerms.set(r, new Set(labelTerms(path.slice(0, -1).join(' '))));
    // (A link's words name no row: "CHANGELOG_IOJS.md" is no "Node.js".)
    const texts = structure.dataCols.map((c) => at(r, c)).filter((t) => t && readNumber(t) === undefined && !isEmptyValue(t) && !/^\s*https?:\/\//i.test(t));
    // A table without row headers names its rows by its first column ("Groovy | JVM required":
    // "2.4"), numbers included, and with that column's header ("Groovy 2.4").
    if (idCol !== undefined && at(r, idCol)) texts.push(at(r, idCol), `${structure.columnPaths[idCol]?.at(-1) ?? ''} ${at(r, idCol)}`);
    const textTerms = new Set(tokenize(texts.join(' ')));
    rowTextTerms.set(r, textTerms);
    count(terms);
    for (const t of terms) tableTerms.add(t);
    for (const t of textTerms) tableTerms.add(t);
  }
  for (const c of structure.dataCols) {
    const path = structure.columnPaths[c] ?? [];
    const terms = new Set(labelTerms([...path, structure.units[c] ?? ''].join(' ')));
    colTerms.set(c, terms);
    colLeafTerms.set(c, new Set(labelTerms(path.at(-1) ?? '')));
    count(terms);
    for (const t of terms) tableTerms.add(t);
  }
  // Caption words no label or row gives.
  const captionTerms = new Set(tokenize(table.caption ?? '').filter((t) => !tableTerms.has(t)));
  for (const t of captionTerms) tableTerms.add(t);
  const n = structure.dataRows.length + structure.dataCols.length;
  // A word no label holds weighs by how few rows' texts hold it: "Zurich" of "Europe/Zurich"
  // names its row, where "Europe" names sixty.
  const textDf = new Map<string, number>();
  for (const terms of rowTextTerms.values()) for (const t of terms) if (!df.has(t)) textDf.set(t, (textDf.get(t) ?? 0) + 1);
  const rows = structure.dataRows.length;
  const weight = (t: string) => (df.has(t) || !textDf.has(t) ? Math.log(1 + n / (df.get(t) ?? n)) : Math.log(1 + rows / textDf.get(t)!));
  const tableUnit = tableWideUnit(table, structure, at);
  const derived = (terms: Set<string>) => [...terms].some((t) => DERIVED_LABEL.has(t));
  const derivedCols = new Set(structure.dataCols.filter((c) => derived(colTerms.get(c)!)));
  const derivedRows = new Set(structure.dataRows.filter((r) => derived(rowTerms.get(r)!)));
  const out: Prepared = { table, structure, at, moments: new Set(moments), rowTerms, rowLeafTerms, rowParentTerms, rowTextTerms, colTerms, colLeafTerms, weight, tableTerms, captionTerms, derivedCols, derivedRows, ...(idCol !== undefined ? { idCol } : {}), ...(tableUnit ? { tableUnit } : {}) };
  prepared.set(table, out);
  return out;
}

/**
 * The terms of a header label, with its `camelCase` and `snake_case` names read as words too: a
 * data file's header "releaseDate" is what "when was 39 released?" names, and the tokenizer
 * reads it as one word. The name as written is kept ("JavaScript" is also "javascript").
 */
function labelTerms(label: string): string[] {
  return tokenize(IDENTIFIER.test(label) ? `${label} ${fieldWords(label)}` : label);
}

/** A name written as an identifier: `camelCase` or `snake_case`. */
const IDENTIFIER = /[a-z][A-Z]|\w_\w/;

/** `p` with `heading` read as its caption (see `TableAnswerOptions.heading`); `p` itself without one. */
function withHeading(p: Prepared, heading: string | undefined): Prepared {
  const words = heading ? tokenize(heading).filter((t) => !p.tableTerms.has(t)) : [];
  if (!words.length) return p;
  return { ...p, captionTerms: new Set([...p.captionTerms, ...words]), tableTerms: new Set([...p.tableTerms, ...words]) };
}

/**
 * `p` as one question reads it: a label written as initials that the question spells out ("eol"
 * for "when did Fedora 38 reach end of life?", `initials.ts`) names the question's words. A copy
 * of the maps that change; `p` itself when the question spells no label.
 */
function withSpelledLabels(p: Prepared, question: string): Prepared {
  const spelled = spelledInitials(question);
  let out: Prepared | undefined;
  // A row label of two capitals is as often a code ("TG", "NP": a country's) as initials, and a
  // table may list hundreds: rows are read from three letters, columns (a few, named) from two.
  const lines = [
    { paths: p.structure.columnPaths, indexes: p.structure.dataCols, all: 'colTerms', leaf: 'colLeafTerms', least: 2 },
    { paths: p.structure.rowPaths, indexes: p.structure.dataRows, all: 'rowTerms', leaf: 'rowLeafTerms', least: 3 },
  ] as const;
  for (const { paths, indexes, all, leaf, least } of lines) {
    for (const i of indexes) {
      const label = paths[i]?.at(-1);
      const phrase = label ? spelledLabel(label, spelled, least) : undefined;
      if (!phrase) continue;
      out ??= { ...p, colTerms: new Map(p.colTerms), colLeafTerms: new Map(p.colLeafTerms), rowTerms: new Map(p.rowTerms), rowLeafTerms: new Map(p.rowLeafTerms) };
      const terms = tokenize(phrase);
      const initials = new Set(tokenize(initialsIn(label!).join(' ')));
      out[all].set(i, new Set([...p[all].get(i)!, ...terms]));
      // The label's leaf is the spelled-out words, not the initials a question never writes.
      out[leaf].set(i, new Set([...[...p[leaf].get(i)!].filter((t) => !initials.has(t)), ...terms]));
    }
  }
  return out ?? p;
}

/**
 * The unit of the whole table when its header rows (or caption) name exactly one: statements
 * write "(in millions)" once, over the first year, and mean every column.
 */
function tableWideUnit(table: Table, structure: TableStructure, at: (r: number, c: number) => string): { scale: Scale; unit: string } | undefined {
  const found = new Map<Scale, string>();
  // A unit row written over one column only ("| | U.S. $ in thousands | |") holds for the
  // columns beside it too, when no other scale is written.
  const unitRows = structure.units.filter((u): u is string => !!u);
  // The rows above the first figure are headings whether or not detection called them so
  // ("| | 2019 | 2 0 1 8 |", "| | U.S. $ in thousands | |", "| (Dollars in Millions) | ... |").
  const isFigure = (t: string) => { const n = readNumber(t); return !!n && !(/^\s*(?:19|20)\d\d\s*$/.test(t)); };
  const leading: number[] = [];
  for (let r = 0; r < table.rows && leading.length < 4; r++) {
    if (Array.from({ length: table.cols }, (_, c) => at(r, c)).some(isFigure)) break;
    leading.push(r);
  }
  const rows = [...new Set([...structure.headerRows, ...leading])];
  const texts = [table.caption ?? '', ...rows.flatMap((r) => Array.from({ length: table.cols }, (_, c) => at(r, c))), ...unitRows];
  for (const t of texts) {
    if (!t) continue;
    const inner = /\(([^()]{1,40})\)/.exec(t)?.[1];
    const read = (inner ? readUnit(inner) : undefined) ?? (t.length <= 40 ? readUnit(t) : undefined);
    // A percent label heads its own column ("% change"); only a scale of amounts holds table-wide.
    if (read && read.scale && read.scale !== 'percent') found.set(read.scale, read.label);
  }
  if (found.size !== 1) return undefined;
  const [scale, unit] = [...found][0]!;
  return { scale, unit };
}

/**
 * The scale the sentence introducing a table states ("Deferred charges and other assets
 * consisted of the following (in thousands):"), as reports write it: a parenthesised scale in
 * the last sentence before the table. Only one scale counts.
 */
function preambleUnit(preamble: string): { scale: Scale; unit: string } | undefined {
  const last = preamble.trim().split(/(?<=[.!?])\s+/).at(-1) ?? '';
  const found = new Map<Scale, string>();
  for (const m of last.matchAll(/\(([^()]{1,40})\)/g)) {
    const read = readUnit(m[1]);
    if (read && read.scale && read.scale !== 'percent') found.set(read.scale, read.label);
  }
  if (found.size !== 1) return undefined;
  const [scale, unit] = [...found][0]!;
  return { scale, unit };
}

/** A candidate cell and how well the question names it. */
export interface Scored {
  r: number;
  c: number;
  score: number;
  /** Share of the row's and column's own (leaf) label terms the question names. */
  fullness: number;
  unitMatch: number;
}

/** The options of {@link answerTable}. */
export interface TableAnswerOptions {
  structure?: TableStructure;
  /** Only these cells may be chosen (a passage's cells); default every data cell. */
  cells?: ReadonlyArray<readonly [number, number]>;
  /** Text that names the whole table (the document's title): its words need no cell to name them. */
  context?: string;
  /** The text just before the table: a scale it states ("(in thousands)") holds for cells no label gives one. */
  preamble?: string;
  /**
   * What names a table that has no caption of its own, read as its caption: a data file's
   * heading, its path and its folder's description ("co2-mm-mlo — mauna loa — Trends in
   * Atmospheric Carbon Dioxide"), the only place the words "Mauna Loa" are.
   */
  heading?: string;
  /**
   * The table was read from a delimited data file (CSV, TSV), whose one header line names its
   * columns: a column past the header's last name (rows longer than their header) is named by
   * nothing, not fully by its empty header.
   */
  delimited?: boolean;
  /**
   * The readers loaded on demand ({@link TableReaders}): the engine loads those the question
   * needs (`tableReaders` in `engine/answer.ts`); a direct caller passes the modules it imports.
   */
  readers?: Partial<TableReaders>;
}

/**
 * Answers `analysis` from `table`, or undefined when no cell's labels name any of the
 * question's terms (or a calculation it asks for has no operands here).
 */
export function answerTable(analysis: QuestionAnalysis, table: Table, options: TableAnswerOptions = {}): TableAnswer | undefined {
  const structure = options.structure ?? detectHeaders(table);
  const p = withSpelledLabels(withHeading(prepare(table, structure), table.caption ? undefined : options.heading), analysis.question);
  if (!structure.dataRows.length || !structure.dataCols.length) return undefined;
  const allowed = options.cells ? new Set(options.cells.map(([r, c]) => r * table.cols + c)) : undefined;
  const stated = options.preamble ? preambleUnit(options.preamble) : undefined;
  const unnamedFrom = options.delimited ? firstUnnamed(p) : undefined;
  let ctx: Context = { p, analysis, allowed, ...(options.context ? { context: new Set(tokenize(options.context)) } : {}), ...(stated ? { preambleUnit: stated } : {}), ...(unnamedFrom !== undefined ? { unnamedFrom } : {}), ...(options.readers ? { readers: options.readers } : {}) };
  if (!limitToNamedRows(ctx)) return undefined;

  const op = analysis.operation;
  if (ctx.family && op === 'date') return familyDate(ctx, ctx.family);
  // A bound first passed is read from a series that passes it, or not from this table at all.
  if (analysis.firstPast) return ctx.readers?.firstPast?.(KIT, ctx, analysis.firstPast);
  const counted = ctx.readers?.rowCount?.(KIT, ctx);
  if (counted) return counted;
  if (asksLength(analysis) || LIFETIME.test(analysis.question)) {
    const lived = rowLifetime(ctx);
    if (lived) return lived;
  }
  if (op === 'compare' && analysis.mentions) {
    const compared = ctx.readers?.compare?.(KIT, ctx, analysis.mentions);
    if (compared) return compared;
  }
  // "The average gold price in the 1990s", "the total in 2019" of monthly rows: over the dated
  // rows inside the span the question names, not one row of it.
  const aggregate = asksOverSpan(analysis);
  if (aggregate) {
    const over = ctx.readers?.overPeriod?.(KIT, ctx, aggregate);
    if (over) return over;
    // Rows dated across the span in a table that holds too few of the question's words are a
    // series of something else: not one of its cells answers either ("Average" CO2 of 2010 for
    // "the average global temperature anomaly in the 2010s").
    if (periodRows(ctx) && heldShare(ctx) < 0.5) return undefined;
  }
  if (op === 'argmax' || op === 'argmin' || op === 'max' || op === 'min') {
    // "Which month was the warmest in 2023?" is no answer of a table of years: its rows are of a
    // longer time than the one asked for.
    // ("The highest monthly reading" asks the same of the rows: a month each.)
    const unit = (TIME_ASKED.exec(analysis.question)?.[1] ?? PER_UNIT.exec(analysis.question)?.[1]?.replace(/^dai$/i, 'day'))?.toLowerCase();
    const period = analysis.period;
    // (The rows' dates, read once for the three checks below.)
    const dates = unit || period ? [...rowMoments(ctx).values()] : [];
    if (unit && dates.length && dates.every((d) => d.end - d.start > UNIT_DAYS[unit]! * 86_400_000)) return undefined;
    // "The highest price in the 1980s": among the rows of that span, which the question's time
    // chose (its "1980" names no row more than another).
    const within = withinPeriod(ctx);
    if (period) {
      // "When did the gold price peak in 2011?" of a table of years: its one row of 2011 says no
      // more than the question; a table of finer rows answers. (Not "which type ... in 2015?": a
      // column of that row.)
      if (!within && op.startsWith('arg') && (/^\s*when\b/i.test(analysis.question) || !!unit) && dates.some((d) => d.start >= period.start && d.end <= period.end)) return undefined;
      // A series dated row by row none of whose rows is of the time asked ("since 1950" of one
      // from 1900 to 1949) does not answer for it.
      if (dates.length >= MOMENT_SHARE * structure.dataRows.length && !dates.some((d) => d.end > period.start && d.start < period.end)) return undefined;
    }
    const extreme = ctx.readers?.extremeOf?.(KIT, within ? { ...within, analysis: { ...analysis, terms: withoutTime(analysis) } } : ctx);
    // Its rows chosen by the time and ranked, no label need name them: the table is the one
    // asked about as far as it holds the question's words (its caption, a data file's heading),
    // and one that holds fewer than half of them is a series of something else (gold prices for
    // "the lowest global temperature anomaly since 1950"), as for an average over a span.
    // So is one, whatever its rows, for the extreme over a span of years of something it does
    // not name (Exchange's "2000" row for "the highest global temperature anomaly in the 2000s").
    const held = analysis.period && analysis.period.end - analysis.period.start > LEAP_YEAR_MS ? heldShare(ctx) : 1;
    if (held < 0.5) return undefined;
    if (extreme && within) return { ...extreme, confidence: Math.max(extreme.confidence, held) };
    // So is "the highest temperature anomaly" over a dated series (a data file's rows by year)
    // with no span: over all its moments, its rows chosen by none of its labels.
    if (extreme && !analysis.period && rowMoments(ctx).size >= MOMENT_SHARE * structure.dataRows.length) {
      const share = heldShare(ctx);
      if (share >= 0.5) return { ...extreme, confidence: Math.max(extreme.confidence, share) };
    }
    if (extreme) return extreme;
  }
  if (COMPUTED.has(op)) {
    // A table may hold the computed figure itself ("% change", "Total"): a cell whose labels name
    // the cue words as well as the rest wins over computing it.
    const direct = bestCells(ctx, analysis.allTerms, true)[0];
    const computed = compute(ctx);
    const holds = !!direct && cueNamed(ctx, direct) && (!computed || direct.score >= computed.score);
    // A column of changes by row ("Annual Increase" by year) gives a change over many rows as
    // their sum, not one row's, nor the difference of two.
    // (A row of the whole span, "2014 to 2016", is that change; a rate's changes do not add up.)
    const step = holds && op === 'change' && analysis.mentions && analysis.period ? rowMoments(ctx).get(direct!.r) : undefined;
    if (step && step.end - step.start < analysis.period!.end - analysis.period!.start && tokenize(analysis.cue!).some((t) => p.colTerms.get(direct!.c)!.has(t)) && !RATE.test(`${p.structure.columnPaths[direct!.c]?.join(' ')} ${p.at(direct!.r, direct!.c)}`)) return ctx.readers?.changeOfSteps?.(KIT, ctx, direct!);
    if (holds) return cellAnswer(ctx, direct!);
    if (computed) return computed;
  }
  // "What is the average gross profit?" where no label says "average": the mean over the years
  // the table gives, not a cell. Where a label does ("average income"), it is a lookup.
  if (op === 'lookup' && AVERAGE.test(analysis.question) && !AVERAGE_TERMS.some((t) => p.tableTerms.has(t))) {
    const mean = compute(ctx, 'average');
    if (mean) return mean;
  }
  if (analysis.respectively) {
    const listed = ctx.readers?.respectivelyByLabels?.(KIT, ctx) ?? (analysis.mentions ? ctx.readers?.respectively?.(KIT, ctx, analysis.mentions) : undefined);
    if (listed) return listed;
  }
  if ((op === 'lookup' || op === 'name') && analysis.target) {
    const own = ownRowAt(ctx, analysis.target);
    if (own) return own;
    const named = targetLookup(ctx, analysis.target);
    if (named) return named;
    // "Which milestone is on 7 December?" where no header names a milestone: what the row the
    // question names is, its label, not a cell beside it ("Branch Manager" under "Who").
    const top = analysis.numeric || structure.headerCols === 0 ? undefined : bestCells(ctx, analysis.terms, false)[0];
    const labelled = top && top.score > 0 ? rowLabel(ctx, top.r, givenBy(analysis), top.score, confidenceOf(ctx, top.score, analysis.terms)) : undefined;
    if (labelled) return labelled;
    // "Which Ubuntu release is codenamed Noble Numbat?": the cell that best fits is the question's
    // own words ("Noble Numbat"); the row it names is the answer, by its first column ("24.04").
    const fits = analysis.numeric || p.idCol === undefined ? undefined : bestCells(ctx, analysis.terms, false)[0];
    const asked = givenBy(analysis);
    if (fits && fits.score > 0 && fits.c !== p.idCol && asked(p.at(fits.r, fits.c)) && !asked(p.at(fits.r, p.idCol!))) {
      return { kind: 'label', text: p.at(fits.r, p.idCol!), scale: '', cells: [cellOf(ctx, fits.r, p.idCol!), cellOf(ctx, fits.r, fits.c)], score: fits.score, confidence: confidenceOf(ctx, fits.score, analysis.terms) };
    }
  }
  // The first column of a table without row headers names its rows ("Groovy | JVM required":
  // "2.4"): a figure question asks for another cell of the row it names ("which" questions read
  // the names through `targetLookup`).
  const given = (s: Scored) => s.c === p.idCol;
  // "The gold price in December 2011" of a series dated row by row: the row of that moment,
  // whatever the words of other rows' labels match ("2010-11" read as the years 2010-11).
  const moment = op === 'lookup' ? atMoment(ctx) : undefined;
  if (moment) ctx = moment;
  // A data file (named by its heading: its path, its folder's description) is a series of what it
  // names: one that holds fewer than half the question's words is a series of something else (the
  // gold price of 2016 for "temperature anomaly 2016"), as for an average or an extreme.
  if (op === 'lookup' && options.heading && !table.caption && heldShare(ctx) < 0.5) return undefined;
  const ranked = bestCells(ctx, analysis.terms, analysis.numeric).filter((s) => !given(s));
  const best = inAskedUnit(ctx, ranked) ?? latestDate(ctx, ranked) ?? dateOfRow(ctx, ranked) ?? boundaryDate(ctx, ranked) ?? ranked[0] ?? (analysis.numeric ? bestCells(ctx, analysis.terms, false).filter((s) => !given(s))[0] : undefined);
  // A date is when a thing happened, its start, unless its labels say otherwise: "when does X
  // reach end of life?" is answered by a date named an end, not by one the table gives for
  // something else ("Release Notes complete | Wednesday 13th December 2023" of a release schedule).
  if (best && analysis.operation === 'date' && analysis.boundary && datedRole(ctx, best) !== analysis.boundary) return undefined;
  if (!best || best.score <= 0) return undefined;
  const found = cellAnswer(ctx, best);
  const alike = sources(ctx, best, ranked);
  // Each source's figure, named by it: the question chose none of them.
  return alike ? { ...found, text: alike.map((s) => `${p.at(s.r, s.c)} (${p.at(s.r, alike.by)})`).join('; '), cells: alike.map((s) => cellOf(ctx, s.r, s.c)) } : found;
}

/**
 * The rows a question matches alike that differ in one cell of words alone ("gcag" and
 * "GISTEMP" of a file that gives each source's annual mean, for "the anomaly in 1998"), with the
 * column that tells them apart; undefined where the best row is alone so. A question that names
 * one of them ranks it first, so that only a question that names none is answered by each.
 */
function sources(ctx: Context, best: Scored, ranked: Scored[]): (Scored[] & { by: number }) | undefined {
  const { p } = ctx;
  const alike = ranked.filter((s) => s.c === best.c && s.r !== best.r && s.score === best.score);
  if (!alike.length || alike.length > MAX_SOURCES - 1) return undefined;
  let by: number | undefined;
  for (const s of alike) {
    for (let c = 0; c < p.table.cols; c++) {
      if (c === best.c || p.at(s.r, c) === p.at(best.r, c)) continue;
      if (by !== undefined && by !== c) return undefined;
      if (!/\p{L}/u.test(p.at(s.r, c)) || readNumber(p.at(s.r, c)) || readNumber(p.at(best.r, c))) return undefined;
      by = c;
    }
    if (by === undefined) return undefined;
  }
  // A source gives a series (its rows): a label one row holds names a category, not a source.
  const all = [best, ...alike];
  if (all.some((s) => p.structure.dataRows.filter((r) => p.at(r, by!) === p.at(s.r, by!)).length < 2)) return undefined;
  return Object.assign(all, { by: by! });
}

/** Most sources a figure is given for, each ({@link sources}). */
const MAX_SOURCES = 4;

/**
 * "Which Django version was released in December 2023?" of a table of the thing the question
 * names (its title: Django's release table): its rows are its versions, named by their first
 * column, and the question's time chooses the one row whose date of the role asked (released: a
 * start) falls in it; not a column that names versions of something else
 * ("supportedPythonVersions"). Undefined where the question's noun is not the named thing's, or
 * no single row is so dated.
 */
function ownRowAt(ctx: Context, target: string): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const period = analysis.period;
  if (!period || p.idCol === undefined || !ctx.context) return undefined;
  const before = new RegExp(`([\\p{L}\\p{N}.]+)\\s+${escapeRegExp(target)}\\b`, 'iu').exec(analysis.question)?.[1];
  const owner = before ? tokenize(before) : [];
  if (!owner.length || !owner.every((t) => ctx.context!.has(t))) return undefined;
  // (A "which" question is a lookup: its start or end is read off its words here.)
  for (const c of roleColumns(ctx, analysis.boundary ?? boundaryNamed(analysis.question) ?? 'start')) {
    const rows = p.structure.dataRows.filter((r) => {
      if (ctx.allowed && !ctx.allowed.has(r * p.table.cols + c)) return false;
      const d = dateIn(p.at(r, c));
      return !!d && d.start >= period.start && d.start < period.end;
    });
    if (rows.length > 1) return undefined;
    if (rows.length === 1) {
      const cell = cellOf(ctx, rows[0]!, p.idCol);
      return cell.text ? { kind: 'label', text: cell.text, scale: '', cells: [cell, cellOf(ctx, rows[0]!, c)], score: 1, confidence: 1 } : undefined;
    }
  }
  return undefined;
}

/** "How many days was Redis 7.0 supported?": a length of time in the unit asked, of one thing. */
const LIFETIME = /^\s*how many (?:days|weeks|months|years)\s+(?:was|were|is|are|did|has|have|will)\b/i;

/**
 * "How long was Ubuntu 20.04 supported?" of a table that dates its rows both ways ("releaseDate
 * | eol"): the time from the start to the end of the row the question names (an end of life
 * before other ends), in the unit that suits it, both cells cited. Undefined where the row has
 * no end yet ("false") or its end is not after its start.
 */
function rowLifetime(ctx: Context): TableAnswer | undefined {
  const start = roleColumns(ctx, 'start')[0];
  const end = roleColumns(ctx, 'end')[0];
  if (start === undefined || end === undefined) return undefined;
  const best = bestCells(ctx, ctx.analysis.terms, false).find((s) => s.score > 0);
  if (!best) return undefined;
  const from = dateIn(ctx.p.at(best.r, start));
  const to = dateIn(ctx.p.at(best.r, end));
  if (!from || !to || to.start <= from.start) return undefined;
  const granularity = from.granularity === 'day' && to.granularity === 'day' ? 'day' : from.granularity === 'year' || to.granularity === 'year' ? 'year' : 'month';
  const length = between(from.start, to.start, durationUnitOf(ctx.analysis), granularity);
  const operands = [{ ...cellOf(ctx, best.r, end), value: to.start }, { ...cellOf(ctx, best.r, start), value: from.start }];
  const expression = `${isoDate(to.start, granularity)} - ${isoDate(from.start, granularity)}`;
  return {
    kind: 'computed', text: `${formatNumber(length.value, 2)} ${length.unit}`, value: length.value, unit: length.unit, scale: '', cells: operands,
    calculation: { expression, result: length.value, operands }, score: best.score, confidence: confidenceOf(ctx, best.score, ctx.analysis.terms),
  };
}

/** Which end of a span a cell dates: an end where its column is an end's or its labels name one, else a start. */
function datedRole(ctx: Context, s: Scored): 'start' | 'end' {
  if (roleColumns(ctx, 'end').includes(s.c)) return 'end';
  if (roleColumns(ctx, 'start').includes(s.c)) return 'start';
  const { rowPaths, columnPaths } = ctx.p.structure;
  const labels = [...(rowPaths[s.r] ?? []), ...(columnPaths[s.c] ?? []), ...(ctx.p.idCol !== undefined ? [ctx.p.at(s.r, ctx.p.idCol)] : [])];
  return labels.some((label) => boundaryNamed(label) === 'end') ? 'end' : 'start';
}

/** What one question's readers share over one table. */
export interface Context {
  p: Prepared;
  analysis: QuestionAnalysis;
  allowed?: Set<number>;
  /** Terms of text that names the whole table (see `TableAnswerOptions.context`). */
  context?: Set<string>;
  /** The first of the trailing data columns a delimited file's header leaves unnamed (`TableAnswerOptions.delimited`). */
  unnamedFrom?: number;
  /** The scale the text before the table states (see `TableAnswerOptions.preamble`). */
  preambleUnit?: { scale: Scale; unit: string };
  /** The rows a name of a family of releases names ({@link namedNumberRows}). */
  family?: number[];
  /** The readers loaded on demand that the caller passed in (`TableAnswerOptions.readers`). */
  readers?: Partial<TableReaders>;
}

/**
 * The helpers {@link answerTable} passes to the readers that load with the few questions that
 * need them (`table-comparisons.ts`, `table-counts.ts`): those import only types, so that their
 * chunks share no code with the worker's start.
 */
export interface TableKit {
  tokenize(text: string): string[];
  readNumber: typeof readNumber;
  bestCells: typeof bestCells;
  cellOf: typeof cellOf;
  unitOfCell: typeof unitOfCell;
  confidenceOf: typeof confidenceOf;
  namedColumn: typeof namedColumn;
  heldShare: typeof heldShare;
  dateIn: typeof dateIn;
  twoCells: typeof twoCells;
  /** Labels that close or adjust a group rather than belong to it ("Total", "Less ..."). */
  groupSummary: RegExp;
  /** A label of a total ("Total", "Both sexes"). */
  total: RegExp;
  periodRows: typeof periodRows;
  rowMoments: typeof rowMoments;
  rowName: typeof rowName;
  cellAnswer: typeof cellAnswer;
  calculate: typeof calculate;
  formatNumber: typeof formatNumber;
  /** How much a word of a row's text alone weighs, against one of its labels. */
  rowTextWeight: number;
  /** Most rows an average or a total over a span reads. */
  maxSpanOperands: number;
}

/**
 * Readers of questions few ask, in modules of their own: which of two is higher and figures
 * asked "respectively" (`table-comparisons.ts`), counts and a bound first passed
 * (`table-counts.ts`), the highest or lowest of a line (`table-extremes.ts`), the mean or the sum
 * over a span of a series' rows (`table-spans.ts`). Without one, {@link answerTable} reads such a question as it reads the rest
 * (a lookup, most often): a caller passes those the question needs.
 */
export interface TableReaders {
  compare(k: TableKit, ctx: Context, mentions: [string, string]): TableAnswer | undefined;
  respectivelyByLabels(k: TableKit, ctx: Context): TableAnswer | undefined;
  respectively(k: TableKit, ctx: Context, mentions: [string, string]): TableAnswer | undefined;
  countAnswer(k: TableKit, ctx: Context): TableAnswer | undefined;
  firstPast(k: TableKit, ctx: Context, bound: NonNullable<QuestionAnalysis['firstPast']>): TableAnswer | undefined;
  extremeOf(k: TableKit, ctx: Context): TableAnswer | undefined;
  rowCount(k: TableKit, ctx: Context): TableAnswer | undefined;
  overPeriod(k: TableKit, ctx: Context, op: 'average' | 'sum'): TableAnswer | undefined;
  changeOfSteps(k: TableKit, ctx: Context, step: Scored): TableAnswer | undefined;
}

/** The first data column after the last one with a header, when some column has one and some after it none. */
function firstUnnamed(p: Prepared): number | undefined {
  const cols = p.structure.dataCols;
  const last = cols.reduce((at, c, i) => (p.colLeafTerms.get(c)!.size ? i : at), -1);
  return last >= 0 && last < cols.length - 1 ? cols[last + 1] : undefined;
}

function cueNamed(ctx: Context, s: Scored): boolean {
  const cue = new Set(tokenize(ctx.analysis.cue ?? ''));
  if (!cue.size) return false;
  const labels = new Set([...ctx.p.rowTerms.get(s.r)!, ...ctx.p.colTerms.get(s.c)!]);
  return [...cue].some((t) => labels.has(t));
}

/** Every candidate cell scored against `terms`, best first. */
function bestCells(ctx: Context, terms: string[], numericOnly: boolean, only?: { rows?: number[]; cols?: number[] }): Scored[] {
  const { p, analysis } = ctx;
  const { structure } = p;
  const wanted = [...new Set(terms)];
  const out: Scored[] = [];
  const wantPercent = analysis.unit?.scale === 'percent';
  const q = new Set(wanted);
  const meanWeight = wanted.length ? wanted.reduce((sum, t) => sum + p.weight(t), 0) / wanted.length : 0;
  const rows = only?.rows ?? structure.dataRows;
  const cols = only?.cols ?? structure.dataCols;
  const asksDerived = analysis.allTerms.some((t) => DERIVED_ASKED.has(t));
  const bounded = wanted.some((t) => BOUNDS.has(t));
  // Row and column scores separately: a term both name counts once, where it weighs more.
  for (const r of rows) {
    const rt = p.rowTerms.get(r)!;
    const tt = p.rowTextTerms.get(r)!;
    const leaf = p.rowLeafTerms.get(r)!;
    for (const c of cols) {
      if (ctx.allowed && !ctx.allowed.has(r * p.table.cols + c)) continue;
      // A row's moment answers "when", never "how many".
      if (p.moments.has(c) && analysis.operation !== 'date') continue;
      const text = p.at(r, c);
      if (isEmptyValue(text)) continue;
      const num = readNumber(text);
      if (numericOnly && !num) continue;
      const ct = p.colTerms.get(c)!;
      let score = 0;
      for (const t of wanted) {
        if (rt.has(t) || ct.has(t)) score += p.weight(t);
        else if (tt.has(t)) score += ROW_TEXT_WEIGHT * p.weight(t);
      }
      const cleaf = p.colLeafTerms.get(c)!;
      // (A word that marks where a thing begins, "Begin Code Freeze", says when, not what, to a
      // question that names no end of anything: "the ending balance" is no "beginning" one.)
      const named = (s: Set<string>) => {
        let size = 0;
        let hit = 0;
        for (const t of s) if (bounded || !BEGINS.has(t)) { size++; if (q.has(t)) hit++; }
        return size ? hit / size : 1;
      };
      const fullness = (named(leaf) + (ctx.unnamedFrom !== undefined && c >= ctx.unnamedFrom ? 0 : named(cleaf))) / 2;
      const unit = structure.units[c] ?? structure.rowUnits[r];
      const percentCell = !!num?.percent || readUnit(unit)?.scale === 'percent' || [...(structure.columnPaths[c] ?? []), unit ?? ''].some((l) => PERCENT_LABEL.test(l));
      const unitMatch = analysis.unit ? (wantPercent === percentCell ? 1 : 0) : 0;
      // A dimension the question leaves open is answered by its total ("sexual assault › total",
      // not "› women"): a total label the question does not name gets a small bonus.
      const totals = (TOTAL.test(structure.rowPaths[r]?.at(-1) ?? '') && !hasAny(leaf, q) ? 1 : 0)
        + (TOTAL.test(structure.columnPaths[c]?.at(-1) ?? '') && !hasAny(cleaf, q) ? 1 : 0);
      const derived = !asksDerived && (p.derivedCols.has(c) || p.derivedRows.has(r)) ? 1 : 0;
      score += UNIT_WEIGHT * unitMatch * meanWeight + FULLNESS_WEIGHT * (fullness - 1) * meanWeight + TOTAL_WEIGHT * totals * meanWeight - DERIVED_WEIGHT * derived * meanWeight;
      out.push({ r, c, score, fullness, unitMatch });
    }
  }
  out.sort((a, b) => b.score - a.score || b.unitMatch - a.unitMatch || b.fullness - a.fullness || a.c - b.c || a.r - b.r);
  return out;
}

/**
 * The unit the question asks for decides between the figures of one row (or one column, where
 * a table gives its counts and percents in sections): "what percent" reads the row's percent
 * beside its count, "how many" the count beside its percent, even where a word of the question
 * names the other column better ("percentage of sport jobs ... increased" is "percentage
 * change", not "number of jobs"). Measured on HiTab train / dev oracle: a switch bounded to
 * 0.5 / 1 / 2 mean term weights below the best cell gave 44.9 / 45.2 / 45.3 and 49.4 / 49.7 /
 * 49.9; unbounded 45.5 / 50.0. Undefined when the best cell is in the asked unit already.
 */
function inAskedUnit(ctx: Context, ranked: Scored[]): Scored | undefined {
  const top = ranked[0];
  if (!ctx.analysis.unit || !top || top.unitMatch) return undefined;
  return ranked.find((s) => s.unitMatch && (s.r === top.r || s.c === top.c));
}

/**
 * A "when" question reads the date of the row it names ("Begin code freeze | Who | When"), not
 * the row's other cells; where none of its values is a date, the date that heads it ("2011 |
 * Old man | 12": a discography's year over its singles).
 */
function dateOfRow(ctx: Context, ranked: Scored[]): Scored | undefined {
  const top = ranked[0];
  // (A schedule may write its days without their year: "Wed, August 26", where the question gives none.)
  const dated = (text: string) => hasDate(text) || (!ctx.analysis.years.length && statesDayWithoutYear(text));
  if (ctx.analysis.operation !== 'date' || !top || dated(ctx.p.at(top.r, top.c))) return undefined;
  // "When does Django 4.2 support end?": where the cell the words name best holds no date
  // ("supportedPythonVersions"), the row's date of the end asked for, an end of life first.
  const want = ctx.analysis.boundary;
  for (const c of want ? roleColumns(ctx, want) : []) {
    const s = ranked.find((x) => x.r === top.r && x.c === c && hasDate(ctx.p.at(x.r, x.c)));
    if (s) return s;
  }
  const inRow = ranked.find((s) => s.r === top.r && dated(ctx.p.at(s.r, s.c)));
  if (inRow) return inRow;
  for (let c = 0; c < ctx.p.structure.headerCols; c++) {
    if (hasDate(ctx.p.at(top.r, c))) return { ...top, c };
  }
  return undefined;
}

/**
 * "When was the last Django 4.2 release?": the date of the row's latest release
 * ("latestReleaseDate"), not of its first ("releaseDate"), where a column of the row says so.
 */
function latestDate(ctx: Context, ranked: Scored[]): Scored | undefined {
  const top = ranked[0];
  const c = top && latestColumn(ctx, top.r);
  return c === undefined ? undefined : { ...top!, c };
}

/**
 * Of row `r`, for a "when" question that asks for the latest or last release of a version it
 * names, the column of dates headed "latest" ("the latest Node.js LTS", naming none, asks which
 * row is newest: its own release).
 */
function latestColumn(ctx: Context, r: number): number | undefined {
  if (ctx.analysis.operation !== 'date' || !asksLatest(ctx.analysis) || !namedNumbers(ctx.analysis).length) return undefined;
  return ctx.p.structure.dataCols.find((c) => hasAny(ctx.p.colTerms.get(c)!, LATEST) && hasDate(ctx.p.at(r, c)) && (!ctx.allowed || ctx.allowed.has(r * ctx.p.table.cols + c)));
}

/**
 * A "when" question that asks for a start or an end ("when does Airflow 2 end?") of a row dated
 * both ways ("releaseDate | eol") reads the column of that role, among the row's cells the
 * question's words name equally well; a column it names by its words wins ("when was the
 * latestReleaseDate of 2?"). An end of life comes before other ends ("end of active support").
 */
function boundaryDate(ctx: Context, ranked: Scored[]): Scored | undefined {
  const top = ranked[0];
  const want = ctx.analysis.boundary;
  if (ctx.analysis.operation !== 'date' || !want || !top) return undefined;
  const cols = roleColumns(ctx, want);
  if (!cols.length) return undefined;
  const tied = ranked.filter((s) => s.r === top.r && s.score >= top.score - 1e-9 && hasDate(ctx.p.at(s.r, s.c)));
  for (const c of cols) {
    const s = tied.find((x) => x.c === c);
    if (s) return s;
  }
  return undefined;
}

/** The columns that date the table's rows with role `role`, an end of life first among ends. */
function roleColumns(ctx: Context, role: 'start' | 'end'): number[] {
  const dated = datedColumns(ctx.p.table, ctx.p.structure);
  const of = dated?.roles.filter((x) => x.role === role) ?? [];
  return lifeFirst(of);
}

/** The columns of `ends`, an end of life ("eol", "Left office") before other ends ("end of active support"). */
function lifeFirst(ends: ReadonlyArray<{ col: number; name: string }>): number[] {
  return [...ends.filter((x) => isLifeEnd(x.name)), ...ends.filter((x) => !isLifeEnd(x.name))].map((x) => x.col);
}

/** Whether a cell's text holds a date (a year, a day, a month): what a question for a time is answered with. */
export function hasDate(text: string): boolean {
  return dateIn(text) !== undefined;
}

/** The dates a cell's text holds, read as a cell is (no short years, no prepositions needed). */
export function datesIn(text: string): DateMatch[] {
  return findDates(text, { shortYears: 'none', reference: 0, prepositions: false });
}

/** The first date a cell's text holds ({@link datesIn}). */
export function dateIn(text: string): DateMatch | undefined {
  return datesIn(text)[0];
}

function hasAny(s: Set<string>, q: Set<string>): boolean {
  for (const t of s) if (q.has(t)) return true;
  return false;
}

function cellOf(ctx: Pick<Context, 'p'>, r: number, c: number): AnswerCell {
  const { structure, at, idCol } = ctx.p;
  const text = at(r, c);
  const num = readNumber(text);
  // A row without a header is named by its first column, with that column's header
  // ("releaseCycle 2"): what the citation shows as the row.
  const named = idCol !== undefined && c !== idCol && at(r, idCol) ? [[structure.columnPaths[idCol]?.at(-1), at(r, idCol)].filter(Boolean).join(' ')] : [];
  // And by when it is, where a column says so ("gcag 1964" of a file that lists two sources by
  // year): the lowest anomaly since 1950 is of a year.
  const base = structure.rowPaths[r]?.length ? structure.rowPaths[r]! : named;
  const when = base.some(hasDate) ? [] : [...ctx.p.moments].filter((m) => m !== c && hasDate(at(r, m))).slice(0, 1).map((m) => at(r, m));
  const rowPath = [...base, ...when];
  return {
    cell: [r, c], text, ...(num ? { value: num.value } : {}),
    rowPath, columnPath: structure.columnPaths[c] ?? [],
  };
}

/** The scale and unit label of a cell's figure: its column's or section's unit, else the caption's, else a % sign. */
function unitOfCell(ctx: Context, r: number, c: number): { scale: Scale; unit?: string } {
  const { structure, at } = ctx.p;
  const num = readNumber(at(r, c));
  if (num?.percent) return { scale: 'percent', unit: '%' };
  if (num?.scale) return { scale: num.scale, unit: num.scale };
  const label = structure.units[c] ?? structure.rowUnits[r];
  const read = readUnit(label) ?? readUnit(headerUnit(structure, r, c));
  if (read) return { scale: read.scale, unit: read.label };
  if (ctx.p.tableUnit) return ctx.p.tableUnit;
  if (ctx.preambleUnit) return ctx.preambleUnit;
  // The corner over the row labels ("Year" heading a CSV's first column) names the rows, not
  // the unit of the figures beside them.
  if (label?.toLowerCase() === at(0, 0).trim().toLowerCase()) return { scale: '' };
  return label ? { scale: '', unit: label } : { scale: '' };
}

/** A unit written in a header label of the cell ("sales ($ millions)", "percent"). */
function headerUnit(structure: TableStructure, r: number, c: number): string | undefined {
  for (const label of [...(structure.columnPaths[c] ?? []), ...(structure.rowPaths[r] ?? [])].reverse()) {
    const paren = /\(([^()]{1,40})\)\s*$/.exec(label)?.[1];
    if (paren && readUnit(paren)) return paren;
    if (/^(?:%|percent(?:age)?)$/i.test(label.trim())) return label;
  }
  return undefined;
}

function confidenceOf(ctx: Context, score: number, terms: string[]): number {
  let total = 0;
  // Words the caption or the document's title give are the whole table's: no cell need name them.
  let all = 0;
  for (const t of new Set(terms)) {
    if (!ctx.p.tableTerms.has(t)) continue;
    const w = ctx.p.weight(t) || 0.1;
    all += w;
    if (!ctx.p.captionTerms.has(t) && !ctx.context?.has(t)) total += w;
  }
  // A question all of whose words the title gives is judged on them all.
  if (total === 0) total = all;
  return total > 0 ? Math.min(1, score / total) : 0;
}

function cellAnswer(ctx: Context, s: Scored): TableAnswer {
  const cell = cellOf(ctx, s.r, s.c);
  const u = unitOfCell(ctx, s.r, s.c);
  return {
    kind: 'cell', text: cell.text, ...(cell.value !== undefined ? { value: cell.value } : {}),
    scale: u.scale, ...(u.unit ? { unit: u.unit } : {}),
    cells: [cell], score: s.score, confidence: confidenceOf(ctx, s.score, ctx.analysis.terms),
  };
}

/**
 * "Which club did he play for in 2011?": the header that names the thing asked for says where
 * the answer is — a column headed "club" (its cell in the row the rest of the question names),
 * or the row-header column whose stub header is "club" (the row's own label there). The answer
 * is never a text the question already gives ("which club did he play for in the fourth
 * division" is not "fourth division").
 */
function targetLookup(ctx: Context, target: string): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const { structure } = p;
  const noun = new Set(tokenize(target));
  if (!noun.size) return undefined;
  const rest = analysis.terms.filter((t) => !noun.has(t));
  if (!rest.length) return undefined;
  const given = givenBy(analysis);
  // (i) A data column whose own labels name the noun: its cell in the best-named row.
  const cols = structure.dataCols.filter((c) => hasAny(new Set(tokenize((structure.columnPaths[c] ?? []).join(' '))), noun));
  // A "which" answer is a name: a column of names wins over the counts beside it ("league ›
  // division", not "league › apps").
  // Only the best-named row answers: where its cell is one the question gives, another row's is
  // no answer either ("integrated in which version of Windows?" of the row "3.0" is not "4.0").
  const all = cols.length ? bestCells(ctx, rest, false, { cols }) : [];
  const ranked = all.filter((s) => s.r === all[0]!.r && !given(p.at(s.r, s.c)));
  // Nor is it a date, unless a date is asked ("which release" of "Release | Released" is the
  // release, not the day it came out).
  const named = ctx.analysis.operation === 'date' ? ranked : ranked.filter((s) => !hasDate(p.at(s.r, s.c)));
  const inColumn = named.find((s) => !readNumber(p.at(s.r, s.c))) ?? named[0] ?? ranked[0];
  // (ii) A row-header column whose stub header names the noun: the row's label there.
  let inStub: { s: Scored; c: number; label: string } | undefined;
  const levels = Array.from({ length: structure.headerCols }, (_, c) => c)
    .filter((c) => structure.headerRows.some((r) => hasAny(new Set(tokenize(p.at(r, c))), noun)));
  if (levels.length) {
    const c = levels[levels.length - 1]!;
    for (const s of bestCells(ctx, rest, false)) {
      if (s.score <= 0) break;
      const label = p.at(s.r, c);
      if (label && !given(label)) { inStub = { s, c, label }; break; }
    }
  }
  if (inColumn && inColumn.score > 0 && (!inStub || inColumn.score >= inStub.s.score)) return { ...cellAnswer(ctx, inColumn), confidence: confidenceOf(ctx, inColumn.score, rest) };
  if (!inStub) return undefined;
  const cell = cellOf(ctx, inStub.s.r, inStub.s.c);
  return { kind: 'label', text: inStub.label, scale: '', cells: [cell], score: inStub.s.score, confidence: confidenceOf(ctx, inStub.s.score, rest) };
}

const LATEST = new Set(tokenize('latest newest current'));

/**
 * The answer one row gives, when another step chose the row (the temporal path's dated row:
 * "which Kubernetes release came out in December 2023?" -> the row "v1.29.0 released"): the
 * cell of the column the "which X" noun names, the row's date for a "when" question, else the
 * row's label — its row header, or its first cell that is no date and not already in the
 * question. Undefined when the row holds none of these.
 */
export function answerRow(analysis: QuestionAnalysis, table: Table, row: number, options: { structure?: TableStructure } = {}): TableAnswer | undefined {
  const structure = options.structure ?? detectHeaders(table);
  const p = withSpelledLabels(prepare(table, structure), analysis.question);
  if (!structure.dataRows.includes(row)) return undefined;
  const allowed = new Set(Array.from({ length: table.cols }, (_, c) => row * table.cols + c));
  const ctx: Context = { p, analysis, allowed };
  if (analysis.target) {
    const named = targetLookup(ctx, analysis.target);
    if (named) return named;
  }
  const dated = datedColumns(table, structure);
  const dateCols = new Set([...(dated?.roles.map((x) => x.col) ?? []), ...(dated?.points ?? [])]);
  const cellAt = (c: number): TableAnswer => {
    const cell = cellOf(ctx, row, c);
    return { kind: 'cell', text: cell.text, scale: '', cells: [cell], score: 0, confidence: 1 };
  };
  if (analysis.operation === 'date') {
    const start = dated?.roles.find((x) => x.role === 'start')?.col ?? dated?.points[0] ?? dated?.roles[0]?.col;
    const col = latestColumn(ctx, row) ?? (analysis.boundary ? roleColumns(ctx, analysis.boundary).find((c) => hasDate(p.at(row, c))) : undefined) ?? start;
    if (col !== undefined && p.at(row, col)) return cellAt(col);
  }
  const given = givenBy(analysis);
  // A column every word of whose header the question gives, of the row another step chose: "What
  // is the latest DuckDB release?" reads the newest row's "latest" ("1.5.5"), not its label ("1.5").
  // (A "which X" asks for the row's own name: "which Ubuntu LTS release" is no "LTS" cell. And
  // a "latest" cell is the latest when the table was written: no answer for another time's.)
  const words = new Set(analysis.target || analysis.years.length ? [] : analysis.allTerms);
  // "Newest" and "current" ask what "latest" heads.
  if ([...words].some((t) => LATEST.has(t))) for (const t of LATEST) words.add(t);
  const headed = structure.dataCols.filter((c) => c !== p.idCol && !dateCols.has(c) && p.at(row, c) && !given(p.at(row, c)) && !hasDate(p.at(row, c)) && !TRUE_VALUE.test(p.at(row, c)) && !FALSE_VALUE.test(p.at(row, c)))
    .map((c) => ({ c, terms: [...p.colTerms.get(c)!] }))
    .filter((x) => x.terms.length && x.terms.every((t) => words.has(t)))
    .sort((a, b) => b.terms.length - a.terms.length)[0];
  if (headed) return cellAt(headed.c);
  // A row the question names already ("what is the latest version of Angular 21?": the row "21")
  // is not the answer: the column the question names by its words is ("latest").
  const name = rowName(p, row);
  if (name && given(name)) {
    const asked = new Set(analysis.terms);
    const inNamed = bestCells(ctx, analysis.terms, false).find((s) => s.c !== p.idCol && hasAny(p.colTerms.get(s.c)!, asked));
    if (inNamed) return cellAt(inNamed.c);
  }
  const labelled = rowLabel(ctx, row, given, 0, 1);
  if (labelled) return labelled;
  const first = structure.dataCols.find((c) => !dateCols.has(c) && p.at(row, c) && !given(p.at(row, c)));
  return first === undefined ? undefined : cellAt(first);
}

/**
 * The end of life of the row a question names, in a table whose rows are dated with an end
 * ("releaseCycle | releaseDate | eol": the `eol` cell of the row "18" for "is Angular 18 still
 * supported?"), as written, even where it says there is none ("false"); a family's ("Keycloak 26":
 * 26.0 to 26.7) its last row's, its name found in `context` (the document's title). Undefined
 * for a table without an end column or a row the question names.
 */
export function endOfRow(analysis: QuestionAnalysis, table: Table, options: { structure?: TableStructure; context?: string } = {}): TableAnswer | undefined {
  const structure = options.structure ?? detectHeaders(table);
  const p = prepare(table, structure);
  const ctx: Context = { p, analysis, ...(options.context ? { context: new Set(tokenize(options.context)) } : {}) };
  if (!limitToNamedRows(ctx)) return undefined;
  // By its header alone: an end column may say "false" in every row (none has ended).
  const headed = structure.dataCols.map((c) => ({ col: c, name: (structure.columnPaths[c] ?? []).join(' ') }));
  const col = lifeFirst(headed.filter((x) => fieldRole(x.name) === 'end'))[0];
  if (col === undefined) return undefined;
  // A family's end is its last row's ("Is Keycloak 26 still supported?": 26.7's).
  const last = ctx.family && familyRow(ctx, ctx.family, col, 'end');
  if (last !== undefined) {
    const cell = cellOf(ctx, last, col);
    return { kind: 'cell', text: cell.text, scale: '', cells: [cell], score: 1, confidence: 1 };
  }
  // The row is named by the question's words; any cell of it will do to find it.
  const best = bestCells(ctx, analysis.terms, false).find((s) => s.score > 0 && s.c !== col);
  if (!best) return undefined;
  const cell = cellOf(ctx, best.r, col);
  return { kind: 'cell', text: cell.text, scale: '', cells: [cell], score: best.score, confidence: confidenceOf(ctx, best.score, analysis.terms) };
}

/** A named row's cell of one column: what names the row, and the cell ("2027-11-11", "false"). */
/**
 * The row of a release table released last (the latest date of its column of release dates,
 * `rowDates`), within `period` where one is given; undefined where the table dates no row so.
 */
export function newestRow(table: Table, options: { structure?: TableStructure; period?: { start: number; end: number } } = {}): number | undefined {
  const { period } = options;
  let newest: { r: number; at: number } | undefined;
  for (const { cell } of rowDates(table, 'start', options) ?? []) {
    const at = dateIn(cell.text)?.start;
    if (at === undefined || (period && (at < period.start || at >= period.end))) continue;
    if (!newest || at > newest.at) newest = { r: cell.cell[0], at };
  }
  return newest?.r;
}

export interface RowValue {
  name: string;
  cell: AnswerCell;
}

/**
 * Each named data row of a table that dates its rows' ends ("eol", "End of life", an end of life
 * before other ends) or starts ("releaseDate", "Released") in a column headed so, with that
 * cell, in table order; undefined for a table with no such column.
 */
export function rowDates(table: Table, role: 'start' | 'end', options: { structure?: TableStructure } = {}): RowValue[] | undefined {
  const structure = options.structure ?? detectHeaders(table);
  // By its header alone for an end (it may say "false" in every row); a start's column is one
  // that dates the rows ("releaseDate", not the names of "releaseCycle": `datedColumns`).
  const headed = role === 'end'
    ? structure.dataCols.map((c) => ({ col: c, name: (structure.columnPaths[c] ?? []).join(' ') })).filter((x) => fieldRole(x.name) === 'end')
    : datedColumns(table, structure)?.roles.filter((x) => x.role === 'start') ?? [];
  const col = lifeFirst(headed)[0];
  return col === undefined ? undefined : rowValues(table, structure, col);
}

/**
 * Each named data row's cell of the column a property names ("LTS", "long-term support" of a
 * column "lts"): its header is the property's words, or the initials they spell; undefined for
 * a table with no such column.
 */
export function rowsOfColumn(table: Table, property: string, options: { structure?: TableStructure } = {}): RowValue[] | undefined {
  const structure = options.structure ?? detectHeaders(table);
  const asked = tokenize(property).join(' ');
  const spelled = spelledInitials(property);
  const col = structure.dataCols.find((c) => {
    const label = (structure.columnPaths[c] ?? []).join(' ');
    return tokenize(label).join(' ') === asked || spelledLabel(label, spelled) === property.trim();
  });
  return col === undefined ? undefined : rowValues(table, structure, col);
}

/** The named data rows' cells of column `col` (none where `col` is what names them). */
function rowValues(table: Table, structure: TableStructure, col: number): RowValue[] | undefined {
  const p = prepare(table, structure);
  if (p.idCol === col) return undefined;
  return structure.dataRows.flatMap((r) => {
    const name = rowName(p, r);
    return name ? [{ name, cell: cellOf({ p }, r, col) }] : [];
  });
}

/**
 * The data row the question names by its name (its row header, or the first cell of a table
 * without row headers: "20" of "the latest version of Angular 20"), when exactly one row is so
 * named; undefined otherwise.
 */
export function namedRow(analysis: QuestionAnalysis, table: Table, options: { structure?: TableStructure } = {}): number | undefined {
  const structure = options.structure ?? detectHeaders(table);
  const p = prepare(table, structure);
  const given = givenBy(analysis);
  const rows = structure.dataRows.filter((r) => {
    const name = rowName(p, r);
    return !!name && tokenize(name).length > 0 && given(name);
  });
  return rows.length === 1 ? rows[0] : undefined;
}

/**
 * A table whose first column names its rows by number ("releaseCycle": "19", "3.20") answers a
 * question that names one ("Angular 19") from that row only: the cells of the rows so named, an
 * empty set when none is (CentOS's rows 7 and 8 do not answer for "CentOS Stream 9"). Undefined
 * (no limit) for other tables and questions.
 */
function namedNumberRows(ctx: Context): Set<number> | undefined {
  const { p } = ctx;
  if (p.idCol === undefined) return undefined;
  const named = namedNumbers(ctx.analysis);
  const asked = named.map((n) => n.term);
  if (!asked.length) return undefined;
  const numbered = p.structure.dataRows.filter((r) => /^\s*v?\d+(?:\.\d+)*\s*$/i.test(p.at(r, p.idCol!)));
  if (numbered.length < p.structure.dataRows.length / 2) return undefined;
  const cols = p.table.cols;
  const out = new Set<number>();
  const add = (r: number) => {
    for (let c = 0; c < cols; c++) if (!ctx.allowed || ctx.allowed.has(r * cols + c)) out.add(r * cols + c);
  };
  let rows = numbered.filter((r) => tokenize(p.at(r, p.idCol!)).some((t) => asked.includes(t)));
  // "5.10" reads as the figure 5.1 too: a row written as the version asked is the one it names.
  const exact = rows.filter((r) => named.some((n) => n.pattern.test(p.at(r, p.idCol!))));
  if (exact.length) rows = exact;
  // "Keycloak 26" over rows 26.0 to 26.7 names them all, not 26.0 (which reads as 26): a major
  // number no row is written as is the family of the rows it opens ("Redis 7.0", asked as
  // "7" too, names its row alone) of a table its name names (Ubuntu's 12.04 and 12.10 are no "Debian 12").
  const written = (r: number) => p.at(r, p.idCol!).trim().replace(/^v/i, '');
  const majors = named.filter((n) => /^\d+$/.test(n.term) && tokenize(n.name).every((t) => ctx.context?.has(t) || p.tableTerms.has(t)) && new RegExp(`(?<![\\d.])${n.term}(?!\\.?\\d)`).test(ctx.analysis.question)).map((n) => n.term);
  if (majors.length && !rows.some((r) => asked.includes(written(r)))) {
    const family = numbered.filter((r) => majors.some((a) => written(r).startsWith(`${a}.`)));
    if (family.length > 1) rows = ctx.family = family;
  }
  // A name no row's number holds may be a family's, which another cell gives whole ("Visual
  // Studio 2022": the rows 17.0 to 17.14 of codename "2022").
  if (!rows.length) {
    rows = numbered.filter((r) => p.structure.dataCols.some((c) => c !== p.idCol && asked.includes(p.at(r, c).trim())));
    if (rows.length) ctx.family = rows;
  }
  rows.forEach(add);
  return out;
}

/**
 * When a family of rows ({@link namedNumberRows}) came or goes: the earliest start of its rows
 * ("When was Visual Studio 2022 released?": 17.0's release), or the latest end, where a row
 * with no end set ("false": Keycloak 26.7) outlasts every date.
 */
function familyDate(ctx: Context, rows: readonly number[]): TableAnswer | undefined {
  const role = ctx.analysis.boundary ?? 'start';
  const col = roleColumns(ctx, role)[0];
  const r = col === undefined ? undefined : familyRow(ctx, rows, col, role);
  return r === undefined ? undefined : { ...cellAnswer(ctx, { r, c: col!, score: 1, fullness: 1, unitMatch: 0 }), confidence: 1 };
}

/** The row of a family whose cell of `col` dates it first (`start`) or last (`end`; an end set to none is last). */
function familyRow(ctx: Context, rows: readonly number[], col: number, role: 'start' | 'end'): number | undefined {
  let best: { r: number; at: number } | undefined;
  for (const r of rows) {
    const text = ctx.p.at(r, col);
    const at = dateIn(text)?.start ?? (role === 'end' && FALSE_VALUE.test(text.trim()) ? Infinity : undefined);
    if (at !== undefined && (!best || (role === 'start' ? at < best.at : at > best.at))) best = { r, at };
  }
  return best?.r;
}

/** Limits `ctx` to the rows a numbered table names for the question ({@link namedNumberRows}); false where it names none. */
function limitToNamedRows(ctx: Context): boolean {
  const named = namedNumberRows(ctx);
  if (named) ctx.allowed = named;
  return !named || named.size > 0;
}

/** What names row `r`: the first cell of a table without row headers, else its innermost row header. */
function rowName(p: Prepared, r: number): string | undefined {
  return p.idCol !== undefined ? p.at(r, p.idCol) : p.structure.rowPaths[r]?.at(-1);
}

/** Whether the question already gives every word of a text (a cell or label that cannot be its answer). */
function givenBy(analysis: QuestionAnalysis): (text: string) => boolean {
  const asked = new Set(analysis.allTerms);
  return (text) => {
    const t = tokenize(text);
    return !t.length || t.every((x) => asked.has(x));
  };
}

/** Row `r`'s label (its innermost row header) as the answer, cited at its own cell, when the question does not give it already. */
function rowLabel(ctx: Context, r: number, given: (text: string) => boolean, score: number, confidence: number): TableAnswer | undefined {
  const label = ctx.p.structure.rowPaths[r]?.at(-1);
  if (!label || given(label)) return undefined;
  const cell = cellOf(ctx, r, Math.max(0, ctx.p.structure.headerCols - 1));
  return { kind: 'label', text: label, scale: '', cells: [cell], score, confidence };
}

/** Of `cols`, the one whose labels name `asked` with the most weight, and that weight; none when no label names a word of it. */
function namedColumn(p: Prepared, cols: readonly number[], asked: ReadonlySet<string>): { col?: number; named: number } {
  let col: number | undefined;
  let named = 0;
  for (const c of cols) {
    let score = 0;
    for (const t of p.colTerms.get(c)!) if (asked.has(t)) score += p.weight(t);
    if (score > named) [col, named] = [c, score];
  }
  return col === undefined ? { named } : { col, named };
}

/** The terms that name mention `i` and not the other, plus the question's shared context. */
function mentionTerms(ctx: Context, mentions: [string, string], i: 0 | 1): string[] {
  const own = new Set(tokenize(mentions[i]));
  const otherOnly = new Set(tokenize(mentions[1 - i]!).filter((t) => !own.has(t)));
  return [...new Set([...ctx.analysis.terms, ...own])].filter((t) => !otherOnly.has(t));
}

/** The two cells a two-figure question names, each by its own mention and the shared context. */
function twoCells(ctx: Context, mentions: [string, string]): [Scored, Scored] | undefined {
  const a = bestCells(ctx, mentionTerms(ctx, mentions, 0), true);
  const b = bestCells(ctx, mentionTerms(ctx, mentions, 1), true);
  const first = a[0];
  if (!first || first.score <= 0) return undefined;
  // The second must be another cell; prefer one in the same row or column as the first.
  const candidates = b.filter((s) => s.r !== first.r || s.c !== first.c);
  const top = candidates[0];
  if (!top || top.score <= 0) return undefined;
  const aligned = candidates.find((s) => s.score === top.score && (s.r === first.r || s.c === first.c));
  return [first, aligned ?? top];
}

const AVERAGE = /\b(?:average|mean)\b/i;
const SUM = /\b(?:total|sum|combined|altogether|in all)\b/i;
const AGGREGATE_TERMS = new Set(tokenize('average mean total sum combined altogether all'));
const ISO_MONTH = /^\s*((?:1\d|20)\d\d)-(0[1-9]|1[0-2])\s*$/;
/** Most figures a calculation over a span adds up (a century of months would outgrow the calculator's expression). */
const MAX_SPAN_OPERANDS = 400;

/**
 * Each data row's moment, where it has one: the date its moment column holds ("Year", "Date"),
 * else its first column's (a data file's "Date | Price"), else its row header's.
 */
function rowMoments(ctx: Context): Map<number, DateMatch> {
  const { p } = ctx;
  const out = new Map<number, DateMatch>();
  const cols = [...p.moments, ...(p.idCol !== undefined ? [p.idCol] : [])];
  for (const r of p.structure.dataRows) {
    let d: DateMatch | undefined;
    for (const c of cols) if ((d = momentOf(p.at(r, c)))) break;
    d ??= momentOf(p.structure.rowPaths[r]?.at(-1) ?? '');
    if (d) out.set(r, d);
  }
  return out;
}

/**
 * The date a cell or label is, when it is one and nothing else ("1990", "2000-03"; not "Total
 * 1990 sales"). A cell "2000-01" is the month a data file's date column means, not the season
 * 2000–01 prose may.
 */
function momentOf(text: string): DateMatch | undefined {
  const month = ISO_MONTH.exec(text);
  if (month) {
    const y = +month[1]!, m = +month[2]! - 1;
    return { start: Date.UTC(y, m, 1), end: Date.UTC(y, m + 1, 1), granularity: 'month', from: 0, to: text.length };
  }
  const d = dateIn(text);
  return d && d.to - d.from >= text.trim().length * 0.6 ? d : undefined;
}

/** The data rows whose moment lies inside the question's span, when two or more do. */
function periodRows(ctx: Context): number[] | undefined {
  const period = ctx.analysis.period;
  if (!period) return undefined;
  const rows = [...rowMoments(ctx)].filter(([, d]) => d.start >= period.start && d.end <= period.end).map(([r]) => r);
  return rows.length >= 2 ? rows : undefined;
}

/** Whether a question asks an average or total over a span of time ("the average gold price in the 1990s"), and which. */
export function asksOverSpan(analysis: QuestionAnalysis): 'average' | 'sum' | undefined {
  if (!analysis.period || !['lookup', 'average', 'sum'].includes(analysis.operation)) return undefined;
  if (AVERAGE.test(analysis.question)) return 'average';
  if (SUM.test(analysis.question)) return 'sum';
  // "What was the global temperature anomaly in the 1940s?": a decade's (a century's) value of a
  // series of years is their mean, or for "how many", their total (where no year is named too).
  if (analysis.operation === 'lookup' && !analysis.years.length && /\b\d{3}0\s?'?s\b|\bcentur/i.test(analysis.period.words)) return /^\s*how\s+(?:many|much)\b/i.test(analysis.question) ? 'sum' : 'average';
  return undefined;
}

/** A leap year, in ms: a span longer than it holds more than one year. */
export const LEAP_YEAR_MS = 366 * 86_400_000;

/** The question's words but those of its time ("1950", and "since" of "since 1950"). */
function withoutTime(analysis: QuestionAnalysis): string[] {
  const time = new Set(tokenize(analysis.period?.words ?? ''));
  return analysis.terms.filter((t) => !dateIn(t) && !time.has(t));
}

/**
 * Whether a table answers a question for a time coarser than it asks: every cell read is of a row
 * dated by a span that holds the question's and is longer ("1990"'s annual mean for "the CO2
 * concentration in March 1990"). Another table may hold the month itself.
 */
export function answersCoarsely(analysis: QuestionAnalysis, found: TableAnswer): boolean {
  const period = analysis.period && askedSpan(analysis.period);
  // A question that names two times ("as of December 31, 2019 ... issued in August 2019") may ask for either.
  if (!period || analysis.years.length > 1 || !Number.isFinite(period.start) || !Number.isFinite(period.end) || !found.cells.length) return false;
  return found.cells.every((cell) => {
    const label = cell.rowPath.join(' ');
    const d = dateIn(label);
    return !!d && d.start <= period.start && d.end >= period.end && d.end - d.start > period.end - period.start && !isoMonthOf(label, period);
  });
}

/**
 * Whether a label holds the question's month written as ISO 8601 does ("Date 2000-01" for
 * January 2000). The grammar reads "2000-01" as the years 2000-01 (a fiscal year: HiTab's
 * "2011-12"), and so it may be; but a row that the question's month selected and whose label is
 * that month in the other reading says what held in it, as a cell that is only "2000-01" does
 * (`momentOf`).
 */
/**
 * Whether a cell `found` rests on is of the time the question asks by its row's or column's
 * labels ("2000-01" for "January 2000"), not of a longer time that holds it.
 */
export function answersWithin(analysis: QuestionAnalysis, found: TableAnswer): boolean {
  const period = analysis.period && askedSpan(analysis.period);
  return !!period && found.cells.some((cell) => {
    const row = cell.rowPath.join(' ');
    const col = cell.columnPath.join(' ');
    // Either may name the month: "Mar" over a year's row reads as March in "Mar 1990" only.
    return [`${row} ${col}`, `${col} ${row}`].some((label) => {
      const d = dateIn(label);
      return isoMonthOf(label, period) || (!!d && d.start >= period.start && d.end <= period.end);
    });
  });
}

function isoMonthOf(label: string, period: { start: number; end: number }): boolean {
  for (const m of label.matchAll(ISO_MONTH_IN)) {
    const start = Date.UTC(+m[1]!, +m[2]! - 1, 1);
    if (start === period.start && Date.UTC(+m[1]!, +m[2]!, 1) === period.end) return true;
  }
  return false;
}
const ISO_MONTH_IN = /(?<![\d-])((?:1\d|20)\d\d)-(0[1-9]|1[0-2])(?![\d-])/g;

/**
 * Whether a table answers a question for a time from rows or columns of another time: every cell
 * read is labelled with dates (its row's or column's, or its row's date column), and none of
 * them meets the span the question names ("Release Notes complete | Wednesday 23rd April 2025"
 * for "which Kubernetes release came out in April 2024?").
 */
export function answersOtherTime(analysis: QuestionAnalysis, found: TableAnswer): boolean {
  const period = analysis.period;
  if (!period || analysis.years.length > 1 || !found.cells.length) return false;
  return found.cells.every((cell) => {
    const dates = findDates([...cell.rowPath, ...cell.columnPath].join(' | '), { shortYears: 'none', reference: 0, prepositions: false });
    return dates.length > 0 && dates.every((d) => d.end <= period.start || d.start >= period.end);
  });
}

/**
 * `ctx` with its cells limited to the rows of a dated series (most of its rows dated, `rowMoments`)
 * whose moment is the question's time exactly (its month, its year), else to those inside it
 * ("Q2 2019" of a monthly series: its three months, which `series-year.ts` reads together), or
 * undefined when the table is no such series or no row is of that time.
 */
function atMoment(ctx: Context): Context | undefined {
  const period = ctx.analysis.period;
  if (!period) return undefined;
  const moments = rowMoments(ctx);
  if (moments.size < MOMENT_SHARE * ctx.p.structure.dataRows.length) return undefined;
  // ("The end of 2019": December's row where the series has one, else the year's.)
  const exact = (span: { start: number; end: number }) => [...moments].filter(([, d]) => d.start === span.start && d.end === span.end).map(([r]) => r);
  const edge = exact(askedSpan(period));
  const rows = edge.length ? edge : exact(period);
  const inside = rows.length ? rows : periodRows(ctx);
  return inside?.length ? limitToRows(ctx, inside) : undefined;
}

/** `ctx` with its cells limited to the rows inside the question's span, or undefined when the table has no such rows. */
function withinPeriod(ctx: Context): Context | undefined {
  const rows = periodRows(ctx);
  return rows ? limitToRows(ctx, rows) : undefined;
}

/** `ctx` with its cells limited to `rows` (and to those it allowed already). */
function limitToRows(ctx: Context, rows: readonly number[]): Context {
  const cols = ctx.p.table.cols;
  const allowed = new Set(rows.flatMap((r) => Array.from({ length: cols }, (_, c) => r * cols + c)).filter((i) => !ctx.allowed || ctx.allowed.has(i)));
  return { ...ctx, allowed };
}

/**
 * The share of the question's words, its time, its aggregate cue and `aside` (a bound's "first
 * above 400") aside, that the table holds (its labels, its caption, a data file's heading) or
 * its document's title gives; 1 when there are none.
 */
function heldShare(ctx: Context, aside: readonly string[] = []): number {
  const content = withoutTime(ctx.analysis).filter((t) => !AGGREGATE_TERMS.has(t) && !aside.includes(t));
  if (!content.length) return 1;
  return content.filter((t) => ctx.p.tableTerms.has(t) || ctx.context?.has(t)).length / content.length;
}

const AVERAGE_TERMS = [...tokenize('average'), ...tokenize('mean'), ...tokenize('avg')];

/** "Which month ...", "in what quarter ...": the time a question asks for, and at most how many days it lasts. */
export const TIME_ASKED = /\b(?:which|what)\s+(?:(?:was|is)\s+the\s+)?(day|week|month|quarter)\b/i;
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 31, quarter: 92 };
/** "Daily", "monthly": the rows a figure is asked of, one of that time each. */
const PER_UNIT = /\b(dai|week|month|quarter)ly\b/i;

/** A column of rates or shares, whose changes compound rather than add up. */
const RATE = /\brates?\b|\bper ?cent|%/i;

/** Labels that close or adjust a group rather than belong to it ("Total", "Gross ...", "Less valuation allowance"). */
const GROUP_SUMMARY = /^\s*(?:total|sub-?total|less)\b/i;

const TOTAL = /^(?:total|all|overall|both sexes|sum)\b|\btotal\b/i;
const KIT: TableKit = {
  tokenize, readNumber, bestCells, cellOf, unitOfCell, confidenceOf, namedColumn, heldShare, dateIn, twoCells, groupSummary: GROUP_SUMMARY, total: TOTAL,
  periodRows, rowMoments, rowName, cellAnswer, calculate, formatNumber, rowTextWeight: ROW_TEXT_WEIGHT, maxSpanOperands: MAX_SPAN_OPERANDS,
};

function compute(ctx: Context, as?: QuestionAnalysis['operation']): TableAnswer | undefined {
  const { analysis } = ctx;
  const op = as ?? analysis.operation;
  if (op === 'count') return ctx.readers?.countAnswer?.(KIT, ctx);
  let operands: Scored[] | undefined;
  if ((op === 'sum' || op === 'average') && analysis.years.length >= 2) {
    operands = [];
    for (const y of analysis.years) {
      const others = new Set(analysis.years.filter((x) => x !== y).flatMap((x) => tokenize(x)));
      const best = bestCells(ctx, analysis.terms.filter((t) => !others.has(t)), true)[0];
      if (!best || best.score <= 0) return undefined;
      if (!operands.some((o) => o.r === best.r && o.c === best.c)) operands.push(best);
    }
    if (operands.length < 2) return undefined;
  } else if (op === 'sum' || op === 'average') {
    // "across the three years": every year column of the best row.
    const best = bestCells(ctx, analysis.terms, true)[0];
    if (!best) return undefined;
    const cols = ctx.p.structure.dataCols.filter((c) => /\b(?:19|20)\d\d\b/.test((ctx.p.structure.columnPaths[c] ?? []).join(' ')) && readNumber(ctx.p.at(best.r, c)));
    if (cols.length < 2) return undefined;
    operands = cols.map((c) => ({ ...best, c }));
  } else if (analysis.mentions) {
    operands = twoCells(ctx, analysis.mentions);
  }
  if (!operands) return undefined;
  if ((op === 'change' || op === 'percent-change') && analysis.mentions) {
    // "From A to B" is B minus A, as written; otherwise ("between 2018 and 2019", "in 2019
    // compared with 2018") the later minus the earlier.
    const [y0, y1] = analysis.mentions;
    const fromTo = new RegExp(`\\bfrom\\W+(?:\\w+\\W+){0,3}?${escapeRegExp(y0)}\\b.*\\bto\\W+(?:\\w+\\W+){0,3}?${escapeRegExp(y1)}\\b`, 'i').test(analysis.question);
    const laterFirst = fromTo ? true : !(/^\d{4}/.test(y0) && /^\d{4}/.test(y1) && y0 > y1);
    if (laterFirst) operands = [operands[1]!, operands[0]!];
  }
  const cells = operands.map((s) => cellOf(ctx, s.r, s.c));
  if (cells.some((c) => c.value === undefined)) return undefined;
  const v = (i: number) => formatOperand(cells[i]!.value!);
  const [b, a] = [0, 1];
  let expression: string;
  let scale = unitOfCell(ctx, operands[0]!.r, operands[0]!.c);
  switch (op) {
    case 'change': expression = `${v(b)} - ${v(a)}`; break;
    case 'difference': expression = `${v(0)} - ${v(1)}`; break;
    case 'percent-change': expression = `(${v(b)} - ${v(a)}) / ${v(a)} * 100`; scale = { scale: 'percent', unit: '%' }; break;
    case 'ratio': expression = `${v(0)} / ${v(1)}`; scale = { scale: '' }; break;
    case 'share': expression = `${v(0)} / ${v(1)} * 100`; scale = { scale: 'percent', unit: '%' }; break;
    case 'sum': expression = cells.map((_, i) => v(i)).join(' + '); break;
    case 'average': expression = `(${cells.map((_, i) => v(i)).join(' + ')}) / ${cells.length}`; break;
    default: return undefined;
  }
  let result: number;
  try {
    result = calculate(expression);
  } catch {
    return undefined; // division by zero: no answer rather than a wrong one
  }
  const decimals = Math.max(...cells.map((c) => readNumber(c.text)?.decimals ?? 0));
  const shown = formatNumber(result, op === 'ratio' || op === 'share' || op === 'percent-change' || op === 'average' ? 2 : decimals);
  const score = operands.reduce((s, o) => s + o.score, 0) / operands.length;
  return {
    kind: 'computed', text: shown, value: Number(shown), scale: scale.scale, ...(scale.unit ? { unit: scale.unit } : {}),
    cells, calculation: { expression, result, operands: cells }, score,
    confidence: confidenceOf(ctx, score, analysis.terms),
  };
}

function formatOperand(x: number): string {
  return x < 0 ? `(${x})` : String(x);
}

/** Rows that total others: their own label says so. */

