/**
 * What a card gateway's `vpc_TxnResponseCode` means, one rule for the portal's return page and
 * the sandbox (OnePay-compatible, spec §4: "if vpc_TxnResponseCode is not 0 go to failure"): the
 * code is a number, so `0` and `00` are both an approval; `99` is the customer cancelling; `300`
 * is OnePay's "transaction pending" (the bank has not answered yet: the payment settles later,
 * approved or declined); any other code, or one that is not a number, is a decline.
 */
export type CardAnswer = 'approved' | 'pending' | 'cancelled' | 'declined';

export const CARD_APPROVED_CODE = '0';
export const CARD_CANCELLED_CODE = '99';
export const CARD_DECLINED_CODE = '1';
/** OnePay's codes for a payment the bank still processes. */
export const CARD_PENDING_CODES = ['300'] as const;

export function cardAnswer(code: string | null | undefined): CardAnswer {
  if (code === null || code === undefined || !/^\d{1,4}$/.test(code)) return 'declined';
  const value = Number(code);
  if (value === Number(CARD_APPROVED_CODE)) return 'approved';
  if (value === Number(CARD_CANCELLED_CODE)) return 'cancelled';
  if (CARD_PENDING_CODES.some((pending) => Number(pending) === value)) return 'pending';
  return 'declined';
}

/**
 * OnePay's response codes with a reason a customer can act on (OnePay's domestic and
 * international code tables); any other code is `other`.
 */
const CARD_REASONS: Record<number, CardReason> = {
  0: 'approved',
  1: 'bank_declined',
  3: 'merchant_error',
  4: 'merchant_error',
  5: 'invalid_amount',
  6: 'merchant_error',
  7: 'other',
  8: 'invalid_card',
  9: 'invalid_card',
  10: 'card_expired',
  11: 'not_enabled',
  12: 'invalid_card',
  13: 'limit_exceeded',
  21: 'insufficient_funds',
  22: 'invalid_card',
  23: 'not_enabled',
  24: 'invalid_card',
  25: 'authentication_failed',
  99: 'cancelled',
  253: 'timeout',
  300: 'pending',
};

export type CardReason =
  | 'approved'
  | 'bank_declined'
  | 'merchant_error'
  | 'invalid_amount'
  | 'invalid_card'
  | 'card_expired'
  | 'not_enabled'
  | 'limit_exceeded'
  | 'insufficient_funds'
  | 'authentication_failed'
  | 'cancelled'
  | 'timeout'
  | 'pending'
  | 'other';

/** Why the gateway answered `code`, as the last part of a `*.payment_reasons.*` message key. */
export function cardReason(code: string | null | undefined): CardReason {
  if (code === null || code === undefined || !/^\d{1,4}$/.test(code)) return 'other';
  return CARD_REASONS[Number(code)] ?? 'other';
}
