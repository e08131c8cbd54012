import { readFileSync } from 'node:fs';
import { extractTimestamps } from '../src/temporal/timestamps.ts';
const d = JSON.parse(readFileSync('/work/shared/data/timeqa/train.json','utf8'));
const ref = new Date(Date.UTC(2026,0,1));
const acc: string[] = [];
for (const p of d) for (const x of p.paras) {
  for (const s of extractTimestamps(x,{referenceDate:ref})) {
    const before = x.slice(Math.max(0,s.from-12), s.from);
    if (!/(in|from|to|of|since|until|by|on|and|during|between|\(|,|the|early|late|mid|After|before|after)\s*$/i.test(before)) acc.push(x.slice(Math.max(0,s.from-30), s.to+30));
  }
}
console.log(acc.length);
for (let i=0;i<acc.length;i+=Math.ceil(acc.length/50)) console.log(JSON.stringify(acc[i]));
