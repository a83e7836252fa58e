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
 * Issuing is idempotent: the unique index on (resource, renewal_period_end) lets one invoice per
 * resource per period exist, whatever runs at the same time.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { periodDays } from '../../src/domain/periods';
import type { IntervalCount } from '../../src/domain/pricing';
import { DAY_MS, renewalDueDate, type LifePolicy } from '../../src/domain/serviceLife';
import type { Db } from '../platform/db';
import { issueInvoice, type NewInvoiceLine } from './invoiceDocument';
import { translator } from '../platform/i18n';
import { mailResourceResumed } from './billingMails';
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

/** SQL: the resource has no renewal invoice yet for a period after its current expiry. */
const NOT_YET_INVOICED = (type: RenewedType, alias: string) => `NOT EXISTS (
  SELECT 1 FROM invoices i
   WHERE i.resource_type = '${type}' AND i.resource_id = ${alias}.id
     AND i.renewal_period_end > ${alias}.expiry)`;

/**
 * The renewals to issue at `now` (periods ending within the policy's notice) that have no invoice
 * yet. Settle the servers first.
 */
export function dueRenewals(db: Db, now: Date, policy: LifePolicy): DueRenewal[] {
  // A period ending by this instant is inside its notice window (renewalIssueAt ≤ now).
  const at = new Date(now.getTime() + policy.renewalNoticeDays * DAY_MS).toISOString();
  const servers = db
    .prepare(
      `SELECT * FROM servers s
        WHERE s.deleted_at IS NULL AND s.task IS NOT 'delete'
          AND s.expiry IS NOT NULL AND s.expiry <= ? AND ${NOT_YET_INVOICED('server', 's')}`,
    )
    .all(at) as ServerRow[];
  const volumes = db
    .prepare(
      `SELECT * FROM volumes v
        WHERE v.deleted_at IS NULL
          AND v.expiry IS NOT NULL AND v.expiry <= ? AND ${NOT_YET_INVOICED('volume', 'v')}`,
    )
    .all(at) as VolumeRow[];
  const snapshots = db
    .prepare(
      `SELECT id, user_id, name, expiry FROM snapshots s
        WHERE s.deleted_at IS NULL AND s.auto = 0
          AND s.expiry IS NOT NULL AND s.expiry <= ? AND ${NOT_YET_INVOICED('snapshot', 's')}`,
    )
    .all(at) as { id: number; user_id: number; name: string; expiry: string }[];
  if (!servers.length && !volumes.length && !snapshots.length) return [];

  const planPrices = planPricesOf(
    db,
    [...servers, ...volumes, ...snapshots].map((row) => row.user_id),
    now,
  );
  const planPrice = (type: RenewedType | 'ip', id: number) => {
    const price = planPrices.get(`${type}:${id}`);
    if (price === undefined) throw new Error(`No package for ${type} ${id}`);
    return price;
  };
  const extraIps = db.prepare('SELECT id FROM ips WHERE server_id = ? AND is_primary = 0').pluck();

  return [
    ...servers.map((server) => {
      const ips = extraIps.all(server.id) as number[];
      const amount = ips.reduce(
        (sum, id) => sum + planPrice('ip', id),
        planPrice('server', server.id),
      );
      const name = ips.length ? `${server.name} (+${ips.length} IP)` : server.name;
      return renewal(server, 'server', name, amount);
    }),
    ...volumes.map((volume) =>
      renewal(volume, 'volume', volume.name, planPrice('volume', volume.id)),
    ),
    // A snapshot runs month by month (packages.ts).
    ...snapshots.map((snapshot) =>
      renewal(
        { ...snapshot, interval_count: 1 },
        'snapshot',
        snapshot.name,
        planPrice('snapshot', snapshot.id),
      ),
    ),
  ];
}

/** A renewal's text, stored in Vietnamese like every invoice the sandbox writes. */
export function renewalDescription(name: string, months: number, start: Date, end: Date): string {
  const period = translator('vi')('periods.from_through', periodDays(start, end));
  return `${name}: gia hạn ${months} tháng (${period})`;
}

function renewal(
  row: { id: number; user_id: number; interval_count: IntervalCount; expiry: string | null },
  resourceType: RenewedType,
  name: string,
  amount: number,
): DueRenewal {
  const start = new Date(row.expiry as string);
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
 * The plan price (monthly × interval) of every package of these accounts, keyed `type:id`: the
 * packages are what the Services tab shows, so an invoice can never disagree with it.
 */
function planPricesOf(db: Db, userIds: number[], now: Date): Map<string, number> {
  const prices = new Map<string, number>();
  for (const userId of new Set(userIds)) {
    const account = findUserById(db, userId);
    if (!account) continue;
    for (const item of accountPackages(db, account, {}, now)) {
      prices.set(`${item.resource_type}:${item.resource_id}`, item.plan.price);
    }
  }
  return prices;
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

/** Cancels the open renewals of deleted resources: the period they asked for will not be used. */
export function cancelRenewalsOfDeletedResources(db: Db): void {
  db.prepare(
    `UPDATE invoices SET status = 'cancelled'
      WHERE status = 'open' AND renewal_period_end IS NOT NULL AND (
        (resource_type = 'server'
          AND resource_id IN (SELECT id FROM servers WHERE deleted_at IS NOT NULL))
        OR (resource_type = 'volume'
          AND resource_id IN (SELECT id FROM volumes WHERE deleted_at IS NOT NULL))
        OR (resource_type = 'snapshot'
          AND resource_id IN (SELECT id FROM snapshots WHERE deleted_at IS NOT NULL)))`,
  ).run();
}

/**
 * When the invoice is a renewal, moves its resource's expiry to the end of the period it paid
 * for. Call it inside the transaction that marks the invoice paid.
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
  const table = { server: 'servers', volume: 'volumes', snapshot: 'snapshots' }[
    invoice.resource_type as RenewedType
  ];
  if (!table) return;
  // Never shortens: the expiry only moves forward, to the end this invoice paid for.
  db.prepare(
    `UPDATE ${table} SET expiry = @end
      WHERE id = @id AND deleted_at IS NULL AND (expiry IS NULL OR expiry < @end)`,
  ).run({ end: invoice.renewal_period_end, id: invoice.resource_id });
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
    db.prepare(`UPDATE servers SET suspended_at = NULL, status = 'active' WHERE id = ?`).run(
      server.id,
    );
  }
  for (const volume of volumes) {
    db.prepare('UPDATE volumes SET suspended_at = NULL WHERE id = ?').run(volume.id);
  }
  const names = [...servers, ...volumes].map((row) => row.name);
  if (user && names.length) mailResourceResumed(db, user, names, now);
  return names.length;
}
