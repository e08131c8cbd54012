/**
 * Numbers that look like years but are not timestamps. A year in running text is a bare
 * four-digit number, and so are issue numbers, addresses, counts and identifiers: on a folder
 * of release notes the time-coverage view ran from the "1000s" to the 7650s, and a question
 * about 2016 met every "pull/2016". What is *not* a date here is decided by the text around
 * the number, never by the number alone (1986 is a fine year and a fine PR number):
 *
 * - addresses: URLs (`https://…/pull/1204`, `www.…`), file paths (`rfcs/text/1513-less.md`,
 *   `/usr/share/2019`) — {@link blockedSpans};
 * - references: `#1234`, `[1044]` (a Markdown reference label), "RFC 2047", "PR 1830",
 *   "issue 1999", "page 2001", "No. 1500" — {@link notYearBefore}, {@link blockedSpans};
 * - settings that count: "staleReleaseThresholdDays: 1825";
 * - identifiers: letters joined to the number by a hyphen ("RSA-2048", "CVE-2024-1086",
 *   "ML-KEM-1024"), except a time prefix ("mid-2019", "pre-1990"); a number inside a dotted
 *   chain ("15.2.2562.46", "127.0.0.1");
 * - amounts and counts: a currency before ("$2000"), a unit or counted noun after ("1500
 *   troops", "2048 MB", "2048-bit", "1276 patches", "1300 more") — {@link notYearAfter}.
 */

import { blockGates, BRACKET, IDENTIFIER, PATH, SCHEME, SLASH, WORD_SLASH, WWW_ANY_CASE, WWW_EXACT } from './date-gates.ts';

// An address: a scheme or "www." up to the next space or closing bracket.
const URL = /\b(?:[a-z][a-z0-9+.-]{1,15}:\/\/|www\.)[^\s<>"'`)\]]+/gi;
// A token with slashes between name-like segments.
const PATH_TOKEN = /(?<![\p{L}\p{N}_/.~:@%+-])[~.]{0,2}\/?(?:[\p{L}\p{N}_.@%+:-]+\/)+[\p{L}\p{N}_.@%+:-]*/gu;
// Year / month / day as a path writes them (a valid month and day).
const PATH_DATE = /(?<!\d)(?:1\d{3}|20\d{2})\/(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?!\d)/g;
// "pull/1204", "issues/2016": a word and a number joined by a slash name a thing, not a time.
const WORD_SLASH_NUMBER = /(?<![\p{L}\p{N}_/.-])\p{L}{2,}\/\d{1,6}(?![\p{L}\p{N}/])/gu;
// A reference label: square brackets around a number ("[1044]", "[^12]") or around a token
// without spaces that has a letter ("[rfc-2091]", "[stdarch/1285]"; not "[2019-05-01]").
const BRACKET_REF = /\[(?:\^?\d{1,6}|[^\]\s]*\p{L}[^\]\s]*)\]/gu;
// Letters joined by a hyphen to a number: an identifier ("RSA-2048", "CVE-2024-1086").
const IDENTIFIER_PATTERN = /(?<![\p{L}\p{N}_-])(\p{L}[\p{L}\p{N}]*)(?:-[\p{L}\p{N}]+)*-\d[\p{L}\p{N}]*(?:-[\p{L}\p{N}]+)*/gu;
// Words that put a time on the number they are joined to.
const TIME_PREFIX = /^(?:mid|pre|post|non|early|late|circa|ca|c|fy|ay|sy|ad|bc|bce|ce|q[1-4]|h[12]|end|start|since|until|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|winter|year|years|season|class|vintage|anno)$/i;

/**
 * Character ranges of `text` where no number is a date: addresses, path-like tokens, bracketed
 * reference labels and identifiers. Cheap when the text has none of their trigger characters
 * (`gates`: what the text holds, `date-gates.ts`; read here when not given).
 */
export function blockedSpans(text: string, gates = blockGates(text)): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (gates & SLASH) {
    const addresses: Array<[number, number]> = [];
    // Each pattern only where a slash can start what it looks for (a scan of the slashes, far
    // cheaper than these Unicode patterns over a table summary full of "n/a" and "2007/2008").
    if (gates & (SCHEME | WWW_ANY_CASE)) for (const m of text.matchAll(URL)) addresses.push([m.index, m.index + m[0].length]);
    if (gates & PATH) for (const m of text.matchAll(PATH_TOKEN)) if (isPath(m[0])) addresses.push([m.index, m.index + m[0].length]);
    if (gates & WORD_SLASH) for (const m of text.matchAll(WORD_SLASH_NUMBER)) addresses.push([m.index, m.index + m[0].length]);
    // A permalink's date is a date written as a path ("blog.rust-lang.org/2016/05/26/...",
    // "2023/06/01/Rust-1.70.0"): only the address around it is blocked.
    for (const [a, b] of addresses) {
      let at = a;
      for (const m of text.slice(a, b).matchAll(PATH_DATE)) {
        out.push([at, a + m.index]);
        at = a + m.index + m[0].length;
      }
      out.push([at, b]);
    }
  } else if (gates & WWW_EXACT) {
    for (const m of text.matchAll(URL)) out.push([m.index, m.index + m[0].length]);
  }
  if (gates & BRACKET) for (const m of text.matchAll(BRACKET_REF)) out.push([m.index, m.index + m[0].length]);
  // An identifier needs a hyphen before a digit: a plain scan first (the pattern is Unicode-aware).
  if (gates & IDENTIFIER) {
    for (const m of text.matchAll(IDENTIFIER_PATTERN)) {
      if (!TIME_PREFIX.test(m[1]!) && /\d{4}/.test(m[0])) out.push([m.index, m.index + m[0].length]);
    }
  }
  return out;
}

