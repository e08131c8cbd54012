import { beforeAll, describe, expect, it } from 'vitest';
import { loadGenerator } from '../../src/models/transformers-generator.ts';
import type { Generator } from '../../src/types.ts';
import { ensureSyntheticModels } from './models-fixture.ts';

const MODEL = 'synthetic/decoder-tiny';

describe('loadGenerator (Qwen3-shaped decoder with KV cache, synthetic)', () => {
  let generator: Generator;
  beforeAll(async () => {
    await ensureSyntheticModels();
    generator = await loadGenerator({ model: MODEL });
    return () => generator.dispose();
  });

  it('generates text through the chat template, streaming pieces, deterministically', async () => {
    const pieces: string[] = [];
    const text = await generator.generate('Who was UK prime minister as of 6 May 2021?', {
      maxNewTokens: 6,
      onToken: (t) => pieces.push(t),
    });
    expect(generator.device).toBe('cpu');
    expect(text.length).toBeGreaterThan(0);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.join('')).toBe(text);
    const again = await generator.generate('Who was UK prime minister as of 6 May 2021?', { maxNewTokens: 6 });
    expect(again).toBe(text);
  });

  it('honours maxNewTokens', async () => {
    const short = await generator.generate('Tell me about rivers.', { maxNewTokens: 2 });
    const long = await generator.generate('Tell me about rivers.', { maxNewTokens: 10 });
    expect(long.startsWith(short)).toBe(true);
    expect(long.length).toBeGreaterThan(short.length);
  });

  it('stops on abort and rejects with ABORTED', async () => {
    const controller = new AbortController();
    let tokens = 0;
    const run = generator.generate('Count to one hundred.', {
      maxNewTokens: 200,
      signal: controller.signal,
      onToken: () => {
        tokens++;
        if (tokens === 2) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'ABORTED' });
    expect(tokens).toBeLessThan(10);
  });
});
