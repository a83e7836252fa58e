/**
 * What an order on an existing resource was priced from, and the period a change is priced to.
 *
 * A resize, an address, a volume's growth or a renewal ahead is priced when the order is placed,
 * and the order may be paid days later. By then the resource may have changed: resized by another
 * order, renewed, or sent its next renewal invoice. Paying the old price would then charge for a
 * change that is not the one made (two resizes: the second's growth counted from the old size) or
 * leave part of a period unpaid (a resize priced to the end of November, paid after December was
 * renewed at the old size). So an order stores the resource's priced state when it is placed, and
 * paying refuses it when that state is no longer the resource's: the customer orders again at
 * today's price.
 *
 * A change is priced to the end of the last period whose price is settled (paid, or begun and
 * billed at the old configuration): a renewal invoice already out for a period not begun is issued
 * again at the new configuration when the change is made (renewals.ts `reissueOpenRenewals`), so
 * that period is paid once, by the renewal.
 */
import { toPricedProduct } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { ApiError, badRequest } from '../platform/errors';
import type { OrderRow } from './orderRows';
import { billedResource, type BilledResource } from './packages';

export type PricedResource = { type: 'server' | 'volume' | 'snapshot'; id: number };

/**
 * The end of the last period billed for a resource: its open renewal invoice's period when one is
 * out, else its own paid period (`expiry`; null for a trial's resource). Part of the priced state,
 * so an order placed before the renewal invoice was issued is placed again with it in view.
 */
function billedUntil(
  db: Db,
  type: PricedResource['type'],
  resource: { id: number; expiry: string | null },
): string | null {
  if (resource.expiry === null) return null;
  const invoiced = db
    .prepare(
      `SELECT MAX(renewal_period_end) FROM invoices
        WHERE status = 'open' AND resource_type = ? AND resource_id = ? AND renewal_period_end > ?`,
    )
    .pluck()
    .get(type, resource.id, resource.expiry) as string | null;
  return invoiced ?? resource.expiry;
}

/**
 * Where a change to a resource is priced to: the end of the last period whose price is settled —
 * its paid period, a period already begun that an open renewal bills at the old plan (a
 * whitelisted account's, unpaid: it keeps the price of what it used), or a later period paid
 * ahead of an unpaid one. A renewal not begun yet is issued again at the new plan instead
 * (renewals.ts `reissueOpenRenewals`). 400 for a trial's resource (no paid period yet): its trial
 * bill prices whatever it has at the trial's end, so a change paid now would be charged twice.
 * The trial is upgraded first.
 */
export function changePricedUntil(
  db: Db,
  type: PricedResource['type'],
  resource: { id: number; expiry: string | null },
  now: Date,
): string {
  if (resource.expiry === null) throw new ApiError(400, 'server.refusals.change_on_trial');
  const settled = db
    .prepare(
      `SELECT MAX(i.renewal_period_end) FROM invoices i
         JOIN invoice_lines l ON l.invoice_id = i.id AND l.position = 1
        WHERE i.resource_type = ? AND i.resource_id = ? AND i.renewal_period_end > ?
          AND (i.status = 'paid' OR (i.status = 'open' AND l.period_start <= ?))`,
    )
    .pluck()
    .get(type, resource.id, resource.expiry, now.toISOString()) as string | null;
  return settled ?? resource.expiry;
}

/**
 * What a server's renewal charges: its own products and its extra addresses (an address has no
 * period of its own, renewals.ts); a volume's: its own.
 */
export function renewedLines(db: Db, resource: BilledResource) {
  const ips =
    resource.resourceType === 'server'
      ? (db
          .prepare('SELECT id FROM ips WHERE server_id = ? AND is_primary = 0 ORDER BY id')
          .pluck()
          .all(resource.resourceId) as number[])
      : [];
  const addressLines = ips.flatMap(
    (id) => billedResource(db, resource.userId, 'ip', id)?.lines ?? [],
  );
  return [...resource.lines, ...addressLines].map(({ product, quantity }) => ({
    product: toPricedProduct(product),
    quantity,
  }));
}

/**
 * The resource's state as prices see it — its products and addresses, its interval, its paid
 * period and the period billed — as a JSON text two readings can be compared by; null when the
 * account has no such live resource.
 */
export function pricedStateOf(db: Db, userId: number, target: PricedResource): string | null {
  const resource = billedResource(db, userId, target.type, target.id);
  if (!resource) return null;
  return JSON.stringify({
    ...target,
    products: renewedLines(db, resource).map(({ product, quantity }) => [product.id, quantity]),
    interval: resource.interval,
    expiry: resource.expiry,
    billedUntil: billedUntil(db, target.type, { id: target.id, expiry: resource.expiry }),
  });
}

/**
 * 400 "order_stale" when the order's resource has changed since the order was priced. A resource
 * that is gone is left to the order's own work to refuse (its not-found answer says more).
 */
export function requirePricedStateUnchanged(db: Db, order: OrderRow): void {
  if (order.priced_from === null) return;
  const pricedFrom = JSON.parse(order.priced_from) as PricedResource;
  const now = pricedStateOf(db, order.user_id, { type: pricedFrom.type, id: pricedFrom.id });
  if (now !== null && now !== order.priced_from) throw badRequest('server.order_stale');
}
