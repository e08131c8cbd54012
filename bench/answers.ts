/**
 * `npm run bench -- answers`: how well `almanac.answer()` answers, zero-download (no model).
 *
 * - HiTab (`--split dev`): oracle (each question asked of an engine holding only its gold table)
 *   and end-to-end (one engine holding every distinct table; the answer is read from what search
 *   ranks first). Accuracy: every gold answer matched (numbers within 1e-6 relative, or equal
 *   after rounding to the gold's decimals; strings case- and space-insensitive). By
 *   `table_source` too.
 * - TAT-QA dev: EM and F1 with TAT-QA's own rules (`bench/tatqa-metric.ts`), by `answer_type`
 *   and `answer_from`; oracle (the question's own document only) and end-to-end.
 * - TimeQA: answer-sentence AR@1 (the normalised answer occurs in the one cited sentence) beside
 *   passage AR@1 (in the top passage).
 * - realdocs: answer accuracy at 1 by `kind` (the answer's text holds a normalised gold answer).
 * - Latency: answer p50 / p95 against the search inside each answer, over the HiTab end-to-end
 *   questions (the difference is what answering adds).
 * Coverage is the share of questions answered (kind other than `none`); accuracy is given over
 * all questions and over the answered ones.
 *
 * Options: --split dev|train|all, --hitab-tables PATH, --hitab-questions PATH, --tatqa PATH,
 * --timeqa PATH, --realdocs DIR, --only hitab,tatqa,timeqa,realdocs, --max-questions N (an
 * evenly spaced subset per data set, for quick runs), --fold 0|1 (HiTab by table, TAT-QA by
 * document, TimeQA by page: the two halves settings were chosen and checked on), --details FILE (one JSON line
 * per question).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createAlmanac } from '../src/index.ts';
import { readGrid } from '../src/tables/index.ts';
import type { Almanac, AnswerResponse, DocumentInput } from '../src/types.ts';
import { dataPath, option, percentile, round1 } from './args.ts';
import { tatqaHtml } from './tables.ts';
import { tatqaScore } from './tatqa-metric.ts';
import { normalizeAnswer } from './temporal.ts';
import { readTimeQa, timeQaDocuments } from './timeqa.ts';

type Log = (line: string) => void;
const SUITES = ['hitab', 'tatqa', 'timeqa', 'realdocs'] as const;

interface Details { write(row: Record<string, unknown>): void }

/** Runs the suite; see the file comment. */
export async function run(argv: string[], log: Log): Promise<Record<string, unknown>> {
  const only = new Set((option(argv, 'only') || SUITES.join(',')).split(','));
  const maxQ = Number(option(argv, 'max-questions') || Infinity);
  const fold = option(argv, 'fold');
  const detailsPath = option(argv, 'details');
  const rows: string[] = [];
  const details: Details = { write: (row) => { if (detailsPath) rows.push(JSON.stringify(row)); } };
  const out: Record<string, unknown> = { suite: 'answers', mode: 'zero-download' };
  const latency = { answer: [] as number[], search: [] as number[] };
  if (only.has('hitab')) out.hitab = await hitab(argv, log, maxQ, fold, latency, details);
  if (only.has('tatqa')) out.tatqa = await tatqa(argv, log, maxQ, fold, details);
  if (only.has('timeqa')) out.timeqa = await timeqa(argv, log, maxQ, fold, details);
  if (only.has('realdocs')) out.realdocs = await realdocs(argv, log, details);
  if (latency.answer.length) {
    out.answer_ms_p50 = round2(percentile(latency.answer, 50));
    out.answer_ms_p95 = round2(percentile(latency.answer, 95));
    out.search_ms_p50 = round2(percentile(latency.search, 50));
    out.search_ms_p95 = round2(percentile(latency.search, 95));
    out.answer_over_search_ms_p50 = round2(percentile(latency.answer.map((a, i) => a - latency.search[i]!), 50));
    log(`latency (HiTab end-to-end, ${latency.answer.length} questions): answer p50 ${out.answer_ms_p50} / p95 ${out.answer_ms_p95} ms, search p50 ${out.search_ms_p50} / p95 ${out.search_ms_p95} ms, answer - search p50 ${out.answer_over_search_ms_p50} ms`);
  }
  if (detailsPath) fs.writeFileSync(detailsPath, `${rows.join('\n')}\n`);
  return out;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const pct = (a: number, b: number) => round1((100 * a) / Math.max(1, b));

function subset<T>(items: T[], max: number): T[] {
  if (!Number.isFinite(max) || items.length <= max) return items;
  const step = items.length / max;
  return Array.from({ length: max }, (_, i) => items[Math.floor(i * step)]!);
}

/** FNV-1a: the fold of an id (0 or 1), stable across runs. */
function foldOf(id: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return String((h >>> 0) % 2);
}

/** Accumulates accuracy and coverage, overall and by group. */
class Tally {
  n = 0; answered = 0; right = 0; rightAnswered = 0;
  groups = new Map<string, Tally>();
  add(answered: boolean, right: boolean, group?: string): void {
    this.n++;
    if (answered) this.answered++;
    if (right) { this.right++; if (answered) this.rightAnswered++; }
    if (group !== undefined) {
      let g = this.groups.get(group);
      if (!g) this.groups.set(group, (g = new Tally()));
      g.add(answered, right);
    }
  }
  summary(withGroups?: string): Record<string, unknown> {
    const s: Record<string, unknown> = {
      questions: this.n, accuracy: pct(this.right, this.n), coverage: pct(this.answered, this.n),
      accuracy_answered: pct(this.rightAnswered, this.answered),
    };
    if (withGroups) s[withGroups] = Object.fromEntries([...this.groups].map(([k, g]) => [k, g.summary()]));
    return s;
  }
}

// ---------------------------------------------------------------------------
// HiTab
// ---------------------------------------------------------------------------

interface HitabQ { id: string; split: string; question: string; answer: Array<number | string>; canonical_table_id: string; table_source: string }

function decimalsOf(x: number): number {
  const s = String(x);
  return s.includes('e-') ? Number(s.split('e-')[1]) : s.includes('.') ? s.split('.')[1]!.length : 0;
}

/** A predicted number against a gold one: within 1e-6 relative, or equal at the gold's decimals. */
export function numberMatches(pred: number, gold: number): boolean {
  if (Math.abs(pred - gold) <= 1e-6 * Math.max(1, Math.abs(gold))) return true;
  const f = 10 ** decimalsOf(gold);
  return Math.round(pred * f) / f === gold;
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** Every gold answer matched by the answer (numbers by value, strings by text), the same count. */
export function hitabCorrect(res: AnswerResponse, gold: Array<number | string>): boolean {
  const a = res.answer;
  if (a.kind === 'none') return false;
  if (gold.every((g) => typeof g === 'number')) {
    const values = a.values ?? (a.value !== undefined ? [a.value] : []);
    if (values.length !== gold.length) return false;
    const left = [...values];
    return gold.every((g) => {
      const i = left.findIndex((v) => numberMatches(v, g as number));
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
  }
  if (a.items?.length) {
    // A list answer: the same labels, in any order.
    const left = a.items.map(squash);
    return left.length === gold.length && gold.every((g) => { const i = left.indexOf(squash(String(g))); if (i < 0) return false; left.splice(i, 1); return true; });
  }
  if (gold.length !== 1) return false;
  return squash(a.text) === squash(String(gold[0]));
}

async function hitab(argv: string[], log: Log, maxQ: number, fold: string | undefined, latency: { answer: number[]; search: number[] }, details: Details) {
  const split = option(argv, 'split') || 'dev';
  const tablesPath = dataPath(argv, 'hitab-tables', '../shared/data/hitab/tables.jsonl');
  const questionsPath = dataPath(argv, 'hitab-questions', '../shared/data/hitab/questions.jsonl');
  const docs = new Map<string, DocumentInput>();
  for (const line of fs.readFileSync(tablesPath, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const t = JSON.parse(line) as { canonical_id: string; html: string };
    if (!docs.has(t.canonical_id)) docs.set(t.canonical_id, { id: t.canonical_id, name: 'table.html', content: t.html, format: 'html' });
  }
  let questions = fs.readFileSync(questionsPath, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as HitabQ)
    .filter((q) => split === 'all' || q.split === split);
  if (fold) questions = questions.filter((q) => foldOf(q.canonical_table_id) === fold);
  questions = subset(questions, maxQ);
  log(`hitab (${split}${fold ? `, fold ${fold}` : ''}): ${questions.length} questions, ${docs.size} tables`);

  // Oracle: an engine holding only the question's table.
  const oracle = new Tally();
  const byTable = new Map<string, HitabQ[]>();
  for (const q of questions) byTable.set(q.canonical_table_id, [...(byTable.get(q.canonical_table_id) ?? []), q]);
  for (const [id, qs] of byTable) {
    const almanac = await createAlmanac();
    await almanac.ingest([docs.get(id)!]);
    for (const q of qs) {
      const res = await almanac.answer(q.question);
      const right = hitabCorrect(res, q.answer);
      oracle.add(res.answer.kind !== 'none', right, q.table_source);
      details.write({ suite: 'hitab', setting: 'oracle', id: q.id, question: q.question, gold: q.answer, answer: res.answer.text, value: res.answer.value, kind: res.answer.kind, operation: res.answer.operation, right, cells: res.answer.citations.map((c) => [c.rowPath, c.columnPath]) });
    }
    await almanac.close();
  }
  log(`hitab oracle: accuracy ${pct(oracle.right, oracle.n)} (answered ${pct(oracle.answered, oracle.n)}, accuracy on answered ${pct(oracle.rightAnswered, oracle.answered)})`);

  // End to end: every table in one engine.
  const almanac = await createAlmanac();
  const t0 = performance.now();
  await almanac.ingest([...docs.values()]);
  log(`hitab end-to-end: ingested ${docs.size} tables in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  const e2e = new Tally();
  let goldFirst = 0;
  for (const q of questions) {
    const res = await almanac.answer(q.question);
    // The answer's own time against the search inside it: the difference is what answering adds.
    latency.answer.push(res.tookMs);
    latency.search.push(res.search.tookMs);
    const right = hitabCorrect(res, q.answer);
    if (res.search.results[0]?.passage.docId === q.canonical_table_id) goldFirst++;
    e2e.add(res.answer.kind !== 'none', right, q.table_source);
    details.write({ suite: 'hitab', setting: 'end_to_end', id: q.id, question: q.question, gold: q.answer, answer: res.answer.text, kind: res.answer.kind, right, doc: res.answer.citations[0]?.docId, gold_doc: q.canonical_table_id });
  }
  await almanac.close();
  log(`hitab end-to-end: accuracy ${pct(e2e.right, e2e.n)} (answered ${pct(e2e.answered, e2e.n)}; the gold table ranked first for ${pct(goldFirst, e2e.n)})`);
  return { split, ...(fold ? { fold } : {}), oracle: oracle.summary('by_source'), end_to_end: { ...e2e.summary('by_source'), gold_table_first: pct(goldFirst, e2e.n) } };
}

// ---------------------------------------------------------------------------
// TAT-QA
// ---------------------------------------------------------------------------

interface TatqaQ { uid: string; question: string; answer: unknown; answer_type: string; answer_from: string; scale: string }
interface TatqaDoc { table: { uid: string; table: string[][] }; paragraphs: Array<{ order: number; text: string }>; questions: TatqaQ[] }

/** Scores of one setting: EM / F1 overall, by answer_type, by answer_from, and their cross. */
class TatTally {
  n = 0; em = 0; f1 = 0; answered = 0;
  groups = new Map<string, { n: number; em: number; f1: number }>();
  add(g: TatqaQ, em: number, f1: number, answered: boolean): void {
    this.n++; this.em += em; this.f1 += f1;
    if (answered) this.answered++;
    for (const key of [`type:${g.answer_type}`, `from:${g.answer_from}`, `${g.answer_type}/${g.answer_from}`]) {
      const x = this.groups.get(key) ?? { n: 0, em: 0, f1: 0 };
      x.n++; x.em += em; x.f1 += f1;
      this.groups.set(key, x);
    }
  }
  summary(): Record<string, unknown> {
    const pick = (prefix: string) => Object.fromEntries([...this.groups].filter(([k]) => k.startsWith(prefix)).map(([k, x]) => [k.slice(prefix.length), { questions: x.n, EM: pct(x.em, x.n), F1: pct(x.f1, x.n) }]));
    const arith = this.groups.get('arithmetic/table');
    return {
      questions: this.n, EM: pct(this.em, this.n), F1: pct(this.f1, this.n), coverage: pct(this.answered, this.n),
      arithmetic_table_EM: arith ? pct(arith.em, arith.n) : 0,
      by_answer_type: pick('type:'), by_answer_from: pick('from:'),
      by_type_and_from: Object.fromEntries([...this.groups].filter(([k]) => k.includes('/')).map(([k, x]) => [k, { questions: x.n, EM: pct(x.em, x.n) }])),
    };
  }
}

/** The answer as TAT-QA's evaluator reads a prediction: the answer strings and a scale. */
function tatqaPrediction(res: AnswerResponse): { answer: Array<string | number>; scale: string } {
  const a = res.answer;
  if (a.kind === 'none') return { answer: [], scale: '' };
  if (a.items?.length) return { answer: a.items, scale: '' };
  if (a.values?.length) return { answer: a.values, scale: a.scale ?? '' };
  if (a.value !== undefined) return { answer: [a.value], scale: a.scale ?? '' };
  return { answer: [a.text], scale: '' };
}

async function tatqa(argv: string[], log: Log, maxQ: number, fold: string | undefined, details: Details) {
  const raw = JSON.parse(fs.readFileSync(dataPath(argv, 'tatqa', '../shared/data/tatqa/dev.json'), 'utf8')) as TatqaDoc[];
  const docs = raw.filter((d) => !fold || foldOf(d.table.uid) === fold).map((d) => {
    const { table } = readGrid(d.table.table);
    const paragraphs = [...d.paragraphs].sort((a, b) => a.order - b.order).map((p) => p.text);
    return { raw: d, input: { id: d.table.uid, name: 'report.html', content: tatqaHtml({ paragraphs, tables: table.rows > 0 ? [table] : [] }), format: 'html' as const } };
  });
  const all = docs.flatMap((d) => d.raw.questions.map((q) => ({ q, docId: d.input.id })));
  const chosen = new Set(subset(all, maxQ).map((x) => x.q.uid));
  log(`tatqa: ${chosen.size} questions over ${docs.length} documents${fold ? ` (fold ${fold})` : ''}`);
  const oracle = new TatTally();
  for (const d of docs) {
    const qs = d.raw.questions.filter((q) => chosen.has(q.uid));
    if (!qs.length) continue;
    const almanac = await createAlmanac();
    await almanac.ingest([d.input]);
    for (const q of qs) {
      const res = await almanac.answer(q.question);
      const pred = tatqaPrediction(res);
      const { em, f1 } = tatqaScore(q, pred.answer, pred.scale);
      oracle.add(q, em, f1, res.answer.kind !== 'none');
      details.write({ suite: 'tatqa', setting: 'oracle', id: q.uid, question: q.question, gold: q.answer, scale: q.scale, type: q.answer_type, from: q.answer_from, pred: pred.answer, pred_scale: pred.scale, kind: res.answer.kind, operation: res.answer.operation, em });
    }
    await almanac.close();
  }
  log(`tatqa oracle: EM ${pct(oracle.em, oracle.n)} F1 ${pct(oracle.f1, oracle.n)}; arithmetic from the table EM ${(oracle.summary().arithmetic_table_EM as number)}`);
  const almanac = await createAlmanac();
  await almanac.ingest(docs.map((d) => d.input));
  const e2e = new TatTally();
  for (const { q } of all) {
    if (!chosen.has(q.uid)) continue;
    const res = await almanac.answer(q.question);
    const pred = tatqaPrediction(res);
    const { em, f1 } = tatqaScore(q, pred.answer, pred.scale);
    e2e.add(q, em, f1, res.answer.kind !== 'none');
    details.write({ suite: 'tatqa', setting: 'end_to_end', id: q.uid, question: q.question, gold: q.answer, pred: pred.answer, kind: res.answer.kind, doc: res.answer.citations[0]?.docId, em, f1 });
  }
  await almanac.close();
  log(`tatqa end-to-end: EM ${pct(e2e.em, e2e.n)} F1 ${pct(e2e.f1, e2e.n)}`);
  return { oracle: oracle.summary(), end_to_end: e2e.summary() };
}

// ---------------------------------------------------------------------------
// TimeQA
// ---------------------------------------------------------------------------

async function timeqa(argv: string[], log: Log, maxQ: number, fold: string | undefined, details: Details) {
  const pages = readTimeQa(dataPath(argv, 'timeqa', '../shared/data/timeqa/train.json'));
  const almanac = await createAlmanac();
  // Every page is searched (the corpus stays whole); a fold picks the questions of half the pages.
  await almanac.ingest(timeQaDocuments(pages));
  const asked = pages.filter((page) => !fold || foldOf(page.link) === fold);
  const questions = subset(asked.flatMap((page) => page.questions.map(([text, answers]) => ({ text, answers: [...new Set(answers.map((a) => normalizeAnswer(a.answer)).filter(Boolean))] }))), maxQ);
  let sentenceHit = 0;
  // The answer's own text (a span when one was read: a date, a number, a name) holds the answer.
  let textHit = 0;
  let spans = 0;
  let spanHit = 0;
  let passageHit = 0;
  let answered = 0;
  // TimeQA leaves some questions without an answer (the page holds none for that time): there
  // "no answer" is right, and it is counted apart.
  let unanswerable = 0;
  let noneOnUnanswerable = 0;
  const has = (text: string, answers: string[]) => {
    const t = ` ${normalizeAnswer(text)} `;
    return answers.some((a) => t.includes(` ${a} `));
  };
  for (const q of questions) {
    const res = await almanac.answer(q.text);
    const sentence = res.answer.citations[0]?.kind === 'sentence' ? res.answer.citations[0].text : '';
    const top = res.search.results[0]?.passage.text ?? '';
    const s = res.answer.kind !== 'none' && has(sentence, q.answers);
    if (res.answer.kind !== 'none') answered++;
    if (!q.answers.length) {
      unanswerable++;
      if (res.answer.kind === 'none') noneOnUnanswerable++;
    }
    if (s) sentenceHit++;
    const spanRead = res.answer.kind === 'sentence' && res.answer.text !== sentence;
    const t = res.answer.kind !== 'none' && has(res.answer.text, q.answers);
    if (t) textHit++;
    if (spanRead) {
      spans++;
      if (t) spanHit++;
    }
    const passage = has(top, q.answers);
    if (passage) passageHit++;
    details.write({ suite: 'timeqa', question: q.text, answers: q.answers, sentence, answer: res.answer.text, kind: res.answer.kind, sentence_hit: s, text_hit: t, passage_hit: passage, top, steps: res.steps });
  }
  await almanac.close();
  const answerable = questions.length - unanswerable;
  const out = {
    ...(fold ? { fold } : {}), questions: questions.length, 'answer_sentence_AR@1': pct(sentenceHit, questions.length), 'passage_AR@1': pct(passageHit, questions.length), 'answer_text_AR@1': pct(textHit, questions.length), spans, 'span_precision': pct(spanHit, spans), coverage: pct(answered, questions.length),
    answerable, 'answer_sentence_AR@1_answerable': pct(sentenceHit, answerable), coverage_answerable: pct(answered - (unanswerable - noneOnUnanswerable), answerable),
    unanswerable, none_on_unanswerable: pct(noneOnUnanswerable, unanswerable),
  };
  log(`timeqa: answer-sentence AR@1 ${out['answer_sentence_AR@1']}, passage AR@1 ${out['passage_AR@1']} (${questions.length} questions, answered ${out.coverage}; ${unanswerable} without an answer, 'no answer' for ${out.none_on_unanswerable}% of them)`);
  return out;
}

// ---------------------------------------------------------------------------
// realdocs
// ---------------------------------------------------------------------------

/** The realdocs scorer's normalisation: lower case, no thousands separators, punctuation only between digits. */
function realdocsNormal(s: string): string {
  return s.toLowerCase().replace(/(?<=\d),(?=\d{3})/g, '').replace(/(?<!\d)[^\p{L}\p{N}\s]|[^\p{L}\p{N}\s](?!\d)/gu, ' ').replace(/\s+/g, ' ').trim();
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...listFiles(p));
    else if (e.isFile()) out.push(p);
  }
  return out.sort();
}

async function realdocs(argv: string[], log: Log, details: Details) {
  const dir = dataPath(argv, 'realdocs', '../shared/data/realdocs');
  const corpus = path.join(dir, 'corpus');
  const almanac: Almanac = await createAlmanac();
  const files = listFiles(corpus);
  const reports = await almanac.ingest(files.map((f) => ({ id: path.relative(corpus, f), name: path.relative(corpus, f), content: fs.readFileSync(f, 'utf8') })));
  const rejected = reports.filter((r) => r.error).map((r) => r.name);
  const questions = fs.readFileSync(path.join(dir, 'questions.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as { id: string; question: string; answers: string[]; gold_files: string[]; kind: string; reference_date?: string });
  const tally = new Tally();
  for (const q of questions) {
    const res = await almanac.answer(q.question, q.reference_date ? { referenceDate: new Date(`${q.reference_date}T00:00:00Z`) } : {});
    const text = ` ${realdocsNormal(res.answer.kind === 'none' ? '' : res.answer.text)} `;
    const right = q.answers.some((a) => text.includes(` ${realdocsNormal(a)} `));
    tally.add(res.answer.kind !== 'none', right, q.kind);
    details.write({ suite: 'realdocs', id: q.id, kind: q.kind, question: q.question, gold: q.answers, answer: res.answer.text, answer_kind: res.answer.kind, right, doc: res.answer.citations[0]?.docId, gold_files: q.gold_files });
  }
  await almanac.close();
  log(`realdocs: accuracy ${pct(tally.right, tally.n)} over ${tally.n} questions (answered ${pct(tally.answered, tally.n)}); ${rejected.length} files rejected`);
  return { ...tally.summary('by_kind'), files: files.length, rejected };
}

