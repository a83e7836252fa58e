/**
 * Packages (the billing "services"): what one paid resource of the account is billed under — its
 * products, plan and period, and what it costs this month. They are not stored: each live server,
 * data volume and extra IP address is one package, derived from its own row, so a package exists
 * exactly as long as its resource does and can never disagree with it.
 *
 * - A server's package holds its CPU, RAM, root disk and the primary IPv4 it comes with, and its
 *   image's licence when the image has one (the products a create_server order charges for
 *   them); its period ends at the server's expiry.
 * - A data volume's package holds its gigabytes, for the volume's own period.
 * - An extra address (not the primary one) is a package of one WAN IP, for its server's period.
 *
 * - A snapshot the customer took is a package of its gigabytes at the SNAPSHOT price, month by
 *   month from its own paid period (the weekly auto-snapshots are free, so not packages).
 *
 * Trial packages name no resource, so they are not packages here (trialPackages.ts).
 *
 * A package's id is derived from its resource's id and kind, so it is stable without a table:
 * `resource_id × PACKAGE_KINDS.length + index of the kind` (server 7 → 28, volume 7 → 29).
 */
import type { components } from '../../src/api/schema';
import {
  vietnamMonthOf,
  vietnamMonthStartAfter,
  type IntervalCount,
} from '../../src/domain/pricing';
import {
  productByCode,
  serverLicenseLines,
  toPricedProduct,
  type ProductRow,
} from '../catalog/catalog';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import { invoiceCode } from './orderRows';
import { settleResources } from './resourceHooks';
import type { UserRow } from '../auth/userRows';
import type { ServerRow, VolumeRow } from './resourceRows';

type Package = components['schemas']['Package'];
type PackageStatus = components['schemas']['PackageStatus'];
type ResourceType = components['schemas']['ResourceType'];

/** The kinds a package id can encode; append only, the index is part of every id. */
const PACKAGE_KINDS: readonly ResourceType[] = ['server', 'volume', 'snapshot', 'ip'];
const kindIndex = (type: ResourceType) => PACKAGE_KINDS.indexOf(type);

export function packageIdOf(resourceType: ResourceType, resourceId: number): number {
  return resourceId * PACKAGE_KINDS.length + kindIndex(resourceType);
}

export function resourceOfPackageId(
  id: number,
): { resourceType: ResourceType; resourceId: number } | undefined {
  const resourceType = PACKAGE_KINDS[id % PACKAGE_KINDS.length];
  const resourceId = Math.floor(id / PACKAGE_KINDS.length);
  return resourceType && resourceId >= 1 ? { resourceType, resourceId } : undefined;
}

/**
 * A resource of a running trial is on `trial`; once the trial has ended (not upgraded) or the
 * resource's paid period is over it is `expired`; otherwise `active`.
 */
export function packageStatus(
  account: Pick<UserRow, 'trial_start' | 'trial_end'>,
  periodEnd: Date,
  now: Date,
): PackageStatus {
  const trialEnd = account.trial_start !== null ? account.trial_end : null;
  if (trialEnd !== null) return new Date(trialEnd) > now ? 'trial' : 'expired';
  return periodEnd > now ? 'active' : 'expired';
}

/** A package before it is priced: the resource, its period and the products it is billed for. */
export interface BilledResource {
  userId: number;
  resourceType: ResourceType;
  resourceId: number;
  name: string;
  interval: IntervalCount;
  start: string;
  expiry: string | null;
  lines: { product: ProductRow; quantity: number }[];
}

function catalogProduct(db: Db, code: string): ProductRow {
  const product = productByCode(db, code);
  if (!product) throw new Error(`The catalog has no product ${code}`);
  return product;
}

const diskProductCode = (type: 'SSD' | 'HDD') => (type === 'SSD' ? 'volume_ssd' : 'volume_hdd');

function serverResource(db: Db, row: ServerRow): BilledResource {
  return {
    userId: row.user_id,
    resourceType: 'server',
    resourceId: row.id,
    name: row.name,
    interval: row.interval_count,
    start: row.created_at,
    expiry: row.expiry,
    lines: [
      { product: catalogProduct(db, 'cpu'), quantity: row.cpu },
      { product: catalogProduct(db, 'ram'), quantity: row.ram },
      { product: catalogProduct(db, diskProductCode(row.disk_type)), quantity: row.disk },
      { product: catalogProduct(db, 'wan_ipv4'), quantity: 1 },
      ...serverLicenseLines(db, row.image_id),
    ],
  };
}

