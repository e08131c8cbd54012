/**
 * `npm run bench -- tc-parse [--situatedqa PATH]`: scores question decomposition on
 * SituatedQA's temporal split. Each `edited_question` is `question` plus a constraint
 * ("as of 2018", "as of June 3, 2016"); the parser must find the relation ("as of" ->
 * `before-or-at`), the date (same day/month/year and granularity as `date`), and give
 * back `question` as the main content.
 */
import fs from 'node:fs';
import { parseQuestion } from '../src/temporal/index.ts';
import { dataPath, round1 } from './args.ts';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The gold date, read independently of the parser: "2018", "June 03, 2016", "June 2016". */
function goldDate(date: string): { year: number; month?: number; day?: number } | null {
  const s = date.trim().toLowerCase();
  let m = /^(\d{1,4})$/.exec(s);
  if (m) return { year: +m[1]! };
  m = /^([a-z]+)\s+(\d{1,2}),\s*(\d{1,4})$/.exec(s);
  if (m && MONTHS.includes(m[1]!)) return { year: +m[3]!, month: MONTHS.indexOf(m[1]!), day: +m[2]! };
  m = /^([a-z]+)\s+(\d{1,4})$/.exec(s);
  if (m && MONTHS.includes(m[1]!)) return { year: +m[2]!, month: MONTHS.indexOf(m[1]!) };
  return null;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').replace(/\s+([?.!,])/g, '$1').toLowerCase();

/** Runs the suite. */
export async function run(argv: string[], log: (line: string) => void): Promise<Record<string, unknown>> {
  const file = dataPath(argv, 'situatedqa', '../shared/data/situatedqa/temp.dev.jsonl');
  const rows = fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as { question: string; edited_question: string; date: string });
  let dateOk = 0, relOk = 0, mcOk = 0, unparsedGold = 0;
  const misses: string[] = [];
  const reference = new Date(Date.UTC(2022, 0, 1));
  for (const r of rows) {
    const parsed = parseQuestion(r.edited_question, { referenceDate: reference });
    const c = parsed.constraint;
    const gold = goldDate(r.date);
    if (!gold) unparsedGold++;
    let okDate = false;
    if (c && gold) {
      const d = new Date(c.start);
      const gran = gold.day !== undefined ? 'day' : gold.month !== undefined ? 'month' : 'year';
      okDate = d.getUTCFullYear() === gold.year && c.granularity === gran &&
        (gold.month === undefined || d.getUTCMonth() === gold.month) && (gold.day === undefined || d.getUTCDate() === gold.day);
    }
    if (okDate) dateOk++;
    if (c?.relation === 'before-or-at') relOk++;
    if (norm(parsed.mainContent) === norm(r.question)) mcOk++;
    else if (misses.length < 10) misses.push(`${r.edited_question} -> ${parsed.mainContent}`);
    if (!okDate && misses.length < 10) misses.push(`date ${r.date} in ${r.edited_question} -> ${c ? new Date(c.start).toISOString() + ' ' + c.granularity : 'none'}`);
  }
  const pct = (n: number) => round1((100 * n) / Math.max(1, rows.length));
  log(`tc-parse: ${rows.length} rows from ${file}`);
  for (const m of misses) log(`  miss: ${m}`);
  log(`date ${pct(dateOk)}%  relation ${pct(relOk)}%  main content exact ${pct(mcOk)}%${unparsedGold ? `  (${unparsedGold} gold dates unreadable)` : ''}`);
  return { suite: 'tc-parse', rows: rows.length, date_accuracy: pct(dateOk), relation_accuracy: pct(relOk), mc_exact: pct(mcOk) };
}
