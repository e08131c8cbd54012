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
} as const;
