/** Helpers shared by the sandbox's tests (not a test file itself). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { onTestFinished } from 'vitest';
import { createServerOrder, type ServerChoice } from '../src/domain/serverOrder';
import { SMALL_SERVER } from '../tests/support/serverChoices';
import { buildApp, type SandboxOptions } from './app';
import { changeBalance } from './billing/ledger';
import { AREA_MIGRATIONS } from './handlers';
import { IN_MEMORY, openDatabase, type Db } from './platform/db';
import type { StoredMail } from './platform/outbox';
import { FORM_COOKIE, FORM_TOKEN_FIELD } from './sandbox/sandboxForms';
import { DEMO_PASSWORD } from './sandbox/seed';

export const START = new Date('2025-03-01T08:00:00.000Z');

export function testClock(start: Date = START) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
  };
}

/** An app on an in-memory database that checks its own answers against the contract. */
export async function testApp(options: Partial<SandboxOptions> = {}) {
  const clock = testClock();
  const app = await buildApp({
    dbFile: ':memory:',
    validateResponses: true,
    now: clock.now,
    ...options,
  });
  return { app, clock };
}

/** A scratch folder for database files; call the returned cleanup when done. */
export function scratchDir() {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A sandbox on a database file, and a second connection to set up and read its books. Both are
 * closed when the test ends (or earlier by `close`), and the file is removed then. `start` sets
 * the sandbox's clock. Call it in a test or in a beforeEach.
 */
export async function sandboxWithBooks({
  start,
  ...options
}: Partial<SandboxOptions> & { start?: Date } = {}) {
  const { dir, cleanup } = scratchDir();
  onTestFinished(cleanup);
  const dbFile = join(dir, 'sandbox.db');
  const clock = testClock(start);
  const { app } = await testApp({ dbFile, now: clock.now, ...options });
  const books = openDatabase(dbFile, AREA_MIGRATIONS);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    books.close();
  };
  // Runs before the cleanup above: onTestFinished callbacks run last registered first.
  onTestFinished(close);
  return { app, books, clock, dbFile, close };
}

/** A database in memory (migrated, not seeded), closed when the test ends. */
export function booksInMemory(): Db {
  const db = openDatabase(IN_MEMORY, AREA_MIGRATIONS);
  onTestFinished(() => void db.close());
  return db;
}

/** A sandboxWithBooks with one account (demo@example.vn unless told) signed in as `api`. */
export async function signedInSandbox({
  email = 'demo@example.vn',
  headers = {},
  ...options
}: Parameters<typeof sandboxWithBooks>[0] & {
  email?: string;
  headers?: Record<string, string>;
} = {}) {
  const sandbox = await sandboxWithBooks(options);
  return { ...sandbox, api: apiAs(sandbox.app, await signIn(sandbox.app, email), headers) };
}

export const basicAuth = (email: string, password: string) =>
  `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`;

export const withToken = (token: string) => ({ authorization: `Token ${token}` });

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<string> {
  const response = await app.inject({
    url: '/api/v1/auth/token',
    headers: { authorization: basicAuth(email, password) },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return (response.json() as { token: string }).token;
}

/**
 * What a browser holds after opening a /sandbox page (default: /sandbox itself): the cookie the
 * forms' token is bound to, and the token its forms carry (sandboxForms.ts).
 */
export async function sandboxFormSession(
  app: FastifyInstance,
  page = '/sandbox',
  headers: Record<string, string> = {},
): Promise<{ cookie: string; token: string }> {
  const answer = await app.inject({ url: page, headers });
  const token = new RegExp(`name="${FORM_TOKEN_FIELD}" value="([^"]+)"`).exec(answer.body)?.[1];
  const setCookie = ([] as (string | undefined)[]).concat(answer.headers['set-cookie']);
  const cookie = setCookie.find((line) => line?.startsWith(`${FORM_COOKIE}=`))?.split(';')[0];
  if (!token || !cookie) throw new Error(`no form token on ${page}: ${answer.statusCode}`);
  return { cookie, token };
}

/** Posts a /sandbox form as a browser does from the page showing it: with its token and cookie. */
export async function postSandboxForm(
  app: FastifyInstance,
  action: string,
  fields: Record<string, string>,
  options: { page?: string; headers?: Record<string, string> } = {},
) {
  const { cookie, token } = await sandboxFormSession(app, options.page, options.headers);
  return app.inject({
    method: 'POST',
    url: action,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...options.headers },
    payload: new URLSearchParams({ [FORM_TOKEN_FIELD]: token, ...fields }).toString(),
  });
}

export async function mailsTo(app: FastifyInstance, to: string): Promise<StoredMail[]> {
  const response = await app.inject({ url: '/sandbox/outbox', query: { to } });
  return response.json();
}

export async function latestMailTo(app: FastifyInstance, to: string): Promise<StoredMail> {
  const [latest] = await mailsTo(app, to);
  if (!latest) throw new Error(`no mail to ${to}`);
  return latest;
}

/** The token query parameter of the mail's (first) link. */
export function tokenInMail(mail: StoredMail): string {
  const [link] = mail.links;
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`no token link in: ${mail.text}`);
  return token;
}

