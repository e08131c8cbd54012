/**
 * Data files named by abbreviations ("co2-mm-mlo.csv") are described by the README or the
 * `datapackage.json` beside them ("the Mauna Loa series ..."): a question spells the thing out
 * the way the description does, and the file's own words never say it. Here a data file (a
 * table-only format) inherits the words of the description of its folder — or of the folder
 * above, the data-package layout `name/README.md` + `name/data/*.csv` — in the title field of its
 * table passages (BM25 weight `TABLE_TITLE_WEIGHT`, below the text): the description's title and
 * lead paragraph, a `datapackage.json` resource's own title and description, and the phrases the
 * README gives for the abbreviations of the file's name ("mlo" -> "Mauna Loa": each letter run a
 * prefix of one word of a phrase the README writes). Pure but for the ingest call that feeds it.
 *
 * A README ingested in a later call than its data files is not applied to them (ingest the folder
 * again); one already stored is.
 */
import type { DocumentInput, StoredDocument, Passage } from '../types.ts';

/** Formats whose whole content is a table: the files a folder's description describes. */
const DATA_FILE = /\.(?:csv|tsv|tab|xlsx|ods)$/i;
const README = /^readme(?:\.(?:md|markdown|rst|txt))?$/i;
const DATAPACKAGE = /^datapackage\.json$/i;
/** Words of the lead sentence a data file inherits, at most. */
const LEAD_WORDS = 30;
/** Folders above a data file searched for its description (its own, then its parent). */
const LEVELS = 2;

/** What a folder's README or `datapackage.json` says. */
export interface FolderDescription {
  /** The title and lead paragraph, as prose. */
  lead: string;
  /** Every word of the description, lower case, in order (for abbreviations). */
  words: string[];
  /** `datapackage.json` resources: path relative to the folder -> their own title and description. */
  resources?: Map<string, string>;
}

