import { describe, expect, it } from 'vitest';

import {
  addressMonthlyPrice,
  applyDiscount,
  coveredPeriod,
  sameVietnamMonth,
  monthsCovered,
  monthsUntil,
  quoteRenewal,
  quoteUntil,
  INTERVAL_COUNTS,
  monthRemaining,
  proratedAmount,
  quote,
  roundToThousand,
  toUsd,
  priceBeforeVat,
  vatContained,
  vietnamMonthStartAfter,
} from './pricing';

/** An instant given in Vietnam time (UTC+7). */
const vn = (local: string) => new Date(`${local}+07:00`);

describe('rounding to the nearest 1000 dong, halves up', () => {
  it.each([
    [0, 0],
    [499, 0],
    [500, 1000],
    [12_499, 12_000],
    [12_500, 13_000],
    [12_999, 13_000],
    [1_000_000, 1_000_000],
  ])('%d → %d', (amount, rounded) => {
    expect(roundToThousand(amount)).toBe(rounded);
  });

  it('rounds fractions exactly: 24_999.5 goes up, 24_999.4 stays', () => {
    expect(roundToThousand(49_999, 2)).toBe(25_000); // 24 999.5
    expect(roundToThousand(124_997, 5)).toBe(25_000); // 24 999.4
    expect(roundToThousand(2_497, 5)).toBe(0); // 499.4
    expect(roundToThousand(2_500, 5)).toBe(1_000); // 500
  });
});

describe('hours left in the month, in Vietnam time', () => {
  it.each([
    ['a 31-day month', '2026-01-01T00:00:00', 744, 744],
    ['a 30-day month', '2026-04-01T00:00:00', 720, 720],
    ['a 28-day February', '2026-02-01T00:00:00', 672, 672],
    ['a leap February', '2028-02-01T00:00:00', 696, 696],
    ['the last hour of January', '2026-01-31T23:00:00', 1, 744],
    ['the last minute of January', '2026-01-31T23:59:00', 1, 744],
    ['the middle of a leap February', '2028-02-15T12:00:00', 348, 696],
    ['a started hour counts whole', '2026-04-30T22:30:00', 2, 720],
  ])('%s', (_label, local, hoursLeft, hoursInMonth) => {
    expect(monthRemaining(vn(local))).toEqual({ hoursLeft, hoursInMonth });
  });

  it('counts a new month from 17:00 UTC, when it starts in Vietnam', () => {
    expect(monthRemaining(new Date('2026-01-31T16:59:59Z'))).toEqual({
      hoursLeft: 1,
      hoursInMonth: 744,
    });
    expect(monthRemaining(new Date('2026-01-31T17:00:00Z'))).toEqual({
      hoursLeft: 672,
      hoursInMonth: 672,
    });
  });

  it('crosses the year in Vietnam time', () => {
    expect(monthRemaining(new Date('2026-12-31T17:00:00Z'))).toEqual({
      hoursLeft: 744,
      hoursInMonth: 744,
    });
    expect(vietnamMonthStartAfter(new Date('2026-12-31T16:00:00Z'), 1).toISOString()).toBe(
      '2026-12-31T17:00:00.000Z',
    );
  });
});

describe('a monthly price prorated over the order', () => {
  const monthly = 300_000;

  it.each([
    // [when (Vietnam time), interval, amount]
    ['2026-01-01T00:00:00', 1, 300_000], // whole month
    ['2026-01-16T00:00:00', 1, 155_000], // 384/744 h → 154 838.7
    ['2026-01-31T23:00:00', 1, 0], // 1/744 h → 403.2
    ['2026-02-01T00:00:00', 1, 300_000], // 28-day month, whole
    ['2026-02-15T00:00:00', 1, 150_000], // 336/672 h
    ['2026-04-16T00:00:00', 1, 150_000], // 360/720 h
    ['2026-01-16T00:00:00', 3, 755_000], // 154 838.7 + 600 000
    ['2026-01-16T00:00:00', 6, 1_655_000],
    ['2026-01-16T00:00:00', 12, 3_455_000],
  ] as const)('ordered at %s for %i month(s) → %d', (local, interval, amount) => {
    expect(proratedAmount(monthly, interval, vn(local))).toBe(amount);
  });

  it('prorates a leap February by its 696 hours', () => {
    // 360 of 696 hours: 300 000 × 360 / 696 = 155 172.41 → 155 000
    expect(proratedAmount(monthly, 1, vn('2028-02-15T00:00:00'))).toBe(155_000);
  });

  it('charges every interval as the rest of this month plus whole months', () => {
    const now = vn('2026-04-01T00:00:00');
    expect(INTERVAL_COUNTS.map((interval) => proratedAmount(100_000, interval, now))).toEqual([
      100_000, 300_000, 600_000, 1_200_000,
    ]);
  });

  it('rounds at …499 and …500 after proration', () => {
    // 720-hour month, 360 hours left: half of the monthly price.
    const now = vn('2026-04-16T00:00:00');
    expect(proratedAmount(24_998, 1, now)).toBe(12_000); // 12 499
    expect(proratedAmount(25_000, 1, now)).toBe(13_000); // 12 500
  });
});

