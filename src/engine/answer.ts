/**
 * `almanac.answer()` and `answerStream()`: search, then read the answer from what search found.
 * Zero-download: the table answerer over the tables of the best documents (cells, calculations,
 * labels), else the answer sentence of the best text passage, else `none`. With a generator
 * loaded: RECAP over the original passages and H-RCL rows, its Compute step checked by the
 * calculator. Every answer carries citations the page, the CLI and the library share.
 */
import { createError, throwIfAborted } from '../errors.ts';
import {
  ANSWER_SETTINGS, COMPUTED, analyzeQuestion, askedVersions, asksLatest, asksDescription, asksCodename, meaningAsked, asksSource, namesSource, sourceNamed, asksFeature, asksField, holdsFieldLine, fieldRecordAt, namedNumbers, versionsOf, namesOf, namesPreReleaseOnly, asksFrequency, asksLength, asksTime, hasDate, holdsAsked, statesFrequency, statesLength, answerFromText, answerRecord, answerRow, answerTable, asksOverSpan, answersCoarsely, answersWithin, answersOtherTime, LEAP_YEAR_MS, namedRow, answerTerms, chooseAnswerSentence, formatNumber, readNumber, calculate, yearOfDay, statesDayWithoutYear,
  type AnswerCell, type QuestionAnalysis, type TableAnswer, type TextAnswer,
} from '../answer/index.ts';
import type {
  Answer, AnswerEvent, AnswerOptions, AnswerResponse, CalculationOperand, Citation, Passage,
  SearchResponse, SearchResult, Table, TimeSpan,
} from '../types.ts';
import { eventQueue } from './event-queue.ts';
import type { ListHelpers } from './status-lists.ts';
import { TIME_ASKED, dateIn, datesIn, endOfRow, newestRow, rowDates, rowsOfColumn, type TableReaders } from '../answer/table-answer.ts';
import { CELL_READING, setsNoEnd, supportStatus } from '../answer/support-status.ts';
import { runSearch } from './search.ts';
import { isTitledBy, titleNames } from './titled-names.ts';
import type { EngineState } from './state.ts';
import { structureOf } from './table-context.ts';
import { sourceOffset } from '../ingest/source-map.ts';
import { cellTextSpan } from '../ingest/table-text.ts';
import { contentTerms, temporalScore } from '../temporal/index.ts';
import { datedEvidence } from '../temporal/intervals.ts';
import { escapeRegExp } from '../text/escape-regexp.ts';

const TABLE_KINDS = new Set<Passage['kind']>(['table', 'table-row', 'table-column']);
const TEXT_KINDS = new Set<Passage['kind']>(['text', 'sentence']);
/** Formats whose whole content is a table (a data file). */
const DATA_FORMATS = new Set<string>(['csv', 'tsv', 'xlsx', 'ods']);
/** Data files of one header line (a spreadsheet's sheet may head its columns anywhere). */
const DELIMITED = new Set<string>(['csv', 'tsv']);
/** How many times the question's span (at least a year) a sentence's time may span and still say what held then. */
const SPECIFIC_SPAN = 25;
const DAY_MS = 86_400_000;
/** Operations a table answers by ranking its rows ("the lowest concentration"), which a sentence rarely states. */
const EXTREMES = new Set(['max', 'min', 'argmax', 'argmin']);

/** A question that may ask what a release brought ("what's new in ...", "what did ... change?", "what's in ...?"): the outline module is loaded for it. */
const OUTLINE_GATE = /^\s*what(?:'s|\s+is)\s+in\b|^\s*what\b.*\b(?:new|features?|highlights?|changes?|changed|add(?:ed)?|introduce|stabili[sz]ed?|released|bring|fix(?:ed)?|remove(?:d)?|deprecate(?:d)?|drop|improve|about)\b/i;

/** Queries that may be keywords standing for a question (`answer/keyword-question.ts` reads them). */
const KEYWORD_GATE = /\b(?:date|eol|life|support|freeze|manager|lead|maintainers?|versions?|releases?|supported|maintained|code\s*names?|features|changes|new|notes|changelog|highlights)\W*$/i;

/** A query that opens as a question, which no keyword form reads (but "is angular 17 supported"). */
const QUESTION_OPENING = /^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did)\b/i;
const SPAN_ASKED = /\b(?:which|what)\s+(?:(?:was|is)\s+the\s+)?(year|decade|month)\b/i;
const LATEST_GATE = /\b(?:latest|newest|most recent|first|earliest|initial)\b/i;
const MEASURE_GATE = /\b(?:warm|hott|cold|cool|cheap|wett|dri)est\b/i;
const SUPPORTED_OPENING = /^\s*(?:is|are)\b.*\b(?:supported|maintained)\W*$/i;

/** A month or a day written as ISO 8601 does ("Date 1990-01-01"): a row of a monthly or daily series. */
const ISO_MONTH = /\b\d{4}-\d{2}\b/;
const LIST_GATE = /\b(?:years|periods|types|kinds|components|items|categories|segments|regions|countries|scopes|currencies|consists?|consisted|compris\w*|made up|composed|taken into account|included|members|nominees|candidates)\b|\bwhich (?:fiscal )?years?\b|^\s*who\s+(?:is|are|was|were|sits?|sat)\s+on\b/i;

/** The text of a `none` answer: the card shows the closest passages below it. */
export const NO_ANSWER = 'No answer found in your documents; closest passages below.';

