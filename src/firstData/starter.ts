/**
 * The first-data script: its own entry in index.html, loaded beside the portal's code and never
 * waited for by it. On a daily screen's address, with a session, it asks for the screen's first
 * calls at once (earlyCalls.ts) — the portal's boot finds them asked — and on the server list it
 * draws the first rows from the answer before the portal's code has arrived
 * (serverListPreview.ts). Anywhere else it does nothing.
 */
import {
  askEarly,
  earlyCallsFor,
  FIRST_CALLS,
  LOCALE_STORAGE_KEY,
  portalPath,
  SCREEN_READY_EVENT,
  SESSION_CALL,
  TOKEN_STORAGE_KEY,
} from './earlyCalls';
import { showServerListPicture } from './serverListPreview';
import english from 'virtual:messages/en/first_data';
import vietnamese from 'virtual:messages/vi/first_data';

/** The daily screens drawn before the portal; the others only have their calls asked early. */
const PICTURED = '/cloud-server';
/** The call whose answer the server list's rows show (FIRST_CALLS). */
const SERVER_LIST_PATH = '/cloud/servers';

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const path = portalPath(window.location.pathname);
const token = stored(TOKEN_STORAGE_KEY);
if (token && window.location.search === '' && FIRST_CALLS[path]) {
  const locale = stored(LOCALE_STORAGE_KEY) === 'en' ? 'en' : 'vi';
  let portalShown = false;
  window.addEventListener(SCREEN_READY_EVENT, () => (portalShown = true), { once: true });
  const asked = new Map(
    earlyCallsFor(path, '').map((call) => [call.path, askEarly(call, token, locale)] as const),
  );
  const session = asked.get(SESSION_CALL.path);
  const list = asked.get(SERVER_LIST_PATH);
  if (path === PICTURED && session && list) {
    // Without its picture the page is what it was before: the portal draws the list.
    showServerListPicture(
      session.answer,
      list.answer,
      locale === 'en' ? english : vietnamese,
      () => portalShown,
    ).catch(() => undefined);
  }
}
