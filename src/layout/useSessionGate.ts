/**
 * The checks the layout makes once the identity is known (spec §4 and §8): an unverified
 * e-mail is held at /verify, and an identity call that fails with 500 shows /500. Both pages
 * live outside react-admin in the same router, which opens /500 for any call the server failed
 * (failedCallExits.ts).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';

import { errorStatus } from '../api/client';
import { registerServerErrorNavigation } from '../authProvider/failedCallExits';
import { SERVER_ERROR_PATH, VERIFY_PATH } from '../authProvider/sessionRules';
import type { PortalIdentity } from './usePortalIdentity';

export function useSessionGate(identity: PortalIdentity | undefined, error: unknown): void {
  const navigate = useNavigate();
  const unverified = identity?.email_verified === false;
  const status = error ? (errorStatus(error) ?? (error as { status?: unknown }).status) : undefined;

  useEffect(() => {
    if (unverified) navigate(VERIFY_PATH, { replace: true });
  }, [unverified, navigate]);

  useEffect(() => {
    if (status === 500) navigate(SERVER_ERROR_PATH, { replace: true });
  }, [status, navigate]);

  // A call the server failed opens /500 through this router (failedCallExits.ts).
  useEffect(() => registerServerErrorNavigation((path) => navigate(path)), [navigate]);
}
