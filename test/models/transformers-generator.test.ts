import { beforeAll, describe, expect, it } from 'vitest';
import { loadGenerator } from '../../src/models/transformers-generator.ts';
import { createAlmanac } from '../../src/index.ts';
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

  it('runs the engine\'s LLM choice among table candidates (plumbing only: random weights choose nothing meaningful)', async () => {
    const prompts: string[] = [];
    const replies: string[] = [];
    const counted: Generator = {
      id: generator.id, device: generator.device,
      async generate(prompt, options) {
        prompts.push(prompt);
        const reply = await generator.generate(prompt, options);
        replies.push(reply);
        return reply;
      },
      dispose: async () => {},
    };
    const almanac = await createAlmanac({ generator: counted });
    await almanac.ingest([
      { name: 'a.html', content: '<table><caption>Exchange rates</caption><tr><th>Currency</th><th>Buy</th></tr><tr><th>Euro</th><td>1.3</td></tr></table>' },
      { name: 'b.html', content: '<table><caption>Euro area trade</caption><tr><th>Country</th><th>Exports</th></tr><tr><th>France</th><td>12</td></tr></table>' },
    ]);
    const res = await almanac.search('euro exchange rates', { groupByDocument: true });
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toContain('[2] ');
    // Whatever the random model says, the response says which way it went and loses nothing.
    if (res.steps.includes('llm-choice')) expect(replies[0]).toMatch(/[12]/);
    else expect(res.skipped['llm-choice']).toMatch(/named none/);
    expect(new Set(res.results.map((r) => r.passage.docId))).toEqual(new Set(['a.html', 'b.html']));
  });

  it('runs RECAP through almanac.answer, streaming tokens (plumbing only: random weights refuse or ramble)', async () => {
    const almanac = await createAlmanac({ generator });
    await almanac.ingest([{ name: 'a.html', content: '<table><caption>Exchange rates</caption><tr><th>Currency</th><th>2013</th><th>2012</th></tr><tr><th>Euro</th><td>1.3</td><td>1.2</td></tr></table>' }]);
    const tokens: string[] = [];
    const res = await almanac.answer('What was the change in the euro rate from 2012 to 2013?', { maxNewTokens: 8, onToken: (t) => tokens.push(t) });
    expect(res.steps).toContain('recap');
    expect(res.recap!.prompt).toContain('Restate:');
    expect(tokens.join('')).toBe(res.recap!.reply);
    // Whatever the model wrote, the answer says which way it went and keeps the search.
    expect(['generated', 'none']).toContain(res.answer.kind);
    if (res.answer.calculation) expect(res.answer.calculation.result).toBe(res.recap!.calculatorResult);
    expect(res.search.results[0]!.passage.docId).toBe('a.html');
  });
});
