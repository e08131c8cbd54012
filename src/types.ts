/**
 * Public types of Almanac. Everything a caller can hold is declared here, so the
 * shape of the engine can be read in one file. Implementation modules import
 * from here; nothing here imports an implementation.
 */

// ---------------------------------------------------------------------------
// Documents and passages
// ---------------------------------------------------------------------------

/** Formats the ingest pipeline understands. `auto` picks one from the name and content. */
export type DocumentFormat = 'text' | 'markdown' | 'html' | 'csv' | 'tsv';

/** What a caller hands to {@link Almanac.ingest}. */
export interface DocumentInput {
  /** Stable id. When omitted, one is derived from `name` (or a content hash). Re-ingesting an id replaces the document. */
  id?: string;
  /** File name or title shown to the user. */
  name?: string;
  /** Raw content as the user gave it: text, or the file's bytes (decoded as UTF-8 for text formats). */
  content: string | Uint8Array | ArrayBuffer;
  /** Format; `auto` (default) looks at the file extension of `name`, then at the content. */
  format?: DocumentFormat | 'auto';
  /** Date the document was written, used as reference for relative dates in it ("last year"). */
  date?: Date;
}

/** A stored, parsed document. */
export interface StoredDocument {
  id: string;
  name: string;
  format: DocumentFormat;
  /** Title found in the content (first heading, `<title>`, caption), else `name`. */
  title: string;
  /** Plain text of the document; passage offsets point into it. */
  text: string;
  /** Tables found in the document, as structured grids. */
  tables: Table[];
  /** Milliseconds since epoch when ingested. */
  addedAt: number;
  /** Document date (ISO string) when the caller gave one. */
  date?: string;
  /** Length of the raw input: characters for a string, bytes for binary content. */
  rawLength: number;
}

/**
 * What a passage is made of. `text` is a chunk of running text; `sentence` is one sentence
 * (of five words or more) of a document that has tables, MixRAG's text granularity; the others are written from a table (MixRAG): a table-level summary, and
 * one summary per row and per column carrying full header paths (H-RCL).
 */
export type PassageKind = 'text' | 'sentence' | 'table' | 'table-row' | 'table-column';

/** A span of time in a sentence, extracted once at ingest. Times are ms since epoch (UTC). */
export interface TimeSpan {
  /** Inclusive start of the interval (ms since epoch, UTC); `-Infinity` is not used, open intervals set `open`. */
  start: number;
  /** Exclusive end of the interval (ms since epoch, UTC). */
  end: number;
  /** The finest unit the text gave. */
  granularity: 'day' | 'month' | 'season' | 'year' | 'decade' | 'century';
  /** `start` open ("until 2015"), `end` open ("since 2015", "to present"). */
  open?: 'start' | 'end';
  /** Character offsets of the expression inside the sentence. */
  from: number;
  to: number;
}

/**
 * The span over which the fact a sentence states holds (`src/temporal/intervals.ts`): "became
 * Prime Minister on 24 July 2019" to "remained Prime Minister until 6 September 2022"; a table
 * row's "Took office" to its "Left office"; "2016–present". Times are ms since epoch (UTC).
 */
export interface EventInterval {
  /** Inclusive start; absent when the text gives only an end ("until 1990"). */
  start?: number;
  /** Exclusive end; absent when the interval is open (see `endKind`). */
  end?: number;
  /**
   * How the end is known: written (`explicit`), the next change the text states (`next`), to
   * the present ("–present", an empty end-of-life cell: `present`), or not said (`open`).
   */
  endKind: 'explicit' | 'next' | 'present' | 'open';
  /** The finer granularity of its dates. */
  granularity: TimeSpan['granularity'];
  /** What stated it: one sentence, a run of sentences, or a record (table row, `key: value` fields). */
  source: 'sentence' | 'passage' | 'record';
  /**
   * For an interval read from a run of sentences: which end this sentence states — the event
   * that opened it ("became Prime Minister on ...") or the one that closed it ("remained ...
   * until ..."). Absent when the sentence or record states both.
   */
  stated?: 'start' | 'end';
  /** Offsets, in its sentence, of the date this sentence's share of the interval was read from (records have none). */
  from?: number;
  to?: number;
  /**
   * A record's dated fields by name ("Initial Release", "End-of-life", "releaseDate", "eol"),
   * so a question that names one ("reached end of life in June 2022") is matched to that
   * date rather than to the whole interval.
   */
  dates?: Array<{ name: string; start: number; end: number; granularity: TimeSpan['granularity'] }>;
}

/** A sentence of a passage, with its timestamps. Offsets are relative to the passage text. */
export interface Sentence {
  start: number;
  end: number;
  times: TimeSpan[];
  /** The intervals over which what the sentence states holds, when the text says (ingest). */
  intervals?: EventInterval[];
}

