/**
 * Public types of Almanac. Everything a caller can hold is declared here, so the
 * shape of the engine can be read in one file. Implementation modules import
 * from here; nothing here imports an implementation.
 */
// The storage seam's interfaces (types only, no implementation).
import type { CorpusStore } from './storage/store.ts';

// ---------------------------------------------------------------------------
// Documents and passages
// ---------------------------------------------------------------------------

/** Formats the ingest pipeline understands. `auto` picks one from the name and content. */
export type DocumentFormat = 'text' | 'markdown' | 'html' | 'csv' | 'tsv' | 'rst' | 'pdf' | 'docx' | 'xlsx' | 'ods';

/** What a caller hands to {@link Almanac.ingest}. */
export interface DocumentInput {
  /**
   * Stable id; re-ingesting an id replaces the document. When omitted it is derived, so that the
   * same file gets the same id and two different files never share one: the `name` itself
   * (trimmed, Unicode NFC; a name over 200 characters keeps its first 160 and a 104-bit hash of
   * the whole), or with no name `doc-` and a 104-bit hash of the content. Two documents of one
   * call with the same id: the later one is refused (`DUPLICATE_ID`), none silently replaces the other.
   */
  id?: string;
  /** File name or title shown to the user. */
  name?: string;
  /** Raw content as the user gave it: text, or the file's bytes (decoded as UTF-8 for text formats). */
  content: string | Uint8Array | ArrayBuffer;
  /** Format; `auto` (default) looks at the file extension of `name`, then at the content. */
  format?: DocumentFormat | 'auto';
  /** Date the document was written, used as reference for relative dates in it ("last year"). */
  date?: Date;
  /**
   * When the file was last modified (`File.lastModified`): the document's date where neither
   * `date` nor the document itself (its front matter, its permalink) gives one. A file copied or
   * checked out is modified then, not when it was written.
   */
  modified?: Date;
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
  /**
   * Text formats: where `text` came from in the content the user gave, as anchors
   * `[t0, s0, t1, s1, ...]` (map an offset with `sourceOffset` from `src/ingest/source-map.ts`).
   * Absent for extracted text (PDF, Office), whose offsets index `text` itself. An ingested
   * document keeps it packed and writes the array again when read: treat it as read-only.
   */
  sourceMap?: number[];
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
  /** A record's yes / no fields by name (a row's "lts" cell: "true", a date, or empty / "false"), so a question that names one ("the LTS line") asks for the records where it holds. */
  flags?: Array<{ name: string; value: boolean }>;
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
  /**
   * The section the passage stands in: its headings, outermost first, joined by " › "
   * (`src/text/heading-path.ts`: "[1.2.0] - 2019-02-15 › Added"), the document's level-1 title
   * only where no other heading is above; a table passage's: its document's title and caption.
   */
  heading?: string;
  /**
   * Text formats (`.txt .md .html .csv .tsv .rst`): the passage's offsets into the content the
   * user gave, so `content.slice(source.start, source.end)` is the passage as written there,
   * markup included (a table passage: the whole table). Absent for PDF and Office files.
   */
  source?: { start: number; end: number };
  /** PDF: the 1-based page the passage starts on ("p. 12"). */
  page?: number;
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
  /**
   * Cells at their top-left positions, in row-major order. An ingested table keeps them packed and
   * writes them out again when read (`src/tables/packed-cells.ts`): treat them as read-only (a
   * change to a cell object is not kept); assigning a new array keeps it as it is.
   */
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
  /**
   * The question names an end point ("until October 2027", "through 2025", "ends in 2026") or a
   * start point ("since 2019", "from May 2020", "starting in 2021"): it asks for the thing whose
   * end (start) is then, so evidence that states such a point is matched on it, not on overlap.
   */
  endpoint?: 'start' | 'end';
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

// ---------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------

/**
 * Where an answer came from: a sentence of a passage, or a table cell with both header paths.
 * The same object serves the page (open and mark it), the CLI (print it) and the library.
 *
 * Offsets: `start` / `end` index {@link StoredDocument.text}, the text Almanac extracted (for a
 * cell: the cell's text in the table's text there). `source` indexes the content the user gave
 * (the original file, markup included), so `content.slice(source.start, source.end)` is the
 * cited sentence or cell as written there; it is set for text formats (mapped through
 * {@link StoredDocument.sourceMap}) and absent for binary formats (PDF, Office), whose
 * `start` / `end` index the extracted text a user sees.
 */
export interface Citation {
  docId: string;
  /** Title of the document. */
  title: string;
  passageId: string;
  /** `sentence`: a sentence of a text passage; `cell`: one table cell. */
  kind: 'sentence' | 'cell';
  /** The sentence, or the cell's text. */
  text: string;
  /** `[start, end)` in {@link StoredDocument.text}: the sentence, or the cell's text. */
  start: number;
  end: number;
  /** `[start, end)` in the content the user gave (text formats). */
  source?: { start: number; end: number };
  /** 1-based page of the cited passage (PDF), as {@link Passage.page}. */
  page?: number;
  /** For `text`: the span of the answer inside `text` ("12 May 2021" inside its sentence), `[start, end)`. */
  span?: [number, number];
  /** For a cell: index into {@link StoredDocument.tables}. */
  tableIndex?: number;
  /** For a cell: its grid position `[row, col]`. */
  cell?: [number, number];
  /** For a cell: its left header path, outermost first. */
  rowPath?: string[];
  /** For a cell: its top header path, outermost first. */
  columnPath?: string[];
}

/** One operand of a calculation: the number, as written, and where it is from. */
export interface CalculationOperand {
  value: number;
  /** As the source writes it ("(1,234)", "11.2"). */
  text: string;
  /** The cell or sentence it was read from; absent for a number only the model wrote. */
  citation?: Citation;
}

/** A calculation an answer rests on, done by Almanac's calculator (never by a model). */
export interface AnswerCalculation {
  /** The formula as evaluated ("(652 - 515) / 515 * 100"). */
  expression: string;
  operands: CalculationOperand[];
  /** The calculator's result. */
  result: number;
  /** What the model wrote as the result, when a generator did the Compute step (RECAP); the calculator's `result` wins. */
  modelResult?: number;
  /** One line for a reader: "(652 - 515) / 515 * 100 = 26.6". */
  text: string;
}

/**
 * What an answer is. `cell`: a figure or label read from one table cell; `computed`: calculated
 * from cited cells; `sentence`: a sentence of a passage, or a span of it (a date for "when", a
 * number for "how many"); `generated`: written by a loaded generator from the passages (RECAP);
 * `none`: the documents do not support an answer (the closest passages are in `search`).
 */
export type AnswerKind = 'cell' | 'computed' | 'sentence' | 'generated' | 'none';

/** The answer of {@link Almanac.answer}. */
export interface Answer {
  /** The answer as shown ("11.2", "26.6%", "Boris Johnson"); for `none`, a sentence saying there is none. */
  text: string;
  kind: AnswerKind;
  /** The figure, for numeric answers, in `unit`'s scale ("11.2" of "$ millions" is 11.2). */
  value?: number;
  /** Several figures, for a question that asks for them "respectively". */
  values?: number[];
  /** Several labels, for a question that asks for a list ("what are the contract types?"), each cited in `citations`. */
  items?: string[];
  /** The unit as the source gives it ("$ millions", "%", "thousands"), when it says. */
  unit?: string;
  /** The scale of `value`: `thousand`, `million`, `billion`, `percent`, or `''` for none. */
  scale?: '' | 'thousand' | 'million' | 'billion' | 'percent';
  calculation?: AnswerCalculation;
  /** Where the answer comes from, strongest first. Empty for `none`. */
  citations: Citation[];
  /** How well the cited evidence names what the question asks, 0..1 (word coverage, not a probability). */
  confidence: number;
  /** What the question asked for, as read without a model (`lookup`, `difference`, `percent-change`, `argmax`, `date`...). */
  operation: string;
}

/** What RECAP did (a generator loaded): the prompt, the model's reply and how it was checked. */
export interface RecapTrace {
  prompt: string;
  reply: string;
  /** The Compute step's formula, as the model wrote it. */
  formula?: string;
  /** The model's own result of that formula. */
  modelResult?: number;
  /** The calculator's result, which the answer uses. */
  calculatorResult?: number;
  /** Why the calculator rejected the formula (the answer then carries no checked calculation). */
  calculatorError?: string;
  /** The model said the passages do not support an answer. */
  refused: boolean;
}

/** Options of {@link Almanac.answer}: what search takes, plus the generator's. */
export interface AnswerOptions extends SearchOptions {
  /** With a generator loaded: receives the answer's text as it is generated. */
  onToken?: (text: string) => void;
  /** Use the loaded generator (RECAP); default true when one is loaded. `false` keeps the deterministic path. */
  generate?: boolean;
  /** Most tokens the generator may write (default 256). */
  maxNewTokens?: number;
}

/** What {@link Almanac.answer} returns. */
export interface AnswerResponse {
  /** The question as asked. */
  question: string;
  /**
   * The question it was read as, where it was typed as keywords ("python 3.12 release date":
   * "When was Python 3.12 released?"; step `keyword-question`) or names its measure by a
   * superlative ("the warmest year": "the year with the highest temperature"; step
   * `measure-words`); the search ran on it too.
   */
  readAs?: string;
  answer: Answer;
  /** The search the answer was read from: its results are the closest passages. */
  search: SearchResponse;
  /** Steps of answering, after search's own (`question-analysis`, `table-answer`, `text-answer`, `recap`, `calculator`...). */
  steps: string[];
  /** Steps that were skipped and why (`recap: 'no generator loaded'`). */
  skipped: Record<string, string>;
  /** With a generator: the RECAP prompt, reply and check. */
  recap?: RecapTrace;
  /** Milliseconds, search included. */
  tookMs: number;
}

/** One event of {@link Almanac.answerStream}, in this order: `retrieved`, `token`s, `calculation`, `final`. */
export type AnswerEvent =
  | { type: 'retrieved'; search: SearchResponse }
  | { type: 'token'; text: string }
  | { type: 'calculation'; calculation: AnswerCalculation }
  | { type: 'final'; response: AnswerResponse };

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

/** A sentence whose timestamps overlap an interval (see {@link Almanac.datedSentences}). */
export interface DatedSentence {
  /** The passage holding it (`<docId>#<ordinal>`), its document and the document's title. */
  passageId: string;
  docId: string;
  title: string;
  /** The sentence's text. */
  text: string;
  /** The sentence's timestamps. */
  times: TimeSpan[];
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
 * IndexedDB, database `name`; `factory` picks another `IDBFactory` (tests). Node has no
 * IndexedDB: there `indexedDB` throws `INDEXEDDB_UNAVAILABLE` (naming `fake-indexeddb`, which
 * provides the globals, in memory only) unless its globals exist. `store`: any
 * {@link CorpusStore} (the seam a file-backed store for Node plugs into; its interface may
 * still change with the index format of issue 17).
 */
export type StorageOption =
  | 'memory'
  | { indexedDB: { name: string; factory?: IDBFactory } }
  | { store: CorpusStore };

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
  /**
   * Called after a change another instance made to the same storage (another tab, or its
   * worker) was applied here, or when the storage was closed under this instance.
   */
  onChange?: (change: CorpusChange) => void;
  /**
   * Statistics of a larger collection this engine holds part of (a sharded prebuilt index,
   * `src/storage/sharded-index.ts`): BM25 then scores each passage as the whole collection would.
   */
  collectionStats?: { lexical?: CollectionStats; structured?: CollectionStats };
}

/**
 * Statistics of a whole collection for an index that holds part of it (a sharded prebuilt
 * index, whose engine holds the documents fetched so far): with them, a passage scores what it
 * would score in the whole index, as a distributed search engine scores shards on global
 * statistics (Elasticsearch's `dfs_query_then_fetch`). A term they do not know keeps the
 * index's own document frequency.
 */
export interface CollectionStats {
  /** Passages in the whole collection. */
  passages: number;
  /** Average length of each field (`FIELDS`) over the whole collection. */
  avgLengths: readonly number[];
  /** Passages of the whole collection holding `term` in any field, if known. */
  df(term: string): number | undefined;
}

/**
 * What changed in the corpus because of another instance over the same storage (another tab),
 * once applied here (`documents`): ids added, replaced and removed. `storage-closed`: another tab
 * upgraded or deleted the database, or the browser closed it; searches go on over what is in
 * memory, writes fail with `STORAGE_CLOSED` until the page is reloaded.
 */
export type CorpusChange =
  | { kind: 'documents'; added: string[]; updated: string[]; removed: string[] }
  | { kind: 'storage-closed'; reason: string };

/** What {@link Almanac.ingest} reports back per document. */
export interface IngestReport {
  id: string;
  name: string;
  passages: number;
  tables: number;
  /** Non-fatal problems (a table cut to the size limit). */
  warnings: string[];
  /**
   * Whether the document is stored (and indexed) now. False with `error` saying why: it could not
   * be read, or storage failed (then the documents before it in the call were stored, and those
   * from the failed batch on were not).
   */
  stored: boolean;
  /**
   * The language assumed for the document's words, from the script most of its letters are in
   * (Latin: English, or French, German, Spanish, Italian, Portuguese or Dutch when its function
   * words say so; Cyrillic: Russian; Han: Chinese...), and what was done with them: the
   * stemmer they went through (absent: kept whole, none exists here for that script) and whether
   * `Intl.Segmenter` cut them apart (scripts written without spaces). Absent when it was not read.
   */
  language?: { tag: string; script: string; stemmer?: string; segmented: boolean };
  /** Set when this document was not ingested; the others in the call still were. `code` is one of the error catalogue (`ErrorCode`). */
  error?: { code: string; message: string };
}

/** Options of {@link Almanac.exportCorpus}. */
export interface ExportOptions extends LongCallOptions {
  /** Include the embedder's vectors (default true; they are most of the bytes with a 384-dimension model). */
  vectors?: boolean;
}

/** Options of {@link Almanac.importCorpus}. */
export interface ImportOptions extends LongCallOptions {
  /** Replace the whole corpus with the file's documents (default false: add them, replacing documents with the same ids). */
  replace?: boolean;
}

/** A corpus in Almanac's index format split as `almanac build` writes it: the manifest (`index.json`) and its segment files, in the manifest's order. */
export interface CorpusShards {
  manifest: unknown;
  segments: Array<Uint8Array | ArrayBuffer>;
}

/** What {@link Almanac.importCorpus} did. */
export interface ImportReport {
  /** Documents read from the file. */
  documents: number;
  passages: number;
  /** Of those, documents that replaced one with the same id. */
  replaced: number;
  /** The file's vectors: used (same embedder as the engine's), dropped (another or no embedder loaded; passages re-embedded when one is), or none in the file. */
  vectors: 'used' | 'dropped' | 'none';
  /** The file's postings were written by another tokenizer and were rebuilt from the text (slower, same result as ingesting it). */
  reindexed: boolean;
}

/** An Almanac instance: one corpus, its indexes and its models. */
export interface Almanac {
  /** Parses, indexes and stores documents. Each document is atomic: it is stored whole or not at all. */
  ingest(docs: DocumentInput[], options?: LongCallOptions): Promise<IngestReport[]>;
  /** Searches the corpus. */
  search(query: string, options?: SearchOptions): Promise<SearchResponse>;
  /**
   * Answers a question from the corpus, with citations: a table cell or a calculation over
   * cited cells, an answer sentence, or with a generator loaded a RECAP answer whose arithmetic
   * the calculator checks; `kind: 'none'` when the documents do not support one.
   */
  answer(question: string, options?: AnswerOptions): Promise<AnswerResponse>;
  /**
   * {@link answer} as events for a page that renders as it comes: `retrieved` (the search),
   * `token`s (with a generator), `calculation`, `final`. `options.signal`, or leaving the loop
   * early, stops the generator.
   */
  answerStream(question: string, options?: AnswerOptions): AsyncIterable<AnswerEvent>;
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
   * The sentences with a timestamp overlapping `[start, end)` (ms since epoch, e.g. one
   * {@link TimeBucket}'s): `total` of them (as the bucket counts), the first `limit` (default
   * 50) listed, those dated inside the interval first, a sentence repeated by several passages
   * of one document listed once.
   */
  datedSentences(options: { start: number; end: number; limit?: number }): Promise<{ total: number; sentences: DatedSentence[] }>;
  /**
   * Loads or replaces models after creation. A new embedder re-embeds the stored passages
   * (`options` reports that as `embed` progress and can abort it).
   */
  setModels(models: { embedder?: Embedder | null; reranker?: Reranker | null; generator?: Generator | null }, options?: LongCallOptions): Promise<void>;
  /**
   * The whole corpus as one file in Almanac's index format (documents, passages, postings,
   * sentence timestamps, table grids; vectors unless `vectors: false`), the format
   * `importCorpus` and a prebuilt index (`almanac build`) share. Nothing is re-tokenised.
   */
  exportCorpus(options?: ExportOptions): Promise<Uint8Array>;
  /**
   * Adds the documents of a corpus file (`exportCorpus`) or of a prebuilt index's manifest and
   * segments, reading their postings instead of re-indexing; a document with an id already
   * stored replaces it, and `replace: true` replaces the whole corpus. A damaged, truncated or
   * newer file rejects with `INDEX_CORRUPT` or `INDEX_TOO_NEW` and changes nothing.
   */
  importCorpus(file: Uint8Array | ArrayBuffer | CorpusShards, options?: ImportOptions): Promise<ImportReport>;
  /** Deletes everything. */
  clear(): Promise<void>;
  close(): Promise<void>;
}
