/**
 * A query typed as keywords, as people type into a search box ("python 3.12 release date",
 * "node 20 eol", "is angular 17 supported"), read as the question it stands for ("When was
 * python 3.12 released?"), so that the answerer reads what is asked: a time, its end, a person,
 * a list. Only these forms, each of which says what it asks; any other query is left as typed.
 * Pure.
 */

/** A query that opens as a question does ("when", "is", ...): left as it is. */
const QUESTION_OPENING = /^\s*(?:what|which|who|whom|whose|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|has|have|had|should|list|name|give|show|tell)\b/i;

/** The keyword forms, each with the question it stands for ($1: the thing; $2: what of it). */
const FORMS: ReadonlyArray<[RegExp, string]> = [
  [/^(.+?)\s+(?:release|launch|publication)\s+date$/i, 'When was $1 released?'],
  [/^(.+?)\s+(?:eol|end[\s-]of[\s-]life)(?:\s+date)?$/i, 'When does $1 reach end of life?'],
  [/^(.+?)\s+end\s+of\s+((?:standard|security|active|extended)\s+)?support(?:\s+date)?$/i, 'When does $1 reach end of $2support?'],
  [/^(.+?)\s+((?:code|feature|enhancements?|test|prr)\s+freeze)(?:\s+date)?$/i, 'When is the $2 for $1?'],
  [/^(.+?)\s+(release\s+manager|release\s+(?:team\s+)?lead|maintainers?)$/i, 'Who is the $2 for $1?'],
  [/^(.+?)\s+lts\s+(versions|releases)$/i, 'Which $1 $2 are LTS?'],
  [/^(?:supported|maintained)\s+(.+?\s+(?:versions|releases))$/i, 'Which $1 are still supported?'],
  [/^(.+?)\s+(?:supported|maintained)\s+(versions|releases)$/i, 'Which $1 $2 are still supported?'],
  [/^(.+?)\s+code\s*names?$/i, 'What is the codename of $1?'],
  [/^(.+?)\s+latest\s+(?:version|release)$/i, 'What is the latest version of $1?'],
  [/^(.+?)\s+(?:new\s+features|features|changes|what'?s\s+new|release\s+notes|changelog|highlights)$/i, 'What is new in $1?'],
];

/** "Is angular 17 supported?": a status question, "still" implied. */
const SUPPORTED = /^\s*(is|are)\s+(.+?)\s+(supported|maintained)\s*\??\s*$/i;

/** The question a keyword query stands for, or undefined for a question or a query of another form. */
export function keywordQuestion(query: string): string | undefined {
  const supported = SUPPORTED.exec(query);
  if (supported && !/\bstill\b/i.test(query)) return `${capitalise(supported[1]!)} ${/\d/.test(supported[2]!) ? capitalise(supported[2]!, false) : supported[2]} still ${supported[3]}?`;
  if (QUESTION_OPENING.test(query)) return undefined;
  const q = query.trim().replace(/[?.!]+$/, '').replace(/\s+/g, ' ');
  for (const [form, question] of FORMS) {
    const m = form.exec(q);
    // A thing with a number is a name and its version ("python 3.12"): written as a name is.
    if (m) return question.replace('$1', /\d/.test(m[1]!) ? capitalise(m[1]!, false) : m[1]!).replace('$2', m[2] ?? '');
  }
  return undefined;
}

/** `text` with its first letter a capital (and the rest lower-cased, where `lower`). */
function capitalise(text: string, lower = true): string {
  return text[0]!.toUpperCase() + (lower ? text.slice(1).toLowerCase() : text.slice(1));
}
