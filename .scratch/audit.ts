import { readFileSync } from 'node:fs';
import { extractTimestamps } from '../src/temporal/timestamps.ts';
const d = JSON.parse(readFileSync('/work/shared/data/timeqa/train.json','utf8'));
const ref = new Date(Date.UTC(2026,0,1));
const miss: string[] = []; const rejected: string[] = [];
for (const p of d) for (const x of p.paras) {
  const spans = extractTimestamps(x,{referenceDate:ref});
  for (const m of x.matchAll(/\b\d{3,4}\b/g)) {
    if (!spans.some(s => s.from <= m.index! && m.index! < s.to)) rejected.push(x.slice(Math.max(0,m.index!-30), m.index!+30));
  }
}
console.log(rejected.length);
for (let i=0;i<rejected.length;i+=Math.ceil(rejected.length/60)) console.log(JSON.stringify(rejected[i]));
