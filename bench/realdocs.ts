/**
 * `npm run bench -- realdocs [--corpus DIR] [--questions FILE] [--details FILE]`: questions a
 * user would ask over real public documents (`../shared/data/realdocs/`, see its README), through
 * the real engine in zero-download mode.
 *
 * The corpus is ingested as a user drops a folder: every file as it is (id and name = its path
 * under the corpus folder), bytes for a format whose reader takes bytes, UTF-8 text otherwise,
 * the format left to the engine (`src/ingest/formats.ts`, then content sniffing). A file the
 * engine rejects is counted in `skipped_files` and listed.
 *
 * Scoring follows the data README: DocHit@k from the grouped search (one result per document;
 * `docHitPlain` the same from the plain search's distinct documents), AR@k from the plain
 * search's passages (a normalised answer as whole tokens in the top passage / one of the top
 * five), by `kind`; query p50 / p95 of the plain search; and, when the engine has an `answer()`
 * (detected at run time), AnswerHit: the answer's text contains a normalised gold answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createAlmanac } from '../src/index.ts';
import { readerForName } from '../src/ingest/formats.ts';
import { prepareDocument } from '../src/engine/prepare.ts';
import type { Almanac, DocumentInput, SearchResponse } from '../src/types.ts';
import { dataPath, option, percentile, round1 } from './args.ts';

interface Question {
  id: string;
  question: string;
  answers: string[];
  gold_files: string[];
  kind: string;
  reference_date?: string;
}

/**
 * The data README's normalisation: lower case; thousands separators dropped ("1,234" ->
 * "1234"); punctuation kept only between two digits ("3.10.4", "2023-06-01"; never a comma),
 * any other punctuation a space; spaces collapsed.
 */
