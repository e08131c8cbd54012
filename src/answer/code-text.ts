/**
 * Whether a sentence is source code rather than prose. A fenced block of a Markdown file or a
 * `<pre>` of a page is chunked with the prose around it and its lines collapsed into the
 * passage's text, so by the time a sentence is answered what marks it as code is its own
 * characters. Code states nothing a question asks for in words ("if let Channel::Stable(v) =
 * release_info() && ... { println!(...) }" is not which release stabilised let chains), so the
 * answerer passes it over. Pure.
 */

/**
 * The kinds of token that code writes and prose does not: paths and arrows, comparison and
 * logic operators, braces, a call's parentheses, a statement's closing semicolon, an
 * assignment. Prose has a semicolon, a parenthesis or a dash-arrow now and then, so one kind
 * is not enough; code mixes several in a line.
 */
const CODE_TOKENS: readonly RegExp[] = [
  /::/,
  /=>|->/,
  /[=!]==?|<=|>=/,
  /&&|\|\|/,
  /[{}]/,
  /[\p{L}\p{N}_!]\((?:\)|[^()\s]*[,)])/u,
  /[)\]"'\d];/,
  /\s=\s/,
];

/** How many kinds of {@link CODE_TOKENS} make a sentence code. */
const CODE_KINDS = 3;

/** Whether `sentence` is source code (three kinds of code token or more), not prose. */
export function looksLikeCode(sentence: string): boolean {
  let kinds = 0;
  for (const re of CODE_TOKENS) if (re.test(sentence) && ++kinds >= CODE_KINDS) return true;
  return false;
}
