/**
 * A signed-in page's first calls, asked for at boot while the portal's code downloads (issue 21).
 * Without them a customer waited for the code, then for the session check, then for the screen's
 * code, then for its data, one after the other; now the session check, the daily screens' data
 * and their code all travel beside the portal's code, and each call takes its early answer once
 * (api/client.ts `takeEarlyAnswersFrom`). The calls themselves are in firstData/earlyCalls.ts,
 * shared with the first-data script, which usually asks for them earlier still. A call the
 * screen does not make again is only a wasted request: tests/unit/screens/signedInFirstLoad
 * .test.tsx checks that each screen makes exactly these.
 */
import { takeEarlyAnswersFrom } from './api/client';
import { getToken } from './authProvider/sessionStore';
import {
  askEarly,
  earlyAnswers,
  earlyCallsFor,
  isFresh,
  screenAddress,
} from './firstData/earlyCalls';
import { getStoredLocale } from './i18n/locale';

/** Each daily screen's own code, the chunk its route loads lazily, by its FIRST_CALLS address. */
const SCREEN_CODE: Readonly<Record<string, () => Promise<unknown>>> = {
  '/dashboard': () => import('./pages/DashboardPage'),
  '/cloud-server': () => import('./resources/cloud-server/ServerList'),
  '/billing/history': () => import('./pages/billing/BillingPage'),
  '/cloud-server/:id/detail': () => import('./resources/cloud-server/ServerDetailPage'),
};

/**
 * Starts the calls and the screen's code for the portal path `pathname` (without /idc). A call
 * the first-data script already asked for with the same token is not asked again.
 */
export function startBootCalls(pathname: string, search: string): void {
  const token = getToken();
  if (!token) return;
  const locale = getStoredLocale();
  const asked = new Set(
    earlyCallsFor(pathname, search).map((call) => askEarly(call, token, locale)),
  );
  // Answers of another page or account (a token since replaced, the previous test's) go.
  for (const [url, early] of earlyAnswers()) if (!asked.has(early)) earlyAnswers().delete(url);
  // The screen's code is the same whatever the query: it loads early with or without one.
  const screen = screenAddress(pathname);
  void (screen && SCREEN_CODE[screen.address]?.().catch(() => undefined));
  takeEarlyAnswersFrom((url, authorization) => {
    const found = earlyAnswers().get(url);
    if (!found || authorization !== found.authorization) return undefined;
    earlyAnswers().delete(url);
    return isFresh(found) ? found.answer : undefined;
  });
}

/** The URLs asked for early that no screen has taken yet (for tests and the browser's console). */
export function untakenEarlyCalls(): string[] {
  return [...earlyAnswers().keys()];
}
