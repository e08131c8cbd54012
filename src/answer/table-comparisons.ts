/**
 * The table readers of questions that name two or more things to read side by side: which of
 * two is higher (or, asked in time order, came first), and several figures asked for
 * "respectively". Few questions ask them, so they
 * load with such a question (`engine/answer.ts`, `tableReaders`) and `answerTable` passes them
 * its helpers ({@link TableKit}): this module imports only types, so that its chunk shares no
 * code with the worker's start. Pure.
 */
import type { Scale } from './numbers.ts';
import type { Context, Scored, TableAnswer, TableKit } from './table-answer.ts';

/**
 * Which of two named things is higher (lower): both labels found on one axis, compared at the
 * context's other coordinate; asked in time order ("which came first", "which is newer"), which
 * of their dates is earlier (later).
 */
export function compare(k: TableKit, ctx: Context, mentions: [string, string]): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const { structure } = p;
  const high = analysis.direction !== 'low';
  // Each option against every label of every header path: "immigrants" names the column group
  // "imdb immigrant" as well as its child "recent immigrant"; the label with the fewest levels
  // below it (the group's own column) wins a tie.
  // (`own`: the words of the table's own name left out, which do not tell its rows apart: "Node.js"
  // of "Node.js 16" in Node.js's release table.)
  const match = (mention: string, labels: Array<[number, string[]]>, own = false) => {
    const m = new Set(k.tokenize(mention).filter((t) => !own || !ctx.context?.has(t)));
    let best: { i: number; label: string; s: number; below: number } | undefined;
    for (const [i, path] of labels) {
      path.forEach((label, level) => {
        const l = new Set(k.tokenize(label));
        if (!l.size || !m.size) return;
        const inter = [...m].filter((t) => l.has(t)).length;
        const s = inter / new Set([...m, ...l]).size;
        const below = path.length - 1 - level;
        if (s > 0 && (!best || s > best.s || (s === best.s && below < best.below))) best = { i, label, s, below };
      });
    }
    return best;
  };
  // (A row without labels of its own is named by its name column: "3.2" of a release table's "releaseCycle".)
  const rowLabels: Array<[number, string[]]> = structure.dataRows.map((r) => [r, structure.rowPaths[r]?.length ? structure.rowPaths[r]! : [k.rowName(p, r) ?? '']]);
  const colLabels: Array<[number, string[]]> = structure.dataCols.map((c) => [c, structure.columnPaths[c] ?? []]);
  const mentionTermSet = new Set(mentions.flatMap((m) => k.tokenize(m)));
  const context = analysis.terms.filter((t) => !mentionTermSet.has(t));
  // "Which came first, Django 3.2 or 4.0?": two dates compared, the earlier (the later) wins.
  const order = TIME_ORDER.exec(analysis.question)?.[1]?.toLowerCase();
  const tryAxis = (rows: boolean) => {
    const labels = rows ? rowLabels : colLabels;
    // Two dates where the question asks which came first (last); else, two figures.
    const [da, db] = order ? [match(mentions[0], labels, true), match(mentions[1], labels, true)] : [];
    const dated = da && db && da.i !== db.i ? byDate(rows, da, db, order!) : undefined;
    if (dated) return dated;
    const a = match(mentions[0], labels);
    const b = match(mentions[1], labels);
    if (!a || !b || a.i === b.i) return undefined;
    // The other coordinate: the best-named cell of each, restricted to its row (column).
    const sa = k.bestCells(ctx, context, true, rows ? { rows: [a.i] } : { cols: [a.i] });
    const sb = k.bestCells(ctx, context, true, rows ? { rows: [b.i] } : { cols: [b.i] });
    let ca = sa[0];
    let cb = sb.find((s) => (rows ? s.c === ca?.c : s.r === ca?.r)) ?? sb[0];
    if (!ca || !cb) return undefined;
    if (rows ? ca.c !== cb.c : ca.r !== cb.r) {
      const alt = sa.find((s) => (rows ? s.c === cb!.c : s.r === cb!.r));
      if (alt) ca = alt;
    }
    const va = k.readNumber(p.at(ca.r, ca.c))?.value;
    const vb = k.readNumber(p.at(cb.r, cb.c))?.value;
    if (va === undefined || vb === undefined || va === vb) return undefined;
    const aWins = high ? va > vb : va < vb;
    const winner = aWins ? a : b;
    const cells = [k.cellOf(ctx, ca.r, ca.c), k.cellOf(ctx, cb.r, cb.c)];
    return { answer: { kind: 'label' as const, text: winner.label, scale: '' as Scale, cells: aWins ? cells : [cells[1]!, cells[0]!], score: a.s + b.s, confidence: Math.min(1, (a.s + b.s) / 2) }, s: a.s + b.s };
  };
  // Each thing's date, in the column (row) the rest of the question names best among those that
  // hold dates ("released": the release date; none named: the first), the same for both.
  function byDate(rows: boolean, a: { i: number; label: string; s: number }, b: { i: number; label: string; s: number }, word: string) {
    const isDate = (s: { r: number; c: number }) => !!k.dateIn(p.at(s.r, s.c));
    const dated = (i: number) => {
      const named = k.bestCells(ctx, context, false, rows ? { rows: [i] } : { cols: [i] }).filter(isDate);
      return named.length ? named : (rows ? structure.dataCols.map((c) => ({ r: i, c })) : structure.dataRows.map((r) => ({ r, c: i }))).filter(isDate);
    };
    const da = dated(a.i);
    const db = dated(b.i);
    const ca = da.find((x) => db.some((y) => (rows ? y.c === x.c : y.r === x.r)));
    const cb = ca && db.find((y) => (rows ? y.c === ca.c : y.r === ca.r));
    if (!ca || !cb) return undefined;
    const ta = k.dateIn(p.at(ca.r, ca.c))!.start;
    const tb = k.dateIn(p.at(cb.r, cb.c))!.start;
    if (ta === tb) return undefined;
    const aWins = EARLIER.test(word) ? ta < tb : ta > tb;
    const cells = [k.cellOf(ctx, ca.r, ca.c), k.cellOf(ctx, cb.r, cb.c)];
    return { answer: { kind: 'label' as const, text: (aWins ? a : b).label, scale: '' as Scale, cells: aWins ? cells : [cells[1]!, cells[0]!], score: a.s + b.s, confidence: Math.min(1, (a.s + b.s) / 2) }, s: a.s + b.s };
  }
  const byRows = tryAxis(true);
  const byCols = tryAxis(false);
  const best = !byRows ? byCols : !byCols ? byRows : byCols.s > byRows.s ? byCols : byRows;
  return best?.answer;
}

