/**
 * Orders, the invoices paying them, and the balance they are paid from. Paying is one synchronous
 * better-sqlite3 transaction that reads the order and the balance again, debits, issues the paid
 * invoice, marks the order paid and starts the work: nothing can happen in between, so an order is
 * paid once and a balance never pays for more than it holds (the users table also refuses a
 * negative balance).
 */
import type { components } from '../src/api/schema';
import { groupThousands } from '../src/domain/money';
import { applyDiscount, vatContained, vietnamMonthStartAfter } from '../src/domain/pricing';
import { SERVER_LIMITS, validateResize, type ServerSize } from '../src/domain/serverRules';
import { couponRefused, usableCoupon } from './catalog';
import { takeCouponUse } from './coupons';
import type { Db } from './db';
import { ApiError, badRequest, notFound } from './errors';
import { discountLine, toInvoice, type NewInvoiceLine } from './invoiceDocument';
import { orderPaymentText, payFromBalance } from './ledger';
import type { MessageKey, Translate } from './i18n';
import { mailServerPassword } from './mails';
import {
  type BuyIpWork,
  type CreateServerWork,
  type InvoiceRow,
  type NewOrder,
  type OrderRow,
  type ResizeWork,
} from './orderRows';
import { quoteUntil, requireProduct, resizeLines } from './prices';
import {
  accountServer,
  addIps,
  countIps,
  createServer,
  generateServerPassword,
  requireIdle,
  requireIpRoom,
  settleServers,
  startTask,
  type ServerRow,
} from './servers';
import { isRestoreSnapshotWork, restoreSnapshotVolume, takeSnapshot } from './snapshots';
import { findUserById } from './users';
import { createPaidVolume, extendPaidVolume } from './volumeOrders';
import { createDataVolumes } from './volumes';

type Order = components['schemas']['Order'];
type OrderType = components['schemas']['OrderType'];
type Coupon = components['schemas']['Coupon'];
type OrderPayment = components['schemas']['OrderPayment'];
type Ip = components['schemas']['Ip'];
type ServerConfig = components['schemas']['ServerConfig'];

export function toOrder(row: OrderRow): Order {
  const config: ServerConfig | null =
    row.new_cpu !== null && row.new_ram !== null && row.new_disk !== null
      ? { cpu: row.new_cpu, ram: row.new_ram, disk: row.new_disk }
      : null;
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    info: row.info,
    amount: row.amount,
    interval_count: row.interval_count,
    resource_id: row.resource_id,
    new_config: config,
    new_size: row.new_size,
    expiry: row.expiry,
    invoice_id: row.invoice_id,
    created: row.created_at,
    paid_at: row.paid_at,
  };
}