const folderOf = (name: string) => name.replace(/\\/g, '/').replace(/\/?[^/]*$/, '');
const baseOf = (name: string) => name.replace(/\\/g, '/').replace(/^.*\//, '');

/** Whether a file name is a folder's description (README, `datapackage.json`). */
export function isDescription(name: string): boolean {
  const base = baseOf(name);
  return README.test(base) || DATAPACKAGE.test(base);
}

/** Markup a raw README carries that is no prose: tags, images, link targets, code blocks, heading marks. */
function prose(raw: string): string {
  return raw
    .replace(/```[\s\S]*?```|~~~[\s\S]*?~~~/g, '\n\n')
    .replace(/<[^>\n]*>/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)|\[([^\]]*)\]\[[^\]]*\]/g, '$1$2')
    .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/gm, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/^[ \t]*(?:#{1,6}|[>*+-]|\d+\.)[ \t]+/gm, '')
    .replace(/^[=~^"'`#*+-]{3,}\s*$/gm, '')
    .replace(/[*_`]+/g, '');
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** Reads a description: a README's title and lead paragraph, or a `datapackage.json`'s fields. */
export function readDescription(name: string, content: string): FolderDescription | undefined {
  if (DATAPACKAGE.test(baseOf(name))) {
    let pkg: { title?: unknown; description?: unknown; resources?: unknown };
    try { pkg = JSON.parse(content) as typeof pkg; } catch { return undefined; }
    const str = (x: unknown) => (typeof x === 'string' ? x : '');
    const lead = [str(pkg.title), firstWords(str(pkg.description))].filter(Boolean).join('. ');
    const resources = new Map<string, string>();
    for (const r of Array.isArray(pkg.resources) ? pkg.resources as Array<Record<string, unknown>> : []) {
      const own = [str(r.title), str(r.name), firstWords(str(r.description))].filter(Boolean).join('. ');
      for (const p of Array.isArray(r.path) ? r.path : [r.path]) if (typeof p === 'string' && own) resources.set(p.replace(/^\.\//, ''), own);
    }
    const all = [lead, ...resources.values()].join(' ');
    return lead || resources.size ? { lead, words: wordsOf(all), resources } : undefined;
  }
  const text = prose(content);
  const paragraphs = text.split(/\n\s*\n/).map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean);
  // The title: a first short line; the lead: the first paragraph of prose (six words or more).
  const title = paragraphs[0] && wordsOf(paragraphs[0]).length < 12 && !/[.!?]$/.test(paragraphs[0]) ? paragraphs[0] : '';
  const body = paragraphs.find((p) => p !== title && wordsOf(p).length >= 6 && /[.!?](?:\s|$)/.test(p)) ?? '';
  const lead = [title, firstWords(firstSentence(body))].filter(Boolean).join('. ');
  return lead ? { lead, words: wordsOf(text) } : undefined;
}

/**
 * A README's first sentence says what the data is ("Monthly gold prices in USD since 1833."); the
 * sentences after it tell the files apart ("the Mauna Loa series ... and a Global Average
 * series"), and inherited by every file they would blur what the abbreviations of each file's
 * name tell apart (realdocs: "annual mean CO2 at Mauna Loa" ranked the global file first with
 * the whole paragraph inherited, the Mauna Loa one with the first sentence).
 */
function firstSentence(text: string): string {
  const m = /^.{20,}?[\p{Ll}\p{N})\]"'][.!?](?=\s+[\p{Lu}(]|$)/u.exec(text);
  return m ? m[0] : text;
}

function firstWords(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  return words.length <= LEAD_WORDS ? words.join(' ') : `${words.slice(0, LEAD_WORDS).join(' ')} …`;
}

/**
 * The phrase of `words` an abbreviation stands for: consecutive words (up to four) such that the
 * abbreviation is a prefix of the first, then of the second, ... ("mlo" = "m" + "lo": "Mauna
 * Loa"; "gl" = "gl": "Global"). The phrase written most often wins, then the shorter, then the
 * first. Undefined when the description has the token as a word itself, or no phrase fits.
 */
export function expandAbbreviation(token: string, words: string[]): string | undefined {
  const t = token.toLowerCase();
  if (!/^[a-z]{2,8}$/.test(t) || words.includes(t)) return undefined;
  const fits = (i: number, from: number, k: number): boolean => {
    if (from === t.length) return k === 0;
    if (k === 0 || i >= words.length) return false;
    const w = words[i]!;
    for (let n = Math.min(w.length, t.length - from); n >= 1; n--) {
      if (w.startsWith(t.slice(from, from + n)) && fits(i + 1, from + n, k - 1)) return true;
    }
    return false;
  };
  const counts = new Map<string, { n: number; k: number; at: number }>();
  for (let i = 0; i < words.length; i++) {
    if (words[i]![0] !== t[0]) continue;
    for (let k = 1; k <= Math.min(4, t.length); k++) {
      // A one-word phrase must be longer than the token (a prefix of it, not the word itself).
      if (k === 1 && words[i]!.length <= t.length) continue;
      if (!fits(i, 0, k)) continue;
      const phrase = words.slice(i, i + k).join(' ');
      const c = counts.get(phrase) ?? { n: 0, k, at: i };
      c.n++;
      counts.set(phrase, c);
    }
  }
  let best: string | undefined;
  for (const [phrase, c] of counts) {
    const b = best ? counts.get(best)! : undefined;
    if (!b || c.n > b.n || (c.n === b.n && (c.k < b.k || (c.k === b.k && c.at < b.at)))) best = phrase;
  }
  return best;
}

/** The descriptions of folders: from the inputs of one ingest call and the documents already stored. */
export class FolderDescriptions {
  private readonly byFolder = new Map<string, FolderDescription>();

  constructor(inputs: ReadonlyArray<DocumentInput>, stored: Iterable<{ document: StoredDocument }>) {
    for (const { document: d } of stored) if (isDescription(d.name)) this.add(d.name, d.text);
    for (const input of inputs) {
      const name = typeof input?.name === 'string' ? input.name : undefined;
      if (!name || !isDescription(name)) continue;
      const c = input.content;
      const text = typeof c === 'string' ? c : c instanceof Uint8Array || c instanceof ArrayBuffer ? new TextDecoder().decode(c) : undefined;
      if (text !== undefined) this.add(name, text);
    }
  }

  private add(name: string, text: string): void {
    const found = readDescription(name, text);
    if (!found) return;
    const folder = folderOf(name);
    const had = this.byFolder.get(folder);
    // A datapackage.json and a README in one folder: the words of both.
    this.byFolder.set(folder, had ? { lead: had.lead || found.lead, words: [...had.words, ...found.words], resources: had.resources ?? found.resources } : found);
  }

  /** What describes the data file `name`, as words for its title field; undefined for other files or none. */
  describe(name: string): string | undefined {
    if (!DATA_FILE.test(name) || !this.byFolder.size) return undefined;
    const path = name.replace(/\\/g, '/');
    let folder = folderOf(path);
    for (let level = 0; level < LEVELS; level++) {
      const d = this.byFolder.get(folder);
      if (d) {
        const relative = folder ? path.slice(folder.length + 1) : path;
        const own = d.resources?.get(relative);
        const stem = baseOf(path).replace(/\.[^.]+$/, '');
        const expanded = [...new Set(stem.split(/[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])/).map((t) => expandAbbreviation(t, d.words)).filter((x): x is string => !!x))];
        return [own, expanded.join(', '), d.lead].filter(Boolean).join(' — ');
      }
      if (!folder) break;
      folder = folderOf(folder);
    }
    return undefined;
  }

  /**
   * Gives a data file's table passages the description of its folder in their title field
   * (heading). Not in the text: appended to the table summary's text, the summary outranked the
   * row that holds the asked figure ("CPI-U index value in January 2000": the summary first,
   * not the 2000-01-01 row; realdocs AR@1 the same, one row answer lost).
   */
  apply(document: StoredDocument, passages: Passage[]): void {
    const words = this.describe(document.name);
    if (!words) return;
    for (const p of passages) if (p.tableIndex !== undefined) p.heading = `${p.heading ?? document.title} — ${words}`;
  }
}