describe('a quote', () => {
  const cpu = { id: 1, name: 'CPU', code: 'cpu', price: 90_000 };
  const ram = { id: 2, name: 'RAM', code: 'ram', price: 60_000 };
  const ssd = { id: 3, name: 'DISK SSD', code: 'volume_ssd', price: 4_000 };

  it('prices each line, sums them, and splits out the VAT the total contains', () => {
    const result = quote(
      [
        { product: cpu, quantity: 2 },
        { product: ram, quantity: 4 },
        { product: ssd, quantity: 40 },
      ],
      1,
      vn('2026-04-16T00:00:00'),
    );
    expect(result.lines.map((line) => line.amount)).toEqual([90_000, 120_000, 80_000]);
    expect(result.total).toBe(290_000);
    expect(result.vat).toBe(26_364); // 290 000 − round(290 000 / 1,1) = 290 000 − 263 636
    expect(result.subtotal + result.vat).toBe(result.total);
    expect(result.lines[0]?.months).toBe(0.5);
    expect(result.period_end).toBe('2026-04-30T17:00:00.000Z');
  });

  it('covers interval months to the start of a later month', () => {
    const result = quote([{ product: cpu, quantity: 1 }], 12, vn('2026-04-16T00:00:00'));
    expect(result.period_end).toBe(vn('2027-04-01T00:00:00').toISOString());
    expect(result.total).toBe(proratedAmount(90_000, 12, vn('2026-04-16T00:00:00')));
  });
});

describe('a change for the rest of a paid period', () => {
  const cpu = { id: 1, name: 'CPU', code: 'cpu', price: 90_000 };
  const now = vn('2026-04-16T00:00:00');

  it('counts the months to the period end, this one included', () => {
    expect(monthsUntil(now, vn('2026-05-01T00:00:00'))).toBe(1);
    expect(monthsUntil(now, vn('2026-07-01T00:00:00'))).toBe(3);
    expect(monthsUntil(now, vn('2027-04-01T00:00:00'))).toBe(12);
  });

  it('prices the rest of this month plus the whole months up to the end', () => {
    const result = quoteUntil([{ product: cpu, quantity: 2 }], vn('2026-07-01T00:00:00'), 3, now);
    // 180 000 × 360/720 for April, then May and June whole.
    expect(result.total).toBe(90_000 + 360_000);
    expect(result.interval_count).toBe(3);
    expect(result.period_end).toBe(vn('2026-07-01T00:00:00').toISOString());
  });

  it('prices a period ending mid-month to its end, not to the next month start', () => {
    // Half of April (360 of 720 hours), May whole, then 26 of June's 30 days (624 of 720 hours).
    const result = quoteUntil([{ product: cpu, quantity: 2 }], vn('2026-06-27T00:00:00'), 1, now);
    expect(result.total).toBe(90_000 + 180_000 + 156_000);
    expect(result.lines[0]?.months).toBe(2.3667);
    expect(result.period_end).toBe(vn('2026-06-27T00:00:00').toISOString());
  });

  it('charges a period from the 27th to the 27th as one month, so no day is paid twice', () => {
    // 102 of December's 744 hours, then 642 of January's 744: one month, not 1,14.
    const from = vn('2026-12-27T18:00:00');
    const result = quoteUntil([{ product: cpu, quantity: 1 }], vn('2027-01-27T18:00:00'), 1, from);
    expect(result.lines[0]?.months).toBe(1);
    expect(result.total).toBe(90_000);
  });

  it('charges the hours up to an end later this month, and no more', () => {
    // 11 of April's 30 days.
    const result = quoteUntil([{ product: cpu, quantity: 2 }], vn('2026-04-27T00:00:00'), 1, now);
    expect(result.total).toBe(66_000);
    expect(result.period_end).toBe(vn('2026-04-27T00:00:00').toISOString());
  });

  it('counts months covered exactly, a started hour as a whole one', () => {
    expect(monthsCovered(now, vn('2026-05-01T00:00:00'))).toEqual({ numerator: 1, denominator: 2 });
    expect(monthsCovered(now, vn('2026-04-16T00:30:00'))).toEqual({
      numerator: 1,
      denominator: 720,
    });
    expect(monthsCovered(vn('2026-04-01T00:00:00'), vn('2026-07-01T00:00:00'))).toEqual({
      numerator: 3,
      denominator: 1,
    });
  });

  it('prices an end already passed to the end of this month', () => {
    const result = quoteUntil([{ product: cpu, quantity: 2 }], vn('2026-04-10T00:00:00'), 1, now);
    expect(result.total).toBe(90_000);
    expect(result.period_end).toBe(vn('2026-05-01T00:00:00').toISOString());
  });
});

