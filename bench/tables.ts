/**
 * `npm run bench -- tables`: MixRAG's hierarchical-table retrieval measured on HiTab (and
 * TAT-QA with `--tatqa`). Compares the flattened-table baseline, the table-level summary,
 * RCL and H-RCL row/column summaries, and the two-corpus ensemble with lexical fusion, all
 * BM25 (zero-download). Also scores header detection against HiTab's header trees.
 *
 * Options:
 *   --hitab-tables PATH     default ../shared/data/hitab/tables.jsonl (from the project root)
 *   --hitab-questions PATH  default ../shared/data/hitab/questions.jsonl
 *   --split dev|train|all   default dev
 *   --tatqa [PATH]          run on TAT-QA instead (default ../shared/data/tatqa/dev.json)
 *   --configs a,b           subset of flat,table-summary,rcl,h-rcl,ensemble
 *   --harness               run `ensemble` on this file's Orama harness even if the engine exists
 *   --sweep                 grid-search the fusion parameters (prints a table)
 *   --max-questions N       an evenly spaced subset of the questions (quick tuning runs)
 *   --no-header-accuracy    skip header-detection scoring
 *   --dump PATH             write every question's ranked document ids per config (JSON), to
 *                           check that a change meant for speed leaves the rankings identical
 *   --passages-hash         hash every prepared passage (text, sentences, timestamps, cells) and
 *                           the postings made from them (`prepared` in the JSON): a change meant
 *                           for speed or memory must leave both as they were
 *   --ceiling               also report how far the question's words alone separate the
 *                           documents (`term_presence_ceiling`, see bench/term-ceiling.ts)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { findAll } from 'domutils';
import type { DocumentInput, Passage, PassageKind, Table } from '../src/types.ts';
import { createAlmanac } from '../src/index.ts';
import { PROJECT_ROOT, round1 } from './args.ts';
import { detectHeaders, flattenTable, readGrid, readHtmlTable, summarizeTable, tableLabels, type TableLabels } from '../src/tables/index.ts';
import { isUnitLabel } from '../src/tables/cell-text.ts';
import { DEFAULT_FUSION, STRUCTURED_BM25, type FusionSettings } from '../src/tables/settings.ts';
import type { Bm25Parameters } from '../src/retrieval/bm25.ts';
import { PassageIndex } from '../src/retrieval/passage-index.ts';
import { fuseCandidates, type Hit } from '../src/retrieval/fusion.ts';
import { termPresenceCeiling } from './term-ceiling.ts';
import { mb, retainedBytes } from './memory.ts';
import { passageHashes } from './passage-hash.ts';

const KS = [1, 3, 5, 10] as const;
const ALL_CONFIGS = ['flat', 'table-summary', 'rcl', 'h-rcl', 'ensemble'] as const;
type Config = (typeof ALL_CONFIGS)[number];

interface Doc {
  id: string;
  name: string;
  html?: string;
  paragraphs: string[];
  tables: Table[];
}
interface Question {
  question: string;
  gold: string;
  group?: string;
}


/** Runs the suite; see the file comment for options. */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const args = parseArgs(argv);
  const configs = (args.values.get('configs')?.split(',') ?? [...ALL_CONFIGS]) as Config[];
  const tatqa = args.flags.has('tatqa') || args.values.has('tatqa');
  const t0 = performance.now();
  const loaded = tatqa ? loadTatqa(args, log) : loadHitab(args, log);
  const { docs } = loaded;
  // --max-questions N: an evenly spaced subset, for quick tuning runs.
  const maxQ = Number(args.values.get('max-questions') ?? Infinity);
  const step = Math.max(1, loaded.questions.length / maxQ);
  const questions = Number.isFinite(maxQ) ? loaded.questions.filter((_, i) => Math.floor(i % step) === 0).slice(0, maxQ) : loaded.questions;
  const loadS = (performance.now() - t0) / 1000;
  log(`${tatqa ? 'tatqa' : 'hitab'}: ${docs.length} documents, ${questions.length} questions (tables read in ${loadS.toFixed(1)} s)`);
  const extra = loaded.scoreHeaders();

  // Passages of every kind, written once (timed: this is the table part of ingest).
  const t1 = performance.now();
  const corpus = buildPassages(docs);
  const summariesS = (performance.now() - t1) / 1000;
  log(`summaries: ${corpus.length} passages in ${summariesS.toFixed(1)} s`);

  const results: Record<string, Record<string, number>> = {};
  const byGroup: Record<string, Record<string, Record<string, number>>> = {};
  const dump: Record<string, string[][]> = {};
  let indexS = 0;
  const indexes = new Map<string, Awaited<ReturnType<typeof buildIndex>>>();
  const indexOf = async (name: string, pick: (p: Passage & { style?: string }) => boolean, bm25?: Bm25Parameters) => {
    let idx = indexes.get(name);
    if (!idx) {
      const t = performance.now();
      idx = await buildIndex(corpus.filter(pick), bm25);
      indexS += (performance.now() - t) / 1000;
      indexes.set(name, idx);
    }
    return idx;
  };
  // Paragraphs of the document (not the flattened table, which only some configs index).
  const text = (p: Passage & { style?: string }) => p.kind === 'text' && p.style !== 'flat';
  for (const config of configs) {
    let rank: (q: string) => Promise<string[]>;
    if (config === 'flat') {
      const idx = await indexOf('flat', (p) => text(p) || p.style === 'flat');
      rank = async (q) => docsByBestPassage(await idx.search(q, 200));
    } else if (config === 'table-summary') {
      const idx = await indexOf('table-summary', (p) => text(p) || p.kind === 'table');
      rank = async (q) => docsByBestPassage(await idx.search(q, 200));
    } else if (config === 'rcl' || config === 'h-rcl') {
      const idx = await indexOf(config, (p) => text(p) || (p.kind !== 'table' && p.style === config), STRUCTURED_BM25);
      rank = async (q) => docsByBestPassage(await idx.search(q, 300));
    } else {
      if (!args.flags.has('harness')) {
        rank = await engineRanking(docs, log);
      } else {
        // The engine's two corpora: text chunks (the flattened table among them) + table-level
        // summaries; H-RCL row and column summaries.
        const lex = await indexOf('lexical', (p) => p.kind === 'text' || p.kind === 'table');
        const strOnly = await indexOf('structured', (p) => (p.kind === 'table-row' || p.kind === 'table-column') && p.style === 'h-rcl', STRUCTURED_BM25);
        const labels = labelsOf(docs);
        if (args.flags.has('sweep')) await sweep(questions, lex, strOnly, labels, log);
        rank = async (q) => {
          const lexical = await lex.search(q, DEFAULT_FUSION.lexicalTopK);
          const structured = await strOnly.search(q, DEFAULT_FUSION.structuredTopK);
          return uniqueDocs(fuseCandidates({ query: q, lexical, structured, tableLabels: labels }).map((x) => x.passage.docId));
        };
        if (args.values.has('explain')) await explain(questions, docs, lex, strOnly, labels, Number(args.values.get('explain')), log);
      }
    }
    const { hits, ms, groups } = await evaluate(questions, rank, (dump[config] = []));
    results[config] = hits;
    byGroup[config] = groups;
    log(`${config.padEnd(14)} ${KS.map((k) => `HiT@${k} ${hits[`HiT@${k}`]!.toFixed(1)}`).join('  ')}  p50 ${hits.query_ms_p50!.toFixed(1)} ms`);
  }
  let ceiling: ReturnType<typeof termPresenceCeiling> | undefined;
  if (args.flags.has('ceiling')) {
    // flattenTable writes the caption first, then every cell.
    const text = (d: Doc) => [...d.paragraphs, ...d.tables.map(flattenTable)].join('\n');
    ceiling = termPresenceCeiling(docs.map((d) => ({ id: d.id, text: text(d) })), questions, KS);
    log(`term-presence ceiling ${KS.map((k) => `HiT@${k} ${ceiling!.overall[`HiT@${k}`]!.toFixed(1)}`).join('  ')}`);
  }
  if (args.values.has('dump')) writeFileSync(args.values.get('dump')!, JSON.stringify(dump));
  // --passages-hash: what the engine prepares and indexes, hashed (compare before and after a change).
  let hashes: Awaited<ReturnType<typeof passageHashes>> | undefined;
  if (args.flags.has('passages-hash')) {
    hashes = await passageHashes(engineInputs(docs));
    log(`passages: ${hashes.passages}, sha256 ${hashes.passages_sha256}, postings sha256 ${hashes.postings_sha256}`);
  }
  const ingestS = loadS + summariesS + indexS;
  log(`ingest: read ${loadS.toFixed(1)} s + summaries ${summariesS.toFixed(1)} s + BM25 indexes ${indexS.toFixed(1)} s`);
  return {
    suite: 'tables',
    dataset: tatqa ? 'tatqa' : 'hitab',
    questions: questions.length,
    documents: docs.length,
    configs: results,
    ...(tatqa ? { by_answer_from: byGroup } : {}),
    ...(tatqa ? {} : { by_source: byGroup }),
    ...(ceiling ? { term_presence_ceiling: { ...ceiling.overall, [tatqa ? 'by_answer_from' : 'by_source']: ceiling.byGroup } } : {}),
    ...extra,
    ingest_s: round1(ingestS),
    ...(Object.keys(engineStats).length ? { engine: engineStats } : {}),
    ...(hashes ? { prepared: hashes } : {}),
    ingest_breakdown_s: { read: round1(loadS), summaries: round1(summariesS), indexes: round1(indexS) },
  };
}

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

