/**
 * What one run of the service life cycle (billing/lifecycle.ts) did: how many invoices it issued,
 * paid from balances, reminded of, and how many resources it suspended, resumed or terminated.
 * The sandbox clock page shows it after each move.
 */
export interface LifecycleReport {
  /** Renewal invoices issued (RENEWAL_NOTICE_DAYS before a period ends). */
  renewalsIssued: number;
  /** Bills that end a trial, issued at the trial's end. */
  trialsBilled: number;
  /** Invoices paid from the balance on their due date (auto-pay). */
  autoPaid: number;
  /** Reminders mailed before a due date the balance does not cover. */
  reminders: number;
  /** Invoices that passed their due date unpaid (overdue mail sent). */
  overdue: number;
  /** Resources suspended after the grace period. */
  suspended: number;
  /** Resources resumed because their invoice was paid. */
  resumed: number;
  /** Resources terminated (deleted) long after an unpaid due date. */
  terminated: number;
}

export const emptyLifecycleReport = (): LifecycleReport => ({
  renewalsIssued: 0,
  trialsBilled: 0,
  autoPaid: 0,
  reminders: 0,
  overdue: 0,
  suspended: 0,
  resumed: 0,
  terminated: 0,
});
