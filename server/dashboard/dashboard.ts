/**
 * The dashboard's summary (our extension, `GET /dashboard/summary`): one read of the account that
 * says what its lists say. Every count comes from the same rows and the same status rules as the
 * list it links to (servers and volumes settled against the clock first), so the dashboard can
 * never show a number its list disagrees with.
 */
import type { components } from '../../src/api/schema';
import { formatInVietnam, vietnamMonthStartAfter } from '../../src/domain/vietnamTime';
import type { Db } from '../platform/db';
import { toOrder } from '../billing/orders';
import { toInvoice } from '../billing/invoiceDocument';
import { type InvoiceRow, type OrderRow } from '../billing/orderRows';
import { accountPackages } from '../billing/packages';
import { accountServers, serverState, settleServers } from '../compute/servers';
import { accountSnapshots } from '../storage/snapshots';
import { toUserInfo } from '../auth/users';
import { type UserRow } from '../auth/userRows';
import { accountVolumes, volumeStatus } from '../storage/volumes';

type DashboardSummary = components['schemas']['DashboardSummary'];
type ServerStatus = components['schemas']['ServerStatus'];
type MonthlySpending = components['schemas']['MonthlySpending'];

/** How many of each recent record, and of the next renewals, the dashboard shows. */
export const DASHBOARD_RECENT = 5;
/** Months of spending the chart shows, the current one included. */
export const SPENDING_MONTHS = 12;

const SERVER_STATUSES: readonly ServerStatus[] = [
  'building',
  'active',
  'shutoff',
  'rebooting',
  'resizing',
  'rebuilding',
  'restoring',
  'deleting',
  'error',
  'suspended',
];

export function dashboardSummary(db: Db, user: UserRow, now: Date): DashboardSummary {
  settleServers(db, now);
  const info = toUserInfo(db, user, now);
  return {
    servers: serverCounts(db, user.id, now),
    volumes: volumeCounts(db, user.id, now),
    snapshots: accountSnapshots(db, user.id).length,
    ssh_keys: count(db, 'SELECT COUNT(*) AS n FROM ssh_keys WHERE user_id = ?', user.id),
    open_tickets: openTicketCount(db, user.id),
    balance: info.balance,
    unpaid_amount: info.unpaid_amount,
    recent_orders: (
      db
        .prepare('SELECT * FROM orders WHERE user_id = ? ORDER BY id DESC LIMIT ?')
        .all(user.id, DASHBOARD_RECENT) as OrderRow[]
    ).map(toOrder),
    recent_invoices: (
      db
        .prepare('SELECT * FROM invoices WHERE user_id = ? ORDER BY id DESC LIMIT ?')
        .all(user.id, DASHBOARD_RECENT) as InvoiceRow[]
    ).map((row) => toInvoice(db, row)),
    next_renewals: nextRenewals(db, user, now),
    trial: info.trial,
    spending: monthlySpending(db, user.id, now),
  };
}

function count(db: Db, sql: string, ...params: unknown[]): number {
  return (db.prepare(sql).get(...params) as { n: number }).n;
}

/** The servers `GET /cloud/servers` lists, by the status it shows for each. */
function serverCounts(db: Db, userId: number, now: Date): DashboardSummary['servers'] {
  const byStatus = Object.fromEntries(SERVER_STATUSES.map((status) => [status, 0])) as Record<
    ServerStatus,
    number
  >;
  const servers = accountServers(db, userId);
  for (const row of servers) byStatus[serverState(row, now).status] += 1;
  return { total: servers.length, by_status: byStatus };
}

/** The volumes `GET /storage/volumes` lists, and of them those attached (`in_use`). */
function volumeCounts(db: Db, userId: number, now: Date): DashboardSummary['volumes'] {
  const volumes = accountVolumes(db, userId);
  return {
    total: volumes.length,
    in_use: volumes.filter((volume) => volumeStatus(volume, now) === 'in_use').length,
  };
}

/** Open tickets (unprocessed), as `GET /support/tickets?status=open` counts them. */
function openTicketCount(db: Db, userId: number): number {
  return count(
    db,
    "SELECT COUNT(*) AS n FROM tickets WHERE user_id = ? AND status = 'open'",
    userId,
  );
}

/**
 * The packages whose period ends first, as the services tab lists them; a cancelled one is not
 * renewed. An expired package (its renewal overdue) ends before any running one, so it leads.
 */
function nextRenewals(db: Db, user: UserRow, now: Date): DashboardSummary['next_renewals'] {
  return accountPackages(db, user, {}, now)
    .filter((item) => item.status !== 'cancelled')
    .sort((a, b) => a.end.localeCompare(b.end) || a.id - b.id)
    .slice(0, DASHBOARD_RECENT);
}

/**
 * What the balance paid in each of the last SPENDING_MONTHS Vietnam months, oldest first: the
 * ledger's `payment` rows (debits, so negative) as positive amounts.
 */
function monthlySpending(db: Db, userId: number, now: Date): MonthlySpending[] {
  const monthKey = (instant: Date | string) => formatInVietnam(instant, 'YYYY-MM');
  const months = Array.from({ length: SPENDING_MONTHS }, (_, index) =>
    monthKey(vietnamMonthStartAfter(now, index - (SPENDING_MONTHS - 1))),
  );
  const totals = new Map(months.map((month) => [month, 0]));
  const payments = db
    .prepare(
      `SELECT amount, created_at FROM balance_adjustments
        WHERE user_id = ? AND type = 'payment' AND created_at >= ? AND created_at < ?`,
    )
    .all(
      userId,
      vietnamMonthStartAfter(now, 1 - SPENDING_MONTHS).toISOString(),
      vietnamMonthStartAfter(now, 1).toISOString(),
    ) as { amount: number; created_at: string }[];
  for (const payment of payments) {
    const month = monthKey(payment.created_at);
    totals.set(month, (totals.get(month) ?? 0) - payment.amount);
  }
  return months.map((month) => ({ month, amount: Math.max(0, totals.get(month) ?? 0) }));
}
