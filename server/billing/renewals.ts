/**
 * Renewal invoices (the "renewal due" step of src/domain/serviceLife.ts). RENEWAL_NOTICE_DAYS
 * before a resource's paid period (its `expiry`) ends, the account gets one open invoice for the
 * next period: the resource's plan price (monthly price × interval, the numbers the Services tab
 * shows), due when the period ends; from then on it is overdue and blocks the account's actions
 * (src/domain/permissions). Paying it (payOpenInvoice, the one path every invoice payment takes)
 * moves the expiry to the end of the period it paid for and resumes the resource if it was
 * suspended. The rest of the life cycle (auto-pay, reminders, suspension) is billing/lifecycle.ts.
 *
 * What is renewed: live servers, live volumes and the snapshots customers took (month by month;
 * the weekly auto-snapshots are free), each on its own invoice. Extra IP addresses have no period
 * of their own (a server's addresses run to the server's expiry, see packages.ts), so a server's
 * renewal also charges its extra addresses. A renewal still open when its resource is deleted is
 * cancelled: the period it asked for will not be used.
 *
 * An open renewal for a period not yet begun always prices its resource as it is: when the plan
 * changes (resized, grown, an address added or released, rebuilt off a licence), it is issued
 * again at the new plan (`reissueOpenRenewals`). A period whose price is settled (paid, or begun
 * and billed) keeps it, and the change itself is charged up to the end of the last such period
 * (pricedState.ts `changePricedUntil`). So a shrunk server or a released address is not renewed at
 * the old price, and growth is never paid twice for the same days.
 *
 * The next period is invoiced only once the last one is paid, except for a whitelisted account
 * (trusted to pay late, never suspended or terminated): its periods are invoiced one after another
 * whether or not the earlier ones are paid, so its resources never run unbilled.
 *
 * Issuing is idempotent: the unique index on (resource, renewal_period_end) among invoices not
 * cancelled lets one invoice per resource per period exist, whatever runs at the same time.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { periodDays } from '../../src/domain/periods';
import type { IntervalCount } from '../../src/domain/pricing';
import { DAY_MS, renewalDueDate, type LifePolicy } from '../../src/domain/serviceLife';
import type { Db } from '../platform/db';
import { issueInvoice, type NewInvoiceLine } from './invoiceDocument';
import { translator } from '../platform/i18n';
import { mailInvoiceIssued, mailResourceResumed, type MailedInvoice } from './billingMails';
import { accountPackages } from './packages';
import { findUserById } from '../auth/users';
import type { ServerRow, VolumeRow } from './resourceRows';

dayjs.extend(utc);

/** Vietnam is UTC+7 all year (see src/domain/vietnamTime.ts). */
const VIETNAM_UTC_OFFSET_MINUTES = 7 * 60;

/**
 * `months` calendar months after `instant` on Vietnam's wall clock: a period that ends at a
 * Vietnam month start (as every order's does) renews to a month start; one that ends mid-month
 * renews to the same day and hour (the last day of a shorter month).
 */
export function vietnamMonthsAfter(instant: Date, months: number): Date {
  return dayjs
    .utc(instant)
    .add(VIETNAM_UTC_OFFSET_MINUTES, 'minute')
    .add(months, 'month')
    .subtract(VIETNAM_UTC_OFFSET_MINUTES, 'minute')
    .toDate();
}

export type RenewedType = 'server' | 'volume' | 'snapshot';

export interface DueRenewal {
  userId: number;
  resourceType: RenewedType;
  resourceId: number;
  amount: number;
  description: string;
  /** What is renewed, as its invoice line names it, e.g. "web-01 (+1 IP)". */
  name: string;
  months: IntervalCount;
  /** The current period's end: the renewal's period starts there. */
  periodStart: string;
  periodEnd: string;
  dueDate: string;
}

/**
 * SQL, over rows of `type` aliased `r`: `r.*` with `billed_until`, the end of the last period its
 * renewals bill (paid or open), else its own paid period's end; only those whose next period is
 * due by @at — for a whitelisted account, whatever is still unpaid; for any other, none unpaid.
 */
