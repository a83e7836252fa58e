/**
 * The card gateway, OnePay-compatible: the provider's side (recording an attempt, settling the
 * gateway's signed answer) and the sandbox gateway's side (the signed answer it sends back).
 * The browser's return and the gateway's server-to-server call (IPN) both settle through
 * `settleCardAnswer`, so whichever comes first, or both at once, the balance is credited once.
 */
import {
  CARD_APPROVED_CODE,
  CARD_CANCELLED_CODE,
  CARD_DECLINED_CODE,
  CARD_PENDING_CODES,
  cardAnswer,
} from '../../../src/domain/cardResponse';
import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db';
import type { CardGatewaySettings } from '../../platform/handler';
import { changeBalance } from '../ledger';
import { PAID_THROUGH_GATEWAY, recordBy } from '../../auth/activity';
import { mailCreditReceipt } from '../billingMails';
import { onepaySignature, hasValidOnepaySignature } from './onepaySignature';
import { newPaymentReference } from './paymentReference';

export type { CardGatewaySettings };

/** Development values only (documented in the README); a real merchant gets its own from OnePay. */
export const DEFAULT_CARD_GATEWAY: CardGatewaySettings = {
  merchant: 'IDCSANDBOX',
  accessCode: 'SANDBOX01',
  secret: '5A3D1C9E7B2F4A6081C3E5D7F9B1A3C5',
};

/** How long the customer has to decide on the gateway page. */
export const CARD_ATTEMPT_MINUTES = 30;

/** OnePay's response codes the sandbox gateway answers with. */
export const CARD_RESPONSE = {
  approved: CARD_APPROVED_CODE,
  declined: CARD_DECLINED_CODE,
  cancelled: CARD_CANCELLED_CODE,
  /** The bank has not answered yet: settled later from the /sandbox page (issue 17). */
  pending: CARD_PENDING_CODES[0],
} as const;

export type CardDecision = keyof typeof CARD_RESPONSE;

export type AttemptStatus = 'pending' | 'credited' | 'failed' | 'cancelled';

export interface PaymentAttemptRow {
  id: number;
  reference: string;
  user_id: number;
  method: string;
  amount: number;
  currency: string;
  return_url: string | null;
  status: AttemptStatus;
  response_code: string | null;
  transaction_no: string | null;
  created_at: string;
  expires_at: string;
  settled_at: string | null;
  /** What the attempt was before a later signed approval credited it (issue 17), if anything. */
  superseded_status: 'failed' | 'cancelled' | null;
  superseded_response_code: string | null;
}

export function recordCardAttempt(
  db: Db,
  attempt: { userId: number; amount: number; returnUrl: string; now: Date },
): PaymentAttemptRow {
  const expires = new Date(attempt.now.getTime() + CARD_ATTEMPT_MINUTES * 60_000);
  return db
    .prepare(
      `INSERT INTO payment_attempts
         (reference, user_id, method, amount, currency, return_url, status, created_at, expires_at)
       VALUES (?, ?, 'card', ?, 'VND', ?, 'pending', ?, ?) RETURNING *`,
    )
    .get(
      newPaymentReference('TOPUP', attempt.now),
      attempt.userId,
      attempt.amount,
      attempt.returnUrl,
      attempt.now.toISOString(),
      expires.toISOString(),
    ) as PaymentAttemptRow;
}

export function findAttempt(db: Db, reference: string): PaymentAttemptRow | undefined {
  return db.prepare('SELECT * FROM payment_attempts WHERE reference = ?').get(reference) as
    PaymentAttemptRow | undefined;
}

/** vpc_Amount: the amount in dong times 100, as OnePay writes amounts. */
export const gatewayAmount = (dong: number) => String(dong * 100);

/** The signed payment request OnePay expects; `gatewayPath` is where the sandbox serves its page. */
export function paymentRequestUrl(
  attempt: PaymentAttemptRow,
  settings: CardGatewaySettings,
  gatewayUrl: string,
  locale: string,
): string {
  const fields: Record<string, string> = {
    vpc_Version: '2',
    vpc_Command: 'pay',
    vpc_AccessCode: settings.accessCode,
    vpc_Merchant: settings.merchant,
    vpc_MerchTxnRef: attempt.reference,
    vpc_OrderInfo: attempt.reference,
    vpc_Amount: gatewayAmount(attempt.amount),
    vpc_Currency: attempt.currency,
    vpc_Locale: locale === 'en' ? 'en' : 'vn',
    vpc_ReturnURL: attempt.return_url ?? '',
  };
  const url = new URL(gatewayUrl);
  for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
  url.searchParams.set('vpc_SecureHash', onepaySignature(fields, settings.secret));
  return url.toString();
}

