import { tokenize } from '../text/tokenizer.ts';
import type { Passage } from '../types.ts';

/**
 * A question's number that names a thing is never noise: "Python 3.10.0 release candidate 2"
 * is about 3.10.0, and a release schedule of Python 2.3 that matches every other word (and
 * whose table the fusion credits cell by cell) answers another question. The terms that name
 * a thing are a name and its number read as one term ("python_3_10_0", "apollo_11") and a
 * release of three parts or more ("3_12_0"), as the tokenizer writes them; figures ("3_7"),
 * years and a name with a year ("Fiscal 2018") are not among them. When some candidate document holds one of the question's
 * naming terms, the documents that hold none move below the ones that do (each group keeps
 * the order it had), and a document whose title names it goes first of all.
 */
const NAMING = /^(?:\p{L}[\p{L}\p{N}]*_\d[\d_]*|\d+_\d+_\d+(?:_\d+)*)$/u;

// "Fiscal 2018", "Census 2016": a name and a year date a thing; they do not tell it apart.
const NAMED_YEAR = /^\p{L}[\p{L}\p{N}]*_(?:1\d{3}|20\d{2})$/u;

/** The question's terms that name a thing by its number. */
export function namingTerms(query: string): string[] {
  return tokenize(query).filter((t) => NAMING.test(t) && !NAMED_YEAR.test(t));
}

/**
 * Documents whose candidate passages hold none of the question's naming terms go after those
 * that do. A document titled by the name holds the name with any passage's number: Django's
 * release table ("Django") holds "Django 4.2" in its row "releaseCycle 4.2", while Wagtail's,
 * whose rows list the Django versions each release supports, does not.
 */
export function preferNamedNumbers<R extends { passage: Passage }>(ranked: R[], query: string, titleOf: (docId: string) => string | undefined = () => undefined): R[] {
  const names = namingTerms(query);
  if (!names.length) return ranked;
  const parts = names.flatMap((n) => {
    const m = NAME_AND_NUMBER.exec(n);
    return m ? [{ name: m[1]!, number: m[2]! }] : [];
  });
  const titles = new Map<string, Set<string>>();
  const titleTerms = (docId: string) => {
    let t = titles.get(docId);
    if (!t) titles.set(docId, (t = new Set(tokenize(titleOf(docId) ?? ''))));
    return t;
  };
  const holds = new Map<string, boolean>();
  for (const r of ranked) {
    if (holds.get(r.passage.docId)) continue;
    // A passage stands under its heading: "[1.2.0] - 2019-02-15 › Added" numbers a changelog's items.
    const terms = new Set(tokenize(r.passage.heading ? `${r.passage.heading} ${r.passage.text}` : r.passage.text));
    holds.set(r.passage.docId, names.some((n) => terms.has(n)) || parts.some((p) => terms.has(p.number) && titledBy(titleTerms(r.passage.docId), p.name)));
  }
  if (![...holds.values()].some(Boolean)) return ranked;
  // Of those, a document whose title names the thing is its own ("PEP 13 – Python Language
  // Governance", not PEP 8100, whose sentences cite PEP 13).
  const own = (docId: string) => holds.get(docId) && names.some((n) => titleTerms(docId).has(n));
  return [...ranked.filter((r) => own(r.passage.docId)), ...ranked.filter((r) => holds.get(r.passage.docId) && !own(r.passage.docId)), ...ranked.filter((r) => !holds.get(r.passage.docId))];
}

/**
 * Whether a title's terms name `name` and none of its numbered things: "Django" is Django's
 * document; "Python 3.12 Release Schedule" is 3.12's, and its passages' "3.13" is another release.
 */
function titledBy(title: ReadonlySet<string>, name: string): boolean {
  // A naming term keeps its name as written ("redis_6_2"); the title's lone word is stemmed
  // like any other ("Redis": "redi"), so the name is read both ways.
  if (!title.has(name) && !title.has(tokenize(name)[0] ?? name)) return false;
  for (const t of title) if (t.startsWith(`${name}_`)) return false;
  return true;
}

/** A naming term's name and number ("django_4_2": "django", "4_2"). */
const NAME_AND_NUMBER = /^(\p{L}[\p{L}\p{N}]*)_(\d[\d_]*)$/u;
