/**
 * "Is Angular 18 still supported?", "Has CentOS 7 reached end of life?": a question whether
 * something is still supported today, answered from the end of its life a table gives (an
 * `eol` column, "End of life") against the reference date: "No — end of life on 2025-11-21",
 * "Yes — supported until 2026-05-19", "Yes — no end of life is set" (a cell "false", or empty).
 * Pure: the caller passes the date that "still" means.
 */
import { findDates } from '../temporal/date-grammar.ts';
import { FALSE_VALUE } from '../temporal/intervals.ts';

/** "Is X still supported / maintained / getting security updates?" */
const STILL = /^\s*(?:is|are)\s+(.+?)\s+still\s+(?:(?:being\s+)?(?:supported|maintained)|(?:getting|receiving)\s+(?:security\s+)?(?:updates|fixes|patches)|under\s+support|alive)\b/i;
/** "Has X reached (its) end of life?", "Is X end of life / EOL?" */
const REACHED = /^\s*(?:has|have)\s+(.+?)\s+(?:reached|hit|passed)\s+(?:its\s+|their\s+)?(?:end[\s-]of[\s-](?:life|support)|eol)\b|^\s*(?:is|are)\s+(.+?)\s+(?:end[\s-]of[\s-]life|eol|out\s+of\s+support|unsupported)\s*\??\s*$/i;

/** What a support-status question asks. */
export interface StatusQuestion {
  /** The thing it asks about ("Angular 18"). */
  subject: string;
  /** Whether "yes" means it has ended ("has X reached end of life?"), not that it is supported. */
  ended: boolean;
}

/** What a support-status question asks, or undefined for another question. */
export function statusQuestion(question: string): StatusQuestion | undefined {
  const still = STILL.exec(question);
  if (still) return { subject: still[1]!.trim(), ended: false };
  const reached = REACHED.exec(question);
  return reached ? { subject: (reached[1] ?? reached[2])!.trim(), ended: true } : undefined;
}

/** Whether an end-of-life cell says none is set ("false", or empty). */
export function setsNoEnd(end: string): boolean {
  const t = end.trim();
  return !t || FALSE_VALUE.test(t);
}

/** What {@link supportStatus} read. */
export interface SupportStatus {
  supported: boolean;
  /** The answer as a reader sees it ("No — end of life on 2025-11-21"). */
  text: string;
}

/**
 * Whether the thing whose end of life the cell `end` gives is supported at `reference` (ms): a
 * date past is no, a date to come yes, a cell that says none ("false", empty) yes. The answer's
 * "yes" and "no" are the question's: `ended` asks whether it has ended. Undefined for a cell that
 * is neither (a note).
 */
export function supportStatus(end: string, reference: number, ended = false): SupportStatus | undefined {
  const t = end.trim();
  const say = (supported: boolean, why: string): SupportStatus => ({ supported, text: `${supported !== ended ? 'Yes' : 'No'} — ${why}` });
  if (setsNoEnd(t)) return say(true, 'no end of life is set');
  const d = findDates(t, { shortYears: 'none', reference, prepositions: false })[0];
  if (!d) return undefined;
  // Support ends with the day (the month, the year) the cell names.
  return reference < d.end ? say(true, `supported until ${t}`) : say(false, `end of life on ${t}`);
}