function loadHitab(args: ReturnType<typeof parseArgs>, log: (l: string) => void) {
  const tablesPath = resolve(PROJECT_ROOT, args.values.get('hitab-tables') ?? '../shared/data/hitab/tables.jsonl');
  const questionsPath = resolve(PROJECT_ROOT, args.values.get('hitab-questions') ?? '../shared/data/hitab/questions.jsonl');
  const split = args.values.get('split') ?? 'dev';
  const raw = readJsonl(tablesPath) as HitabTable[];
  const docs: Doc[] = [];
  const seen = new Set<string>();
  const headerRows: HitabTable[] = [];
  for (const t of raw) {
    if (seen.has(t.canonical_id)) continue;
    seen.add(t.canonical_id);
    const dom = parseDocument(t.html, { decodeEntities: true });
    const tables = findAll((e) => e.name === 'table', dom.children)
      .filter((e) => !hasTableAncestor(e))
      .map((e) => readHtmlTable(e).table)
      .filter((x) => x.rows > 0);
    docs.push({ id: t.canonical_id, name: 'table', html: t.html, paragraphs: [], tables });
    headerRows.push(t);
  }
  const questions: Question[] = (readJsonl(questionsPath) as HitabQuestion[])
    .filter((q) => split === 'all' || q.split === split)
    .map((q) => ({ question: q.question, gold: q.canonical_table_id, group: q.table_source }));
  // Scored outside the ingest timing: it reads every table a second time, as a flattened grid.
  const scoreHeaders = () => (args.flags.has('no-header-accuracy') ? {} : { header_accuracy: headerAccuracy(headerRows, docs, log) });
  return { docs, questions, scoreHeaders };
}

