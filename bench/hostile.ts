import { spawn } from 'node:child_process';
import { createAlmanac, type DocumentInput } from '../src/index.ts';
import { option, PROJECT_ROOT, round1 } from './args.ts';

/**
 * `npm run bench -- hostile [--case NAME] [--bytes N] [--timeout S]`: every adversarial input of
 * issue 16, ingested (parse, chunk, timestamps, index; memory store) at a size N and at 2N, each
 * in a child process of its own (a case that never ends is killed at `--timeout`, and a heap
 * left by one case does not slow the next). Reports time, peak memory (heap and array buffers
 * above the start, sampled while it runs) and whether time grew linearly: doubling the input
 * at most 2.5x the time. Budget: 1 MB of any adversarial text ingests in under 2 s on one core.
 * Time is the process's CPU time (user + system; Node runs the pipeline on one thread), which a
 * loaded machine inflates far less than the wall clock; the wall clock is reported beside it.
 *
 * Sizes are the content's length (characters, or bytes for binary content); N is 512 KiB, so
 * 2N is the budget's megabyte. Which engineer's part fixes each case is named in `owner`.
 */

interface Case {
  /** Whose part of issue 16 fixes it (TEAM.md). */
  owner: 'formats' | 'robust' | 'temporal' | 'perf';
  /** What the issue found. */
  what: string;
  /** The inputs at about `size` characters; `then` is the operation timed instead of the ingest. */
  make(size: number): DocumentInput[];
  then?: 'replace' | 'remove';
}

const repeat = (unit: string, size: number): string => unit.repeat(Math.max(1, Math.floor(size / unit.length)));

/** Deterministic pseudo-random words (xorshift): text that repeats nothing. */
function words(size: number, alphabet: string, seed = 7): string {
  let x = seed;
  let out = '';
  while (out.length < size) {
    let word = '';
    const n = 3 + ((x >>> 0) % 7);
    for (let i = 0; i < n; i++) {
      x ^= x << 13; x ^= x >>> 17; x ^= x << 5;
      word += alphabet[(x >>> 0) % alphabet.length];
    }
    out += `${word} `;
  }
  return out;
}

function manyDocs(size: number, each: (i: number) => DocumentInput): DocumentInput[] {
  const docs: DocumentInput[] = [];
  let total = 0;
  for (let i = 0; total < size; i++) {
    const d = each(i);
    docs.push(d);
    total += typeof d.content === 'string' ? d.content.length : (d.content as Uint8Array).byteLength;
  }
  return docs;
}

