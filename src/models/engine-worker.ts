/**
 * The engine worker that loads models, for `connectAlmanac({ worker: startEngineWithModels })`.
 * It lives in `almanac/models` because it names the model stacks: the default worker of
 * `almanac/remote` does not, so a zero-download app bundles and installs neither.
 */

/** Starts the engine worker with model loaders (transformers.js, loaded on first use). */
export function startEngineWithModels(): Worker {
  return new Worker(new URL('../../workers/engine-models.worker.js', import.meta.url), { type: 'module', name: 'almanac-engine' });
}
