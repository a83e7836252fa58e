/**
 * A signed-in page's first calls, asked for before the portal's code has arrived (issue 21).
 *
 * Two scripts start them: the first-data script (`starter.ts`, its own entry in index.html, a
 * kilobyte that arrives long before the portal) and, should it be late or missing, the portal's
 * boot (`bootCalls.ts`). Whichever comes first asks; the other finds the call here and uses its
 * answer. They share it through `window`, not through a module, so that the first-data script
 * stays an entry of its own that the login page's code never waits for.
 *
 * This file imports nothing: whatever it imported would become a chunk both entries load.
 */

export interface EarlyCall {
  path: string;
  query?: Record<string, string | number>;
}

/** Every signed-in page asks who is signed in before anything else (authProvider.checkAuth). */
export const SESSION_CALL: EarlyCall = { path: '/auth/user' };

/**
 * The daily screens, by their address, with the calls they make first, as they make them. In an
 * address, `:id` stands for a record's id (digits), and stands for the same id in its calls.
 */
export const FIRST_CALLS: Readonly<Record<string, readonly EarlyCall[]>> = {
  '/dashboard': [{ path: '/dashboard/summary' }],
  '/cloud-server': [
    { path: '/billing/orders', query: { status: 'pending', per_page: 5 } },
    { path: '/cloud/servers', query: { page: 1, per_page: 10 } },
  ],
  '/billing/history': [
    { path: '/billing/payment_attempts', query: { status: 'pending', per_page: 50 } },
    { path: '/billing/balance_adjustments', query: { page: 1, per_page: 10 } },
  ],
  '/cloud-server/:id/detail': [{ path: '/cloud/servers/:id' }],
};

const RECORD_ID = ':id';

/** The FIRST_CALLS address `pathname` opens, and the record id it names (if its address has one). */
export function screenAddress(pathname: string): { address: string; id?: string } | undefined {
  const parts = pathname.replace(/\/+$/, '').split('/');
  for (const address of Object.keys(FIRST_CALLS)) {
    const pattern = address.split('/');
    if (pattern.length !== parts.length) continue;
    let id: string | undefined;
    const matches = pattern.every((part, index) => {
      const actual = parts[index] ?? '';
      if (part !== RECORD_ID) return part === actual;
      id = actual;
      return /^\d{1,15}$/.test(actual);
    });
    if (matches) return { address, id };
  }
  return undefined;
}

/** The calls to make early for this address: none when it carries a query (a page, a sort). */
export function earlyCallsFor(pathname: string, search: string): EarlyCall[] {
  const screen = search === '' ? screenAddress(pathname) : undefined;
  const calls = screen ? (FIRST_CALLS[screen.address] ?? []) : [];
  return [
    SESSION_CALL,
    ...calls.map((call) => ({ ...call, path: recordPath(call.path, screen?.id) })),
  ];
}

/** A FIRST_CALLS path with the record's id in place of `:id`. */
export function recordPath(path: string, id: string | undefined): string {
  return id === undefined ? path : path.replace(RECORD_ID, id);
}

/** The portal path of the address (`/idc/cloud-server` → `/cloud-server`). */
export function portalPath(pathname: string): string {
  return pathname.replace(/^\/idc(?=\/|$)/, '') || '/';
}

/**
 * The same keys and settings as sessionStore.ts, locale.ts, config.ts and constants.ts (a test
 * holds them equal), written out so that this file imports none of them.
 */
export const TOKEN_STORAGE_KEY = 'access_token';
export const LOCALE_STORAGE_KEY = 'locale';
export const TOKEN_HEADER_PREFIX = 'Token ';
export const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL?.trim() || '/api/v1').replace(
  /\/+$/,
  '',
);

/** The call's absolute URL, as api/client.ts `buildUrl` writes it. */
export function earlyCallUrl(call: EarlyCall): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(call.query ?? {})) params.set(name, String(value));
  const search = params.toString();
  const url = `${API_BASE_URL}${call.path}${search ? `?${search}` : ''}`;
  return url.startsWith('/') ? `${window.location.origin}${url}` : url;
}

/**
 * Dispatched on window by the portal when a screen shows its data, its empty state or its error
 * (components/screenReady.ts): the first-data picture gives way to it.
 */
export const SCREEN_READY_EVENT = 'portal:screen-ready';

/** An early answer older than this is left unused: the screen asks afresh. */
export const EARLY_ANSWER_TTL_MS = 20_000;

export interface EarlyAnswer {
  answer: Promise<Response>;
  at: number;
  authorization: string;
}

declare global {
  interface Window {
    /** The early answers not taken yet, by URL (see the top of earlyCalls.ts). */
    __portalEarlyAnswers?: Map<string, EarlyAnswer>;
  }
}

export function earlyAnswers(): Map<string, EarlyAnswer> {
  return (window.__portalEarlyAnswers ??= new Map());
}

/**
 * Asks for `call` with the signed-in token, unless it was asked for already with the same token
 * (by the other script) and is still fresh: then that answer is the one.
 */
export function askEarly(call: EarlyCall, token: string, locale: string): EarlyAnswer {
  const url = earlyCallUrl(call);
  const authorization = `${TOKEN_HEADER_PREFIX}${token}`;
  const asked = earlyAnswers().get(url);
  if (asked && asked.authorization === authorization && isFresh(asked)) return asked;
  const answer = fetch(url, {
    headers: {
      Accept: 'application/json',
      Authorization: authorization,
      'Accept-Language': locale,
    },
    credentials: 'include',
  });
  // Unused or failed, an early answer must not be reported as an unhandled rejection.
  answer.catch(() => undefined);
  const early = { answer, at: Date.now(), authorization };
  earlyAnswers().set(url, early);
  return early;
}

export function isFresh(early: EarlyAnswer): boolean {
  return Date.now() - early.at <= EARLY_ANSWER_TTL_MS;
}
