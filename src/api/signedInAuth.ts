/**
 * The auth operations only a signed-in customer calls (the trial's packages and upgrade, signing
 * out, from the portal or from /verify): kept out of auth.ts, which the login page loads.
 */
import { token } from './auth';
import { callContract } from './client';

export const signedInAuthApi = {
  getTrialPackages: (accessToken: string, locale?: string) =>
    callContract('GET', '/auth/trial', { credentials: token(accessToken), locale }),

  upgradeTrial: (accessToken: string, locale?: string) =>
    callContract('POST', '/auth/user/upgrade', {
      body: {},
      credentials: token(accessToken),
      locale,
    }),

  /** Our extension beyond spec §7: the provider's API may answer 404 or 501 instead. */
  revokeToken: (accessToken: string) =>
    callContract('DELETE', '/auth/token', { credentials: token(accessToken) }),
};