function loadTatqa(args: ReturnType<typeof parseArgs>, _log: (l: string) => void) {
  const path = resolve(PROJECT_ROOT, args.values.get('tatqa') ?? '../shared/data/tatqa/dev.json');
  const raw = JSON.parse(readFileSync(path, 'utf8')) as TatqaDoc[];
  const docs: Doc[] = [];
  const questions: Question[] = [];
  for (const d of raw) {
    const id = d.table.uid;
    const { table } = readGrid(d.table.table);
    const paragraphs = [...d.paragraphs].sort((a, b) => a.order - b.order).map((p) => p.text);
    docs.push({ id, name: 'report', paragraphs, tables: table.rows > 0 ? [table] : [] });
    for (const q of d.questions) questions.push({ question: q.question, gold: id, group: q.answer_from });
  }
  return { docs, questions, scoreHeaders: () => ({}) };
}

/** Every passage kind of every document, tagged with the config it belongs to. */
function buildPassages(docs: Doc[]): Array<Passage & { style?: string }> {
  const out: Array<Passage & { style?: string }> = [];
  for (const doc of docs) {
    let ordinal = 0;
    const push = (kind: PassageKind, text: string, style?: string, tableIndex?: number) => {
      const heading = tableIndex === undefined ? undefined : doc.tables[tableIndex]?.caption;
      out.push({ id: `${doc.id}#${ordinal}`, docId: doc.id, ordinal: ordinal++, kind, text, start: 0, end: 0, sentences: [], style, ...(heading ? { heading } : {}), ...(tableIndex === undefined ? {} : { tableIndex }) });
    };
    for (const p of doc.paragraphs) push('text', p);
    doc.tables.forEach((table, ti) => {
      // The engine chunks the table's flattened text like any text block: a text passage.
      push('text', flattenTable(table), 'flat', ti);
      const structure = detectHeaders(table);
      const h = summarizeTable(table, { structure });
      for (const s of h) push(s.kind, s.text, s.kind === 'table' ? undefined : 'h-rcl', ti);
      for (const s of summarizeTable(table, { structure, style: 'rcl' })) if (s.kind !== 'table') push(s.kind, s.text, 'rcl', ti);
    });
  }
  return out;
}

