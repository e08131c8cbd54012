/**
 * List answers, without a model: "what are the contract types?", "what are the components of
 * total revenue?", "which years does the table provide information for?", "in which years was
 * X less than 800 million?" — the labels of a table's rows or columns that the question's group
 * names, or the items of a list a sentence states ("... operates in seven regions: A, B and C").
 * Pure: the engine passes the tables (with their header structure) and the sentences of the best
 * documents; each item comes back with the cell or the span it was read from.
 */
import type { TableStructure } from '../tables/headers.ts';
import type { Table } from '../types.ts';

/**
 * The engine's term helper, passed in rather than imported: this module is loaded on demand, and
 * a lazy chunk that shares modules with the worker costs the embed's first download more than it
 * weighs (see `prose-calc.ts`).
 */
export interface ListHelpers {
  answerTerms(text: string): string[];
}

/** What kind of list a question asks for. */
export interface ListAsk {
  /** `years`: the periods a table gives (or those meeting `bound`); `labels`: the items of a group. */
  kind: 'years' | 'labels';
  /** "Who were the nominees ...?": the people asked for, which a list's lead-in may name alone ("Nominees:"). */
  members?: string;
  /** "Who ...?": a list of names, each written with capitals ("Barry Warsaw"), not of phrases. */
  people?: true;
  /** The years a "who" list names ("the 2026 council"), as terms. */
  years?: string[];
  /** Terms that name the group or the line ("deferred tax liabilities", "net sales by region"). */
  group: string[];
  /**
   * The question names no kind of member ("what does X consist of?"): often a definition a
   * sentence gives, so a table answers only with the group's own items, never its other labels.
   */
  strict?: boolean;
  /** "Less than 800 million": only the periods whose figure meets it. */
  bound?: { above: boolean; inclusive: boolean; value: number };
}

/** A list read from a table: each item with its cell. */
export interface TableList {
  items: string[];
  cells: Array<[number, number]>;
  /** 1 when the question's group names the rows or columns listed; less for the table's own rows or years. */
  confidence: number;
}

/** A list a sentence states: the items and their spans in it. */
export interface SentenceList {
  items: string[];
  spans: Array<[number, number]>;
  /** Share of the group's terms the sentence names. */
  confidence: number;
}

/** Nouns that name the members of a group ("types", "components"), not a figure. */
const MEMBERS = 'types|kinds|components|items|financial items|categories|classes|segments|regions|geographic regions|countries|elements|sources|parts|constituents|members|subsidiaries|products|services|units|reporting units|divisions|markets|currencies|scopes|sub-?categories|groups|entities|programs|plans|factors';
/** After the members noun: the end, or a word that links it to its group ("types of", "items under", "segments in which"). */
const AFTER_MEMBERS = String.raw`(?=\s*(?:\?|$|,|of\b|under\b|in\b|for\b|within\b|that\b|which\b|listed\b|shown\b|included\b|are\b|were\b|does\b|do\b|did\b|by\b|making\b|considered\b|factored\b|whereby\b|involving\b|to\b|used\b|analy[sz]ed\b|from\b|there\b))`;
/** The kinds of people a "who were the ... ?" question asks for, by the word a lead-in may name them by alone. */
const PEOPLE_KINDS = ['members', 'nominees', 'candidates'];
/** "Who were the members / nominees / candidates ...?" */
const PEOPLE_ASK = new RegExp(String.raw`^\W*who\s+(?:are|were)\s+the\s+(?:[\w'-]+\s+){0,2}?(${PEOPLE_KINDS.join('|')})\b`, 'i');
const LABELS_ASK = new RegExp(String.raw`^\W*who\s+(?:is|are|was|were|sits?|sat)\s+on\b|${PEOPLE_ASK.source}|^\W*(?:what|which)\s+(?:are|were|is|was)\s+(?:the\s+)?(?:[\w'-]+\s+){0,3}?(?:${MEMBERS})${AFTER_MEMBERS}|^\W*(?:what|which)\s+(?:[\w'-]+\s+){0,2}?(?:${MEMBERS})${AFTER_MEMBERS}|\b(?:consists?|consisted|made up|composed) of\s*\??\s*$|\bcompris(?:e|es|ed)\s*(?:of)?\s*\??\s*$|^\W*what (?:is|are|were|was) (?:taken into account|included|considered)\b`, 'i');
/** Figure questions that look like lists ("what are the respective values"): never a list of labels. */
const FIGURE_ASK = /\brespective(?:ly)?\b|\bhow (?:many|much)\b|^\W*what (?:is|was|are|were) the (?:values?|amounts?|totals?|sum|average|number|percentages?|change|difference|ratio)\b/i;
/** "Which years does the table provide information for", "in which years was X calculated". */
const YEARS_ASK = /^\W*(?:(?:in|for|during|over)\s+)?(?:which|what)\s+(?:(?:are|were)\s+the\s+|of\s+the\s+)?(?:fiscal\s+)?(?:years|periods)\b|^\W*(?:(?:in|for|during)\s+)?(?:which|what)\s+(?:fiscal\s+)?(?:year|period)s?\b(?=.*\b(?:exceed(?:ed|s)?|above|over|more than|greater than|higher than|at least|below|under|less than|lower than|fewer than|at most)\s+\$?\s?-?\d)/i;
const BOUND = /\b(exceed(?:ed|s)?|above|over|more than|greater than|higher than|at least|below|under|less than|lower than|fewer than|at most)\s+\$?\s?(-?\d[\d,]*(?:\.\d+)?)/i;
/** Words of list questions that name no group. */
const LIST_WORDS = 'what which are were is was the table in for of under there listed list shown show included include includes contained consist consists consisted made up composed comprise comprises comprised does do did provide provides provided information data recorded calculated reported presented given year years period periods fiscal types kinds components items financial categories classes segments regions geographic countries elements sources parts constituents members main major different various company company\'s considered taken into account factored calculation calculating whereby split';