function volumeResource(db: Db, row: VolumeRow): BilledResource {
  return {
    userId: row.user_id,
    resourceType: 'volume',
    resourceId: row.id,
    name: row.name,
    interval: row.interval_count,
    start: row.created_at,
    expiry: row.expiry,
    lines: [{ product: catalogProduct(db, diskProductCode(row.type)), quantity: row.size }],
  };
}

/** A snapshot as a package sees it: month by month, at its SNAPSHOT product's price. */
interface PaidSnapshotRow {
  id: number;
  user_id: number;
  name: string;
  size: number;
  type: 'SSD' | 'HDD';
  created_at: string;
  expiry: string | null;
}

const PAID_SNAPSHOTS_SQL = `
  SELECT id, user_id, name, size, type, created_at, expiry FROM snapshots
   WHERE auto = 0 AND deleted_at IS NULL AND user_id = @userId`;

function snapshotResource(db: Db, row: PaidSnapshotRow): BilledResource {
  return {
    userId: row.user_id,
    resourceType: 'snapshot',
    resourceId: row.id,
    name: row.name,
    interval: 1,
    start: row.created_at,
    expiry: row.expiry,
    lines: [
      {
        product: catalogProduct(db, row.type === 'SSD' ? 'snapshot_ssd' : 'snapshot_hdd'),
        quantity: row.size,
      },
    ],
  };
}

interface ExtraIpRow {
  id: number;
  user_id: number;
  address: string;
  version: 'ipv4' | 'ipv6';
  created_at: string;
  interval_count: IntervalCount;
  expiry: string | null;
}

function ipResource(db: Db, row: ExtraIpRow): BilledResource {
  return {
    userId: row.user_id,
    resourceType: 'ip',
    resourceId: row.id,
    name: row.address,
    interval: row.interval_count,
    start: row.created_at,
    expiry: row.expiry,
    lines: [{ product: catalogProduct(db, `wan_${row.version}`), quantity: 1 }],
  };
}

const EXTRA_IPS_SQL = `
  SELECT ips.id, servers.user_id, ips.address, ips.version, ips.created_at, servers.interval_count,
         servers.expiry
    FROM ips JOIN servers ON servers.id = ips.server_id
   WHERE ips.is_primary = 0 AND servers.user_id = @userId AND servers.deleted_at IS NULL`;

function billedResources(db: Db, userId: number): BilledResource[] {
  const servers = db
    .prepare('SELECT * FROM servers WHERE user_id = ? AND deleted_at IS NULL')
    .all(userId) as ServerRow[];
  const volumes = db
    .prepare('SELECT * FROM volumes WHERE user_id = ? AND deleted_at IS NULL')
    .all(userId) as VolumeRow[];
  const ips = db.prepare(EXTRA_IPS_SQL).all({ userId }) as ExtraIpRow[];
  const snapshots = db.prepare(PAID_SNAPSHOTS_SQL).all({ userId }) as PaidSnapshotRow[];
  return [
    ...servers.map((row) => serverResource(db, row)),
    ...volumes.map((row) => volumeResource(db, row)),
    ...ips.map((row) => ipResource(db, row)),
    ...snapshots.map((row) => snapshotResource(db, row)),
  ];
}

