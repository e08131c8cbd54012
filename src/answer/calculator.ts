/**
 * The calculator of RECAP's Compute step and of the table answerer: arithmetic expressions
 * parsed into a tree and evaluated by walking it. No `eval`, no `new Function` (the app runs
 * under a strict CSP), and input from a model or a document is hostile by default: length and
 * nesting are bounded, and every failure is a typed {@link CalculationError}.
 *
 * Why a small parser of our own and not a library: mathjs (the well-kept choice) parses a whole
 * language — assignments, function definitions, matrices, units — that a formula from a model
 * must not reach, and weighs ~170 kB minified; jsep parses JavaScript expressions, where `^` is
 * XOR and `%` is the remainder, not "percent"; expr-eval is unmaintained and had a code-injection
 * advisory (its fork patches it). The grammar needed here is six precedence levels and five
 * functions: ~150 lines that can be read whole.
 *
 * Grammar (usual precedence; `^` binds right, tighter than unary minus: `-2^2` is -4):
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := ('-' | '+') unary | power
 *   power   := postfix ('^' unary)?
 *   postfix := primary '%'*            (x% is x / 100)
 *   primary := number | '(' expr ')' | name '(' expr (',' expr)* ')'
 *   names   := min max sum avg (average, mean) round abs
 * Numbers may carry thousands separators when the expression calls no function
 * ("(1,116 - 723) / 723"), a currency sign ("$88,081"), and "×" "÷" "−" are read as * / -.
 */
import { AlmanacError, createError } from '../errors.ts';

/** Longest expression accepted, in characters: a formula over a few dozen cells fits. */
export const MAX_EXPRESSION_LENGTH = 4_000;
/** Deepest nesting accepted (parentheses, unary signs and calls together). */
export const MAX_EXPRESSION_DEPTH = 64;

/** Why a calculation failed. */
export type CalculationFailure = 'syntax' | 'too-long' | 'too-deep' | 'division-by-zero' | 'not-finite' | 'unknown-function' | 'arity';

/** A calculation that could not be done; `reason` says why, `at` where in the expression. */
export class CalculationError extends AlmanacError {
  readonly reason: CalculationFailure;
  readonly at: number;
  constructor(reason: CalculationFailure, detail: string, at: number) {
    const base = createError('CALCULATION_FAILED', detail);
    super('CALCULATION_FAILED', base.message);
    this.name = 'CalculationError';
    this.reason = reason;
    this.at = at;
  }
}

/** A node of the parsed expression. */
export type ExpressionNode =
  | { type: 'number'; value: number; at: number }
  | { type: 'unary'; op: '-' | '+'; arg: ExpressionNode; at: number }
  | { type: 'binary'; op: '+' | '-' | '*' | '/' | '^'; left: ExpressionNode; right: ExpressionNode; at: number }
  | { type: 'percent'; arg: ExpressionNode; at: number }
  | { type: 'call'; name: FunctionName; args: ExpressionNode[]; at: number };

type FunctionName = 'min' | 'max' | 'sum' | 'avg' | 'round' | 'abs';
// A Map, not an object literal: a name such as "constructor" must not reach Object.prototype.
const FUNCTIONS = new Map<string, FunctionName>([
  ['min', 'min'], ['max', 'max'], ['sum', 'sum'], ['avg', 'avg'], ['average', 'avg'], ['mean', 'avg'], ['round', 'round'], ['abs', 'abs'],
]);

type Token =
  | { kind: 'num'; value: number; at: number }
  | { kind: 'op'; value: '+' | '-' | '*' | '/' | '^' | '%' | '(' | ')' | ','; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'end'; at: number };

