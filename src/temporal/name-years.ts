/**
 * A year that is part of a name: "Visual Studio 2022", "Windows Server 2019", "Office 2019". In
 * a question that asks for a time ("When was Visual Studio 2022 released?") such a year cannot
 * be the time asked about: the answer is a time, and the year names the thing. Read as a time,
 * it chose the rows of 2022 (the release of August 2022 of a product first released in 2021).
 * Only a bare year right after a capitalised word that is no month or day, with no preposition
 * between: "released in 2022" and "the 2022 release" stay times. Pure.
 */

import { MON } from './date-gates.ts';

/** A question that asks for a time: its years do not. */
const ASKS_TIME = /^\s*(?:when\b|(?:in\s+)?(?:what|which)\s+(?:year|date|day|month)\b|since\s+when\b|until\s+when\b)/i;
/** The word right before a year: capitalised, not a month or a weekday, and not the question's first word. */
const NAME_WORD = /(?<=\S\s+)(\p{Lu}[\p{L}\p{N}.+#-]*)\s+$/u;
const CALENDAR = new RegExp(`^(?:${MON}|monday|tuesday|wednesday|thursday|friday|saturday|sunday|christmas|easter|spring|summer|autumn|fall|winter|q[1-4]|fy)$`, 'i');

/** Whether `question[from, to)` is a year that names a thing, not a time (see above). */
export function isNameYear(question: string, from: number, to: number): boolean {
  if (!/^\s*\d{4}\s*$/.test(question.slice(from, to)) || !ASKS_TIME.test(question)) return false;
  const word = NAME_WORD.exec(question.slice(0, from))?.[1];
  return !!word && !CALENDAR.test(word.replace(/\.$/, ''));
}
