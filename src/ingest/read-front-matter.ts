/**
 * Front matter read as data (see `front-matter.ts` for finding it). YAML is parsed by `yaml`
 * (eemeli; YAML 1.2, no dependencies, no code evaluation: its core schema has no `!!js` tags,
 * and it gives every node its offsets, which the source map needs); TOML by `smol-toml` (a
 * small, maintained, spec-tested TOML 1.0 parser without dependencies, which gives values only,
 * so TOML offsets are found by looking for each key and value in order). Both are imported by
 * the Markdown reader only for a file that has front matter.
 *
 * What the data becomes (generic rules, nothing per site):
 * - `title` (a top-level scalar) is the document's title (and stays a field);
 * - the document's date is the first top-level field named (camelCase and snake_case read as
 *   words) `date`, `pubDate`, `published`, `publishDate`, `publishedAt`, `created`, `createdAt`,
 *   `releaseDate` or `released` whose value is an ISO date; failing that, a permalink field
 *   (`path`, `permalink`, `url`, `slug`) that starts with `YYYY/MM/DD` (the Jekyll / Zola
 *   convention), or a file name that does (`2024-02-08-title.md`, Jekyll's posts);
 * - a list of mappings that share keys (at least two keys each held by at least half of the
 *   items, and by two items or more when there are several) is a **table**: one row per item,
 *   one column per key in first-seen order, the header row from the keys, the list's key (a
 *   dotted path when nested: `auto.methods`) as the caption;
 * - every other field is a `key: value` line (nested mappings as dotted keys, lists inline), so
 *   its words stay searchable; the Markdown reader makes consecutive fields one record.
 * Values are kept as written (`2023-12-07`, `true`, `"3.10"` as 3.10); a nested list or
 * mapping inside a table cell is written inline ("a: 1, b: 2; a: 3"), so the cell stays
 * attached to its row.
 */
import { isAlias, isMap, isScalar, isSeq, parseDocument, type Node as YamlNode, Scalar } from 'yaml';
import { parse as parseToml } from 'smol-toml';
import { buildGrid, type SourceCell } from '../tables/build-grid.ts';
import type { Table } from '../types.ts';
import type { FrontMatterBlock } from './front-matter.ts';
import { collapseMapped, MappedBuilder, synthetic, verbatim, type Mapped } from './mapped.ts';
import type { SourceSpan } from './source-map.ts';

/** One `key: value` line of the front matter. */
export interface FrontMatterField {
  /** The key, dotted for a nested field (`extra.release`). */
  key: string;
  /** `key: value` with each character's origin. */
  text: Mapped;
  source: SourceSpan;
}

/** A list of mappings read as a table. */
export interface FrontMatterTable {
  table: Table;
  /** Each grid cell's text with its origin, by `[row][col]`. */
  cells: Mapped[][];
  caption: Mapped;
  /** The list's lines in the content, its key included. */
  source: SourceSpan;
}

/** What a front matter holds, in the order written. */
export interface FrontMatter {
  title?: string;
  date?: Date;
  /** Where the date came from: a field's key, `path` (a permalink's date), or `name` (the file name's). */
  dateFrom?: string;
  items: Array<{ field: FrontMatterField } | { table: FrontMatterTable }>;
  warnings: string[];
}

/** The front matter's data, or why it could not be read (the reader then keeps it as text). */
export type FrontMatterResult = { data: FrontMatter; error?: undefined } | { data?: undefined; error: string };

// The tree both syntaxes are read into.
type FmNode = FmScalar | FmList | FmMap;
interface FmScalar { kind: 'scalar'; text: string; mapped: Mapped; date?: Date; end: number }
interface FmList { kind: 'list'; items: FmNode[]; end: number }
interface FmMap { kind: 'map'; entries: FmEntry[]; end: number }
interface FmEntry { key: string; keyMapped: Mapped; value: FmNode; start: number; end: number }

/** Deepest nesting followed; deeper values are kept as their source text. */
const MAX_DEPTH = 32;

