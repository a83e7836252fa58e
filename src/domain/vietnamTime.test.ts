import { describe, expect, it } from 'vitest';

import {
  formatInVietnam,
  nextWeeklyAt,
  vietnamDayStart,
  vietnamMonthStartAfter,
} from './vietnamTime';

describe("Vietnam's clock (UTC+7, no daylight saving)", () => {
  it('reads an instant seven hours ahead of UTC', () => {
    expect(formatInVietnam('2026-12-31T17:00:00Z', 'DD-MM-YYYY HH:mm')).toBe('01-01-2027 00:00');
    expect(formatInVietnam('2026-06-30T16:59:00Z', 'DD-MM-YYYY HH:mm')).toBe('30-06-2026 23:59');
  });

  it('starts a month at midnight Vietnam time, the year turning over included', () => {
    const newYearsEveInVietnam = new Date('2026-12-31T16:00:00Z');
    expect(vietnamMonthStartAfter(newYearsEveInVietnam, 0).toISOString()).toBe(
      '2026-11-30T17:00:00.000Z',
    );
    expect(vietnamMonthStartAfter(newYearsEveInVietnam, 2).toISOString()).toBe(
      '2027-01-31T17:00:00.000Z',
    );
    // 17:00 UTC on the last day is already the next month in Vietnam.
    expect(vietnamMonthStartAfter(new Date('2026-12-31T17:00:00Z'), 0).toISOString()).toBe(
      '2026-12-31T17:00:00.000Z',
    );
  });

  it('finds the next weekly run strictly after now, a week later when it is that very hour', () => {
    // Saturday 1 March 2025, 15:00 in Vietnam.
    const now = new Date('2025-03-01T08:00:00Z');
    expect(nextWeeklyAt(6, 16, now).toISOString()).toBe('2025-03-01T09:00:00.000Z');
    expect(nextWeeklyAt(6, 15, now).toISOString()).toBe('2025-03-08T08:00:00.000Z');
    // Sunday 06:00 in Vietnam is Saturday 23:00 UTC.
    expect(nextWeeklyAt(0, 6, now).toISOString()).toBe('2025-03-01T23:00:00.000Z');
  });

  it('starts a calendar day at midnight Vietnam time, 17:00 UTC the day before', () => {
    expect(vietnamDayStart('2026-11-20').toISOString()).toBe('2026-11-19T17:00:00.000Z');
    // The day after the last of a range is where an inclusive range ends; months and years turn.
    expect(vietnamDayStart('2026-12-31', 1).toISOString()).toBe('2026-12-31T17:00:00.000Z');
  });
});
