/**
 * One way to say a period of service, for every screen: a period runs from a start instant to an
 * EXCLUSIVE end instant (an `expiry`, a quote's `period_end`: usually the start of a Vietnam
 * month, 00:00 UTC+7), so its last day is the Vietnam day before the end. A server paid to
 * 01-12-2026 00:00 (UTC+7) is paid "đến hết 30-11-2026" / "through 30-11-2026", and an order
 * placed on 26-11-2026 for one month covers "từ 26-11-2026 đến hết 30-11-2026" / "from 26-11-2026
 * through 30-11-2026", which is "phần còn lại của tháng này" / "the rest of this month".
 *
 * The words are messages (`periods.*` in src/i18n/vi.ts and en.ts), passed in as `translate`;
 * the dates and the month counts come from here, in Vietnam time (src/domain/vietnamTime.ts).
 */
import { formatDate } from './dates';
import { formatInVietnam, vietnamMonthStartAfter } from './vietnamTime';

/** react-admin's translate, or any function of the same shape (polyglot `smart_count` plurals). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

type Instant = string | Date;

const toDate = (instant: Instant) => (instant instanceof Date ? instant : new Date(instant));

/** The last instant an exclusive end covers: one millisecond before it. */
export function lastCoveredInstant(end: Instant): Date {
  return new Date(toDate(end).getTime() - 1);
}

/** The last day paid for, DD-MM-YYYY in Vietnam time: the day before an exclusive end. */
export function lastDayPaid(end: Instant): string {
  return formatDate(lastCoveredInstant(end));
}

/** A period's first and last day, DD-MM-YYYY in Vietnam time. */
export function periodDays(start: Instant, end: Instant): { start: string; end: string } {
  return { start: formatDate(start), end: lastDayPaid(end) };
}

/**
 * "từ 26-11-2026 đến hết 30-11-2026" / "from 26-11-2026 through 30-11-2026". Given `today` (the
 * server's now) and a period that starts that day: "từ hôm nay 26-11-2026 đến hết 30-11-2026".
 */
export function sayPeriod(
  translate: Translate,
  start: Instant,
  end: Instant,
  options: { today?: Date } = {},
): string {
  const days = periodDays(start, end);
  const fromToday = options.today !== undefined && formatDate(options.today) === days.start;
  return translate(fromToday ? 'periods.from_today_through' : 'periods.from_through', days);
}

/** A single expiry as the last day paid: "đến hết 30-11-2026" / "through 30-11-2026". */
export function sayPaidThrough(translate: Translate, end: Instant): string {
  return translate('periods.through', { end: lastDayPaid(end) });
}

/** Whether two instants fall in the same Vietnam calendar month. */
export function sameVietnamMonth(a: Date, b: Date): boolean {
  return vietnamMonthStartAfter(a, 0).getTime() === vietnamMonthStartAfter(b, 0).getTime();
}

/** Whether an instant is the start of a Vietnam month (00:00 UTC+7 on the 1st). */
export function isVietnamMonthStart(instant: Date): boolean {
  return vietnamMonthStartAfter(instant, 0).getTime() === instant.getTime();
}

/** Vietnam-time months from the one holding `now` to `end` (a month start), at least 1. */
export function monthsUntil(now: Date, end: Date): number {
  let months = 1;
  while (months < 1200 && vietnamMonthStartAfter(now, months).getTime() < end.getTime())
    months += 1;
  return months;
}

/**
 * What a payment from `start` to `end` (a Vietnam month start, as `quote` ends and `quoteUntil`
 * does but for a period renewed to its own day) covers: the rest of the start's own month, then
 * `wholeMonths` calendar months, the last day covered being the day before `end` in Vietnam time.
 */
export interface CoveredPeriod {
  start: Date;
  /** The last instant covered (one millisecond before `end`): its date is the last day paid for. */
  lastInstant: Date;
  wholeMonths: number;
}

export function coveredPeriod(start: Date, end: Date): CoveredPeriod {
  return {
    start,
    lastInstant: lastCoveredInstant(end),
    wholeMonths: monthsUntil(start, end) - 1,
  };
}

/**
 * How long a period is, in the words of a price (spec §9): "phần còn lại của tháng này + 2 tháng"
 * / "the rest of this month + 2 months" ("của tháng 10-2026" when the start's month is not the one
 * `now` is in), or "3 tháng" for whole months from a month start. Undefined when `end` is not a
 * Vietnam month start: such a period is said by its dates alone.
 */
export function sayPeriodLength(
  translate: Translate,
  start: Instant,
  end: Instant,
  now: Date,
): string | undefined {
  const from = toDate(start);
  const to = toDate(end);
  if (!isVietnamMonthStart(to) || to.getTime() <= from.getTime()) return undefined;
  if (isVietnamMonthStart(from)) {
    return translate('periods.months', { smart_count: monthsUntil(from, to) });
  }
  const { wholeMonths } = coveredPeriod(from, to);
  const rest = sameVietnamMonth(from, now)
    ? translate('periods.rest_of_this_month')
    : translate('periods.rest_of_month', { month: formatInVietnam(from, 'MM-YYYY') });
  if (wholeMonths === 0) return rest;
  return translate('periods.rest_and_months', {
    rest,
    plus: translate('periods.plus_months', { smart_count: wholeMonths }),
  });
}

/**
 * A period's length and dates together: "phần còn lại của tháng này (từ 26-11-2026 đến hết
 * 30-11-2026)"; the dates alone when the length cannot be said in months.
 */
export function sayPeriodWithLength(
  translate: Translate,
  start: Instant,
  end: Instant,
  now: Date,
): string {
  const period = sayPeriod(translate, start, end);
  const length = sayPeriodLength(translate, start, end, now);
  return length === undefined ? period : translate('periods.length_and_dates', { length, period });
}

/**
 * Whether a due instant (an invoice's due date, the end of a period waiting for its renewal) has
 * passed at `now`, the server's time: due on its date until then, overdue from the instant after.
 */
export function isPastDue(due: Instant, now: Date): boolean {
  return toDate(due).getTime() < now.getTime();
}
