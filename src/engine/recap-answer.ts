/**
 * Answering with a generator: RECAP over the original passages and the H-RCL rows that hold the
 * figures, its Compute step checked by the calculator. Its own module, loaded by
 * `engine/answer.ts` only when a generator is loaded, so the embed's first download (which never
 * has one) does not carry it.
 */
import { throwIfAborted } from '../errors.ts';
import { formatNumber, readNumber } from '../answer/numbers.ts';
import { parseRecap, RECAP, recapPrompt, type RecapEvidence } from '../answer/recap.ts';
import type { AnswerCell, TableAnswer } from '../answer/table-answer.ts';
import type { QuestionAnalysis } from '../answer/question.ts';
import type { TableStructure } from '../tables/headers.ts';
import type { Answer, AnswerCalculation, AnswerEvent, AnswerResponse, CalculationOperand, Citation, Passage, SearchResponse, Table } from '../types.ts';
import type { EngineState } from './state.ts';

const TABLE_KINDS = new Set<Passage['kind']>(['table', 'table-row', 'table-column']);
const TEXT_KINDS = new Set<Passage['kind']>(['text', 'sentence']);

/** The table the deterministic reading answered from, whose rows hold the operands. */
export interface RecapTable {
  found: TableAnswer;
  docId: string;
  tableIndex: number;
}

/** What `engine/answer.ts` passes in: its citation helpers, so that this lazy module shares no module with it. */
export interface RecapHelpers {
  titleOf(search: SearchResponse, docId: string): string;
  noAnswer(analysis: QuestionAnalysis): Answer;
  structureOf(table: Table): TableStructure;
  cellCitation(state: EngineState, search: SearchResponse, docId: string, tableIndex: number, table: Table, cell: AnswerCell): Citation;
  sourceSpan(state: EngineState, docId: string, start: number, end: number): { start: number; end: number } | undefined;
}

/** What RECAP gave: the answer, and the trace the response carries. */
export interface RecapRun {
  answer: Answer;
  trace: NonNullable<AnswerResponse['recap']>;
}

/** The evidence the model reads: original passages, and for tables the H-RCL rows that hold the figures. */
function evidenceOf(state: EngineState, search: SearchResponse, table: RecapTable | undefined, h: RecapHelpers): { evidence: RecapEvidence[]; passages: Passage[] } {
  const evidence: RecapEvidence[] = [];
  const passages: Passage[] = [];
  const add = (p: Passage, title: string) => {
    if (passages.some((x) => x.id === p.id) || evidence.length >= RECAP.evidence) return;
    const where = TABLE_KINDS.has(p.kind) ? `${title}, table ${(p.tableIndex ?? 0) + 1} (${p.kind === 'table-row' ? 'row' : p.kind === 'table-column' ? 'column' : 'summary'})` : `${title}${p.heading && p.heading !== title ? ` — ${p.heading}` : ''}`;
    evidence.push({ source: where, text: p.text });
    passages.push(p);
  };
  if (table) {
    // The rows the deterministic reading points at first: they hold the operands.
    const rows = new Set(table.found.cells.map((c) => c.cell[0]));
    for (const p of state.records.get(table.docId)?.passages ?? []) {
      if (p.tableIndex === table.tableIndex && p.kind === 'table-row' && p.cells?.some(([r]) => rows.has(r))) add(p, h.titleOf(search, table.docId));
    }
  }
  for (const r of search.results) add(r.passage, r.title);
  return { evidence, passages };
}

/**
 * RECAP (MixRAG): the generator reads the evidence and writes Reason, Compute and Present; its
 * formula is checked by the calculator, each operand cited where the evidence holds it.
 */
