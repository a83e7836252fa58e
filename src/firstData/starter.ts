/**
 * The first-data script: its own entry in index.html, loaded beside the portal's code and never
 * waited for by it. On a daily screen's address, with a session, it asks for the screen's first
 * calls at once (earlyCalls.ts) — the portal's boot finds them asked — and on the screens of
 * PICTURES it draws the data from the answer before the portal's code has arrived (picture.ts).
 * Anywhere else it does nothing.
 */
import { balanceHistoryContent } from './balanceHistoryPreview';
import { dashboardContent } from './dashboardPreview';
import {
  askEarly,
  earlyCallsFor,
  LOCALE_STORAGE_KEY,
  portalPath,
  recordPath,
  screenAddress,
  SCREEN_READY_EVENT,
  SESSION_CALL,
  TOKEN_STORAGE_KEY,
} from './earlyCalls';
import { showPicture, type MessageTree, type PictureContent, type SignedInUser } from './picture';
import { serverListContent, type ServerPage } from './serverListPreview';
import { serverPageContent } from './serverPagePreview';
import type { components } from '../api/schema';
import english from 'virtual:messages/en/first_data';
import vietnamese from 'virtual:messages/vi/first_data';

type Server = components['schemas']['Server'];

interface Pictured {
  /** The call of FIRST_CALLS whose answer the picture shows (with `:id` as written there). */
  dataPath: string;
  show: (
    session: Promise<Response>,
    data: Promise<Response>,
    messages: MessageTree,
    portalShown: () => boolean,
  ) => Promise<void>;
}

function pictured<Data>(
  dataPath: string,
  draw: (user: SignedInUser, data: Data, messages: MessageTree) => PictureContent | undefined,
): Pictured {
  return {
    dataPath,
    show: (session, data, messages, portalShown) =>
      showPicture<Data>(session, data, (user, body) => draw(user, body, messages), portalShown),
  };
}

/** The daily screens drawn before the portal; the others only have their calls asked early. */
const PICTURES: Readonly<Record<string, Pictured>> = {
  '/dashboard': pictured('/dashboard/summary', dashboardContent),
  '/cloud-server': pictured('/cloud/servers', (_user, page: ServerPage, messages) =>
    serverListContent(page, messages),
  ),
  '/billing/history': pictured('/billing/balance_adjustments', balanceHistoryContent),
  '/cloud-server/:id/detail': pictured('/cloud/servers/:id', (_user, server: Server, messages) =>
    serverPageContent(server, messages),
  ),
};

function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const path = portalPath(window.location.pathname);
const token = stored(TOKEN_STORAGE_KEY);
const opened = window.location.search === '' ? screenAddress(path) : undefined;
if (token && opened) {
  const locale = stored(LOCALE_STORAGE_KEY) === 'en' ? 'en' : 'vi';
  let portalShown = false;
  window.addEventListener(SCREEN_READY_EVENT, () => (portalShown = true), { once: true });
  const asked = new Map(
    earlyCallsFor(path, '').map((call) => [call.path, askEarly(call, token, locale)] as const),
  );
  const screen = PICTURES[opened.address];
  const session = asked.get(SESSION_CALL.path);
  const data = screen && asked.get(recordPath(screen.dataPath, opened.id));
  if (screen && session && data) {
    // Without its picture the page is what it was before: the portal draws the screen.
    screen
      .show(session.answer, data.answer, locale === 'en' ? english : vietnamese, () => portalShown)
      .catch(() => undefined);
  }
}