export function normalizeRealdocs(s: string): string {
  return s.toLowerCase()
    .replace(/(?<=\d),(?=\d{3}(?!\d))/g, '')
    .replace(/[^\p{L}\p{N}\s]/gu, (ch, i: number, all: string) => (ch !== ',' && /\d/.test(all[i - 1] ?? '') && /\d/.test(all[i + 1] ?? '') ? ch : ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a normalised answer occurs in a normalised text as whole tokens. */
function containsAnswer(text: string, answers: string[]): boolean {
  const t = ` ${text} `;
  return answers.some((a) => a && t.includes(` ${a} `));
}

/** Every file under `dir`, as paths relative to it with `/` separators, sorted. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.isFile()) out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The input a user's folder gives the engine for one file. */
function inputOf(dir: string, rel: string): DocumentInput {
  const bytes = fs.readFileSync(path.join(dir, rel));
  const binary = readerForName(rel)?.binary ?? false;
  return { id: rel, name: rel, content: binary ? new Uint8Array(bytes) : bytes.toString('utf8') };
}

interface Tally { n: number; doc1: number; doc5: number; plain1: number; plain5: number; ar1: number; ar5: number; answer: number }
const emptyTally = (): Tally => ({ n: 0, doc1: 0, doc5: 0, plain1: 0, plain5: 0, ar1: 0, ar5: 0, answer: 0 });
const pct = (x: number, n: number) => (n ? round1((100 * x) / n) : 0);

/**
 * An answer's text, whatever shape `answer()` returns: `{ answer: { text, kind } }` (the engine's,
 * `kind: 'none'` being no answer), or a string, or an object with `text` / `answer`.
 */
function answerText(r: unknown): string {
  if (typeof r === 'string') return r;
  const o = r as { text?: unknown; answer?: unknown } | null;
  if (typeof o?.text === 'string') return o.text;
  if (typeof o?.answer === 'string') return o.answer;
  const inner = o?.answer as { text?: unknown; kind?: unknown } | undefined;
  if (inner && typeof inner.text === 'string') return inner.kind === 'none' ? '' : inner.text;
  return '';
}

/** Runs the suite. */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const dir = dataPath(argv, 'corpus', '../shared/data/realdocs/corpus');
  const questionsFile = dataPath(argv, 'questions', '../shared/data/realdocs/questions.jsonl');
  const detailsFile = option(argv, 'details');
  const questions = fs.readFileSync(questionsFile, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Question);
  const files = listFiles(dir);

  const almanac: Almanac = await createAlmanac();
  const t0 = performance.now();
  const reports = await almanac.ingest(files.map((f) => inputOf(dir, f)));
  const ingestS = (performance.now() - t0) / 1000;
  const skipped = reports.filter((r) => r.error).map((r) => `${r.name} (${r.error!.code})`);
  const warned = reports.filter((r) => r.warnings.length).map((r) => r.name);
  const stats = await almanac.stats();
  // What the time-coverage view shows, and how many timestamps the corpus's sentences carry
  // (read through the ingest step itself, so a change to timestamp extraction shows here).
  const coverage = await almanac.timeCoverage({ buckets: 'decade' });
  const axis = coverage.filter((b) => !b.outlier);
  let timestamps = 0;
  for (const f of files) {
    try {
      for (const p of (await prepareDocument(inputOf(dir, f))).passages) for (const s of p.sentences) timestamps += s.times.length;
    } catch { /* counted in skipped_files */ }
  }
  log(`realdocs: ${files.length} files, ${skipped.length} skipped, ${stats.passages} passages, ${stats.tables} tables (ingest ${ingestS.toFixed(1)} s)`);
  log(`time coverage: ${axis.length} decades, ${axis[0]?.label ?? '-'} to ${axis.at(-1)?.label ?? '-'}${coverage.some((b) => b.outlier) ? `, off the axis: ${coverage.filter((b) => b.outlier).map((b) => `${b.sentences} ${b.label}`).join(', ')}` : ''}; ${timestamps} sentence timestamps`);
  for (const s of skipped) log(`  skipped: ${s}`);

  // Detected at run time, so the figure appears once the engine has it.
  const answerFn = (almanac as unknown as { answer?: (q: string, o?: object) => Promise<unknown> }).answer;
  const hasAnswer = typeof answerFn === 'function';

  const all = emptyTally();
  const byKind = new Map<string, Tally>();
  const times: number[] = [];
  const details: Array<Record<string, unknown>> = [];
  for (const q of questions) {
    const referenceDate = q.reference_date ? new Date(`${q.reference_date}T00:00:00Z`) : undefined;
    const opts = { limit: 10, ...(referenceDate ? { referenceDate } : {}) };
    const t = performance.now();
    const plain: SearchResponse = await almanac.search(q.question, opts);
    times.push(performance.now() - t);
    const grouped = await almanac.search(q.question, { ...opts, groupByDocument: true });
    const gold = new Set(q.gold_files);
    const answers = q.answers.map(normalizeRealdocs);
    const groupedDocs = grouped.results.map((r) => r.passage.docId);
    const plainDocs = [...new Set(plain.results.map((r) => r.passage.docId))];
    const passages = plain.results.map((r) => normalizeRealdocs(r.passage.text));
    const hit = {
      doc1: gold.has(groupedDocs[0] ?? ''),
      doc5: groupedDocs.slice(0, 5).some((d) => gold.has(d)),
      plain1: gold.has(plainDocs[0] ?? ''),
      plain5: plainDocs.slice(0, 5).some((d) => gold.has(d)),
      ar1: !!passages[0] && containsAnswer(passages[0], answers),
      ar5: passages.slice(0, 5).some((p) => containsAnswer(p, answers)),
      answer: false,
    };
    let answered: string | undefined;
    if (hasAnswer) {
      answered = answerText(await answerFn.call(almanac, q.question, referenceDate ? { referenceDate } : {}));
      hit.answer = containsAnswer(normalizeRealdocs(answered), answers);
    }
    let kind = byKind.get(q.kind);
    if (!kind) byKind.set(q.kind, (kind = emptyTally()));
    for (const tally of [all, kind]) {
      tally.n++;
      for (const k of ['doc1', 'doc5', 'plain1', 'plain5', 'ar1', 'ar5', 'answer'] as const) if (hit[k]) tally[k]++;
    }
    log(`${q.id.padEnd(8)} ${hit.doc1 ? 'D1' : hit.doc5 ? 'd5' : '--'} ${hit.ar1 ? 'A1' : hit.ar5 ? 'a5' : '--'}  ${groupedDocs[0] ?? '(none)'}  | ${q.question}`);
    if (detailsFile) {
      details.push({
        id: q.id, kind: q.kind, question: q.question, ...hit, constraint: plain.constraint?.text, steps: plain.steps,
        top_documents: groupedDocs.slice(0, 5), top_passage: plain.results[0]?.passage.text.slice(0, 300), ...(answered !== undefined ? { answer: answered } : {}),
      });
    }
  }
  if (detailsFile) fs.writeFileSync(detailsFile, details.map((d) => JSON.stringify(d)).join('\n') + '\n');
  await almanac.close();

  const figures = (t: Tally, full: boolean): Record<string, number> => ({
    ...(full ? { questions: t.n } : { n: t.n }),
    'DocHit@1': pct(t.doc1, t.n),
    'DocHit@5': pct(t.doc5, t.n),
    ...(full ? { docHitPlain1: pct(t.plain1, t.n), docHitPlain5: pct(t.plain5, t.n) } : {}),
    'AR@1': pct(t.ar1, t.n),
    'AR@5': pct(t.ar5, t.n),
    ...(hasAnswer ? { AnswerHit: pct(t.answer, t.n) } : {}),
  });
  const overall = figures(all, true);
  log(`all: DocHit@1 ${overall['DocHit@1']}  DocHit@5 ${overall['DocHit@5']}  AR@1 ${overall['AR@1']}  AR@5 ${overall['AR@5']}${hasAnswer ? `  AnswerHit ${overall.AnswerHit}` : '  (no answer() in this engine)'}`);
  for (const [k, t] of byKind) log(`${k.padEnd(9)} ${JSON.stringify(figures(t, false))}`);
  return {
    suite: 'realdocs',
    questions: all.n,
    files: files.length,
    skipped_files: skipped.length,
    ...overall,
    by_kind: Object.fromEntries([...byKind].map(([k, t]) => [k, figures(t, false)])),
    query_ms_p50: round1(percentile(times, 50)),
    query_ms_p95: round1(percentile(times, 95)),
    ingest_s: round1(ingestS),
    passages: stats.passages,
    tables: stats.tables,
    timestamps,
    coverage: {
      decades: axis.length,
      from: axis[0]?.label,
      to: axis.at(-1)?.label,
      outliers: Object.fromEntries(coverage.filter((b) => b.outlier).map((b) => [b.outlier!, b.sentences])),
    },
    answer: hasAnswer ? 'answer() measured' : 'no answer() in this engine',
    ...(skipped.length ? { skipped: skipped } : {}),
    ...(warned.length ? { warned_files: warned.length } : {}),
  };
}
