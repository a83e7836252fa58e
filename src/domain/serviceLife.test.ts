import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  DEFAULT_LIFE_POLICY,
  mayRun,
  renewalIssueAt,
  serviceStage,
  suspendAt,
  terminateAt,
  unusedPrepaidValue,
  type ServiceStage,
} from './serviceLife';

const POLICY = DEFAULT_LIFE_POLICY;
/** 1 December 2026 00:00 in Vietnam. */
const PERIOD_END = new Date('2026-11-30T17:00:00.000Z');
const ORDER: ServiceStage[] = ['paid', 'renewal_due', 'overdue', 'suspended', 'terminated'];
const days = (n: number) => n * DAY_MS;

describe('serviceStage', () => {
  it('walks a renewal from paid to terminated at the policy’s days', () => {
    const at = (offsetDays: number) => new Date(PERIOD_END.getTime() + days(offsetDays));
    const facts = { periodEnd: PERIOD_END, unpaidDueDate: PERIOD_END };
    expect(serviceStage({ periodEnd: PERIOD_END, unpaidDueDate: null }, at(-8), POLICY)).toBe(
      'paid',
    );
    expect(serviceStage({ periodEnd: PERIOD_END, unpaidDueDate: null }, at(-7), POLICY)).toBe(
      'renewal_due',
    );
    expect(serviceStage(facts, at(-1), POLICY)).toBe('renewal_due');
    expect(serviceStage(facts, at(0), POLICY)).toBe('overdue');
    expect(serviceStage(facts, at(6.9), POLICY)).toBe('overdue');
    expect(serviceStage(facts, at(7), POLICY)).toBe('suspended');
    expect(serviceStage(facts, at(29.9), POLICY)).toBe('suspended');
    expect(serviceStage(facts, at(30), POLICY)).toBe('terminated');
  });

  it('never moves backwards as time passes, and never suspends a whitelisted account', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60, max: 60 }),
        fc.integer({ min: 0, max: days(90) }),
        fc.integer({ min: 0, max: days(90) }),
        fc.boolean(),
        (dueOffsetDays, first, later, whitelisted) => {
          const unpaidDueDate = new Date(PERIOD_END.getTime() + days(dueOffsetDays));
          const facts = { periodEnd: PERIOD_END, unpaidDueDate, whitelisted };
          const start = PERIOD_END.getTime() - days(45);
          const a = serviceStage(facts, new Date(start + first), POLICY);
          const b = serviceStage(facts, new Date(start + first + later), POLICY);
          expect(ORDER.indexOf(b)).toBeGreaterThanOrEqual(ORDER.indexOf(a));
          if (whitelisted) expect(mayRun(b)).toBe(true);
        },
      ),
    );
  });

  it('keeps a paid resource running: without an unpaid invoice it is never suspended', () => {
    fc.assert(
      fc.property(fc.integer({ min: -days(400), max: days(400) }), (offset) => {
        const stage = serviceStage(
          { periodEnd: PERIOD_END, unpaidDueDate: null },
          new Date(PERIOD_END.getTime() + offset),
          POLICY,
        );
        expect(mayRun(stage)).toBe(true);
      }),
    );
  });

  it('orders its dates: notice before the due date, grace before termination', () => {
    expect(renewalIssueAt(PERIOD_END, POLICY).getTime()).toBe(PERIOD_END.getTime() - days(7));
    expect(suspendAt(PERIOD_END, POLICY).getTime()).toBeLessThan(
      terminateAt(PERIOD_END, POLICY).getTime(),
    );
  });
});

describe('unusedPrepaidValue', () => {
  it('is what the whole days left are worth, each at its month’s daily price, rounded to 1000', () => {
    // 10 whole days left of November (30 days): 300.000 × 10 / 30.
    const now = new Date(PERIOD_END.getTime() - days(10) - 3600_000);
    expect(unusedPrepaidValue(300_000, PERIOD_END, now)).toBe(100_000);
  });

  it('does not count a started day, and is 0 once the period has ended or without one', () => {
    expect(unusedPrepaidValue(300_000, PERIOD_END, new Date(PERIOD_END.getTime() - 3600_000))).toBe(
      0,
    );
    expect(unusedPrepaidValue(300_000, PERIOD_END, PERIOD_END)).toBe(0);
    expect(unusedPrepaidValue(300_000, null, PERIOD_END)).toBe(0);
  });

  it('prices days of two months by their own month’s length', () => {
    // From 1 February to 1 April 2026 (Vietnam): 28 + 31 days, worth two whole months.
    const end = new Date('2026-03-31T17:00:00.000Z');
    const now = new Date('2026-01-31T17:00:00.000Z');
    expect(unusedPrepaidValue(310_000, end, now)).toBe(620_000);
  });

  it('never grows as time passes and never exceeds the months left at the monthly price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000_000 }),
        fc.integer({ min: 0, max: days(400) }),
        fc.integer({ min: 0, max: days(40) }),
        (monthly, before, step) => {
          const now = new Date(PERIOD_END.getTime() - before);
          const value = unusedPrepaidValue(monthly, PERIOD_END, now);
          const later = unusedPrepaidValue(monthly, PERIOD_END, new Date(now.getTime() + step));
          expect(later).toBeLessThanOrEqual(value);
          // At most one rounding of 500 per month touched, over the months' worth.
          const monthsTouched = Math.ceil(before / days(28)) + 1;
          expect(value).toBeLessThanOrEqual(
            Math.ceil((monthly * before) / days(28)) + 500 * monthsTouched,
          );
        },
      ),
    );
  });
});