const DATE_KEYS = ['date', 'pub date', 'published', 'publish date', 'published at', 'created', 'created at', 'release date', 'released'];
const PERMALINK_KEYS = new Set(['path', 'permalink', 'url', 'slug']);
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(Z|z|[+-]\d{2}:?\d{2})?)?$/;
const PATH_DATE = /^\/?(\d{4})\/(\d{2})\/(\d{2})(?:\/|$)/;
const NAME_DATE = /(?:^|[/\\])(\d{4})-(\d{2})-(\d{2})-[^/\\]*$/;

/**
 * Reads the front matter `block` of `content`. Never throws for bad metadata: a YAML or TOML
 * error, or a top level that is not a mapping, comes back as `error` (a message for the user).
 */
export function readFrontMatter(content: string, block: FrontMatterBlock, name?: string): FrontMatterResult {
  const what = block.syntax === 'yaml' ? 'YAML' : 'TOML';
  let root: FmNode | string | undefined;
  try {
    root = block.syntax === 'yaml' ? readYaml(content, block) : readToml(content, block);
  } catch (err) {
    return { error: `The ${what} front matter could not be read (${firstLine(err)}); it was kept as text.` };
  }
  if (typeof root === 'string') return { error: `The ${what} front matter could not be read (${root}); it was kept as text.` };
  if (!root) return { data: { items: [], warnings: [] } };
  if (root.kind !== 'map') return { error: `The ${what} front matter is not a list of fields; it was kept as text.` };

  const data: FrontMatter = { items: [], warnings: [] };
  for (const e of root.entries) {
    if (e.key === 'title' && e.value.kind === 'scalar' && e.value.text.trim() && data.title === undefined) {
      data.title = e.value.text.replace(/\s+/g, ' ').trim();
    }
    visit(content, e, [e.key], data, [e.keyMapped]);
  }
  const date = documentDate(root, name);
  if (date) {
    data.date = date.date;
    data.dateFrom = date.from;
    // A date read off a permalink or the file name is written nowhere as a date: say it as a
    // field, placed where it was read, so the document's date is searchable like a written one.
    if (date.at !== undefined) {
      // "date: 2024-02-08", its year, month and day mapped to the permalink's "2024/02/08".
      const b = new MappedBuilder().append('date: ', date.at.start);
      const digits = content.slice(date.at.start, date.at.start + 11);
      const lead = digits.startsWith('/') ? 1 : 0;
      b.append(digits.slice(lead, lead + 4), date.at.start + lead).append('-', date.at.start + lead + 4)
        .append(digits.slice(lead + 5, lead + 7), date.at.start + lead + 5).append('-', date.at.start + lead + 7)
        .append(digits.slice(lead + 8, lead + 10), date.at.start + lead + 8);
      const text = b.build();
      const want = `date: ${date.date.toISOString().slice(0, 10)}`;
      data.items.unshift({ field: { key: 'date', text: text.text === want ? text : synthetic(want, date.at.start), source: date.at } });
    }
  }
  return { data };
}

function firstLine(err: unknown): string {
  const m = err instanceof Error ? err.message : String(err);
  return m.split('\n')[0]!.slice(0, 200);
}

/** A field, a table, or (a nested mapping) its fields, each under its dotted key. */
function visit(content: string, e: FmEntry, path: string[], out: FrontMatter, keys: Mapped[]): void {
  const v = e.value;
  if (v.kind === 'list' && isTableList(v)) {
    const table = makeTable(content, e, path, out.warnings, dottedKey(keys));
    if (table) out.items.push({ table });
    return;
  }
  if (v.kind === 'map' && v.entries.length && path.length < MAX_DEPTH) {
    for (const child of v.entries) visit(content, child, [...path, child.key], out, [...keys, child.keyMapped]);
    return;
  }
  const value = inline(v);
  if (!value.text.trim()) return;
  const key = path.join('.');
  const b = new MappedBuilder();
  const dotted = dottedKey(keys);
  b.appendMapped(dotted.text === key ? dotted : synthetic(key, sourceStart(e.keyMapped, e.start)));
  b.append(': ', b.lastSource(e.start) + 1);
  b.appendMapped(value);
  out.items.push({ field: { key, text: b.build(), source: spanOf(content, e) } });
}

