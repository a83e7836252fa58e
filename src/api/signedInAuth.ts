/**
 * The auth operations only a signed-in customer calls (the trial's packages and upgrade, signing
 * out, from the portal or from /verify): kept out of auth.ts, which the login page loads.
 */
import { token } from './auth';
import { callContract } from './client';

export const signedInAuthApi = {
  getTrialPackages: (accessToken: string, locale?: string) =>
    callContract('GET', '/auth/trial', { credentials: token(accessToken), locale }),

  /** Spec §7: no payload at all, so no body and no Content-Type. */
  upgradeTrial: (accessToken: string, locale?: string) =>
    callContract('POST', '/auth/user/upgrade', { credentials: token(accessToken), locale }),

  /** Our extension beyond spec §7: the provider's API may answer 404 or 501 instead. */
  revokeToken: (accessToken: string) =>
    callContract('DELETE', '/auth/token', { credentials: token(accessToken) }),
};

/**
 * Ends the session on the server, as signing out does from the portal or from /verify. Signing
 * out goes on when the API cannot revoke (offline, or a provider's API without this call): the
 * caller forgets the token either way.
 */
export async function revokeSessionQuietly(accessToken: string): Promise<void> {
  try {
    await signedInAuthApi.revokeToken(accessToken);
  } catch {
    // Nothing to tell: the session is forgotten in the browser all the same.
  }
}
