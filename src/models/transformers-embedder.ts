/**
 * An {@link Embedder} over transformers.js's feature-extraction pipeline: mean pooling over
 * the tokens the attention mask keeps, then L2 normalisation (what sentence-transformers
 * models such as MiniLM and bge expect), so a dot product is a cosine similarity.
 */
import { createError, throwIfAborted } from '../errors.ts';
import type { Embedder } from '../types.ts';
import { loadPretrained } from './loader.ts';
import { loaderOptions, type EmbedderLoadOptions, type LoaderArgs } from './options.ts';
import { MODEL_SETTINGS } from './settings.ts';
import { yieldToEventLoop } from './yield.ts';

interface FeatureTensor {
  dims: number[];
  data: Float32Array;
  dispose?(): void;
}

type FeaturePipeline = ((texts: string[], options: { pooling: 'mean'; normalize: boolean }) => Promise<FeatureTensor>) & {
  model: { config: { hidden_size?: number; dim?: number; d_model?: number } };
  dispose(): Promise<void>;
};

/**
 * Loads an embedder. `embed` cuts its input into batches of `batchSize` texts, checks the
 * signal between batches, and returns one normalised `Float32Array` (own buffer) per text.
 */
export async function loadEmbedder(...args: LoaderArgs<EmbedderLoadOptions>): Promise<Embedder> {
  const options = loaderOptions(args);
  const batchSize = options.batchSize ?? MODEL_SETTINGS.embedBatch;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw createError('INVALID_OPTION', 'batchSize', 'use a whole number of 1 or more');
  const { parts: extractor, device } = await loadPretrained(
    options,
    async (t, common) => (await t.pipeline('feature-extraction', options.model, common as never)) as unknown as FeaturePipeline,
    (p) => p.dispose(),
  );
  const config = extractor.model.config;
  let dimensions = config.hidden_size ?? config.dim ?? config.d_model ?? 0;
  let disposed = false;

  const embedBatch = async (texts: string[]): Promise<Float32Array[]> => {
    const output = await extractor(texts, { pooling: 'mean', normalize: true });
    const [rows, width] = output.dims as [number, number];
    const vectors: Float32Array[] = [];
    for (let r = 0; r < rows; r++) vectors.push(output.data.slice(r * width, (r + 1) * width));
    output.dispose?.();
    return vectors;
  };

  const embedder: Embedder = {
    id: options.model,
    get dimensions() {
      return dimensions;
    },
    device,
    async embed(texts, callOptions = {}) {
      if (disposed) throw createError('MODEL_LOAD_FAILED', options.model, 'it was disposed; load it again');
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        if (i > 0) await yieldToEventLoop();
        throwIfAborted(callOptions.signal, 'Embedding');
        // An empty string would give a zero vector after pooling [CLS][SEP] only; keep it, the caller decides.
        out.push(...(await embedBatch(texts.slice(i, i + batchSize))));
      }
      throwIfAborted(callOptions.signal, 'Embedding');
      if (out[0]) dimensions = out[0].length;
      return out;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await extractor.dispose();
    },
  };
  return embedder;
}
