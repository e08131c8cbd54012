/**
 * Answers through the engine worker: `answer()` and `answerStream()` over comlink (events
 * through a proxy callback, abort by call id), zero-download and with the synthetic
 * transformers.js decoder loaded inside the worker (plumbing only: its random weights write
 * nothing meaningful, so the test checks the path, not the words).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connectAlmanac, type RemoteAlmanac } from '../../src/engine/remote.ts';
import { startEngineWithModels } from '../../src/models/engine-worker.ts';
import type { AnswerEvent } from '../../src/types.ts';

const docs = [
  { id: 'pm.md', name: 'pm.md', content: '# Prime ministers\n\nBoris Johnson became Prime Minister of the United Kingdom on 24 July 2019 and left office on 6 September 2022.\n' },
  { id: 'rates.html', name: 'rates.html', content: '<h1>Rates</h1><table><tr><th rowspan="2">Currency</th><th colspan="2">2013</th></tr><tr><th>Buy</th><th>Sell</th></tr><tr><th>Mexican peso</th><td>11.2</td><td>9.8</td></tr><tr><th>Euro</th><td>42.0</td><td>40.1</td></tr></table>' },
];

let almanac: RemoteAlmanac;
afterAll(() => almanac?.close());

describe('answers through the engine worker', () => {
  it('answers with a cited cell, and streams retrieved, then final', async () => {
    almanac = await connectAlmanac({ storage: 'memory', worker: startEngineWithModels });
    await almanac.ingest(docs);
    const res = await almanac.answer('Mexican peso buy 2013');
    expect(res.answer).toMatchObject({ kind: 'cell', value: 11.2 });
    expect(res.answer.citations[0]).toMatchObject({ rowPath: ['Mexican peso'], columnPath: ['2013', 'Buy'] });
    const types: AnswerEvent['type'][] = [];
    for await (const e of almanac.answerStream('When did Boris Johnson become prime minister?')) types.push(e.type);
    expect(types).toEqual(['retrieved', 'final']);
  });

  it('streams tokens from a generator loaded in the worker, and stops on abort', async () => {
    const models = await almanac.loadModels({ generator: { id: 'synthetic/decoder-tiny', device: 'wasm' } });
    expect(models.generator?.id).toBe('synthetic/decoder-tiny');
    const full = await almanac.answer('What was the Mexican peso buy rate in 2013?', { maxNewTokens: 12 });
    expect(full.steps).toContain('recap');
    expect(full.recap?.prompt).toContain('Restate:');
    expect(['generated', 'none']).toContain(full.answer.kind);

    const controller = new AbortController();
    let tokens = 0;
    const seen: string[] = [];
    const outcome = await (async () => {
      for await (const e of almanac.answerStream('What was the Mexican peso buy rate in 2013?', { signal: controller.signal, maxNewTokens: 200 })) {
        seen.push(e.type);
        if (e.type === 'token' && ++tokens === 2) controller.abort();
      }
      return 'finished';
    })().catch((e: { code?: string }) => e.code);
    expect(outcome).toBe('ABORTED');
    expect(seen[0]).toBe('retrieved');
    expect(tokens).toBeGreaterThanOrEqual(2);
    expect(tokens).toBeLessThan(40);
    await almanac.loadModels({ generator: null });
    expect((await almanac.models()).generator).toBeUndefined();
  });
});