const CASES: Record<string, Case> = {
  'markdown-heading-spaces': { owner: 'formats', what: '"# a" + spaces + "b": the heading regex was cubic (10k spaces: 10 min)', make: (n) => [{ name: 'h.md', content: `# a${' '.repeat(n)}b\n\nText.` }] },
  'question-marks': { owner: 'robust', what: 'a run of "?" not followed by a space: the sentence boundary regex was quadratic (100 KB: 47 s)', make: (n) => [{ name: 'q.txt', content: `Why${'?'.repeat(n)}x ok.` }] },
  'markdown-brackets': { owner: 'formats', what: 'a run of "[" (stripInline ~15 s)', make: (n) => [{ name: 'b.md', content: `Text ${'['.repeat(n)} end.` }] },
  'markdown-angles': { owner: 'formats', what: 'a run of "<" (stripInline ~15 s)', make: (n) => [{ name: 'a.md', content: `Text ${'<'.repeat(n)} end.` }] },
  'markdown-table-delimiter-spaces': { owner: 'formats', what: 'a table delimiter line with a long run of spaces (50k: 5 s)', make: (n) => [{ name: 't.md', content: `| a | b |\n|${' '.repeat(n)}--- | --- |\n| 1 | 2 |\n` }] },
  'long-line-no-spaces': { owner: 'robust', what: 'one line without spaces: splitLong\'s lastIndexOf was quadratic (10 MB: 58 s)', make: (n) => [{ name: 'l.txt', content: 'a'.repeat(n) }] },
  'nested-divs': { owner: 'formats', what: 'deeply nested divs: parsing then a stack overflow (100k: 33 s)', make: (n) => { const k = Math.floor(n / 12); return [{ name: 'n.html', content: `${'<div>'.repeat(k)}deep${'</div>'.repeat(k)}` }]; } },
  'html-angles': { owner: 'formats', what: 'a run of "<" in HTML', make: (n) => [{ name: 'a.html', content: `<p>Text ${'<'.repeat(n)} end.</p>` }] },
  'blank-lines': { owner: 'formats', what: 'white space and blank lines only, around one word', make: (n) => [{ name: 'w.txt', content: `word${repeat('\n \t\n', n)}word` }] },
  'binary-as-txt': { owner: 'formats', what: 'binary content under a text extension', make: (n) => [{ name: 'x.txt', content: Uint8Array.from({ length: n }, (_, i) => (i * 2654435761) >>> 24) }] },
  'nul-runs': { owner: 'robust', what: 'NULs and zero-width characters between letters', make: (n) => [{ name: 'z.txt', content: repeat('ab\u0000c\u200bd\u200ce\ufeff ', n) }] },
  'zero-width-only': { owner: 'robust', what: 'a document of only zero-width characters (refused with a typed error)', make: (n) => [{ name: 'zw.txt', content: repeat('\u200b\u200c\u200d\u2060', n) }] },
  'duplicate-names': { owner: 'robust', what: 'thousands of files named note.txt in one call (ids collided; Orama threw mid-call)', make: (n) => manyDocs(n, (i) => ({ name: 'note.txt', content: `Note ${i} about the harbour and its tides, kept for the record.` })) },
  'unicode-names': { owner: 'robust', what: 'names that differ only in a non-Latin script (one id before)', make: (n) => manyDocs(n, (i) => ({ name: `Отчёт ${String.fromCodePoint(0x4e00 + (i % 20000))}${Math.floor(i / 20000) || ''}.txt`, content: `Отчёт номер ${i}: библиотека и рукописи.` })) },
  'cjk-no-spaces': { owner: 'robust', what: 'Chinese text without spaces (Intl.Segmenter)', make: (n) => [{ name: 'zh.txt', content: words(n, '国家图书馆在北京开放保存古老的手稿年度报告很长').replace(/ /g, '') + '。' }] },
  'mixed-scripts': { owner: 'robust', what: 'Cyrillic, Arabic, Hebrew and Greek prose (stemmers by script)', make: (n) => [{ name: 'm.txt', content: words(n, 'абвгдежзиклмнопрстуфхцчшщыэюяابتثجحخدذرزسشصضطظعغفقكلمنهويאבגדהוזחטיכלמנסעפצקרשתαβγδεζηθικλμνξοπρστυφχψω') }] },
  emoji: { owner: 'robust', what: 'runs of emoji', make: (n) => [{ name: 'e.txt', content: repeat('party 🎉🍕👨‍👩‍👧 ', n) }] },
  dates: { owner: 'temporal', what: '"1000000 years ago", "31 February 2021", "between 2020 and 1990", "From 1990 to 1980", repeated', make: (n) => [{ name: 'd.txt', content: repeat('It began 1000000 years ago. It ended on 31 February 2021. It rose between 2020 and 1990. From 1990 to 1980 it fell. ', n) }] },
  'csv-rows': { owner: 'perf', what: 'a long CSV (the 5,000-row cap cut real tables)', make: (n) => [{ name: 'r.csv', content: `region,year,value,note\n${repeat('North,2019,1234.5,ok\n', n)}` }] },
  'replace-documents': { owner: 'perf', what: 're-ingesting documents (69 s for 1,000 against 2.5 s at first)', make: (n) => manyDocs(n, (i) => ({ id: `r${i}`, name: `r${i}.txt`, content: `Replaced note ${i} about the harbour, its tides and its keeper.` })), then: 'replace' },
  'remove-documents': { owner: 'perf', what: 'removing documents (999: 38 s)', make: (n) => manyDocs(n, (i) => ({ id: `d${i}`, name: `d${i}.txt`, content: `Removed note ${i} about the harbour, its tides and its keeper.` })), then: 'remove' },
};

const BASE_BYTES = 512 * 1024;
const MB = 1024 * 1024;
const BUDGET_MS_PER_MB = 2000;
const LINEAR_RATIO = 2.5;

/** One timed run of a case at `size`, in this process: ms and peak MB above the start. */
async function measure(c: Case, size: number): Promise<{ ms: number; wall_ms: number; peak_mb: number; stored: number; refused: string[] }> {
  const docs = c.make(size);
  const almanac = await createAlmanac();
  if (c.then) await almanac.ingest(docs);
  (globalThis as { gc?: () => void }).gc?.();
  const memory = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
  const base = memory();
  let peak = base;
  const sampler = setInterval(() => { peak = Math.max(peak, memory()); }, 5);
  const t = performance.now();
  const cpu = process.cpuUsage();
  let reports: Awaited<ReturnType<typeof almanac.ingest>> = [];
  if (c.then === 'remove') await almanac.remove(docs.map((d) => d.id!));
  else reports = await almanac.ingest(docs);
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - t;
  const ms = (used.user + used.system) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, memory());
  await almanac.close();
  return {
    ms,
    wall_ms: Math.round(wall),
    peak_mb: round1((peak - base) / MB),
    stored: reports.filter((r) => r.stored).length,
    refused: [...new Set(reports.filter((r) => r.error).map((r) => r.error!.code))],
  };
}