// ---------------------------------------------------------------------------
// BM25 harness over Orama (what the engine's indexes do)
// ---------------------------------------------------------------------------

/**
 * The engine's own first-stage index (Orama with Almanac's whole-word BM25 component, the
 * caption as the `heading` field), so harness figures are the engine's figures. Indexes of row
 * and column summaries take the engine's structured-index parameters (`STRUCTURED_BM25`).
 */
async function buildIndex(passages: Passage[], bm25?: Bm25Parameters) {
  const index = new PassageIndex(undefined, bm25);
  const byId = new Map<string, Passage>();
  for (const p of passages) byId.set(p.id, p);
  await index.add(passages);
  return {
    size: passages.length,
    async search(q: string, limit: number): Promise<Hit[]> {
      const hits = await index.search(q, { limit });
      return hits.map((h, rank) => ({ passage: byId.get(h.id)!, score: h.score, rank }));
    },
  };
}

/** The engine's table labels for the harness: a table passage (or the flattened table) stands for its table. */
function labelsOf(docs: Doc[]): (p: Passage) => TableLabels | undefined {
  const byDoc = new Map(docs.map((d) => [d.id, d]));
  const cache = new Map<Table, TableLabels>();
  return (p) => {
    const table = p.tableIndex === undefined ? undefined : byDoc.get(p.docId)?.tables[p.tableIndex];
    if (!table) return undefined;
    let l = cache.get(table);
    if (!l) cache.set(table, (l = tableLabels(table)));
    return l;
  };
}

function docsByBestPassage(hits: Hit[]): string[] {
  return uniqueDocs(hits.map((h) => h.passage.docId));
}

function uniqueDocs(ids: string[]): string[] {
  return [...new Set(ids)];
}

async function evaluate(questions: Question[], rank: (q: string) => Promise<string[]>, dump: string[][] = []) {
  const found = Object.fromEntries(KS.map((k) => [k, 0])) as Record<number, number>;
  const groups: Record<string, { n: number; hits: Record<number, number> }> = {};
  const times: number[] = [];
  for (const q of questions) {
    const t = performance.now();
    const ranked = await rank(q.question);
    times.push(performance.now() - t);
    dump.push(ranked.slice(0, 20));
    const pos = ranked.indexOf(q.gold);
    const g = (groups[q.group ?? 'all'] ??= { n: 0, hits: Object.fromEntries(KS.map((k) => [k, 0])) });
    g.n++;
    for (const k of KS) {
      if (pos >= 0 && pos < k) {
        found[k]!++;
        g.hits[k]!++;
      }
    }
  }
  times.sort((a, b) => a - b);
  const hits: Record<string, number> = {};
  for (const k of KS) hits[`HiT@${k}`] = round1((100 * found[k]!) / Math.max(1, questions.length));
  hits.query_ms_p50 = round1(times[Math.floor(times.length / 2)] ?? 0);
  const byGroup: Record<string, Record<string, number>> = {};
  for (const [name, g] of Object.entries(groups)) {
    byGroup[name] = { questions: g.n };
    for (const k of KS) byGroup[name]![`HiT@${k}`] = round1((100 * g.hits[k]!) / g.n);
  }
  return { hits, ms: times, groups: byGroup };
}