// "and/or", "km/h", "Q1/2020" and "1990/91" are not paths: a path has a letter, and either
// starts at a root ("/", "./", "~/"), has two slashes or more, or ends in a file name with an
// extension.
function isPath(token: string): boolean {
  if (!/\p{L}/u.test(token)) return false;
  if (/^(?:[~.]{0,2})\//.test(token)) return true;
  const slashes = token.split('/').length - 1;
  return slashes >= 2 || /\/[^/]*\.\p{L}{1,5}$/u.test(token);
}

/**
 * Text right before a 4-digit number that makes it no year: a currency or reference sign, a
 * digit with a separator (part of a longer number), a reference word ("page", "No.",
 * "RFC", "PR", "issue", ...), or a bound passed ("exceeded 1000": an amount, never a year).
 */
const NOT_YEAR_BEFORE = /(?:[$£€¥#+×]\s*|\d\s?[.,/]|\b(?:page|pages|p\s?\.|pp\s?\.|no\s?\.|nos\s?\.|number|numbers|vol\s?\.|volume|chapter|route|highway|interstate|flight|room|suite|box|rule|article|section|model|serial|opus|op\s?\.|bwv|catalogue|catalog|cat\s?\.|track|episode|level|grade|code|usd|eur|gbp|rs\s?\.|us\$|nr\s?\.|rfc|rfcs|pep|peps|cve|issue|issues|pr|prs|pull\s+request|bug|bugs|ticket|tickets|commit|changeset|revision|rev\s?\.|kb|iso|pid|uid|gid|id|step|item|line|lines|figure|fig\s?\.|table|exhibit|footnote|appendix|exceed|exceeds|exceeded|exceeding|surpass|surpasses|surpassed|surpassing)\s*)$/i;

// A setting that counts, as a config file writes it: "staleReleaseThresholdDays: 1825",
// "max_size = 2048" (a word of its own or the tail of a camelCase key, not "Madrid : 1934").
const SETTING_BEFORE = /(?:(?:\b|(?<=_))(?:days|count|size|limit|threshold|port|id|number|max|min|length|timeout)|(?<=[a-z])(?:Days|Count|Size|Limit|Threshold|Port|Id|Number|Max|Min|Length|Timeout))\s*[:=]\s*$/;

/** Whether the text right before a 4-digit number (`lead`, a dozen characters or more) makes it no year. */
export function notYearBefore(lead: string): boolean {
  return NOT_YEAR_BEFORE.test(lead) || ((lead.includes(':') || lead.includes('=')) && SETTING_BEFORE.test(lead));
}

/**
 * Text right after a 4-digit number that makes it no year: a decimal part, a percent, a unit or
 * counted noun ("1500 troops", "1276 patches", "1300 more."), or a street name ("1600
 * Pennsylvania Avenue"). Case matters here ("in 2019 M. Smith won" is a year); sizes and
 * frequencies, below, are read in any case.
 */
const NOT_YEAR_AFTER = /^(?:[.,]\d|\s*(?:%|percent\b|per\s?cent\b|(?:troops|soldiers|men|women|people|persons|civilians|refugees|residents|inhabitants|students|pupils|employees|workers|staff|members|votes|voters|signatures|copies|units|cars|vehicles|trucks|tanks|guns|ships|boats|aircraft|planes|horses|cattle|sheep|km|kilometres|kilometers|kilometre|kilometer|miles|mi|metres|meters|m|cm|mm|ft|feet|foot|inches|yards|yd|acres|hectares|ha|tons|tonnes|tonne|t|kg|g|lb|lbs|pounds|dollars|euros|yen|rupees|francs|marks|horsepower|hp|cc|kw|mw|kv|rpm|mph|kph|calories|points|pts|runs|goals|wickets|pages|words|square|sq|cubic|seats|rooms|beds|houses|homes|buildings|households|families|jobs|tickets|spectators|fans|viewers|listeners|subscribers|followers|prisoners|casualties|deaths|lives|hours|minutes|seconds|days|weeks|months|years|times|items|species|titles|songs|albums|records|games|matches|episodes|patches|commits|contributors|changes|changesets|issues|bugs|fixes|lines|files|entries|rows|columns|requests|users|downloads|packages|crates|modules|stars|tests|packets|threads|cores|nodes|servers|instances|parts|characters|chars|tokens)\b|more\s*(?:[.,;:)]|$)|(?:[A-Z]\s?\.?\s+|[NSEW]\s+)?(?:[A-Z][a-z]+\s+){0,2}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Lane|Drive|Place|Way|Broadway|Highway)\b))/;
// Sizes and frequencies, in any case, with or without a hyphen: "2048 MB", "2048-bit", "1024 KiB".
const SIZE_AFTER = /^[-\s]?(?:bits?|bytes?|[kmgtp]i?b|ms|ns|px|[kmg]?hz|dpi)\b/i;

/** Whether the text right after a 4-digit number (`rest`, a few dozen characters) makes it no year. */
export function notYearAfter(rest: string): boolean {
  return NOT_YEAR_AFTER.test(rest) || SIZE_AFTER.test(rest);
}

/** Whether `[from, to)` overlaps one of `spans`. */
export function overlapsAny(spans: ReadonlyArray<[number, number]>, from: number, to: number): boolean {
  for (const [a, b] of spans) if (from < b && a < to) return true;
  return false;
}
