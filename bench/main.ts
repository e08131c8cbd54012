export {};

/**
 * `npm run bench -- <suite> [args]`: runs one benchmark suite. Progress goes to
 * stderr; the last line of stdout is one JSON object with the figures.
 */
const SUITES: Record<string, () => Promise<{ run: (argv: string[], log: (line: string) => void) => Promise<Record<string, unknown>> }>> = {
  speed: () => import('./speed.ts'),
  temporal: () => import('./temporal.ts'),
  'tc-parse': () => import('./tc-parse.ts'),
  tables: () => import('./tables.ts'),
  answers: () => import('./answers.ts'),
  realdocs: () => import('./realdocs.ts'),
  formats: () => import('./formats.ts'),
  hostile: () => import('./hostile.ts'),
  scale: () => import('./scale.ts'),
  peers: () => import('./peers.ts'),
  transfer: () => import('./transfer.ts'),
  index: () => import('./index.ts'),
};

const [suite, ...argv] = process.argv.slice(2);
if (!suite || !(suite in SUITES)) {
  process.stderr.write(`usage: npm run bench -- <${Object.keys(SUITES).join('|')}> [options]\n`);
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const mod = await SUITES[suite]!();
const result = await mod.run(argv, log);
process.stdout.write(`${JSON.stringify(result)}\n`);
