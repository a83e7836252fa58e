/**
 * PayPal top-ups: the provider's side (recording the attempt with the dollars to charge and the
 * exchange rate, executing the approved payment, crediting what PayPal reports) and the sandbox's
 * PayPal simulator (the payment's token, approval, payer and sale), both on table
 * `paypal_payments`.
 *
 * Nothing in the browser's return decides a credit: the return only names the payment; the
 * execution answers its state and the sale's total, and that total is converted to dong at the
 * rate stored with the request. The browser's return and the simulated webhook (a pending sale
 * completing) both credit through `creditPaypalSale`, so an attempt is credited once, however
 * many returns arrive.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../platform/db';
import { changeBalance } from '../ledger';
import { PAID_THROUGH_GATEWAY, recordBy } from '../../auth/activity';
import { mailCreditReceipt } from '../billingMails';
import { groupThousands } from '../../../src/domain/money';
import type { PaymentAttemptRow } from './cardGateway';
import { newPaymentReference } from './paymentReference';

/** Dong per US dollar when SANDBOX_USD_RATE is not set. */
export const DEFAULT_USD_RATE = 25_500;

/** Where the sandbox's PayPal shows its checkout (sandbox/paypalPages.ts). */
export const PAYPAL_CHECKOUT_PATH = '/sandbox/paypal/checkoutnow';

/** How long the customer has to approve on PayPal (PayPal's checkout token lives 3 hours). */
export const PAYPAL_ATTEMPT_MINUTES = 180;

export type PaypalDecision = 'pay' | 'pay_pending' | 'cancel';
export const PAYPAL_DECISIONS: readonly PaypalDecision[] = ['pay', 'pay_pending', 'cancel'];

export interface PaypalPaymentRow {
  id: string;
  attempt_id: number;
  exchange_rate: number;
  /** What the request asked PayPal to charge, "3.93". */
  charged_total: string;
  token: string;
  state: 'created' | 'approved' | 'cancelled';
  payer_id: string | null;
  sale_state: 'pending' | 'completed' | null;
  /** What PayPal reports having taken on execution; the simulator takes the charged total. */
  sale_total: string;
}

/** Dollars to charge for `dong` at `rate` dong per dollar, in cents, rounded up to the cent. */
export function usdCentsFor(dong: number, rate: number): number {
  return Math.ceil((dong * 100) / rate);
}