/** The unit that is indexed and retrieved. */
export interface Passage {
  /** `<docId>#<ordinal>` */
  id: string;
  docId: string;
  ordinal: number;
  kind: PassageKind;
  /** Text that is indexed (for table kinds: the written summary). */
  text: string;
  /** Character offsets into the document text (text passages) or of the table's source (table kinds). */
  start: number;
  end: number;
  /** Nearest section heading above the passage, if any. */
  heading?: string;
  /** For table kinds: index into {@link StoredDocument.tables}. */
  tableIndex?: number;
  /** For table kinds: the grid cells `[row, col]` the passage covers. */
  cells?: Array<[number, number]>;
  sentences: Sentence[];
}

// ---------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------

/** One cell of a table grid. A merged cell appears once, at its top-left position. */
export interface TableCell {
  row: number;
  col: number;
  rowSpan: number;
  colSpan: number;
  text: string;
  /** The source marked it as a header (`th`, Markdown header row). */
  header: boolean;
}

/** A table as a grid model. */
export interface Table {
  caption?: string;
  /** Number of grid rows and columns after spans are expanded. */
  rows: number;
  cols: number;
  /** Cells at their top-left positions, in row-major order. */
  cells: TableCell[];
  /** Header rows / columns, when known (from markup or detection). */
  headerRows?: number;
  headerCols?: number;
  /** Where the table came from in the document text. */
  start: number;
  end: number;
}

// ---------------------------------------------------------------------------
// Models
// ---------------------------------------------------------------------------

/** Where a model runs. `auto` takes WebGPU when an adapter exists, otherwise WASM (CPU in Node). */
export type ModelDevice = 'auto' | 'webgpu' | 'wasm' | 'cpu';

/** Progress of a long operation. */
export interface Progress {
  /** What is being done: `ingest`, `embed`, `load-model`, `restore`... */
  phase: string;
  /** Units done and total (documents, passages, bytes). `total` is 0 when unknown. */
  done: number;
  total: number;
  /** Human-readable detail (file name, model id). */
  detail?: string;
}

/** Options every long call accepts. */
export interface LongCallOptions {
  signal?: AbortSignal;
  onProgress?: (p: Progress) => void;
}