/** Grid search of the fusion parameters on cached first-stage lists (cheap: no re-search). */
async function sweep(questions: Question[], lex: { search: (q: string, k: number) => Promise<Hit[]> }, str: { search: (q: string, k: number) => Promise<Hit[]> }, tableLabels: (p: Passage) => TableLabels | undefined, log: (l: string) => void) {
  const cache: Array<{ q: Question; lexical: Hit[]; structured: Hit[] }> = [];
  for (const q of questions) cache.push({ q, lexical: await lex.search(q.question, 60), structured: await str.search(q.question, 100) });
  const grid: Array<Partial<FusionSettings>> = [];
  // One parameter at a time around the defaults, then a few combinations.
  const around: Array<[keyof FusionSettings, number[]]> = [
    ['rrfK', [2, 10]],
    ['scoreWeight', [0.3, 1]],
    ['coverageWeight', [1, 3]],
    ['cellWeight', [1, 3]],
    ['phraseWeight', [1, 3]],
    ['rowLabelWeight', [0.5, 1.5]],
    ['columnLabelWeight', [0, 1]],
  ];
  grid.push({});
  for (const [key, values] of around) for (const v of values) grid.push({ [key]: v });
  log(`sweep: ${grid.length} settings over ${cache.length} questions`);
  const scored = grid.map((settings) => {
    let h1 = 0;
    let h10 = 0;
    for (const c of cache) {
      const ranked = uniqueDocs(fuseCandidates({ query: c.q.question, lexical: c.lexical, structured: c.structured, settings, tableLabels }).map((x) => x.passage.docId));
      const pos = ranked.indexOf(c.q.gold);
      if (pos === 0) h1++;
      if (pos >= 0 && pos < 10) h10++;
    }
    return { settings, h1: (100 * h1) / cache.length, h10: (100 * h10) / cache.length };
  });
  for (const s of scored) log(`sweep ${JSON.stringify(s.settings)} HiT@1 ${s.h1.toFixed(1)} HiT@10 ${s.h10.toFixed(1)}`);
}

/** Logs candidate recall and the first failures of the ensemble (`--explain N`), to see what to fix. */
async function explain(questions: Question[], docs: Doc[], lex: { search: (q: string, k: number) => Promise<Hit[]> }, str: { search: (q: string, k: number) => Promise<Hit[]> }, tableLabels: (p: Passage) => TableLabels | undefined, n: number, log: (l: string) => void) {
  const caption = new Map(docs.map((d) => [d.id, d.tables[0]?.caption ?? d.paragraphs[0]?.slice(0, 80) ?? '']));
  let inCands = 0;
  let shown = 0;
  for (const q of questions) {
    const lexical = await lex.search(q.question, DEFAULT_FUSION.lexicalTopK);
    const structured = await str.search(q.question, DEFAULT_FUSION.structuredTopK);
    const fused = fuseCandidates({ query: q.question, lexical, structured, tableLabels });
    const ranked = uniqueDocs(fused.map((x) => x.passage.docId));
    if (ranked.includes(q.gold)) inCands++;
    if (ranked[0] !== q.gold && shown++ < n) {
      log(`Q: ${q.question}\n  gold (#${ranked.indexOf(q.gold) + 1}): ${caption.get(q.gold)}\n  top: ${caption.get(ranked[0]!)}\n  top passage: ${fused[0]?.passage.text.slice(0, 200)}`);
    }
  }
  log(`gold among fused candidates: ${pct(inCands, questions.length)}%`);
}

// ---------------------------------------------------------------------------
// The engine: the `ensemble` config through createAlmanac
// ---------------------------------------------------------------------------

