/**
 * The action permission check of spec §5: creating, changing or deleting billable resources is
 * refused while the e-mail is unverified, the trial has ended, or invoices are overdue, unless
 * the account is whitelisted. Shown in the portal and enforced by the sandbox (403).
 */
export type BlockReason = 'unverified_email' | 'trial_expired' | 'overdue_invoices';

export interface AccountStanding {
  email_verified: boolean;
  is_in_whitelist: boolean;
  has_expired_invoices: boolean;
  trial: { end_date: string | null };
}

export function actionBlockReasons(account: AccountStanding, now: Date): BlockReason[] {
  if (account.is_in_whitelist) return [];
  const reasons: BlockReason[] = [];
  if (account.has_expired_invoices) reasons.push('overdue_invoices');
  const trialEnd = account.trial.end_date;
  if (trialEnd && new Date(trialEnd).getTime() <= now.getTime()) reasons.push('trial_expired');
  if (!account.email_verified) reasons.push('unverified_email');
  return reasons;
}

/** The i18n key of each reason; the message joins the translated reasons with commas. */
export const BLOCK_REASON_KEYS: Record<BlockReason, string> = {
  overdue_invoices: 'blocked.reason.overdue_invoices',
  trial_expired: 'blocked.reason.trial_expired',
  unverified_email: 'blocked.reason.unverified_email',
};
export const BLOCKED_MESSAGE_KEY = 'blocked.message';

export function blockedMessage(
  reasons: BlockReason[],
  translate: (key: string, params?: Record<string, unknown>) => string,
): string {
  const words = reasons.map((reason) => translate(BLOCK_REASON_KEYS[reason])).join(', ');
  return translate(BLOCKED_MESSAGE_KEY, { reasons: words });
}
