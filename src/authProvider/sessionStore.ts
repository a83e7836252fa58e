/**
 * What the session keeps in the browser (spec §3 "Locally stored"), behind one small API so
 * the keys are written in one place. Everything but the language is forgotten at sign-out.
 */
import type { components } from '../api/schema';

export type UserInfo = components['schemas']['UserInfo'];

export interface PendingServerChoice {
  cpu: string;
  ram: string;
  disk: string;
  interval?: string;
}

export const STORAGE_KEYS = {
  accessToken: 'access_token',
  authenticated: 'authenticated',
  userInfo: 'user_info',
  callbackUrl: 'callbackURL',
  cpu: 'cpu',
  ram: 'ram',
  disk: 'disk',
  interval: 'interval',
  pendingOrder: 'pending_order',
  locale: 'locale',
} as const;

function storage(): Storage {
  return window.localStorage;
}

export function getToken(): string | null {
  return storage().getItem(STORAGE_KEYS.accessToken);
}

export function storeToken(token: string): void {
  storage().setItem(STORAGE_KEYS.accessToken, token);
  storage().setItem(STORAGE_KEYS.authenticated, 'true');
}

export function storeUserInfo(user: UserInfo): void {
  storage().setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
}

export function getStoredUserInfo(): UserInfo | null {
  const raw = storage().getItem(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as UserInfo;
  } catch {
    return null;
  }
}

/** Forgets the signed-in state but keeps pending choices (used on the login page and on 401). */
export function forgetSession(): void {
  storage().removeItem(STORAGE_KEYS.accessToken);
  storage().removeItem(STORAGE_KEYS.authenticated);
  storage().removeItem(STORAGE_KEYS.userInfo);
}

/** Sign-out clears all browser storage (spec §4) except the chosen language. */
export function clearAllButLocale(): void {
  const locale = storage().getItem(STORAGE_KEYS.locale);
  storage().clear();
  if (locale) storage().setItem(STORAGE_KEYS.locale, locale);
}

export function getCallbackUrl(): string | null {
  return storage().getItem(STORAGE_KEYS.callbackUrl);
}

export function storeCallbackUrl(url: string): void {
  storage().setItem(STORAGE_KEYS.callbackUrl, url);
}

export function removeCallbackUrl(): void {
  storage().removeItem(STORAGE_KEYS.callbackUrl);
}

export function getPendingServerChoice(): PendingServerChoice | null {
  const cpu = storage().getItem(STORAGE_KEYS.cpu);
  const ram = storage().getItem(STORAGE_KEYS.ram);
  const disk = storage().getItem(STORAGE_KEYS.disk);
  if (!cpu || !ram || !disk) return null;
  const interval = storage().getItem(STORAGE_KEYS.interval) ?? undefined;
  return interval ? { cpu, ram, disk, interval } : { cpu, ram, disk };
}

export function storePendingServerChoice(choice: PendingServerChoice): void {
  storage().setItem(STORAGE_KEYS.cpu, choice.cpu);
  storage().setItem(STORAGE_KEYS.ram, choice.ram);
  storage().setItem(STORAGE_KEYS.disk, choice.disk);
  if (choice.interval) storage().setItem(STORAGE_KEYS.interval, choice.interval);
}

/** Forgets the stored cpu/ram/disk/interval choice once the order for it has been placed. */
export function clearPendingServerChoice(): void {
  storage().removeItem(STORAGE_KEYS.cpu);
  storage().removeItem(STORAGE_KEYS.ram);
  storage().removeItem(STORAGE_KEYS.disk);
  storage().removeItem(STORAGE_KEYS.interval);
}

/** The pending create-server order (spec §3), kept until the order is placed. */
export function storePendingOrder(order: unknown): void {
  storage().setItem(STORAGE_KEYS.pendingOrder, JSON.stringify(order));
}

export function getPendingOrder(): unknown {
  const raw = storage().getItem(STORAGE_KEYS.pendingOrder);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function clearPendingOrder(): void {
  storage().removeItem(STORAGE_KEYS.pendingOrder);
}

/**
 * Why the portal signed the customer out by itself (spec §4: a 401, or a session check that got
 * no answer twice), so the login page can say it. Kept for this tab only, and read once.
 */
export type SignOutReason = 'session_expired' | 'unreachable';
const SIGN_OUT_REASON_KEY = 'sign_out_reason';

export function storeSignOutReason(reason: SignOutReason): void {
  window.sessionStorage.setItem(SIGN_OUT_REASON_KEY, reason);
}

export function peekSignOutReason(): SignOutReason | null {
  const reason = window.sessionStorage.getItem(SIGN_OUT_REASON_KEY);
  return reason === 'session_expired' || reason === 'unreachable' ? reason : null;
}

export function clearSignOutReason(): void {
  window.sessionStorage.removeItem(SIGN_OUT_REASON_KEY);
}
