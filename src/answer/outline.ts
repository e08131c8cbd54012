/**
 * "What's new in Rust 1.80?", "What did Go 1.22 change?", "What changed in 1.2.0?": what a
 * release brought, read off the outline of its notes. Release notes and changelogs give each
 * change a section ("What's in 1.80.0 stable › LazyCell and LazyLock") or an item under a kind
 * of change ("[1.2.0] - 2019-02-15 › Added › Danish translation."), and that outline is the
 * answer a reader skims for; no sentence states it. Pure: sections in, items out.
 */
import { sameChangeKind, isChangeKind } from './change-kinds.ts';

/** What an outline question asks: the changes of a release, of one kind when its verb says so. */
export interface OutlineAsk {
  /** The verb that names a kind of change ("remove", "fix"); none for "what's new". */
  verb?: string;
}

const WHATS_NEW = /^\s*what(?:'s|’s|\s+is|\s+was|\s+are|\s+were)\s+(?:(?:the\s+)?(?:(?:main|key|major|biggest)\s+)?(?:new(?:\s+features?)?|features?|highlights?|changes?)\s+)?(?:in|of)\s+\S/i;
const CHANGED_IN = /^\s*what\s+(?:(?:new\s+)?(?:features?|changes?|apis?)\s+)?(?:changed|(?:was|were)\s+(?:added|new|removed|fixed|changed|deprecated|stabili[sz]ed|released)|is\s+new|got\s+(?:added|removed|fixed|stabili[sz]ed))\s+in\s+\S/i;
const DID_RELEASE = /^\s*what\s+(?:(?:new\s+)?(?:features?|changes?|apis?)\s+)?(?:did|does|will)\s+\S.*?\s+(add|introduce|stabili[sz]e|change|bring|fix|remove|deprecate|drop|improve)\s*\??\s*$/i;

/** Whether a question asks what a release brought, and of which kind. */
export function asksOutline(question: string): OutlineAsk | undefined {
  const did = DID_RELEASE.exec(question);
  if (did) return { verb: did[1]!.toLowerCase() };
  const changed = CHANGED_IN.exec(question);
  if (changed) {
    const verb = /\b(added|removed|fixed|deprecated|stabili[sz]ed)\b/i.exec(changed[0])?.[1];
    return verb ? { verb: verb.toLowerCase() } : {};
  }
  return WHATS_NEW.test(question) ? {} : undefined;
}

/** "What does the tz database say about time zone abbreviations?": what is asked about. */
const SAYS_ABOUT = /^\s*what\s+(?:does|do|did)\s+\S.*?\s(?:say|tell\s+(?:us|me)|write|explain)\s+about\s+(.+?)\s*\??\s*$/i;

/** The topic a "what does X say about Y?" question asks about (Y), or undefined. */
export function asksAbout(question: string): string | undefined {
  return SAYS_ABOUT.exec(question)?.[1];
}

/**
 * What a document says about a topic: the sentences of the section whose heading names the topic
 * ("Time zone abbreviations" for "time zone abbreviations", "Annual release cadence" for "the
 * release cadence": every word of one is the other's, and most of the topic is named; the heading
 * that shares most words wins, then the one of fewer others, nearest the top), or of its
 * subsections. Undefined where no heading is so named.
 */
export function sectionAbout(topic: string, sections: readonly OutlineSection[], terms: (text: string) => string[]): { items: OutlineItem[]; more: number } | undefined {
  const asked = new Set(terms(topic));
  let best: { depth: number; heading: string; shared: number; extra: number } | undefined;
  for (const s of sections) {
    s.path.forEach((heading, depth) => {
      const words = new Set(terms(heading));
      const shared = [...words].filter((w) => asked.has(w)).length;
      const extra = words.size - shared;
      // "abbreviations" alone is not "time zone abbreviations".
      if (!shared || (extra && shared < asked.size) || shared * 2 < asked.size) return;
      if (!best || shared > best.shared || (shared === best.shared && extra < best.extra)) best = { depth, heading, shared, extra };
    });
  }
  if (!best) return undefined;
  const { depth, heading } = best;
  const items = sections.flatMap((s, i) => (s.path[depth] === heading ? s.sentences.map((text, k) => ({ text, section: i, sentence: k })) : []));
  return items.length ? { items: items.slice(0, MAX_OUTLINE_ITEMS), more: Math.max(0, items.length - MAX_OUTLINE_ITEMS) } : undefined;
}

/** One section of a document: its heading path, outermost first, and its sentences in order. */
export interface OutlineSection {
  path: readonly string[];
  sentences: readonly string[];
}

/** One item of an outline answer: a section's heading, or a sentence of a section of a kind of change. */
export interface OutlineItem {
  text: string;
  /** Index of the section in the caller's list (its heading or its sentence is the citation). */
  section: number;
  /** The sentence's index in its section, for an item read from a sentence. */
  sentence?: number;
  /** The heading cited for an item read from a heading: the part of the path it is. */
  heading?: string;
}

/** Most items an answer lists; the rest are counted. */
export const MAX_OUTLINE_ITEMS = 8;

/** Sections that say nothing of what changed: thanks, how to install, the notes' own preface. */
const BOILERPLATE = /\b(?:contributors?|acknowledg(?:e)?ments?|thanks|get(?:ting)? involved|install(?:ation|ing)?|upgrad(?:e|ing)|download(?:s|ing)?|introduction|overview|summary|known issues|table of contents|references?|footnotes?|copyright|see also|other changes)\b/i;

/** A section that gathers small changes, each its own line or platform, rather than being one. */
const GRAB_BAG = /^(?:ports?|platforms?|minor changes\b.*|bug ?fixes|miscellaneous|misc\.?)$/i;

/** A title of release notes: "Go 1.22 Release Notes", "Announcing Rust 1.80.0", "What's New in Python 3.12"; not "Python 3.12 Release Schedule". */
const RELEASE_NOTES = /\b(?:release notes|announc\w*|what['’]?s new|change ?logs?|changes|news|highlights)\b/i;

/**
 * Whether a heading is a release's and nothing else: its number, a date, the word "version" or
 * "release" ("[1.2.0] - 2019-02-15", "Version 1.2.0 (February 15, 2019)"), not "3.12.0 schedule".
 */
function versionHeading(heading: string, versions: readonly RegExp[]): boolean {
  let rest = heading;
  for (const v of versions) rest = rest.replace(new RegExp(v.source, v.flags.includes('g') ? v.flags : `${v.flags}g`), ' ');
  rest = rest.replace(/\b\d{4}-\d\d-\d\d\b|\b\d{1,2}\s+\p{L}+\s+\d{4}\b|\b\p{L}+\.?\s+\d{1,2},?\s+\d{4}\b|\b(?:versions?|releases?|released|v)\b/giu, ' ');
  return !/[\p{L}\p{N}]/u.test(rest);
}

/**
 * The changes a document's outline gives for the release the question names (`versions`, each a
 * pattern of its number). Where a heading names the release ("What's in 1.80.0 stable",
 * "[1.2.0] - 2019-02-15"), its subsections are the items; where they are kinds of change
 * ("Added", "Removed"), their sentences are, of the kind the verb asks when one does; where it
 * has none and is a version's heading alone, its sentences are. Where only the title of release
 * notes names it ("Go 1.22 Release Notes"), its sections of the second level are (a first-level
 * one with none under it itself), less the preface, the thanks, the grab-bags and those that
 * name the release itself. Undefined when nothing names the
 * release so.
 */
export function outlineOf(ask: OutlineAsk, versions: readonly RegExp[], title: string, sections: readonly OutlineSection[]): { items: OutlineItem[]; more: number; prose?: true } | undefined {
  if (!versions.length) return undefined;
  const names = (text: string) => versions.every((v) => v.test(text));
  let depth = -1;
  let anchor: string | undefined;
  for (const s of sections) {
    // "Introduction to Go 1.22" names the release and says nothing of its changes.
    const d = s.path.findIndex((p) => names(p) && !BOILERPLATE.test(p));
    if (d >= 0) {
      [depth, anchor] = [d, s.path[d]];
      break;
    }
  }
  let items: OutlineItem[];
  let prose = false;
  if (anchor !== undefined) {
    const under = sections.map((s, i) => ({ s, i })).filter(({ s }) => s.path[depth] === anchor);
    const children = [...new Set(under.flatMap(({ s }) => (s.path.length > depth + 1 ? [s.path[depth + 1]!] : [])))];
    if (children.length && children.every(isChangeKind)) {
      // A changelog: its items under each kind, of the asked kind where the verb names one.
      const asked = ask.verb ? children.filter((c) => sameChangeKind(ask.verb!, c)) : [];
      const kinds = new Set(asked.length ? asked : children);
      items = under.filter(({ s }) => kinds.has(s.path[depth + 1]!)).flatMap(({ s, i }) => s.sentences.map((text, k) => ({ text, section: i, sentence: k })));
    } else if (children.length) {
      // Sections each a change, one of which gathers the kind the verb asks ("Stabilized APIs"
      // of "what was stabilized in Rust 1.72?"): that section's items.
      const asked = ask.verb ? children.filter((c) => sameChangeKind(ask.verb!, c)) : [];
      items = under.filter(({ s }) => asked.includes(s.path[depth + 1]!)).flatMap(({ s, i }) => s.sentences.map((text, k) => ({ text, section: i, sentence: k })));
      if (!items.length) items = children.filter((c) => !BOILERPLATE.test(c)).map((c) => {
        const i = under.find(({ s }) => s.path[depth + 1] === c)!.i;
        return { text: c, section: i, heading: c };
      });
    } else if (versionHeading(anchor, versions)) {
      // A changelog's version without kinds: its items are its sentences ("## 1.2.0 (2019-02-15)").
      items = under.flatMap(({ s, i }) => s.sentences.map((text, k) => ({ text, section: i, sentence: k })));
    } else if (asksOutline(anchor)) {
      // A heading that says what the release brought ("What's in 1.34.2 stable"), over prose
      // (a point release's one fix): its sentences, in order.
      items = under.flatMap(({ s, i }) => s.sentences.map((text, k) => ({ text, section: i, sentence: k })));
      prose = true;
    } else {
      // Prose under a heading that names the release ("Kubernetes 1.29: Mandala") is no list of changes.
      return undefined;
    }
  } else if (names(title) && RELEASE_NOTES.test(title)) {
    // A change is a section of the notes' second level ("Tools › Fuzzing"), or a first-level one
    // with none under it ("Changes to the language"): deeper ones detail it ("Go command › go
    // get"), and a grab-bag ("Ports", "Minor changes to the library") lists no change of its own.
    const seen = new Set<string>();
    items = [];
    sections.forEach((s, i) => {
      if (!s.path.length || s.path.some((p) => BOILERPLATE.test(p) || names(p) || GRAB_BAG.test(p))) return;
      const top = s.path[0]!;
      const nested = sections.some((o) => o.path.length > 1 && o.path[0] === top);
      const item = nested ? s.path[1] : top;
      if (item === undefined || seen.has(item) || item === title) return;
      seen.add(item);
      items.push({ text: item, section: i, heading: item });
    });
  } else {
    return undefined;
  }
  if (!items.length) return undefined;
  return { items: items.slice(0, MAX_OUTLINE_ITEMS), more: Math.max(0, items.length - MAX_OUTLINE_ITEMS), ...(prose ? { prose: true as const } : {}) };
}

/**
 * "What changed in the Go 1.24 runtime?" of notes titled by the release: the section whose
 * heading the question names whole ("Runtime": each of its words is the question's), its
 * subsections where it has some, else its sentences. `asked`: the question's words as `terms`
 * reads a text. Undefined where no heading is so named, or the title does not name the release.
 */
export function topicOf(versions: readonly RegExp[], title: string, sections: readonly OutlineSection[], asked: ReadonlySet<string>, terms: (text: string) => string[]): { items: OutlineItem[]; more: number } | undefined {
  if (!versions.length || !versions.every((v) => v.test(title))) return undefined;
  // The heading of most words the question names whole, nearest the top; not a kind of change
  // ("Changes", which the outline reads by its verb) nor one of the title's words alone.
  const named = new Set(terms(title));
  let topic: { heading: string; depth: number; size: number } | undefined;
  for (const s of sections) {
    s.path.forEach((heading, depth) => {
      const words = terms(heading);
      if (!words.length || isChangeKind(heading) || BOILERPLATE.test(heading) || words.every((w) => named.has(w)) || !words.every((w) => asked.has(w))) return;
      if (!topic || words.length > topic.size) topic = { heading, depth, size: words.length };
    });
  }
  if (!topic) return undefined;
  const { heading, depth } = topic;
  const under = sections.map((s, i) => ({ s, i })).filter(({ s }) => s.path[depth] === heading);
  const children = [...new Set(under.flatMap(({ s }) => (s.path.length > depth + 1 ? [s.path[depth + 1]!] : [])))];
  const items: OutlineItem[] = children.length
    ? children.map((c) => ({ text: c, section: under.find(({ s }) => s.path[depth + 1] === c)!.i, heading: c }))
    : under.flatMap(({ s, i }) => s.sentences.map((text, k) => ({ text, section: i, sentence: k })));
  return items.length ? { items: items.slice(0, MAX_OUTLINE_ITEMS), more: Math.max(0, items.length - MAX_OUTLINE_ITEMS) } : undefined;
}
