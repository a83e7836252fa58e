/**
 * A signed-in page's first calls, asked for at boot while the portal's code downloads (issue 21).
 * Without them a customer waited for the code, then for the session check, then for the screen's
 * code, then for its data, one after the other; now the session check, the daily screens' data
 * and their code all travel beside the portal's code, and each call takes its early answer once
 * (api/client.ts `takeEarlyAnswersFrom`). A call the screen does not make again is only a wasted
 * request: tests/unit/screens/bootCalls.test.tsx checks that each screen makes exactly these.
 */
import { buildUrl, takeEarlyAnswersFrom, type Query } from './api/client';
import { getToken } from './authProvider/sessionStore';
import { AUTH_HEADER_PREFIX } from './domain/constants';
import { getStoredLocale } from './i18n/locale';

/** An early answer older than this is left unused: the screen asks afresh. */
const EARLY_ANSWER_TTL_MS = 20_000;

/** The early answers not taken yet, by URL. */
const early = new Map<string, { answer: Promise<Response>; at: number }>();

interface Call {
  path: string;
  query?: Query;
}

interface FirstCalls {
  calls: Call[];
  /** The screen's own code, the chunk its route loads lazily. */
  screen: () => Promise<unknown>;
}

/** Every signed-in page asks who is signed in before anything else (authProvider.checkAuth). */
export const SESSION_CALL: Call = { path: '/auth/user' };

/** The daily screens, by their address, with the calls they make first, as they make them. */
export const FIRST_CALLS: Readonly<Record<string, FirstCalls>> = {
  '/dashboard': {
    calls: [{ path: '/dashboard/summary' }],
    screen: () => import('./pages/DashboardPage'),
  },
  '/cloud-server': {
    calls: [
      { path: '/billing/orders', query: { status: 'pending', per_page: 5 } },
      { path: '/cloud/servers', query: { page: 1, per_page: 10 } },
    ],
    screen: () => import('./resources/cloud-server/ServerList'),
  },
  '/billing/history': {
    calls: [
      { path: '/billing/payment_attempts', query: { status: 'pending', per_page: 50 } },
      { path: '/billing/balance_adjustments', query: { page: 1, per_page: 10 } },
    ],
    screen: () => import('./pages/billing/BillingPage'),
  },
};

/** The calls to make early for this address: none when it carries a query (a page, a sort). */
export function earlyCallsFor(pathname: string, search: string): Call[] {
  const screen = search === '' ? FIRST_CALLS[pathname.replace(/\/+$/, '')] : undefined;
  return [SESSION_CALL, ...(screen?.calls ?? [])];
}

/** Starts the calls and the screen's code for the portal path `pathname` (without /idc). */
export function startBootCalls(pathname: string, search: string): void {
  const token = getToken();
  if (!token) return;
  const authorization = `${AUTH_HEADER_PREFIX}${token}`;
  const headers = {
    Accept: 'application/json',
    Authorization: authorization,
    'Accept-Language': getStoredLocale(),
  };
  early.clear();
  for (const call of earlyCallsFor(pathname, search)) {
    const url = buildUrl(call.path, call.query);
    const answer = fetch(url, { headers, credentials: 'include' });
    // Unused or failed, an early answer must not be reported as an unhandled rejection.
    answer.catch(() => undefined);
    early.set(url, { answer, at: Date.now() });
  }
  void FIRST_CALLS[pathname]?.screen().catch(() => undefined);
  takeEarlyAnswersFrom((url, asking) => {
    const found = early.get(url);
    if (!found || asking !== authorization) return undefined;
    early.delete(url);
    return Date.now() - found.at <= EARLY_ANSWER_TTL_MS ? found.answer : undefined;
  });
}

/** The URLs asked for early that no screen has taken yet (for tests and the browser's console). */
export function untakenEarlyCalls(): string[] {
  return [...early.keys()];
}