export async function runRecap(
  state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, table: RecapTable | undefined, fallback: Answer,
  o: { onToken?: (t: string) => void; emit?: (e: AnswerEvent) => void; maxNewTokens?: number; signal?: AbortSignal },
  h: RecapHelpers,
): Promise<RecapRun> {
  const { evidence, passages } = evidenceOf(state, search, table, h);
  const prompt = recapPrompt(analysis, evidence);
  const reply = await state.generator!.generate(prompt, {
    maxNewTokens: o.maxNewTokens ?? RECAP.maxNewTokens,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onToken ? { onToken: o.onToken } : {}),
  });
  throwIfAborted(o.signal, 'Answering');
  const parsed = parseRecap(reply);
  const trace: RecapRun['trace'] = { prompt, reply, refused: parsed.refused };
  if (parsed.formula) trace.formula = parsed.formula;
  if (parsed.modelResult !== undefined) trace.modelResult = parsed.modelResult;
  if (parsed.refused) {
    return { answer: { ...h.noAnswer(analysis) }, trace };
  }
  const text = parsed.present ?? parsed.answer ?? reply.trim();
  const answer: Answer = { text, kind: 'generated', citations: [], confidence: fallback.kind === 'none' ? 0.25 : fallback.confidence, operation: analysis.operation };
  if (parsed.check && 'value' in parsed.check) {
    const result = parsed.check.value;
    trace.calculatorResult = result;
    const operands = operandsOf(state, search, parsed.formula!, passages, h);
    const calc: AnswerCalculation = {
      expression: parsed.formula!, operands, result,
      ...(parsed.modelResult !== undefined ? { modelResult: parsed.modelResult } : {}),
      text: `${parsed.formula} = ${formatNumber(result, 4)}`,
    };
    answer.calculation = calc;
    answer.value = Number(formatNumber(result, 4));
    answer.text = withResult(text, parsed.modelResult, result);
    answer.citations = operands.flatMap((op) => (op.citation ? [op.citation] : []));
  } else if (parsed.check && 'error' in parsed.check) {
    trace.calculatorError = parsed.check.error;
    // An unchecked figure is no calculation: the model's text stands, marked as such by the trace.
    answer.confidence = Math.min(answer.confidence, 0.25);
  }
  // Cite what the deterministic reading cited when the model agrees with it, else the passages read.
  if (!answer.citations.length) answer.citations = fallback.citations.length ? fallback.citations : passages.slice(0, 2).map((p) => passageCitation(state, search, p, h));
  return { answer, trace };
}

/** The model's Present text with its own figure replaced by the calculator's ("26.5%" -> "26.6%"). */
function withResult(text: string, modelResult: number | undefined, result: number): string {
  const shownResult = formatNumber(result, 2);
  if (modelResult !== undefined) {
    for (const m of text.matchAll(/[-−(]?\$?\d[\d,]*(?:\.\d+)?\)?/g)) {
      const n = readNumber(m[0]);
      if (n && Math.abs(n.value - modelResult) < 1e-9) return `${text.slice(0, m.index)}${shownResult}${text.slice(m.index + m[0].length)}`;
    }
  }
  return /\d/.test(text) ? `${shownResult} (model wrote: ${text})` : shownResult;
}

/** The numbers of a formula, each cited where a cell of the evidence's tables holds it. */
function operandsOf(state: EngineState, search: SearchResponse, formula: string, passages: Passage[], h: RecapHelpers): CalculationOperand[] {
  const out: CalculationOperand[] = [];
  const tables = new Map<string, { docId: string; tableIndex: number; table: Table }>();
  for (const p of passages) {
    if (p.tableIndex === undefined) continue;
    const table = state.records.get(p.docId)?.document.tables[p.tableIndex];
    if (table) tables.set(`${p.docId}#${p.tableIndex}`, { docId: p.docId, tableIndex: p.tableIndex, table });
  }
  for (const m of formula.matchAll(/\d[\d,]*(?:\.\d+)?/g)) {
    const value = Number(m[0].replace(/,/g, ''));
    const operand: CalculationOperand = { value, text: m[0] };
    for (const t of tables.values()) {
      const structure = h.structureOf(t.table);
      const hit = t.table.cells.find((cell) => structure.dataRows.includes(cell.row) && Math.abs(Math.abs(readNumber(cell.text)?.value ?? NaN) - value) < 1e-9);
      if (hit) {
        const cell: AnswerCell = { cell: [hit.row, hit.col], text: hit.text.trim(), value, rowPath: structure.rowPaths[hit.row] ?? [], columnPath: structure.columnPaths[hit.col] ?? [] };
        operand.citation = h.cellCitation(state, search, t.docId, t.tableIndex, t.table, cell);
        break;
      }
    }
    if (!operand.citation) {
      const p = passages.find((x) => TEXT_KINDS.has(x.kind) && x.text.includes(m[0]));
      if (p) operand.citation = passageCitation(state, search, p, h, p.text.indexOf(m[0]));
    }
    out.push(operand);
  }
  return out;
}

/** The sentence of `p` around `at` (or its first sentence) as a citation. */
function passageCitation(state: EngineState, search: SearchResponse, p: Passage, h: RecapHelpers, at = 0): Citation {
  const s = p.sentences.find((x) => x.start <= at && at < x.end) ?? p.sentences[0] ?? { start: 0, end: p.text.length };
  const title = h.titleOf(search, p.docId);
  // A table summary is written by Almanac: it cites the table's span, not a sentence of the document.
  const [start, end] = TABLE_KINDS.has(p.kind) ? [p.start, p.end] : [p.start + s.start, p.start + s.end];
  const source = TABLE_KINDS.has(p.kind) ? undefined : h.sourceSpan(state, p.docId, start, end);
  return { docId: p.docId, title, passageId: p.id, kind: 'sentence', text: p.text.slice(s.start, s.end), start, end, ...(source ? { source } : {}) };
}
