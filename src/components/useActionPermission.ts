/**
 * The action permission check of spec §5 for the signed-in customer: while the e-mail is
 * unverified, the trial has ended or an invoice is overdue (and the account is not whitelisted),
 * billable actions are refused. Screens show `message` and disable their action buttons; the API
 * refuses them as well (403), so this only spares the customer a failing call.
 */
import { useGetIdentity, useTranslate } from 'react-admin';

import { serverNow } from '../api/serverClock';
import type { UserInfo } from '../authProvider/sessionStore';
import { actionBlockReasons, blockedMessage, type BlockReason } from '../domain/permissions';

export interface ActionPermission {
  /** True when the customer may act; unknown standing (still loading) counts as allowed. */
  allowed: boolean;
  reasons: BlockReason[];
  /** The reasons in one sentence, or undefined when allowed. */
  message: string | undefined;
}

export function useActionPermission(): ActionPermission {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const reasons = isStanding(identity) ? blockReasonsNow(identity) : [];
  return {
    allowed: reasons.length === 0,
    reasons,
    message: reasons.length ? blockedMessage(reasons, translate) : undefined,
  };
}

function blockReasonsNow(account: UserInfo): BlockReason[] {
  return actionBlockReasons(account, serverNow());
}

function isStanding(value: unknown): value is UserInfo {
  const candidate = value as Partial<UserInfo> | undefined;
  return (
    typeof candidate?.email_verified === 'boolean' &&
    typeof candidate.has_expired_invoices === 'boolean' &&
    typeof candidate.is_in_whitelist === 'boolean' &&
    typeof candidate.trial === 'object' &&
    candidate.trial !== null
  );
}
