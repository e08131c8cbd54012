/**
 * Every tunable of the temporal path (MRAG), in one place, with where each value comes
 * from. "Measured" figures are TimeQA (1,171 questions, 15,655 paragraphs, zero-download,
 * lexical semantic), AR@1 / ER@1 in %, each change tried alone from the final values,
 * with a first stage of BM25 over passage text and heading as separate Orama fields on
 * the main content, 100 candidates (gold paragraph among them for 82.9% of questions).
 * With these values that harness gives AR@1 45.9, ER@1 36.6 (whole question as the
 * first-stage query: 48.8 / 38.9). Differences under ~0.5 are noise at this size.
 *
 * Figures marked "(Okapi)" come from the second round, after the first stage became a
 * proper Okapi BM25 (`src/retrieval/bm25.ts`) on the whole question: `npm run bench --
 * temporal`, bm25+temporal, from AR@1 50.8 / ER@1 40.2 before that round to 55.3 / 43.6
 * with the values below (AR@5 72.9 -> 74.7, ER@5 69.9 -> 72.8, ER@20 87.2 -> 88.4). Each
 * is again one change tried alone from the final values unless it says otherwise.
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
   * 0.6 41.8 / 32.5; endpointYears 1 -> 2: +0.5. (Okapi) overlapInside 0.5 / 0.7: -0.1 /
   * -0.4 AR@1; endpointYears 1 / 3: -0.9 / -0.1.
   */
  overlapInside: 0.6,
  endpointYears: 2,
  /**
   * Share of that lift a span gets for meeting the interval's *end* rather than its start.
   * A state that held over [T1, T2] begins at T1: the sentence dated T1 usually says who or
   * what took over ("In December 1994 he joined Sheffield Wednesday"), the one dated T2
   * usually names the successor ("In 1796 the viceroyalty was transformed into Vologda
   * Governorate", the answer for the next interval). Measured (Okapi, with the rest as they
   * were then): 1 (both ends alike) / 0.8 / 0.6 / 0.4 / 0: AR@1 50.8 / 52.1 / 53.8 / 54.3 /
   * 54.3, ER@1 40.2 / 41.4 / 42.8 / 43.2 / 43.2 (0 costs 0.5 AR@20); with the final values
   * 1 / 0.6 / 0.2 / 0: AR@1 -3.6 / -0.4 / 0 / -0.2, ER@1 -2.9 / -0.4 / 0 / -0.2. Summing
   * the two ends' lifts instead (so an exact "from T1 to T2" span beats a start match)
   * lost 0.3 to 3.0 AR@1 for every split tried.
   */
  endpointEndShare: 0.4,
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
  /** Score the interval a sentence's fact holds over (`intervals.ts`) besides its dates. */
  intervals: true as boolean,
  /**
   * "As of T" without a first / last condition: share of the before-curve's lift that a moment
   * before T keeps (a state in force at T, an interval, keeps all of it).
   */
  asOfMomentShare: 0.5,
  /**
   * Largest share of its score that a covering interval loses for being the least preferred by
   * a first / last condition (`conditionPreference` in `curves.ts`): the condition orders the
   * intervals that meet the question, it does not demote them below undated sentences.
   */
  conditionPreference: 0.1,
} as const;

