/**
 * The `renew` order (contract: RenewOrder, issue 20): a customer pays a package's next
 * `interval_count` months ahead, from the end of its paid period, without waiting for the renewal
 * invoice. It charges what that invoice would (renewals.ts): the package's products at their
 * monthly prices for those whole months, a server's extra addresses with it (an address has no
 * period of its own), so paying ahead never costs more or less than paying when due.
 *
 * What keeps it sound next to the renewal invoices:
 * - a package whose renewal invoice is already open is renewed by paying that invoice: the order
 *   is refused (placed or paid), so one period is never charged twice, and no invoice is left
 *   open for a period already paid (it would turn overdue and block the account);
 * - the period starts where the paid one ends at placing; if the package has changed since (its
 *   invoice was paid meanwhile, or it was resized), paying the order is refused as stale
 *   (pricedState.ts): the customer orders again;
 * - a trial's resources have the trial's bill instead of a period, and extra addresses are
 *   renewed with their server, not on their own. A snapshot has its own period (renewals.ts).
 */
import { quoteRenewal, type IntervalCount, type Quote } from '../../src/domain/pricing';
import type { Db } from '../platform/db';
import { ApiError, badRequest } from '../platform/errors';
import { signedInUser } from '../auth/guards';
import type { UserRow } from '../auth/userRows';
import { findUserById } from '../auth/users';
import type { OrderKind } from './orderKinds';
import { insertOrder } from './orders';
import { invoiceCode, type InvoiceRow, type RenewWork } from './orderRows';
import { billedResource, resourceOfPackageId, type BilledResource } from './packages';
import { renewedLines } from './pricedState';
import { renewalDescription, vietnamMonthsAfter, type RenewedType } from './renewals';
import { settleResources } from './resourceHooks';

type Renewed = BilledResource & { resourceType: RenewedType; expiry: string };

/** The package's resource as a renewal sees it, or the reason it cannot be renewed ahead. */
function renewedResource(db: Db, user: UserRow, packageId: number, field: string): Renewed {
  const ref = resourceOfPackageId(packageId);
  const resource = ref && billedResource(db, user.id, ref.resourceType, ref.resourceId);
  if (!resource) {
    throw new ApiError(
      404,
      'server.package_not_found',
      {},
      { [field]: 'server.package_not_found' },
    );
  }
  if (resource.resourceType === 'ip') {
    throw refusal('server.refusals.renew_with_server', field);
  }
  if (resource.expiry === null || user.trial_start !== null) {
    throw refusal('server.refusals.renew_on_trial', field);
  }
  const open = db
    .prepare(
      `SELECT * FROM invoices WHERE status = 'open' AND renewal_period_end IS NOT NULL
          AND resource_type = ? AND resource_id = ?`,
    )
    .get(resource.resourceType, resource.resourceId) as InvoiceRow | undefined;
  if (open) {
    throw new ApiError(
      400,
      'server.refusals.renewal_invoice_open',
      { code: invoiceCode(open) },
      { [field]: 'server.refusals.renewal_invoice_open' },
    );
  }
  return resource as Renewed;
}

const refusal = (
  key: 'server.refusals.renew_with_server' | 'server.refusals.renew_on_trial',
  field: string,
) => new ApiError(400, key, {}, { [field]: key });

function quoteFor(db: Db, resource: Renewed, months: IntervalCount): Quote {
  const start = new Date(resource.expiry);
  return quoteRenewal(renewedLines(db, resource), months, start, vietnamMonthsAfter(start, months));
}

export const renewOrderKind: OrderKind = {
  quote: (ctx, lines, referenceId, now, interval = 1) => {
    if (referenceId === undefined) {
      throw new ApiError(
        400,
        'server.package_not_found',
        {},
        { reference_id: 'server.field.required' },
      );
    }
    const user = signedInUser(ctx);
    settleResources(ctx.db, now);
    const resource = renewedResource(ctx.db, user, referenceId, 'reference_id');
    const priced = quoteFor(ctx.db, resource, interval);
    // The package is priced as it is; a product it does not hold is a mistake worth saying.
    const held = new Set(priced.lines.map((line) => line.product_id));
    const stray = lines.find((line) => !held.has(line.product.id));
    if (stray) throw badRequest('server.product_not_for_action', { name: stray.product.name });
    return priced;
  },

  place: (ctx, user, body, now) => {
    if (body.type !== 'renew') throw new ApiError(501, 'server.not_implemented');
    const { db } = ctx;
    return db.transaction(() => {
      settleResources(db, now);
      const resource = renewedResource(db, user, body.data.package_id, 'data.package_id');
      const months = body.interval_count;
      const priced = quoteFor(db, resource, months);
      const work: RenewWork = {
        resource_type: resource.resourceType,
        resource_id: resource.resourceId,
        package_id: body.data.package_id,
        from: resource.expiry,
        months,
      };
      return insertOrder(
        db,
        {
          userId: user.id,
          type: 'renew',
          info: renewalDescription(
            resource.name,
            months,
            new Date(priced.period_start),
            new Date(priced.period_end),
          ),
          amount: priced.total,
          interval: months,
          resourceId: resource.resourceId,
          newConfig: null,
          expiry: priced.period_end,
          work,
          priced: { type: resource.resourceType, id: resource.resourceId },
        },
        now,
      );
    })();
  },

  fulfil: ({ db }, order, now) => {
    const work = JSON.parse(order.data) as RenewWork;
    const user = findUserById(db, order.user_id);
    if (!user) throw badRequest('server.order_not_found');
    settleResources(db, now);
    const resource = renewedResource(db, user, work.package_id, 'data.package_id');
    // The period moved since the order was placed (its invoice was paid): this price is stale.
    if (resource.expiry !== work.from) throw badRequest('server.order_expired');
    const table = { server: 'servers', volume: 'volumes', snapshot: 'snapshots' }[
      work.resource_type
    ];
    const end = vietnamMonthsAfter(new Date(work.from), work.months).toISOString();
    db.prepare(`UPDATE ${table} SET expiry = ? WHERE id = ? AND expiry = ?`).run(
      end,
      work.resource_id,
      work.from,
    );
    return { resource: { type: work.resource_type, id: work.resource_id }, ips: [] };
  },
};
