/**
 * Trials (spec §1, §9): a trial account gets real resources — a server on the §9 trial defaults —
 * for seven days without a paid period (`expiry` NULL). A trial ends in exactly one bill
 * (src/domain/serviceLife.ts): upgrading during the trial issues and pays it from today to the end
 * of the month; at the trial's end the life-cycle sweep (billing/lifecycle.ts) issues it from then
 * to the end of that month. Paying it, however, gives the resources that paid period.
 */
import { groupThousands } from '../../src/domain/money';
import { formatDate } from '../../src/domain/dates';
import type { MessageText } from '../../src/domain/messageText';
import { vietnamMonthStartAfter } from '../../src/domain/pricing';
import type { Db } from '../platform/db';
import { ApiError, badRequest } from '../platform/errors';
import { issueInvoice, type NewInvoiceLine } from './invoiceDocument';
import { payOpenInvoice } from './invoices';
import type { InvoiceRow } from './orderRows';
import { pricedTrialResources, trialOffer, type PricedTrialResource } from './trialPackages';
import { findUserById } from '../auth/users';
import { PROVIDER, type ActingParty } from '../auth/activity';

/** What lists show of the trial bill: every resource it pays for and its days. */
function trialBillSummary(resources: readonly PricedTrialResource[]): MessageText {
  const [first] = resources;
  const lastDay = first ? new Date(first.end.getTime() - 1) : undefined;
  return {
    key: 'invoice_document.summary.trial',
    params: {
      resources: resources.map((item) => item.name).join(', '),
      start: first ? formatDate(first.start) : '',
      end: lastDay ? formatDate(lastDay) : '',
    },
  };
}

/**
 * Issues the bill of the account's trial, priced from `from` (now for an upgrade during the
 * trial, the trial's end once it has ended) to the end of the Vietnam month of `now`, due at
 * `from`. Answers undefined when the trial has nothing to bill (its resources were deleted): the
 * trial then simply ends. Call it inside a transaction.
 */
export function issueTrialBill(
  db: Db,
  userId: number,
  from: Date,
  now: Date,
): { id: number; amount: number } | undefined {
  const until = vietnamMonthStartAfter(now, 1);
  const resources = pricedTrialResources(db, userId, from, until);
  if (resources.length === 0) {
    db.prepare('UPDATE users SET trial_start = NULL, trial_end = NULL WHERE id = ?').run(userId);
    return undefined;
  }
  const bill = issueInvoice(db, {
    userId,
    status: 'open',
    createdAt: now,
    dueDate: from,
    trialPeriodEnd: until.toISOString(),
    summary: trialBillSummary(resources),
    lines: resources.map((item): NewInvoiceLine => ({
      kind: 'item',
      text: { key: 'invoice_document.line.trial', params: { name: item.name } },
      unitPrice: item.chargeThisMonth,
      quantity: 1,
      periodStart: item.start.toISOString(),
      periodEnd: item.end.toISOString(),
      amount: item.chargeThisMonth,
    })),
  });
  return bill && { id: bill.id, amount: bill.amount };
}

export interface TrialUpgrade {
  /** What was taken from the balance. */
  total: number;
  /** The paid invoice, or undefined when the trial had nothing left to pay for. */
  invoice: InvoiceRow | undefined;
}

/**
 * Upgrades the account: pays the trial's one bill from the balance through `payOpenInvoice` (the
 * path every invoice payment takes, which ends the trial: see `endTrialPaidBy`). While the trial
 * runs the bill is issued now, priced from now; once it has ended it is the bill issued at its end.
 * 400 when the account is not on a trial (also the second of two upgrades at once); 402 when the
 * balance is short, and then nothing has changed.
 */
export function upgradeTrial(
  db: Db,
  userId: number,
  now: Date,
  by: ActingParty = PROVIDER,
): TrialUpgrade {
  return db.transaction((): TrialUpgrade => {
    const user = findUserById(db, userId);
    if (!user || user.trial_start === null || user.trial_end === null) {
      throw badRequest('server.not_on_trial');
    }
    const offer = trialOffer(db, user, now);
    if (user.balance < offer.total) {
      throw new ApiError(402, 'server.insufficient_balance', {
        amount: groupThousands(offer.total),
        balance: groupThousands(user.balance),
      });
    }
    const trialEnd = new Date(user.trial_end);
    const billId =
      offer.invoiceId ?? issueTrialBill(db, userId, trialEnd > now ? now : trialEnd, now)?.id;
    if (billId === undefined) {
      db.prepare('UPDATE users SET trial_start = NULL, trial_end = NULL WHERE id = ?').run(userId);
      return { total: 0, invoice: undefined };
    }
    const paid = payOpenInvoice(db, userId, billId, undefined, now, by);
    return { total: paid.total, invoice: paid.invoice };
  })();
}
