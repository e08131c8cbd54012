import fs from 'node:fs/promises';
import { prepareDocument } from './src/engine/prepare.ts';
const f = process.argv[2]!;
const content = await fs.readFile(f, 'utf8');
const t = performance.now();
const r = await prepareDocument({ name: f.split('/').pop(), content });
console.log('ms', performance.now() - t, 'title', r.document.title, 'tables', r.document.tables.length, r.warnings);
console.log(r.document.text.slice(0, Number(process.argv[3] ?? 3000)));
for (const tb of r.document.tables) console.log(tb.rows, tb.cols, tb.headerRows, tb.cells.slice(0, 6).map(c => c.text));
