/**
 * When the engine calls something an answer. Each threshold is the share of the question's
 * words (operation cues and question words left out) that the cited evidence names: below it,
 * the card says the documents do not support an answer and shows the closest passages.
 */
export const ANSWER_SETTINGS = {
  /**
   * A table answer needs its cells' header paths (and the row's text cells, at half weight) to
   * name this share of the question's weighted terms that the table holds.
   */
  minTableConfidence: 0.34,
  /** A text answer needs its sentence (with the passage's heading) to name this share of the question's terms. */
  minTextConfidence: 0.5,
  /** Documents, in rank order, whose tables are read for a table answer. */
  tableDocuments: 3,
  /**
   * Where the results shown hold fewer documents with tables than that (one CSV's rows may fill
   * them: a growth-rate file's 60 rows above the concentrations beside it), the best passage of
   * each document among this many is searched for more.
   */
  tableSearchDocuments: 25,
  /**
   * Most documents with tables read in all for a question only a matching series answers (a bound
   * first passed, an average or an extreme over years, the month of an extreme), which a table
   * passes or fails: a folder's README may fill the results, its data files ranked after them.
   */
  testedDocuments: 8,
  /** Documents, in rank order, whose sentences a prose calculation (a duration, a difference two sentences state) reads. */
  proseDocuments: 2,
  /**
   * A dated answer sentence needs a sentence among the candidates whose dates score this on the
   * temporal curves (an undated one borrows from its passage): below it no sentence is near the
   * asked time, and the card says so. Measured on TimeQA by page fold (0 / 1): answering always,
   * the answer sentence holds the answer for 43.1 / 46.5; at 0.6, 42.6 / 46.3, and 11% of the
   * questions TimeQA marks unanswerable get no answer (2% of the answerable ones).
   */
  minTemporalEvidence: 0.6,
  /** Results, in rank order, among which the first dated record (a row or a line of fields the temporal path ranked) is read. */
  recordResults: 5,
  /** Text passages, in rank order, whose sentences compete for the answer sentence of a dated question. */
  sentencePassages: 3,
  /**
   * Weights of the answer-sentence score (`answer-sentence.ts`), a sum of log-scale and 0..1
   * features. Chosen on TimeQA fold 0, checked on fold 1 (see docs/RESULTS.md, Answers).
   */
  sentence: {
    /** x log(temporal score + 0.01) of the sentence's dates. */
    temporal: 1.5,
    /** The sentence has dates of its own. */
    dated: 1,
    /** x log(passage score / first passage's score). */
    prior: 1.5,
    /** x the rarity-weighted share of the main content's words the sentence names. */
    overlap: 0.5,
    /** x the share of `namesWanted` names the sentence gives that the question does not. */
    names: 0.8,
    namesWanted: 2,
    /** The temporal reranker's best sentence of its passage. */
    preferred: 0.5,
    /** The passage's first sentence (it introduces the subject). */
    first: 0.4,
    /**
     * The sentence names the "which X" noun (`QuestionAnalysis.target`). Chosen on TimeQA fold 0
     * among 0.3 / 0.6 / 0.8 / 1 / 1.5 (answer-sentence AR@1 43.8 -> 44.8), checked on fold 1
     * (45.5 -> 45.5).
     */
    target: 0.8,
  },
} as const;
