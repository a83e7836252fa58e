/**
 * A service's life, one model for the sandbox, the portal's wording and the tests:
 *
 *   ordered → paid period → renewal due → paid (next period)
 *                                       ↘ overdue → suspended → resumed on payment
 *                                                             ↘ terminated → deleted
 *
 * - A paid period ends at `periodEnd` (exclusive). RENEWAL_NOTICE_DAYS before it, the renewal
 *   invoice for the next period is issued and mailed; it is due when the period ends.
 * - The day before the due date a reminder is mailed when the balance would not pay it.
 * - On the due date it is paid from the balance when the account's auto-pay is on and the
 *   balance covers it; otherwise it is overdue: the account's new actions are blocked
 *   (src/domain/permissions.ts) and a mail says so.
 * - GRACE_DAYS after the due date, still unpaid, the resource is suspended (a server is powered
 *   off and takes no action); paying the invoice resumes it.
 * - TERMINATE_AFTER_DAYS after the due date, still unpaid, the resource is terminated: deleted,
 *   its invoice cancelled (the period was never used), a mail sent.
 * - A trial is a period that ends in exactly one bill: at the trial's end one invoice is issued
 *   for its resources from then to the end of that month, due at once; paying it (or upgrading)
 *   ends the trial. It follows the same overdue → suspended → terminated path.
 *
 * Whitelisted accounts are never suspended or terminated (they are trusted to pay late, as the
 * action check trusts them).
 */
import { roundToThousand } from './pricing';
import { vietnamMonthStartAfter } from './vietnamTime';

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface LifePolicy {
  /** Days before a period ends that its renewal invoice is issued. */
  renewalNoticeDays: number;
  /** Days after an unpaid due date until the resource is suspended. */
  graceDays: number;
  /** Days after an unpaid due date until the resource is terminated. */
  terminateAfterDays: number;
}

export const DEFAULT_LIFE_POLICY: LifePolicy = {
  renewalNoticeDays: 7,
  graceDays: 7,
  terminateAfterDays: 30,
};

/** A reminder goes this long before the due date when the balance would not pay the invoice. */
export const REMINDER_BEFORE_DUE_MS = DAY_MS;

export type ServiceStage =
  /** Inside a paid period, no renewal issued yet. */
  | 'paid'
  /** The renewal is issued (or due to be) and its due date has not come. */
  | 'renewal_due'
  /** Unpaid past its due date, inside the grace period: new actions are blocked. */
  | 'overdue'
  /** Unpaid past the grace period: powered off until paid. */
  | 'suspended'
  /** Unpaid long past the due date: the resource is deleted. */
  | 'terminated';

export const renewalIssueAt = (periodEnd: Date, policy: LifePolicy): Date =>
  new Date(periodEnd.getTime() - policy.renewalNoticeDays * DAY_MS);

/** A renewal is due when the period it renews ends. */
export const renewalDueDate = (periodEnd: Date): Date => periodEnd;

export const reminderAt = (dueDate: Date): Date =>
  new Date(dueDate.getTime() - REMINDER_BEFORE_DUE_MS);

export const suspendAt = (dueDate: Date, policy: LifePolicy): Date =>
  new Date(dueDate.getTime() + policy.graceDays * DAY_MS);

export const terminateAt = (dueDate: Date, policy: LifePolicy): Date =>
  new Date(dueDate.getTime() + policy.terminateAfterDays * DAY_MS);

export interface ServiceFacts {
  /** The end of the paid period; null for a resource that has none (on a running trial). */
  periodEnd: Date | null;
  /** The due date of the resource's oldest unpaid invoice, if any. */
  unpaidDueDate: Date | null;
  /** A whitelisted account's resource is never suspended or terminated. */
  whitelisted?: boolean;
}

/** Where a resource stands at `now`. */
export function serviceStage(facts: ServiceFacts, now: Date, policy: LifePolicy): ServiceStage {
  const at = now.getTime();
  if (facts.unpaidDueDate) {
    const due = facts.unpaidDueDate;
    if (at < due.getTime()) return 'renewal_due';
    if (facts.whitelisted) return 'overdue';
    if (at < suspendAt(due, policy).getTime()) return 'overdue';
    if (at < terminateAt(due, policy).getTime()) return 'suspended';
    return 'terminated';
  }
  if (facts.periodEnd && at >= renewalIssueAt(facts.periodEnd, policy).getTime()) {
    return 'renewal_due';
  }
  return 'paid';
}

/** Whether a resource at this stage may run (a suspended or terminated one may not). */
export const mayRun = (stage: ServiceStage): boolean =>
  stage !== 'suspended' && stage !== 'terminated';

/**
 * What the whole days left of a paid period are worth at `monthly` dong a month: each day counts
 * 1/days-in-its-Vietnam-month of the monthly price; the days of each month are rounded to 1000
 * (spec §9) and added up. A started day is not a whole day. 0 once the period has ended.
 */
export function unusedPrepaidValue(monthly: number, periodEnd: Date | null, now: Date): number {
  if (!periodEnd || monthly <= 0) return 0;
  const wholeDays = Math.floor((periodEnd.getTime() - now.getTime()) / DAY_MS);
  if (wholeDays <= 0) return 0;
  // Walk back from the end, day by day, counting the days that fall in each Vietnam month.
  const daysByMonth = new Map<number, { days: number; daysInMonth: number }>();
  for (let day = 1; day <= wholeDays; day += 1) {
    const dayStart = new Date(periodEnd.getTime() - day * DAY_MS);
    const monthStart = vietnamMonthStartAfter(dayStart, 0);
    const key = monthStart.getTime();
    const entry = daysByMonth.get(key) ?? {
      days: 0,
      daysInMonth: Math.round(
        (vietnamMonthStartAfter(dayStart, 1).getTime() - monthStart.getTime()) / DAY_MS,
      ),
    };
    entry.days += 1;
    daysByMonth.set(key, entry);
  }
  let total = 0;
  for (const { days, daysInMonth } of daysByMonth.values()) {
    total += roundToThousand(monthly * days, daysInMonth);
  }
  return total;
}
