/**
 * The page `npm run bench -- speed --browser` drives in Chromium: the speed suite's ingest,
 * query and open figures through the engine worker (`connectAlmanac`), with the browser's own
 * IndexedDB. It exposes one function; the bench passes it the corpus and reads the figures.
 */
import { connectAlmanac } from '../../src/engine/remote.ts';
import type { DocumentInput } from '../../src/types.ts';

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

async function runSpeed(docs: DocumentInput[], questions: string[], name: string): Promise<Record<string, number>> {
  const storage = { indexedDB: { name } };
  const first = await connectAlmanac({ storage });
  let t = performance.now();
  await first.ingest(docs);
  const ingestS = (performance.now() - t) / 1000;
  const { passages } = await first.stats();
  const plain: number[] = [];
  for (const q of questions) {
    const t1 = performance.now();
    await first.search(q, { limit: 10, temporal: false });
    plain.push(performance.now() - t1);
  }
  const temporal: number[] = [];
  for (const q of questions) {
    const t1 = performance.now();
    await first.search(q, { limit: 10 });
    temporal.push(performance.now() - t1);
  }
  await first.close();
  // Three opens of the stored corpus in fresh workers: the page's wait (worker start included)
  // and the engine's own open (`opened.ms`, createAlmanac in the worker).
  const connects: number[] = [];
  const opens: number[] = [];
  for (let k = 0; k < 3; k++) {
    t = performance.now();
    const again = await connectAlmanac({ storage });
    connects.push(performance.now() - t);
    opens.push(again.opened.ms);
    if (again.opened.passages !== passages) throw new Error(`open lost passages: ${again.opened.passages} of ${passages}`);
    await again.close();
  }
  const estimate = await navigator.storage?.estimate?.();
  return {
    passages,
    ingest_passages_per_s: Math.round(passages / ingestS),
    query_ms_p50: percentile(plain, 50),
    query_ms_p95: percentile(plain, 95),
    temporal_query_ms_p50: percentile(temporal, 50),
    temporal_query_ms_p95: percentile(temporal, 95),
    open_ms: percentile(opens, 50),
    open_ms_min: Math.min(...opens),
    open_ms_max: Math.max(...opens),
    connect_ms: percentile(connects, 50),
    storage_usage_bytes: estimate?.usage ?? -1,
  };
}

(globalThis as { runSpeed?: typeof runSpeed }).runSpeed = runSpeed;
document.body.dataset.ready = '1';
