import { describe, expect, it } from 'vitest';
import { looksLikeCode } from '../../src/answer/code-text.ts';

describe('looksLikeCode', () => {
  it('tells code from prose by the kinds of token code mixes in a line', () => {
    for (const code of [
      'if let Channel::Stable(v) = release_info() && major == 1 { println!("stabilized"); }',
      'fn main() { let mut x = 5; let y = &x; }',
      'for i := 0; i < len(s); i++ { b[i] = s[i] }',
      'res, err := http.Get(url) if err != nil { return err }',
    ]) expect(looksLikeCode(code), code).toBe(true);
    for (const prose of [
      'The new embed package provides access to files embedded in the program during compilation.',
      'regexp: performance improvements; avoid allocation of input interface (thanks Christopher Wedgwood).',
      'Shanks & Pottenger give 1935 Apr 30; go with Whitman.',
      'The ability to register and unregister panic hooks with std::panic::{set,take}_hook.',
      'Let chains allow && between let statements.',
    ]) expect(looksLikeCode(prose), prose).toBe(false);
  });
});
