/**
 * Makes the synthetic models the model tests load (a few stat calls when they exist).
 */
import { makeSyntheticModels } from '../../scripts/make-synthetic-models.ts';

let ready: Promise<unknown> | undefined;

/** Ensures `public/models/synthetic/*` exist and are current. */
export function ensureSyntheticModels(): Promise<unknown> {
  ready ??= makeSyntheticModels();
  return ready;
}

/** Passages of about `words` words, varied enough that their vectors differ. */
export function samplePassages(count: number, words = 60): string[] {
  const vocabulary = ['river', 'election', 'minister', 'table', 'season', 'winner', 'museum', 'treaty', 'engine', 'garden',
    'century', 'record', 'league', 'harbor', 'festival', 'bridge', 'council', 'market', 'novel', 'storm'];
  return Array.from({ length: count }, (_, i) => {
    const out: string[] = [`Passage ${i}:`];
    for (let w = 0; w < words; w++) out.push(vocabulary[(i * 7 + w * 3 + (w % 5) * i) % vocabulary.length]!);
    out.push(String(1900 + (i % 120)));
    return out.join(' ');
  });
}
