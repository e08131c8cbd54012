import { describe, expect, it } from 'vitest';
import { loadWebLlmGenerator, webLlmAppConfig, type WebLlmEngine } from '../../src/models/webllm-generator.ts';

const gpu = { requestAdapter: async () => ({ info: { isFallbackAdapter: false } }) };

/** A stand-in for WebLLM's engine: streams fixed pieces, records what it was asked. */
function fakeEngine(pieces: string[]) {
  const calls: Array<Record<string, unknown>> = [];
  let interrupted = false;
  let unloaded = false;
  const engine: WebLlmEngine = {
    chat: {
      completions: {
        async create(request) {
          calls.push(request);
          return (async function* () {
            for (const p of pieces) {
              if (interrupted) return;
              await new Promise((r) => setTimeout(r, 1));
              yield { choices: [{ delta: { content: p } }] };
            }
          })();
        },
      },
    },
    interruptGenerate: () => { interrupted = true; },
    unload: async () => { unloaded = true; },
  };
  return { engine, calls, state: () => ({ interrupted, unloaded }) };
}

describe('webLlmAppConfig', () => {
  it('points the one model record at this origin, under resolve/main/ as WebLLM expects', () => {
    const config = webLlmAppConfig({ model: 'Qwen3-0.6B-q4f16_1-MLC', origin: 'http://127.0.0.1:5173', contextWindowSize: 4096 });
    expect(config).toEqual({
      model_list: [{
        model: 'http://127.0.0.1:5173/models/Qwen3-0.6B-q4f16_1-MLC/resolve/main/',
        model_id: 'Qwen3-0.6B-q4f16_1-MLC',
        model_lib: 'http://127.0.0.1:5173/models/Qwen3-0.6B-q4f16_1-MLC/Qwen3-0.6B-q4f16_1-MLC-webgpu.wasm',
        overrides: { context_window_size: 4096 },
      }],
      cacheBackend: 'cache',
    });
    const custom = webLlmAppConfig({ model: 'm', localModelPath: '/assets/llm', modelLib: '/libs/m.wasm', origin: 'https://app.example' });
    expect(custom.model_list[0]).toEqual({ model: 'https://app.example/assets/llm/m/resolve/main/', model_id: 'm', model_lib: 'https://app.example/libs/m.wasm' });
  });
});

describe('loadWebLlmGenerator', () => {
  it('throws WEBGPU_UNAVAILABLE without an adapter, before loading WebLLM', async () => {
    let created = false;
    const createEngine = async () => { created = true; return fakeEngine([]).engine; };
    await expect(loadWebLlmGenerator({ model: 'm', gpu: { requestAdapter: async () => null }, createEngine })).rejects.toMatchObject({ code: 'WEBGPU_UNAVAILABLE' });
    // Node has no navigator.gpu at all.
    await expect(loadWebLlmGenerator({ model: 'm', createEngine })).rejects.toMatchObject({ code: 'WEBGPU_UNAVAILABLE' });
    expect(created).toBe(false);
  });

  it('hands WebLLM the same-origin appConfig, maps options, streams tokens', async () => {
    const fake = fakeEngine(['Boris', ' Johnson', '.']);
    let seen: { id: string; config: Record<string, unknown> } | undefined;
    const progress: number[] = [];
    const generator = await loadWebLlmGenerator({
      model: 'Qwen3-0.6B-q4f16_1-MLC',
      origin: 'http://127.0.0.1:5173',
      systemPrompt: 'Answer briefly.',
      gpu,
      onProgress: (p) => progress.push(p.done),
      createEngine: async (id, config) => {
        seen = { id, config };
        (config.initProgressCallback as (r: { progress: number; text: string }) => void)({ progress: 0.5, text: 'half' });
        return fake.engine;
      },
    });
    expect(generator.device).toBe('webgpu');
    expect(seen?.id).toBe('Qwen3-0.6B-q4f16_1-MLC');
    expect(seen?.config.appConfig).toEqual(webLlmAppConfig({ model: 'Qwen3-0.6B-q4f16_1-MLC', origin: 'http://127.0.0.1:5173' }));
    expect(progress).toEqual([50]);
    const pieces: string[] = [];
    const text = await generator.generate('Who was PM in 2021?', { maxNewTokens: 12, onToken: (t) => pieces.push(t) });
    expect(text).toBe('Boris Johnson.');
    expect(pieces).toEqual(['Boris', ' Johnson', '.']);
    expect(fake.calls[0]).toMatchObject({
      stream: true,
      max_tokens: 12,
      temperature: 0,
      messages: [{ role: 'system', content: 'Answer briefly.' }, { role: 'user', content: 'Who was PM in 2021?' }],
    });
    await generator.dispose();
    expect(fake.state().unloaded).toBe(true);
  });

  it('interrupts generation on abort and rejects with ABORTED', async () => {
    const fake = fakeEngine(['a', 'b', 'c', 'd', 'e']);
    const generator = await loadWebLlmGenerator({ model: 'm', gpu, createEngine: async () => fake.engine });
    const controller = new AbortController();
    const run = generator.generate('x', { signal: controller.signal, onToken: () => controller.abort() });
    await expect(run).rejects.toMatchObject({ code: 'ABORTED' });
    expect(fake.state().interrupted).toBe(true);
  });

  it('wraps an engine failure as MODEL_LOAD_FAILED', async () => {
    const createEngine = async (): Promise<WebLlmEngine> => { throw new Error('404 mlc-chat-config.json'); };
    await expect(loadWebLlmGenerator({ model: 'm', gpu, createEngine })).rejects.toMatchObject({ code: 'MODEL_LOAD_FAILED' });
  });
});
