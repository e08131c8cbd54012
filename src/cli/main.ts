/**
 * The Node command: indexes a folder and searches it from the shell.
 *
 *   npm run almanac -- <folder> [question...] [--limit N] [--json] [--reference-date YYYY-MM-DD]
 *
 * With a question, prints the answer (with its citation) and the ranked passages, and exits;
 * without one, reads questions from standard input, one per line. Zero-download mode (BM25,
 * no models: the answer is a cell, a calculation or a sentence, or "no answer").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { citeCell, createAlmanac } from '../index.ts';
import { describeAnswer, describeCitation } from '../answer/cite.ts';
import { ACCEPTED_EXTENSIONS } from '../ingest/formats.ts';
import type { AnswerResponse, DocumentInput, SearchResponse } from '../types.ts';

const EXTENSIONS = new Set(ACCEPTED_EXTENSIONS);

const USAGE = `usage: almanac <folder> [question...] [--limit N] [--json] [--reference-date YYYY-MM-DD]
Indexes every .txt, .md, .html, .csv and .tsv file under <folder>, then answers the
question (the answer line with its citation, then the ranked passages), or reads questions
from standard input, one per line.`;

async function main(argv: string[]): Promise<number> {
  const flags = new Map<string, string | true>();
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json') flags.set('json', true);
    else if (a === '--help' || a === '-h') flags.set('help', true);
    else if (a.startsWith('--')) flags.set(a.slice(2), argv[++i] ?? '');
    else words.push(a);
  }
  const [folder, ...question] = words;
  if (!folder || flags.has('help')) {
    console.error(USAGE);
    return folder ? 0 : 2;
  }
  const limit = Number(flags.get('limit') ?? 5);
  if (!Number.isInteger(limit) || limit < 1) return fail('--limit takes a positive integer');
  const refText = flags.get('reference-date');
  const referenceDate = typeof refText === 'string' ? new Date(`${refText}T00:00:00Z`) : undefined;
  if (referenceDate && Number.isNaN(referenceDate.getTime())) return fail('--reference-date takes YYYY-MM-DD');

  const files = await listFiles(path.resolve(folder)).catch(() => undefined);
  if (!files) return fail(`cannot read folder ${folder}`);
  if (!files.length) return fail(`no .txt, .md, .html, .csv or .tsv files under ${folder}`);
  const docs: DocumentInput[] = await Promise.all(files.map(async (f) => ({
    id: path.relative(folder, f), name: path.basename(f), content: await fs.readFile(f, 'utf8'),
  })));
  const almanac = await createAlmanac();
  const t0 = performance.now();
  const reports = await almanac.ingest(docs, {
    onProgress: (p) => process.stderr.write(`\rindexing ${p.done}/${p.total}`),
  });
  const stats = await almanac.stats();
  process.stderr.write(`\rindexed ${stats.documents} documents, ${stats.passages} passages, ${stats.tables} tables in ${((performance.now() - t0) / 1000).toFixed(1)} s (zero-download mode: BM25, no models)\n`);
  for (const r of reports) if (r.error) process.stderr.write(`skipped ${r.name}: ${r.error.message}\n`);

  const ask = async (q: string) => {
    const res = await almanac.answer(q, { limit, referenceDate });
    // JSON: the search response as before, with the answer (and its citations) beside the results.
    console.log(flags.has('json') ? JSON.stringify({ ...res.search, answer: res.answer, answerSteps: res.steps }) : format(res));
  };
  if (question.length) {
    await ask(question.join(' '));
  } else {
    const rl = readline.createInterface({ input: process.stdin, terminal: false });
    for await (const line of rl) if (line.trim()) await ask(line.trim());
  }
  await almanac.close();
  return 0;
}

function format(answered: AnswerResponse): string {
  const res: SearchResponse = answered.search;
  const a = answered.answer;
  const lines = [`${res.query}  [${res.steps.join(' -> ')}; ${res.tookMs.toFixed(1)} ms]`];
  lines.push(`  answer: ${describeAnswer(a)}${a.kind === 'none' ? '' : `  [${a.kind}]`}`);
  for (const c of a.citations.slice(0, 3)) lines.push(`    from ${describeCitation(c)}`);
  if (res.constraint) lines.push(`  time: "${res.constraint.text}" (relation ${res.constraint.relation}, condition ${res.constraint.condition})`);
  res.results.forEach((r, i) => {
    const where = r.passage.kind === 'text' || r.passage.kind === 'sentence' ? `chars ${r.passage.start}-${r.passage.end}` : `${r.passage.kind}, table ${r.passage.tableIndex! + 1}`;
    lines.push(`${String(i + 1).padStart(3)}. ${r.score.toFixed(3)}  ${r.title} (${r.passage.docId}, ${where})`);
    lines.push(`       ${r.passage.text.replace(/\s+/g, ' ').slice(0, 200)}`);
    for (const cell of r.matchedCells?.slice(0, 3) ?? []) lines.push(`       cell: ${citeCell(cell)}`);
    if (r.temporal) lines.push(`       best sentence: semantic ${r.temporal.semantic.toFixed(2)} x temporal ${r.temporal.temporal.toFixed(2)}`);
  });
  if (!res.results.length) lines.push('  no results');
  return lines.join('\n');
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') out.push(...(await listFiles(p)));
    else if (entry.isFile() && EXTENSIONS.has(path.extname(entry.name).toLowerCase())) out.push(p);
  }
  return out.sort();
}

function fail(message: string): number {
  console.error(`almanac: ${message}\n${USAGE}`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
