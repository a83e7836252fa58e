/**
 * Top-ups through a payment gateway (issue 7): the OnePay-compatible card gateway
 * (server/gateways/cardGateway.ts), PayPal with the sandbox's simulator
 * (server/gateways/paypalGateway.ts), bank transfer (server/gateways/bankTransfer.ts), and the list
 * of credited top-ups.
 */
import type { components } from '../../src/api/schema';
import { badRequest } from '../errors';
import { bankTransferDetails, recordBankTransferAttempt } from '../gateways/bankTransfer';
import {
  recordCardAttempt,
  paymentRequestUrl,
  settleCardAnswer,
  type PaymentAttemptRow,
} from '../gateways/cardGateway';
import {
  cancelPaypalReturn,
  centsOf,
  executePaypalReturn,
  recordPaypalAttempt,
  type PaypalPaymentRow,
} from '../gateways/paypalGateway';
import { pageOf, signedInUser } from '../guards';
import type { HandlerContext, HandlerTable } from '../handler';
import { PAYPAL_CHECKOUT_PATH } from '../paypalPages';

type Payment = components['schemas']['Payment'];
type PaypalPayment = components['schemas']['PaypalPayment'];
type TopupResult = components['schemas']['TopupResult'];

/** Where the sandbox serves the card gateway's page (server/gatewayPages.ts). */
export const CARD_GATEWAY_PATH = '/sandbox/onepay/vpc.op';

/** The portal page the gateway may send the browser back to; anything else would be an open redirect. */
const PAYMENT_RETURN_PATH = '/idc/billing/payment';

/**
 * Only credited attempts are payments; pending, failed and cancelled ones never moved money. The
 * transaction id is the gateway's (vpc_TransactionNo, PayPal's payment id, the transfer
 * reference), or our reference when the gateway sent none.
 */
const CREDITED_PAYMENTS = `a.status = 'credited' AND a.user_id = @user
  AND (@gateway IS NULL OR a.method = @gateway)
  AND (@transactionId IS NULL OR COALESCE(a.transaction_no, a.reference) = @transactionId)`;

/** A payment's amount is what its ledger row credited (a transfer may bring more or less). */
const PAYMENT_ROWS = `payment_attempts a
  LEFT JOIN balance_adjustments b ON b.type = 'topup' AND b.reference = a.reference`;

type CreditedAttempt = PaymentAttemptRow & { credited: number | null };

export const paymentHandlers: HandlerTable = {
  createPaymentRequest: (ctx) => {
    const user = signedInUser(ctx);
    const { method, amount, return_url: returnUrl } = ctx.body;
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
      return {
        method,
        reference: attempt.reference,
        amount: attempt.amount,
        currency: 'USD',
        charged_amount: (centsOf(payment.charged_total) ?? 0) / 100,
        exchange_rate: payment.exchange_rate,
        url: checkout.toString(),
        bank_transfer_details: null,
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
      .prepare(`SELECT COUNT(*) AS total FROM payment_attempts a WHERE ${CREDITED_PAYMENTS}`)
      .get(filters) as { total: number };
    const rows = ctx.db
      .prepare(
        `SELECT a.*, b.amount AS credited FROM ${PAYMENT_ROWS} WHERE ${CREDITED_PAYMENTS}
          ORDER BY a.settled_at DESC, a.id DESC LIMIT @limit OFFSET @offset`,
      )
      .all({ ...filters, limit, offset }) as CreditedAttempt[];
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
    amount: attempt.credited ?? attempt.amount,
    method: gateway,
    date: attempt.settled_at ?? attempt.created_at,
  };
}
