import { describe, expect, it } from 'vitest';
import { supportStatus } from '../../src/answer/support-status.ts';

const at = Date.UTC(2026, 11, 5);

describe('support status', () => {
  it('answers from the end of life against the reference date, in the question\'s yes and no', () => {
    expect(supportStatus('2025-11-21', at)).toEqual({ supported: false, text: 'No — end of life on 2025-11-21' });
    expect(supportStatus('2027-06-30', at)).toEqual({ supported: true, text: 'Yes — supported until 2027-06-30' });
    // Support runs to the end of the day, the month or the year the cell names.
    expect(supportStatus('2026-12-05', at)?.supported).toBe(true);
    expect(supportStatus('December 2026', at)?.supported).toBe(true);
    expect(supportStatus('false', at)).toEqual({ supported: true, text: 'Yes — no end of life is set' });
    expect(supportStatus('', at)?.supported).toBe(true);
    expect(supportStatus('2024-06-30', at, true)).toEqual({ supported: false, text: 'Yes — end of life on 2024-06-30' });
    expect(supportStatus('false', at, true)?.text).toBe('No — no end of life is set');
    expect(supportStatus('see the vendor', at)).toBeUndefined();
  });
});
