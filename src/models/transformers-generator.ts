/**
 * A {@link Generator} over a transformers.js causal LM (Qwen, Llama, SmolLM... ONNX exports
 * with a KV cache). The prompt goes through the model's chat template when it has one, so an
 * instruction-tuned model sees the format it was trained on. Decoding is greedy: Almanac asks
 * for summaries and answers from passages, where sampling only adds noise.
 */
import { createError, throwIfAborted } from '../errors.ts';
import type { Generator } from '../types.ts';
import { loadPretrained } from './loader.ts';
import { loaderOptions, type GeneratorLoadOptions, type LoaderArgs } from './options.ts';
import { MODEL_SETTINGS } from './settings.ts';
import { yieldToEventLoop } from './yield.ts';

interface IdsTensor {
  dims: number[];
  tolist(): Array<Array<bigint | number>>;
}

interface Tokenizer {
  chat_template: unknown;
  apply_chat_template(messages: Array<{ role: string; content: string }>, options: Record<string, unknown>): string;
  (text: string, options: { add_special_tokens: boolean }): { input_ids: IdsTensor; attention_mask: unknown };
  decode(ids: Array<bigint | number>, options: { skip_special_tokens: boolean }): string;
}

interface CausalLM {
  generate(options: Record<string, unknown>): Promise<IdsTensor>;
  forward(inputs: Record<string, unknown>): Promise<unknown>;
  dispose(): Promise<unknown>;
}

/**
 * Loads a text generator. `generate` streams text pieces to `onToken` as they form whole
 * words, stops after `maxNewTokens` or at the model's end token, and on abort stops at the
 * next token and rejects with `ABORTED` (the pieces already streamed stay with the caller).
 */
export async function loadGenerator(...args: LoaderArgs<GeneratorLoadOptions>): Promise<Generator> {
  const options = loaderOptions(args);
  const { parts, device, transformers } = await loadPretrained(
    options,
    async (t, common) => {
      const [tokenizer, model] = await Promise.all([
        t.AutoTokenizer.from_pretrained(options.model, common as never),
        t.AutoModelForCausalLM.from_pretrained(options.model, common as never),
      ]);
      return { tokenizer: tokenizer as unknown as Tokenizer, model: model as unknown as CausalLM };
    },
    async (p) => void (await p.model.dispose()),
  );
  const { tokenizer, model } = parts;
  let disposed = false;
  // One event-loop turn before each decoding step, so an abort sent to a worker is read mid-generation.
  const forward = model.forward.bind(model);
  model.forward = async (inputs) => {
    await yieldToEventLoop();
    return forward(inputs);
  };

  const render = (prompt: string): { text: string; special: boolean } => {
    if (!tokenizer.chat_template) return { text: prompt, special: true };
    const messages = options.systemPrompt
      ? [{ role: 'system', content: options.systemPrompt }, { role: 'user', content: prompt }]
      : [{ role: 'user', content: prompt }];
    // enable_thinking=false: Qwen3-style templates then skip the reasoning block, which would
    // spend the token budget before the answer; other templates ignore the variable.
    const text = tokenizer.apply_chat_template(messages, { tokenize: false, add_generation_prompt: true, enable_thinking: false });
    return { text, special: false };
  };

  return {
    id: options.model,
    device,
    async generate(prompt, callOptions = {}) {
      if (disposed) throw createError('MODEL_LOAD_FAILED', options.model, 'it was disposed; load it again');
      const { signal, onToken } = callOptions;
      const maxNewTokens = callOptions.maxNewTokens ?? MODEL_SETTINGS.maxNewTokens;
      if (!Number.isInteger(maxNewTokens) || maxNewTokens < 1) {
        throw createError('INVALID_OPTION', 'maxNewTokens', 'use a whole number of 1 or more');
      }
      throwIfAborted(signal, 'Generation');
      const { text, special } = render(prompt);
      const inputs = tokenizer(text, { add_special_tokens: special });
      const promptLength = inputs.input_ids.dims[1] ?? 0;

      const stop = new transformers.InterruptableStoppingCriteria();
      const onAbort = () => stop.interrupt();
      signal?.addEventListener('abort', onAbort, { once: true });
      const streamer = onToken
        ? new transformers.TextStreamer(tokenizer as never, { skip_prompt: true, skip_special_tokens: true, callback_function: onToken })
        : undefined;
      try {
        const output = await model.generate({
          ...inputs,
          max_new_tokens: maxNewTokens,
          do_sample: false,
          stopping_criteria: stop,
          ...(streamer ? { streamer } : {}),
        });
        throwIfAborted(signal, 'Generation');
        const ids = output.tolist()[0] ?? [];
        return tokenizer.decode(ids.slice(promptLength), { skip_special_tokens: true });
      } finally {
        signal?.removeEventListener('abort', onAbort);
      }
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await model.dispose();
    },
  };
}
