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
import type { components } from '../src/api/schema';
import { quote, vietnamMonthStartAfter, type IntervalCount } from '../src/domain/pricing';
import { productByCode, toPricedProduct, type ProductRow } from './catalog';
import type { Db } from './db';
import type { Translate } from './i18n';
import { packageIdOf } from './packages';
import type { ServerRow } from './servers';
import type { VolumeRow } from './volumes';

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
      // The products a create_server order charges for: its primary IPv4 comes with it.
      lines: [
        { product: catalogProduct(db, 'cpu'), quantity: row.cpu },
        { product: catalogProduct(db, 'ram'), quantity: row.ram },
        { product: catalogProduct(db, diskProductCode(row.disk_type)), quantity: row.disk },
        { product: catalogProduct(db, 'wan_ipv4'), quantity: 1 },
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

/** The account's trial resources priced at `now` (see the module comment). */
export function pricedTrialResources(db: Db, userId: number, now: Date): PricedTrialResource[] {
  const end = vietnamMonthStartAfter(now, 1);
  return trialResources(db, userId).map((resource) => {
    const lines = resource.lines.map(({ product, quantity }) => ({
      product: toPricedProduct(product),
      quantity,
    }));
    const monthly = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
    return {
      ...resource,
      planPrice: monthly * resource.interval,
      chargeThisMonth: quote(lines, 1, now).total,
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
