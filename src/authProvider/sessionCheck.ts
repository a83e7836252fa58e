/**
 * The session check of spec §4: ask the server who the token belongs to. Simultaneous callers
 * share one request, so a page that mounts several guards still makes one call; a caller that
 * has just changed the user (a payment, a saved profile) asks for a fresh one instead, since a
 * request already on its way, or an early answer of the boot (bootCalls.ts), may have been
 * answered before the change.
 */
import { authApi, type UserInfo } from '../api/auth';
import { forgetEarlyAnswers } from '../api/client';
import { getStoredLocale } from '../i18n/locale';
import { getToken, storeUserInfo } from './sessionStore';

let inFlight: { token: string; promise: Promise<UserInfo> } | null = null;
let requestsStarted = 0;
/** The newest request whose answer is stored: an older answer arriving later is not stored. */
let newestStored = 0;

export function fetchCurrentUser({ fresh = false }: { fresh?: boolean } = {}): Promise<UserInfo> {
  const token = getToken();
  if (!token) return Promise.reject(new Error('no_token'));
  if (!fresh && inFlight?.token === token) return inFlight.promise;
  if (fresh) forgetEarlyAnswers();
  const order = ++requestsStarted;
  const promise = authApi
    .getCurrentUser(token, getStoredLocale())
    .then((user) => {
      if (order > newestStored) {
        newestStored = order;
        storeUserInfo(user);
      }
      return user;
    })
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { token, promise };
  return promise;
}
