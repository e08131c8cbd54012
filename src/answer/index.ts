/**
 * Answering, the pure core: question analysis, the calculator, numbers as tables write them,
 * the table answerer, the answer sentence, and RECAP's prompt and reply. No DOM, no workers,
 * no I/O; the engine (`src/engine/answer.ts`) runs it over search results.
 */
export { analyzeQuestion, askedVersions, asksLatest, asksDescription, asksCodename, meaningAsked, asksSource, namesSource, sourceNamed, asksLength, asksTime, namedNumbers, versionsOf, namesOf, namesPreReleaseOnly, asksFrequency, COMPUTED, type Operation, type QuestionAnalysis } from './question.ts';
export { calculate, tryCalculate, parseExpression, evaluateExpression, formatExpression, CalculationError, MAX_EXPRESSION_DEPTH, MAX_EXPRESSION_LENGTH, type CalculationFailure, type ExpressionNode } from './calculator.ts';
export { readNumber, readUnit, isEmptyValue, formatNumber, type ReadNumber, type Scale, type UnitReading } from './numbers.ts';
export { answerTable, asksOverSpan, answersCoarsely, answersWithin, answersOtherTime, LEAP_YEAR_MS, answerRow, namedRow, hasDate, type AnswerCell, type TableAnswer, type TableAnswerOptions } from './table-answer.ts';
export { answerRecord, type RecordAnswer } from './record-answer.ts';
export { answerDatedLine, answerField, answerReleaseLine, scheduleLines, type FieldAnswer } from './field-answer.ts';
export { asksField, fieldRecordAt, holdsFieldLine, isFieldRecord } from './field-records.ts';
export { answerTerms } from './synonyms.ts';
export { answerFromText, answerAt, holdsAsked, statesFrequency, statesLength, type TextAnswer, type TextSource, type TextAnswerOptions } from './text-answer.ts';
export { asksFeature } from './release-notes.ts';
export { statesDayWithoutYear, yearOfDay } from './answer-time.ts';
export { chooseAnswerSentence, novelNames, type SentenceCandidate, type AnswerSentenceOptions, type ChosenSentence } from './answer-sentence.ts';
export { recapPrompt, parseRecap, RECAP, REFUSAL, type RecapEvidence, type RecapReply } from './recap.ts';
export { ANSWER_SETTINGS } from './settings.ts';
export { describeAnswer, describeCitation, type DescribeCitationOptions } from './cite.ts';