/** Every field OnePay sends back with the browser and the IPN, signed as OnePay signs them. */
export function gatewayAnswer(
  attempt: PaymentAttemptRow,
  decision: CardDecision,
  settings: CardGatewaySettings,
  locale: string,
): Record<string, string> {
  const fields: Record<string, string> = {
    vpc_AdditionData: '970436',
    vpc_Amount: gatewayAmount(attempt.amount),
    vpc_Command: 'pay',
    vpc_CurrencyCode: attempt.currency,
    vpc_Locale: locale === 'en' ? 'en' : 'vn',
    vpc_MerchTxnRef: attempt.reference,
    vpc_Merchant: settings.merchant,
    vpc_Message: GATEWAY_MESSAGES[decision],
    vpc_OrderInfo: attempt.reference,
    vpc_TransactionNo: String(randomInt(1_000_000, 10_000_000)),
    vpc_TxnResponseCode: CARD_RESPONSE[decision],
    vpc_Version: '2',
  };
  return { ...fields, vpc_SecureHash: onepaySignature(fields, settings.secret) };
}

/** vpc_Message as OnePay writes it (English, whatever the locale). */
const GATEWAY_MESSAGES: Record<CardDecision, string> = {
  approved: 'Approved',
  declined: 'Issuer Bank declined',
  cancelled: 'User cancel',
  pending: 'Transaction is pending',
};

export type CardSettlement =
  | { outcome: 'credited'; attempt: PaymentAttemptRow; balanceAfter: number; firstTime: boolean }
  | { outcome: 'cancelled' | 'failed' | 'pending'; attempt: PaymentAttemptRow }
  | { outcome: 'refused'; reason: RefusalReason };

/** Why an answer changed nothing. */
export type RefusalReason =
  'bad_signature' | 'unknown_reference' | 'wrong_merchant' | 'amount_mismatch' | 'already_settled';

/**
 * Settles one signed gateway answer. Credits only a verified approval (code 0) of a pending
 * attempt whose merchant, amount and currency all match; records a decline or a cancellation;
 * changes nothing otherwise. `callerUserId` is the signed-in customer on the browser return
 * (the reference must be theirs), undefined on the IPN. Expiry does not stop a credit: money the
 * gateway took must reach the balance.
 */
export function settleCardAnswer(
  db: Db,
  settings: CardGatewaySettings,
  fields: Readonly<Record<string, string | undefined>>,
  options: { now: Date; callerUserId?: number },
): CardSettlement {
  if (!hasValidOnepaySignature(fields, settings.secret)) {
    return { outcome: 'refused', reason: 'bad_signature' };
  }
  const attempt = fields.vpc_MerchTxnRef ? findAttempt(db, fields.vpc_MerchTxnRef) : undefined;
  if (
    !attempt ||
    attempt.method !== 'card' ||
    (options.callerUserId !== undefined && attempt.user_id !== options.callerUserId)
  ) {
    return { outcome: 'refused', reason: 'unknown_reference' };
  }
  if (fields.vpc_Merchant !== settings.merchant) {
    return { outcome: 'refused', reason: 'wrong_merchant' };
  }
  const code = fields.vpc_TxnResponseCode;
  const answer = cardAnswer(code);
  if (answer === 'approved') {
    if (
      fields.vpc_Amount !== gatewayAmount(attempt.amount) ||
      fields.vpc_CurrencyCode !== attempt.currency
    ) {
      return { outcome: 'refused', reason: 'amount_mismatch' };
    }
    return creditOnce(db, attempt, fields.vpc_TransactionNo ?? null, options.now);
  }
  if (answer === 'pending') return recordPending(db, attempt, code!, fields.vpc_TransactionNo);
  const status = answer === 'cancelled' ? 'cancelled' : 'failed';
  return db.transaction((): CardSettlement => {
    const settled = db
      .prepare(
        `UPDATE payment_attempts SET status = ?, response_code = ?, transaction_no = ?, settled_at = ?
          WHERE id = ? AND status = 'pending' RETURNING *`,
      )
      .get(
        status,
        code ?? null,
        fields.vpc_TransactionNo ?? null,
        options.now.toISOString(),
        attempt.id,
      ) as PaymentAttemptRow | undefined;
    const current = settled ?? findAttempt(db, attempt.reference)!;
    // The same decline or cancellation again answers the same; a different answer for a settled
    // attempt changes nothing.
    if (current.status !== status || current.response_code !== (code ?? null)) {
      return { outcome: 'refused', reason: 'already_settled' };
    }
    return { outcome: status, attempt: current };
  })();
}

