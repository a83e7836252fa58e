/**
 * The session rules of spec §4 as pure functions: given where the user is and what the server
 * said, they decide where the user goes. The authProvider and the public pages only carry the
 * decisions out, so every branch is unit-tested here.
 */
import type { PendingServerChoice } from './sessionStore';

export const PUBLIC_PATHS = ['/login', '/register', '/confirm', '/forgot', '/password_resets'];
/** Where a stored server choice resumes (§4 b): signing in, registering, confirming the e-mail. */
const AUTH_PAGES = ['/login', '/register', '/confirm'];
const AFTER_VERIFICATION_PAGES = ['/verify', '/confirm'];

export const CREATE_SERVER_REDIRECT = '/idc/cloud-server/create';
export const DASHBOARD_PATH = '/dashboard';
export const VERIFY_PATH = '/verify';
export const LOGIN_PATH = '/login';
export const SERVER_ERROR_PATH = '/500';
const DEFAULT_CALLBACK_URL = '/';

export type Destination =
  { kind: 'stay' } | { kind: 'portal'; path: string } | { kind: 'external'; url: string };

const stay: Destination = { kind: 'stay' };
const portal = (path: string): Destination => ({ kind: 'portal', path });

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(normalizePath(pathname));
}

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * §4 c: an external redirect is followed only when its origin is exactly the VPS host's origin.
 * Relative, protocol-relative and credential-carrying URLs never qualify.
 */
export function isAllowedExternalRedirect(redirect: string, vpsOrigin: string): boolean {
  let target: URL;
  let allowed: URL;
  try {
    target = new URL(redirect); // no base: relative and protocol-relative URLs throw
    allowed = new URL(vpsOrigin);
  } catch {
    return false;
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return false;
  if (target.username || target.password) return false;
  return target.origin === allowed.origin;
}

/** A callbackURL is honoured only when it is a path inside the portal. */
export function isSafeInternalPath(path: string | null | undefined): path is string {
  if (!path || !path.startsWith('/')) return false;
  if (path.startsWith('//') || path.startsWith('/\\')) return false;
  return ![...path].some((character) => character.charCodeAt(0) < 0x20);
}

export function createServerPath(choice: PendingServerChoice): string {
  const params = new URLSearchParams({ cpu: choice.cpu, ram: choice.ram, disk: choice.disk });
  if (choice.interval) params.set('interval', choice.interval);
  return `/cloud-server/create?${params.toString()}`;
}

export interface SessionCheckInput {
  emailVerified: boolean;
  /** The portal path without the /idc base, e.g. '/login'. */
  pathname: string;
  search: URLSearchParams;
  pendingChoice: PendingServerChoice | null;
  callbackUrl: string | null;
  vpsOrigin: string;
}

/** Where a successful session check sends the user (spec §4, branches a–d and the /verify gate). */
export function decideAfterSessionCheck(input: SessionCheckInput): Destination {
  const pathname = normalizePath(input.pathname);
  if (!input.emailVerified) return pathname === VERIFY_PATH ? stay : portal(VERIFY_PATH);

  if (pathname === VERIFY_PATH) return portal(DASHBOARD_PATH); // d
  if (!isPublicPath(pathname)) return stay;

  // The branches are tried in the spec's order, so a stored server choice (b) wins over the
  // dashboard after confirming the e-mail (d): the register-with-redirect journey resumes.
  const redirect = input.search.get('redirect');
  if (redirect === CREATE_SERVER_REDIRECT) {
    // a: the offer's query as it came, which the create form reads and corrects
    const offer = new URLSearchParams(input.search);
    offer.delete('redirect');
    return portal(`/cloud-server/create?${offer.toString()}`);
  }
  if (AUTH_PAGES.includes(pathname) && input.pendingChoice) {
    return portal(createServerPath(input.pendingChoice)); // b
  }
  if (redirect) {
    // c
    return isAllowedExternalRedirect(redirect, input.vpsOrigin)
      ? { kind: 'external', url: redirect }
      : portal(DASHBOARD_PATH);
  }
  if (AFTER_VERIFICATION_PAGES.includes(pathname)) return portal(DASHBOARD_PATH); // d
  // Never back to a public page (the login page itself): the dashboard instead.
  const callback =
    isSafeInternalPath(input.callbackUrl) &&
    !isPublicPath(input.callbackUrl.split('?')[0] as string)
      ? input.callbackUrl
      : DEFAULT_CALLBACK_URL;
  return portal(callback === '/' ? DASHBOARD_PATH : callback);
}

/** Where a failed API call sends the user (spec §8), or null when the caller handles it. */
export function destinationForErrorStatus(status: number | undefined): string | null {
  if (status === 401) return LOGIN_PATH;
  if (status === 500) return SERVER_ERROR_PATH;
  return null;
}

/**
 * Where a failed session check sends the user: as any call, and /500 for every server-side
 * failure, 502, 503 and 504 included — a proxy in front of a stopped API answers those, and the
 * portal would otherwise open on a screen whose every call fails. The session is kept.
 */
export function destinationForFailedSessionCheck(status: number | undefined): string | null {
  if (status !== undefined && status > 500 && status < 600) return SERVER_ERROR_PATH;
  return destinationForErrorStatus(status);
}

/**
 * Several calls may fail with 401 at the same moment; the user must be sent to login once.
 * The latch lets the first caller act and tells the others to stand down until reset.
 */
export function createOnceLatch() {
  let taken = false;
  return {
    take(): boolean {
      if (taken) return false;
      taken = true;
      return true;
    },
    reset(): void {
      taken = false;
    },
  };
}
