/**
 * The sandbox's side of a service's life (src/domain/serviceLife.ts): one sweep that, at `now`,
 * takes every account's resources and bills as far along their life as time has gone:
 *
 * 1. a trial that has ended gets its one bill (billing/trial.ts `issueTrialBill`);
 * 2. a paid period inside its notice window gets its renewal invoice (billing/renewals.ts);
 * 3. each open renewal or trial bill, by its due date: a reminder the day before when the balance
 *    would not pay it; on the due date, paid from the balance when auto-pay is on and the
 *    balance covers it, else an overdue mail; past the grace period, its resources suspended;
 *    long past, its resources terminated and the invoice cancelled.
 *
 * Every step mails the customer once (the invoice or resource row remembers it) and is guarded in
 * its UPDATE, and the whole sweep is one immediate write transaction, so sweeps that overlap (two
 * clock moves, the timer and a move) do each thing once. Paying goes through `payOpenInvoice`,
 * the one path every invoice payment takes (one ledger row; resumes what the invoice suspended).
 *
 * `sweepLifecycle` runs it when the app starts, after each move of the sandbox clock and every
 * LIFECYCLE_SWEEP_MS, once a day through any time the sweeps skipped.
 */
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_LIFE_POLICY,
  reminderAt,
  suspendAt,
  terminateAt,
  type LifePolicy,
} from '../../src/domain/serviceLife';
import type { Db } from '../platform/db';
import { DAY_MS } from '../platform/clock';
import { payOpenInvoice } from './invoices';
import { deleteSnapshot, deleteVolume, settleResources } from './resourceHooks';
import { emptyLifecycleReport, type LifecycleReport } from './lifecycleReport';
import {
  mailInvoiceAutoPaid,
  mailInvoiceIssued,
  mailInvoiceOverdue,
  mailInvoiceReminder,
  mailResourcesSuspended,
  mailResourcesTerminated,
  mailSnapshotInvoiceOverdue,
} from './billingMails';
import {
  cancelRenewalsOfDeletedResources,
  dueRenewals,
  issueRenewal,
  type RenewedType,
} from './renewals';
import { issueTrialBill } from './trial';
import { findUserById } from '../auth/users';
import { PROVIDER, recordBy } from '../auth/activity';
import { invoiceCode } from './orderRows';
import { type UserRow } from '../auth/userRows';

/** How often the running sandbox sweeps. */
export const LIFECYCLE_SWEEP_MS = 60_000;

/** When the last sweep ran, in `sandbox_settings`: the next one starts from there. */
const SWEPT_AT_KEY = 'lifecycle_swept_at';

interface BillRow {
  id: number;
  user_id: number;
  amount: number;
  created_at: string;
  due_date: string;
  description: string;
  resource_type: RenewedType | null;
  resource_id: number | null;
  trial_period_end: string | null;
  reminded_at: string | null;
  overdue_mailed_at: string | null;
}

interface ResourceRef {
  table: 'servers' | 'volumes' | 'snapshots';
  id: number;
  name: string;
  suspended_at: string | null;
}

/** Runs the life cycle up to `now`; answers what it did. */
export function runLifecycle(
  db: Db,
  now: Date,
  policy: LifePolicy = DEFAULT_LIFE_POLICY,
): LifecycleReport {
  return db.transaction((): LifecycleReport => {
    const report = emptyLifecycleReport();
    settleResources(db, now);
    cancelRenewalsOfDeletedResources(db, now.toISOString());
    billEndedTrials(db, now, policy, report);
    issueRenewals(db, now, policy, report);
    for (const bill of openBills(db)) followBill(db, bill, now, policy, report);
    return report;
  })();
}

/**
 * Runs the life cycle through the time since the last sweep: once a day, then at `now`. A clock
 * moved by weeks, or a sandbox stopped for days, would otherwise have everything that fell due in
 * between happen at `now` in one sweep — a renewal issued after its due date, paid the same
 * instant, and the next period's renewal left for a later sweep. Day by day, each invoice, payment
 * and mail is dated on the day it fell due and every skipped period is renewed. One transaction;
 * the report adds up the days'.
 */
