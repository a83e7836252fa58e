/**
 * Top-ups through a payment gateway (issue 7): the OnePay-compatible card gateway
 * (gateways/cardGateway.ts), PayPal with the sandbox's simulator (gateways/paypalGateway.ts),
 * bank transfer (gateways/bankTransfer.ts), and the list of credited top-ups.
 */
import type { components } from '../../src/api/schema';
import { cardReason } from '../../src/domain/cardResponse';
import type { vi } from '../../src/i18n/vi';
import { badRequest, notFound } from '../platform/errors';
import { refuseAtLimit } from '../platform/accountLimits';
import type { Db } from '../platform/db';
import {
  bankAccount,
  bankTransferDetails,
  recordBankTransferAttempt,
} from './gateways/bankTransfer';
import {
  isGatewayPending,
  recordCardAttempt,
  paymentRequestUrl,
  settleCardAnswer,
  type PaymentAttemptRow,
} from './gateways/cardGateway';
import {
  cancelPaypalReturn,
  centsOf,
  executePaypalReturn,
  PAYPAL_CHECKOUT_PATH,
  recordPaypalAttempt,
  type PaypalPaymentRow,
} from './gateways/paypalGateway';
import { pageItems, pageOf, signedInUser } from '../auth/guards';
import { dateRangeOf, dateRangeSql, orderByClause } from '../platform/listQuery';
import type { HandlerContext, HandlerTable } from '../platform/handler';

type Payment = components['schemas']['Payment'];
type PaypalPayment = components['schemas']['PaypalPayment'];
type TopupResult = components['schemas']['TopupResult'];
type PaymentAttempt = components['schemas']['PaymentAttempt'];
type AttemptStatus = components['schemas']['PaymentAttemptStatus'];

/** Where the sandbox serves the card gateway's page (sandbox/gatewayPages.ts). */
export const CARD_GATEWAY_PATH = '/sandbox/onepay/vpc.op';

/** The portal page the gateway may send the browser back to; anything else would be an open redirect. */
const PAYMENT_RETURN_PATH = '/idc/billing/payment';

/**
 * Only credited attempts are payments; pending, failed and cancelled ones never moved money. The
 * transaction id is the gateway's (vpc_TransactionNo, PayPal's payment id, the transfer
 * reference), or our reference when the gateway sent none; the filter finds either.
 */
const CREDITED_PAYMENTS = `a.status = 'credited' AND a.user_id = @user
  AND (@gateway IS NULL OR a.method = @gateway)
  AND (@transactionId IS NULL OR COALESCE(a.transaction_no, a.reference) = @transactionId
       OR a.reference = @transactionId)`;

/** A payment's amount is what its ledger row credited (a transfer may bring more or less). */
const PAYMENT_ROWS = `payment_attempts a
  LEFT JOIN balance_adjustments b ON b.type = 'topup' AND b.reference = a.reference`;

type CreditedAttempt = PaymentAttemptRow & { credited: number | null };

/** A payment's date, as `toPayment` shows it. */
const PAYMENT_DATE = 'COALESCE(a.settled_at, a.created_at)';

/** The sorts of the payments list (our extension): the contract's name → what it sorts by. */
const PAYMENT_SORTS = { date: PAYMENT_DATE, amount: 'COALESCE(b.amount, a.amount)' } as const;

