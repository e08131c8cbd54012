/**
 * A {@link Generator} over WebLLM (MLC): compiled WebGPU kernels, much faster than ONNX
 * Runtime for LLMs of 0.5-3 B parameters, but WebGPU only. Weights and the model library
 * come from the app's own origin through a custom `appConfig`, never from WebLLM's CDN list.
 *
 * Layout under `localModelPath` (default `/models/`), for model id `<id>`:
 * `<id>/resolve/main/` holds `mlc-chat-config.json`, `tensor-cache.json` (or
 * `ndarray-cache.json`), the `params_shard_*.bin` files and the tokenizer files; the compiled
 * library is `<id>/<id>-webgpu.wasm` unless `modelLib` says otherwise. (`resolve/main/` is
 * there because WebLLM appends it to any model URL that lacks it.)
 */
import { AlmanacError, createError, throwIfAborted } from '../errors.ts';
import type { Generator, Progress } from '../types.ts';
import { webgpuAdapter, type GpuLike } from './device.ts';
import { MODEL_SETTINGS } from './settings.ts';
import { importStack } from './import-stack.ts';

/** Options of {@link loadWebLlmGenerator}. */
export interface WebLlmGeneratorOptions {
  /** WebLLM model id, also the folder name under `localModelPath` (e.g. `Qwen3-0.6B-q4f16_1-MLC`). */
  model: string;
  /** Folder of local models, as a path on this origin. Default `/models/`. */
  localModelPath?: string;
  /** URL (or origin-relative path) of the compiled model library. Default `<localModelPath><id>/<id>-webgpu.wasm`. */
  modelLib?: string;
  /** Origin the paths are resolved against. Default: the page's or worker's own location. */
  origin?: string;
  /** Context window in tokens; default: the model's own. */
  contextWindowSize?: number;
  /** System message put before every prompt. */
  systemPrompt?: string;
  /** Load progress: WebLLM reports a fraction, given here as `done` of `total: 100`. */
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
  /** For tests: the `navigator.gpu` to ask for an adapter. */
  gpu?: GpuLike;
  /** For tests: replaces WebLLM's `CreateMLCEngine`. */
  createEngine?: (modelId: string, config: Record<string, unknown>, chatOptions?: Record<string, unknown>) => Promise<WebLlmEngine>;
}

/** The part of WebLLM's `MLCEngine` this adapter uses. */
export interface WebLlmEngine {
  chat: {
    completions: {
      create(request: Record<string, unknown>): Promise<AsyncIterable<{ choices: Array<{ delta?: { content?: string | null } }> }>>;
    };
  };
  interruptGenerate(): void;
  unload(): Promise<void>;
}

/** A WebLLM `AppConfig` with one model record pointing at this origin's copy. */
export interface WebLlmAppConfig {
  model_list: Array<{ model: string; model_id: string; model_lib: string; overrides?: Record<string, unknown> }>;
  cacheBackend: 'cache';
}

function ownOrigin(): string {
  const location = (globalThis as { location?: { origin?: string } }).location;
  return location?.origin && location.origin !== 'null' ? location.origin : 'http://localhost';
}

/**
 * The appConfig {@link loadWebLlmGenerator} hands to WebLLM: absolute URLs on this origin
 * (WebLLM requires absolute URLs), so nothing is fetched from elsewhere.
 */
export function webLlmAppConfig(options: Pick<WebLlmGeneratorOptions, 'model' | 'localModelPath' | 'modelLib' | 'origin' | 'contextWindowSize'>): WebLlmAppConfig {
  const origin = options.origin ?? ownOrigin();
  let base = options.localModelPath ?? MODEL_SETTINGS.browserModelPath;
  if (!base.endsWith('/')) base += '/';
  const folder = new URL(`${base}${encodeURIComponent(options.model)}/`, origin).href;
  const modelLib = new URL(options.modelLib ?? `${folder}${encodeURIComponent(options.model)}-webgpu.wasm`, origin).href;
  const record: WebLlmAppConfig['model_list'][number] = {
    model: `${folder}resolve/main/`,
    model_id: options.model,
    model_lib: modelLib,
  };
  if (options.contextWindowSize) record.overrides = { context_window_size: options.contextWindowSize };
  return { model_list: [record], cacheBackend: 'cache' };
}

/**
 * Loads a WebLLM generator. Rejects with `WEBGPU_UNAVAILABLE` before importing WebLLM when
 * there is no WebGPU adapter, and with `MODEL_LOAD_FAILED` when WebLLM cannot load the model.
 */
export async function loadWebLlmGenerator(options: WebLlmGeneratorOptions): Promise<Generator> {
  const what = `Loading model "${options.model}"`;
  throwIfAborted(options.signal, what);
  const gpu = options.gpu ?? (globalThis as { navigator?: { gpu?: GpuLike } }).navigator?.gpu;
  if (!(await webgpuAdapter(gpu))) throw createError('WEBGPU_UNAVAILABLE');
  const appConfig = webLlmAppConfig(options);
  const createEngine = options.createEngine
    ?? (async (id: string, config: Record<string, unknown>, chat?: Record<string, unknown>) => {
      const webllm = await importStack('@mlc-ai/web-llm', () => import('@mlc-ai/web-llm'));
      return (await webllm.CreateMLCEngine(id, config as never, chat as never)) as unknown as WebLlmEngine;
    });
  const { onProgress } = options;
  let engine: WebLlmEngine;
  try {
    engine = await createEngine(options.model, {
      appConfig,
      ...(onProgress
        ? { initProgressCallback: (r: { progress: number; text: string }) => onProgress({ phase: 'load-model', done: Math.round(r.progress * 100), total: 100, detail: r.text }) }
        : {}),
    });
  } catch (error) {
    // MODEL_STACK_MISSING already says what to do.
    if (error instanceof AlmanacError) throw error;
    throw createError('MODEL_LOAD_FAILED', options.model, String((error as Error)?.message ?? error), { cause: error });
  }
  if (options.signal?.aborted) {
    await engine.unload().catch(() => undefined);
    throwIfAborted(options.signal, what);
  }
  let disposed = false;
  return {
    id: options.model,
    device: 'webgpu',
    async generate(prompt, callOptions = {}) {
      if (disposed) throw createError('MODEL_LOAD_FAILED', options.model, 'it was disposed; load it again');
      const { signal, onToken } = callOptions;
      throwIfAborted(signal, 'Generation');
      const messages = options.systemPrompt
        ? [{ role: 'system', content: options.systemPrompt }, { role: 'user', content: prompt }]
        : [{ role: 'user', content: prompt }];
      const onAbort = () => engine.interruptGenerate();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        const stream = await engine.chat.completions.create({
          messages,
          stream: true,
          max_tokens: callOptions.maxNewTokens ?? MODEL_SETTINGS.maxNewTokens,
          temperature: 0,
        });
        let text = '';
        for await (const chunk of stream) {
          const piece = chunk.choices[0]?.delta?.content ?? '';
          if (!piece) continue;
          text += piece;
          onToken?.(piece);
        }
        throwIfAborted(signal, 'Generation');
        return text;
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await engine.unload();
    },
  };
}