/** Cents as PayPal writes an amount: "3.93". */
export function usdTotal(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** "3.93" → 393; undefined for anything PayPal would not write. */
export function centsOf(total: string): number | undefined {
  const match = /^(\d+)\.(\d{2})$/.exec(total);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

/**
 * The dong a completed sale credits. The sale's total is the charged total (the usual case):
 * exactly the dong the customer asked for, although the charged cents were rounded up. Any other
 * total (PayPal took less or more): that total at the request's rate, rounded down to the dong,
 * so a conversion never credits more than the dollars received are worth.
 */
export function creditedDong(
  payment: Pick<PaypalPaymentRow, 'charged_total' | 'sale_total' | 'exchange_rate'>,
  requestedDong: number,
): number {
  if (payment.sale_total === payment.charged_total) return requestedDong;
  const cents = centsOf(payment.sale_total) ?? 0;
  return Math.floor((cents * payment.exchange_rate) / 100);
}

const PAYMENT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** Random upper-case letters and digits, as PayPal's ids are written. */
function randomCode(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => PAYMENT_ID_ALPHABET[byte % PAYMENT_ID_ALPHABET.length]).join(
    '',
  );
}

/** Records the attempt and the simulator's payment awaiting approval, in one transaction. */
export function recordPaypalAttempt(
  db: Db,
  request: { userId: number; amount: number; returnUrl: string; rate: number; now: Date },
): { attempt: PaymentAttemptRow; payment: PaypalPaymentRow } {
  const expires = new Date(request.now.getTime() + PAYPAL_ATTEMPT_MINUTES * 60_000);
  const charged = usdTotal(usdCentsFor(request.amount, request.rate));
  // Our side's reference, PayPal's invoice_number.
  const reference = newPaymentReference('PAYPAL', request.now);
  // PayPal returns to the provider's return_url as the provider wrote it: ours names the
  // reference, so the portal's result page can ask for the outcome whatever PayPal answered.
  const returnUrl = new URL(request.returnUrl);
  returnUrl.searchParams.set('reference', reference);
  return db.transaction(() => {
    const attempt = db
      .prepare(
        `INSERT INTO payment_attempts
           (reference, user_id, method, amount, currency, return_url, status, created_at, expires_at)
         VALUES (?, ?, 'paypal', ?, 'USD', ?, 'pending', ?, ?) RETURNING *`,
      )
      .get(
        reference,
        request.userId,
        request.amount,
        returnUrl.toString(),
        request.now.toISOString(),
        expires.toISOString(),
      ) as PaymentAttemptRow;
    const payment = db
      .prepare(
        `INSERT INTO paypal_payments
           (id, attempt_id, exchange_rate, charged_total, token, state, sale_total)
         VALUES (?, ?, ?, ?, ?, 'created', ?) RETURNING *`,
      )
      .get(
        `PAYID-${randomCode(24)}`,
        attempt.id,
        request.rate,
        charged,
        `EC-${randomCode(17)}`,
        charged,
      ) as PaypalPaymentRow;
    return { attempt, payment };
  })();
}

export function findPaypalPayment(
  db: Db,
  by: { id: string } | { token: string },
): PaypalPaymentRow | undefined {
  const [column, value] = 'id' in by ? ['id', by.id] : ['token', by.token];
  return db.prepare(`SELECT * FROM paypal_payments WHERE ${column} = ?`).get(value) as
    PaypalPaymentRow | undefined;
}

export function attemptOf(db: Db, payment: PaypalPaymentRow): PaymentAttemptRow {
  return db
    .prepare('SELECT * FROM payment_attempts WHERE id = ?')
    .get(payment.attempt_id) as PaymentAttemptRow;
}

/**
 * The simulator: the customer approves (the sale completes at once, or stays pending as an
 * eCheck does) or cancels on the approval page. Answers the payment afterwards, or undefined when
 * it was already decided (approving twice is not possible on PayPal either).
 */
export function decidePaypalPayment(
  db: Db,
  token: string,
  decision: PaypalDecision,
): PaypalPaymentRow | undefined {
  if (decision === 'cancel') {
    return db
      .prepare(
        `UPDATE paypal_payments SET state = 'cancelled' WHERE token = ? AND state = 'created'
          RETURNING *`,
      )
      .get(token) as PaypalPaymentRow | undefined;
  }
  return db
    .prepare(
      `UPDATE paypal_payments SET state = 'approved', payer_id = ?, sale_state = ?
        WHERE token = ? AND state = 'created' RETURNING *`,
    )
    .get(randomCode(13), decision === 'pay' ? 'completed' : 'pending', token) as
    PaypalPaymentRow | undefined;
}

/** The simulated webhook PAYMENT.SALE.COMPLETED: a pending sale completes. */
export function completePendingSale(db: Db, paymentId: string): PaypalPaymentRow | undefined {
  return db
    .prepare(
      `UPDATE paypal_payments SET sale_state = 'completed'
        WHERE id = ? AND state = 'approved' AND sale_state = 'pending' RETURNING *`,
    )
    .get(paymentId) as PaypalPaymentRow | undefined;
}

/** The simulator's payment of a PayPal attempt. */
export function paypalPaymentOf(db: Db, attemptId: number): PaypalPaymentRow | undefined {
  return db.prepare('SELECT * FROM paypal_payments WHERE attempt_id = ?').get(attemptId) as
    PaypalPaymentRow | undefined;
}

/** Approved payments whose sale is still pending, for the /sandbox page. */
export function pendingSales(
  db: Db,
): (PaypalPaymentRow & { email: string; amount: number; reference: string })[] {
  return db
    .prepare(
      `SELECT p.*, u.email, a.amount, a.reference
         FROM paypal_payments p
         JOIN payment_attempts a ON a.id = p.attempt_id
         JOIN users u ON u.id = a.user_id
        WHERE p.state = 'approved' AND p.sale_state = 'pending' AND a.status = 'pending'
        ORDER BY a.id`,
    )
    .all() as (PaypalPaymentRow & { email: string; amount: number; reference: string })[];
}

export type PaypalSettlement =
  | {
      outcome: 'credited';
      attempt: PaymentAttemptRow;
      payment: PaypalPaymentRow;
      amount: number;
      balanceAfter: number;
      firstTime: boolean;
    }
  | { outcome: 'refused'; reason: PaypalRefusal; payment?: PaypalPaymentRow };

export type PaypalRefusal =
  | 'unknown_payment'
  | 'not_approved'
  | 'payer_mismatch'
  | 'cancelled'
  | 'sale_pending'
  | 'already_settled';

/**
 * The browser's return with `paymentId`, `PayerID` and `token`: the provider executes the payment
 * with PayPal (here: reads the simulator) and credits a completed sale once. Another customer's
 * payment, a token that is not the payment's, an unapproved payment or another payer change
 * nothing.
 */
export function executePaypalReturn(
  db: Db,
  query: { paymentId?: string; PayerID?: string; token?: string },
  options: { callerUserId: number; now: Date },
): PaypalSettlement {
  return db.transaction((): PaypalSettlement => {
    const payment = query.paymentId ? findPaypalPayment(db, { id: query.paymentId }) : undefined;
    const attempt = payment && attemptOf(db, payment);
    if (
      !payment ||
      !attempt ||
      attempt.user_id !== options.callerUserId ||
      (query.token !== undefined && query.token !== payment.token)
    ) {
      return { outcome: 'refused', reason: 'unknown_payment' };
    }
    if (payment.state === 'cancelled') return { outcome: 'refused', reason: 'cancelled' };
    if (payment.state !== 'approved') return { outcome: 'refused', reason: 'not_approved' };
    // PayPal executes only for the payer who approved.
    if (query.PayerID !== payment.payer_id) {
      return { outcome: 'refused', reason: 'payer_mismatch' };
    }
    // A repeated return: the same answer, nothing more credited.
    if (attempt.status === 'credited') return creditPaypalSale(db, payment, options.now);
    if (attempt.status !== 'pending') return { outcome: 'refused', reason: 'already_settled' };
    if (payment.sale_state !== 'completed') {
      return { outcome: 'refused', reason: 'sale_pending', payment };
    }
    return creditPaypalSale(db, payment, options.now);
  })();
}

/**
 * The browser's return after "Cancel" on PayPal (only `token`): the caller's attempt is recorded
 * as cancelled. Answers whether the token named a cancelled payment of the caller.
 */
export function cancelPaypalReturn(
  db: Db,
  token: string | undefined,
  options: { callerUserId: number; now: Date },
): boolean {
  return db.transaction(() => {
    const payment = token ? findPaypalPayment(db, { token }) : undefined;
    const attempt = payment && attemptOf(db, payment);
    if (!payment || !attempt || attempt.user_id !== options.callerUserId) return false;
    if (payment.state !== 'cancelled') return false;
    db.prepare(
      `UPDATE payment_attempts SET status = 'cancelled', settled_at = ?
        WHERE id = ? AND status = 'pending'`,
    ).run(options.now.toISOString(), attempt.id);
    return true;
  })();
}

/**
 * Credits a completed sale's attempt once; a second call answers the first credit again. Call it
 * for a sale PayPal reports completed (the return's execution, the webhook).
 */
export function creditPaypalSale(db: Db, payment: PaypalPaymentRow, now: Date): PaypalSettlement {
  return db.transaction((): PaypalSettlement => {
    const claimed = db
      .prepare(
        `UPDATE payment_attempts SET status = 'credited', transaction_no = ?, settled_at = ?
          WHERE id = ? AND status = 'pending' RETURNING *`,
      )
      .get(payment.id, now.toISOString(), payment.attempt_id) as PaymentAttemptRow | undefined;
    if (claimed) {
      const amount = creditedDong(payment, claimed.amount);
      const balanceAfter = changeBalance(db, {
        userId: claimed.user_id,
        type: 'topup',
        method: 'paypal',
        amount,
        text: {
          key: 'ledger.topup_paypal',
          params: {
            total: payment.sale_total,
            rate: groupThousands(payment.exchange_rate),
            // Our reference, as in Payments and on the result page (PayPal's id is there too).
            reference: claimed.reference,
          },
        },
        reference: claimed.reference,
        at: now,
      });
      mailCreditReceipt(db, {
        userId: claimed.user_id,
        method: 'paypal',
        amount,
        reference: claimed.reference,
        balanceAfter,
        at: now,
      });
      const facts = { amount, method: 'paypal', reference: claimed.reference };
      recordBy(db, claimed.user_id, 'top_up', now, PAID_THROUGH_GATEWAY, facts);
      return {
        outcome: 'credited',
        attempt: claimed,
        payment,
        amount,
        balanceAfter,
        firstTime: true,
      };
    }
    const current = db
      .prepare('SELECT * FROM payment_attempts WHERE id = ?')
      .get(payment.attempt_id) as PaymentAttemptRow;
    if (current.status !== 'credited') return { outcome: 'refused', reason: 'already_settled' };
    const credit = db
      .prepare(
        `SELECT amount, balance_after FROM balance_adjustments
          WHERE type = 'topup' AND reference = ?`,
      )
      .get(current.reference) as { amount: number; balance_after: number };
    return {
      outcome: 'credited',
      attempt: current,
      payment,
      amount: credit.amount,
      balanceAfter: credit.balance_after,
      firstTime: false,
    };
  })();
}