export function billedResource(
  db: Db,
  userId: number,
  resourceType: ResourceType,
  resourceId: number,
): BilledResource | undefined {
  if (resourceType === 'server') {
    const row = db
      .prepare('SELECT * FROM servers WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
      .get(resourceId, userId) as ServerRow | undefined;
    return row && serverResource(db, row);
  }
  if (resourceType === 'volume') {
    const row = db
      .prepare('SELECT * FROM volumes WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
      .get(resourceId, userId) as VolumeRow | undefined;
    return row && volumeResource(db, row);
  }
  if (resourceType === 'snapshot') {
    const row = db.prepare(`${PAID_SNAPSHOTS_SQL} AND id = @resourceId`).get({
      userId,
      resourceId,
    }) as PaidSnapshotRow | undefined;
    return row && snapshotResource(db, row);
  }
  if (resourceType === 'ip') {
    const row = db.prepare(`${EXTRA_IPS_SQL} AND ips.id = @resourceId`).get({
      userId,
      resourceId,
    }) as ExtraIpRow | undefined;
    return row && ipResource(db, row);
  }
  return undefined;
}

/**
 * Where the period of a resource without an expiry ends: a trial's resources have what the trial
 * gives them, to its end (when its bill falls due, so the dashboard's renewals say that date);
 * any other runs month by month (as compute/serverOrders.ts periodEnd says).
 */
function periodEndWithoutExpiry(account: Pick<UserRow, 'trial_start' | 'trial_end'>, now: Date) {
  const trialEnd = account.trial_start !== null ? account.trial_end : null;
  return trialEnd !== null ? new Date(trialEnd) : vietnamMonthStartAfter(now, 1);
}

/**
 * What the account was charged this month (Vietnam's calendar) on the invoices naming the
 * resource: a paid invoice at what its payment took from the balance (so a discount code counts),
 * an open one at what it asks; cancelled ones not at all. A renewal counts in the month its
 * period starts (its due date), any other invoice in the month it was issued. Before issue 17 this
 * was the price of the rest of the month at the time of reading, which is neither what the order
 * charged (that was at the time of buying) nor what was paid (a discount code was ignored).
 *
 * Extra addresses and the data disks bought with a server are charged on the server's invoices
 * (its order, its renewals), so they count in the server's package and their own shows 0.
 */
function chargedThisMonth(db: Db, resource: BilledResource, now: Date): number {
  const { start, end } = vietnamMonthOf(now);
  const invoices = db
    .prepare(
      `SELECT id, created_at, status, amount FROM invoices
        WHERE user_id = @user AND resource_type = @type AND resource_id = @id
          AND status IN ('open', 'paid')
          AND CASE WHEN renewal_period_end IS NULL THEN created_at ELSE due_date END >= @start
          AND CASE WHEN renewal_period_end IS NULL THEN created_at ELSE due_date END < @end`,
    )
    .all({
      user: resource.userId,
      type: resource.resourceType,
      id: resource.resourceId,
      start: start.toISOString(),
      end: end.toISOString(),
    }) as { id: number; created_at: string; status: 'open' | 'paid'; amount: number }[];
  const taken = db
    .prepare(
      `SELECT -SUM(amount) AS taken FROM balance_adjustments
        WHERE user_id = ? AND type = 'payment' AND reference = ?`,
    )
    .pluck();
  return invoices.reduce((sum, invoice) => {
    if (invoice.status === 'open') return sum + invoice.amount;
    const paid = taken.get(resource.userId, invoiceCode(invoice)) as number | null;
    return sum + (paid ?? invoice.amount);
  }, 0);
}

/**
 * The package of a resource at `now`. Its monthly price is the plain sum of its products' monthly
 * prices and its plan's price that times the interval (as a server's plan and a billing plan
 * show it); what it costs this month is what its invoices charged this month (chargedThisMonth).
 */
function toPackage(db: Db, account: UserRow, resource: BilledResource, now: Date): Package {
  const lines = resource.lines.map(({ product, quantity }) => ({
    product: toPricedProduct(product),
    quantity,
  }));
  const monthly = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
  const end = resource.expiry ? new Date(resource.expiry) : periodEndWithoutExpiry(account, now);
  return {
    id: packageIdOf(resource.resourceType, resource.resourceId),
    resource_type: resource.resourceType,
    resource_id: resource.resourceId,
    resource: resource.name,
    status: packageStatus(account, end, now),
    plan: {
      price: monthly * resource.interval,
      interval: 'month',
      interval_count: resource.interval,
    },
    start: resource.start,
    end: end.toISOString(),
    price: { monthly, charge_this_month: chargedThisMonth(db, resource, now) },
    products: lines.map(({ product, quantity }) => ({
      product_id: product.id,
      name: product.name,
      quantity,
    })),
  };
}

export interface PackageFilters {
  resource_type?: ResourceType;
  status?: PackageStatus;
}

/**
 * The account's packages matching the filters, newest resource first; of resources bought
 * together, the server before its volumes and addresses.
 */
export function accountPackages(
  db: Db,
  account: UserRow,
  filters: PackageFilters,
  now: Date,
): Package[] {
  settleResources(db, now);
  return billedResources(db, account.id)
    .map((resource) => toPackage(db, account, resource, now))
    .filter(
      (item) =>
        (filters.resource_type === undefined || item.resource_type === filters.resource_type) &&
        (filters.status === undefined || item.status === filters.status),
    )
    .sort(
      (a, b) =>
        b.start.localeCompare(a.start) ||
        kindIndex(a.resource_type) - kindIndex(b.resource_type) ||
        b.resource_id - a.resource_id,
    );
}

/** One package of the account, or 404 (another account's package too). */
export function accountPackage(db: Db, account: UserRow, id: number, now: Date): Package {
  settleResources(db, now);
  const ref = resourceOfPackageId(id);
  const resource = ref && billedResource(db, account.id, ref.resourceType, ref.resourceId);
  if (!resource) throw notFound('server.package_not_found');
  return toPackage(db, account, resource, now);
}
