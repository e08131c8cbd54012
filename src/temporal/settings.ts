/**
 * Every tunable of the temporal path (MRAG), in one place, with where each value comes
 * from. "Measured" figures are TimeQA (1,171 questions, 15,655 paragraphs, zero-download,
 * lexical semantic), AR@1 / ER@1 in %, each change tried alone from the final values,
 * with a first stage of BM25 over passage text and heading as separate Orama fields on
 * the main content, 100 candidates (gold paragraph among them for 82.9% of questions).
 * With these values that harness gives AR@1 45.9, ER@1 36.6 (whole question as the
 * first-stage query: 48.8 / 38.9). Differences under ~0.5 are noise at this size.
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
  // (TimeQA has almost no before / after questions, so this one is set by the UK prime
  // minister case of `test/temporal/rerank.test.ts`, not by measurement.)
  /** MRAG: a sentence with no usable timestamp scores 0.5, so undated sentences are not buried. */
  noTimestamp: 0.5,
  /**
   * A sentence whose dates all fall outside the constraint. MRAG gives it 0.5, the same as
   * no date; a date on the wrong side is evidence against the sentence (it talks about
   * another time), so it scores lower. Measured: 0.5 -> 0.25 gains +0.5 AR@1.
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
   * in years. Measured: flat 1.0 inside (plain overlap) 35.0 / 25.3, 0.7 40.3 / 30.9,
   * 0.6 41.8 / 32.5; endpointYears 1 -> 2: +0.5.
   */
  overlapInside: 0.6,
  endpointYears: 2,
  /**
   * A span just outside the interval but starting or ending near one of its ends ("In 1859
   * X was appointed" for "from 1860 to 1875") keeps this share of the endpoint lift.
   * Measured: 0 -> 0.5: +0.2 AR@1, +0.4 AR@5.
   */
  endpointOutside: 0.5,
  /** "around T": Gaussian width in years (at least half the constraint's own length). */
  aroundSigmaYears: 3,
  /** Implicit "first"/"earliest" without a date: any dated sentence scores this. */
  anyDated: 0.75,
} as const;

/** The temporal reranker (`rerankTemporal`). */
export const RERANK = {
  /**
   * Share of the passage score that comes from its first-stage (BM25) score, max-normalised
   * over the candidates; the rest is the best sentence's semantic x temporal. Measured:
   * 0 / 0.1 / 0.2 / 0.3 / 0.5: AR@1 45.4 / 45.9 / 44.4 / 30.4 / 6.2 (BM25 alone favours
   * short heading-only paragraphs).
   */
  firstStageWeight: 0.1,
  /**
   * Candidates the engine should hand to the reranker (`RETRIEVAL.temporalCandidates` in
   * `src/settings.ts`). Measured (AR@1 / ER@1): 50 -> 43.0 / 34.2, 100 -> 45.9 / 36.6,
   * 200 -> 46.9 / 36.5 at +1.5 ms a query; 100 keeps the rerank well under 5 ms.
   */
  candidates: 100,
  /**
   * An undated sentence in a passage whose other sentences are dated borrows this share of
   * the passage's best temporal evidence (`0.5 + share x (best - 0.5)`): "He joined X in
   * 1997. He won the cup with them." dates the second sentence too. Measured: 0 / 0.5 /
   * 0.8: AR@1 45.3 / 45.9 / 45.9, ER@5 63.9 / 64.4 / 65.2.
   */
  inheritTemporal: 0.8,
  /**
   * Sentence score = semantic x temporal^exponent. MRAG multiplies plainly (1); a lexical
   * similarity spreads wider than a dense one, so the temporal factor needs more weight
   * to move a passage whose dates match past one that only shares more words. Measured:
   * 1 / 1.5 / 2 / 3: AR@1 41.8 / 44.2 / 44.5 / 44.6, ER@1 32.5 / 34.6 / 35.1 / 35.8.
   */
  temporalExponent: 2,
  /** Whether an undated sentence also inherits negative evidence (its passage's dates all miss); measured: no difference. */
  inheritNegative: true,
} as const;

/** The default lexical similarity (zero-download mode). */
export const LEXICAL = {
  /** A query term found only in the passage heading (page / section title) counts this much. Measured: 0.5 / 0.8 / 1: AR@1 -2.4 / -0.6 / best. */
  headingWeight: 1,
  /** A query term found only in a neighbouring sentence counts this much. */
  neighbourWeight: 0.5,
  /** A query term found only elsewhere in the passage counts this much. */
  passageWeight: 0.3,
  /**
   * Phantom documents added to the candidate set when computing idf: without them the page
   * subject, which most candidates share, weighs less than a generic word. Measured: 0 /
   * 100 / 1,000 / 10,000: AR@1 44.1 / +1.5 / +2.9 / +4.7 (nearly flat weights win).
   */
  idfPhantomDocs: 10000,
  /**
   * A factoid answer is usually a name the question does not contain: a sentence with no
   * capitalised word beyond the question's and the heading's keeps `1 - nameWeight` of its
   * similarity; with `namesWanted` such words or more it keeps all of it. Measured: 0 /
   * 0.2 / 0.4: AR@1 44.5 / 45.0 / 45.1 (0.4 costs 1.5 ER@5).
   */
  nameWeight: 0.2,
  namesWanted: 2,
  /**
   * A long sentence covers query words by chance: past `typicalSentenceTerms` content words,
   * the similarity is divided by `1 + lengthPenalty x (terms / typical - 1)`. Measured:
   * 0 -> 0.25 (typical 8): ER@1 +1.5, AR@1 +0.8, AR@5 -0.6.
   */
  lengthPenalty: 0.25,
  typicalSentenceTerms: 8,
  /**
   * Share of the similarity that depends on how much of the passage heading (page title)
   * the question names: the subject of a question is usually the page's. Measured: 0 to
   * 0.6 within 0.3 of each other; kept small against cross-page distractors.
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