/** Parses an expression into a tree. Throws {@link CalculationError}. */
export function parseExpression(source: string): ExpressionNode {
  if (typeof source !== 'string') throw new CalculationError('syntax', 'the expression is not text', 0);
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw new CalculationError('too-long', `the expression has ${source.length} characters, more than ${MAX_EXPRESSION_LENGTH}`, MAX_EXPRESSION_LENGTH);
  }
  const tokens = lex(source);
  let i = 0;
  let depth = 0;
  const peek = () => tokens[i]!;
  const next = () => tokens[i++]!;
  const isOp = (t: Token, v: string) => t.kind === 'op' && t.value === v;
  const enter = (at: number) => {
    if (++depth > MAX_EXPRESSION_DEPTH) throw new CalculationError('too-deep', `the expression nests deeper than ${MAX_EXPRESSION_DEPTH} levels`, at);
  };
  const expect = (v: string) => {
    const t = next();
    if (!isOp(t, v)) throw new CalculationError('syntax', `expected "${v}" at character ${t.at + 1}`, t.at);
  };

  const expr = (): ExpressionNode => {
    let left = term();
    for (let t = peek(); isOp(t, '+') || isOp(t, '-'); t = peek()) {
      next();
      left = { type: 'binary', op: (t as { value: '+' | '-' }).value, left, right: term(), at: t.at };
    }
    return left;
  };
  const term = (): ExpressionNode => {
    let left = unary();
    for (let t = peek(); isOp(t, '*') || isOp(t, '/'); t = peek()) {
      next();
      left = { type: 'binary', op: (t as { value: '*' | '/' }).value, left, right: unary(), at: t.at };
    }
    return left;
  };
  const unary = (): ExpressionNode => {
    const t = peek();
    if (isOp(t, '-') || isOp(t, '+')) {
      next();
      enter(t.at);
      const arg = unary();
      depth--;
      return { type: 'unary', op: (t as { value: '-' | '+' }).value, arg, at: t.at };
    }
    return power();
  };
  const power = (): ExpressionNode => {
    const base = postfix();
    const t = peek();
    if (!isOp(t, '^')) return base;
    next();
    enter(t.at);
    const exponent = unary();
    depth--;
    return { type: 'binary', op: '^', left: base, right: exponent, at: t.at };
  };
  const postfix = (): ExpressionNode => {
    let node = primary();
    while (isOp(peek(), '%')) node = { type: 'percent', arg: node, at: next().at };
    return node;
  };
  const primary = (): ExpressionNode => {
    const t = next();
    if (t.kind === 'num') return { type: 'number', value: t.value, at: t.at };
    if (isOp(t, '(')) {
      enter(t.at);
      const inner = expr();
      expect(')');
      depth--;
      return inner;
    }
    if (t.kind === 'name') {
      const name = FUNCTIONS.get(t.value.toLowerCase());
      if (!name) throw new CalculationError('unknown-function', `"${t.value.slice(0, 40)}" is not a function the calculator knows`, t.at);
      expect('(');
      enter(t.at);
      const args = [expr()];
      while (isOp(peek(), ',')) {
        next();
        args.push(expr());
      }
      expect(')');
      depth--;
      if ((name === 'abs' && args.length !== 1) || (name === 'round' && args.length > 2)) {
        throw new CalculationError('arity', `${name} takes ${name === 'abs' ? 'one argument' : 'a number and at most a number of decimals'}`, t.at);
      }
      return { type: 'call', name, args, at: t.at };
    }
    if (t.kind === 'end') throw new CalculationError('syntax', 'the expression ends too early', t.at);
    throw new CalculationError('syntax', `unexpected "${(t as { value: string }).value}" at character ${t.at + 1}`, t.at);
  };

  const tree = expr();
  const rest = peek();
  if (rest.kind !== 'end') throw new CalculationError('syntax', `unexpected text at character ${rest.at + 1}`, rest.at);
  return tree;
}

/** Evaluates a parsed expression. Throws {@link CalculationError} on division by zero or a non-finite result. */
export function evaluateExpression(node: ExpressionNode): number {
  const value = evaluateNode(node);
  if (!Number.isFinite(value)) throw new CalculationError('not-finite', 'the result is not a finite number', node.at);
  return value;
}

/** Parses and evaluates `source` ("(652 - 515) / 515 * 100"). Throws {@link CalculationError}. */
export function calculate(source: string): number {
  return evaluateExpression(parseExpression(source));
}

/** {@link calculate} without throwing: the value, or the typed failure. */
export function tryCalculate(source: string): { value: number } | { error: CalculationError } {
  try {
    return { value: calculate(source) };
  } catch (error) {
    if (error instanceof CalculationError) return { error };
    throw error;
  }
}

