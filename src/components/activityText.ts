/**
 * What an activity-log event says in words (account.activity.kind.<kind>), with the facts its
 * detail holds made readable: an amount in dong, a payment method, a power action; and the
 * device its browser's User-Agent names.
 */
import type { AccountActivity } from '../dataProvider/dataProvider';
import { formatVnd } from '../domain/money';
import { describeUserAgent } from '../domain/userAgent';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export function activityText(
  event: Pick<AccountActivity, 'kind' | 'detail'>,
  translate: Translate,
): string {
  const { detail } = event;
  const words = (group: string, value: string | number | undefined) =>
    value === undefined
      ? undefined
      : translate(`account.activity.${group}.${value}`, { _: String(value) });
  const params = {
    ...detail,
    amount: typeof detail.amount === 'number' ? formatVnd(detail.amount) : detail.amount,
    method: words('method', detail.method),
    action: words('power', detail.action),
    device: sessionDevice(detail, translate),
  };
  return translate(`account.activity.kind.${messageKind(event)}`, params);
}

/**
 * The message of an event: an account an agency created names the customer on the agency's own
 * log and the agency on the customer's; signing out every other session counts them.
 */
function messageKind({ kind, detail }: Pick<AccountActivity, 'kind' | 'detail'>): string {
  if (kind === 'agency_account_created' && detail.agency !== undefined) {
    return 'agency_account_created_by';
  }
  if (kind === 'session_revoked' && detail.count !== undefined) return 'session_revoked_others';
  return kind;
}

/** The device a signed-out session was on, as its event's detail tells it. */
function sessionDevice(detail: AccountActivity['detail'], translate: Translate): string {
  const parts = [detail.browser, detail.os, detail.address].filter(Boolean);
  return parts.length ? parts.join(' · ') : translate('account.activity.unknown_device');
}

/** "Chrome 131 · Windows", or as much of it as the User-Agent tells. */
export function deviceText(userAgent: string, translate: Translate): string {
  const { browser, os } = describeUserAgent(userAgent);
  const parts = [browser, os].filter(Boolean);
  return parts.length ? parts.join(' · ') : translate('account.activity.unknown_device');
}
