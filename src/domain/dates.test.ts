import { describe, expect, it } from 'vitest';

import { formatDate, formatDateTime } from './dates';

describe('dates are shown DD-MM-YYYY in Vietnam time', () => {
  it('formats an ISO instant', () => {
    expect(formatDate('2026-11-22T03:00:00Z')).toBe('22-11-2026');
  });

  it('moves to the next day when it is already past midnight in UTC+7', () => {
    expect(formatDate('2026-12-31T17:00:00Z')).toBe('01-01-2027');
    expect(formatDate('2026-12-31T16:59:59Z')).toBe('31-12-2026');
  });

  it('shows hours and minutes in UTC+7', () => {
    expect(formatDateTime('2026-02-28T20:30:00Z')).toBe('01-03-2026 03:30');
  });
});