/** Turns texts into vectors. */
export interface Embedder {
  readonly id: string;
  readonly dimensions: number;
  /** Device the model actually runs on. */
  readonly device: string;
  embed(texts: string[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
  dispose(): Promise<void>;
}

/** Scores (query, passage) pairs; higher is more relevant. */
export interface Reranker {
  readonly id: string;
  readonly device: string;
  score(query: string, passages: string[], options?: { signal?: AbortSignal }): Promise<number[]>;
  dispose(): Promise<void>;
}

/** Generates text from a prompt. */
export interface Generator {
  readonly id: string;
  readonly device: string;
  generate(
    prompt: string,
    options?: { maxNewTokens?: number; signal?: AbortSignal; onToken?: (t: string) => void },
  ): Promise<string>;
  dispose(): Promise<void>;
}

// ---------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------

/**
 * Which retrieval path ran. `bm25`: zero-download mode, no embedder loaded.
 * `hybrid`: BM25 and vectors fused.
 */
export type RetrievalMode = 'bm25' | 'hybrid';

/** Options of {@link Almanac.search}. */
export interface SearchOptions {
  /** Number of results (default 10). */
  limit?: number;
  /** Reference date for relative expressions ("last year"); default: now. */
  referenceDate?: Date;
  /** Turn the temporal path off even for time-sensitive questions (default true: on). */
  temporal?: boolean;
  /** One result per document (best passage), for document-level retrieval. Default false. */
  groupByDocument?: boolean;
  signal?: AbortSignal;
}

/** A parsed temporal constraint (see `src/temporal/`). */
export interface TemporalConstraint {
  /** Relation as written, normalised: `before`, `after`, `between`, `in`, `around`... */
  relation: string;
  /** Whether the question wants the first or last event satisfying it, or any. */
  condition: 'first' | 'last' | 'none';
  /** Interval the relation points at (ms since epoch, UTC). */
  start: number;
  end: number;
  granularity: TimeSpan['granularity'];
  /** The text span of the question the constraint came from. */
  text: string;
  /**
   * Which score curve applies (set by `parseQuestion`): MRAG's six types, `overlap` for
   * "from T1 to T2" without a first/last condition, `point` for in / on / around.
   */
  kind?: 'last-before' | 'first-before' | 'last-after' | 'first-after' | 'last-between' | 'first-between' | 'overlap' | 'point';
}

/** Why a passage ranked where it did on the temporal path. */
export interface TemporalExplanation {
  constraint: TemporalConstraint;
  mainContent: string;
  /** The passage's best sentence and its scores. */
  sentence: string;
  times: TimeSpan[];
  semantic: number;
  temporal: number;
  /** The best "sentence" is a query-focused summary written by the generator, not a sentence of the passage. */
  fromSummary?: boolean;
  /**
   * For a dated record ranked on the table-led path (a table row, a line of fields): the
   * interval its dates give, which the constraint was applied to; `semantic` is then the
   * fusion's score relative to the best candidate's.
   */
  interval?: EventInterval;
}

/** A table cell a question points at, with what its value means. */
export interface MatchedCell {
  /** Grid position `[row, col]`, as in {@link Passage.cells}. */
  cell: [number, number];
  /** The cell's text ("11.2"). */
  text: string;
  /** Its left header path, outermost first (`["Americas", "Mexican peso"]`). */
  rowPath: string[];
  /** Its top header path, outermost first (`["2013", "Buy"]`). */
  columnPath: string[];
}

/** One search hit. */
export interface SearchResult {
  passage: Passage;
  /** Title of the parent document. */
  title: string;
  score: number;
  /** Query terms found in the passage text, as `[start, end)` offsets in `passage.text`, for highlighting. */
  highlights: Array<[number, number]>;
  /**
   * For a row or column summary: the cells among `passage.cells` whose header paths and value
   * name the most of the question's words (the cell a question about "Mexican peso, 2013, Buy"
   * asks for), with their paths, to cite (`citeCell`). Absent when no cell stands out.
   */
  matchedCells?: MatchedCell[];
  temporal?: TemporalExplanation;
}

/** What {@link Almanac.search} returns. */
export interface SearchResponse {
  query: string;
  mode: RetrievalMode;
  /** Steps that ran, in order, e.g. `['temporal-parse', 'bm25', 'temporal-rerank']`. */
  steps: string[];
  /** Steps that were skipped and why, e.g. `{ summaries: 'no generator loaded' }`. */
  skipped: Record<string, string>;
  results: SearchResult[];
  /** Parsed constraint when the question was time-sensitive. */
  constraint?: TemporalConstraint;
  /** Words of the question read as acronyms of a phrase in the corpus's tables (step `acronyms`); the phrases were searched too. */
  acronyms?: Array<{ word: string; phrase: string }>;
  /** Query-focused summaries of the top passages (generator loaded, time-sensitive question); dropped ones say why. */
  summaries?: Array<{ passageId: string; summary: string; kept: boolean; reason?: string }>;
  tookMs: number;
}

/** One bucket of {@link Almanac.timeCoverage}. */
export interface TimeBucket {
  start: number;
  end: number;
  label: string;
  /** Sentences with a timestamp overlapping the bucket. */
  sentences: number;
  /**
   * Set on the two edge buckets that note what the axis leaves off (`label` "before 1830s" /
   * "after 2030s"): sparse dates far from where the corpus's data is. `sentences` then counts
   * the sentences with a date there.
   */
  outlier?: 'before' | 'after';
}

/** Corpus statistics. */
export interface CorpusStats {
  documents: number;
  passages: number;
  tables: number;
  vectors: number;
}

// ---------------------------------------------------------------------------
// The engine
// ---------------------------------------------------------------------------

/**
 * Where the corpus is kept. `memory`: nothing persisted. `indexedDB`: the browser's
 * IndexedDB, database `name`; `factory` picks another `IDBFactory` (tests). In Node,
 * `import 'fake-indexeddb/auto'` first: it provides the IndexedDB globals.
 */
export type StorageOption = 'memory' | { indexedDB: { name: string; factory?: IDBFactory } };

/** Options of {@link createAlmanac}. */
export interface AlmanacOptions {
  /** Default `'memory'`. */
  storage?: StorageOption;
  /** An embedder turns on hybrid search; without one, search runs BM25 only (zero-download mode). */
  embedder?: Embedder;
  /** A reranker rescoring first-stage candidates (cross-encoder). */
  reranker?: Reranker;
  /** A generator for query-focused summaries and answers. */
  generator?: Generator;
  /** Reports restore progress when a persisted corpus is loaded. */
  onProgress?: (p: Progress) => void;
  signal?: AbortSignal;
}

/** What {@link Almanac.ingest} reports back per document. */
export interface IngestReport {
  id: string;
  name: string;
  passages: number;
  tables: number;
  /** Non-fatal problems (a table cut to the size limit). */
  warnings: string[];
  /** Set when this document was not ingested; the others in the call still were. */
  error?: { code: string; message: string };
}

/** An Almanac instance: one corpus, its indexes and its models. */
export interface Almanac {
  /** Parses, indexes and stores documents. Each document is atomic: it is stored whole or not at all. */
  ingest(docs: DocumentInput[], options?: LongCallOptions): Promise<IngestReport[]>;
  /** Searches the corpus. */
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /** Removes documents by id. */
  remove(ids: string[]): Promise<void>;
  /** Lists stored documents (without their text). */
  documents(): Promise<Array<Omit<StoredDocument, 'text' | 'tables'> & { passages: number; tables: number }>>;
  /** A stored document with its text and tables. */
  document(id: string): Promise<StoredDocument | undefined>;
  stats(): Promise<CorpusStats>;
  /** How the corpus's sentence timestamps spread over time, so a user sees the holes. */
  timeCoverage(options?: { buckets?: 'year' | 'decade' }): Promise<TimeBucket[]>;
  /**
   * Loads or replaces models after creation. A new embedder re-embeds the stored passages
   * (`options` reports that as `embed` progress and can abort it).
   */
  setModels(models: { embedder?: Embedder | null; reranker?: Reranker | null; generator?: Generator | null }, options?: LongCallOptions): Promise<void>;
  /** Deletes everything. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