export function codeInMail(mail: StoredMail): string {
  const code = /\b\d{6}\b/.exec(mail.text)?.[0];
  if (!code) throw new Error(`no code in: ${mail.text}`);
  return code;
}

export const NEW_CUSTOMER = {
  fullname: 'Đỗ Thị Lan',
  email: 'lan@example.vn',
  password: 'mat-khau-1',
  verify_password: 'mat-khau-1',
  phone: '+84987654321',
  formatted_phone: '098 765 43 21',
};

export async function register(
  app: FastifyInstance,
  overrides: Partial<typeof NEW_CUSTOMER> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/auth/users',
    payload: { ...NEW_CUSTOMER, ...overrides },
    headers,
  });
}

/**
 * A new customer who registered and confirmed the e-mail from the mailed link, as the portal
 * lets one in: until then the API holds the account (auth/emailHold.ts).
 */
export async function registerConfirmed(
  app: FastifyInstance,
  overrides: Partial<typeof NEW_CUSTOMER> = {},
): Promise<void> {
  const customer = { ...NEW_CUSTOMER, ...overrides };
  const registered = await register(app, overrides);
  if (registered.statusCode !== 201) throw new Error(`registration refused: ${registered.body}`);
  const token = tokenInMail(await latestMailTo(app, customer.email));
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/users/confirm_email',
    payload: { token },
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirmation refused: ${confirmed.body}`);
}

/** Calls to /api/v1 as one signed-in user. */
export function apiAs(app: FastifyInstance, token: string, headers: Record<string, string> = {}) {
  const call =
    (method: 'GET' | 'POST' | 'PATCH' | 'DELETE') =>
    (url: string, payload?: object, query?: Record<string, string>) =>
      app.inject({
        method,
        url: `/api/v1${url}`,
        ...(payload !== undefined && { payload }),
        ...(query && { query }),
        headers: { ...withToken(token), ...headers },
      });
  return { get: call('GET'), post: call('POST'), patch: call('PATCH'), delete: call('DELETE') };
}

export type Api = ReturnType<typeof apiAs>;

/**
 * Moves the sandbox's clock as its operator does (`POST /sandbox/clock`), which runs the life-cycle
 * sweep a day at a time through the move. A long move ends idle sessions: sign in again after it.
 */
export async function moveSandboxClock(
  app: FastifyInstance,
  advance: { days?: number; hours?: number },
) {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advance },
  });
  if (response.statusCode !== 200) throw new Error(`moving the clock failed: ${response.body}`);
  return response.json() as { now: string; offset_ms: number; renewals_issued: number };
}

/**
 * Sets an account's balance to `amount` as an administrator's change would: one ledger row, so
 * the books still add up (ledgerMismatches stays empty).
 */
export function setBalanceAsAdmin(db: Db, email: string, amount: number): void {
  const { id, balance } = db
    .prepare('SELECT id, balance FROM users WHERE email = ?')
    .get(email) as { id: number; balance: number };
  db.transaction(() =>
    changeBalance(db, {
      userId: id,
      type: 'manual',
      method: 'admin',
      amount: amount - balance,
      text: { key: 'ledger.manual' as const, params: { note: 'test: set the balance' } },
      reference: null,
      at: START,
    }),
  )();
}

/** A create-server choice as the portal's create form makes it; override what a test needs. */
export const SERVER_CHOICE: ServerChoice = { ...SMALL_SERVER, cpu: 2, ram: 4, disk: 40 };

/** The portal's create_server order (src/domain/serverOrder) for a choice. */
export const serverOrderFor = (choice: Partial<ServerChoice> = {}) =>
  createServerOrder({ ...SERVER_CHOICE, ...choice });

/** Places and pays a create_server order; answers the new server's id. */
export async function buyServer(api: Api, choice: Partial<ServerChoice> = {}): Promise<number> {
  const placed = await api.post('/billing/orders', serverOrderFor(choice));
  if (placed.statusCode !== 201) throw new Error(`order failed: ${placed.body}`);
  const paid = await api.post(`/billing/orders/${placed.json().id}/pay`);
  if (paid.statusCode !== 200) throw new Error(`payment failed: ${paid.body}`);
  return paid.json().order.resource_id;
}
