/**
 * How many rows of each kind one account may keep open (issue 20): past a limit the request that
 * would add one more answers 429 with a message naming the limit, and makes no row and no mail.
 * Unlike the rate limits (rateLimits.ts), these are counted in the database, so a restart does not
 * reset them and what the customer closes, pays or cancels makes room again at once.
 */
import { ApiError } from './errors';
import type { MessageKey } from './i18n';

export interface AccountLimits {
  /** Support tickets one account may have open (not yet resolved). */
  openTickets: number;
  /** Orders one account may have awaiting payment. */
  pendingOrders: number;
  /** Top-up requests (card, PayPal, bank transfer) one account may have pending and unexpired. */
  pendingPayments: number;
  /** Customer accounts one agency may create in 24 hours of the sandbox clock. */
  agencyAccountsPerDay: number;
}

export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  openTickets: 20,
  pendingOrders: 20,
  pendingPayments: 10,
  agencyAccountsPerDay: 20,
};

/** Refuses one more row when `count` rows already use up the limit `max`. */
export function refuseAtLimit(count: number, max: number, key: MessageKey): void {
  if (count >= max) throw new ApiError(429, key, { max });
}
