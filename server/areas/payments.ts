/**
 * Top-ups through a payment gateway (issue 7). Built so far: the OnePay-compatible card gateway
 * (server/gateways/cardGateway.ts) and the list of credited top-ups; PayPal and bank transfer answer
 * 400 until they are built.
 */
import type { components } from '../../src/api/schema';
import { badRequest } from '../errors';
import {
  recordCardAttempt,
  paymentRequestUrl,
  settleCardAnswer,
  type PaymentAttemptRow,
} from '../gateways/cardGateway';
import { pageOf, signedInUser } from '../guards';
import type { HandlerTable } from '../handler';

type Payment = components['schemas']['Payment'];

/** Where the sandbox serves the card gateway's page (server/gatewayPages.ts). */
export const CARD_GATEWAY_PATH = '/sandbox/onepay/vpc.op';

/** The portal page the gateway may send the browser back to; anything else would be an open redirect. */
const PAYMENT_RETURN_PATH = '/idc/billing/payment';

/**
 * Only credited attempts are payments; pending, failed and cancelled ones never moved money. The
 * transaction id is the gateway's (vpc_TransactionNo), or our reference when the gateway sent none.
 */
const CREDITED_PAYMENTS = `status = 'credited' AND user_id = @user
  AND (@gateway IS NULL OR method = @gateway)
  AND (@transactionId IS NULL OR COALESCE(transaction_no, reference) = @transactionId)`;

export const paymentHandlers: HandlerTable = {
  createPaymentRequest: (ctx) => {
    const user = signedInUser(ctx);
    const { method, amount, return_url: returnUrl } = ctx.body;
    if (method !== 'card') throw badRequest('server.card_payments.method_not_available');
    if (!returnUrl || !isPortalPaymentPage(returnUrl, ctx.origin)) {
      throw badRequest('server.card_payments.return_url_invalid');
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
    };
  },

  completeTopup: (ctx) => {
    const user = signedInUser(ctx);
    if (ctx.query.payment_method !== 'card') {
      throw badRequest('server.card_payments.method_not_available');
    }
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
          transaction: toPayment(settlement.attempt),
          payment: null,
        };
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
    };
    const { total } = ctx.db
      .prepare(`SELECT COUNT(*) AS total FROM payment_attempts WHERE ${CREDITED_PAYMENTS}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(
        `SELECT * FROM payment_attempts WHERE ${CREDITED_PAYMENTS}
          ORDER BY settled_at DESC, id DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...filters, limit, offset }) as PaymentAttemptRow[];
    return { items: rows.map(toPayment), total, page, per_page };
  },
};

function isPortalPaymentPage(returnUrl: string, origin: string): boolean {
  try {
    const url = new URL(returnUrl);
    return url.origin === new URL(origin).origin && url.pathname === PAYMENT_RETURN_PATH;
  } catch {
    return false;
  }
}

function toPayment(attempt: PaymentAttemptRow): Payment {
  return {
    id: attempt.id,
    gateway: 'card',
    transaction_id: attempt.transaction_no ?? attempt.reference,
    amount: attempt.amount,
    method: 'card',
    date: attempt.settled_at ?? attempt.created_at,
  };
}
