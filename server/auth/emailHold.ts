/**
 * An account whose e-mail is not confirmed is held, at the API as the portal holds it at /verify
 * (spec §6): it may read, confirm its address and keep its account safe, and changes nothing else.
 * Without this an unconfirmed address could be sent an SSH private key, a ticket's answers or a
 * top-up's receipt, and an API token could be made for an account nobody has shown to own.
 */
import type { Admission } from '../platform/area';
import type { Operation } from '../platform/contract';
import type { OperationId } from '../platform/handler';
import { blockedRefusal } from './guards';
import { findUserById } from './users';

/** The changes an unconfirmed account may still make: confirm, sign out, protect the account. */
export const OPEN_TO_UNCONFIRMED: ReadonlySet<OperationId> = new Set<OperationId>([
  'confirmEmail',
  'resendEmailConfirmation',
  'verifyEmailOtp',
  'revokeToken',
  'completeTwoFactorSignIn',
  'changePassword',
  'revokeAccountSession',
  'revokeOtherAccountSessions',
  'revokeApiToken',
  'disableTwoFactor',
  // A price quote changes nothing.
  'calculatePrice',
]);

/** Whether `operation` is refused to a signed-in account whose e-mail is not confirmed. */
export function heldForUnconfirmed(operation: Pick<Operation, 'operationId' | 'method'>): boolean {
  return (
    operation.method !== 'get' && !OPEN_TO_UNCONFIRMED.has(operation.operationId as OperationId)
  );
}

/** 403 with the action-permission message's own reason, in the caller's language. */
const requireConfirmedEmail: Admission = ({ db, userId, locale }) => {
  if (userId === undefined) return;
  const user = findUserById(db, userId);
  if (user && user.email_verified === 0) throw blockedRefusal(['unverified_email'], locale);
};

/**
 * The admissions of every operation with the hold added before the area's own (an agency check
 * says nothing an unconfirmed account needs to hear first).
 */
export function withEmailHold(
  admissions: Partial<Record<OperationId, Admission>>,
  operations: readonly Pick<Operation, 'operationId' | 'method'>[],
): Partial<Record<OperationId, Admission>> {
  const held = { ...admissions };
  for (const operation of operations) {
    if (!heldForUnconfirmed(operation)) continue;
    const id = operation.operationId as OperationId;
    const own = admissions[id];
    held[id] = (caller) => {
      requireConfirmedEmail(caller);
      own?.(caller);
    };
  }
  return held;
}
