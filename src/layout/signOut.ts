/**
 * Sign-out (spec §4 "Logout clears all local storage and reloads"): the server is asked to revoke
 * the token, then everything but the chosen language is forgotten and the browser loads the login
 * page afresh, which also empties react-admin's in-memory store and query cache.
 */
import { revokeSessionQuietly } from '../api/signedInAuth';
import { clearAllButLocale, getToken } from '../authProvider/sessionStore';

export const SIGN_IN_URL = '/idc/login';

/** The page load, behind an object so tests can watch it (jsdom cannot navigate). */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export async function signOut(): Promise<void> {
  const token = getToken();
  if (token) await revokeSessionQuietly(token);
  clearAllButLocale();
  browserLocation.assign(SIGN_IN_URL);
}
