/**
 * What every transformers.js adapter does to load a model: pick the device, set `env`,
 * check that the files are there, report bytes as they load, turn failures into catalogue
 * errors, and honour an abort.
 */
import { createError, throwIfAborted } from '../errors.ts';
import type { Progress } from '../types.ts';
import { resolveDevice, type ResolvedDevice } from './device.ts';
import { isNodeRuntime, withModelEnvironment, type Transformers } from './environment.ts';
import type { ModelLoadOptions } from './options.ts';

/** Options every transformers.js `from_pretrained` / `pipeline` call gets. */
export interface PretrainedCommon {
  device: ResolvedDevice;
  dtype?: string;
  progress_callback?: (info: unknown) => void;
}

/** A loaded model, its device, and the transformers.js module it came from. */
export interface Loaded<T> {
  parts: T;
  device: ResolvedDevice;
  transformers: Transformers;
}

/** transformers.js's progress event, as far as Almanac reads it. */
interface ProgressInfo {
  status: string;
  file?: string;
  loaded?: number;
  total?: number;
}

/** Turns transformers.js progress events into Almanac's: bytes over all files, the file in `detail`. */
function progressReporter(model: string, onProgress: ((p: Progress) => void) | undefined): ((info: unknown) => void) | undefined {
  if (!onProgress) return undefined;
  const files = new Set<string>();
  const finished = new Set<string>();
  let file = '';
  return (raw) => {
    const info = raw as ProgressInfo;
    if (info.file) file = info.file;
    if (info.status === 'initiate' && info.file) files.add(info.file);
    if (info.status === 'done' && info.file) finished.add(info.file);
    if (info.status === 'progress_total') {
      onProgress({
        phase: 'load-model',
        done: info.loaded ?? 0,
        total: info.total ?? 0,
        detail: `${model}: ${file} (${finished.size}/${files.size} files)`,
      });
    }
  };
}

const NOT_FOUND = /Could not locate file|not found locally|file was not found|Local file missing|404/i;

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; message?: string } | undefined;
  return e?.name === 'ModelFileNotFoundError' || NOT_FOUND.test(String(e?.message ?? error));
}

/** File-name suffix transformers.js uses per dtype (`onnx/model<suffix>.onnx`). */
const DTYPE_SUFFIX: Record<string, string> = {
  fp32: '', fp16: '_fp16', q8: '_quantized', int8: '_int8', uint8: '_uint8', q4: '_q4', q4f16: '_q4f16', bnb4: '_bnb4',
};

/** Reads local model files: `fs` in Node, same-origin `fetch` in browsers. */
interface FileAccess {
  json(path: string): Promise<Record<string, unknown>>;
  exists(path: string): Promise<boolean>;
}

async function fileAccess(signal: AbortSignal | undefined): Promise<FileAccess> {
  if (isNodeRuntime()) {
    // A variable specifier keeps bundlers from pulling a Node module into the browser build.
    const name = 'node:fs/promises';
    const fs = (await import(/* @vite-ignore */ name)) as typeof import('node:fs/promises');
    return {
      json: async (path) => JSON.parse(await fs.readFile(path, 'utf8')) as Record<string, unknown>,
      exists: (path) => fs.stat(path).then((s) => s.isFile(), () => false),
    };
  }
  const init = signal ? { signal } : {};
  return {
    async json(path) {
      const response = await fetch(path, init);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    },
    // A dev server's SPA fallback answers a missing file with index.html and status 200.
    exists: async (path) => {
      const response = await fetch(path, { ...init, method: 'HEAD' }).catch(() => undefined);
      return !!response?.ok && !(response.headers.get('content-type') ?? '').includes('text/html');
    },
  };
}

/**
 * Checks `config.json`, `tokenizer.json` and the weights file for the dtype before
 * transformers.js runs: it reports some missing files as unrelated errors (a missing
 * tokenizer as "reading 'tokenizer_class'", an HTML fallback as a parse error).
 */
async function checkModelFiles(base: string, options: ModelLoadOptions, device: ResolvedDevice): Promise<void> {
  const files = await fileAccess(options.signal);
  const notFound = (where: string, cause?: unknown): never => {
    throwIfAborted(options.signal, `Loading model "${options.model}"`);
    throw cause === undefined
      ? createError('MODEL_NOT_FOUND', options.model, where)
      : createError('MODEL_NOT_FOUND', options.model, where, { cause });
  };
  let config: Record<string, unknown> = {};
  try {
    config = await files.json(`${base}config.json`);
  } catch (error) {
    notFound(`${base} (no readable config.json)`, error);
  }
  if (!(await files.exists(`${base}tokenizer.json`))) notFound(`${base} (no tokenizer.json)`);
  const jsConfig = (config['transformers.js_config'] ?? {}) as { dtype?: unknown };
  const dtype = options.dtype ?? (typeof jsConfig.dtype === 'string' ? jsConfig.dtype : jsConfig.dtype ? undefined : device === 'wasm' ? 'q8' : 'fp32');
  const suffix = dtype === undefined ? undefined : DTYPE_SUFFIX[dtype];
  if (suffix === undefined) return;
  const weights = `${base}onnx/model${suffix}.onnx`;
  if (!(await files.exists(weights))) notFound(`${weights} (dtype ${dtype})`);
}

/**
 * Loads a model through `load`, which calls transformers.js with the given common options.
 * When `auto` picked WebGPU and the model fails to load there (an operator WebGPU lacks), it
 * is loaded again on WASM/CPU. `dispose` frees a model loaded after an abort.
 */
export async function loadPretrained<T>(
  options: ModelLoadOptions,
  load: (transformers: Transformers, common: PretrainedCommon) => Promise<T>,
  dispose: (parts: T) => Promise<void>,
): Promise<Loaded<T>> {
  const what = `Loading model "${options.model}"`;
  throwIfAborted(options.signal, what);
  const choice = await resolveDevice(options.device ?? 'auto');
  const loaded = await withModelEnvironment(options, async (transformers, localModelPath) => {
    throwIfAborted(options.signal, what);
    const base = `${localModelPath}${options.model}/`;
    const where = options.allowRemote ? `${base} or the Hugging Face Hub` : base;
    if (!options.allowRemote) await checkModelFiles(base, options, choice.device);
    const attempt = async (device: ResolvedDevice): Promise<Loaded<T>> => {
      const common: PretrainedCommon = { device };
      if (options.dtype) common.dtype = options.dtype;
      const progress = progressReporter(options.model, options.onProgress);
      if (progress) common.progress_callback = progress;
      return { parts: await load(transformers, common), device, transformers };
    };
    try {
      return await attempt(choice.device);
    } catch (error) {
      if (isNotFound(error)) throw createError('MODEL_NOT_FOUND', options.model, where, { cause: error });
      if (choice.auto && choice.device === 'webgpu') {
        try {
          return await attempt(isNodeRuntime() ? 'cpu' : 'wasm');
        } catch (second) {
          throw createError('MODEL_LOAD_FAILED', options.model, String((second as Error)?.message ?? second), { cause: second });
        }
      }
      throw createError('MODEL_LOAD_FAILED', options.model, String((error as Error)?.message ?? error), { cause: error });
    }
  });
  if (options.signal?.aborted) {
    await dispose(loaded.parts).catch(() => undefined);
    throwIfAborted(options.signal, what);
  }
  return loaded;
}
