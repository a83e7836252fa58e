/**
 * Paying an open invoice (an overdue renewal, say) from the balance, optionally with a discount
 * coupon: one synchronous transaction re-reads the invoice and the coupon, marks the invoice paid
 * only if it is still open, counts the coupon's use only if one is left, extends the resource a
 * renewal pays for, and debits the balance only if it covers the total, writing the ledger row.
 * Two payments racing for the same balance, invoice or last coupon use therefore cannot both
 * succeed.
 */
import type { components } from '../../src/api/schema';
import { groupThousands } from '../../src/domain/money';
import { applyDiscount } from '../../src/domain/pricing';
import { couponRefused, usableCoupon } from '../catalog/catalog';
import { takeCouponUse } from './coupons';
import type { Db } from '../platform/db';
import { ApiError, badRequest } from '../platform/errors';
import { addDiscountLine } from './invoiceDocument';
import { debitIfCovered, invoicePaymentText } from './ledger';
import { PROVIDER, recordBy, type ActingParty } from '../auth/activity';
import { invoiceCode } from './orderRows';
import { accountInvoice } from './orders';
import { type InvoiceRow } from './orderRows';
import {
  cancelRenewalsOfDeletedResources,
  extendRenewedResource,
  resumePaidResources,
} from './renewals';
import { endTrialPaidBy } from './trialPackages';
import { findUserById } from '../auth/users';

type Coupon = components['schemas']['Coupon'];

export interface PaidInvoice {
  invoice: InvoiceRow;
  /** The invoice amount. */
  amount: number;
  discount: number;
  /** What was debited: amount − discount. */
  total: number;
  /** The balance afterwards. */
  balance: number;
  coupon: Coupon | null;
  /** Suspended resources this payment resumed. */
  resumed: number;
}

/**
 * 404 for an invoice that is not the account's, 400 when it is not open or the coupon is not
 * valid, 402 when the balance is short: then nothing has changed.
 */
export function payOpenInvoice(
  db: Db,
  userId: number,
  invoiceId: number,
  couponCode: string | undefined,
  now: Date,
  by: ActingParty = PROVIDER,
): PaidInvoice {
  return db.transaction((): PaidInvoice => {
    // A deleted resource's renewal for a period it never reached is not paid: cancelled first.
    cancelRenewalsOfDeletedResources(db, now.toISOString());
    const invoice = accountInvoice(db, userId, invoiceId);
    if (invoice.status !== 'open') throw badRequest('server.invoice_not_open');
    const coupon = couponCode ? usableCoupon(db, couponCode, 'discount_invoice', now) : null;
    const { discount, total } = applyDiscount(invoice.amount, coupon);
    const code = invoiceCode(invoice);

    const paid = db
      .prepare(
        `UPDATE invoices SET status = 'paid', paid_at = ? WHERE id = ? AND status = 'open'
         RETURNING *`,
      )
      .get(now.toISOString(), invoice.id) as InvoiceRow | undefined;
    if (!paid) throw badRequest('server.invoice_not_open');
    if (coupon && !takeCouponUse(db, coupon.code)) throw couponRefused('used_up', coupon.code);
    // The invoice states what was paid: the coupon's discount becomes a line of it.
    const document = coupon ? addDiscountLine(db, paid, coupon.code, discount) : paid;
    extendRenewedResource(db, paid.id);
    endTrialPaidBy(db, paid);
    const balance = debitIfCovered(db, {
      userId,
      type: 'payment',
      method: 'balance',
      amount: total,
      text: invoicePaymentText(db, paid),
      reference: code,
      at: now,
    });
    if (balance === undefined) {
      // Throwing rolls back the invoice and coupon updates above.
      const current = findUserById(db, userId)?.balance ?? 0;
      throw new ApiError(402, 'server.order_insufficient_balance', {
        amount: groupThousands(total),
        balance: groupThousands(current),
        shortfall: groupThousands(total - current),
      });
    }
    const resumed = resumePaidResources(db, userId, now);
    recordBy(db, userId, 'payment', now, by, { amount: total, invoice: code });
    return { invoice: document, amount: invoice.amount, discount, total, balance, coupon, resumed };
  })();
}
