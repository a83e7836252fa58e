/**
 * The address bar for the public pages, which run without react-router to keep the first
 * download small. The browser's history is the one store: this module reads it, writes it with
 * pushState/replaceState, and tells its subscribers when it changes.
 *
 * The signed-in portal (App) runs react-router's BrowserRouter on the same history, and the two
 * hand over to each other: an entry written here uses BrowserRouter's shape
 * (`{ usr: state, key, idx }`), and App calls `syncPublicLocation` whenever its router moves, so
 * Root notices a sign-out that lands on /login.
 */
import { useMemo, useSyncExternalStore } from 'react';

export const PORTAL_BASENAME = '/idc';

/** The pages Root draws without the signed-in portal; every other path is the portal's. */
export const PUBLIC_PAGE_PATHS = [
  '/login',
  '/register',
  '/forgot',
  '/password_resets',
  '/confirm',
  '/verify',
  '/500',
] as const;
export type PublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

/** The public page at `pathname`, matched as react-router would: any case, trailing slash or not. */
export function publicPageAt(pathname: string): PublicPagePath | undefined {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return PUBLIC_PAGE_PATHS.find((page) => page === path);
}

export interface PublicLocation {
  /** The path inside the portal, without the /idc base, e.g. '/login'. */
  pathname: string;
  /** The query string with its '?', or ''. */
  search: string;
  /** The state the entry was pushed with (react-router's `location.state`). */
  state: unknown;
  key: string;
}

export type To = string | { pathname?: string; search?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** What BrowserRouter keeps in `history.state`. */
interface RouterHistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const listeners = new Set<() => void>();
let current: PublicLocation | undefined;

function historyState(): RouterHistoryState | null {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as RouterHistoryState) : null;
}

function withoutBase(pathname: string): string {
  if (pathname === PORTAL_BASENAME) return '/';
  return pathname.startsWith(`${PORTAL_BASENAME}/`)
    ? pathname.slice(PORTAL_BASENAME.length)
    : pathname;
}

/** The current location, the same object until the address or the entry changes. */
function readLocation(): PublicLocation {
  const pathname = withoutBase(window.location.pathname);
  const { search } = window.location;
  const state = historyState();
  const key = state?.key ?? 'default';
  if (
    current?.pathname !== pathname ||
    current.search !== search ||
    current.key !== key ||
    current.state !== (state?.usr ?? null)
  ) {
    current = { pathname, search, key, state: state?.usr ?? null };
  }
  return current;
}

function notify(): void {
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', notify);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

/** The full address of a portal path, e.g. '/login' → '/idc/login'. */
export function hrefFor(to: To): string {
  if (typeof to === 'string') return PORTAL_BASENAME + to;
  const pathname = to.pathname ?? readLocation().pathname;
  return PORTAL_BASENAME + pathname + (to.search ?? '');
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** Goes to a portal path (or `delta` steps through history), like react-router's navigate. */
export function navigate(to: To | number, options: NavigateOptions = {}): void {
  if (typeof to === 'number') {
    window.history.go(to);
    return;
  }
  const index = historyState()?.idx ?? 0;
  const entry: RouterHistoryState = {
    usr: options.state ?? null,
    key: createKey(),
    idx: options.replace ? index : index + 1,
  };
  if (options.replace) window.history.replaceState(entry, '', hrefFor(to));
  else window.history.pushState(entry, '', hrefFor(to));
  notify();
}

/** For the signed-in portal: its router moved, so read the address again. */
export function syncPublicLocation(): void {
  notify();
}

/** Where the browser is now, as a portal path (without /idc) and its query. */
export { readLocation as currentLocation };

export function usePublicLocation(): PublicLocation {
  return useSyncExternalStore(subscribe, readLocation);
}

export function useSearchParams(): URLSearchParams {
  const { search } = usePublicLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
