import { it } from 'vitest';
import { loadEmbedderInWorker, loadGeneratorInWorker, terminateModelsWorker } from '../../src/models/worker-client.ts';
it('timing', async () => {
  let t = performance.now();
  const lap = (what: string) => { console.log(what, Math.round(performance.now() - t)); t = performance.now(); };
  const e = await loadEmbedderInWorker({ model: 'synthetic/bert-tiny-embedder', device: 'wasm' }); lap('load embedder');
  await e.embed(['hello']); lap('embed 1');
  await e.embed(['hello there']); lap('embed 2');
  const e2 = await loadEmbedderInWorker({ model: 'synthetic/cross-encoder-tiny', device: 'wasm' }); lap('load 2nd');
  const g = await loadGeneratorInWorker({ model: 'synthetic/decoder-tiny', device: 'wasm' }); lap('load gen');
  await g.generate('hi', { maxNewTokens: 4 }); lap('gen 4');
  await g.generate('hi', { maxNewTokens: 20 }); lap('gen 20');
  terminateModelsWorker();
}, 300_000);