/** A list of mappings that share at least two keys (see the module comment). */
function isTableList(list: FmList): boolean {
  const n = list.items.length;
  if (!n || !list.items.every((i) => i.kind === 'map')) return false;
  const counts = new Map<string, number>();
  for (const item of list.items as FmMap[]) for (const k of new Set(item.entries.map((e) => e.key))) counts.set(k, (counts.get(k) ?? 0) + 1);
  const need = Math.max(n >= 2 ? 2 : 1, Math.ceil(n / 2));
  let shared = 0;
  for (const c of counts.values()) if (c >= need) shared++;
  return shared >= 2;
}

/** A nested field's key, `auto.methods`, each part mapped to its own key in the file. */
function dottedKey(keys: Mapped[]): Mapped {
  const b = new MappedBuilder();
  for (const k of keys) {
    if (b.length) b.append('.', b.lastSource(0) + 1);
    b.appendMapped(k);
  }
  return b.build();
}

function makeTable(content: string, e: FmEntry, path: string[], warnings: string[], dotted: Mapped): FrontMatterTable | undefined {
  const items = (e.value as FmList).items as FmMap[];
  const columns: string[] = [];
  const keyAt = new Map<string, Mapped>();
  for (const item of items) {
    for (const entry of item.entries) {
      if (keyAt.has(entry.key)) continue;
      keyAt.set(entry.key, entry.keyMapped);
      columns.push(entry.key);
    }
  }
  const header: Mapped[] = columns.map((k) => keyAt.get(k)!);
  const rows: Mapped[][] = items.map((item) => {
    const byKey = new Map<string, FmNode>();
    for (const entry of item.entries) if (!byKey.has(entry.key)) byKey.set(entry.key, entry.value);
    return columns.map((k) => {
      const v = byKey.get(k);
      return v ? inline(v) : synthetic('', 0);
    });
  });
  const mapped = [header, ...rows];
  const source: SourceCell[][] = mapped.map((row, r) => row.map((m) => ({ text: m.text.replace(/\s+/g, ' ').trim(), header: r === 0 })));
  const caption = path.join('.');
  const table = buildGrid(source, { caption, warnings });
  if (table.rows === 0) return undefined;
  table.headerRows = 1;
  const captionMapped = dotted.text === caption ? dotted : synthetic(caption, sourceStart(e.keyMapped, e.start));
  return { table, cells: mapped, caption: captionMapped, source: spanOf(content, e) };
}

/** A value written on one line: lists joined by ", " (lists of mappings by "; "), mappings as "k: v, k: v". */
function inline(node: FmNode): Mapped {
  if (node.kind === 'scalar') return node.mapped;
  const b = new MappedBuilder();
  const sep = (s: string) => {
    if (b.length) b.append(s, b.lastSource(0) + 1);
  };
  if (node.kind === 'list') {
    const between = node.items.some((i) => i.kind === 'map') ? '; ' : ', ';
    for (const item of node.items) {
      const m = inline(item);
      if (!m.text.trim()) continue;
      sep(between);
      b.appendMapped(m);
    }
  } else {
    for (const e of node.entries) {
      const m = inline(e.value);
      sep(', ');
      b.appendMapped(e.keyMapped);
      b.append(m.text ? ': ' : ':', b.lastSource(e.start) + 1);
      b.appendMapped(m);
    }
  }
  return b.build();
}

// ---------------------------------------------------------------------------
// The document's date
// ---------------------------------------------------------------------------

/** `camelCase` and `snake_case` keys as lower-case words: "publishedAt" -> "published at". */
function keyWords(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase().trim();
}

function documentDate(root: FmMap, name: string | undefined): { date: Date; from: string; at?: SourceSpan } | undefined {
  const scalars = root.entries.filter((e) => e.value.kind === 'scalar');
  for (const want of DATE_KEYS) {
    for (const e of scalars) {
      if (keyWords(e.key) !== want) continue;
      const v = e.value as FmScalar;
      const date = v.date ?? isoDate(v.text.trim());
      if (date) return { date, from: e.key };
    }
  }
  for (const e of scalars) {
    if (!PERMALINK_KEYS.has(keyWords(e.key))) continue;
    const v = e.value as FmScalar;
    const m = PATH_DATE.exec(v.text.trim());
    const date = m && utcDate(+m[1]!, +m[2]!, +m[3]!);
    const at = v.mapped.runs.length ? v.mapped.runs[1]! : e.start;
    if (date) return { date, from: e.key, at: { start: at, end: at + v.text.length } };
  }
  const m = name ? NAME_DATE.exec(name) : null;
  const date = m && utcDate(+m[1]!, +m[2]!, +m[3]!);
  return date ? { date, from: 'name' } : undefined;
}