describe('VAT, coupons and dollars', () => {
  it.each([
    [110_000, 10_000],
    [1_100_000, 100_000],
    [3_000, 273], // 2.727 before VAT
    [216_000, 19_636], // 196.364 before VAT
    [240_000, 21_818],
    [5_500, 500],
    [0, 0],
    [1, 0], // 0,909… rounds to 1 before VAT
    [6, 1], // 5,4545… rounds to 5
    [17, 2], // 15,4545… rounds to 15
  ])('%d contains %d of VAT, to the dong', (total, vat) => {
    expect(vatContained(total)).toBe(vat);
    expect(priceBeforeVat(total) + vatContained(total)).toBe(total);
  });

  it('takes the price before VAT as the dong nearest to total / 1.1 (never a half)', () => {
    for (let total = 0; total <= 20_000; total += 1) {
      // |before × 11 − total × 10| ≤ 5 means before is within half a dong of total × 10 / 11.
      expect(Math.abs(priceBeforeVat(total) * 11 - total * 10)).toBeLessThanOrEqual(5);
    }
  });

  it('takes a percentage or an amount off, never below zero', () => {
    const percent = (value: number, cap: number | null = null) =>
      ({ discount_type: 'percent', value, max_discount: cap }) as const;
    const fixed = (value: number) =>
      ({ discount_type: 'amount', value, max_discount: null }) as const;
    expect(applyDiscount(300_000, percent(10))).toEqual({ discount: 30_000, total: 270_000 });
    expect(applyDiscount(155_000, percent(10))).toEqual({ discount: 16_000, total: 139_000 });
    expect(applyDiscount(300_000, percent(50, 100_000))).toEqual({
      discount: 100_000,
      total: 200_000,
    });
    expect(applyDiscount(300_000, fixed(50_000))).toEqual({ discount: 50_000, total: 250_000 });
    expect(applyDiscount(30_000, fixed(50_000))).toEqual({ discount: 30_000, total: 0 });
    expect(applyDiscount(30_000, null)).toEqual({ discount: 0, total: 30_000 });
  });

  it('converts dong to dollars at a rate, to the cent', () => {
    expect(toUsd(1_250_000, 25_000)).toBe(50);
    expect(toUsd(100_000, 26_000)).toBe(3.85);
  });
});

describe('the period a first payment covers', () => {
  it('a 12-month order on 23-11-2026 covers the rest of November and 11 months, to 31-10-2027', () => {
    const now = vn('2026-11-23T10:00:00');
    const priced = quote([], 12, now);
    const period = coveredPeriod(new Date(priced.period_start), new Date(priced.period_end));
    expect(period.wholeMonths).toBe(11);
    expect(period.lastInstant).toEqual(new Date(vn('2027-11-01T00:00:00').getTime() - 1));
  });

  it('a 1-month order covers the rest of this month only', () => {
    const now = vn('2026-11-30T23:30:00');
    const priced = quote([], 1, now);
    const period = coveredPeriod(now, new Date(priced.period_end));
    expect(period.wholeMonths).toBe(0);
    expect(period.lastInstant).toEqual(new Date(vn('2026-12-01T00:00:00').getTime() - 1));
  });

  it('a change to a server paid to 01-02-2027 covers the rest of this month and 2 months', () => {
    const now = vn('2026-11-23T10:00:00');
    const end = vn('2027-02-01T00:00:00');
    const priced = quoteUntil([], end, 1, now);
    expect(new Date(priced.period_end)).toEqual(end);
    expect(coveredPeriod(now, end).wholeMonths).toBe(2);
  });

  it('tells the Vietnam month apart at its bounds, whatever the UTC date', () => {
    expect(sameVietnamMonth(vn('2026-11-01T00:00:00'), vn('2026-11-30T23:59:59'))).toBe(true);
    expect(sameVietnamMonth(vn('2026-10-31T23:59:59'), vn('2026-11-01T00:00:00'))).toBe(false);
  });
});

describe("an address's monthly price", () => {
  it('is the IPv4 price for the primary address, which the server order charges for', () => {
    expect(addressMonthlyPrice({ primary: true, price: 0 }, 50_000)).toBe(50_000);
    // An extra address keeps the price it was bought at.
    expect(addressMonthlyPrice({ primary: false, price: 10_000 }, 50_000)).toBe(10_000);
  });
});

describe('quoteRenewal', () => {
  const cpu = { id: 1, name: 'CPU', code: 'cpu', price: 90_000 };
  const ram = { id: 2, name: 'RAM', code: 'ram', price: 60_000 };

  it('charges whole months at the monthly prices, from the end of the paid period', () => {
    const start = new Date('2025-03-31T17:00:00.000Z');
    const end = new Date('2025-06-30T17:00:00.000Z');
    const renewal = quoteRenewal(
      [
        { product: cpu, quantity: 2 },
        { product: ram, quantity: 4 },
      ],
      3,
      start,
      end,
    );
    expect(renewal).toEqual({
      interval_count: 3,
      lines: [
        { product_id: 1, name: 'CPU', quantity: 2, unit_price: 90_000, months: 3, amount: 540_000 },
        { product_id: 2, name: 'RAM', quantity: 4, unit_price: 60_000, months: 3, amount: 720_000 },
      ],
      subtotal: 1_260_000 - vatContained(1_260_000),
      vat: vatContained(1_260_000),
      total: 1_260_000,
      period_start: start.toISOString(),
      period_end: end.toISOString(),
    });
  });
});