/** Ingests the documents as a user's HTML into a real engine; returns its document ranking. */
/** The engine's ingest of the corpus (`ensemble`): time, CPU, tables/s and retained heap. */
const engineStats: Record<string, number> = {};

async function engineRanking(docs: Doc[], log: (l: string) => void): Promise<(q: string) => Promise<string[]>> {
  const inputs = engineInputs(docs);
  const before = retainedBytes();
  const almanac = await createAlmanac();
  const t = performance.now();
  const cpu = process.cpuUsage();
  await almanac.ingest(inputs);
  const used = process.cpuUsage(cpu);
  const wallS = (performance.now() - t) / 1000;
  const cpuS = (used.user + used.system) / 1e6;
  const tables = docs.reduce((n, d) => n + d.tables.length, 0);
  engineStats.ingest_wall_s = round1(wallS);
  engineStats.ingest_cpu_s = round1(cpuS);
  engineStats.tables_per_s_wall = Math.round(tables / wallS);
  engineStats.tables_per_s_cpu = Math.round(tables / cpuS);
  engineStats.heap_mb = mb(retainedBytes() - before);
  log(`engine ingest: ${wallS.toFixed(1)} s wall, ${cpuS.toFixed(1)} s CPU (${engineStats.tables_per_s_cpu} tables/s CPU), heap +${engineStats.heap_mb} MB`);
  // What storing the corpus takes (the index format, as IndexedDB and an export hold it) against
  // the documents as given, and opening it again (an import into a new engine reads what an open reads).
  const file = await almanac.exportCorpus();
  const raw = inputs.reduce((n, d) => n + (typeof d.content === 'string' ? new TextEncoder().encode(d.content).length : d.content.byteLength), 0);
  engineStats.stored_mb = round1(file.length / 1e6);
  engineStats.stored_x_raw = Math.round((file.length / raw) * 100) / 100;
  const opened = await createAlmanac();
  const openCpu = process.cpuUsage();
  await opened.importCorpus(file);
  const openUsed = process.cpuUsage(openCpu);
  engineStats.open_cpu_s = round1((openUsed.user + openUsed.system) / 1e6);
  await opened.close();
  log(`stored: ${engineStats.stored_mb} MB = ${engineStats.stored_x_raw}x the documents; opened again in ${engineStats.open_cpu_s} s CPU`);
  return async (q) => (await almanac.search(q, { limit: 10, groupByDocument: true })).results.map((r) => r.passage.docId);
}

/** The documents as a user gives them to the engine: HiTab's HTML, TAT-QA's as a page. */
function engineInputs(docs: Doc[]): DocumentInput[] {
  return docs.map((d) => ({ id: d.id, name: d.html ? 'table.html' : 'report.html', content: d.html ?? tatqaHtml(d), format: 'html' }));
}

/** A TAT-QA document as a user's HTML page: paragraphs, then the table. */
export function tatqaHtml(d: Pick<Doc, 'paragraphs' | 'tables'>): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const table = d.tables[0];
  let html = d.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n');
  if (table) {
    const rows: string[] = [];
    for (let r = 0; r < table.rows; r++) {
      const cells = table.cells.filter((c) => c.row === r).map((c) => `<td${c.rowSpan > 1 ? ` rowspan="${c.rowSpan}"` : ''}${c.colSpan > 1 ? ` colspan="${c.colSpan}"` : ''}>${esc(c.text)}</td>`);
      rows.push(`<tr>${cells.join('')}</tr>`);
    }
    html += `\n<table>${rows.join('')}</table>`;
  }
  return html;
}

// ---------------------------------------------------------------------------
// Header detection against HiTab's trees
// ---------------------------------------------------------------------------

interface HitabNode { row_index: number; column_index: number; children: HitabNode[] }
interface HitabTable {
  id: string; canonical_id: string; title: string; html: string; texts: string[][];
  top_header_rows_num: number; left_header_columns_num: number; top_root: HitabNode; left_root: HitabNode;
}
interface HitabQuestion { id: string; split: string; question: string; canonical_table_id: string; table_source: string }
interface TatqaDoc { table: { uid: string; table: string[][] }; paragraphs: Array<{ order: number; text: string }>; questions: Array<{ question: string; answer_from: string }> }