let answerTerms: ListHelpers['answerTerms'];

/** The list a question asks for, or undefined for any other question. */
export function asksList(question: string, helpers: ListHelpers): ListAsk | undefined {
  ({ answerTerms } = helpers);
  const q = question.replace(/[’`]/g, "'").replace(/\s+/g, ' ').trim();
  const stop = new Set(answerTerms(LIST_WORDS));
  if (YEARS_ASK.test(q) && !/\b(?:first|last|earliest|latest|highest|lowest|most|least)\b/i.test(q)) {
    const b = BOUND.exec(q);
    const bound = b ? { above: !/^(?:below|under|less than|lower than|fewer than|at most)$/i.test(b[1]!), inclusive: /^at (?:least|most)$/i.test(b[1]!), value: Number(b[2]!.replace(/,/g, '')) } : undefined;
    const rest = b ? q.slice(0, b.index) : q;
    return { kind: 'years', group: answerTerms(rest).filter((t) => !stop.has(t) && !/^\d/.test(t)), ...(bound ? { bound } : {}) };
  }
  // "Which types of households were more likely ...": the one that is highest, not a list.
  if (LABELS_ASK.test(q) && !FIGURE_ASK.test(q) && !/\b(?:most|more|least|less|highest|lowest|largest|smallest|likely|best|worst|top)\b/i.test(q)) {
    const strict = !new RegExp(String.raw`\b(?:${MEMBERS})\b`, 'i').test(q);
    const members = answerTerms(PEOPLE_ASK.exec(q)?.[1] ?? '')[0];
    const people = /^\W*who\b/i.test(q);
    const years = people ? answerTerms(q).filter((t) => YEAR.test(t)) : [];
    return { kind: 'labels', group: answerTerms(q).filter((t) => !stop.has(t) && !/^\d/.test(t)), ...(strict ? { strict } : {}), ...(members ? { members } : {}), ...(people ? { people } : {}), ...(years.length ? { years } : {}) };
  }
  return undefined;
}

/** Labels that close or adjust a group rather than belong to it ("Total", "Less valuation allowance"). */
const SUMMARY = /\btotal\b|^\s*(?:sub-?total|less)\b/i;
/** "Gross ..." and "Net ..." sum the group only when they name it. */
const SUM = /^\s*(?:gross|net)\b/i;
const YEAR = /\b(?:19|20)\d\d\b/;

/**
 * The list `ask` wants from one table: the items of the group the question names (the rows under
 * a parent label that names it, the rows above the total that names it, or the columns under a
 * header that names it), the year labels of the table (of the columns where the line the question
 * names has figures; with a bound, those whose figure meets it), or — the question naming no
 * group the table has — its row labels, summaries left out, at low confidence.
 */
export function listFromTable(ask: ListAsk, table: Table, structure: TableStructure, helpers: ListHelpers): TableList | undefined {
  ({ answerTerms } = helpers);
  const at = cellText(table);
  const group = new Set(ask.group);
  const names = (labels: string[]) => { if (!group.size) return 0; const t = new Set(answerTerms(labels.join(' '))); let n = 0; for (const g of group) if (t.has(g)) n++; return n / group.size; };
  if (ask.kind === 'years') return yearList(ask, structure, at, names);
  const rows = structure.dataRows;
  const leafOf = (r: number) => structure.rowPaths[r]?.at(-1)?.trim() ?? '';
  const labelCol = structure.headerCols > 0 ? structure.headerCols - 1 : 0;
  const out = (rs: number[], confidence: number): TableList => ({ items: rs.map(leafOf), cells: rs.map((r) => [r, labelCol] as [number, number]), confidence });
  const isSummary = (leaf: string) => SUMMARY.test(leaf) || (SUM.test(leaf) && names([leaf]) >= 1);
  // Rows whose parent labels name the whole group.
  const children: number[] = [];
  const seen = new Set<string>();
  for (const r of rows) {
    const path = structure.rowPaths[r] ?? [];
    const leaf = leafOf(r);
    // The group's own total closes it: what follows belongs to another ("Net deferred tax assets").
    if (children.length && isSummary(leaf) && names([leaf]) >= 1) break;
    if (!leaf || seen.has(leaf) || isSummary(leaf) || names([leaf]) >= 1 || path.length < 2 || names(path.slice(0, -1)) < 1) continue;
    seen.add(leaf);
    children.push(r);
  }
  if (children.length >= 2) return out(children, 1);
  // The group as its total row names it: the rows above it, back to the previous summary.
  const total = rows.findIndex((r) => SUMMARY.test(leafOf(r)) && names([leafOf(r)]) >= 1);
  if (total > 0) {
    const above: number[] = [];
    for (let i = total - 1; i >= 0; i--) {
      const leaf = leafOf(rows[i]!);
      if (!leaf || SUMMARY.test(leaf)) break;
      if (names([leaf]) < 1) above.unshift(rows[i]!);
    }
    if (above.length >= 2) return out(above, 1);
  }
  // Columns under a header the group names.
  const cols = structure.dataCols.filter((c) => { const path = structure.columnPaths[c] ?? []; return path.length >= 2 && names(path.slice(0, -1)) >= 1; });
  const colLabels = [...new Set(cols.map((c) => structure.columnPaths[c]!.at(-1)!.trim()))].filter((l) => l && !SUMMARY.test(l));
  if (colLabels.length >= 2) {
    const top = structure.headerRows.at(-1) ?? 0;
    const firstCol = (l: string) => cols.find((c) => structure.columnPaths[c]!.at(-1)!.trim() === l)!;
    return { items: colLabels, cells: colLabels.map((l) => [top, firstCol(l)] as [number, number]), confidence: 1 };
  }
  // No group the table names: its own row labels, summaries and group rows left out.
  const own: number[] = [];
  const ownSeen = new Set<string>();
  for (const r of rows) {
    const leaf = leafOf(r);
    if (!leaf || ownSeen.has(leaf) || isSummary(leaf) || (group.size > 0 && names([leaf]) >= 1) || YEAR.test(leaf) && /^\W*(?:fiscal\s+)?(?:19|20)\d\d\W*$/i.test(leaf)) continue;
    if (!structure.dataCols.some((c) => at(r, c).trim())) continue;
    ownSeen.add(leaf);
    own.push(r);
  }
  return own.length >= 2 && !ask.strict ? out(own, 0.5) : undefined;
}

function yearList(ask: ListAsk, structure: TableStructure, at: (r: number, c: number) => string, names: (labels: string[]) => number): TableList | undefined {
  const yearOf = (path: string[] | undefined) => { for (const l of path ?? []) { const m = YEAR.exec(l); if (m) return m[0]; } return undefined; };
  // The line the question names: the row whose labels name most of its terms.
  let line: number | undefined;
  let best = 0;
  for (const r of structure.dataRows) {
    const n = names(structure.rowPaths[r] ?? []);
    if (n > best) { best = n; line = r; }
  }
  const items: string[] = [];
  const cells: Array<[number, number]> = [];
  const top = structure.headerRows.at(-1) ?? 0;
  for (const c of structure.dataCols) {
    const year = yearOf(structure.columnPaths[c]);
    if (!year || items.includes(year)) continue;
    if (line !== undefined) {
      const text = at(line, c).trim();
      if (!text || /^[-—–]$/.test(text)) continue;
      if (ask.bound) {
        const v = figure(text);
        if (v === undefined) continue;
        const { above, inclusive, value } = ask.bound;
        if (!(above ? (inclusive ? v >= value : v > value) : (inclusive ? v <= value : v < value))) continue;
      }
    } else if (ask.bound) return undefined;
    items.push(year);
    cells.push([line ?? top, c]);
  }
  if (items.length < (ask.bound ? 1 : 2)) return undefined;
  return { items, cells, confidence: ask.bound ? best : line !== undefined ? Math.max(best, 0.5) : 0.5 };
}

/** A figure as a table writes it: "1,234", "(1,234)" negative, "$ 5.2", "12%". */
function figure(text: string): number | undefined {
  const m = /^\s*(\()?\s*-?\s*\$?\s*(-?\d[\d,]*(?:\.\d+)?)\s*%?\s*(\))?\s*$/.exec(text);
  if (!m) return undefined;
  const v = Number(m[2]!.replace(/,/g, ''));
  return m[1] && m[3] ? -v : v;
}

function cellText(table: Table): (r: number, c: number) => string {
  const grid = new Map<number, string>();
  for (const cell of table.cells) grid.set(cell.row * table.cols + cell.col, cell.text);
  return (r, c) => grid.get(r * table.cols + c) ?? '';
}

/**
 * The list that follows a lead-in ending with a colon, one item a line ("The 2026 term steering
 * council consists of:" then five names): the short lines after it, up to the first that is not
 * one (a sentence), when the lead-in names at least half the group's terms. `sentences` are the
 * lead-in and what follows it; two or more items, each an index into them.
 */
export function listAfterLead(ask: ListAsk, sentences: readonly string[], helpers: ListHelpers, title = ''): { items: number[]; confidence: number } | undefined {
  ({ answerTerms } = helpers);
  const lead = sentences[0]?.trim() ?? '';
  if (ask.kind !== 'labels' || !ask.group.length || !lead.endsWith(':')) return undefined;
  const terms = new Set(answerTerms(lead));
  const named = ask.members && terms.has(ask.members) ? 1 : ask.group.filter((t) => terms.has(t)).length / ask.group.length;
  // A lead-in that names other people than those asked ("Nominees:" for "who were the members
  // ...?") lists them, not the members.
  if (named < 0.5 || (ask.members && !terms.has(ask.members) && answerTerms(PEOPLE_KINDS.join(' ')).some((t) => terms.has(t)))) return undefined;
  // People are those of the group the question names, whole: its words and years, in the lead-in
  // or its document's title ("the first council" is not "the 2026 term council").
  if (ask.people) {
    const held = new Set([...terms, ...answerTerms(title)]);
    if (![...ask.group, ...(ask.years ?? [])].every((t) => held.has(t) || t === ask.members)) return undefined;
  }
  const items: number[] = [];
  for (let i = 1; i < sentences.length; i++) {
    const item = sentences[i]!.trim();
    if (!item || /[.!?:]$/.test(item) || item.split(/\s+/).length > 12 || (ask.people && !isName(item))) break;
    items.push(i);
  }
  return items.length >= 2 ? { items, confidence: named } : undefined;
}

/**
 * "Who is on the Kubernetes 1.37 release team?": the people of a table whose document's title or
 * caption (`title`) names the group asked whole (its words, versions and years: "Kubernetes v1.37
 * Release Team"), read from its first column that gives one name a cell, the handles after it in
 * brackets left out ("Dipesh Rawat (@dipesh-rawat / Slack: @Dipesh)"); two names or more. A column
 * of several names a cell (a team's shadows) or of roles is none.
 */
export function peopleFromTable(ask: ListAsk, table: Table, structure: TableStructure, title: string, helpers: ListHelpers): TableList | undefined {
  ({ answerTerms } = helpers);
  if (ask.kind !== 'labels' || !ask.people || !ask.group.length) return undefined;
  const held = new Set(answerTerms(`${title} ${table.caption ?? ''}`));
  // A name and its version written apart ("kubernetes/release-1.11/release_team") hold "Kubernetes 1.11".
  const holds = (t: string) => held.has(t) || t === ask.members || (/^\D+_\d/.test(t) && held.has(t.replace(/^\D+?_(?=\d)/, '')) && answerTerms(t.replace(/_\d.*$/, '')).every((x) => held.has(x)));
  if (![...ask.group, ...(ask.years ?? [])].every(holds)) return undefined;
  const at = cellText(table);
  for (const c of structure.dataCols) {
    const named = structure.dataRows.flatMap((r) => {
      const text = at(r, c).trim();
      const name = text.replace(/\s*\([^)]*\)|\s*<[^>]*>/g, '').trim();
      return text ? [{ r, name: isName(name) ? name : undefined }] : [];
    });
    // (A role filled by a bot, "k8s-ci-robot", is no person: most cells, not all, give one.)
    const people = named.filter((x) => x.name);
    if (people.length >= 2 && people.length >= PEOPLE_SHARE * named.length) return { items: [...new Set(people.map((x) => x.name!))], cells: people.map((x) => [x.r, c] as [number, number]), confidence: 1 };
  }
  return undefined;
}

/** Share of a column's cells that give one name each for {@link peopleFromTable} to read it as people. */
const PEOPLE_SHARE = 0.75;

/** A person's name as English writes it: up to five words, each capitalised but its particles ("Ursula von der Leyen", "Gregory P. Smith"). */
function isName(text: string): boolean {
  const words = text.split(/\s+/);
  return words.length <= 5 && /^\p{Lu}/u.test(words[0]!) && words.every((w) => /^\p{Lu}/u.test(w) || /^(?:de|van|von|der|den|da|di|del|la|le|du|bin|al|ibn)$/.test(w));
}

/** "... seven regions: A, B and C", "... comprises A, B, and C", "(i) A, (ii) B and (iii) C". */
const LIST_LEAD = /(?::\s*|\b(?:includes?|included|including|comprises?|comprised|consists? of|consisted of|such as|namely|are|were|into account)\s+)/gi;

/**
 * The list a sentence states after a colon or a verb that introduces one ("comprises", "such as",
 * "includes"), when the sentence names at least half the group's terms: two or more items of at
 * most twelve words, each with its span.
 */
export function listFromSentence(ask: ListAsk, sentence: string, helpers: ListHelpers): SentenceList | undefined {
  ({ answerTerms } = helpers);
  if (ask.kind !== 'labels' || !ask.group.length) return undefined;
  const terms = new Set(answerTerms(sentence));
  const named = ask.group.filter((t) => terms.has(t)).length / ask.group.length;
  if (named < 0.5) return undefined;
  let best: SentenceList | undefined;
  for (const lead of sentence.matchAll(LIST_LEAD)) {
    // "... do not include A, B": a list of what is left out.
    if (/\b(?:not|n't|never|excludes?|excluding)\s*(?:\w+\s+)?$/i.test(sentence.slice(Math.max(0, lead.index! - 20), lead.index!))) continue;
    const from = lead.index! + lead[0].length;
    const tail = sentence.slice(from);
    const end = tail.search(/[.;](?:\s|$)|\s[–—-]\s|$/);
    const body = tail.slice(0, end < 0 ? tail.length : end);
    const items: string[] = [];
    const spans: Array<[number, number]> = [];
    let ok = true;
    let at = 0;
    const take = (a: number, b: number) => {
      const raw = body.slice(a, b);
      const text = raw.replace(/^\s*\((?:[ivx]+|[a-z]|\d+)\)\s*/i, '').trim();
      if (!text) return;
      if (text.split(/\s+/).length > 12) ok = false;
      const s = from + a + raw.indexOf(text);
      items.push(text);
      spans.push([s, s + text.length]);
    };
    for (const sep of body.matchAll(/\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/g)) {
      take(at, sep.index!);
      at = sep.index! + sep[0].length;
    }
    take(at, body.length);
    if (ok && items.length >= 2 && (!ask.people || items.every(isName)) && (!best || items.length > best.items.length)) best = { items, spans, confidence: named };
  }
  return best;
}
