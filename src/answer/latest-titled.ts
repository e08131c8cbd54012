/**
 * "What is the latest version of Rust?" over a folder of release notes, each titled by its
 * release ("Announcing Rust 1.90.0", "Go 1.26 Release Notes", "Kubernetes v1.35 Release
 * Information") and no table of releases: the highest version the titles give the thing the
 * question names. Only a series (three titles or more) answers; a pre-release ("Rust
 * 1.0-alpha") is none of its versions, nor is a release planned (a title that says "schedule" or
 * "roadmap") or one whose notes open as a draft ("Go 1.28 release notes draft"). Pure: the engine
 * passes the titles in and cites the one chosen.
 */

/** A document whose title names the thing and one of its versions, and where in the title. */
export interface TitledVersion {
  docId: string;
  /** The thing as the title writes it ("Rust"). */
  name: string;
  /** Its version as written ("1.98.0"; "v1.35" read as "1.35"). */
  version: string;
  /** The name and version in the title: `title.slice(from, to)`. */
  from: number;
  to: number;
  /** How many documents' titles give a version of the thing. */
  of: number;
  /** The document's date (ms), where it has one: its release's. */
  date?: number;
}

/** A document as the titles are read: its title, the start of its text, and its date (ms) where it has one. */
export interface TitledDocument {
  docId: string;
  title: string;
  opening: string;
  date?: number;
}

/** A name and a version of two parts or more right after it, not a pre-release's ("1.0-alpha", "1.2.rc1", "1.0 Beta"). */
const NAMED_VERSION = /(\p{L}[\p{L}\p{N}+#]*)\s+v?(\d+(?:\.\d+)+)(?![\p{L}\p{N}.+-]|\s+(?:alpha|beta|rc|release candidate|preview)\b)/giu;
/** A title of what is planned, not released ("Road to Rust 1.0"). */
const PLANNED = /\b(?:schedule|roadmap|road to|plan|proposal|draft|preview)\b/i;
/** An opening that says the notes are not final. */
const DRAFT = /\b(?:draft|placeholder|unreleased|not yet released|work in progress)\b/i;
/** Fewest titles that make a series. */
const SERIES = 3;

/**
 * The document whose title gives the highest version of a thing the question names, among the
 * titles of a series of its releases (`opening`: the start of each document's text); undefined
 * where the question names no such series.
 */
export function latestTitled(question: string, titles: readonly TitledDocument[]): TitledVersion | undefined {
  const series = titledSeries(question, titles);
  return series && { ...series.reduce((a, b) => (compareVersions(b.version, a.version) > 0 ? b : a)), of: series.length };
}

/**
 * "Which Rust versions were released in 2023?" over such a series: the releases whose notes are
 * dated inside the time asked (`fits`: the list's test of a date), highest version first, of the
 * series' that are dated; undefined where the question names no dated series.
 */
export function titledAt(question: string, titles: readonly TitledDocument[], fits: (date: number) => boolean | undefined): { listed: TitledVersion[]; of: number } | undefined {
  const dated = titledSeries(question, titles)?.filter((t) => t.date !== undefined);
  if (!dated || dated.length < SERIES) return undefined;
  const listed = dated.filter((t) => fits(t.date!)).sort((a, b) => compareVersions(b.version, a.version));
  // (One release announced twice is one.)
  return { listed: listed.filter((t, i) => !i || compareVersions(t.version, listed[i - 1]!.version) !== 0), of: dated.length };
}

/** The titles of the series of releases of the thing the question names that most documents give (three or more), each with its version. */
function titledSeries(question: string, titles: readonly TitledDocument[]): TitledVersion[] | undefined {
  const asked = new Set((question.match(/[\p{L}\p{N}+#]+/gu) ?? []).map((w) => w.toLowerCase()));
  const series = new Map<string, TitledVersion[]>();
  for (const { docId, title, opening, date } of titles) {
    if (PLANNED.test(title) || DRAFT.test(opening)) continue;
    for (const m of title.matchAll(NAMED_VERSION)) {
      const key = m[1]!.toLowerCase();
      if (!asked.has(key)) continue;
      const at = m.index;
      const found = { docId, name: m[1]!, version: m[2]!, from: at, to: at + m[0].length, of: 0, ...(date !== undefined ? { date } : {}) };
      const list = series.get(key);
      if (list) list.push(found);
      else series.set(key, [found]);
      break;
    }
  }
  let best: TitledVersion[] | undefined;
  for (const list of series.values()) if (list.length >= SERIES && (!best || list.length > best.length)) best = list;
  return best;
}

/** Orders two versions by their numbers ("1.10" after "1.9"). */
function compareVersions(a: string, b: string): number {
  const x = a.split('.').map(Number);
  const y = b.split('.').map(Number);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d) return d;
  }
  return 0;
}
