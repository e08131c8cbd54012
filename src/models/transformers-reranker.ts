/**
 * A {@link Reranker} over a cross-encoder (BERT-style sequence classification, as the
 * ms-marco MiniLM cross-encoders): the query and each passage go in as one pair, the logit
 * comes out, and a sigmoid maps it to (0, 1) so scores from different calls compare.
 */
import { createError, throwIfAborted } from '../errors.ts';
import type { Reranker } from '../types.ts';
import { loadPretrained } from './loader.ts';
import { loaderOptions, type LoaderArgs, type RerankerLoadOptions } from './options.ts';
import { MODEL_SETTINGS } from './settings.ts';
import { yieldToEventLoop } from './yield.ts';

interface LogitsTensor {
  dims: number[];
  data: Float32Array;
  dispose?(): void;
}

type Tokenizer = (texts: string[], options: { text_pair: string[]; padding: boolean; truncation: boolean }) => Record<string, unknown>;
type Classifier = ((inputs: Record<string, unknown>) => Promise<{ logits: LogitsTensor }>) & { dispose(): Promise<unknown> };

function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Turns a row of logits into a relevance score: sigmoid of the single logit, or for a
 * two-label head the softmax probability of the last label ("relevant").
 */
function relevance(row: Float32Array): number {
  if (row.length === 1) return sigmoid(row[0]!);
  const max = Math.max(...row);
  let sum = 0;
  for (const v of row) sum += Math.exp(v - max);
  return Math.exp(row[row.length - 1]! - max) / sum;
}

/** Loads a cross-encoder reranker. `score` returns one score per passage, in input order. */
export async function loadReranker(...args: LoaderArgs<RerankerLoadOptions>): Promise<Reranker> {
  const options = loaderOptions(args);
  const batchSize = options.batchSize ?? MODEL_SETTINGS.rerankBatch;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw createError('INVALID_OPTION', 'batchSize', 'use a whole number of 1 or more');
  const { parts, device } = await loadPretrained(
    options,
    async (t, common) => {
      const [tokenizer, model] = await Promise.all([
        t.AutoTokenizer.from_pretrained(options.model, common as never),
        t.AutoModelForSequenceClassification.from_pretrained(options.model, common as never),
      ]);
      return { tokenizer: tokenizer as unknown as Tokenizer, model: model as unknown as Classifier };
    },
    async (p) => void (await p.model.dispose()),
  );
  let disposed = false;
  return {
    id: options.model,
    device,
    async score(query, passages, callOptions = {}) {
      if (disposed) throw createError('MODEL_LOAD_FAILED', options.model, 'it was disposed; load it again');
      const scores: number[] = [];
      for (let i = 0; i < passages.length; i += batchSize) {
        if (i > 0) await yieldToEventLoop();
        throwIfAborted(callOptions.signal, 'Reranking');
        const batch = passages.slice(i, i + batchSize);
        const inputs = parts.tokenizer(batch.map(() => query), { text_pair: batch, padding: true, truncation: true });
        const { logits } = await parts.model(inputs);
        const width = logits.dims[1] ?? 1;
        for (let r = 0; r < batch.length; r++) scores.push(relevance(logits.data.subarray(r * width, (r + 1) * width)));
        logits.dispose?.();
      }
      throwIfAborted(callOptions.signal, 'Reranking');
      return scores;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await parts.model.dispose();
    },
  };
}
