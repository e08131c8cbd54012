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
  /** MRAG: a sentence with no usable timestamp scores 0.5, so undated sentences are not buried. */
  noTimestamp: 0.5,
  /**
   * A sentence whose dates all fall outside the constraint. MRAG gives it 0.5, the same as
   * no date; a date on the wrong side is evidence against the sentence (it talks about
   * another time), so it scores a little lower (measured).
   */
  outside: 0.45,
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
  firstStageWeight: 0.3,
  /**
   * Candidates the engine should hand to the reranker (`RETRIEVAL.temporalCandidates` in
   * `src/settings.ts`); measured best on TimeQA.
   */
  candidates: 100,
} as const;

/** The default lexical similarity (zero-download mode). */
export const LEXICAL = {
  /** A query term found only in the passage heading (page / section title) counts this much. */
  headingWeight: 0.8,
  /** A query term found only in a neighbouring sentence counts this much. */
  neighbourWeight: 0.5,
  /** A query term found only elsewhere in the passage counts this much. */
  passageWeight: 0.3,
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
