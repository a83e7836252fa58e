/**
 * The `billing` area: prices, orders paid from the balance, coupons to check and to redeem, the
 * invoices paying issues (and paying open ones) and the balance ledger. Top-ups are in the
 * payments area.
 */
import { groupThousands } from '../../src/domain/money';
import { applyDiscount } from '../../src/domain/pricing';
import { resolveProductLines, usableCoupon } from '../catalog/catalog';
import { checkCreditCoupon, redeemCreditCoupon } from './coupons';
import { ApiError } from '../platform/errors';
import { refuseAtLimit } from '../platform/accountLimits';
import type { Db } from '../platform/db';
import { requireActionAllowed, pageOf, signedInUser } from '../auth/guards';
import { callerOf, recordCallerActivity } from '../auth/activity';
import { FileAnswer, type HandlerTable } from '../platform/handler';
import { invoicePdf } from './invoicePdf';
import { payOpenInvoice } from './invoices';
import { toBalanceAdjustment, type AdjustmentRow } from './ledger';
import { invoiceCode } from './orderRows';
import { dateRangeOf, dateRangeSql, orderByClause } from '../platform/listQuery';
import {
  accountInvoice,
  accountOrder,
  orderPayment,
  payPendingOrder,
  requirePayable,
  requirePending,
  toOrder,
} from './orders';
import { settleResources } from './resourceHooks';
import { INVOICE_CODE_SQL, type InvoiceRow, type OrderRow } from './orderRows';
import { toInvoice } from './invoiceDocument';
import { orderKind } from './orderKinds';
import { quoteNew, toCalculation } from '../catalog/prices';

/** The billing lists' sorts (our extension): the contract's name → the column it sorts by. */
const LIST_SORTS = { created: 'created_at', amount: 'amount' } as const;