/**
 * Several figures asked for at once ("the science scores of girls and boys in 2012
 * respectively"): the items are labels of one header level that the question names, siblings
 * under one parent ("girls", "boys"); each item's figure is read at the coordinates the rest
 * of the question names, in the order the question gives them. A label counts as named when
 * the question names half its words or more and at least one word no other named sibling
 * claims ("65 to 74 years" and "75 years and over", not also "total - 65 years and over").
 */
export function respectivelyByLabels(k: TableKit, ctx: Context): TableAnswer | undefined {
  const { p, analysis } = ctx;
  const { structure } = p;
  const order = k.tokenize(analysis.question);
  const position = new Map<string, number>();
  order.forEach((t, i) => { if (!position.has(t)) position.set(t, i); });
  type Item = { label: string; named: string[]; share: number; at: number };
  type Group = { rows: boolean; level: number; parent: string; items: Map<string, Item> };
  const groups = new Map<string, Group>();
  const collect = (rows: boolean, indices: number[], paths: string[][]) => {
    for (const i of indices) {
      const path = paths[i] ?? [];
      path.forEach((label, level) => {
        const parent = path.slice(0, level).join(' › ');
        const key = `${rows ? 'r' : 'c'}|${level}|${parent}`;
        let g = groups.get(key);
        if (!g) groups.set(key, (g = { rows, level, parent, items: new Map() }));
        if (g.items.has(label)) return;
        const terms = [...new Set(k.tokenize(label))];
        const named = terms.filter((t) => position.has(t));
        if (!terms.length || !named.length || named.length / terms.length < 0.5) return;
        g.items.set(label, { label, named, share: named.length / terms.length, at: Math.min(...named.map((t) => position.get(t)!)) });
      });
    }
  };
  collect(true, structure.dataRows, structure.rowPaths);
  collect(false, structure.dataCols, structure.columnPaths);
  let best: { g: Group; items: Item[]; weight: number } | undefined;
  for (const g of groups.values()) {
    const claimed = new Set<string>();
    const items: Item[] = [];
    for (const item of [...g.items.values()].sort((a, b) => b.named.length - a.named.length || b.share - a.share)) {
      if (!item.named.some((t) => !claimed.has(t))) continue;
      item.named.forEach((t) => claimed.add(t));
      items.push(item);
    }
    if (items.length < 2) continue;
    // The parent the question names too ("among women": the items under "women", not "men").
    const parent = new Set(k.tokenize(g.parent));
    const weight = items.reduce((s, it) => s + it.named.reduce((w, t) => w + p.weight(t), 0), 0)
      + [...parent].reduce((w, t) => w + (position.has(t) ? p.weight(t) : 0), 0);
    if (!best || items.length > best.items.length || (items.length === best.items.length && weight > best.weight)) best = { g, items, weight };
  }
  if (!best) return undefined;
  const { g } = best;
  const items = best.items.sort((a, b) => a.at - b.at);
  const itemTerms = new Set(items.flatMap((it) => it.named));
  const chosen: Scored[] = [];
  for (const item of items) {
    const own = new Set(item.named);
    const terms = analysis.terms.filter((t) => own.has(t) || !itemTerms.has(t));
    const paths = g.rows ? structure.rowPaths : structure.columnPaths;
    const along = (g.rows ? structure.dataRows : structure.dataCols).filter((i) => {
      const path = paths[i] ?? [];
      return path[g.level] === item.label && path.slice(0, g.level).join(' › ') === g.parent;
    });
    const ranked = k.bestCells(ctx, terms, true, g.rows ? { rows: along } : { cols: along });
    const first = chosen[0];
    const pick = (first ? ranked.find((s) => (g.rows ? s.c === first.c : s.r === first.r)) : undefined) ?? ranked[0];
    if (!pick) return undefined;
    chosen.push(pick);
  }
  const cells = chosen.map((s) => k.cellOf(ctx, s.r, s.c));
  if (cells.some((c) => c.value === undefined)) return undefined;
  const u = k.unitOfCell(ctx, chosen[0]!.r, chosen[0]!.c);
  const score = chosen.reduce((sum, s) => sum + s.score, 0) / chosen.length;
  return {
    kind: 'cell', text: cells.map((c) => c.text).join(', '), values: cells.map((c) => c.value!), value: cells[0]!.value!,
    scale: u.scale, ...(u.unit ? { unit: u.unit } : {}), cells, score, confidence: k.confidenceOf(ctx, score, analysis.terms),
  };
}

/** Two figures asked for at once ("... and their male counterparts respectively"). */
export function respectively(k: TableKit, ctx: Context, mentions: [string, string]): TableAnswer | undefined {
  const pair = k.twoCells(ctx, mentions);
  if (!pair) return undefined;
  const cells = pair.map((s) => k.cellOf(ctx, s.r, s.c));
  if (cells.some((c) => c.value === undefined)) return undefined;
  const u = k.unitOfCell(ctx, pair[0].r, pair[0].c);
  const score = (pair[0].score + pair[1].score) / 2;
  return {
    kind: 'cell', text: cells.map((c) => c.text).join(', '), values: cells.map((c) => c.value!), value: cells[0]!.value!,
    scale: u.scale, ...(u.unit ? { unit: u.unit } : {}), cells, score, confidence: k.confidenceOf(ctx, score, ctx.analysis.terms),
  };
}

/** Words that ask two things in time order: the first (earlier) or the last (later) of them. */
const TIME_ORDER = /\b(first|earlier|earliest|sooner|older|oldest|last|later|latest|newer|newest)\b/i;
const EARLIER = /^(?:first|earlier|earliest|sooner|older|oldest)$/;
