/**
 * Engine-wide defaults, each with the reason for its value. Area-specific settings
 * live beside their code (`temporal/settings.ts`, `tables/settings.ts`).
 */

/** Passage chunking. */
export const CHUNKING = {
  /**
   * Longest text passage, in characters (~150 words). Long enough to keep an event and
   * its date in one passage, short enough for a cross-encoder's 512-token window.
   */
  maxChars: 1000,
  /** Paragraphs shorter than this are merged with the next one under the same heading. */
  minChars: 200,
  /**
   * In documents with tables, sentences with fewer words are not indexed as sentences of
   * their own (MixRAG drops them: "Table 3.", "(in millions)" match everything and say nothing).
   */
  minSentenceWords: 5,
} as const;

/** Limits that protect the engine from hostile or accidental input. */
export const LIMITS = {
  /** Largest document accepted, in characters (~20 MB of text); for PDF and Office files, of the text extracted. */
  maxDocumentChars: 20_000_000,
  /** Largest PDF or Office file accepted, in bytes: such files carry images and fonts besides their text. */
  maxBinaryBytes: 100 * 1024 * 1024,
  /** Most bytes an Office file's zip may expand to (its declared sizes, checked before inflating: zip bombs). */
  maxUnzippedBytes: 500 * 1024 * 1024,
  /** Most pages of a PDF read (a 2,000-page PDF is ~5 MB of text, past which a file is better split). */
  maxPages: 2000,
  /**
   * Longest front matter read as data (YAML / TOML between `---` / `+++` lines), in characters.
   * endoflife.date's longest page has ~30 kB; a longer block is kept as text with a warning.
   */
  maxFrontMatterChars: 256 * 1024,
} as const;

/** First-stage retrieval. */
export const RETRIEVAL = {
  /** MixRAG's first stage: top-M of the BM25 corpus (text passages, table-level summaries). */
  lexicalTopK: 40,
  /** MixRAG's first stage: top-N of the H-RCL corpus (row and column summaries). */
  structuredTopK: 60,
  /** Candidates handed to the temporal reranker. */
  temporalCandidates: 100,
  /** Candidates handed to a cross-encoder (each costs one model call). */
  rerankCandidates: 30,
  /** Documents written to storage per transaction during ingest (atomic per document either way). */
  storageBatch: 200,
  /**
   * A batch also closes once its documents hold this many characters of text: a batch is
   * indexed in one synchronous step, which this keeps to a fraction of a second, so a search or
   * an abort waits no longer than that.
   */
  storageBatchChars: 2_000_000,
  /** Texts per embedder call during ingest. */
  embedBatch: 32,
} as const;