export const billingHandlers: HandlerTable = {
  calculatePrice: (ctx) => {
    signedInUser(ctx);
    const { action, products, reference_id: referenceId } = ctx.body;
    const interval = ctx.body.interval_count ?? 1;
    const now = ctx.now();
    const lines = resolveProductLines(ctx.db, products);
    switch (action) {
      case 'create_server':
      case 'create_volume':
      case 'create_snapshot':
        return toCalculation(action, quoteNew(lines, interval, now));
      default: {
        // Changes to existing resources are priced by their kind of order (billing/orderKinds.ts).
        const { quote } = orderKind(action);
        if (!quote) throw new ApiError(501, 'server.not_implemented');
        return toCalculation(action, quote(ctx, lines, referenceId, now, interval));
      }
    }
  },
  createOrder: (ctx) => {
    const user = requireActionAllowed(ctx);
    const { body } = ctx;
    refusePendingOrderAtLimit(ctx.db, user.id, ctx.accountLimits.pendingOrders);
    const placed = ctx.db.transaction(() => {
      const order = orderKind(body.type).place(ctx, user, body, ctx.now());
      const facts = { order: order.id, type: order.type, amount: order.amount };
      recordCallerActivity(ctx, 'order_placed', facts);
      return order;
    })();
    return toOrder(placed);
  },

  listOrders: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const where = `user_id = @user AND (@status IS NULL OR status = @status)
      AND ${dateRangeSql('created_at')}`;
    const filters = { user: user.id, status: ctx.query.status ?? null, ...dateRangeOf(ctx.query) };
    const order = orderByClause(LIST_SORTS, ctx.query);
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM orders WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT * FROM orders WHERE ${where} ${order} LIMIT @limit OFFSET @offset`)
      .all({ ...filters, limit, offset }) as OrderRow[];
    return { items: rows.map(toOrder), total, page, per_page };
  },

  getOrder: (ctx) => toOrder(accountOrder(ctx.db, signedInUser(ctx).id, ctx.params.id)),

  payOrder: (ctx) => {
    const now = ctx.now();
    // An empty code is what a form sends for its empty coupon field: no coupon.
    const couponCode = ctx.body?.coupon_code || undefined;
    if (ctx.query.check === 'True') {
      // A preview changes nothing, so it is neither blocked nor refused for a short balance.
      const user = signedInUser(ctx);
      settleResources(ctx.db, now);
      const order = accountOrder(ctx.db, user.id, ctx.params.id);
      requirePayable(ctx.db, order, now);
      const coupon = couponCode ? usableCoupon(ctx.db, couponCode, 'discount_invoice', now) : null;
      const { discount, total } = applyDiscount(order.amount, coupon);
      const amounts = { amount: order.amount, discount, total, balance: user.balance };
      return orderPayment(ctx.db, true, order, amounts, coupon, null);
    }
    const user = requireActionAllowed(ctx);
    const paid = payPendingOrder(ctx, user.id, ctx.params.id, couponCode, now);
    return orderPayment(ctx.db, false, paid.order, paid, paid.coupon, paid.invoice);
  },

  // Never blocked: nothing was charged, so cancelling is always allowed.
  cancelOrder: (ctx) => {
    const user = signedInUser(ctx);
    return toOrder(
      ctx.db.transaction(() => {
        const order = accountOrder(ctx.db, user.id, ctx.params.id);
        requirePending(order);
        return ctx.db
          .prepare(`UPDATE orders SET status = 'cancelled' WHERE id = ? RETURNING *`)
          .get(order.id) as OrderRow;
      })(),
    );
  },

  checkCoupon: (ctx) => {
    const user = signedInUser(ctx);
    const type = ctx.query.type ?? 'discount_invoice';
    // A credit code is once per account: the check says so before the customer tries it.
    if (type === 'credit') return checkCreditCoupon(ctx.db, user.id, ctx.query.code, ctx.now());
    return usableCoupon(ctx.db, ctx.query.code, type, ctx.now(), 'code');
  },

  listInvoices: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const { status, code, resource_id: resourceId } = ctx.query;
    // Overdue as the portal's isOverdue has it: open, and due before the server's clock.
    const where = `user_id = @user
      AND (@status IS NULL OR status = @status
        OR (@status = 'overdue' AND status = 'open' AND due_date < @now))
      AND (@code IS NULL OR instr(${INVOICE_CODE_SQL}, upper(@code)) > 0)
      AND (@resource IS NULL OR resource_id = @resource)
      AND ${dateRangeSql('created_at')}`;
    const filters = {
      user: user.id,
      status: status ?? null,
      now: ctx.now().toISOString(),
      code: code ?? null,
      resource: resourceId ?? null,
      ...dateRangeOf(ctx.query),
    };
    const order = orderByClause(LIST_SORTS, ctx.query);
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM invoices WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(`SELECT * FROM invoices WHERE ${where} ${order} LIMIT @limit OFFSET @offset`)
      .all({ ...filters, limit, offset }) as InvoiceRow[];
    return { items: rows.map((row) => toInvoice(ctx.db, row)), total, page, per_page };
  },

  getInvoice: (ctx) =>
    toInvoice(ctx.db, accountInvoice(ctx.db, signedInUser(ctx).id, ctx.params.id)),

  // Our extension: the invoice as a PDF, in the language asked for (Vietnamese by default).
  getInvoicePdf: async (ctx) => {
    const row = accountInvoice(ctx.db, signedInUser(ctx).id, ctx.params.id);
    const invoice = toInvoice(ctx.db, row);
    const pdf = await invoicePdf(invoice, ctx.query.lang ?? 'vi');
    return new FileAnswer('application/pdf', `${invoice.code}.pdf`, pdf);
  },

  // Never blocked: paying overdue invoices is how a blocked account recovers.
  payInvoice: (ctx) => {
    const user = signedInUser(ctx);
    // An empty code is what a form sends for its empty coupon field: no coupon.
    const couponCode = ctx.body?.coupon_code || undefined;
    const by = callerOf(ctx);
    const paid = payOpenInvoice(ctx.db, user.id, ctx.params.id, couponCode, ctx.now(), by);
    const code = invoiceCode(paid.invoice);
    return {
      message: ctx.t('server.invoice_paid', { code, amount: groupThousands(paid.total) }),
      invoice: toInvoice(ctx.db, paid.invoice),
      amount: paid.amount,
      discount: paid.discount,
      total: paid.total,
      balance: paid.balance,
      coupon: paid.coupon,
    };
  },

  applyCoupon: (ctx) => {
    const user = signedInUser(ctx);
    const credited = redeemCreditCoupon(ctx.db, user.id, ctx.body.code, ctx.now());
    return {
      message: ctx.t('server.coupon_credited', { amount: groupThousands(credited.amount) }),
      ...credited,
    };
  },

  listBalanceAdjustments: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const where = `user_id = @user AND (@type IS NULL OR type = @type)
      AND (@method IS NULL OR method = @method) AND (@id IS NULL OR id = @id)
      AND ${dateRangeSql('created_at')}`;
    const filters = {
      user: user.id,
      type: ctx.query.type ?? null,
      method: ctx.query.method ?? null,
      id: ctx.query.id ?? null,
      ...dateRangeOf(ctx.query),
    };
    const order = orderByClause(LIST_SORTS, ctx.query);
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM balance_adjustments WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(
        `SELECT * FROM balance_adjustments WHERE ${where}
          ${order} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...filters, limit, offset }) as AdjustmentRow[];
    return { items: rows.map(toBalanceAdjustment), total, page, per_page };
  },
};

/** At most `max` orders awaiting payment per account (issue 20); paying or cancelling makes room. */
function refusePendingOrderAtLimit(db: Db, userId: number, max: number): void {
  const { pending } = db
    .prepare(`SELECT COUNT(*) AS pending FROM orders WHERE user_id = ? AND status = 'pending'`)
    .get(userId) as { pending: number };
  refuseAtLimit(pending, max, 'server.limits.pending_orders');
}