export const paymentHandlers: HandlerTable = {
  createPaymentRequest: (ctx) => {
    const user = signedInUser(ctx);
    const { method, amount, return_url: returnUrl } = ctx.body;
    refusePendingPaymentAtLimit(ctx.db, user.id, ctx.now(), ctx.accountLimits.pendingPayments);
    if (method === 'bank_transfer') {
      // No redirect: the money arrives when the customer transfers it.
      const attempt = recordBankTransferAttempt(ctx.db, {
        userId: user.id,
        amount,
        now: ctx.now(),
      });
      return {
        method,
        reference: attempt.reference,
        amount: attempt.amount,
        currency: 'VND',
        charged_amount: attempt.amount,
        exchange_rate: null,
        url: null,
        bank_transfer_details: bankTransferDetails(ctx.t, attempt),
        bank_account: bankAccount(),
      };
    }
    if (!returnUrl || !isPortalPaymentPage(returnUrl, ctx.origin)) {
      throw badRequest('server.card_payments.return_url_invalid');
    }
    if (method === 'paypal') {
      const { attempt, payment } = recordPaypalAttempt(ctx.db, {
        userId: user.id,
        amount,
        returnUrl,
        rate: ctx.usdRate,
        now: ctx.now(),
      });
      const checkout = new URL(ctx.origin + PAYPAL_CHECKOUT_PATH);
      checkout.searchParams.set('token', payment.token);
      // PayPal's checkout language: the portal's (its requests' Accept-Language).
      checkout.searchParams.set('locale.x', ctx.locale === 'en' ? 'en_US' : 'vi_VN');
      return {
        method,
        reference: attempt.reference,
        amount: attempt.amount,
        currency: 'USD',
        charged_amount: (centsOf(payment.charged_total) ?? 0) / 100,
        exchange_rate: payment.exchange_rate,
        url: checkout.toString(),
        bank_transfer_details: null,
        bank_account: null,
      };
    }
    const attempt = recordCardAttempt(ctx.db, {
      userId: user.id,
      amount,
      returnUrl,
      now: ctx.now(),
    });
    return {
      method,
      reference: attempt.reference,
      amount: attempt.amount,
      currency: 'VND',
      charged_amount: attempt.amount,
      exchange_rate: null,
      url: paymentRequestUrl(attempt, ctx.cardGateway, ctx.origin + CARD_GATEWAY_PATH, ctx.locale),
      bank_transfer_details: null,
      bank_account: null,
    };
  },

  completeTopup: (ctx) => {
    const user = signedInUser(ctx);
    if (ctx.query.payment_method === 'paypal') return completePaypalTopup(ctx, user.id);
    const settlement = settleCardAnswer(ctx.db, ctx.cardGateway, ctx.query, {
      now: ctx.now(),
      callerUserId: user.id,
    });
    switch (settlement.outcome) {
      case 'credited':
        return {
          message: ctx.t(
            settlement.firstTime
              ? 'server.card_payments.credited'
              : 'server.card_payments.already_credited',
          ),
          amount: settlement.attempt.amount,
          // The balance right after this credit, so that a repeated return answers the same.
          balance: settlement.balanceAfter,
          transaction: toPayment({ ...settlement.attempt, credited: settlement.attempt.amount }),
          payment: null,
        };
      case 'pending':
        throw badRequest('server.topup_attempts.card_pending');
      case 'cancelled':
        throw badRequest('server.card_payments.cancelled');
      case 'failed':
        throw badRequest('server.card_payments.declined');
      case 'refused':
        throw badRequest(`server.card_payments.${settlement.reason}`);
    }
  },

  listPayments: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const filters = {
      user: user.id,
      gateway: ctx.query.payment_gateway ?? null,
      transactionId: ctx.query.transaction_id ?? null,
      ...dateRangeOf(ctx.query),
    };
    const where = `${CREDITED_PAYMENTS} AND ${dateRangeSql(PAYMENT_DATE)}`;
    // Without a sort, newest credited first, as before the sort extension.
    const order = orderByClause(
      PAYMENT_SORTS,
      { ...ctx.query, sort: ctx.query.sort ?? 'date' },
      'a.id',
    );
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM payment_attempts a WHERE ${where}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(
        `SELECT a.*, b.amount AS credited FROM ${PAYMENT_ROWS} WHERE ${where}
          ${order} LIMIT @limit OFFSET @offset`,
      )
      .all({ ...filters, limit, offset }) as CreditedAttempt[];
    return { items: rows.map(toPayment), total, page, per_page };
  },

  getPaymentAttempt: (ctx) => {
    const user = signedInUser(ctx);
    const row = ctx.db
      .prepare(
        `SELECT ${ATTEMPT_COLUMNS} FROM ${ATTEMPT_ROWS} WHERE a.reference = ? AND a.user_id = ?`,
      )
      .get(ctx.params.reference, user.id) as AttemptViewRow | undefined;
    // Another account's reference is as unknown as one that does not exist.
    if (!row) throw notFound('server.topup_attempts.not_found');
    return toPaymentAttempt(ctx, row);
  },

  listPaymentAttempts: (ctx) => {
    const user = signedInUser(ctx);
    const rows = ctx.db
      .prepare(
        `SELECT ${ATTEMPT_COLUMNS} FROM ${ATTEMPT_ROWS} WHERE a.user_id = ? ORDER BY a.id DESC`,
      )
      .all(user.id) as AttemptViewRow[];
    const now = ctx.now();
    const wanted = rows.filter((row) => {
      const { status, reason } = attemptState(row, now);
      if (status !== ctx.query.status) return false;
      // Pending means what the customer waits for, not a gateway page left without a decision.
      return status !== 'pending' || reason !== 'awaiting_gateway';
    });
    const page = pageItems(wanted, ctx.query);
    return { ...page, items: page.items.map((row) => toPaymentAttempt(ctx, row)) };
  },
};

/** An attempt with its credit (if any) and, for PayPal, the simulator's payment. */
const ATTEMPT_ROWS = `payment_attempts a
  LEFT JOIN balance_adjustments b ON b.type = 'topup' AND b.reference = a.reference
  LEFT JOIN paypal_payments p ON p.attempt_id = a.id`;
const ATTEMPT_COLUMNS = `a.*, b.amount AS credited, b.balance_after, p.id AS paypal_id,
  p.charged_total, p.state AS paypal_state, p.sale_state`;

type AttemptViewRow = PaymentAttemptRow & {
  credited: number | null;
  balance_after: number | null;
  paypal_id: string | null;
  charged_total: string | null;
  paypal_state: string | null;
  sale_state: string | null;
};

type ReasonKey = keyof typeof vi.server.payment_reasons;

/**
 * The state a customer sees, and why. Pending at the gateway (a card answer with a pending code,
 * a PayPal sale pending) stays pending until the gateway settles it; any other attempt still
 * pending past its time has expired (a bank transfer arriving later still credits).
 */
