/**
 * What the answer card says an answer was read from ("from a table cell", "counted from the
 * end-of-life dates of a table"), by its kind and the steps that ran: a reader knows at a glance
 * whether a figure was looked up, counted or calculated, and from what.
 */
import type { Answer, AnswerResponse } from '../src/types.ts';

/** The card's label of `a`, given the response's steps (and its RECAP trace, for a generated answer). */
export function kindLabel(a: Answer, response: Pick<AnswerResponse, 'steps' | 'recap'>): string {
  // A time list read off release notes cites their titles (none where none fits), a table's its cells.
  const dates = response.steps.includes('time-list') ? (a.citations.some((c) => c.kind === 'cell') ? 'the dates of a table' : response.steps.includes('schedule-lines') ? 'the lines of a release schedule' : 'the titles and dates of the documents') : undefined;
  switch (a.kind) {
    case 'cell': return !a.items ? (response.steps.includes('series-span') ? 'from every row of each period' : 'from a table cell') : response.steps.includes('status-answer') ? 'from the end-of-life dates of a table' : response.steps.includes('property-list') ? 'from a column of a table' : response.steps.includes('row-list') ? 'from the rows of a table' : dates ? `from ${dates}` : 'from table cells';
    case 'computed': return dates ? `counted from ${dates}` : response.steps.includes('status-answer') ? 'counted from the end-of-life dates of a table' : response.steps.includes('row-list') ? 'counted from the rows of a table' : a.citations.every((c) => c.kind === 'sentence') ? 'calculated from sentences' : response.steps.includes('series-span') ? 'calculated from every row of the time asked' : 'calculated from table cells';
    case 'sentence': return response.steps.includes('outline-answer') ? 'from the sections of the notes' : response.steps.includes('section-about') ? 'from the section on it' : response.steps.includes('section-heading') ? 'from a section heading' : response.steps.includes('section-description') ? 'from the section it heads' : response.steps.includes('document-summary') ? 'from the document\'s own summary' : response.steps.includes('acronym-expansion') ? 'from the words it stands for' : response.steps.includes('latest-titled') ? 'from the titles of the documents' : response.steps.includes('release-headings') ? 'from the release headings of a changelog' : 'from a sentence';
    case 'generated': return `written by ${response.recap ? 'the loaded generator (RECAP)' : 'the generator'}`;
    case 'none': return response.recap?.refused ? 'the generator found no answer' : 'no answer';
  }
}
