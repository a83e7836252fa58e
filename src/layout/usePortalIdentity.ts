/**
 * The signed-in user as the shell needs it: react-admin's identity, which the authProvider
 * builds from the stored user_info (spec §3 "User info") plus a display name.
 */
import { useGetIdentity } from 'react-admin';

import type { UserInfo } from '../authProvider/sessionStore';

export type PortalIdentity = UserInfo & { fullName: string };

const IDENTITY_STALE_MS = 5 * 60 * 1000;

export function usePortalIdentity() {
  // No retries: a failing identity call means an outage (see useSessionGate), not a blip.
  const result = useGetIdentity({ staleTime: IDENTITY_STALE_MS, retry: false });
  return {
    identity: isPortalIdentity(result.identity) ? result.identity : undefined,
    error: result.error,
    isPending: result.isPending,
    refetch: result.refetch,
  };
}

function isPortalIdentity(value: unknown): value is PortalIdentity {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PortalIdentity).email === 'string' &&
    typeof (value as PortalIdentity).email_verified === 'boolean'
  );
}

/** What the header and the live chat call the user: the full name, or the e-mail if none. */
export function displayName(identity: PortalIdentity): string {
  return identity.fullName?.trim() || identity.fullname?.trim() || identity.email;
}