/** The temporal reranker (`rerankTemporal`). */
export const RERANK = {
  /**
   * Share of the passage score that comes from its first-stage (BM25) evidence; the rest is
   * the best sentence's semantic x temporal. Measured (Orama, max-normalised score): 0 /
   * 0.1 / 0.2 / 0.3 / 0.5: AR@1 45.4 / 45.9 / 44.4 / 30.4 / 6.2 (BM25 alone favours short
   * heading-only paragraphs). (Okapi) 0.05 / 0.15: AR@1 -0.4 / -0.6, ER@5 -3.5 / +1.0.
   * (BM25F first stage, which no longer favours them) 0.1 / 0.2: TimeQA AR@1 56.0 / 56.2,
   * ER@5 70.3 / 72.4, both page folds alike; realdocs AR@1 45 / 40, DocHit@1 80 / 77.5: kept.
   */
  firstStageWeight: 0.1,
  /**
   * The first-stage evidence is `1 / (1 + rank / firstStageRankScale)` (rank 0 = best BM25
   * score) rather than the score over the best score: how far BM25 scores spread changes
   * from one question to the next, ranks do not. Measured (Okapi): max-normalised score
   * AR@1 -0.1 / ER@1 0 but ER@5 -1.2, ER@20 -0.8 (at weight 0.15: -1.3 AR@1); scale 5 /
   * 20: AR@1 -0.6 / -0.2, ER@5 +0.6 / -1.8. Also tried, on the max-normalised score with
   * the other values as they were then: score normalised per heading (page) -1.9 AR@1,
   * -8 ER@20; score squared -0.8; square root 0; first stage as a factor, `best x (1 - w
   * + w x first)` with w 0.3 / 0.5: +0.2 / +0.5 AR@1 but -3.8 / -2.4 ER@5.
   */
  firstStageRankScale: 10,
  /**
   * Candidates the engine should hand to the reranker (`RETRIEVAL.temporalCandidates` in
   * `src/settings.ts`). Measured (AR@1 / ER@1): 50 -> 43.0 / 34.2, 100 -> 45.9 / 36.6,
   * 200 -> 46.9 / 36.5 at +1.5 ms a query; 100 keeps the rerank well under 5 ms.
   * (Okapi) 50 / 100 / 150 / 200: AR@1 54.7 / 55.3 / 55.2 / 55.1, ER@1 43.1 / 43.6 /
   * 43.5 / 43.4: 100 stays.
   */
  candidates: 100,
  /**
   * An undated sentence in a passage whose other sentences are dated borrows this share of
   * the passage's best temporal evidence (`0.5 + share x (best - 0.5)`): "He joined X in
   * 1997. He won the cup with them." dates the second sentence too. Measured: 0 / 0.5 /
   * 0.8: AR@1 45.3 / 45.9 / 45.9, ER@5 63.9 / 64.4 / 65.2. (Okapi) 0.5 / 0.65 / 0.9:
   * AR@1 0 / +0.4 / -0.1, ER@5 -0.6 / -0.5 / +0.1. Also tried, with the other values as
   * they were then: inheriting from the nearest preceding dated sentence only, or
   * from every dated sentence with a decay per sentence of distance (0.5 / 0.7 / 0.85):
   * -0.1 to -0.2 AR@1; adding 0.1 / 0.2 / 0.4 of the passage's second-best sentence:
   * -0.2 / 0 / -1.0 AR@1.
   */
  inheritTemporal: 0.8,
  /**
   * Sentence score = semantic x temporal^exponent. MRAG multiplies plainly (1); a lexical
   * similarity spreads wider than a dense one, so the temporal factor needs more weight
   * to move a passage whose dates match past one that only shares more words. Measured:
   * 1 / 1.5 / 2 / 3: AR@1 41.8 / 44.2 / 44.5 / 44.6, ER@1 32.5 / 34.6 / 35.1 / 35.8.
   * (Okapi) 1.5 / 2.5 / 3: AR@1 -1.2 / +0.5 / +0.6, ER@1 -1.4 / +1.0 / +1.3. Kept at 2:
   * past it an undated sentence next to the question's date outranks an on-topic passage
   * from another time (the "UK prime minister as of 6 May 2021" case of the rerank test:
   * Sturgeon's "She remained First Minister" above Blair's premiership); 3 with
   * inheritTemporal 0.5 to 0.7 keeps that order but gives the same AR@1 (55.3, ER@1
   * 44.4) for two coupled changes.
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
   * 0.2 / 0.4: AR@1 44.5 / 45.0 / 45.1 (0.4 costs 1.5 ER@5). (Okapi) 0.2 / 0.25 / 0.35 /
   * 0.45: AR@1 -0.5 / -0.3 / best / -0.2 (ER@5 +0.4 / +0.6 / best / -1.0); namesWanted
   * 1 / 3: -0.7 / -0.3.
   */
  nameWeight: 0.35,
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
   * 0.6 within 0.3 of each other; kept small against cross-page distractors. (Okapi: a
   * better first stage brings more cross-page candidates) 0 / 0.3 / 0.4 / 0.5 / 0.6: AR@1
   * -1.7 / -0.5 / -0.2 / best / +0.1, ER@1 -1.4 / -0.4 / -0.2 / best / +0.1; 0.5 keeps
   * a passage whose heading the question does not name (another page, or a section
   * title) at half weight, no lower.
   */
  titleWeight: 0.5,
  /** Added to every similarity so that a sentence with no term in common still ranks by time. */
  floor: 0.02,
  // Tried (Okapi) and left out: weighting the words a wh-word asks for ("what *stadium*",
  // "which football *club*") x1.5 / x2 / x3: AR@1 -0.2 / -0.8 / -2.2 (the answer sentence
  // rarely repeats its type: "In 1951 the castle ... was accepted by the treasury" for
  // "which charity"); crediting adjacent query-word pairs (phrases) in a sentence at 0.25
  // / 0.5 / 1 of their weight: -0.5 / -0.7 / -1.5 (it rewards the lead sentence that
  // restates the subject's full name). (Okapi) re-checks at the final values, AR@1:
  // headingWeight 0.8 -1.4; neighbourWeight 0.3 / 0.7 +0.1 / -0.1; passageWeight 0.15 /
  // 0.45 -0.1 / 0; idfPhantomDocs 1,000 / 100,000 -0.4 / -0.2; lengthPenalty 0.1 / 0.4
  // +0.1 / -0.6; typicalSentenceTerms 12 +0.3: all noise, kept.
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