/**
 * HiTab's annotation, read as: column-header rows = rows of the top tree (HiTab's
 * `top_header_rows_num` is that plus one in all but one table, and counts no unit row);
 * row-header columns = `left_header_columns_num`; a column's path = texts of its top-tree
 * ancestors; a row's path = texts of its left-tree ancestors (unit labels and header-area
 * nodes left out). Ours: header rows that are neither empty nor unit rows.
 */
function headerAccuracy(raw: HitabTable[], docs: Doc[], log: (l: string) => void) {
  const out: Record<string, Record<string, number>> = {};
  for (const mode of ['markup', 'layout'] as const) {
    let n = 0, rowsOk = 0, colsOk = 0, topN = 0, topOk = 0, leftN = 0, leftOk = 0;
    raw.forEach((t, i) => {
      const table = mode === 'markup' ? docs[i]!.tables[0] : readGrid(t.texts).table;
      if (!table) return;
      const s = detectHeaders(table);
      n++;
      const goldRows = maxRow(t.top_root) + 1;
      const predRows = s.headerRows.filter((r) => !s.unitRows.includes(r) && (t.texts[r] ?? []).some((x) => x.trim())).length;
      if (predRows === goldRows) rowsOk++;
      if (s.headerCols === t.left_header_columns_num) colsOk++;
      const norm = (p: string[]) => p.map((x) => x.toLowerCase().replace(/\s+/g, ' ').trim()).filter(Boolean).join(' / ');
      for (const [leaf, path] of leaves(t.top_root)) {
        topN++;
        const gold = path.map((nd) => t.texts[nd.row_index]?.[nd.column_index] ?? '');
        if (norm(gold) === norm(s.columnPaths[leaf.column_index] ?? [])) topOk++;
      }
      for (const [leaf, path] of leaves(t.left_root)) {
        if (leaf.row_index < goldRows) continue;
        leftN++;
        const gold = path
          .filter((nd) => nd.row_index >= goldRows)
          .map((nd) => t.texts[nd.row_index]?.[nd.column_index] ?? '')
          .filter((x) => !isUnitLabel(x));
        if (norm(gold) === norm(s.rowPaths[leaf.row_index] ?? [])) leftOk++;
      }
    });
    out[mode] = {
      tables: n,
      header_rows_acc: pct(rowsOk, n),
      header_cols_acc: pct(colsOk, n),
      top_path_acc: pct(topOk, topN),
      left_path_acc: pct(leftOk, leftN),
    };
    log(`header detection (${mode}): rows ${out[mode]!.header_rows_acc}%  cols ${out[mode]!.header_cols_acc}%  top paths ${out[mode]!.top_path_acc}% of ${topN}  left paths ${out[mode]!.left_path_acc}% of ${leftN}`);
  }
  return out;
}

function maxRow(n: HitabNode): number {
  return n.children.reduce((m, c) => Math.max(m, maxRow(c)), n.row_index);
}

function leaves(root: HitabNode): Array<[HitabNode, HitabNode[]]> {
  const out: Array<[HitabNode, HitabNode[]]> = [];
  const walk = (n: HitabNode, path: HitabNode[]) => {
    const p = n.row_index >= 0 ? [...path, n] : path;
    if (n.children.length === 0 && n.row_index >= 0) out.push([n, p]);
    for (const c of n.children) walk(c, p);
  };
  walk(root, []);
  return out;
}

// ---------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------

function hasTableAncestor(e: { parent: unknown }): boolean {
  let p = e.parent as { name?: string; parent: unknown } | null;
  while (p) {
    if (p.name === 'table') return true;
    p = p.parent as typeof p;
  }
  return false;
}

function readJsonl(path: string): unknown[] {
  return readFileSync(path, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as unknown);
}

function parseArgs(argv: string[]) {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) continue;
    const key = a.slice(2);
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      values.set(key, next);
      i++;
    } else flags.add(key);
  }
  return { values, flags };
}

function pct(a: number, b: number): number {
  return round1((100 * a) / Math.max(1, b));
}