export function sweepLifecycle(
  db: Db,
  now: Date,
  policy: LifePolicy = DEFAULT_LIFE_POLICY,
): LifecycleReport {
  return db.transaction((): LifecycleReport => {
    const report = emptyLifecycleReport();
    for (const at of sweepTimes(lastSweptAt(db), now)) {
      const day = runLifecycle(db, at, policy);
      for (const key of Object.keys(report) as (keyof LifecycleReport)[]) report[key] += day[key];
    }
    db.prepare(
      `INSERT INTO sandbox_settings (key, value) VALUES (?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    ).run(SWEPT_AT_KEY, now.toISOString());
    return report;
  })();
}

function lastSweptAt(db: Db): Date | undefined {
  const value = db
    .prepare('SELECT value FROM sandbox_settings WHERE key = ?')
    .pluck()
    .get(SWEPT_AT_KEY) as string | undefined;
  return value === undefined ? undefined : new Date(value);
}

/** A day after `from`, each day after that before `now`, and `now`; only `now` without `from`. */
function sweepTimes(from: Date | undefined, now: Date): Date[] {
  const times: Date[] = [];
  if (from) {
    for (let at = from.getTime() + DAY_MS; at < now.getTime(); at += DAY_MS) {
      times.push(new Date(at));
    }
  }
  times.push(now);
  return times;
}

/**
 * An ended trial without an open bill gets one; an open bill whose month has ended is replaced by
 * one that runs to the end of this month (keeping its due date and the mails already sent), so the
 * one bill there is always pays the trial's resources up to now — unless they are suspended for
 * it: a month they stood still is not billed, and the bill that suspended them stays the one their
 * termination names. A replacement already past its due date is mailed as overdue, not as issued.
 */
function billEndedTrials(db: Db, now: Date, policy: LifePolicy, report: LifecycleReport): void {
  const at = now.toISOString();
  const stale = (
    db
      .prepare(
        `SELECT i.id, i.user_id, i.due_date, i.reminded_at, i.overdue_mailed_at, u.is_in_whitelist
           FROM invoices i JOIN users u ON u.id = i.user_id
          WHERE i.status = 'open' AND i.trial_period_end IS NOT NULL AND i.trial_period_end <= ?`,
      )
      .all(at) as {
      id: number;
      user_id: number;
      due_date: string;
      reminded_at: string | null;
      overdue_mailed_at: string | null;
      is_in_whitelist: 0 | 1;
    }[]
  ).filter(
    (bill) => bill.is_in_whitelist === 1 || now < suspendAt(new Date(bill.due_date), policy),
  );
  for (const bill of stale) {
    db.prepare(`UPDATE invoices SET status = 'cancelled' WHERE id = ?`).run(bill.id);
  }
  const ended = db
    .prepare(
      `SELECT u.id, u.trial_end FROM users u
        WHERE u.trial_start IS NOT NULL AND u.trial_end <= ?
          AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.user_id = u.id
                             AND i.status = 'open' AND i.trial_period_end IS NOT NULL)`,
    )
    .all(at) as { id: number; trial_end: string }[];
  for (const { id, trial_end: trialEnd } of ended) {
    const bill = issueTrialBill(db, id, new Date(trialEnd), now);
    if (!bill) continue;
    const replaced = stale.find((old) => old.user_id === id);
    if (replaced) {
      db.prepare('UPDATE invoices SET reminded_at = ?, overdue_mailed_at = ? WHERE id = ?').run(
        replaced.reminded_at,
        replaced.overdue_mailed_at,
        bill.id,
      );
    }
    report.trialsBilled += 1;
    if (replaced && new Date(replaced.due_date) <= now) {
      mailReplacedOverdue(db, bill.id, replaced.is_in_whitelist === 1 ? null : policy, now);
    } else {
      mailIssued(db, bill.id, now);
    }
  }
}

/** A replaced bill past its due date: overdue from the start, with its suspension day if any. */
function mailReplacedOverdue(db: Db, invoiceId: number, policy: LifePolicy | null, now: Date) {
  const bill = billById(db, invoiceId);
  const user = findUserById(db, bill.user_id);
  const suspension = policy ? suspendAt(new Date(bill.due_date), policy) : null;
  if (user) mailInvoiceOverdue(db, user, bill, suspension, now);
}

function issueRenewals(db: Db, now: Date, policy: LifePolicy, report: LifecycleReport): void {
  for (const renewal of dueRenewals(db, now, policy)) {
    const id = issueRenewal(db, renewal, now);
    if (id === undefined) continue;
    report.renewalsIssued += 1;
    mailIssued(db, id, now);
  }
}

function mailIssued(db: Db, invoiceId: number, now: Date): void {
  const bill = billById(db, invoiceId);
  const user = findUserById(db, bill.user_id);
  if (user) mailInvoiceIssued(db, user, bill, now);
}

const BILL_COLUMNS = `id, user_id, amount, created_at, due_date, description, resource_type,
  resource_id, trial_period_end, reminded_at, overdue_mailed_at`;

function billById(db: Db, id: number): BillRow {
  return db.prepare(`SELECT ${BILL_COLUMNS} FROM invoices WHERE id = ?`).get(id) as BillRow;
}

/** Open renewals and trial bills, the earliest due first. Orders' invoices are paid at once. */
function openBills(db: Db): BillRow[] {
  return db
    .prepare(
      `SELECT ${BILL_COLUMNS} FROM invoices
        WHERE status = 'open' AND (renewal_period_end IS NOT NULL OR trial_period_end IS NOT NULL)
        ORDER BY due_date, id`,
    )
    .all() as BillRow[];
}

function followBill(
  db: Db,
  bill: BillRow,
  now: Date,
  policy: LifePolicy,
  report: LifecycleReport,
): void {
  const user = findUserById(db, bill.user_id);
  if (!user) return;
  const due = new Date(bill.due_date);
  const covered = user.balance >= bill.amount;

  if (now >= due) {
    if (user.auto_pay_renewals === 1 && covered && autoPay(db, user, bill, now, report)) return;
    if (bill.overdue_mailed_at === null && markMailed(db, bill.id, 'overdue_mailed_at', now)) {
      report.overdue += 1;
      const trusted = user.is_in_whitelist === 1;
      if (bill.resource_type === 'snapshot' && !trusted) {
        mailSnapshotInvoiceOverdue(db, user, bill, terminateAt(due, policy), now);
      } else {
        mailInvoiceOverdue(db, user, bill, trusted ? null : suspendAt(due, policy), now);
      }
    }
  } else if (now >= reminderAt(due) && !(user.auto_pay_renewals === 1 && covered)) {
    if (bill.reminded_at === null && markMailed(db, bill.id, 'reminded_at', now)) {
      report.reminders += 1;
      mailInvoiceReminder(db, user, bill, now);
    }
    return;
  } else {
    return;
  }

  // Whitelisted accounts are trusted to pay late: never suspended or terminated.
  if (user.is_in_whitelist === 1) return;
  const resources = resourcesOf(db, bill);
  if (now >= terminateAt(due, policy)) {
    terminate(db, bill, resources, now);
    report.terminated += resources.length;
    mailResourcesTerminated(
      db,
      user,
      bill,
      resources.map((resource) => resource.name),
      now,
    );
    return;
  }
  if (now >= suspendAt(due, policy)) {
    const newlySuspended = resources.filter((resource) => suspend(db, resource, now));
    if (newlySuspended.length) {
      report.suspended += newlySuspended.length;
      mailResourcesSuspended(
        db,
        user,
        bill,
        newlySuspended.map((resource) => resource.name),
        terminateAt(due, policy),
        now,
      );
    }
  }
}

/** Pays the bill from the balance; false (and nothing changed) when the payment is refused. */
function autoPay(
  db: Db,
  user: UserRow,
  bill: BillRow,
  now: Date,
  report: LifecycleReport,
): boolean {
  try {
    const paid = payOpenInvoice(db, user.id, bill.id, undefined, now);
    report.autoPaid += 1;
    report.resumed += paid.resumed;
    mailInvoiceAutoPaid(db, user, bill, paid, now);
    return true;
  } catch {
    return false;
  }
}

function markMailed(
  db: Db,
  invoiceId: number,
  column: 'reminded_at' | 'overdue_mailed_at',
  now: Date,
): boolean {
  return (
    db
      .prepare(`UPDATE invoices SET ${column} = ? WHERE id = ? AND ${column} IS NULL`)
      .run(now.toISOString(), invoiceId).changes === 1
  );
}

/** The live resources an unpaid bill stands for: its renewal's, or a trial's resources. */
function resourcesOf(db: Db, bill: BillRow): ResourceRef[] {
  const select = (table: ResourceRef['table'], where: string, ...params: unknown[]) =>
    (
      db
        .prepare(
          `SELECT id, name, suspended_at FROM ${table} WHERE deleted_at IS NULL AND ${where}`,
        )
        .all(...params) as Omit<ResourceRef, 'table'>[]
    ).map((row) => ({ ...row, table }));
  if (bill.trial_period_end !== null) {
    return [
      ...select('servers', 'user_id = ? AND expiry IS NULL', bill.user_id),
      ...select('volumes', 'user_id = ? AND expiry IS NULL', bill.user_id),
    ];
  }
  if (bill.resource_type === 'server') return select('servers', 'id = ?', bill.resource_id);
  if (bill.resource_type === 'volume') return select('volumes', 'id = ?', bill.resource_id);
  if (bill.resource_type === 'snapshot') {
    return (
      db
        .prepare(`SELECT id, name FROM snapshots WHERE deleted_at IS NULL AND id = ?`)
        .all(bill.resource_id) as { id: number; name: string }[]
    ).map((row) => ({ ...row, suspended_at: null, table: 'snapshots' as const }));
  }
  return [];
}

/**
 * Suspends a resource not suspended yet (a server is powered off); true when it did. A snapshot
 * is a copy nothing runs on: it is kept as it is until it is terminated.
 */
function suspend(db: Db, resource: ResourceRef, now: Date): boolean {
  if (resource.table === 'snapshots') return false;
  const powerOff =
    resource.table === 'servers' ? `, status_before_suspension = status, status = 'shutoff'` : '';
  return (
    db
      .prepare(
        `UPDATE ${resource.table} SET suspended_at = ?${powerOff}
          WHERE id = ? AND suspended_at IS NULL AND deleted_at IS NULL`,
      )
      .run(now.toISOString(), resource.id).changes === 1
  );
}

/**
 * Deletes the bill's resources as a customer's delete would (a server keeps its data volumes,
 * detached; they have periods of their own) and cancels the bill: the period was never used.
 */
function terminate(db: Db, bill: BillRow, resources: ResourceRef[], now: Date): void {
  const at = now.toISOString();
  for (const resource of resources) {
    if (resource.table === 'servers') {
      // In the customer's activity log, done by the provider and saying why.
      const server = db
        .prepare('SELECT name FROM servers WHERE id = ? AND deleted_at IS NULL')
        .get(resource.id) as { name: string } | undefined;
      if (server) {
        recordBy(db, bill.user_id, 'server_terminated', now, PROVIDER, {
          server: server.name,
          invoice: invoiceCode(bill),
        });
      }
      db.prepare(
        `UPDATE servers SET delete_volumes = 0, task = 'delete', task_started_at = ?,
           task_ends_at = ? WHERE id = ? AND deleted_at IS NULL`,
      ).run(at, at, resource.id);
    } else if (resource.table === 'volumes') {
      deleteVolume(db, resource.id, now);
    } else {
      deleteSnapshot(db, resource.id, now);
    }
  }
  settleResources(db, now);
  db.prepare(`UPDATE invoices SET status = 'cancelled' WHERE id = ? AND status = 'open'`).run(
    bill.id,
  );
  if (bill.trial_period_end !== null) {
    db.prepare('UPDATE users SET trial_start = NULL, trial_end = NULL WHERE id = ?').run(
      bill.user_id,
    );
  }
}

/** Sweeps now, then every LIFECYCLE_SWEEP_MS until the app closes. */
export function scheduleLifecycleSweeps(
  app: FastifyInstance,
  db: Db,
  now: () => Date,
  policy: LifePolicy = DEFAULT_LIFE_POLICY,
): void {
  sweepLifecycle(db, now(), policy);
  const timer = setInterval(() => {
    if (!db.open) return;
    try {
      sweepLifecycle(db, now(), policy);
    } catch (error) {
      app.log.error({ err: error }, 'life-cycle sweep failed');
    }
  }, LIFECYCLE_SWEEP_MS);
  // The sweep never keeps the process alive, and stops before the database closes.
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
  });
}
