/**
 * The `network` area: a server's IP addresses. A server holds at most MAX_IPS_PER_SERVER (20),
 * its primary address included; extra ones are charged at once through a paid buy_ip order.
 */
import { onceForKey } from '../platform/idempotency';
import { pageItems, requireActionAllowed, signedInUser } from '../auth/guards';
import type { HandlerTable } from '../platform/handler';
import { badRequest, notFound } from '../platform/errors';
import { insertOrder, payPendingOrder, toOrder } from '../billing/orders';
import { buyIpOrder } from '../compute/serverOrders';
import { toInvoice } from '../billing/invoiceDocument';
import { reissueOpenRenewals } from '../billing/renewals';
import { accountServer, serverIps, settleServers } from '../compute/servers';

export const networkHandlers: HandlerTable = {
  listServerIps: (ctx) => {
    const user = signedInUser(ctx);
    settleServers(ctx.db, ctx.now());
    const server = accountServer(ctx.db, user.id, ctx.params.id);
    return pageItems(serverIps(ctx.db, server.id, ctx.now()), ctx.query);
  },

  buyServerIps: (ctx) => {
    const now = ctx.now();
    const { version, quantity } = ctx.body;
    // A repeat is answered before the checks: an account blocked since still gets its purchase.
    const keyed = {
      userId: signedInUser(ctx).id,
      operation: 'buyServerIps',
      key: ctx.headers['Idempotency-Key'],
      request: { id: ctx.params.id, body: ctx.body },
      now,
    };
    return ctx.db.transaction(() =>
      onceForKey(ctx.db, keyed, 201, () => {
        const user = requireActionAllowed(ctx);
        settleServers(ctx.db, now);
        const server = accountServer(ctx.db, user.id, ctx.params.id);
        const order = insertOrder(
          ctx.db,
          buyIpOrder(ctx.db, server, version, quantity, now, ctx.t),
          now,
        );
        const paid = payPendingOrder(ctx, user.id, order.id, undefined, now);
        return {
          order: toOrder(paid.order),
          invoice: toInvoice(ctx.db, paid.invoice),
          ips: paid.ips,
        };
      }),
    )();
  },

  // Billing for the address stops; nothing is refunded.
  deleteServerIp: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    const address = ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const server = accountServer(ctx.db, user.id, ctx.params.id);
      const ip = serverIps(ctx.db, server.id, ctx.now()).find(
        (item) => item.id === ctx.params.ip_id,
      );
      if (!ip) throw notFound('server.ip_not_found');
      if (ip.primary) throw badRequest('server.primary_ip');
      ctx.db.prepare('DELETE FROM ips WHERE id = ?').run(ip.id);
      // A renewal already out no longer renews it.
      reissueOpenRenewals(ctx.db, 'server', server.id, now);
      return ip.address;
    })();
    return { message: ctx.t('server.ip_released', { address }) };
  },
};
