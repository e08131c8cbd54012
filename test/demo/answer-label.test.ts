import { describe, expect, it } from 'vitest';
import { kindLabel } from '../../demo/answer-label.ts';
import type { Answer, Citation } from '../../src/types.ts';

const cite = (kind: Citation['kind']): Citation => ({ docId: 'd', title: 'd', passageId: 'd#0', kind, text: 'x', start: 0, end: 1 });
const answer = (kind: Answer['kind'], extra: Partial<Answer> = {}): Answer => ({ text: 'x', kind, citations: [cite('cell')], confidence: 1, operation: 'lookup', ...extra });

describe('kindLabel', () => {
  it('says what an answer was looked up, counted or calculated from', () => {
    expect(kindLabel(answer('cell'), { steps: ['table-answer'] })).toBe('from a table cell');
    expect(kindLabel(answer('cell', { items: ['a', 'b'] }), { steps: ['status-answer'] })).toBe('from the end-of-life dates of a table');
    // A count of a status list is counted, not calculated.
    expect(kindLabel(answer('computed', { items: ['a', 'b'] }), { steps: ['status-answer'] })).toBe('counted from the end-of-life dates of a table');
    expect(kindLabel(answer('computed'), { steps: ['table-answer', 'calculator'] })).toBe('calculated from table cells');
    expect(kindLabel(answer('computed', { items: ['a', 'b'] }), { steps: ['row-list'] })).toBe('counted from the rows of a table');
    expect(kindLabel(answer('cell', { items: ['a', 'b'] }), { steps: ['row-list'] })).toBe('from the rows of a table');
    expect(kindLabel(answer('computed', { citations: [cite('sentence')] }), { steps: ['text-answer'] })).toBe('calculated from sentences');
    expect(kindLabel(answer('computed', { items: ['a'] }), { steps: ['time-list'] })).toBe('counted from the dates of a table');
    expect(kindLabel(answer('cell', { items: ['3.14.0'], citations: [cite('sentence')] }), { steps: ['time-list', 'schedule-lines'] })).toBe('from the lines of a release schedule');
    expect(kindLabel(answer('sentence'), { steps: ['section-about'] })).toBe('from the section on it');
    expect(kindLabel(answer('none', { citations: [] }), { steps: [] })).toBe('no answer');
  });
});
