/**
 * Using up coupons. A coupon's remaining uses are taken with a guard in the UPDATE, inside the
 * caller's transaction, so the last use of a coupon goes to exactly one of the requests racing
 * for it. Credit coupons (gift codes) are redeemed into the balance, once per account.
 */
import { couponRefused, invalidCoupon, usableCoupon } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { changeBalance } from './ledger';
import { mailCreditReceipt } from './billingMails';

/** Counts one use of the coupon; false when none is left (nothing changed). */
export function takeCouponUse(db: Db, code: string): boolean {
  const taken = db
    .prepare(
      `UPDATE coupons SET uses = uses + 1
        WHERE code = ? AND (max_uses IS NULL OR uses < max_uses)`,
    )
    .run(code);
  return taken.changes === 1;
}

export interface CreditRedeemed {
  /** Dong credited. */
  amount: number;
  /** The balance afterwards. */
  balance: number;
}

/**
 * Credits a `credit` coupon's amount to the balance with its ledger row (type and method
 * `coupon`, the code as reference). An unknown, expired, used-up or discount code, or one the
 * account already redeemed, answers 400 saying which (see `usableCoupon`; an unknown code is
 * "Mã giảm giá không hợp lệ.") and changes nothing.
 */
export function redeemCreditCoupon(
  db: Db,
  userId: number,
  code: string,
  now: Date,
): CreditRedeemed {
  return db.transaction((): CreditRedeemed => {
    const coupon = usableCoupon(db, code, 'credit', now, 'code');
    // A credit is a sum of money; a percentage of nothing credits nothing.
    if (coupon.discount_type !== 'amount') throw invalidCoupon('code');
    if (alreadyRedeemed(db, userId, coupon.code)) {
      throw couponRefused('already_used', coupon.code, 'code');
    }
    if (!takeCouponUse(db, coupon.code)) throw couponRefused('used_up', coupon.code, 'code');
    const balance = changeBalance(db, {
      userId,
      type: 'coupon',
      method: 'coupon',
      amount: coupon.value,
      text: { key: 'ledger.coupon_credit', params: { code: coupon.code } },
      reference: coupon.code,
      at: now,
    });
    mailCreditReceipt(db, {
      userId,
      method: 'coupon',
      amount: coupon.value,
      reference: coupon.code,
      balanceAfter: balance,
      at: now,
    });
    return { amount: coupon.value, balance };
  })();
}

/**
 * The credit code as the credit-code field would take it for this account: like `usableCoupon`,
 * and 400 "already used" when the account's ledger holds its credit (uses are recorded as the
 * ledger's `coupon` rows, the code as reference).
 */
export function checkCreditCoupon(db: Db, userId: number, code: string, now: Date) {
  const coupon = usableCoupon(db, code, 'credit', now, 'code');
  if (alreadyRedeemed(db, userId, coupon.code)) {
    throw couponRefused('already_used', coupon.code, 'code');
  }
  return coupon;
}

/** The account's ledger already holds this coupon's credit. */
function alreadyRedeemed(db: Db, userId: number, code: string): boolean {
  return (
    db
      .prepare(
        `SELECT 1 FROM balance_adjustments
          WHERE user_id = ? AND type = 'coupon' AND reference = ? COLLATE NOCASE`,
      )
      .get(userId, code) !== undefined
  );
}