function utcDate(y: number, mo: number, d: number): Date | undefined {
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d ? date : undefined;
}

/** An ISO 8601 date or date-time ("2024-02-08", "2024-02-08T10:00:00+01:00"), checked for a real day. */
function isoDate(text: string): Date | undefined {
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const day = utcDate(+m[1]!, +m[2]!, +m[3]!);
  if (!day || !m[4]) return day;
  const t = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${m[7] ? normaliseZone(m[7]) : 'Z'}`);
  return Number.isFinite(t) ? new Date(t) : day;
}

function normaliseZone(z: string): string {
  if (z === 'z' || z === 'Z') return 'Z';
  return z.includes(':') ? z : `${z.slice(0, 3)}:${z.slice(3)}`;
}

// ---------------------------------------------------------------------------
// YAML
// ---------------------------------------------------------------------------

/** The YAML body as a tree; a string is the parser's first error. */
function readYaml(content: string, block: FrontMatterBlock): FmNode | string | undefined {
  const base = block.bodyStart;
  const body = content.slice(base, block.bodyEnd);
  // `core` is YAML 1.2's schema: dates stay strings (as written), no custom tags run code.
  const doc = parseDocument(body, { schema: 'core', prettyErrors: false, uniqueKeys: false });
  if (doc.errors.length) return doc.errors[0]!.message.split('\n')[0]!.slice(0, 200);
  if (doc.contents === null) return undefined;
  const convert = (node: unknown, depth: number): FmNode => {
    if (isAlias(node)) {
      // An alias of a scalar is that scalar; of a collection, its name (expanding every alias
      // of a collection would let a small file grow without bound: "billion laughs").
      const target = node.resolve(doc);
      if (isScalar(target)) return convert(target, depth);
      return scalarAt(`*${node.source}`, base + (node.range?.[0] ?? 0), base + (node.range?.[1] ?? 0), false);
    }
    if (isScalar(node)) return yamlScalar(content, base, node);
    const range = (node as YamlNode | null)?.range;
    const end = base + (range ? range[1] : 0);
    if (depth >= MAX_DEPTH && range) return scalarAt(body.slice(range[0], range[1]).replace(/\s+/g, ' ').trim(), base + range[0], end, false);
    if (isMap(node)) {
      const entries: FmEntry[] = [];
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        const keyRange = key?.range ?? [0, 0, 0];
        const keyText = isScalar(key) ? String(key.value ?? '') : body.slice(keyRange[0], keyRange[1]).trim();
        const keyMapped = isScalar(key) && body.slice(keyRange[0], keyRange[1]) === keyText ? verbatim(content, base + keyRange[0], base + keyRange[1]) : synthetic(keyText, base + keyRange[0]);
        const value: FmNode = pair.value === null || pair.value === undefined ? scalarAt('', base + keyRange[1], base + keyRange[1], false) : convert(pair.value, depth + 1);
        const valueRange = (pair.value as YamlNode | null)?.range;
        entries.push({ key: keyText, keyMapped, value, start: base + keyRange[0], end: base + (valueRange ? valueRange[1] : keyRange[1]) });
      }
      return { kind: 'map', entries, end };
    }
    if (isSeq(node)) return { kind: 'list', items: node.items.map((i) => (i === null ? scalarAt('', end, end, false) : convert(i, depth + 1))), end };
    return scalarAt('', end, end, false);
  };
  return convert(doc.contents, 0);
}

/** A YAML scalar as written: a plain one's own characters, a quoted or block one's value. */
function yamlScalar(content: string, base: number, node: Scalar): FmScalar {
  const [a, z] = node.range ?? [0, 0];
  const start = base + a;
  const end = base + z;
  if (node.type === Scalar.PLAIN || node.type === undefined) {
    const text = node.source ?? String(node.value ?? '');
    return scalarAt(text, start, end, content.slice(start, end) === text);
  }
  const text = node.value === null || node.value === undefined ? '' : String(node.value);
  const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
  if (quoted && content.slice(start + 1, end - 1) === text) return scalarAt(text, start + 1, end - 1, true);
  if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) {
    // A block scalar's lines after its `|` / `>` line are its words as written, indentation aside:
    // read with white space collapsed (as every field and cell is), they map word by word.
    let from = start;
    while (from < end && content[from] !== '\n' && content[from] !== '\r') from++;
    const words = collapseMapped(verbatim(content, from, end));
    if (words.text === text.replace(/\s+/g, ' ').trim()) return { kind: 'scalar', text: words.text, mapped: words, end };
  }
  return scalarAt(text, start, end, false);
}

function scalarAt(text: string, start: number, end: number, exact: boolean, date?: Date): FmScalar {
  return { kind: 'scalar', text, mapped: exact ? { text, runs: text ? [0, start] : [] } : synthetic(text, start), end, ...(date ? { date } : {}) };
}

// ---------------------------------------------------------------------------
// TOML
// ---------------------------------------------------------------------------

/**
 * The TOML body as a tree. smol-toml gives values without offsets, so each key and value is
 * looked for in the body after the previous one (the order TOML objects keep); one not found
 * there is placed at its key (or the body's start).
 */
function readToml(content: string, block: FrontMatterBlock): FmNode | undefined {
  const body = content.slice(block.bodyStart, block.bodyEnd);
  const parsed = parseToml(body) as Record<string, unknown>;
  let cursor = 0;
  const find = (text: string, fallback: number): { at: number; exact: boolean } => {
    if (!text) return { at: fallback, exact: false };
    const i = body.indexOf(text, cursor);
    if (i < 0) return { at: fallback, exact: false };
    cursor = i + text.length;
    return { at: i, exact: true };
  };
  const base = block.bodyStart;
  let nodes = 0;
  const convert = (value: unknown, at: number, depth: number): FmNode => {
    if (++nodes > 200_000) throw new Error('too many values');
    if (Array.isArray(value)) {
      const items = value.map((v) => convert(v, at, depth + 1));
      return { kind: 'list', items, end: base + cursor };
    }
    if (value && typeof value === 'object' && !(value instanceof Date) && depth < MAX_DEPTH) {
      const entries: FmEntry[] = [];
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        const k = find(key, at);
        const node = convert(v, k.at, depth + 1);
        entries.push({ key, keyMapped: k.exact ? { text: key, runs: [0, base + k.at] } : synthetic(key, base + k.at), value: node, start: base + k.at, end: base + Math.max(cursor, k.at + key.length) });
      }
      return { kind: 'map', entries, end: base + cursor };
    }
    const date = value instanceof Date ? value : undefined;
    // A TOML date keeps its own form ("2024-02-08", a local date-time without zone).
    const text = date ? date.toISOString() : String(value ?? '');
    const f = find(text, at);
    return scalarAt(text, base + f.at, base + f.at + (f.exact ? text.length : 0), f.exact, date && Number.isFinite(date.getTime()) ? date : undefined);
  };
  const root = convert(parsed, 0, 0);
  return root.kind === 'map' && root.entries.length === 0 ? undefined : root;
}

/** An entry's lines: from the start of its key's line to its value's last character. */
function spanOf(content: string, e: FmEntry): SourceSpan {
  const start = lineStart(content, e.start);
  let end = Math.max(e.end, e.start);
  while (end > start && /\s/.test(content[end - 1]!)) end--;
  return { start, end };
}

/** Offset of the start of the line holding `at`. */
function lineStart(content: string, at: number): number {
  let i = at;
  while (i > 0 && content[i - 1] !== '\n' && content[i - 1] !== '\r') i--;
  return i;
}

function sourceStart(m: Mapped, fallback: number): number {
  return m.runs.length ? m.runs[1]! : fallback;
}

