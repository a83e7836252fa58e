/**
 * react-admin's authProvider. The decisions are the pure rules of sessionRules.ts; this file
 * only wires them to storage, the API and react-admin's expectations.
 */
import type { AuthProvider } from 'ra-core';

import { errorStatus, isAbortError, NETWORK_ERROR_STATUS } from '../api/client';
import { openServerErrorPage } from './failedCallExits';
import { LOGIN_REDIRECT_DELAY_MS } from '../domain/constants';
import { canAccessResource } from './permissions';
import { fetchCurrentUser } from './sessionCheck';
import {
  createOnceLatch,
  destinationForErrorStatus,
  destinationForFailedSessionCheck,
  isPublicPath,
  LOGIN_PATH,
  SERVER_ERROR_PATH,
} from './sessionRules';
import {
  forgetSession,
  getStoredUserInfo,
  getToken,
  storeCallbackUrl,
  storeSignOutReason,
} from './sessionStore';

const unauthorizedLatch = createOnceLatch();
/** Whether the latest session check got a 500 (spec §8: /500, and the session is kept). */
let serverErrorInCheck = false;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The portal path the user asked for, without the /idc base. */
function currentPortalPath(): string {
  const { pathname, search } = window.location;
  return `${pathname.replace(/^\/idc(?=\/|$)/, '') || '/'}${search}`;
}

/**
 * The page to come back to after signing in (again). Never a public page: a check that runs
 * again once the portal stands at /login would otherwise keep the customer there after signing
 * in, and the page they were on (a ticket being written) would be lost.
 */
function rememberCurrentPage(): void {
  const path = currentPortalPath();
  if (!isPublicPath(path.replace(/\?.*/, ''))) storeCallbackUrl(path);
}

type CheckStatus = 'ok' | 'left' | number | undefined;

/**
 * Asks the server about the session. A call that gets no answer is asked again after the
 * spec's one second: calls cancelled because the customer is leaving or reloading the page fail
 * exactly like a broken network, and must not end the session; a network that stays down does.
 */
async function sessionCheckStatus(): Promise<CheckStatus> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await fetchCurrentUser();
      unauthorizedLatch.reset();
      return 'ok';
    } catch (error) {
      if (isAbortError(error)) return 'left';
      const status = errorStatus(error);
      if (status !== NETWORK_ERROR_STATUS || attempt === 2) return status;
      await wait(LOGIN_REDIRECT_DELAY_MS);
    }
  }
}

export const authProvider: AuthProvider = {
  // The public login page signs in by itself (it must work without react-admin loaded).
  login: async () => undefined,

  // Called by react-admin when a check fails: forget the session but keep the callbackURL and
  // the pending order, so the user comes back to them after signing in again.
  logout: async () => {
    // The session check failed on the server's side, not the session's: keep it, show /500.
    if (serverErrorInCheck) return SERVER_ERROR_PATH;
    forgetSession();
    return LOGIN_PATH;
  },

  checkAuth: async () => {
    serverErrorInCheck = false;
    if (!getToken()) {
      rememberCurrentPage();
      await wait(LOGIN_REDIRECT_DELAY_MS);
      throw { redirectTo: LOGIN_PATH, message: 'app.auth.login_required' };
    }
    const status = await sessionCheckStatus();
    if (status === 'left') return new Promise<never>(() => undefined); // the next page checks
    if (status === 401 || status === NETWORK_ERROR_STATUS || status === undefined) {
      forgetSession();
      rememberCurrentPage();
      // The login page says why; react-admin's own notification would vanish with the portal.
      storeSignOutReason(status === 401 ? 'session_expired' : 'unreachable');
      throw { redirectTo: LOGIN_PATH, message: false };
    }
    serverErrorInCheck =
      status !== 'ok' && destinationForFailedSessionCheck(status) === SERVER_ERROR_PATH;
    if (serverErrorInCheck) {
      // §8: a 500 (and a gateway's 502–504) goes to /500. react-admin answers a failed check
      // with a logout, which keeps the session this time (see logout) and goes where this says.
      throw { redirectTo: SERVER_ERROR_PATH, logoutUser: false, message: false };
    }
    // Other failures (403, 404…) do not end the session.
  },

  checkError: async (error) => {
    const status = errorStatus(error) ?? (error as { status?: number })?.status;
    const destination = destinationForErrorStatus(status);
    if (destination === LOGIN_PATH) {
      serverErrorInCheck = false;
      forgetSession();
      if (!unauthorizedLatch.take()) throw { logoutUser: false, redirectTo: false, message: false };
      storeSignOutReason('session_expired');
      throw { redirectTo: LOGIN_PATH, message: 'app.auth.session_expired' };
    }
    // The failure reaches its caller and the portal opens /500 beside it (failedCallExits.ts);
    // without a portal (a test of this provider alone), react-admin goes there.
    if (destination === SERVER_ERROR_PATH && openServerErrorPage()) return;
    if (destination) throw { logoutUser: false, redirectTo: destination, message: false };
  },

  getIdentity: async () => {
    const user = getStoredUserInfo() ?? (await fetchCurrentUser());
    return { ...user, id: user.id, fullName: user.fullname || user.email };
  },

  canAccess: async ({ resource }) => canAccessResource(getStoredUserInfo(), resource),
};