const DUE_FOR_RENEWAL = (type: RenewedType, table: string, live: string) => `
  SELECT * FROM (
    SELECT r.*, COALESCE((SELECT MAX(i.renewal_period_end) FROM invoices i
                          WHERE i.resource_type = '${type}' AND i.resource_id = r.id
                            AND i.status <> 'cancelled' AND i.renewal_period_end > r.expiry),
                         r.expiry) AS billed_until
      FROM ${table} r WHERE r.expiry IS NOT NULL AND ${live}) r
   WHERE r.billed_until <= @at
     AND (r.billed_until = r.expiry
          OR EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id AND u.is_in_whitelist = 1))`;

type Billed<Row> = Row & { billed_until: string };

/**
 * The renewals to issue at `now` (periods ending within the policy's notice) that have no invoice
 * yet. Settle the servers first.
 */
export function dueRenewals(db: Db, now: Date, policy: LifePolicy): DueRenewal[] {
  // A period ending by this instant is inside its notice window (renewalIssueAt ≤ now).
  const at = new Date(now.getTime() + policy.renewalNoticeDays * DAY_MS).toISOString();
  const servers = db
    .prepare(
      DUE_FOR_RENEWAL('server', 'servers', `r.deleted_at IS NULL AND r.task IS NOT 'delete'`),
    )
    .all({ at }) as Billed<ServerRow>[];
  const volumes = db
    .prepare(DUE_FOR_RENEWAL('volume', 'volumes', 'r.deleted_at IS NULL'))
    .all({ at }) as Billed<VolumeRow>[];
  const snapshots = (
    db
      .prepare(DUE_FOR_RENEWAL('snapshot', 'snapshots', 'r.deleted_at IS NULL AND r.auto = 0'))
      .all({ at }) as Billed<RenewedRow>[]
  ).map((snapshot) => ({ ...snapshot, interval_count: 1 as const })); // month by month (packages.ts)
  if (!servers.length && !volumes.length && !snapshots.length) return [];

  const planPrice = planPricesOf(
    db,
    [...servers, ...volumes, ...snapshots].map((row) => row.user_id),
    now,
  );
  const due = (type: RenewedType, row: Billed<RenewedRow>) => {
    const { name, amount } = renewedPlan(db, type, row, planPrice);
    return renewal(row, row.billed_until, type, name, amount);
  };
  return [
    ...servers.map((server) => due('server', server)),
    ...volumes.map((volume) => due('volume', volume)),
    ...snapshots.map((snapshot) => due('snapshot', snapshot)),
  ];
}

/** What a renewal needs of the resource it renews. */
type RenewedRow = Pick<ServerRow, 'id' | 'user_id' | 'name' | 'interval_count' | 'expiry'>;

type PlanPrice = (type: RenewedType | 'ip', id: number) => number;

/**
 * What the resource's renewal charges at its plan as it is now, and the name its line gives it: a
 * server's extra addresses are renewed with it, "web-01 (+1 IP)".
 */
function renewedPlan(
  db: Db,
  type: RenewedType,
  row: Pick<RenewedRow, 'id' | 'name'>,
  planPrice: PlanPrice,
): { name: string; amount: number } {
  if (type !== 'server') return { name: row.name, amount: planPrice(type, row.id) };
  const ips = db
    .prepare('SELECT id FROM ips WHERE server_id = ? AND is_primary = 0')
    .pluck()
    .all(row.id) as number[];
  return {
    name: ips.length ? `${row.name} (+${ips.length} IP)` : row.name,
    amount: ips.reduce((sum, id) => sum + planPrice('ip', id), planPrice('server', row.id)),
  };
}

/** A renewal's text, stored in Vietnamese like every invoice the sandbox writes. */
export function renewalDescription(name: string, months: number, start: Date, end: Date): string {
  const period = translator('vi')('periods.from_through', periodDays(start, end));
  return `${name}: gia hạn ${months} tháng (${period})`;
}

