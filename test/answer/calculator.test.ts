import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { calculate, CalculationError, formatExpression, MAX_EXPRESSION_DEPTH, parseExpression, tryCalculate } from '../../src/answer/calculator.ts';
import { AlmanacError } from '../../src/errors.ts';

const failure = (expr: string) => {
  const r = tryCalculate(expr);
  if ('value' in r) throw new Error(`expected a failure for ${expr.slice(0, 40)}, got ${r.value}`);
  return r.error;
};

describe('calculator', () => {
  it('evaluates arithmetic with the usual precedence', () => {
    expect(calculate('1 + 2 * 3')).toBe(7);
    expect(calculate('(1 + 2) * 3')).toBe(9);
    expect(calculate('2 ^ 3 ^ 2')).toBe(512); // right-associative
    expect(calculate('-2 ^ 2')).toBe(-4);
    expect(calculate('2 ** 10')).toBe(1024);
    expect(calculate('10 - 4 - 3')).toBe(3);
    expect(calculate('12 / 4 / 3')).toBe(1);
    expect(calculate('(652 - 515) / 515 * 100')).toBeCloseTo(26.6019, 4);
  });

  it('reads percent, functions, thousands separators, currency and typographic signs', () => {
    expect(calculate('50%')).toBe(0.5);
    expect(calculate('200 * 15%')).toBeCloseTo(30);
    expect(calculate('min(3, 1, 2) + max(4, 9)')).toBe(10);
    expect(calculate('sum(1, 2, 3) / avg(2, 4)')).toBe(2);
    expect(calculate('average(2, 4, 6)')).toBe(4);
    expect(calculate('round(2.345, 2)')).toBe(2.35);
    expect(calculate('round(2.5)')).toBe(3);
    expect(calculate('abs(-7)')).toBe(7);
    expect(calculate('(1,116 - 723) / 723')).toBeCloseTo(0.54357, 4);
    expect(calculate('$88,081 / $365,912')).toBeCloseTo(0.24072, 4);
    expect(calculate('6 × 7 ÷ 2 − 1')).toBe(20);
  });

  it('gives typed errors: syntax, division by zero, unknown functions, arity', () => {
    for (const bad of ['', '1 +', '(1 + 2', '1 2', '3 $ 4 @', ')']) {
      const e = failure(bad);
      expect(e).toBeInstanceOf(CalculationError);
      expect(e).toBeInstanceOf(AlmanacError);
      expect(e.code).toBe('CALCULATION_FAILED');
      expect(e.reason).toBe('syntax');
    }
    expect(failure('1 / 0').reason).toBe('division-by-zero');
    expect(failure('5 / (2 - 2)').reason).toBe('division-by-zero');
    expect(failure('alert(1)').reason).toBe('unknown-function');
    expect(failure('constructor(1)').reason).toBe('unknown-function');
    expect(failure('abs(1, 2)').reason).toBe('arity');
    expect(failure('10 ^ 400').reason).toBe('not-finite');
    expect(failure('1 / 0').message).toMatch(/division by zero/);
  });

  it('refuses hostile input fast: deep nesting, 100 KB expressions, long sign chains', () => {
    const t0 = performance.now();
    const deep = `${'('.repeat(10_000)}1${')'.repeat(10_000)}`;
    expect(failure(deep).reason).toBe('too-long');
    const nested = `${'('.repeat(MAX_EXPRESSION_DEPTH + 1)}1${')'.repeat(MAX_EXPRESSION_DEPTH + 1)}`;
    expect(failure(nested).reason).toBe('too-deep');
    expect(calculate(`${'('.repeat(MAX_EXPRESSION_DEPTH - 1)}1${')'.repeat(MAX_EXPRESSION_DEPTH - 1)}`)).toBe(1);
    expect(failure('-'.repeat(1000) + '1').reason).toBe('too-deep');
    expect(failure('2^'.repeat(500) + '2').reason).toBe('too-deep');
    const big = Array.from({ length: 20_000 }, (_, i) => String(i)).join(' + ');
    expect(big.length).toBeGreaterThan(100_000);
    expect(failure(big).reason).toBe('too-long');
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('writes a tree back with the parentheses it needs', () => {
    expect(formatExpression(parseExpression('(1 + 2) * 3 - (4 - 5)'))).toBe('(1 + 2) * 3 - (4 - 5)');
    expect(formatExpression(parseExpression('2 ^ (3 ^ 2)'))).toBe('2 ^ 3 ^ 2');
    expect(formatExpression(parseExpression('max(1, 2 * 3)'))).toBe('max(1, 2 * 3)');
  });

  it('uses no eval and no new Function (strict CSP)', () => {
    const dir = path.resolve(import.meta.dirname, '../../src/answer');
    for (const file of fs.readdirSync(dir)) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      expect(code, file).not.toMatch(/\beval\s*\(|new\s+Function\b|\bFunction\s*\(/);
    }
    // And at run time: evaluating never reaches the Function constructor or eval.
    const originalEval = globalThis.eval;
    const OriginalFunction = globalThis.Function;
    let used = false;
    globalThis.eval = ((x: string) => { used = true; return originalEval(x); }) as typeof eval;
    globalThis.Function = new Proxy(OriginalFunction, { construct(t, a) { used = true; return Reflect.construct(t, a); }, apply(t, s, a) { used = true; return Reflect.apply(t, s, a); } });
    try {
      expect(calculate('round((652 - 515) / 515 * 100, 1)')).toBe(26.6);
    } finally {
      globalThis.eval = originalEval;
      globalThis.Function = OriginalFunction;
    }
    expect(used).toBe(false);
  });
});
