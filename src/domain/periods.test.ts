import { describe, expect, it } from 'vitest';

import { createI18nProvider } from '../i18n/i18nProvider';
import { loadMessages } from '../i18n/locale';
import { formatDate } from './dates';
import {
  isPastDue,
  lastDayPaid,
  periodDays,
  sayPaidThrough,
  sayPeriod,
  sayPeriodLength,
  sayPeriodWithLength,
} from './periods';

/** An instant given in Vietnam time (UTC+7). */
const vn = (local: string) => new Date(`${local}+07:00`);

async function translatorFor(locale: 'vi' | 'en') {
  const provider = createI18nProvider(locale, await loadMessages(locale), async () => undefined);
  return (key: string, options?: Record<string, unknown>) => provider.translate(key, options);
}

const vi = await translatorFor('vi');
const en = await translatorFor('en');

describe('the last day of a period that ends at an exclusive instant', () => {
  it.each([
    ['a 31-day month', '2026-12-26T09:00:00', '2027-01-01T00:00:00', '31-12-2026'],
    ['a 30-day month', '2026-11-26T09:00:00', '2026-12-01T00:00:00', '30-11-2026'],
    [
      'February of a common year (28 days)',
      '2026-02-10T09:00:00',
      '2026-03-01T00:00:00',
      '28-02-2026',
    ],
    [
      'February of a leap year (29 days)',
      '2028-02-10T09:00:00',
      '2028-03-01T00:00:00',
      '29-02-2028',
    ],
  ])('is the last day of %s', (_, start, end, last) => {
    expect(periodDays(vn(start), vn(end))).toEqual({ start: formatDate(vn(start)), end: last });
    expect(lastDayPaid(vn(end))).toBe(last);
  });

  it('reads an end at a Vietnam month start, 17:00 UTC the day before, as the day before it', () => {
    const end = '2026-11-30T17:00:00.000Z'; // 01-12-2026 00:00 in Vietnam
    expect(formatDate(end)).toBe('01-12-2026');
    expect(lastDayPaid(end)).toBe('30-11-2026');
    expect(sayPaidThrough(vi, end)).toBe('đến hết 30-11-2026');
    expect(sayPaidThrough(en, end)).toBe('through 30-11-2026');
  });

  it('ends on the same day when the end falls during that day', () => {
    expect(lastDayPaid(vn('2026-11-26T10:00:00'))).toBe('26-11-2026');
    expect(lastDayPaid(vn('2026-11-26T00:00:01'))).toBe('26-11-2026');
  });
});

describe('a period in words', () => {
  const start = vn('2026-11-26T09:30:00');
  const end = vn('2026-12-01T00:00:00');

  it('says its first day and its last day, in Vietnamese and in English', () => {
    expect(sayPeriod(vi, start, end)).toBe('từ 26-11-2026 đến hết 30-11-2026');
    expect(sayPeriod(en, start, end)).toBe('from 26-11-2026 through 30-11-2026');
    expect(sayPeriod(vi, start.toISOString(), end.toISOString())).toBe(
      'từ 26-11-2026 đến hết 30-11-2026',
    );
  });

  it('says "today" for a period that starts on the server’s today, by Vietnam’s calendar', () => {
    const today = vn('2026-11-26T23:59:00');
    expect(sayPeriod(vi, start, end, { today })).toBe('từ hôm nay 26-11-2026 đến hết 30-11-2026');
    expect(sayPeriod(en, start, end, { today })).toBe('from today 26-11-2026 through 30-11-2026');
    expect(sayPeriod(vi, start, end, { today: vn('2026-11-27T00:00:00') })).toBe(
      'từ 26-11-2026 đến hết 30-11-2026',
    );
  });

  it('says how long it is: the rest of this month, plus whole months', () => {
    const now = vn('2026-11-26T10:00:00');
    expect(sayPeriodLength(vi, start, end, now)).toBe('phần còn lại của tháng này');
    expect(sayPeriodLength(en, start, end, now)).toBe('the rest of this month');
    expect(sayPeriodLength(vi, start, vn('2027-02-01T00:00:00'), now)).toBe(
      'phần còn lại của tháng này + 2 tháng',
    );
    expect(sayPeriodLength(en, start, new Date('2026-12-31T17:00:00Z'), now)).toBe(
      'the rest of this month + 1 month',
    );
    expect(sayPeriodLength(en, start, new Date('2027-01-31T17:00:00Z'), now)).toBe(
      'the rest of this month + 2 months',
    );
  });

  it('names the month of a period that started in an earlier one', () => {
    const later = vn('2026-12-02T08:00:00');
    expect(sayPeriodLength(vi, start, end, later)).toBe('phần còn lại của tháng 11-2026');
    expect(sayPeriodLength(en, start, vn('2027-01-01T00:00:00'), later)).toBe(
      'the rest of 11-2026 + 1 month',
    );
  });

  it('counts whole months from a month start, and says none for an end that is no month start', () => {
    const monthStart = vn('2026-12-01T00:00:00');
    expect(sayPeriodLength(vi, monthStart, vn('2027-03-01T00:00:00'), monthStart)).toBe('3 tháng');
    expect(sayPeriodLength(en, monthStart, vn('2027-01-01T00:00:00'), monthStart)).toBe('1 month');
    expect(sayPeriodLength(vi, start, vn('2026-12-15T00:00:00'), start)).toBeUndefined();
  });

  it('says the length with the dates, or the dates alone', () => {
    const now = vn('2026-11-26T10:00:00');
    expect(sayPeriodWithLength(vi, start, end, now)).toBe(
      'phần còn lại của tháng này (từ 26-11-2026 đến hết 30-11-2026)',
    );
    expect(sayPeriodWithLength(en, start, vn('2027-11-01T00:00:00'), now)).toBe(
      'the rest of this month + 11 months (from 26-11-2026 through 31-10-2027)',
    );
    expect(sayPeriodWithLength(vi, start, vn('2026-12-15T12:00:00'), now)).toBe(
      'từ 26-11-2026 đến hết 15-12-2026',
    );
  });
});

describe('a due instant', () => {
  const due = vn('2026-12-01T00:00:00');

  it('is due until it comes, and past due from the instant after', () => {
    expect(isPastDue(due, vn('2026-11-26T10:00:00'))).toBe(false);
    expect(isPastDue(due, due)).toBe(false);
    expect(isPastDue(due.toISOString(), new Date(due.getTime() + 1))).toBe(true);
  });
});