/** Runs answer(): search, deterministic reading, RECAP when a generator is loaded. `emit` receives stream events. */
export async function runAnswer(state: EngineState, typed: string, options: AnswerOptions = {}, emit?: (e: AnswerEvent) => void): Promise<AnswerResponse> {
  const t0 = performance.now();
  const { onToken, generate, maxNewTokens, ...searchOptions } = options;
  if (maxNewTokens !== undefined && (!Number.isInteger(maxNewTokens) || maxNewTokens < 1)) {
    throw createError('INVALID_OPTION', 'maxNewTokens', 'use a whole number of 1 or more');
  }
  // Keywords ("python 3.12 release date") are read as the question they stand for, searched as it
  // too, by a module loaded for a query that ends as such keywords do (the embed's budget, issue 13).
  const keywords = KEYWORD_GATE.test(typed) && (!QUESTION_OPENING.test(typed) || SUPPORTED_OPENING.test(typed));
  const worded = keywords ? (await import('../answer/keyword-question.ts')).keywordQuestion(typed) ?? typed : typed;
  // "Which year was the warmest?": read and searched as the measure its superlative names.
  const measured = MEASURE_GATE.test(worded) ? (await import('../answer/measure-words.ts')).measureWords(worded) : undefined;
  const question = measured ?? worded;
  const limit = searchOptions.limit ?? 10;
  // "According to PEP 602, ...": the results of the documents that name it, for the question
  // without those words, which say where to read, not what.
  const named = sourceNamed(question);
  const ranked = await runSearch(state, question, { ...searchOptions, limit });
  const source = named && sourceDocuments(state, named.source, ranked);
  const search = source ? await fromSource(ranked, source, limit, () => runSearch(state, named!.question, { ...searchOptions, limit: ANSWER_SETTINGS.tableSearchDocuments })) : ranked;
  emit?.({ type: 'retrieved', search });
  const steps: string[] = [...(worded === typed ? [] : ['keyword-question']), ...(measured ? ['measure-words'] : []), 'question-analysis'];
  const skipped: Record<string, string> = {};
  const analysis = analyzeQuestion(question);
  // The readers of support questions ("is X still supported?", "which X versions ...?") load
  // with a question that may be one: a table's cell asked needs none of them.
  const support = SUPPORT_GATE.test(question) ? await import('../answer/support-questions.ts') : undefined;

  const table = await tableCandidate(state, analysis, search, support, async () => {
    const further = await runSearch(state, question, { ...searchOptions, groupByDocument: true, limit: ANSWER_SETTINGS.tableSearchDocuments });
    return source ? { ...further, results: further.results.filter((r) => source.has(r.passage.docId)) } : further;
  });
  // "What was the US CPI in 1990?" answered by one month of a monthly file: the year's rows
  // together, by a module loaded for such an answer.
  const period = analysis.period;
  let spanned = false;
  // ("At the end of 2019" asks its last month's row alone; "the maximum in 2011", its highest.)
  if (table?.found.kind === 'cell' && period && !period.edge && !EXTREMES.has(analysis.operation) && period.end - period.start > 32 * 86_400_000 && period.end - period.start <= LEAP_YEAR_MS && ISO_MONTH.test(table.found.cells[0]!.rowPath.join(' '))) {
    const [r, c] = table.found.cells[0]!.cell;
    const span = (await import('../answer/series-year.ts')).spanOfSeries(table.table, structureOf(table.table).columnPaths, r, c, period, { readNumber, calculate, formatNumber });
    if (span) table.found = { ...span, confidence: table.found.confidence };
    spanned = !!span;
  }
  // "Which decade had the highest average gold price?" of a series by year (by month, for "which
  // year"): its rows by that time, each one's mean, read by the same module.
  const first = table?.found.cells[0];
  const unit = first && analysis.operation.startsWith('arg') ? SPAN_ASKED.exec(question)?.[1]?.toLowerCase() : undefined;
  if (unit) {
    const [r, c] = first!.cell;
    const groups = (await import('../answer/series-year.ts')).extremeOfSpans(table!.table, structureOf(table!.table).columnPaths, r, c, unit as 'year' | 'decade' | 'month', analysis.operation === 'argmin', { readNumber, calculate, formatNumber }, analysis.period);
    if (groups) table!.found = { ...groups, confidence: table!.found.confidence };
    spanned = !!groups;
  }
  // "How much did the CPI rise from 2019 to 2020?", answered from a monthly series by two of its
  // rows: the change between the two years' means, read by the same module.
  const operands = table?.found.calculation?.operands;
  if ((analysis.operation === 'change' || analysis.operation === 'percent-change') && search.constraint?.granularity === 'year' && analysis.mentions?.every((m) => /^\d{4}$/.test(m)) && operands?.length === 2 && operands.every((o) => ISO_MONTH.test(o.rowPath.join(' ')))) {
    const years = (await import('../answer/series-year.ts')).changeOfYears(table!.table, structureOf(table!.table).columnPaths, [operands[0]!.cell, operands[1]!.cell], analysis.operation === 'percent-change', { readNumber, calculate, formatNumber });
    // (In the unit the change between rows carried: the table's, or percent.)
    const { scale, unit: shown, confidence } = table!.found;
    if (years) table!.found = { ...years, scale, ...(shown ? { unit: shown } : {}), confidence };
    spanned ||= !!years;
  }
  const text = textCandidate(state, analysis, search);
  const record = recordCandidate(state, analysis, search);
  // The field answerers load with a question that may ask one (a field, or a time) over passages
  // that hold a line they read ("Status: Active", "- 2.7 final 2010-07-03"), or a document
  // titled by its versions (a schedule read whole): a table's cell asked needs none of them.
  const numbers = namedNumbers(analysis);
  const fieldy = (asksField(analysis) || (search.constraint && search.constraint.relation !== 'any'))
    && ([...search.results.map((r) => r.passage), ...pastResults(state, analysis, search)].some((p) => TEXT_KINDS.has(p.kind) && holdsFieldLine(p.text))
      || search.results.some((r) => titledByNumbers(state, numbers, r.passage.docId)));
  const fields = fieldy ? await import('../answer/field-answer.ts') : undefined;
  const field = fields && fieldCandidate(state, analysis, search, fields);
  if (record) steps.push('record-answer');
  if (field) steps.push('field-answer');
  if (table) steps.push(...(spanned ? ['table-answer', 'series-span'] : ['table-answer']));
  if (text) steps.push('text-answer');
  // A line whose whole name the question names states the answer more surely than a sentence
  // that ranked above it; a table or record that ranked above it still answers first.
  let answer = record && (!table || record.rank <= table.rank) && (!text || record.rank <= text.rank) && (!field || record.rank <= field.rank)
    ? record.answer
    : field && (!table || field.rank <= table.rank || table.found.confidence < ANSWER_SETTINGS.minTableConfidence)
      ? field.answer
      : chooseDeterministic(state, analysis, search, table, text);
  // "Which had the higher rate, the euro or the peso?" is answered by one of the two, or not at all.
  const choices = analysis.operation === 'compare' ? analysis.mentions : undefined;
  if (choices && answer.kind !== 'none' && !choices.some((o) => answerTerms(o).some((t) => answerTerms(answer.text).includes(t)))) answer = noAnswer(analysis);
  // "What is code freeze?": the opening of the section a document heads with the thing's name,
  // before a sentence that merely mentions it, or a cell (no "Who" cell of a row that names it).
  // Read by a module loaded for a question that surely asks for a description (`asksDescription`,
  // not "why"), or a "what is the ...?" nothing else answered: not for every "what is the ...?",
  // which most often asks for a value, and whose first would download it past issue 13's budget.
  if ((asksDescription(analysis) && !/^\s*why\b/i.test(question) && answer.kind !== 'computed') || (answer.kind === 'none' && /^\s*what\s+(?:is|are)\b/i.test(question))) {
    const { descriptionAnswer } = await import('./description-answer.ts');
    const described = descriptionAnswer(state, analysis, search, {
      terms: answerTerms,
      citeHeading: (p, heading) => headingCitation(state, search, p, heading),
      citeSentence: (p, start, end) => textCitation(state, search, p, p.start + start, p.start + end, p.text.slice(start, end)),
    });
    if (described) {
      answer = described.answer;
      steps.push(described.step);
    }
  }
  // Read off the headings a sentence stands under (a changelog's "[1.2.0] - 2019-02-15"), not
  // the sentence: the step says so, and the heading is the first citation.
  if (text?.found.heading && answer.kind === 'sentence' && answer.citations[0]?.text === text.found.heading) steps.push('section-heading');
  // "What are the contract types?", "which years does the table cover?": a list of labels, read
  // by a module loaded when a question may ask for one (the embed's budget, issue 13).
  if (LIST_GATE.test(question)) {
    const { listAnswer } = await import('./list-answer.ts');
    const read = (s: SearchResponse) => listAnswer(state, question, s, { answerTerms, structureOf, citeCell: (docId, tableIndex, t, cell) => cellCitation(state, search, cellHolder(docId, tableIndex, t), cell), sourceSpan, titleOf, pageOf, settings: ANSWER_SETTINGS });
    // "Who is on the Kubernetes 1.37 release team?": the team's own table may rank below its
    // README's rows, and the best passage of each of more documents is read for it, as for status
    // lists (a table, or a lead-in that names the people asked: "Nominees:").
    const more = async () => (/^\s*who\b/i.test(question) ? read(await runSearch(state, question, { ...searchOptions, groupByDocument: true, limit: ANSWER_SETTINGS.tableSearchDocuments })) : undefined);
    const list = read(search) ?? (await more().then((a) => (a && (a.kind === 'cell' || a.confidence >= 1) ? a : undefined)));
    if (list) {
      answer = list;
      steps.push('list-answer');
    }
  }
  // "What's new in Rust 1.80?": the outline of its release notes, read by a module loaded for
  // such questions.
  if (OUTLINE_GATE.test(question)) {
    const { outlineAnswer } = await import('./outline-answer.ts');
    const subject = subjectOf(state, analysis, search);
    const outline = outlineAnswer(state, question, analysis, search, {
      versions: askedVersions(analysis), mayAnswer: (docId) => namesSubject(state, docId, subject),
      citeHeading: (p, heading) => headingCitation(state, search, p, heading), citeSentence: (p, s) => textCitation(state, search, p, p.start + s.start, p.start + s.end, p.text.slice(s.start, s.end)),
      terms: answerTerms,
    });
    if (outline) {
      answer = outline.answer;
      steps.push(outline.step);
    }
  }
  // "Is Angular 18 still supported?": the row's end of life against the reference date, read by
  // a module loaded for such questions, the readers it needs passed in (`status-answer.ts`).
  // (What no end of life answers: "when does X reach end of life?", "how long is X supported?".)
  const endless = answer.kind === 'none' && (analysis.boundary === 'end' || asksLength(analysis));
  const questions = support ?? (endless ? await import('../answer/support-questions.ts') : undefined);
  if (questions) {
    const { statusQuestion, statusListQuestion, flagListQuestion, timeListQuestion, allListQuestion } = questions;
    const subject = subjectOf(state, analysis, search);
    const helpers = {
      settings: ANSWER_SETTINGS, structureOf, mayAnswer: (docId: string) => namesSubject(state, docId, subject), namesAsked: (text: string) => namesAsked(analysis, text), givesName: namesOf(analysis).length > 0,
      citeCell: (docId: string, tableIndex: number, t: Table, cell: AnswerCell) => cellCitation(state, search, cellHolder(docId, tableIndex, t), cell),
      citeText: (p: Passage, from: number, to: number, text: string, span: [number, number]) => textCitation(state, search, p, from, to, text, span),
      versions: askedVersions(analysis),
      datesIn: (text: string) => datesIn(text).map((d): [number, number] => [d.from, d.to]),
      endOfRow, supportStatus, setsNoEnd, asksLength,
    };
    const asked = statusQuestion(question);
    const statuses = asked || endless ? await import('./status-answer.ts') : undefined;
    // "When does Apache Groovy 3 reach end of life?" over a row whose end of life is set to none
    // ("false"): that none is set, where nothing else answered.
    const reference = (searchOptions.referenceDate ?? new Date()).getTime();
    // ("Was Django 3.2 still supported in 2023?": at the start of that time.)
    const then = analysis.period && /^\s*(?:was|were)\b/i.test(question) ? analysis.period.start : reference;
    let status = asked && statuses!.statusAnswer(state, asked, analysis, search, then, helpers);
    let property: Answer | undefined;
    let timeList: Answer | undefined;
    let rows: Answer | undefined;
    let scheduled = false;
    // "Which PostgreSQL versions are still supported?", "which Node.js versions are LTS?": read by
    // a module loaded for such questions, the readers it needs passed in (`status-lists.ts`).
    const listed = status ? undefined : statusListQuestion(question);
    // "How many Ubuntu LTS releases are there?": every row, those the subject's flag keeps.
    const all = status || listed ? undefined : allListQuestion(question);
    const flagged = status || listed || all ? undefined : flagListQuestion(question);
    // "Which Ubuntu releases came out in 2022?": the rows dated at the time the router read.
    const dated = status || listed || flagged || all || !search.constraint ? undefined : timeListQuestion(question);
    if (listed || flagged || dated || all) {
      const lists = await import('./status-lists.ts');
      const h: ListHelpers = {
        // The results' documents that have tables, whatever kind of passage ranked them: a
        // product's prose may fill the results above its release table's rows.
        ...helpers, documents: (s) => [...new Set(s.results.map((r) => r.passage.docId))].filter((id) => !!state.records.get(id)?.document.tables.length && helpers.mayAnswer(id)).slice(0, ANSWER_SETTINGS.tableDocuments),
        rowDates: (t, role, structure) => rowDates(t, role, { structure }), rowsOfColumn: (t, property, structure) => rowsOfColumn(t, property, { structure }),
        ...CELL_READING,
      };
      // Where the results' documents hold no such table (Amazon MSK's prose fills them for "which
      // Kafka versions ...?"), the best passage of each of more documents is read.
      const read = (s: SearchResponse) => (listed ? lists.statusListAnswer(state, listed, s, reference, h) : flagged ? lists.flagListAnswer(state, flagged, s, reference, h) : all ? lists.allListAnswer(state, all, s, reference, h) : lists.timeListAnswer(state, dated!, s, search.constraint!, reference, h));
      const found = read(search) ?? read(await runSearch(state, question, { ...searchOptions, groupByDocument: true, limit: ANSWER_SETTINGS.tableSearchDocuments }));
      // "How many Ubuntu releases came out in 2022?", "how many Django versions are still
      // supported?": the list's length, its items cited.
      const count = (a: Answer | undefined) => (a?.items && a.kind !== 'computed' ? { ...a, text: String(a.items.length), kind: 'computed' as const, value: a.items.length, operation: 'count' as const } : a);
      if (listed) status = listed.count ? count(found) : found;
      else if (flagged) property = found;
      else if (all) rows = all.count ? count(found) : found;
      // Where no table dates the thing's releases, the titles of its release notes may, with
      // their dates (a module loaded for such a question, as for "the latest version").
      // So may the lines of a release schedule ("- 3.14.1: Tuesday, 2025-12-02").
      else if (!found) {
        const releases = await import('./latest-answer.ts');
        const cite = (p: Passage, from: number, to: number, text: string, span: [number, number]) => textCitation(state, search, p, from, to, text, span);
        timeList = releases.titledListAnswer(state, question, dated!, search.constraint!, cite);
        if (!timeList) {
          timeList = releases.scheduleListAnswer(state, dated!, search.constraint!, search, { scheduleLines: (await import('../answer/field-answer.ts')).scheduleLines, dateIn, mayAnswer: helpers.mayAnswer, cite });
          scheduled = !!timeList;
        }
      } else timeList = found;
      if (dated?.count) timeList = count(timeList);
    }
    status ||= endless ? statuses!.noEndAnswer(state, analysis, search, helpers) : undefined;
    if (status) {
      answer = status;
      steps.push('status-answer');
    } else if (property) {
      answer = property;
      steps.push('property-list');
    } else if (rows) {
      answer = rows;
      steps.push('row-list');
    } else if (timeList && !(dated!.one && timeList.text === answer.text)) {
      // (Asked of one, a list of one the record's answer gave already keeps that answer, which cites the name.)
      answer = timeList;
      steps.push('time-list', ...(scheduled ? ['schedule-lines'] : []));
    } else if (asked && answer.kind === 'sentence' && !STATES_SUPPORT.test(answer.citations[0]?.text ?? '')) {
      // "Is Python 3.9 still supported?" is not answered by a sentence that speaks of 3.9 but not of its support.
      skipped['status-answer'] = 'no table or sentence of the best documents says whether it is supported';
      answer = noAnswer(analysis);
    } else if (answer.kind !== 'none' && !answer.items && (listed || (flagged && !answerTerms(flagged.flag).every((t) => answerTerms(answer.citations[0]?.text ?? '').includes(t))))) {
      // "Which Python versions are still supported?" asks for the rows of a support table: one
      // sentence's version ("Python-Version: 2.7" of a release schedule) is no answer to it; nor
      // is a cell or a sentence that does not name the property of "which Java versions are
      // LTS?" ("3.1 - 6.1", Jetty's servlet versions).
      skipped['status-answer'] = 'no table of the best documents dates its rows\' end of life, or gives the property';
      answer = noAnswer(analysis);
    }
  }
  // A duration or a group less those who did ("how many ... did not ...", checked in full by
  // `prose-calc`) is read from sentences; a difference between two
  // things from sentences only where no table answered it with confidence.
  const tableSure = !!table && table.found.confidence >= ANSWER_SETTINGS.minTableConfidence && !!table.found.calculation;
  if (analysis.operation === 'duration' || (analysis.operation === 'lookup' && /\bnot\b|n't\b|\bnever\b|\bfailed to\b/i.test(question)) || (analysis.operation === 'difference' && analysis.mentions && !tableSure)) {
    // Loaded when such a question comes: the embed's first download stays within its budget (issue 13).
    const { proseAnswer } = await import('./prose-answer.ts');
    const prose = await proseAnswer(state, analysis, search, { sourceSpan, titleOf, pageOf, answerTerms, formatNumber, settings: ANSWER_SETTINGS, byDocument: () => runSearch(state, question, { ...searchOptions, groupByDocument: true, limit: ANSWER_SETTINGS.proseDocuments }) }, answer);
    if (prose && 'refusal' in prose) {
      skipped['prose-calculation'] = prose.refusal;
      answer = prose.answer;
    } else if (prose) {
      answer = prose;
      steps.push('prose-calculation');
    }
  }

  // "What is the latest version of Rust?" over release notes titled by their releases: the
  // highest version their titles give; "when was the first version released?" of a changelog:
  // its release heading of the earliest date; read by a module loaded for such a question.
  if (LATEST_GATE.test(question) && /\b(?:version|release)\b/i.test(question) && !analysis.period) {
    const releases = await import('./latest-answer.ts');
    const end = releases.asksReleaseEnd(question);
    const subject = subjectOf(state, analysis, search);
    const headed = end && releases.releaseHeadingAnswer(state, analysis, search, end, {
      mayAnswer: (docId) => namesSubject(state, docId, subject), citeHeading: (p, heading, text) => headingCitation(state, search, p, heading, text), timed: asksTime(analysis),
      dateIn,
    });
    const latest = headed || (end === 'latest' ? releases.latestAnswer(state, analysis, answer, (p, from, to, text, span) => textCitation(state, search, p, from, to, text, span)) : undefined);
    if (latest) {
      answer = latest;
      steps.push(headed ? 'release-headings' : 'latest-titled');
    }
  }

  let recap: AnswerResponse['recap'];
  if (state.generator && generate !== false && search.results.length) {
    throwIfAborted(options.signal, 'Answering');
    // Loaded with a generator only: the embed's first download never carries it (issue 13).
    const { runRecap } = await import('./recap-answer.ts');
    const ran = await runRecap(state, analysis, search, table, answer, { onToken, emit, maxNewTokens, signal: options.signal }, {
      titleOf, noAnswer, structureOf, sourceSpan,
      cellCitation: (s, r, docId, tableIndex, t, cell) => cellCitation(s, r, cellHolder(docId, tableIndex, t), cell),
    });
    recap = ran.trace;
    answer = ran.answer;
    steps.push('recap');
    if (ran.trace.calculatorResult !== undefined) steps.push('calculator');
    if (ran.trace.calculatorError) skipped.calculator = `the calculator rejected the model's formula: ${ran.trace.calculatorError}`;
  } else if (!state.generator) {
    skipped.recap = 'no generator loaded (zero-download mode: deterministic answer)';
  } else if (generate === false) {
    skipped.recap = 'turned off by the caller';
  }
  if (answer.calculation) {
    if (!steps.includes('calculator')) steps.push('calculator');
    emit?.({ type: 'calculation', calculation: answer.calculation });
  }
  return { question: typed, ...(question !== typed ? { readAs: question } : {}), answer, search, steps, skipped, ...(recap ? { recap } : {}), tookMs: performance.now() - t0 };
}

/**
 * The documents of the results a question names as its source ("according to PEP 602"): those
 * whose title or name holds every word of it. Undefined where none does, so that a source the
 * user misnames still leaves the best passages.
 */
function sourceDocuments(state: EngineState, source: string, search: SearchResponse): Set<string> | undefined {
  const words = answerTerms(source);
  const docs = new Set(search.results.map((r) => r.passage.docId).filter((id) => {
    const d = state.records.get(id)?.document;
    const held = new Set(d ? answerTerms(`${d.title} ${d.name}`) : []);
    return words.every((w) => held.has(w));
  }));
  return docs.size ? docs : undefined;
}

/**
 * The results of the source's documents: of the question without the source's words, which rank
 * every passage of the source alike, where they hold some; else those the question ranked.
 */
async function fromSource(search: SearchResponse, docs: Set<string>, limit: number, plain: () => Promise<SearchResponse>): Promise<SearchResponse> {
  const again = await plain();
  const results = again.results.filter((r) => docs.has(r.passage.docId)).slice(0, limit);
  return results.length ? { ...again, results } : { ...search, results: search.results.filter((r) => docs.has(r.passage.docId)) };
}

/** {@link runAnswer} as an async iterable of events; leaving the loop early aborts the generator. */
export function streamAnswer(state: EngineState, question: string, options: AnswerOptions = {}): AsyncIterable<AnswerEvent> {
  return {
    [Symbol.asyncIterator]() {
      const controller = new AbortController();
      const outer = options.signal;
      const onOuterAbort = () => controller.abort(outer?.reason);
      if (outer?.aborted) controller.abort(outer.reason);
      else outer?.addEventListener('abort', onOuterAbort, { once: true });
      const events = eventQueue<AnswerEvent>();
      const onToken = options.onToken;
      void runAnswer(state, question, { ...options, signal: controller.signal, onToken: (t) => { onToken?.(t); events.push({ type: 'token', text: t }); } }, (e) => {
        if (e.type !== 'token') events.push(e);
      }).then(
        (response) => { events.push({ type: 'final', response }); events.end(); },
        (error: unknown) => events.end(error),
      ).finally(() => outer?.removeEventListener('abort', onOuterAbort));
      return events.iterator(() => {
        controller.abort(createError('ABORTED', 'Answering'));
        outer?.removeEventListener('abort', onOuterAbort);
      });
    },
  };
}

// ---------------------------------------------------------------------------
// Deterministic answers
// ---------------------------------------------------------------------------

interface TableCandidate {
  found: TableAnswer;
  docId: string;
  tableIndex: number;
  table: Table;
  /** Rank of the document's first result. */
  rank: number;
}

interface TextCandidate {
  found: TextAnswer;
  passage: Passage;
  rank: number;
  /** Whether the evidence supports answering (the support threshold of its path was met). */
  supported: boolean;
}

/** The table answer of the best documents: the first, in rank order, whose answer the evidence supports. */
async function tableCandidate(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, support: Support | undefined, byDocument: () => Promise<SearchResponse>): Promise<TableCandidate | undefined> {
  const docs: Array<{ docId: string; rank: number }> = [];
  const add = (results: SearchResult[], offset: number, most: number) => results.forEach((r, i) => {
    if (!TABLE_KINDS.has(r.passage.kind) || docs.some((d) => d.docId === r.passage.docId)) return;
    if (docs.length < most) docs.push({ docId: r.passage.docId, rank: offset + i });
  });
  add(search.results, 0, ANSWER_SETTINGS.tableDocuments);
  // A document titled by the thing the question names is that thing's own: Django's release
  // table answers "which Django version ...?" before Wagtail's, whose rows list Django versions.
  const own = titledByQuestion(state, analysis);
  docs.sort((a, b) => Number(own(b.docId)) - Number(own(a.docId)));
  let fallback: TableCandidate | undefined;
  const readers = await tableReaders(analysis);
  let roleOnly = false;
  const found = tableOf(state, analysis, search, docs, readers, support, (c) => { fallback ??= c; }, () => { roleOnly = true; });
  // A bound first passed is a test a table passes or fails (a growth-rate file's figures never
  // reach 400 ppm): where the results shown hold too few documents with tables and none passes
  // it, the best passage of each of more documents, ranked after every result shown, is read, and
  // answers only with confidence. (A lookup finds some cell in almost any table: reading further
  // documents for one answered 8 more HiTab questions, all wrongly.)
  // So is a month the question names, where the results shown give only a year's row; and an
  // average or total over a span, which only a series of what is asked, dated across the span,
  // answers ("the average global temperature anomaly in the 2010s", where CO2 files rank first).
  const coarse = !!found && answersCoarsely(analysis, found.found);
  // So is the time an extreme is asked of ("which month was the warmest in 2023?", "when did
  // gold peak in 2011?", "which decade was the coldest?"; not "which year", which a table of a
  // report's years answers), which a table of years does not give or a series gives by its
  // rows, and an extreme within a time ("the lowest anomaly since 1950", "the highest gold price
  // in 2020"), which a series dated within it gives, not a table of one row for it.
  const extreme = EXTREMES.has(analysis.operation);
  // (A day holds no extreme: "the maximum exposure at 31 March 2019" names a figure.)
  const spanned = !!analysis.period && analysis.period.end - analysis.period.start > DAY_MS;
  // So is a person asked for where a table of the results gave a role ("Lead" of a schedule for
  // "who was the 1.29 release lead?"): the release team's table beside it names the person.
  const tested = !!analysis.firstPast || overYears(analysis) || roleOnly || (extreme && (TIME_ASKED.test(analysis.question) || SPAN_ASKED.exec(analysis.question)?.[1]?.toLowerCase() === 'decade' || spanned));
  // (A year's row where the results hold documents enough is read past too, but only a row or
  // column of the time asked answers in its place: "the CO2 concentration in January 2000",
  // where three files of years rank first.)
  const full = docs.length >= ANSWER_SETTINGS.tableDocuments;
  if ((found && !coarse) || (!found && (fallback || !tested)) || (full && !coarse)) return found ?? fallback;
  const before = docs.length;
  add((await byDocument()).results, search.results.length, ANSWER_SETTINGS.testedDocuments);
  const further = tableOf(state, analysis, search, docs.slice(before), readers, support, () => undefined);
  return coarse ? (further && !answersCoarsely(analysis, further.found) && (!full || answersWithin(analysis, further.found)) ? further : found) : further;
}

/**
 * The table readers that few questions need (`TableReaders`), loaded with a question that needs
 * them, as the status and list answers are: comparisons and figures asked "respectively",
 * counts, extremes, a span's mean or total.
 */
async function tableReaders(analysis: QuestionAnalysis): Promise<Partial<TableReaders>> {
  const sideBySide = (analysis.operation === 'compare' && !!analysis.mentions) || analysis.respectively;
  const counts = analysis.operation === 'count' || !!analysis.firstPast || /^\s*how many\b/i.test(analysis.question);
  const spans = !!asksOverSpan(analysis) || (analysis.operation === 'change' && !!analysis.period);
  return {
    ...(sideBySide ? await import('../answer/table-comparisons.ts') : {}), ...(counts ? await import('../answer/table-counts.ts') : {}),
    ...(EXTREMES.has(analysis.operation) ? await import('../answer/table-extremes.ts') : {}), ...(spans ? await import('../answer/table-spans.ts') : {}),
  };
}

/**
 * The first of `docs` whose tables answer with confidence; a document's best answer below it goes
 * to `unsure`, and `role` hears of a "who" answered with a role, not a person.
 */
function tableOf(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, docs: Array<{ docId: string; rank: number }>, readers: Partial<TableReaders>, support: Support | undefined, unsure: (c: TableCandidate) => void, role?: () => void): TableCandidate | undefined {
  const timed = asksTime(analysis);
  const long = asksLength(analysis) || analysis.operation === 'duration';
  const often = asksFrequency(analysis);
  const who = analysis.operation === 'name';
  const status = !!support?.statusQuestion(analysis.question);
  // (A codename too is a column's: "2022-04-25" of a table without one is none.)
  const describes = asksDescription(analysis) || asksCodename(analysis);
  const meant = !!meaningAsked(analysis);
  const source = asksSource(analysis);
  const asked = new Set(analysis.terms);
  // "What is the latest version of ...?" is answered by something numbered, not a role ("Release Notes Lead").
  const version = /^\s*(?:what|which)\b[^?]*\bversions?\b/i.test(analysis.question);
  const released = !!analysis.period && !!support?.timeListQuestion(analysis.question);
  const subject = subjectOf(state, analysis, search);
  let coarse: TableCandidate | undefined;
  for (const { docId, rank } of docs) {
    // A release table of Python 2.7 does not answer for Python 3.13.
    if (!namesSubject(state, docId, subject)) continue;
    const document = state.records.get(docId)?.document;
    const tables = document?.tables ?? [];
    // The table search ranked first among the document's answers, when it answers with
    // confidence: a document's release table, not the settings table beside it whose labels
    // happen to share a word with the question ("When did Django 3.2 support end?").
    const searched = search.results.find((r) => r.passage.docId === docId && TABLE_KINDS.has(r.passage.kind) && r.passage.tableIndex !== undefined)?.passage.tableIndex;
    let best: TableCandidate | undefined;
    let ranked: TableCandidate | undefined;
    const passages = state.records.get(docId)?.passages;
    tables.forEach((table, tableIndex) => {
      const preamble = document ? document.text.slice(Math.max(0, table.start - 400), table.start) : '';
      // A data file is named by its path and its folder's description alone: its passages' heading.
      const heading = document && DATA_FORMATS.has(document.format) ? passages?.find((p) => p.tableIndex === tableIndex && p.heading)?.heading : undefined;
      const found = answerTable(analysis, table, { structure: structureOf(table), preamble, readers, ...(document?.title ? { context: document.title } : {}), ...(heading ? { heading } : {}), ...(document && DELIMITED.has(document.format) ? { delimited: true } : {}) });
      // A question for a time is not answered by a cell that holds none, nor "how long" by one
      // that states no length of time ("Lead" for "how long is the 1.29 release cycle?"), nor
      // "how often" by one that states no frequency (a release manager's name).
      // Nor is a question for a time answered by a row or column of another time, nor one for
      // what came out at a time by a table that states no time at all ("which Kubernetes releases
      // came out in 2023?" of a list of features). (Of every question for a time, HiTab's tables
      // of a year their report names: oracle -0.4.)
      if (!found || answersOtherTime(analysis, found) || (released && !statesTime(document, table, preamble)) || (timed && !found.cells.some((c) => hasDate(c.text) || (!analysis.years.length && statesDayWithoutYear(c.text)))) || (long && !found.calculation && !found.cells.some((c) => statesLength(`${c.text} ${found.unit ?? ''}`))) || (often && !found.cells.some((c) => statesFrequency(c.text))) || (version && !/\d/.test(found.text))) return;
      if (who && !namesSomeone(analysis, found.text)) {
        role?.();
        return;
      }
      // A support status is the named thing's: its cells answer where the document, the table or
      // their labels name it. (For every question it cost TAT-QA 0.3 EM: "the Company", "Level 3"
      // name what no label of the right table does.)
      if (status && !tableAbout(analysis, document, table, found, heading)) return;
      // A description is not a cell beside the row the question names, unless the question names its column too.
      if (meant || (describes && !found.cells.some((c) => answerTerms(c.columnPath.join(' ')).some((t) => asked.has(t))))) return;
      // Nor a source by a figure it sourced: only by a cell under "Source".
      if (source && !found.cells.some((c) => namesSource(c.columnPath.join(' ')))) return;
      const candidate = { found, docId, tableIndex, table, rank };
      if (tableIndex === searched) ranked = candidate;
      if (!best || found.score > best.found.score) best = candidate;
    });
    const chosen: TableCandidate | undefined = ranked && ranked.found.confidence >= ANSWER_SETTINGS.minTableConfidence ? ranked : best;
    if (!chosen) continue;
    if (chosen.found.confidence < ANSWER_SETTINGS.minTableConfidence) unsure(chosen);
    // A year's row does not say what held in a month the question names (an annual mean is not
    // March's): a later document's table that holds the month answers first.
    else if (answersCoarsely(analysis, chosen.found)) coarse ??= chosen;
    else return chosen;
  }
  return coarse;
}

/**
 * The answer sentence. A dated question (the temporal path ran) reads every sentence of the
 * first few text passages and takes the one that best holds a dated answer; its support is the
 * temporal evidence. Otherwise the best text passage's sentence that names the question most.
 */
function textCandidate(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse): TextCandidate | undefined {
  // Passages of documents that name the question's subject (`namesSubject`), each of which
  // names its versions itself, in its text or its headings: PEP 101's list of release managers
  // names no Python version, though its document names 3.13 elsewhere.
  const subject = subjectOf(state, analysis, search);
  // So does one for a release numbered in three parts or more without a name ("the bakery app
  // 2.0.0": a changelog's "[1.4.0] › Deprecated" item that mentions 2.0.0 does, its "[1.0.0]"
  // section does not).
  const releases = [...analysis.question.matchAll(/(?<![\d.])\d+\.\d+\.\d+(?![\d.]*\d)/g)].map((m) => new RegExp(`(?<![\\d.])${escapeRegExp(m[0])}(?![\\d]|\\.\\d)`));
  const namesVersions = (p: Passage) => {
    if (!subject.versions.length && !releases.length) return true;
    const text = `${state.records.get(p.docId)?.document.title ?? ''} ${p.heading ?? ''} ${p.text}`.toLowerCase();
    return subject.versions.every((v) => v.version.test(text)) && releases.every((v) => v.test(text));
  };
  // Nor does a passage that names the version only as a release before it ("Rust 1.0 Beta").
  const answerable = (p: Passage) => TEXT_KINDS.has(p.kind) && namesSubject(state, p.docId, subject) && namesVersions(p) && !namesPreReleaseOnly(analysis, p.text);
  let texts: Array<{ r: Pick<SearchResult, 'passage' | 'score' | 'temporal'>; rank: number }> = search.results.map((r, rank) => ({ r, rank })).filter(({ r }) => answerable(r.passage));
  // Where a table's rows fill every result, the document the question names by its title is read
  // past them (the votes table of "... 2023 term steering council election" over its "Results").
  if (!texts.length) texts = pastResults(state, analysis, search).filter(answerable).map((passage) => ({ r: { passage, score: 0 }, rank: search.results.length }));
  if (!texts.length) return undefined;
  const sourceOf = (p: Passage) => {
    const title = state.records.get(p.docId)?.document.title;
    return { text: p.text, sentences: p.sentences, heading: [p.heading, title].filter(Boolean).join(' '), ...(p.heading && p.heading !== title ? { section: p.heading } : {}) };
  };
  const first = texts[0]!;
  const constraint = search.constraint;
  // A time that fits a question's point in time ("in 2016", "on 6 May") by spanning far more
  // than it ("from 1880 to the present") says what a file covers, not what held then; a year
  // ("2018: £3.5 million" for "at 31 December 2018") states what held in it.
  const point = constraint?.relation === 'in' || constraint?.relation === 'on';
  const specific = (t: TimeSpan) => !point || t.end - t.start <= Math.max(SPECIFIC_SPAN * (constraint!.end - constraint!.start), LEAP_YEAR_MS);
  const fits = (x: Passage['sentences'][number]) => temporalScore(constraint!, x.times.filter(specific), x.intervals) >= ANSWER_SETTINGS.minTemporalEvidence;
  if (search.constraint && first.r.temporal) {
    const pool = texts.slice(0, ANSWER_SETTINGS.sentencePassages);
    const top = first.r.score > 0 ? first.r.score : 1;
    const chosen = chooseAnswerSentence(analysis, pool.map(({ r }) => ({
      source: sourceOf(r.passage), prior: r.score > 0 ? r.score / top : 1e-3, ...(r.temporal ? { preferred: r.temporal.sentence } : {}),
    })), { constraint: search.constraint, mainContent: first.r.temporal.mainContent });
    if (!chosen) return undefined;
    const at = pool[chosen.candidate]!;
    const own = at.r.passage.sentences.find((x) => x.start === chosen.answer.sentence[0]);
    const timely = !point || !own || (!own.times.length && !own.intervals?.length) || fits(own);
    // "When was the tz database first released?": a time implied ("first"), not given, and a
    // sentence that states none does not say when, however its passage is dated.
    const [from, to] = chosen.answer.sentence;
    const states = !asksTime(analysis) || holdsAsked(analysis, at.r.passage.text.slice(from, to), own ?? { start: from, end: to, times: [] }, sourceOf(at.r.passage)) !== false;
    return { found: chosen.answer, passage: at.r.passage, rank: at.rank, supported: timely && states && chosen.evidence >= ANSWER_SETTINGS.minTemporalEvidence };
  }
  const found = answerFromText(analysis, sourceOf(first.r.passage));
  if (!found) return undefined;
  // A question for a time (or a length of time) that the first passage answers with none: the
  // next passages that state one, else no text answer (a sentence without a time does not answer
  // "when was ...?", however well it matches).
  const sentenceOf = (f: TextAnswer, p: Passage) => p.sentences.find((x) => x.start === f.sentence[0]);
  // A record of fields read whole (no span of it asked for) is no answer: its fields are read one
  // by one (`fieldCandidate`). Nor is one that does not name the numbers the question names (PEP
  // 693's header, whose "Created:" is its own, for "when was PEP 602 created?").
  const numbers = namedNumbers(analysis);
  const holds = (f: TextAnswer, p: Passage) => {
    const sentence = p.text.slice(f.sentence[0], f.sentence[1]);
    const record = fieldRecordAt(p.text, f.sentence[0], f.sentence[1]);
    if (record && (!f.span || !numbers.every((n) => n.pattern.test(p.text.slice(...record))))) return false;
    return holdsAsked(analysis, sentence, sentenceOf(f, p) ?? { start: f.sentence[0], end: f.sentence[1], times: [] }, sourceOf(p));
  };
  if (holds(found, first.r.passage) === false) {
    // A question that names what a release did reads every result for a sentence that names it
    // too ("OnceLock" in Rust 1.70.0's notes, below Rust 1.52.1's "release ... added").
    const reach = asksFeature(analysis) ? texts.length : ANSWER_SETTINGS.sentencePassages;
    for (const x of texts.slice(1, reach)) {
      const next = answerFromText(analysis, sourceOf(x.r.passage));
      if (next && holds(next, x.r.passage)) return { found: next, passage: x.r.passage, rank: x.rank, supported: next.confidence >= ANSWER_SETTINGS.minTextConfidence };
    }
    // The document the question names by its title is read past the results, which its table's
    // rows may fill: its passages that hold most of the question's other words ("eligible voters"
    // of "... in the 2025 term steering council election?"), the first few tried.
    for (const p of titledPassages(state, analysis, first.r.passage.docId)) {
      const next = answerFromText(analysis, sourceOf(p));
      if (next && holds(next, p)) return { found: next, passage: p, rank: search.results.length, supported: next.confidence >= ANSWER_SETTINGS.minTextConfidence };
    }
    return { found, passage: first.r.passage, rank: first.rank, supported: false };
  }
  // A question with a time ("the anomaly for 1998") that the temporal reranker did not read: its
  // answer sentence must state a time that fits it (an undated one, its passage), as a reranked
  // one must (`minTemporalEvidence`); a README that names every word but the year does not answer it.
  const own = sentenceOf(found, first.r.passage);
  // A document titled by its time ("2025 Term Steering Council election") states it for every
  // sentence under the title that states none.
  const titled = () => {
    const times = titleTimes(state, first.r.passage.docId);
    return times.length > 0 && fits({ start: 0, end: 0, times });
  };
  const timely = !constraint || constraint.relation === 'any'
    || (own && (own.times.length || own.intervals?.length) ? fits(own) : first.r.passage.sentences.some(fits) || titled());
  return { found, passage: first.r.passage, rank: first.rank, supported: timely && found.confidence >= ANSWER_SETTINGS.minTextConfidence };
}

/**
 * The text passages of the first result's document read past the results where the question
 * names it by its title ({@link titledPassages}); made once per search (the field gate, the field
 * and the text answers read them).
 */
function pastResults(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse): Passage[] {
  let past = PAST_RESULTS.get(search);
  if (!past) {
    const top = search.results[0]?.passage;
    PAST_RESULTS.set(search, (past = top ? titledPassages(state, analysis, top.docId) : []));
  }
  return past;
}
const PAST_RESULTS = new WeakMap<SearchResponse, Passage[]>();

/** The times a document's title states ("2025 Term Steering Council election"). */
function titleTimes(state: EngineState, docId: string): TimeSpan[] {
  return datesIn(state.records.get(docId)?.document.title ?? '');
}

/** Most passages of a document read past the results ({@link titledPassages}). */
const TITLED_PASSAGES = 3;

/**
 * The text passages of a document whose title the question names (most of its words), that
 * hold the question's other words, most first: none where the question does not name it so.
 */
function titledPassages(state: EngineState, analysis: QuestionAnalysis, docId: string): Passage[] {
  const record = state.records.get(docId);
  if (!record) return [];
  const title = new Set(answerTerms(record.document.title));
  const asked = new Set(answerTerms(analysis.question));
  if (!title.size || [...title].filter((t) => asked.has(t)).length * 2 <= title.size) return [];
  const others = [...asked].filter((t) => !title.has(t));
  if (!others.length) return [];
  return record.passages.filter((p) => TEXT_KINDS.has(p.kind))
    .map((p) => {
      const held = new Set(answerTerms(p.text));
      return { p, n: others.filter((t) => held.has(t)).length };
    })
    .filter(({ n }) => n * 2 >= others.length)
    .sort((a, b) => b.n - a.n)
    .slice(0, TITLED_PASSAGES)
    .map(({ p }) => p);
}

interface RecordCandidate {
  answer: Answer;
  rank: number;
}

/**
 * What a source must name to answer a question: every version it names, each with its name
 * (`versionsOf`), and one at least of the names it gives (`namesOf`) that the results' documents
 * hold. One that does not speaks of another thing or another version: Python 2.7's release table
 * for Python 3.13, a Go release's notes for "what version of Rust added ...?". (Every name, not
 * one, cost TimeQA 13 points: a question describes its subject with names a paragraph lacks.)
 */
interface Subject {
  versions: ReturnType<typeof versionsOf>;
  names: RegExp[];
}

/**
 * The subject of a question, as the documents of its results can tell it: a name that none of
 * them holds tells no document from another ("the Company's" of a report that says "we"), and
 * is not asked for. Made once per search.
 */
function subjectOf(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse): Subject {
  let subject = SUBJECTS.get(search);
  if (subject) return subject;
  const docs = [...new Set(search.results.map((r) => r.passage.docId))].flatMap((id) => state.records.get(id) ?? []).map((r) => readable(r).folded);
  const names = namesOf(analysis).map(namePattern).filter((re) => docs.some((d) => re.test(d)));
  SUBJECTS.set(search, (subject = { versions: versionsOf(analysis), names }));
  return subject;
}
const SUBJECTS = new WeakMap<SearchResponse, Subject>();

/** Whether a document's title is a name the question gives (`titled-names.ts`). */
function titledByQuestion(state: EngineState, analysis: QuestionAnalysis): (docId: string) => boolean {
  const names = titleNames(analysis.question);
  return (docId) => isTitledBy(state.records.get(docId)?.document.title, names);
}

/** Whether a document names a question's {@link Subject}. */
function namesSubject(state: EngineState, docId: string, subject: Subject): boolean {
  if (!subject.versions.length && !subject.names.length) return true;
  const record = state.records.get(docId);
  if (!record) return false;
  const { lower, plain, folded } = readable(record);
  return subject.versions.every((v) => v.version.test(lower) && plain.includes(v.name)) && (!subject.names.length || subject.names.some((n) => n.test(folded)));
}

/** Whether a document holds each of the question's words but those of its time (`timeText`): each a word, or a stem that opens one. */
function holdsWords(state: EngineState, docId: string, analysis: QuestionAnalysis, timeText: string): boolean {
  const record = state.records.get(docId);
  if (!record) return false;
  const { lower } = readable(record);
  const time = new Set(answerTerms(timeText));
  return analysis.terms.filter((t) => !/\d/.test(t) && !t.includes('_') && !time.has(t)).every((t) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(t)}`, 'u').test(lower));
}

/**
 * A document's title and text in lower case (`lower`), and without punctuation or spaces too
 * (`plain`: "Node.js" as "nodejs"), made once per document: the checks above read them for every
 * passage of a question's results. A data file's heading (its folder's description: "mauna loa"
 * of a CO2 file) is read with it, as the table answer reads it.
 */
interface Readable {
  lower: string;
  plain: string;
  /** `lower` without diacritics, made when first read: a name is found however it is accented ("Mônica" for "Monica"). */
  readonly folded: string;
}
const READABLE = new WeakMap<object, Readable>();
function readable(record: { document: { title?: string; text: string; format: string }; passages: readonly Passage[] }): Readable {
  const document = record.document;
  let r = READABLE.get(document);
  if (!r) {
    const heading = DATA_FORMATS.has(document.format) ? record.passages.find((p) => p.heading)?.heading ?? '' : '';
    const lower = `${document.title ?? ''} ${heading} ${document.text}`.toLowerCase();
    let folded: string | undefined;
    READABLE.set(document, (r = { lower, plain: lower.replace(/[^\p{L}\p{N}]+/gu, ''), get folded() { return (folded ??= fold(lower)); } }));
  }
  return r;
}

/** A text without its diacritics. */
function fold(text: string): string {
  // Most documents are ASCII: the same string, not a copy of it.
  return /[^\x00-\x7f]/.test(text) ? text.normalize('NFD').replace(/\p{M}/gu, '') : text;
}

/**
 * The first text passage, in rank order, with a line whose whole name the question names
 * ("3.12 Release Manager: Thomas Wouters" for "who is the release manager for Python 3.12?",
 * `field-answer.ts`), in a document that names every version the question does (PEP 101's
 * "Release Manager:" does not answer for Python 3.13).
 */
function fieldCandidate(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, { answerDatedLine, answerField, answerReleaseLine }: FieldReaders): RecordCandidate | undefined {
  const constraint = search.constraint;
  const timed = !!constraint && constraint.relation !== 'any';
  // "Which 3.12 release came out in August 2023?": the schedule line whose date fits the time.
  const dateScore = (value: string) => {
    const times = datesIn(value).map((d) => ({ start: d.start, end: d.end, granularity: d.granularity, from: d.from, to: d.to }));
    const s = temporalScore(constraint!, times);
    return s >= ANSWER_SETTINGS.minTemporalEvidence ? s : 0;
  };
  if (!asksField(analysis) && !timed) return undefined;
  const subject = subjectOf(state, analysis, search);
  const numbers = namedNumbers(analysis);
  const ofVersion = (docId: string) => titledByNumbers(state, numbers, docId);
  // The results' passages, then those of the document the question names by its title past them.
  const passages = [...search.results.map((r) => r.passage), ...pastResults(state, analysis, search)];
  const fits = (times: TimeSpan[], intervals?: Passage['sentences'][number]['intervals']) => temporalScore(constraint!, times, intervals) >= ANSWER_SETTINGS.minTemporalEvidence;
  for (let rank = 0; rank < passages.length; rank++) {
    const p = passages[rank]!;
    if (!TEXT_KINDS.has(p.kind)) continue;
    // A schedule answers a question whose words its document holds (Python's releases are no
    // answer to "which Rust version was released in June 2023?").
    const dated = timed && holdsWords(state, p.docId, analysis, constraint!.text) ? answerDatedLine(analysis, p.text, dateScore) : undefined;
    // A schedule titled by the version ("Python 2.5 Release Schedule") is of that version alone.
    const own = ofVersion(p.docId);
    const named = dated ?? answerField(analysis, p.text);
    const read = named ?? answerReleaseLine(analysis, p.text, own);
    if (!read) continue;
    // The field's record names the numbers the question names ("PEP 602": the header's "PEP:
    // 602"); another PEP's header, ranked above, has its own "Created:". A document titled by
    // them names them for its records (PEP 602's header cut in two passages), as the schedule
    // of one version does in its title.
    const record = p.text.slice(...read.record);
    if (!numbers.every((n) => n.pattern.test(record)) && !own) continue;
    if (!namesSubject(state, p.docId, subject)) continue;
    const [s, e] = read.line;
    // A question with a time ("the president from 1999 to 2001") is answered by a line that
    // states a time that fits it, as a sentence must be (`minTemporalEvidence`), or by one of a
    // document whose title states it ("Voting ends at: December 15, 2022" of the "2023 Term
    // Steering Council election", for "... the 2023 term ... election"): the time names the document.
    if (!dated && timed && !p.sentences.some((x) => x.start < e && x.end > s && fits(x.times, x.intervals)) && !fits(titleTimes(state, p.docId))) continue;
    const citation = textCitation(state, search, p, p.start + s, p.start + e, p.text.slice(s, e), [read.span[0] - s, read.span[1] - s]);
    return { answer: { text: withYear(state, analysis, p.docId, read.text), kind: 'sentence', citations: [citation], confidence: 1, operation: analysis.operation }, rank };
  }
  // The schedule of a result's document titled by the version, read whole: its lines ("- final:
  // September 19, 2006") name no word of the question, and its passages may cut it.
  for (const [rank, r] of search.results.entries()) {
    const record = state.records.get(r.passage.docId);
    if (!record || !ofVersion(r.passage.docId) || !namesSubject(state, r.passage.docId, subject)) continue;
    const read = answerReleaseLine(analysis, record.document.text, true);
    const p = read && record.passages.find((x) => TEXT_KINDS.has(x.kind) && x.start <= read.line[0] && read.line[1] <= x.end);
    if (!read || !p) continue;
    const [start, end] = read.line;
    const citation = textCitation(state, search, p, start, end, record.document.text.slice(start, end), [read.span[0] - start, read.span[1] - start]);
    return { answer: { text: withYear(state, analysis, p.docId, read.text), kind: 'sentence', citations: [citation], confidence: 1, operation: analysis.operation }, rank };
  }
  return undefined;
}

/** The readers of support questions (`answer/support-questions.ts`), loaded with a question {@link SUPPORT_GATE} lets through. */
type Support = typeof import('../answer/support-questions.ts');

/**
 * A question that may ask whether something is supported, or for a thing's versions by their
 * status, a property or their dates: every word the support questions are read by
 * (`support-questions.ts`: "still", "supported", "end of life", "reached", or a word of versions).
 */
const SUPPORT_GATE = /\b(?:still|(?:un)?supported|support|maintained|eol|end[\s-]of[\s-]life|reached|hit|passed|versions?|releases?|editions?|branch(?:es)?|series|cycles?|lines?|majors?|distros?|distributions?)\b/i;

/** Whether a document's title names every number the question names ("Python 2.5 Release Schedule" for 2.5): the schedule of that version. */
function titledByNumbers(state: EngineState, numbers: ReturnType<typeof namedNumbers>, docId: string): boolean {
  const title = state.records.get(docId)?.document.title ?? '';
  return numbers.length > 0 && numbers.every((n) => n.pattern.test(title));
}

/** The field answerers (`answer/field-answer.ts`), loaded with a question that may ask a field. */
type FieldReaders = Pick<typeof import('../answer/field-answer.ts'), 'answerDatedLine' | 'answerField' | 'answerReleaseLine'>;

/** Whether a table, its caption, the text just before it or its document's title states a time. */
function statesTime(document: { title: string } | undefined, table: Table, preamble: string): boolean {
  return hasDate(`${document?.title ?? ''} | ${table.caption ?? ''} | ${preamble}`) || table.cells.some((c) => hasDate(c.text));
}

/** Whether a passage is a dated record: a table row or a line of fields with a start or end date. */
function isRecord(p: Passage): boolean {
  return p.sentences.some((s) => s.intervals?.some((iv) => iv.source === 'record'));
}

/** Words a sentence says a thing's support with. */
const STATES_SUPPORT = /\bsupport|\bmaintain|\bmaintenance\b|\bend[\s-]of[\s-]life\b|\beol\b|\bsecurity\b|\bbug ?fix|\blifespan\b|\bunsupported\b/i;

/** Words of "the latest version" that name no row. */
const LATEST_WORDS = new Set(answerTerms('latest newest last most recent version versions release releases'));

/**
 * The dated record the temporal path ranked first ("which Django LTS version was still supported
 * in July 2020?": the row or the `key: value` line whose interval holds the date), read for the
 * thing it names — its label, the field the question names, its date for "when". Only for a
 * question that asks for a thing or a date, and only when the record fits the constraint
 * (`ANSWER_SETTINGS.minTemporalEvidence`). Rows that fit alike (one release's rows of a timeline)
 * are told apart by the question's words.
 */
function recordCandidate(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse): RecordCandidate | undefined {
  if (!search.constraint || analysis.asksFigure) return undefined;
  const fitting = search.results.slice(0, ANSWER_SETTINGS.recordResults)
    .map((r, rank) => ({ r, rank }))
    .filter(({ r }) => r.temporal && isRecord(r.passage) && r.temporal.temporal >= ANSWER_SETTINGS.minTemporalEvidence)
    // A release table of Gerrit 3.13 does not answer for Python 3.13, as in `tableOf`.
    .filter(({ r }) => namesSubject(state, r.passage.docId, subjectOf(state, analysis, search)));
  // The records of the thing the question names, where its own document has some that fit:
  // Django's release of December 2023, not Wagtail's release that month (`titledByQuestion`).
  const own = titledByQuestion(state, analysis);
  const owned = fitting.filter(({ r }) => own(r.passage.docId));
  const pool = owned.length ? owned : fitting;
  const first = pool[0];
  if (!first) return undefined;
  const main = new Set(answerTerms(first.r.temporal!.mainContent));
  const overlap = (p: Passage) => answerTerms(p.text).filter((t) => main.has(t)).length;
  const tied = pool.filter(({ r }) => Math.abs(r.score - first.r.score) <= 1e-9 * Math.max(1, Math.abs(first.r.score)) && r.temporal!.temporal === first.r.temporal!.temporal);
  const chosen = tied.reduce((best, x) => (overlap(x.r.passage) > overlap(best.r.passage) ? x : best), first);
  const p = chosen.r.passage;
  const confidence = round3(chosen.r.temporal!.temporal);
  if (p.kind === 'table-row' && p.tableIndex !== undefined && p.cells?.length) {
    const t = state.records.get(p.docId)?.document.tables[p.tableIndex];
    if (!t) return undefined;
    // A row the question names by its name is the one it asks about ("the latest version of
    // Angular 20": the row "20", not the latest row the temporal path ranked first); naming none
    // nor anything of a row ("LTS"), "the latest Node.js version" is the newest row's, whatever
    // row ranked first (within the question's time: "the latest Django release in 2023").
    const known = new Set([...answerTerms(state.records.get(p.docId)?.document.title ?? ''), ...answerTerms(analysis.period?.words ?? '')]);
    const bare = asksLatest(analysis) && analysis.terms.every((x) => known.has(x) || LATEST_WORDS.has(x));
    const row = namedRow(analysis, t, { structure: structureOf(t) }) ?? (bare ? newestRow(t, { structure: structureOf(t), ...(analysis.period ? { period: analysis.period } : {}) }) : undefined) ?? p.cells[0]![0];
    const found = answerRow(analysis, t, row, { structure: structureOf(t) });
    if (!found) return undefined;
    const c: TableCandidate = { found: { ...found, confidence }, docId: p.docId, tableIndex: p.tableIndex, table: t, rank: chosen.rank };
    return { answer: tableAnswerOf(state, analysis, search, c), rank: chosen.rank };
  }
  // A line of fields: of the passage's records (one list item each), the one that fits the
  // constraint best, the first of equals.
  const constraint = search.constraint;
  const questionTerms = new Set(contentTerms(chosen.r.temporal!.mainContent));
  let s: Passage['sentences'][number] | undefined;
  let sBest = -1;
  for (const x of p.sentences) {
    if (!x.intervals?.some((iv) => iv.source === 'record')) continue;
    const dates = datedEvidence(x, constraint, questionTerms, contentTerms);
    const fit = temporalScore(constraint, dates.times, dates.intervals);
    if (fit > sBest) { s = x; sBest = fit; }
  }
  if (!s) return undefined;
  const sentence = p.text.slice(s.start, s.end);
  const read = answerRecord(analysis, sentence);
  if (!read) return undefined;
  const citation = textCitation(state, search, p, p.start + s.start, p.start + s.end, sentence, read.span);
  return { answer: { text: read.text, kind: 'sentence', citations: [citation], confidence, operation: analysis.operation }, rank: chosen.rank };
}

function chooseDeterministic(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, table: TableCandidate | undefined, text: TextCandidate | undefined): Answer {
  const tableOk = !!table && table.found.confidence >= ANSWER_SETTINGS.minTableConfidence;
  const textOk = !!text && text.supported;
  // What ranked first decides between a table and a text answer; the other is the fallback. A
  // calculation is read from a table: a sentence does not hold the computed figure (an average
  // over a span among them, a count of rows, a row's length of life), nor the first time a
  // series passed a bound.
  const tableFirst = tableOk && (!textOk || table!.rank <= text!.rank || COMPUTED.has(analysis.operation) || EXTREMES.has(analysis.operation) || !!analysis.firstPast || overYears(analysis) || table!.found.kind === 'computed');
  if (tableFirst) return tableAnswerOf(state, analysis, search, table!);
  if (textOk) return textAnswerOf(state, analysis, search, text!);
  return noAnswer(analysis);
}

/**
 * Whether a question asks an average or total over years ("in the 2010s", "from 2000 to 2010"):
 * a series dated across them answers it. (Over one year, "the total U.S. R&D in 2017" is a cell
 * of many a table: reading further documents for it answered 3 more HiTab questions, wrongly.)
 */
function overYears(analysis: QuestionAnalysis): boolean {
  return !!asksOverSpan(analysis) && analysis.period!.end - analysis.period!.start > LEAP_YEAR_MS;
}

/**
 * Whether a table answer is about what the question names: one of the question's names (`namesOf`)
 * is in the document's title, the table's caption or heading, or the answer cells' labels.
 * Ubuntu's table of support plans mentions Debian; its "12 years" is no answer to "is Debian
 * 12 still supported?".
 */
function tableAbout(analysis: QuestionAnalysis, document: { title?: string } | undefined, table: Table, found: TableAnswer, heading: string | undefined): boolean {
  return namesAsked(analysis, `${document?.title ?? ''} ${table.caption ?? ''} ${heading ?? ''} ${found.cells.map((c) => `${c.rowPath.join(' ')} ${c.columnPath.join(' ')} ${c.text}`).join(' ')}`);
}

/** Whether `text` holds one of the names the question gives (`namesOf`), however accented; true where it gives none. */
function namesAsked(analysis: QuestionAnalysis, text: string): boolean {
  const names = namesOf(analysis);
  if (!names.length) return true;
  const folded = fold(text.toLowerCase());
  return names.some((n) => namePattern(n).test(folded));
}

/** A name found where a word starts, in text lower-cased and folded (`fold`). */
function namePattern(name: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(fold(name))}`, 'u');
}

