import { describe, expect, it } from 'vitest';
import { describeDue } from './case-timer';

describe('case timer', () => {
  const due = '2026-11-25T10:00:00.000Z';
  it('counts down to the 24-hour deadline and then says how late the case is', () => {
    expect(describeDue(due, Date.parse('2026-11-24T10:00:00.000Z'))).toEqual({ text: 'Due in 24 h 0 min', isOverdue: false });
    expect(describeDue(due, Date.parse('2026-11-25T09:15:30.000Z'))).toEqual({ text: 'Due in 44 min', isOverdue: false });
    expect(describeDue(due, Date.parse('2026-11-25T12:05:00.000Z'))).toEqual({ text: 'Overdue by 2 h 5 min', isOverdue: true });
  });
});
