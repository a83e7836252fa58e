/**
 * What the public pages do once they hold a session token (spec §4 "Login stores the token and
 * triggers a session check"): store it, ask who the user is, and go where the rules say.
 */
import { config } from '../config';
import { fetchCurrentUser } from './sessionCheck';
import { decideAfterSessionCheck } from './sessionRules';
import {
  getCallbackUrl,
  getPendingServerChoice,
  removeCallbackUrl,
  storeToken,
} from './sessionStore';

export interface Place {
  pathname: string;
  search: string;
}

export async function signInWithToken(
  token: string,
  place: Place,
  navigate: (path: string, options?: { replace?: boolean }) => void,
): Promise<void> {
  storeToken(token);
  const user = await fetchCurrentUser();
  const destination = decideAfterSessionCheck({
    emailVerified: user.email_verified,
    pathname: place.pathname,
    search: new URLSearchParams(place.search),
    pendingChoice: getPendingServerChoice(),
    callbackUrl: getCallbackUrl(),
    vpsOrigin: config.vpsOrigin,
  });
  if (user.email_verified) removeCallbackUrl();
  if (destination.kind === 'external') window.location.assign(destination.url);
  else if (destination.kind === 'portal') navigate(destination.path, { replace: true });
}