/** A cell that says yes or no, or that nothing applies. */
const FLAG = /^\s*(?:true|false|yes|no|n\/a)\s*$/i;

/**
 * Whether a cell can answer "who": a name (words, not a figure, a version range or "true"),
 * holding no word the question gives. A role is named with the question's words ("Docs
 * Lead" for "who was the release lead for Kubernetes 1.35?"); the person who holds it is not.
 */
function namesSomeone(analysis: QuestionAnalysis, text: string): boolean {
  const asked = new Set(analysis.allTerms);
  return /\p{L}{2}/u.test(text) && !FLAG.test(text) && !ROLE.test(text) && !answerTerms(text).some((t) => asked.has(t));
}
/** A role, not a person: a title that ends with the word of a post ("Branch Manager", "Release Notes Lead"). */
const ROLE = /\b(?:manager|lead|leader|director|chair|head|officer|coordinator|liaison|shadow|administrator|editor|owner|maintainer)s?\s*$/i;

function noAnswer(analysis: QuestionAnalysis): Answer {
  return { text: NO_ANSWER, kind: 'none', citations: [], confidence: 0, operation: analysis.operation };
}

/** The page a citation names, for passages read from a paged format (PDF). */
function pageOf(p: { page?: number } | undefined): { page?: number } {
  return p?.page !== undefined ? { page: p.page } : {};
}

