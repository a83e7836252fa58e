/**
 * The session check of spec §4: ask the server who the token belongs to. Simultaneous callers
 * share one request, so a page that mounts several guards still makes one call.
 */
import { authApi, type UserInfo } from '../api/auth';
import { getStoredLocale } from '../i18n/locale';
import { getToken, storeUserInfo } from './sessionStore';

let inFlight: { token: string; promise: Promise<UserInfo> } | null = null;

export function fetchCurrentUser(): Promise<UserInfo> {
  const token = getToken();
  if (!token) return Promise.reject(new Error('no_token'));
  if (inFlight?.token === token) return inFlight.promise;
  const promise = authApi
    .getCurrentUser(token, getStoredLocale())
    .then((user) => {
      storeUserInfo(user);
      return user;
    })
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { token, promise };
  return promise;
}
