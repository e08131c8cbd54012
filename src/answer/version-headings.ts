/**
 * "When was the first version of the bakery app released?", "what is the latest release?" over a
 * changelog: its sections are headed by the releases, each with its date ("## [2.1.0] -
 * 2024-03-18", "## 1.4.0 (2022-11-28)"), and the first or the latest release is the heading of
 * the earliest or the latest date, not a sentence that happens to mention a year. Pure: headings
 * in, the chosen one out; the engine reads the headings and cites the one chosen
 * (`engine/latest-answer.ts`).
 */

/** A release's heading: its version and its date as written, and when that date starts (ms). */
export interface VersionHeading {
  heading: string;
  version: string;
  date: string;
  at: number;
}

/** Which end of a changelog a question asks for. */
export type ReleaseEnd = 'first' | 'latest';

/** A release heading's version, alone or in brackets, or after "v" / "version". */
const VERSION = /^\s*(?:\[\s*)?(?:v(?:ersion)?\s*)?(\d+(?:\.\d+)+)(?:\s*\])?/i;

/**
 * Which end of the releases a question asks for ("the first version", "the latest release",
 * "the initial release", "the most recent version"); undefined for another question.
 */
export function asksReleaseEnd(question: string): ReleaseEnd | undefined {
  if (!/\b(?:versions?|releases?)\b/i.test(question)) return undefined;
  if (/\b(?:first|earliest|initial)\b/i.test(question)) return 'first';
  return /\b(?:latest|newest|most recent|last)\b/i.test(question) ? 'latest' : undefined;
}

/**
 * A heading that is a release and its date ("[2.1.0] - 2024-03-18", "1.4.0 (2022-11-28)",
 * "v2.0 — March 3, 2020"), read with `dateIn` (where a text gives its first date: `[from, to)`
 * and its start); undefined for another heading ("Unreleased", "Added", "Installation").
 */
export function versionHeading(heading: string, dateIn: (text: string) => { from: number; to: number; start: number } | undefined): VersionHeading | undefined {
  const v = VERSION.exec(heading);
  if (!v) return undefined;
  const rest = heading.slice(v[0].length);
  const d = dateIn(rest);
  if (!d) return undefined;
  return { heading, version: v[1]!, date: rest.slice(d.from, d.to), at: d.start };
}

/**
 * The release of the earliest (`first`) or the latest date among a changelog's release headings,
 * where it has two or more; undefined otherwise.
 */
export function releaseAt(headings: readonly VersionHeading[], end: ReleaseEnd): VersionHeading | undefined {
  const versions = new Set(headings.map((h) => h.version));
  if (versions.size < 2) return undefined;
  return headings.reduce((best, h) => ((end === 'first' ? h.at < best.at : h.at > best.at) ? h : best));
}