function titleOf(search: SearchResponse, docId: string): string {
  return search.results.find((r) => r.passage.docId === docId)?.title ?? docId;
}

/** A table as a citation's holder (no answer of its own). */
function cellHolder(docId: string, tableIndex: number, table: Table): TableCandidate {
  return { found: { kind: 'cell', text: '', scale: '', cells: [], score: 0, confidence: 0 }, docId, tableIndex, table, rank: 0 };
}

/** The citation of a table cell: the row summary that holds it (else the table passage), with both header paths. */
function cellCitation(state: EngineState, search: SearchResponse, c: TableCandidate, cell: AnswerCell): Citation {
  const passages = state.records.get(c.docId)?.passages ?? [];
  const [r, col] = cell.cell;
  const holder = passages.find((p) => p.tableIndex === c.tableIndex && p.kind === 'table-row' && p.cells?.some(([pr, pc]) => pr === r && pc === col))
    ?? passages.find((p) => p.tableIndex === c.tableIndex && p.kind === 'table')
    ?? passages.find((p) => p.tableIndex === c.tableIndex);
  // The cell's own characters: in the document text (its place in the table's text), and in
  // the content the user gave, through the document's source map.
  const span = cellTextSpan(c.table, r, col);
  const start = span ? c.table.start + span.start : c.table.start;
  const end = span ? c.table.start + span.end : c.table.end;
  const source = sourceSpan(state, c.docId, start, end);
  return {
    docId: c.docId, title: titleOf(search, c.docId), passageId: holder?.id ?? `${c.docId}#table${c.tableIndex}`, kind: 'cell',
    text: cell.text, start, end, ...(source ? { source } : {}), ...pageOf(holder),
    tableIndex: c.tableIndex, cell: [r, col], rowPath: cell.rowPath, columnPath: cell.columnPath,
  };
}

