/**
 * Every tunable of the temporal path (MRAG), in one place, with where each value comes
 * from. Figures marked "measured" come from `npm run bench -- temporal` on TimeQA
 * (1,171 questions, 15,655 paragraphs, zero-download mode).
 */

/** One year in milliseconds (Gregorian mean), the unit the curves measure distance in. */
export const MS_PER_YEAR = 365.2425 * 24 * 3600 * 1000;

/** Score curves of `temporalScore`. */
export const CURVES = {
  /** MRAG: window of the before / after curves, `[T-50, T]` and `[T, T+50]`, in years. */
  windowYears: 50,
  /** MRAG: the ramp inside the window goes from `low` (the end the condition dislikes) to `high`. */
  low: 0.6,
  high: 1.0,
  /**
   * Shape of the before / after ramp. MRAG's is linear over 50 years, so a term that ended
   * in 2019 scores within 2% of one still running on the question's date, and any first-stage
   * or wording difference outweighs it. Here the ramp is exponential in the distance from T
   * with this e-folding time (years): 1 year off keeps 96% of the lift, 10 years 37%, and
   * the window's far end still scores `low`. `0` restores MRAG's linear ramp.
   */
  rampDecayYears: 10,
  /** MRAG: a sentence with no usable timestamp scores 0.5, so undated sentences are not buried. */
  noTimestamp: 0.5,
  /**
   * A sentence whose dates all fall outside the constraint. MRAG gives it 0.5, the same as
   * no date; a date on the wrong side is evidence against the sentence (it talks about
   * another time), so it scores a little lower (measured).
   */
  outside: 0.25,
  /**
   * Outside an interval (`in`, `on`, `overlap`), the score decays from `low` to `outside`
   * with the distance to the interval: e-folding distance in years per constraint
   * granularity, so "on 3 May 2016" forgives days and "in the 1990s" forgives years.
   */
  nearYears: { day: 30 / 365, month: 0.25, season: 0.3, year: 1, decade: 3, century: 15 } as Record<string, number>,
  /**
   * A span much coarser than the constraint ("the 19th century" for "in 1850") says less:
   * its overlap score drops toward `low` by this share of `1 - constraintLength/spanLength`.
   */
  coarsePenalty: 0.5,
  /**
   * "from T1 to T2" without a condition (TimeQA's usual question): a span inside the
   * interval scores `overlapInside`, rising to `high` as one of its ends meets an end of
   * the interval ("In 1811 X bought ...", "... until 1827"), with this e-folding distance
   * in units of the constraint's granularity (measured).
   */
  overlapInside: 0.6,
  endpointYears: 2,
  /** "around T": Gaussian width in years (at least half the constraint's own length). */
  aroundSigmaYears: 3,
  /** Implicit "first"/"earliest" without a date: any dated sentence scores this. */
  anyDated: 0.75,
} as const;

/** The temporal reranker (`rerankTemporal`). */
export const RERANK = {
  /**
   * Share of the passage score that comes from its first-stage (BM25) score, max-normalised
   * over the candidates; the rest is the best sentence's semantic x temporal (measured).
   */
  firstStageWeight: 0.1,
  /**
   * Candidates the engine should hand to the reranker (`RETRIEVAL.temporalCandidates` in
   * `src/settings.ts`); measured best on TimeQA.
   */
  candidates: 100,
  /**
   * An undated sentence in a passage whose other sentences are dated borrows this share of
   * the passage's best temporal evidence (`0.5 + share x (best - 0.5)`): "He joined X in
   * 1997. He won the cup with them." dates the second sentence too (measured).
   */
  inheritTemporal: 0.8,
  /**
   * Sentence score = semantic x temporal^exponent. MRAG multiplies plainly (1); a lexical
   * similarity spreads wider than a dense one, so the temporal factor needs more weight
   * to move a passage whose dates match past one that only shares more words (measured).
   */
  temporalExponent: 2,
  /** Whether an undated sentence also inherits negative evidence (its passage's dates all miss). */
  inheritNegative: true,
} as const;

/** The default lexical similarity (zero-download mode). */
export const LEXICAL = {
  /** A query term found only in the passage heading (page / section title) counts this much. */
  headingWeight: 1,
  /** A query term found only in a neighbouring sentence counts this much. */
  neighbourWeight: 0.5,
  /** A query term found only elsewhere in the passage counts this much. */
  passageWeight: 0.3,
  /**
   * Phantom documents added to the candidate set when computing idf: without them the page
   * subject, which most candidates share, weighs less than a generic word (measured).
   */
  idfPhantomDocs: 10000,
  /**
   * A factoid answer is usually a name the question does not contain: a sentence with no
   * capitalised word beyond the question's and the heading's keeps `1 - nameWeight` of its
   * similarity; with `namesWanted` such words or more it keeps all of it (measured).
   */
  nameWeight: 0.2,
  namesWanted: 2,
  /**
   * A long sentence covers query words by chance: past `typicalSentenceTerms` content words,
   * the similarity is divided by `1 + lengthPenalty x (terms / typical - 1)` (measured).
   */
  lengthPenalty: 0.25,
  typicalSentenceTerms: 8,
  /**
   * Share of the similarity that depends on how much of the passage heading (page title)
   * the question names: the subject of a question is usually the page's (measured).
   */
  titleWeight: 0.3,
  /** Added to every similarity so that a sentence with no term in common still ranks by time. */
  floor: 0.02,
} as const;

/** Query-focused summaries. */
export const SUMMARIES = {
  /** Longest summary kept, in characters: one sentence, as MRAG asks. */
  maxChars: 300,
  /** Tokens asked of the generator per summary. */
  maxNewTokens: 80,
  /** Passages summarised per question (MRAG: top 5). */
  topPassages: 5,
} as const;
