import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../demo/format.ts';

describe('formatBytes', () => {
  it('picks the unit a reader expects, up to gigabytes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(27.5 * 1024 * 1024)).toBe('27.5 MB');
    expect(formatBytes(10 * 1024 ** 3)).toBe('10.0 GB');
  });
});
