/**
 * Test helpers for the shell: the real authProvider (fed through browser storage, as in the
 * portal), the real Vietnamese messages and react-admin's contexts around PortalLayout.
 * Used only by src/layout/*.test.tsx.
 */
import { render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { authProvider } from '../authProvider/authProvider';
import { STORAGE_KEYS, type UserInfo } from '../authProvider/sessionStore';
import { createI18nProvider } from '../i18n/i18nProvider';
import { vi as viMessages } from '../i18n/vi';
import { theme } from '../theme';
import { PortalLayout } from './PortalLayout';

export function makeUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    id: 7,
    fullname: 'Nguyễn Văn An',
    email: 'an@example.vn',
    phone: '+84901234567',
    email_verified: true,
    is_in_whitelist: false,
    is_agency: false,
    balance: 0,
    unpaid_amount: 0,
    has_expired_invoices: false,
    trial: {
      active: false,
      start_date: null,
      end_date: null,
      expired: false,
      plan_to_upgrade: null,
      amount_to_upgrade: 0,
    },
    ...overrides,
  };
}

/** A signed-in browser: the token and user_info the session check would have stored. */
export function signIn(user: UserInfo | null): void {
  window.localStorage.setItem(STORAGE_KEYS.accessToken, 'token-123');
  window.localStorage.setItem(STORAGE_KEYS.authenticated, 'true');
  if (user) window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
}

/** Shows where the router is, so tests can see navigation. */
export function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

export function renderShell(options: { path?: string; page?: ReactNode; strict?: boolean } = {}) {
  const i18nProvider = createI18nProvider('vi', viMessages, async () => undefined);
  return render(
    <MemoryRouter initialEntries={[options.path ?? '/dashboard']}>
      <Routes>
        <Route path="/verify" element={<p>verify page</p>} />
        <Route path="/500" element={<p>server error page</p>} />
        <Route
          path="/*"
          element={
            <AdminContext
              authProvider={authProvider}
              i18nProvider={i18nProvider}
              store={memoryStore()}
              theme={theme}
            >
              <PortalLayout>{options.page ?? <CurrentLocation />}</PortalLayout>
              <Notification />
            </AdminContext>
          }
        />
      </Routes>
    </MemoryRouter>,
    { wrapper: options.strict ? StrictMode : undefined },
  );
}

interface FakeMediaQueryList {
  readonly matches: boolean;
  media: string;
  addEventListener: (type: string, listener: () => void) => void;
  removeEventListener: (type: string, listener: () => void) => void;
}

/**
 * A window.matchMedia that answers width queries for a window width the test sets.
 * Returns a function that resizes the window and notifies the listeners.
 */
export function fakeWindowWidth(initialWidth: number): (width: number) => void {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  const matches = (query: string) =>
    [...query.matchAll(/\((max|min)-width:\s*([\d.]+)px\)/g)].every(([, kind, px]) =>
      kind === 'max' ? width <= Number(px) : width >= Number(px),
    );
  window.matchMedia = ((query: string): FakeMediaQueryList => ({
    get matches() {
      return matches(query);
    },
    media: query,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return (next: number) => {
    width = next;
    for (const listener of [...listeners]) listener();
  };
}
