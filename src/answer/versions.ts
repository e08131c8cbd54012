/**
 * Versions as questions and sentences name them: the version number a sentence or heading
 * gives that the question does not ("v1.29.0", "1.18", the "11" of "Apollo 11"), whether a
 * question asks for a numbered kind of thing ("which release", "what version"), and whether a
 * sentence names one at all. Pure.
 */
import type { Sentence } from '../types.ts';
import type { QuestionAnalysis } from './question.ts';

/** Whether characters `from`..`to` of a sentence overlap one of its dates. */
export function inDate(s: Sentence, from: number, to: number): boolean {
  return s.times.some((t) => from < t.to && t.from < to);
}

/** A version-like token: dotted numbers ("3.11", "1.25.2"), "v18", or a number after a capitalised name ("Node.js 18"). */
// In that order: "Week 15 — Kubernetes v1.29.0 released" names v1.29.0.
const VERSIONS = [/\b[vV]?\d+(?:\.\d+)+\b|\b[vV]\d+\b/g, /(?<=\p{Lu}\S*\s)\d{1,3}\b(?![.,]\d|\s*%)/gu];

/** Whether two version numbers name one release: equal but for trailing zeros ("1.56.0" and "1.56", not "3.8.3" and "3.8"). */
function sameVersion(a: string, b: string): boolean {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  return long.startsWith(short) && /^(?:\.0)*$/.test(long.slice(short.length));
}

/**
 * The first version number of a sentence outside its dates that the question does not give,
 * in any length ("1.56.0" is the "Rust 1.56" of "which edition did Rust 1.56 release?").
 */
export function versionSpan(analysis: QuestionAnalysis, sentence: string, s: Sentence): [number, number] | undefined {
  const given = analysis.question.match(/\d+(?:\.\d+)+/g) ?? [];
  for (const m of VERSIONS.flatMap((re) => [...sentence.matchAll(re)])) {
    const bare = m[0].replace(/^[vV]/, '');
    if (inDate(s, m.index, m.index + m[0].length) || analysis.question.includes(m[0]) || given.some((v) => sameVersion(bare, v))) continue;
    return [m.index, m.index + m[0].length];
  }
  return undefined;
}

/** Whether a sentence holds a word with a digit outside its dates that the question does not give. */
export function namesNumbered(analysis: QuestionAnalysis, sentence: string, s: Sentence): boolean {
  for (const m of sentence.matchAll(/[\p{L}\p{N}]*\d[\p{L}\p{N}.+-]*/gu)) {
    const word = m[0].replace(/[.+-]+$/, '');
    // A date is no version, but a name that holds one is ("POSIX.1-2024").
    const from = m.index, to = m.index + word.length;
    if (!s.times.some((t) => t.from <= from && to <= t.to) && !analysis.question.includes(word)) return true;
  }
  return false;
}

/** Whether a "which X" question asks for a numbered kind of thing (a version, a release, a line). */
export function asksNumbered(analysis: QuestionAnalysis): boolean {
  return !!analysis.target && NUMBERED_KIND.test(analysis.target);
}

const NUMBERED_KIND = /\b(?:version|release|edition|line|branch|series|update|model|cycle)s?\b/;
