/**
 * What a card gateway's `vpc_TxnResponseCode` means, one rule for the portal's return page and
 * the sandbox (OnePay-compatible, spec §4: "if vpc_TxnResponseCode is not 0 go to failure"): the
 * code is a number, so `0` and `00` are both an approval; `99` is the customer cancelling; any
 * other code, or one that is not a number, is a decline.
 */
export type CardAnswer = 'approved' | 'cancelled' | 'declined';

export const CARD_APPROVED_CODE = '0';
export const CARD_CANCELLED_CODE = '99';
export const CARD_DECLINED_CODE = '1';

export function cardAnswer(code: string | null | undefined): CardAnswer {
  if (code === null || code === undefined || !/^\d{1,4}$/.test(code)) return 'declined';
  const value = Number(code);
  if (value === Number(CARD_APPROVED_CODE)) return 'approved';
  if (value === Number(CARD_CANCELLED_CODE)) return 'cancelled';
  return 'declined';
}