export function insertOrder(db: Db, order: NewOrder, now: Date): OrderRow {
  return db
    .prepare(
      `INSERT INTO orders (user_id, type, status, info, amount, interval_count, resource_id,
         new_cpu, new_ram, new_disk, new_size, expiry, data, created_at)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      order.userId,
      order.type,
      order.info,
      order.amount,
      order.interval,
      order.resourceId,
      order.newConfig?.cpu ?? null,
      order.newConfig?.ram ?? null,
      order.newConfig?.disk ?? null,
      order.newSize ?? null,
      order.expiry,
      JSON.stringify(order.work),
      now.toISOString(),
    ) as OrderRow;
}

export function accountOrder(db: Db, userId: number, id: number): OrderRow {
  const row = db.prepare('SELECT * FROM orders WHERE id = ? AND user_id = ?').get(id, userId) as
    OrderRow | undefined;
  if (!row) throw notFound('server.order_not_found');
  return row;
}

export function requirePending(order: OrderRow): void {
  if (order.status !== 'pending') throw badRequest('server.order_not_pending');
}

/** Pending create_server orders hold a server's place: its name and a slot of the quota. */
export function pendingServerNames(db: Db, userId: number): string[] {
  return (
    db
      .prepare(
        `SELECT json_extract(data, '$.name') AS name FROM orders
          WHERE user_id = ? AND type = 'create_server' AND status = 'pending'`,
      )
      .all(userId) as { name: string }[]
  ).map((row) => row.name);
}

/** Addresses pending buy_ip orders for the server would add. */
export function pendingIpCount(db: Db, serverId: number): number {
  const row = db
    .prepare(
      `SELECT COALESCE(SUM(json_extract(data, '$.quantity')), 0) AS n FROM orders
        WHERE type = 'buy_ip' AND status = 'pending' AND resource_id = ?`,
    )
    .get(serverId) as { n: number };
  return row.n;
}

export const describeConfig = (size: ServerSize, diskType: string) =>
  `${size.cpu} CPU, ${size.ram} GB RAM, ${size.disk} GB ${diskType}`;

const quotaExceeded = () => new ApiError(409, 'server.quota_exceeded');

/**
 * A resize_server order for a server of the account: the growth for the rest of the server's
 * period. 400 when the domain refuses the change, 409 past the limits of SERVER_LIMITS.
 */
export function resizeOrder(
  db: Db,
  server: ServerRow,
  next: ServerSize,
  now: Date,
  field: (name: string) => string = (name) => name,
): NewOrder {
  const problem = validateResize(server, next);
  if (problem) {
    const name = problem === 'validation.resize_smaller_disk' ? field('disk') : field('cpu');
    throw new ApiError(400, problem as MessageKey, {}, { [name]: problem });
  }
  if (
    next.cpu > SERVER_LIMITS.cpu.max ||
    next.ram > SERVER_LIMITS.ram.max ||
    next.disk > SERVER_LIMITS.disk.max
  ) {
    throw quotaExceeded();
  }
  const expiry = periodEnd(server, now);
  const priced = quoteUntil(resizeLines(db, server, next), expiry, server.interval_count, now);
  const work: ResizeWork = { server_id: server.id, ...next };
  return {
    userId: server.user_id,
    type: 'resize_server',
    info: `${server.name}: ${describeConfig(server, server.disk_type)} → ${describeConfig(next, server.disk_type)}`,
    amount: priced.total,
    interval: server.interval_count,
    resourceId: server.id,
    newConfig: next,
    expiry: expiry.toISOString(),
    work,
  };
}

/** A buy_ip order: the addresses for the rest of the server's period; 409 past 20 addresses. */
export function buyIpOrder(
  db: Db,
  server: ServerRow,
  version: 'ipv4' | 'ipv6',
  quantity: number,
  now: Date,
  t: Translate,
): NewOrder {
  requireIdle(server, now, t, [
    'active',
    'shutoff',
    'rebooting',
    'resizing',
    'rebuilding',
    'error',
  ]);
  requireIpRoom(countIps(db, server.id) + pendingIpCount(db, server.id), quantity);
  const product = requireProduct(db, version === 'ipv4' ? 'wan_ipv4' : 'wan_ipv6');
  const expiry = periodEnd(server, now);
  const priced = quoteUntil([{ product, quantity }], expiry, server.interval_count, now);
  const work: BuyIpWork = { server_id: server.id, version, quantity };
  return {
    userId: server.user_id,
    type: 'buy_ip',
    info: `${server.name}: +${quantity} ${version === 'ipv4' ? 'IPv4' : 'IPv6'}`,
    amount: priced.total,
    interval: server.interval_count,
    resourceId: server.id,
    newConfig: null,
    expiry: expiry.toISOString(),
    work,
  };
}

/**
 * The end of the server's paid period. The sandbox does not renew yet, so a server past its
 * period is taken to run month by month: a change is priced to the end of this month.
 */
export function periodEnd(server: Pick<ServerRow, 'expiry'>, now: Date): Date {
  const expiry = server.expiry ? new Date(server.expiry) : undefined;
  return expiry && expiry.getTime() > now.getTime() ? expiry : vietnamMonthStartAfter(now, 1);
}

// ---- invoices ----

export function accountInvoice(db: Db, userId: number, id: number): InvoiceRow {
  const row = db.prepare('SELECT * FROM invoices WHERE id = ? AND user_id = ?').get(id, userId) as
    InvoiceRow | undefined;
  if (!row) throw notFound('server.invoice_not_found');
  return row;
}

// ---- paying ----

export interface Services {
  db: Db;
  buildSeconds: number;
  t: Translate;
}

export interface PaidOrder {
  order: OrderRow;
  invoice: InvoiceRow;
  amount: number;
  discount: number;
  total: number;
  balance: number;
  coupon: Coupon | null;
  /** Addresses a buy_ip order added. */
  ips: Ip[];
}

function insufficientBalance(total: number, balance: number) {
  return new ApiError(402, 'server.order_insufficient_balance', {
    amount: groupThousands(total),
    balance: groupThousands(balance),
    shortfall: groupThousands(total - balance),
  });
}

/**
 * Pays a pending order of the account from its balance, in one transaction (see the top of the
 * file). 404 for an order that is not the account's, 400 when it is not pending or its coupon is
 * not valid, 402 when the balance is short: then nothing has changed.
 */
export function payPendingOrder(
  services: Services,
  userId: number,
  orderId: number,
  couponCode: string | undefined,
  now: Date,
): PaidOrder {
  const { db } = services;
  return db.transaction((): PaidOrder => {
    settleServers(db, now);
    const order = accountOrder(db, userId, orderId);
    requirePending(order);
    if (order.expiry !== null && order.expiry <= now.toISOString()) {
      throw badRequest('server.order_expired');
    }
    const coupon = couponCode ? usableCoupon(db, couponCode, 'discount_invoice', now) : null;
    const { discount, total } = applyDiscount(order.amount, coupon);
    const user = findUserById(db, userId);
    if (!user) throw notFound('server.order_not_found');
    if (user.balance < total) throw insufficientBalance(total, user.balance);

    const done = doWork(services, order, now);

    const at = now.toISOString();
    const { invoice, balance } = payFromBalance(db, {
      userId,
      amount: total,
      lines: orderInvoiceLines(order, coupon && discount > 0 ? coupon.code : null, discount),
      text: orderPaymentText(order),
      at: now,
      resource: done.resource,
      orderId: order.id,
    });
    const paid = db
      .prepare(
        `UPDATE orders SET status = 'paid', paid_at = ?, invoice_id = ?, resource_id = ?
          WHERE id = ? RETURNING *`,
      )
      .get(at, invoice.id, done.resource.id, order.id) as OrderRow;
    // Checked by usableCoupon above in this same transaction; the guarded UPDATE holds it anyway.
    if (coupon && !takeCouponUse(db, coupon.code)) throw couponRefused('used_up', coupon.code);
    return {
      order: paid,
      invoice,
      amount: order.amount,
      discount,
      total,
      balance,
      coupon,
      ips: done.ips,
    };
  })();
}

/** A create_* order pays for its interval; a change pays for the rest of the resource's period. */
const NEW_RESOURCE_ORDERS: readonly OrderType[] = [
  'create_server',
  'create_volume',
  'create_snapshot',
];

/** The paid invoice of an order: the order at its price, then the coupon's discount. */
function orderInvoiceLines(
  order: OrderRow,
  couponCode: string | null,
  discount: number,
): NewInvoiceLine[] {
  const item: NewInvoiceLine = {
    kind: 'item',
    text: { key: 'invoice_document.line.order', params: { order: order.id, info: order.info } },
    unitPrice: order.amount,
    quantity: 1,
    periodMonths: NEW_RESOURCE_ORDERS.includes(order.type) ? order.interval_count : null,
    periodStart: order.expiry ? order.created_at : null,
    periodEnd: order.expiry,
    amount: order.amount,
  };
  return couponCode ? [item, discountLine(couponCode, discount)] : [item];
}

/** What a paid order changed: the resource its invoice names, and any addresses it added. */
interface DoneWork {
  resource: { type: 'server' | 'volume' | 'snapshot'; id: number };
  ips: Ip[];
}

const serverDone = (serverId: number, ips: Ip[] = []): DoneWork => ({
  resource: { type: 'server', id: serverId },
  ips,
});

/** Builds, resizes, adds addresses or makes volumes; answers the resource concerned. */
function doWork(services: Services, order: OrderRow, now: Date): DoneWork {
  const { db, t, buildSeconds } = services;
  switch (order.type) {
    case 'create_server': {
      const work = JSON.parse(order.data) as CreateServerWork;
      const server = createServer(
        db,
        {
          userId: order.user_id,
          name: work.name,
          cpu: work.cpu,
          ram: work.ram,
          disk: work.disk,
          diskType: work.disk_type,
          imageId: work.image_id,
          datacenter: work.datacenter,
          keyName: work.key_name,
          interval: order.interval_count,
          expiry: order.expiry ?? now.toISOString(),
          extraIpv4: work.extra_ipv4,
          ipv6: work.ipv6,
        },
        now,
        buildSeconds,
      );
      createDataVolumes(
        db,
        {
          id: server.id,
          user_id: order.user_id,
          name: work.name,
          datacenter: work.datacenter,
          interval_count: order.interval_count,
          expiry: order.expiry ?? now.toISOString(),
        },
        work.datadisks ?? [],
        now,
      );
      const user = findUserById(db, order.user_id);
      if (work.password && user) {
        mailServerPassword(
          db,
          user,
          { name: work.name, address: server.primaryAddress },
          generateServerPassword(),
          now,
        );
      }
      return serverDone(server.id);
    }
    case 'resize_server': {
      const work = JSON.parse(order.data) as ResizeWork;
      const server = accountServer(db, order.user_id, work.server_id);
      requireIdle(server, now, t, ['active', 'shutoff']);
      const next = { cpu: work.cpu, ram: work.ram, disk: work.disk };
      const problem = validateResize(server, next);
      if (problem) throw badRequest(problem as MessageKey);
      db.prepare('UPDATE servers SET cpu = ?, ram = ?, disk = ? WHERE id = ?').run(
        next.cpu,
        next.ram,
        next.disk,
        server.id,
      );
      startTask(db, server.id, 'resize', now, buildSeconds);
      return serverDone(server.id);
    }
    case 'buy_ip': {
      const work = JSON.parse(order.data) as BuyIpWork;
      const server = accountServer(db, order.user_id, work.server_id);
      requireIdle(server, now, t, [
        'active',
        'shutoff',
        'rebooting',
        'resizing',
        'rebuilding',
        'error',
      ]);
      // Paying cannot answer 409; the order reserved the room when it was placed.
      requireIpRoom(countIps(db, server.id), work.quantity, 400);
      return serverDone(server.id, addIps(db, server.id, work.version, work.quantity, now));
    }
    case 'create_volume': {
      // A restore of a snapshot is paid as a new volume (server/snapshots.ts).
      const makeVolume = isRestoreSnapshotWork(JSON.parse(order.data))
        ? restoreSnapshotVolume
        : createPaidVolume;
      return {
        resource: { type: 'volume', id: makeVolume(db, order, now, t, buildSeconds) },
        ips: [],
      };
    }
    case 'create_snapshot':
      return {
        resource: { type: 'snapshot', id: takeSnapshot(db, order, now, t, buildSeconds) },
        ips: [],
      };
    case 'extend_volume':
      return {
        resource: { type: 'volume', id: extendPaidVolume(db, order, now, t, buildSeconds) },
        ips: [],
      };
    default:
      throw new ApiError(501, 'server.not_implemented');
  }
}

/** The payOrder answer; a preview says whether the balance suffices and what is missing. */
export function orderPayment(
  db: Db,
  preview: boolean,
  order: OrderRow,
  amounts: { amount: number; discount: number; total: number; balance: number },
  coupon: Coupon | null,
  invoice: InvoiceRow | null,
): OrderPayment {
  const vat = vatContained(amounts.total);
  const shortfall = preview ? Math.max(0, amounts.total - amounts.balance) : 0;
  return {
    preview,
    order: toOrder(order),
    amount: amounts.amount,
    discount: amounts.discount,
    subtotal: amounts.total - vat,
    vat,
    total: amounts.total,
    balance: amounts.balance,
    sufficient_balance: shortfall === 0,
    shortfall,
    coupon,
    invoice: invoice && toInvoice(db, invoice),
  };
}
