/**
 * What a trial upgrade pays for (GET /auth/trial, spec §2 "Banners and the upgrade dialog"). A
 * trial is made of real resources: the account's live servers and data volumes that have no paid
 * period yet (`expiry` NULL), and the extra addresses of those servers. Nothing about them is
 * stored apart from the resources, so the list can never disagree with what the customer has.
 *
 * Each is priced at request time by the shared §9 rules (`quote`): the plan's price is the
 * catalog's monthly price of its products times its interval, and what it costs this month is the
 * prorated price from now to the end of the current Vietnam month — the upgrade starts paying
 * from today, whatever part of the trial is already over.
 */
import type { components } from '../../src/api/schema';
import { quoteUntil, vietnamMonthStartAfter, type IntervalCount } from '../../src/domain/pricing';
import {
  productByCode,
  serverLicenseLines,
  toPricedProduct,
  type ProductRow,
} from '../catalog/catalog';
import type { Db } from '../platform/db';
import type { Translate } from '../platform/i18n';
import { packageIdOf } from './packages';
import type { ServerRow, VolumeRow } from './resourceRows';

type TrialPackage = components['schemas']['TrialPackage'];
type ResourceType = components['schemas']['ResourceType'];

/** A resource of a running trial, with the catalog products it will be billed for. */
export interface TrialResource {
  resourceType: ResourceType;
  resourceId: number;
  /** Its own name (a server's or volume's name, an address), as lists show it. */
  name: string;
  interval: IntervalCount;
  /** How a customer recognises it, in the answer's language. */
  describe: (t: Translate) => string;
  lines: { product: ProductRow; quantity: number }[];
}

/** A trial resource priced at `now`. */
export interface PricedTrialResource extends TrialResource {
  /** The plan's price: the monthly catalog price times the interval. */
  planPrice: number;
  /** §9: from now to the end of the current Vietnam month. */
  chargeThisMonth: number;
  start: Date;
  end: Date;
}

function catalogProduct(db: Db, code: string): ProductRow {
  const product = productByCode(db, code);
  if (!product) throw new Error(`The catalog has no product ${code}`);
  return product;
}

const diskProductCode = (type: 'SSD' | 'HDD') => (type === 'SSD' ? 'volume_ssd' : 'volume_hdd');

interface ExtraIpRow {
  id: number;
  address: string;
  version: 'ipv4' | 'ipv6';
  server_name: string;
  interval_count: IntervalCount;
}

/** The account's resources that are still on trial, servers first, oldest first. */
export function trialResources(db: Db, userId: number): TrialResource[] {
  const servers = db
    .prepare(
      'SELECT * FROM servers WHERE user_id = ? AND deleted_at IS NULL AND expiry IS NULL ORDER BY id',
    )
    .all(userId) as ServerRow[];
  const ips = db
    .prepare(
      `SELECT ips.id, ips.address, ips.version, servers.name AS server_name, servers.interval_count
         FROM ips JOIN servers ON servers.id = ips.server_id
        WHERE servers.user_id = ? AND servers.deleted_at IS NULL AND servers.expiry IS NULL
          AND ips.is_primary = 0
        ORDER BY ips.id`,
    )
    .all(userId) as ExtraIpRow[];
  const volumes = db
    .prepare(
      'SELECT * FROM volumes WHERE user_id = ? AND deleted_at IS NULL AND expiry IS NULL ORDER BY id',
    )
    .all(userId) as VolumeRow[];
  return [
    ...servers.map((row): TrialResource => ({
      resourceType: 'server',
      resourceId: row.id,
      name: row.name,
      interval: row.interval_count,
      describe: (t) =>
        t('server.trial_resource.server', {
          name: row.name,
          cpu: row.cpu,
          ram: row.ram,
          disk: row.disk,
          disk_type: row.disk_type,
        }),
      // The products a create_server order charges for: its primary IPv4 comes with it, and its
      // image's licence when it has one.
      lines: [
        { product: catalogProduct(db, 'cpu'), quantity: row.cpu },
        { product: catalogProduct(db, 'ram'), quantity: row.ram },
        { product: catalogProduct(db, diskProductCode(row.disk_type)), quantity: row.disk },
        { product: catalogProduct(db, 'wan_ipv4'), quantity: 1 },
        ...serverLicenseLines(db, row.image_id),
      ],
    })),
    ...ips.map((row): TrialResource => ({
      resourceType: 'ip',
      resourceId: row.id,
      name: row.address,
      interval: row.interval_count,
      describe: (t) =>
        t('server.trial_resource.ip', {
          address: row.address,
          version: row.version === 'ipv4' ? 'IPv4' : 'IPv6',
          server: row.server_name,
        }),
      lines: [{ product: catalogProduct(db, `wan_${row.version}`), quantity: 1 }],
    })),
    ...volumes.map((row): TrialResource => ({
      resourceType: 'volume',
      resourceId: row.id,
      name: row.name,
      interval: row.interval_count,
      describe: (t) =>
        t('server.trial_resource.volume', { name: row.name, size: row.size, type: row.type }),
      lines: [{ product: catalogProduct(db, diskProductCode(row.type)), quantity: row.size }],
    })),
  ];
}

