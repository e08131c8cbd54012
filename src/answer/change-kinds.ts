/**
 * Kinds of change, as changelogs name their sections (Keep a Changelog's Added, Changed,
 * Deprecated, Removed, Fixed, Security; "New features", "Bug fixes", "Breaking changes") and as
 * questions ask for them ("which version dropped ...?", "what did 1.2 fix?"). Pure.
 */

/** One pattern per kind: it matches a verb of the kind and the headings of its sections. */
const KINDS: readonly RegExp[] = [
  /\b(?:add(?:ed|s)?|new|introduc(?:e|ed|es)|features?|enhancements?|stabili[sz](?:e|ed|es))\b/i,
  /\b(?:remov(?:e|ed|es|als?)?|dropp?(?:ed|s)?|delet(?:e|ed|es)|breaking)\b/i,
  /\b(?:fix(?:ed|es)?|bug ?fix(?:es)?|resolved?)\b/i,
  /\b(?:chang(?:e|ed|es)|updat(?:e|ed|es)|improv(?:e|ed|ements?))\b/i,
  /\b(?:deprecat(?:e|ed|es|ions?))\b/i,
  /\b(?:secur(?:ed|ity))\b/i,
];

/** A heading that is a kind of change and nothing else ("Added", "Bug fixes"; not "New go/version package"). */
const KIND_HEADING = /^\W*(?:added|new(?:\s+features?)?|features?|enhancements?|changed|changes|improvements?|updated?|removed|removals?|breaking(?:\s+changes?)?|fixed|fixes|bug\s?fixes|deprecated|deprecations?|security(?:\s+fixes)?)\W*$/i;

/** Whether a verb and a section's heading name one kind of change ("dropped" and "Removed"). */
export function sameChangeKind(verb: string, heading: string): boolean {
  const kind = KINDS.find((k) => k.test(verb));
  return !!kind && kind.test(heading);
}

/** Whether a heading names a kind of change and nothing else: a changelog's section. */
export function isChangeKind(heading: string): boolean {
  return KIND_HEADING.test(heading);
}