/**
 * The bank has not answered yet (OnePay's pending code): the attempt stays pending, now with the
 * gateway's code, so the customer sees it as being processed until the gateway's final answer
 * (approval or decline) settles it. A pending answer after the final one changes nothing.
 */
function recordPending(
  db: Db,
  attempt: PaymentAttemptRow,
  code: string,
  transactionNo: string | undefined,
): CardSettlement {
  const updated = db
    .prepare(
      `UPDATE payment_attempts SET response_code = ?, transaction_no = COALESCE(?, transaction_no)
        WHERE id = ? AND status = 'pending' RETURNING *`,
    )
    .get(code, transactionNo ?? null, attempt.id) as PaymentAttemptRow | undefined;
  return updated
    ? { outcome: 'pending', attempt: updated }
    : { outcome: 'refused', reason: 'already_settled' };
}

/** Whether the gateway answered that the bank is still processing this (pending) attempt. */
export const isGatewayPending = (attempt: PaymentAttemptRow) =>
  attempt.method === 'card' &&
  attempt.status === 'pending' &&
  cardAnswer(attempt.response_code) === 'pending';

/** Card payments the bank still processes, for the /sandbox page's settle/decline forms. */
export function pendingCardAttempts(db: Db): (PaymentAttemptRow & { email: string })[] {
  return (
    db
      .prepare(
        `SELECT a.*, u.email FROM payment_attempts a JOIN users u ON u.id = a.user_id
          WHERE a.method = 'card' AND a.status = 'pending' AND a.response_code IS NOT NULL
          ORDER BY a.id DESC LIMIT 50`,
      )
      .all() as (PaymentAttemptRow & { email: string })[]
  ).filter(isGatewayPending);
}

function creditOnce(
  db: Db,
  attempt: PaymentAttemptRow,
  transactionNo: string | null,
  now: Date,
): CardSettlement {
  return db.transaction((): CardSettlement => {
    // A signed approval is money the gateway took: it is credited whatever the attempt was marked
    // before (a decline or a cancel the gateway reported first), and that earlier answer is kept.
    const claimed = db
      .prepare(
        `UPDATE payment_attempts SET status = 'credited', response_code = ?, transaction_no = ?,
            settled_at = ?,
            superseded_status = CASE WHEN status = 'pending' THEN NULL ELSE status END,
            superseded_response_code = CASE WHEN status = 'pending' THEN NULL ELSE response_code END
          WHERE id = ? AND status <> 'credited' RETURNING *`,
      )
      .get(CARD_APPROVED_CODE, transactionNo, now.toISOString(), attempt.id) as
      PaymentAttemptRow | undefined;
    if (claimed) {
      const balanceAfter = changeBalance(db, {
        userId: claimed.user_id,
        type: 'topup',
        method: 'card',
        amount: claimed.amount,
        text: { key: 'ledger.topup_card', params: { reference: claimed.reference } },
        reference: claimed.reference,
        at: now,
      });
      mailCreditReceipt(db, {
        userId: claimed.user_id,
        method: 'card',
        amount: claimed.amount,
        reference: claimed.reference,
        balanceAfter,
        at: now,
      });
      const facts = { amount: claimed.amount, method: 'card', reference: claimed.reference };
      recordBy(db, claimed.user_id, 'top_up', now, PAID_THROUGH_GATEWAY, facts);
      return { outcome: 'credited', attempt: claimed, balanceAfter, firstTime: true };
    }
    const current = findAttempt(db, attempt.reference)!;
    if (current.status !== 'credited') return { outcome: 'refused', reason: 'already_settled' };
    const { balance_after: balanceAfter } = db
      .prepare(
        `SELECT balance_after FROM balance_adjustments WHERE type = 'topup' AND reference = ?`,
      )
      .get(current.reference) as { balance_after: number };
    return { outcome: 'credited', attempt: current, balanceAfter, firstTime: false };
  })();
}
