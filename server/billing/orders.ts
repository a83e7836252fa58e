/**
 * Orders, the invoices paying them, and the balance they are paid from. Paying is one synchronous
 * better-sqlite3 transaction that reads the order and the balance again, debits, issues the paid
 * invoice, marks the order paid and starts the work: nothing can happen in between, so an order is
 * paid once and a balance never pays for more than it holds (the users table also refuses a
 * negative balance). The work is the order's kind's (orderKinds.ts), which compute and storage
 * register: a server built, resized or given addresses, a volume made or grown, a snapshot taken.
 */
import type { components } from '../../src/api/schema';
import { groupThousands } from '../../src/domain/money';
import { applyDiscount, vatContained, vietnamMonthStartAfter } from '../../src/domain/pricing';
import { couponRefused, usableCoupon } from '../catalog/catalog';
import { takeCouponUse } from './coupons';
import type { Db } from '../platform/db';
import { ApiError, badRequest, notFound } from '../platform/errors';
import { discountLine, toInvoice, type NewInvoiceLine } from './invoiceDocument';
import { orderKind, type Services } from './orderKinds';
import { settleResources } from './resourceHooks';
import { orderPaymentText, payFromBalance } from './ledger';
import {
  invoiceCode,
  type InvoiceRow,
  type NewOrder,
  type OrderRow,
  type RenewWork,
} from './orderRows';
import { reissueOpenRenewals } from './renewals';
import { findUserById } from '../auth/users';
import { pricedStateOf, requirePricedStateUnchanged } from './pricedState';
import { callerOf, recordBy } from '../auth/activity';

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
         new_cpu, new_ram, new_disk, new_size, expiry, data, created_at, priced_from)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
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
      order.priced ? pricedStateOf(db, order.userId, order.priced) : null,
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

/**
 * 400 unless the order can be paid at its price now: pending, not past its expiry, within the
 * month it was priced in, and its resource as it was when the order was priced (pricedState.ts).
 * Every order but `renew` is priced from the moment it is placed (the rest of that month, then
 * whole months): paid in a later month, it would charge for days gone by and end a month short.
 */
export function requirePayable(db: Db, order: OrderRow, now: Date): void {
  requirePending(order);
  const pricedMonthEnd = vietnamMonthStartAfter(new Date(order.created_at), 1);
  if (
    (order.expiry !== null && order.expiry <= now.toISOString()) ||
    (order.type !== 'renew' && pricedMonthEnd <= now)
  ) {
    throw badRequest('server.order_expired');
  }
  requirePricedStateUnchanged(db, order);
  orderKind(order.type).requirePriceHolds?.(db, order);
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

// ---- invoices ----

export function accountInvoice(db: Db, userId: number, id: number): InvoiceRow {
  const row = db.prepare('SELECT * FROM invoices WHERE id = ? AND user_id = ?').get(id, userId) as
    InvoiceRow | undefined;
  if (!row) throw notFound('server.invoice_not_found');
  return row;
}

// ---- paying ----

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
    settleResources(db, now);
    const order = accountOrder(db, userId, orderId);
    requirePayable(db, order, now);
    const coupon = couponCode ? usableCoupon(db, couponCode, 'discount_invoice', now) : null;
    const { discount, total } = applyDiscount(order.amount, coupon);
    const user = findUserById(db, userId);
    if (!user) throw notFound('server.order_not_found');
    if (user.balance < total) throw insufficientBalance(total, user.balance);

    const done = orderKind(order.type).fulfil(services, order, now);

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
    // A change to a resource re-prices the renewal already out for it, mailed with the balance
    // this payment left (a new resource has none out yet; a renew order is refused while one is).
    reissueOpenRenewals(db, done.resource.type, done.resource.id, now);
    // Checked by usableCoupon above in this same transaction; the guarded UPDATE holds it anyway.
    if (coupon && !takeCouponUse(db, coupon.code)) throw couponRefused('used_up', coupon.code);
    const facts = {
      amount: total,
      order: order.id,
      type: order.type,
      invoice: invoiceCode(invoice),
    };
    recordBy(db, userId, 'payment', now, callerOf(services), facts);
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

/** Where an order's period starts: a renewal ahead where the paid one ends, others when placed. */
const periodStartOf = (order: OrderRow): string =>
  order.type === 'renew' ? (JSON.parse(order.data) as RenewWork).from : order.created_at;

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
    periodMonths:
      NEW_RESOURCE_ORDERS.includes(order.type) || order.type === 'renew'
        ? order.interval_count
        : null,
    periodStart: order.expiry ? periodStartOf(order) : null,
    periodEnd: order.expiry,
    amount: order.amount,
  };
  return couponCode ? [item, discountLine(couponCode, discount)] : [item];
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