/** Writes a tree back as text with the parentheses it needs (for showing a checked formula). */
export function formatExpression(node: ExpressionNode): string {
  const prec = (n: ExpressionNode): number =>
    n.type === 'binary' ? (n.op === '+' || n.op === '-' ? 1 : n.op === '*' || n.op === '/' ? 2 : 4) : n.type === 'unary' ? 3 : 5;
  const wrap = (n: ExpressionNode, min: number) => (prec(n) < min ? `(${formatExpression(n)})` : formatExpression(n));
  switch (node.type) {
    case 'number': return String(node.value);
    case 'unary': return `${node.op}${wrap(node.arg, 3)}`;
    case 'percent': return `${wrap(node.arg, 5)}%`;
    case 'call': return `${node.name}(${node.args.map(formatExpression).join(', ')})`;
    case 'binary': {
      const p = prec(node);
      // Left-associative operators need parentheses on the right at equal precedence; ^ on the left.
      const left = wrap(node.left, node.op === '^' ? p + 1 : p);
      const right = wrap(node.right, node.op === '^' ? 3 : p + 1);
      return `${left} ${node.op} ${right}`;
    }
  }
}

function evaluateNode(node: ExpressionNode): number {
  switch (node.type) {
    case 'number': return node.value;
    case 'unary': return node.op === '-' ? -evaluateNode(node.arg) : evaluateNode(node.arg);
    case 'percent': return evaluateNode(node.arg) / 100;
    case 'binary': {
      const a = evaluateNode(node.left);
      const b = evaluateNode(node.right);
      switch (node.op) {
        case '+': return a + b;
        case '-': return a - b;
        case '*': return a * b;
        case '/':
          if (b === 0) throw new CalculationError('division-by-zero', `division by zero at character ${node.at + 1}`, node.at);
          return a / b;
        case '^': {
          const v = a ** b;
          if (!Number.isFinite(v)) throw new CalculationError('not-finite', 'a power grows beyond any finite number', node.at);
          return v;
        }
      }
      break;
    }
    case 'call': {
      const xs = node.args.map(evaluateNode);
      switch (node.name) {
        case 'min': return Math.min(...xs);
        case 'max': return Math.max(...xs);
        case 'sum': return xs.reduce((s, x) => s + x, 0);
        case 'avg': return xs.reduce((s, x) => s + x, 0) / xs.length;
        case 'abs': return Math.abs(xs[0]!);
        case 'round': {
          const places = xs[1] ?? 0;
          if (!Number.isInteger(places) || places < 0 || places > 12) throw new CalculationError('arity', 'round takes 0 to 12 decimals', node.at);
          const f = 10 ** places;
          return Math.round(xs[0]! * f) / f;
        }
      }
    }
  }
  throw new CalculationError('syntax', 'unknown expression node', 0);
}

function lex(source: string): Token[] {
  // Thousands separators are unambiguous only where no call uses commas between arguments.
  const hasCall = /[a-z]\s*\(/i.test(source);
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const ch = source[i]!;
    if (/\s/.test(ch) || ch === '$' || ch === '€' || ch === '£') { i++; continue; }
    if (/[0-9.]/.test(ch)) {
      const re = hasCall ? /\d*\.?\d+(?:e[+-]?\d+)?|\d+\.?/iy : /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.?\d+(?:e[+-]?\d+)?|\d+\.?/iy;
      re.lastIndex = i;
      const m = re.exec(source);
      if (!m) throw new CalculationError('syntax', `a malformed number at character ${i + 1}`, i);
      tokens.push({ kind: 'num', value: Number(m[0].replace(/,/g, '')), at: i });
      i += m[0].length;
      continue;
    }
    if (/\p{L}/u.test(ch)) {
      const re = /\p{L}+/uy;
      re.lastIndex = i;
      const m = re.exec(source)!;
      tokens.push({ kind: 'name', value: m[0], at: i });
      i += m[0].length;
      continue;
    }
    if (ch === '*' && source[i + 1] === '*') {
      tokens.push({ kind: 'op', value: '^', at: i });
      i += 2;
      continue;
    }
    const op = ch === '×' ? '*' : ch === '÷' ? '/' : ch === '−' || ch === '–' ? '-' : ch;
    if ('+-*/^%(),'.includes(op)) {
      tokens.push({ kind: 'op', value: op as '+', at: i });
      i++;
      continue;
    }
    throw new CalculationError('syntax', `unexpected character "${ch}" at character ${i + 1}`, i);
  }
  tokens.push({ kind: 'end', at: n });
  return tokens;
}