/**
 * `[start, end)` of the document text mapped into the content the user gave (the document's
 * source map, text formats); undefined where there is none (PDF, Office: their offsets index
 * the extracted text).
 */
function sourceSpan(state: EngineState, docId: string, start: number, end: number): { start: number; end: number } | undefined {
  const doc = state.records.get(docId)?.document;
  if (!doc?.sourceMap?.length) return undefined;
  return { start: sourceOffset(doc, start), end: sourceOffset(doc, end, 'end') };
}

/** "11.2 ($ millions)", "26.6%", a label as it is. */
function shown(text: string, value: number | undefined, scale: string, unit: string | undefined): string {
  if (value === undefined) return text;
  if (scale === 'percent') return /%$/.test(text) ? text : `${text}%`;
  return unit && !text.includes(unit) ? `${text} (${unit})` : text;
}

function tableAnswerOf(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, c: TableCandidate): Answer {
  const f = c.found;
  const citations = f.cells.map((cell) => cellCitation(state, search, c, cell));
  const answer: Answer = {
    text: shown(f.text, f.value, f.scale, f.unit),
    kind: f.kind === 'computed' ? 'computed' : 'cell',
    ...(f.value !== undefined ? { value: f.value } : {}),
    ...(f.values ? { values: f.values } : {}),
    ...(f.unit ? { unit: f.unit } : {}),
    ...(f.value !== undefined ? { scale: f.scale } : {}),
    citations, confidence: round3(f.confidence), operation: analysis.operation,
  };
  if (f.calculation) {
    const operands: CalculationOperand[] = f.calculation.operands.map((cell, i) => ({ value: cell.value!, text: cell.text, citation: citations[i]! }));
    const result = f.calculation.result;
    answer.calculation = {
      expression: f.calculation.expression, operands, result,
      text: `${f.calculation.expression} = ${f.calculation.shown ?? f.text}${f.scale === 'percent' ? '%' : ''}`,
    };
  }
  return answer;
}

