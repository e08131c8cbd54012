import fs from 'node:fs';
import { prepareDocument } from './src/engine/prepare.ts';
const f = process.argv[2] ?? '/tmp/t.pdf';
const t = performance.now();
const r = await prepareDocument({ name: f.split('/').pop(), content: new Uint8Array(fs.readFileSync(f)) });
console.log('ms', performance.now() - t, 'title', r.document.title, 'tables', r.document.tables.length, r.warnings.slice(0, 3), 'passages', r.passages.length);
console.log(r.document.text.slice(0, Number(process.argv[3] ?? 1500)));
for (const p of r.passages.slice(0, 12)) console.log(p.kind, p.page, p.heading, JSON.stringify(p.text.slice(0, 60)));
for (const tb of r.document.tables.slice(0, 3)) console.log(tb.rows, tb.cols, tb.headerRows, tb.headerCols, tb.cells.slice(0, 12).map(c => `${c.text}[${c.rowSpan}x${c.colSpan}]`));
