/**
 * Defaults of the model adapters, each with the reason (and measurement) behind it.
 */
export const MODEL_SETTINGS = {
  /**
   * Texts per embedder call. Measured with `synthetic/minilm-l6-embedder` (MiniLM-L6's exact
   * shape) on CPU in Node, 512 passages of ~60 words, 2 cores: see docs/MODELS.md. Larger
   * batches pad every text to the longest one in the batch, so gains flatten past 16-32.
   */
  embedBatch: 16,
  /** (query, passage) pairs per cross-encoder call; same padding trade-off as `embedBatch`. */
  rerankBatch: 16,
  /** New tokens when the caller does not say: enough for a one-sentence summary or a short answer. */
  maxNewTokens: 128,
  /** Default folder of local models in browsers: served from the app's own origin (`public/models/`). */
  browserModelPath: '/models/',
} as const;
