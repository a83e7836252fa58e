/**
 * Sign-out (spec §4 "Logout clears all local storage and reloads"): everything but the chosen
 * language is forgotten, then the browser loads the login page afresh, which also empties
 * react-admin's in-memory store and query cache.
 */
import { clearAllButLocale } from '../authProvider/sessionStore';

export const SIGN_IN_URL = '/idc/login';

/** The page load, behind an object so tests can watch it (jsdom cannot navigate). */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

export function signOut(): void {
  clearAllButLocale();
  browserLocation.assign(SIGN_IN_URL);
}