function attemptState(
  row: AttemptViewRow,
  now: Date,
): { status: AttemptStatus; reason: ReasonKey | null } {
  switch (row.status) {
    case 'credited':
      return { status: 'credited', reason: null };
    case 'failed':
      return { status: 'declined', reason: cardReason(row.response_code) };
    case 'cancelled':
      return {
        status: 'cancelled',
        reason: row.method === 'paypal' ? 'paypal_cancelled' : 'cancelled',
      };
    case 'pending':
      if (isGatewayPending(row)) return { status: 'pending', reason: 'pending' };
      if (row.paypal_state === 'approved' && row.sale_state === 'pending') {
        return { status: 'pending', reason: 'paypal_pending' };
      }
      if (now.toISOString() >= row.expires_at) return { status: 'expired', reason: 'expired' };
      return {
        status: 'pending',
        reason: row.method === 'bank_transfer' ? 'awaiting_transfer' : 'awaiting_gateway',
      };
  }
}

function toPaymentAttempt(
  ctx: Pick<HandlerContext<'getPaymentAttempt'>, 't' | 'now'>,
  row: AttemptViewRow,
): PaymentAttempt {
  const { status, reason } = attemptState(row, ctx.now());
  const paypal = row.method === 'paypal' && row.charged_total !== null;
  return {
    reference: row.reference,
    method: row.method as PaymentAttempt['method'],
    amount: row.amount,
    credited_amount: status === 'credited' ? (row.credited ?? row.amount) : null,
    charged_amount: paypal ? (centsOf(row.charged_total!) ?? 0) / 100 : row.amount,
    charged_currency: paypal ? 'USD' : 'VND',
    status,
    response_code: row.method === 'card' ? row.response_code : null,
    reason: reason === null ? null : ctx.t(`server.payment_reasons.${reason}`),
    transaction_id:
      row.method === 'bank_transfer' ? null : (row.transaction_no ?? row.paypal_id ?? null),
    created: row.created_at,
    settled: row.settled_at,
    expires: row.expires_at,
    balance_after: status === 'credited' ? row.balance_after : null,
    bank_account: row.method === 'bank_transfer' ? bankAccount() : null,
  };
}

function isPortalPaymentPage(returnUrl: string, origin: string): boolean {
  try {
    const url = new URL(returnUrl);
    return url.origin === new URL(origin).origin && url.pathname === PAYMENT_RETURN_PATH;
  } catch {
    return false;
  }
}

/**
 * PayPal's return (spec §4): with `paymentId` and `PayerID` after an approval, with `token` alone
 * after "Cancel". Only the simulator's execution decides what is credited.
 */
function completePaypalTopup(ctx: HandlerContext<'completeTopup'>, userId: number): TopupResult {
  const { paymentId, PayerID, token } = ctx.query;
  const now = ctx.now();
  if (!paymentId) {
    const cancelled = cancelPaypalReturn(ctx.db, token, { callerUserId: userId, now });
    throw badRequest(cancelled ? 'server.paypal.cancelled' : 'server.paypal.unknown_payment');
  }
  const settlement = executePaypalReturn(
    ctx.db,
    { paymentId, PayerID, token },
    { callerUserId: userId, now },
  );
  if (settlement.outcome === 'refused') throw badRequest(`server.paypal.${settlement.reason}`);
  return {
    message: ctx.t(
      settlement.firstTime ? 'server.paypal.credited' : 'server.card_payments.already_credited',
    ),
    amount: settlement.amount,
    balance: settlement.balanceAfter,
    transaction: toPayment({ ...settlement.attempt, credited: settlement.amount }),
    payment: paypalPaymentObject(settlement.payment),
  };
}

/** PayPal's payment object after execution, as far as the contract shows it. */
function paypalPaymentObject(payment: PaypalPaymentRow): PaypalPayment {
  return {
    id: payment.id,
    state: payment.state,
    payer: { payment_method: 'paypal' },
    transactions: [{ amount: { total: payment.sale_total, currency: 'USD' } }],
  };
}

function toPayment(attempt: CreditedAttempt): Payment {
  const gateway = attempt.method as Payment['gateway'];
  return {
    id: attempt.id,
    gateway,
    transaction_id: attempt.transaction_no ?? attempt.reference,
    reference: attempt.reference,
    amount: attempt.credited ?? attempt.amount,
    method: gateway,
    date: attempt.settled_at ?? attempt.created_at,
  };
}

/**
 * At most `max` top-up requests per account still awaiting their money (issue 20): pending and not
 * yet expired, whatever the method. One that is settled, cancelled or expired makes room.
 */
function refusePendingPaymentAtLimit(db: Db, userId: number, now: Date, max: number): void {
  const { pending } = db
    .prepare(
      `SELECT COUNT(*) AS pending FROM payment_attempts
        WHERE user_id = ? AND status = 'pending' AND expires_at > ?`,
    )
    .get(userId, now.toISOString()) as { pending: number };
  refuseAtLimit(pending, max, 'server.limits.pending_payments');
}