/** The renewal of the period that starts at `periodStart`, for `amount`. */
function renewal(
  row: { id: number; user_id: number; interval_count: IntervalCount },
  periodStart: string,
  resourceType: RenewedType,
  name: string,
  amount: number,
): DueRenewal {
  const start = new Date(periodStart);
  const end = vietnamMonthsAfter(start, row.interval_count);
  return {
    userId: row.user_id,
    resourceType,
    resourceId: row.id,
    amount,
    description: renewalDescription(name, row.interval_count, start, end),
    name,
    months: row.interval_count,
    periodStart: start.toISOString(),
    periodEnd: end.toISOString(),
    dueDate: renewalDueDate(start).toISOString(),
  };
}

/**
 * The plan price (monthly × interval) of every package of these accounts: the packages are what
 * the Services tab shows, so an invoice can never disagree with it.
 */
function planPricesOf(db: Db, userIds: number[], now: Date): PlanPrice {
  const prices = new Map<string, number>();
  for (const userId of new Set(userIds)) {
    const account = findUserById(db, userId);
    if (!account) continue;
    for (const item of accountPackages(db, account, {}, now)) {
      prices.set(`${item.resource_type}:${item.resource_id}`, item.plan.price);
    }
  }
  return (type, id) => {
    const price = prices.get(`${type}:${id}`);
    if (price === undefined) throw new Error(`No package for ${type} ${id}`);
    return price;
  };
}

/** Issues the renewal's open invoice; answers its id, or undefined when the period has one. */
export function issueRenewal(db: Db, renewal: DueRenewal, now: Date): number | undefined {
  return issueInvoice(db, {
    userId: renewal.userId,
    status: 'open',
    createdAt: now,
    dueDate: new Date(renewal.dueDate),
    resource: { type: renewal.resourceType, id: renewal.resourceId },
    renewalPeriodEnd: renewal.periodEnd,
    lines: [renewalLine(renewal)],
  })?.id;
}

/** "web-01: gia hạn 1 tháng (từ … đến hết …)": the interval's months from the period's end. */
export const renewalLine = (
  renewal: Pick<DueRenewal, 'name' | 'months' | 'amount' | 'periodStart' | 'periodEnd'>,
): NewInvoiceLine => ({
  kind: 'item',
  text: {
    key: 'invoice_document.line.renewal',
    params: {
      name: renewal.name,
      months: renewal.months,
      period: {
        key: 'periods.from_through',
        params: periodDays(renewal.periodStart, renewal.periodEnd),
      },
    },
  },
  unitPrice: renewal.amount,
  quantity: 1,
  periodMonths: renewal.months,
  periodStart: renewal.periodStart,
  periodEnd: renewal.periodEnd,
  amount: renewal.amount,
});

const RENEWED_TABLE = { server: 'servers', volume: 'volumes', snapshot: 'snapshots' } as const;

interface OpenRenewal {
  id: number;
  user_id: number;
  amount: number;
  due_date: string;
  reminded_at: string | null;
  overdue_mailed_at: string | null;
  text_params: string;
  period_months: IntervalCount;
  period_start: string;
  period_end: string;
}

/**
 * Issues again, at the plan as it is now, each open renewal of a resource whose plan has just
 * changed (resized, grown, an address added or released, rebuilt off a licence) for a period that
 * has not begun: an invoice never changes once issued (invoiceDocument.ts), so the old one is
 * cancelled and a new one issued for the same period and due date, keeping the reminders already
 * mailed, and mailed. A period already begun (a whitelisted account's, unpaid) keeps the price of
 * what it used; the change is charged through it instead (pricedState.ts `changePricedUntil`).
 * Nothing happens when the price and the line's name are what they were. Call it inside the
 * change's transaction, after the change's own payment.
 */
