/**
 * What a cell's text looks like: a number, a year, a unit label. Header detection and
 * span inference decide by layout when a table has no markup, and these are the facts
 * layout rests on.
 */

import { escapeRegExp } from '../text/escape-regexp.ts';

const NUMBER = /^[(\-–−+]?\s*[$€£¥]?\s*[(\-–−+]?\s*\d[\d,.\s]*\s*%?\s*\)?\s*[a-z]{0,2}$/i;
const YEAR = /^(?:(?:fy|fiscal|fiscal year|year|fys?)\s*)?(1[89]\d\d|20\d\d)(?:\s*[-–/]\s*\d{2,4})?(?:\s*[a-z]{0,2})?$/i;
const DASH_ONLY = /^[-–—.x…*]+$|^(?:n\/?a|none|nil|\.\.\.?|f|e|x)$/i;

/** Unit labels as statistical tables write them in a row of their own. */
const UNIT_WORDS = [
  'percent', 'percentage', 'per cent', '%', 'number', 'numbers', 'count', 'rate', 'rates', 'ratio',
  'dollars', 'dollar', 'thousands', 'millions', 'billions', 'units', 'years', 'year', 'months', 'days',
  'hours', 'minutes', 'km', 'kilometres', 'kilometers', 'kg', 'tonnes', 'tons', 'people', 'persons',
  'index', 'average', 'mean', 'median', 'proportion', 'share', 'amount', 'cents', 'points',
];
const UNIT_PHRASE = new RegExp(
  String.raw`^(?:in\s+)?(?:\(?\s*)?(?:` +
    String.raw`(?:current|constant|nominal|real)?\s*(?:[$€£¥]|us\$|c\$|cad|usd|eur)\s*(?:thousands?|millions?|billions?|000s?)?` +
    String.raw`|(?:thousands?|millions?|billions?|hundreds?)\s+(?:of\s+)?(?:current\s+|constant\s+)?(?:dollars|\$|euros|people|persons|tonnes|hours)` +
    String.raw`|(?:${UNIT_WORDS.map(escapeRegExp).join('|')})(?:\s+(?:of|per)\s+[a-z$ ]{1,30})?` +
    String.raw`|rate\s+per\s+[\d,]+(?:\s+[a-z]+){0,3}` +
    String.raw`|(?:[$€£¥])?\s*(?:thousands?|millions?|billions?)(?:\s+of\s+dollars)?` +
    String.raw`)\s*\)?$`,
  'i',
);

/** A number as tables write it: `1,452.4`, `$ (3.2)`, `-27`, `12%`, `45.6e`. */
export function isNumeric(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length < 40 && NUMBER.test(t);
}

/** A year or fiscal year heading: `2019`, `FY 2018`, `2017-18`. */
export function isYear(text: string): boolean {
  return YEAR.test(text.trim());
}

/** A placeholder for a missing value (`..`, `x`, `n/a`, `-`). */
export function isPlaceholder(text: string): boolean {
  return DASH_ONLY.test(text.trim());
}

/** A value cell: numeric or a placeholder. */
export function isValue(text: string): boolean {
  return isNumeric(text) || isPlaceholder(text);
}

/** A unit label ("percent", "$ millions", "thousands of dollars", "rate per 100,000 population"). */
export function isUnitLabel(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && t.length <= 60 && UNIT_PHRASE.test(t);
}