/**
 * The account's trial resources priced from `now` (see the module comment) to `until`, a Vietnam
 * month start: by default the end of `now`'s month.
 */
export function pricedTrialResources(
  db: Db,
  userId: number,
  now: Date,
  until: Date = vietnamMonthStartAfter(now, 1),
): PricedTrialResource[] {
  const end = until;
  return trialResources(db, userId).map((resource) => {
    const lines = resource.lines.map(({ product, quantity }) => ({
      product: toPricedProduct(product),
      quantity,
    }));
    const monthly = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
    return {
      ...resource,
      planPrice: monthly * resource.interval,
      chargeThisMonth: quoteUntil(lines, end, 1, now).total,
      start: now,
      end,
    };
  });
}

export function trialTotal(resources: readonly PricedTrialResource[]): number {
  return resources.reduce((sum, item) => sum + item.chargeThisMonth, 0);
}

/** A trial package as the contract shows it; its id is the package id the Services tab uses. */
export function toTrialPackage(resource: PricedTrialResource, t: Translate): TrialPackage {
  return {
    id: packageIdOf(resource.resourceType, resource.resourceId),
    resource: resource.describe(t),
    plan: { price: resource.planPrice, interval: 'month', interval_count: resource.interval },
    start: resource.start.toISOString(),
    end: resource.end.toISOString(),
    price: { charge_this_month: resource.chargeThisMonth },
  };
}

/**
 * The bill that ends the account's trial (issue 16): one open at a time, from the trial's end to
 * the end of the month it was issued in; one still open when that month ends is replaced by one
 * that runs to the end of the new month (billing/lifecycle.ts), so paying it always pays up to now.
 */
export interface TrialBill {
  id: number;
  amount: number;
  status: 'open' | 'paid' | 'cancelled';
  due_date: string;
  trial_period_end: string;
}

/** The account's open trial bill, else its latest one. */
export function trialBillOf(db: Db, userId: number): TrialBill | undefined {
  return db
    .prepare(
      `SELECT id, amount, status, due_date, trial_period_end FROM invoices
        WHERE user_id = ? AND trial_period_end IS NOT NULL
        ORDER BY status = 'open' DESC, id DESC LIMIT 1`,
    )
    .get(userId) as TrialBill | undefined;
}

/** What the account's trial costs to keep: its resources, their total and the bill, if issued. */
export interface TrialOffer {
  resources: PricedTrialResource[];
  total: number;
  /** The open bill that ends an ended trial; null while the trial runs (or before the sweep). */
  invoiceId: number | null;
}

/**
 * A running trial is priced from now to the end of this month. An ended one is priced as its one
 * bill is (src/domain/serviceLife.ts): from the trial's end to the end of the month the bill runs
 * to, so the upgrade dialog, Billing and the banner always show the same amount.
 */
export function trialOffer(
  db: Db,
  account: { id: number; trial_start: string | null; trial_end: string | null },
  now: Date,
): TrialOffer {
  if (account.trial_start === null || account.trial_end === null) {
    return { resources: [], total: 0, invoiceId: null };
  }
  const trialEnd = new Date(account.trial_end);
  if (trialEnd > now) {
    const resources = pricedTrialResources(db, account.id, now);
    return { resources, total: trialTotal(resources), invoiceId: null };
  }
  const bill = trialBillOf(db, account.id);
  const open = bill?.status === 'open' ? bill : undefined;
  const until = open
    ? new Date(open.trial_period_end)
    : vietnamMonthStartAfter(trialEnd > now ? trialEnd : now, 1);
  const resources = pricedTrialResources(db, account.id, trialEnd, until);
  return {
    resources,
    total: open ? open.amount : trialTotal(resources),
    invoiceId: open ? open.id : null,
  };
}

/**
 * Called inside the transaction that marks an invoice paid: when it is a trial's bill, the
 * trial's resources get the paid period it bought, their other open invoices are void, and the
 * trial ends. Whichever way the bill was paid (Billing, the upgrade, auto-pay), this is the one
 * place a trial ends paid.
 */
export function endTrialPaidBy(
  db: Db,
  invoice: { id: number; user_id: number; trial_period_end?: string | null },
): void {
  const row = db.prepare('SELECT trial_period_end FROM invoices WHERE id = ?').get(invoice.id) as
    { trial_period_end: string | null } | undefined;
  const end = row?.trial_period_end;
  if (!end) return;
  for (const resource of trialResources(db, invoice.user_id)) {
    db.prepare(
      `UPDATE invoices SET status = 'cancelled'
        WHERE user_id = ? AND status = 'open' AND resource_type = ? AND resource_id = ?`,
    ).run(invoice.user_id, resource.resourceType, resource.resourceId);
    // An extra address follows its server's period.
    const table = { server: 'servers', volume: 'volumes' }[resource.resourceType as string];
    if (table) {
      db.prepare(`UPDATE ${table} SET expiry = ? WHERE id = ? AND user_id = ?`).run(
        end,
        resource.resourceId,
        invoice.user_id,
      );
    }
  }
  db.prepare('UPDATE users SET trial_start = NULL, trial_end = NULL WHERE id = ?').run(
    invoice.user_id,
  );
}
