/**
 * Test helpers for the shell: the in-process sandbox with its seeded accounts (on a scratch
 * database file the test may also open, to arrange what the API cannot, such as a balance), the
 * real authProvider (fed through browser storage, as in the portal), the real Vietnamese messages
 * and react-admin's contexts around PortalLayout. Used only by src/layout/*.test.tsx.
 */
import { join } from 'node:path';

import { cleanup, render } from '@testing-library/react';
import { StrictMode, type ReactNode } from 'react';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';

import { openDatabase, type Db } from '../../server/platform/db';
import { scratchDir, signIn, withToken } from '../../server/testing';
import { startSandbox, type Sandbox } from '../../tests/support/sandbox';
import { authProvider } from '../authProvider/authProvider';
import { STORAGE_KEYS, type UserInfo } from '../authProvider/sessionStore';
import { createI18nProvider } from '../i18n/i18nProvider';
import { vi as viMessages } from '../i18n/vi';
import { theme } from '../theme';
import { PortalLayout } from './PortalLayout';

export interface ShellSandbox {
  sandbox: Sandbox;
  /** The sandbox's own database, for arranging what no API call can. */
  db: Db;
}

/** A fresh sandbox per test of the file, on a scratch database file, with empty storage. */
export function shellSandboxPerTest(): () => ShellSandbox {
  let current: (ShellSandbox & { removeScratch: () => void }) | undefined;
  beforeEach(async () => {
    window.localStorage.clear();
    const scratch = scratchDir();
    const dbFile = join(scratch.dir, 'sandbox.db');
    const sandbox = await startSandbox({ dbFile });
    current = { sandbox, db: openDatabase(dbFile), removeScratch: scratch.cleanup };
  });
  afterEach(async () => {
    cleanup();
    const finished = current;
    current = undefined;
    if (!finished) return;
    finished.db.close();
    await finished.sandbox.close();
    finished.removeScratch();
    expect(finished.sandbox.outsideContract).toEqual([]);
  });
  return () => {
    if (!current) throw new Error('The sandbox runs only inside a test');
    return current;
  };
}

/** Asks the sandbox who the token belongs to, as the session check does. */
export async function currentUser(sandbox: Sandbox, token: string): Promise<UserInfo> {
  const answer = await sandbox.app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
  if (answer.statusCode !== 200) throw new Error(`GET /auth/user: ${answer.body}`);
  return answer.json() as UserInfo;
}

/**
 * A signed-in browser: signs in to the sandbox and stores the token and the user_info the
 * session check would have stored (none with `withoutUserInfo`). Answers the token and the user.
 */
export async function signInAs(
  sandbox: Sandbox,
  email: string,
  options: { withoutUserInfo?: boolean } = {},
): Promise<{ token: string; user: UserInfo }> {
  const token = await signIn(sandbox.app, email);
  const user = await currentUser(sandbox, token);
  window.localStorage.setItem(STORAGE_KEYS.accessToken, token);
  window.localStorage.setItem(STORAGE_KEYS.authenticated, 'true');
  if (!options.withoutUserInfo) {
    window.localStorage.setItem(STORAGE_KEYS.userInfo, JSON.stringify(user));
  }
  return { token, user };
}

/** Sets an account's balance in the sandbox's database (no API call tops up in the sandbox). */
export function setBalance(db: Db, email: string, balance: number): void {
  db.prepare('UPDATE users SET balance = ? WHERE email = ?').run(balance, email);
}

/**
 * Holds the portal's calls whose path ends with `pathEnd` until `release` is called, then lets
 * them reach the sandbox; `answers` resolves with the sandbox's JSON answer of the first one.
 * The answer stays real: only its timing is in the test's hands.
 */
export function holdCalls(pathEnd: string, method = 'GET') {
  const realFetch = globalThis.fetch;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let answered!: (body: unknown) => void;
  const answers = new Promise<unknown>((resolve) => (answered = resolve));
  const held = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (request.method !== method || !new URL(request.url).pathname.endsWith(pathEnd)) {
      return realFetch(input, init);
    }
    await released;
    const response = await realFetch(input, init);
    answered(await response.clone().json());
    return response;
  });
  return { release, answers, held };
}

/** Makes the portal's calls whose path ends with `pathEnd` fail as a broken network would. */
export function breakNetworkFor(pathEnd: string): void {
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.endsWith(pathEnd)) throw new TypeError('Failed to fetch');
    return realFetch(input, init);
  });
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
