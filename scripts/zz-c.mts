import fs from 'node:fs';
import path from 'node:path';
import { createAlmanac } from '/work/main/src/index.ts';
const corpus = '/work/shared/data/realdocs/corpus';
const list = (d: string): string[] => fs.readdirSync(d, { withFileTypes: true }).flatMap((e) => e.isDirectory() ? list(path.join(d, e.name)) : [path.join(d, e.name)]).sort();
const a = await createAlmanac();
await a.ingest(list(corpus).filter((f) => !process.env.FILES || f.includes(process.env.FILES)).map((f) => ({ id: path.relative(corpus, f), name: path.relative(corpus, f), content: fs.readFileSync(f, 'utf8') })));
for (const q of process.argv.slice(2)) {
  const r = await a.answer(q);
  console.log(q, '=>', r.answer.text, JSON.stringify(r.steps));
  for (const c of r.answer.citations.slice(0, 3)) console.log('   ', c.docId, c.text.slice(0, 200));
  console.log('  top:', r.search.results.slice(0, 5).map((x) => x.passage.docId + ':' + x.passage.kind + ':' + x.passage.text.slice(0, 60).replace(/\n/g, ' ')).join(' | '));
}