function textAnswerOf(state: EngineState, analysis: QuestionAnalysis, search: SearchResponse, c: TextCandidate): Answer {
  const p = c.passage;
  const [s, e] = c.found.sentence;
  const citations = [textCitation(state, search, p, p.start + s, p.start + e, p.text.slice(s, e), c.found.span)];
  // An answer read from the section's heading cites the heading, then the sentence under it.
  const heading = c.found.heading ? headingCitation(state, search, p, c.found.heading, c.found.text) : undefined;
  if (heading) citations.unshift(heading);
  return {
    text: withYear(state, analysis, p.docId, c.found.text), kind: 'sentence',
    ...(c.found.value !== undefined ? { value: c.found.value } : {}),
    citations, confidence: round3(c.found.confidence), operation: analysis.operation,
  };
}

/** A day written without its year ("scheduled for May 15th") with the year its document's date gives it (`yearOfDay`). */
function withYear(state: EngineState, analysis: QuestionAnalysis, docId: string, text: string): string {
  const dated = analysis.operation === 'date' ? state.records.get(docId)?.document.date : undefined;
  const year = dated ? yearOfDay(text, Date.parse(dated)) : undefined;
  return year ? `${text}, ${year}` : text;
}

/**
 * The citation of `text`, characters `start`..`end` of the document text of passage `p` (a
 * sentence, a line, a heading above it), `span` marked inside it.
 */
function textCitation(state: EngineState, search: SearchResponse, p: Passage, start: number, end: number, text: string, span?: [number, number]): Citation {
  const source = sourceSpan(state, p.docId, start, end);
  return {
    docId: p.docId, title: titleOf(search, p.docId), passageId: p.id, kind: 'sentence',
    text, start, end, ...(source ? { source } : {}), ...pageOf(p), ...(span ? { span } : {}),
  };
}

/** The citation of a heading of passage `p`'s section, the last place before the passage its document's text has it, its `answer` marked. */
function headingCitation(state: EngineState, search: SearchResponse, p: Passage, heading: string, answer?: string): Citation | undefined {
  // Before the passage: a passage may open with the heading's words ("The steering council is a ...").
  const start = p.start > 0 ? state.records.get(p.docId)?.document.text.lastIndexOf(heading, p.start - 1) ?? -1 : -1;
  if (start < 0) return undefined;
  const at = answer ? heading.indexOf(answer) : -1;
  return textCitation(state, search, p, start, start + heading.length, heading, answer && at >= 0 ? [at, at + answer.length] : undefined);
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

