/**
 * Defaults of the model adapters, each with the reason (and measurement) behind it.
 */
export const MODEL_SETTINGS = {
  /**
   * Texts per model call inside `embed`. Measured with `synthetic/minilm-l6-embedder`
   * (MiniLM-L6's exact shape) on CPU in Node, 512 passages of ~60 words (~80 tokens), on this
   * 2-core machine while other work shared it (load average 6-10, so figures swing by 2x):
   * batch 8: 37-88 passages/s, batch 16: 38-55, batch 32: 24-58. Small batches were never
   * slower, and real passages of mixed length waste more on padding in big batches.
   */
  embedBatch: 8,
  /** (query, passage) pairs per cross-encoder call; same padding trade-off as `embedBatch`. */
  rerankBatch: 16,
  /** New tokens when the caller does not say: enough for a one-sentence summary or a short answer. */
  maxNewTokens: 128,
  /** Default folder of local models in browsers: served from the app's own origin (`public/models/`). */
  browserModelPath: '/models/',
} as const;