export function reissueOpenRenewals(
  db: Db,
  type: RenewedType,
  resourceId: number,
  now: Date,
): void {
  const open = db
    .prepare(
      `SELECT i.id, i.user_id, i.amount, i.due_date, i.reminded_at, i.overdue_mailed_at,
              l.text_params, l.period_months, l.period_start, l.period_end
         FROM invoices i JOIN invoice_lines l ON l.invoice_id = i.id AND l.position = 1
        WHERE i.status = 'open' AND i.renewal_period_end IS NOT NULL
          AND i.resource_type = ? AND i.resource_id = ? AND l.period_start > ?
        ORDER BY i.renewal_period_end`,
    )
    .all(type, resourceId, now.toISOString()) as OpenRenewal[];
  const row = db
    .prepare(`SELECT * FROM ${RENEWED_TABLE[type]} WHERE id = ? AND deleted_at IS NULL`)
    .get(resourceId) as RenewedRow | undefined;
  if (!open.length || !row) return;
  const { name, amount } = renewedPlan(db, type, row, planPricesOf(db, [row.user_id], now));
  for (const invoice of open) {
    const named = (JSON.parse(invoice.text_params) as { name?: string }).name;
    if (invoice.amount === amount && named === name) continue;
    db.prepare(`UPDATE invoices SET status = 'cancelled' WHERE id = ?`).run(invoice.id);
    const start = new Date(invoice.period_start);
    const end = new Date(invoice.period_end);
    const id = issueRenewal(
      db,
      {
        userId: invoice.user_id,
        resourceType: type,
        resourceId,
        amount,
        description: renewalDescription(name, invoice.period_months, start, end),
        name,
        months: invoice.period_months,
        periodStart: invoice.period_start,
        periodEnd: invoice.period_end,
        dueDate: invoice.due_date,
      },
      now,
    );
    if (id === undefined) throw new Error(`Renewal ${invoice.id} could not be issued again`);
    db.prepare('UPDATE invoices SET reminded_at = ?, overdue_mailed_at = ? WHERE id = ?').run(
      invoice.reminded_at,
      invoice.overdue_mailed_at,
      id,
    );
    const user = findUserById(db, invoice.user_id);
    const reissued = db
      .prepare('SELECT id, created_at, amount, due_date FROM invoices WHERE id = ?')
      .get(id) as MailedInvoice;
    if (user) mailInvoiceIssued(db, user, reissued, now);
  }
}

/**
 * Cancels the open renewals of deleted resources, from the moment their delete starts: a server
 * being deleted, the volumes it takes with it (`delete_volumes`), and the snapshots of either.
 * The deletes call it, so the unpaid amount drops at once, and so does paying an invoice, which
 * then finds it cancelled.
 *
 * A whitelisted account keeps owing a period already begun at `at`: its resources are never
 * suspended, so the resource ran in it, and deleting it does not pay for the months it used. Any
 * other account's begun period was unpaid past its due date: its resources stood suspended, and
 * the life cycle writes such a bill off when it terminates them (lifecycle.ts `terminate`); a
 * snapshot that goes with a terminated server has its bill written off the same way.
 */
export function cancelRenewalsOfDeletedResources(db: Db, at: string): void {
  db.prepare(
    `WITH gone_servers AS (
       SELECT id, delete_volumes FROM servers WHERE deleted_at IS NOT NULL OR task IS 'delete'),
     gone_volumes AS (
       SELECT id FROM volumes WHERE deleted_at IS NOT NULL
          OR server_id IN (SELECT id FROM gone_servers WHERE delete_volumes = 1)),
     gone_snapshots AS (
       SELECT id FROM snapshots WHERE deleted_at IS NOT NULL
          OR volume_id IN (SELECT id FROM gone_volumes)
          OR server_id IN (SELECT id FROM gone_servers))
     UPDATE invoices SET status = 'cancelled'
      WHERE status = 'open' AND renewal_period_end IS NOT NULL
        AND ((SELECT period_start FROM invoice_lines
               WHERE invoice_id = invoices.id AND position = 1) > @at
          OR NOT EXISTS (SELECT 1 FROM users u
                          WHERE u.id = invoices.user_id AND u.is_in_whitelist = 1))
        AND (
        (resource_type = 'server' AND resource_id IN (SELECT id FROM gone_servers))
        OR (resource_type = 'volume' AND resource_id IN (SELECT id FROM gone_volumes))
        OR (resource_type = 'snapshot' AND resource_id IN (SELECT id FROM gone_snapshots)))`,
  ).run({ at });
}