/** Child mode: runs one case at N then 2N, one JSON line per size (median of three when quick). */
async function runCase(name: string, bytes: number): Promise<Record<string, unknown>> {
  const c = CASES[name];
  if (!c) throw new Error(`no case ${name}; cases: ${Object.keys(CASES).join(', ')}`);
  // A first, smaller run warms the JIT up, so that N is not measured cold and 2N warm.
  await measure(c, Math.floor(bytes / 4));
  for (const size of [bytes, 2 * bytes]) {
    const first = await measure(c, size);
    const runs = [first];
    if (first.ms < 2000) runs.push(await measure(c, size), await measure(c, size));
    runs.sort((x, y) => x.ms - y.ms);
    const median = runs[runs.length >> 1]!;
    process.stdout.write(`${JSON.stringify({ size, ...median, ms: Math.round(median.ms), peak_mb: Math.max(...runs.map((r) => r.peak_mb)) })}\n`);
  }
  return { case: name };
}

/** Runs one case in a child process; resolves to the lines it printed before it ended or was killed. */
function child(name: string, bytes: number, timeoutS: number): Promise<{ rows: Array<{ size: number; ms: number; wall_ms: number; peak_mb: number; stored: number; refused: string[] }>; timedOut: boolean }> {
  return new Promise((resolve) => {
    // Node itself with tsx's loader, not the tsx command: killing that one would leave the node
    // process it starts running, holding the pipe open.
    const proc = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/main.ts', 'hostile', '--child', '--case', name, '--bytes', String(bytes)], {
      cwd: PROJECT_ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    let timedOut = false;
    proc.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    const timer = setTimeout(() => { timedOut = true; proc.kill('SIGKILL'); }, timeoutS * 1000);
    proc.on('close', () => {
      clearTimeout(timer);
      const rows = out.split('\n').filter((l) => l.startsWith('{"size"')).map((l) => JSON.parse(l));
      resolve({ rows, timedOut });
    });
  });
}

export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const bytes = Number(option(argv, 'bytes', String(BASE_BYTES)));
  const only = option(argv, 'case');
  if (only && argv.includes('--child')) return runCase(only, bytes);
  const timeoutS = Number(option(argv, 'timeout', '60'));
  const names = only ? [only] : Object.keys(CASES);
  const results: Array<Record<string, unknown>> = [];
  const overBudget: string[] = [];
  let linear = 0;
  let worst = 0;
  for (const name of names) {
    const c = CASES[name]!;
    log(`hostile: ${name} (${c.owner}): ${c.what}`);
    const { rows, timedOut } = await child(name, bytes, timeoutS);
    const [n, n2] = rows;
    const ratio = n && n2 ? n2.ms / Math.max(n.ms, 1) : undefined;
    // Times of a few milliseconds are noise: below 20 ms at 2N a case is linear whatever the ratio.
    const isLinear = !timedOut && !!n2 && (ratio! <= LINEAR_RATIO || n2.ms < 20);
    const msPerMb = n2 ? Math.round(n2.ms / (n2.size / MB)) : undefined;
    if (isLinear) linear++;
    if (msPerMb === undefined || msPerMb > BUDGET_MS_PER_MB) overBudget.push(name);
    if (msPerMb !== undefined) worst = Math.max(worst, msPerMb);
    const row = {
      case: name, owner: c.owner,
      ms_n: n?.ms ?? null, ms_2n: n2?.ms ?? null, wall_ms_2n: n2?.wall_ms ?? null, ratio: ratio === undefined ? null : round1(ratio), linear: isLinear,
      ms_per_mb: msPerMb ?? null, peak_mb_2n: n2?.peak_mb ?? null, stored: n2?.stored ?? n?.stored ?? null, refused: n2?.refused ?? n?.refused ?? [],
      ...(timedOut ? { timed_out_after_s: timeoutS } : {}),
    };
    results.push(row);
    log(`  N ${n?.ms ?? '-'} ms, 2N ${n2?.ms ?? (timedOut ? `> ${timeoutS} s` : '-')} ms, x${row.ratio ?? '-'}, ${msPerMb ?? '-'} ms/MB, peak ${row.peak_mb_2n ?? '-'} MB${row.refused.length ? `, refused: ${row.refused.join(' ')}` : ''}`);
  }
  log(`\n| case | owner | N cpu ms | 2N cpu ms | x | linear | cpu ms/MB | 2N wall ms | peak MB | refused |\n|---|---|---|---|---|---|---|---|---|---|\n${results.map((r) => `| ${r.case} | ${r.owner} | ${r.ms_n ?? '-'} | ${r.ms_2n ?? (r.timed_out_after_s ? `> ${r.timed_out_after_s} s` : '-')} | ${r.ratio ?? '-'} | ${r.linear ? 'yes' : 'no'} | ${r.ms_per_mb ?? '-'} | ${r.wall_ms_2n ?? '-'} | ${r.peak_mb_2n ?? '-'} | ${(r.refused as string[]).join(' ')} |`).join('\n')}`);
  return { suite: 'hostile', cases: names.length, linear, worst_ms_per_mb: worst, over_budget: overBudget, bytes_n: bytes, results };
}