/**
 * When the invoice is a renewal, moves its resource's expiry to the end of the periods paid
 * without a gap from it: a whitelisted account may pay a later renewal before an earlier one, and
 * the expiry then waits for the earlier one. Call it inside the transaction that marks the invoice
 * paid.
 */
export function extendRenewedResource(db: Db, invoiceId: number): void {
  const invoice = db
    .prepare('SELECT resource_type, resource_id, renewal_period_end FROM invoices WHERE id = ?')
    .get(invoiceId) as
    | {
        resource_type: string | null;
        resource_id: number | null;
        renewal_period_end: string | null;
      }
    | undefined;
  if (!invoice?.renewal_period_end) return;
  const table = RENEWED_TABLE[invoice.resource_type as RenewedType] as string | undefined;
  if (!table) return;
  const row = db
    .prepare(`SELECT expiry FROM ${table} WHERE id = ? AND deleted_at IS NULL`)
    .get(invoice.resource_id) as { expiry: string | null } | undefined;
  if (!row?.expiry) return;
  const nextPaidEnd = db
    .prepare(
      `SELECT MAX(i.renewal_period_end) FROM invoices i
         JOIN invoice_lines l ON l.invoice_id = i.id AND l.position = 1
        WHERE i.status = 'paid' AND i.resource_type = @type AND i.resource_id = @id
          AND l.period_start <= @expiry AND i.renewal_period_end > @expiry`,
    )
    .pluck();
  // Never shortens: the expiry only moves forward, a paid period at a time.
  let expiry = row.expiry;
  for (;;) {
    const end = nextPaidEnd.get({
      type: invoice.resource_type,
      id: invoice.resource_id,
      expiry,
    }) as string | null;
    if (!end) break;
    expiry = end;
  }
  db.prepare(`UPDATE ${table} SET expiry = ? WHERE id = ?`).run(expiry, invoice.resource_id);
}

/**
 * The SQL condition, over a resource row aliased `r` of `type`, that an unpaid invoice past its
 * due date names it: its own renewal, or (for a resource without a paid period, on a trial) the
 * account's open trial bill.
 */
export const OVERDUE_INVOICE_OF = (type: RenewedType) => `(
  EXISTS (SELECT 1 FROM invoices i
           WHERE i.status = 'open' AND i.due_date <= @now
             AND i.resource_type = '${type}' AND i.resource_id = r.id)
  OR (r.expiry IS NULL AND EXISTS (SELECT 1 FROM invoices i
           WHERE i.status = 'open' AND i.due_date <= @now
             AND i.user_id = r.user_id AND i.trial_period_end IS NOT NULL)))`;

/**
 * Resumes the account's suspended resources that no unpaid, past-due invoice names any more (a
 * suspended server is powered on again), mailing the customer for each; answers how many.
 * Call it inside the transaction that paid an invoice.
 */
export function resumePaidResources(db: Db, userId: number, now: Date): number {
  const params = { user: userId, now: now.toISOString() };
  const servers = db
    .prepare(
      `SELECT r.* FROM servers r WHERE r.user_id = @user AND r.deleted_at IS NULL
          AND r.suspended_at IS NOT NULL AND NOT ${OVERDUE_INVOICE_OF('server')}`,
    )
    .all(params) as ServerRow[];
  const volumes = db
    .prepare(
      `SELECT r.* FROM volumes r WHERE r.user_id = @user AND r.deleted_at IS NULL
          AND r.suspended_at IS NOT NULL AND NOT ${OVERDUE_INVOICE_OF('volume')}`,
    )
    .all(params) as VolumeRow[];
  const user = findUserById(db, userId);
  for (const server of servers) {
    // Running again only if it ran before: a server the customer had switched off stays off.
    db.prepare(
      `UPDATE servers SET suspended_at = NULL,
         status = COALESCE(status_before_suspension, 'active'), status_before_suspension = NULL
        WHERE id = ?`,
    ).run(server.id);
  }
  for (const volume of volumes) {
    db.prepare('UPDATE volumes SET suspended_at = NULL WHERE id = ?').run(volume.id);
  }
  const names = [...servers, ...volumes].map((row) => row.name);
  if (user && names.length) mailResourceResumed(db, user, names, now);
  return names.length;
}
