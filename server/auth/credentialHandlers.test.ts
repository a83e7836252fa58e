import { CODE_FAILURES_PER_WINDOW } from './twoFactor';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX, MAX_API_TOKENS } from '../../src/domain/apiTokens';
import { loadContract } from '../platform/contract';
import {
  apiAs,
  basicAuth,
  buyServer,
  sandboxWithBooks,
  signIn,
  testApp,
  testClock,
  withToken,
} from '../testing';
import { sha256 } from '../platform/secrets';
import { DEMO_PASSWORD } from '../sandbox/seed';

const DEMO = 'demo@example.vn';
const OTHER = 'agency@example.vn';
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
afterEach(async () => {
  await app?.close();
});

async function start() {
  ({ app, clock } = await testApp());
}

/** Signs in as a browser would, with its User-Agent; answers the session token. */
async function signInFrom(email: string, userAgent: string): Promise<string> {
  const response = await app.inject({
    url: '/api/v1/auth/token',
    headers: { authorization: basicAuth(email, DEMO_PASSWORD), 'user-agent': userAgent },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { token: string }).token;
}

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: object,
) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...withToken(token), 'accept-language': 'vi' },
    ...(body !== undefined && { payload: body }),
  });

interface ListedSession {
  id: number;
  browser: string | null;
  os: string | null;
  address: string | null;
  signed_in: string;
  last_used: string;
  current: boolean;
}

async function sessionsOf(token: string): Promise<ListedSession[]> {
  const response = await call(token, 'GET', '/account/sessions');
  expect(response.statusCode).toBe(200);
  return response.json().items;
}

async function createToken(
  session: string,
  body: { name: string; scope: 'read' | 'read_write'; expires_in_days: 30 | 90 | 365 | null },
) {
  const response = await call(session, 'POST', '/account/api_tokens', {
    ...body,
    password: DEMO_PASSWORD,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { token: string; api_token: { id: number; last_used: string | null } };
}

async function activityKinds(session: string): Promise<string[]> {
  const response = await call(session, 'GET', '/account/activity');
  expect(response.statusCode).toBe(200);
  return (response.json().items as { kind: string }[]).map((event) => event.kind);
}

describe('the account sessions', () => {
  it('lists each sign-in with its device and address, marks the caller’s own, never a token', async () => {
    await start();
    const laptop = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    clock.advance(MINUTE_MS);
    const phone = await signInFrom(DEMO, SAFARI_ON_IPHONE);
    await signInFrom(OTHER, CHROME_ON_WINDOWS);

    const response = await call(laptop, 'GET', '/account/sessions');
    const listed = response.json().items as ListedSession[];

    expect(listed).toHaveLength(2);
    expect(listed).toEqual([
      expect.objectContaining({ browser: 'Safari 17', os: 'iOS', current: false }),
      expect.objectContaining({ browser: 'Chrome 131', os: 'Windows', current: true }),
    ]);
    expect(listed[1]!.address).toBe('127.0.0.1');
    expect(listed[0]!.signed_in).toBe(listed[0]!.last_used);
    expect(response.body).not.toContain(laptop);
    expect(response.body).not.toContain(phone);
    expect((await sessionsOf(phone)).find((s) => s.current)?.browser).toBe('Safari 17');
  });

  it('records when a session was last used, at most once a minute', async () => {
    await start();
    const laptop = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const phone = await signInFrom(DEMO, SAFARI_ON_IPHONE);
    const signedInAt = clock.now().toISOString();

    clock.advance(30 * 1000);
    await call(phone, 'GET', '/auth/user');
    const phoneSession = (await sessionsOf(laptop)).find((s) => !s.current)!;
    expect(phoneSession.last_used).toBe(signedInAt);

    clock.advance(2 * MINUTE_MS);
    await call(phone, 'GET', '/auth/user');
    const later = (await sessionsOf(laptop)).find((s) => !s.current)!;
    expect(later.last_used).toBe(clock.now().toISOString());
    expect(later.signed_in).toBe(signedInAt);
  });

  it('signs out one session by its id: its token answers 401 from its next call', async () => {
    await start();
    const laptop = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const phone = await signInFrom(DEMO, SAFARI_ON_IPHONE);
    const phoneId = (await sessionsOf(laptop)).find((s) => !s.current)!.id;

    const revoked = await call(laptop, 'DELETE', `/account/sessions/${phoneId}`);

    expect(revoked.statusCode).toBe(204);
    expect((await call(phone, 'GET', '/auth/user')).statusCode).toBe(401);
    expect((await call(laptop, 'GET', '/auth/user')).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toHaveLength(1);
    expect(await activityKinds(laptop)).toContain('session_revoked');
    // Gone is gone: a second sign-out of the same id is a 404.
    expect((await call(laptop, 'DELETE', `/account/sessions/${phoneId}`)).statusCode).toBe(404);
  });

  it('answers 404 for another account’s session, which stays signed in', async () => {
    await start();
    const mine = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const theirs = await signInFrom(OTHER, SAFARI_ON_IPHONE);
    const theirId = (await sessionsOf(theirs))[0]!.id;

    const response = await call(mine, 'DELETE', `/account/sessions/${theirId}`);

    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Không tìm thấy phiên đăng nhập này.');
    expect((await call(theirs, 'GET', '/auth/user')).statusCode).toBe(200);
  });

  it('signs out every other session, keeping this one and the API tokens', async () => {
    await start();
    const laptop = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const phone = await signInFrom(DEMO, SAFARI_ON_IPHONE);
    const tablet = await signInFrom(DEMO, SAFARI_ON_IPHONE);
    const { token } = await createToken(laptop, { name: 'ci', scope: 'read', expires_in_days: 30 });

    const response = await call(laptop, 'POST', '/account/sessions/revoke_others', {});

    expect(response.json()).toEqual({ revoked: 2 });
    expect((await call(phone, 'GET', '/auth/user')).statusCode).toBe(401);
    expect((await call(tablet, 'GET', '/auth/user')).statusCode).toBe(401);
    expect((await call(laptop, 'GET', '/auth/user')).statusCode).toBe(200);
    expect((await call(token, 'GET', '/cloud/servers')).statusCode).toBe(200);
    expect(await sessionsOf(laptop)).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe('API tokens', () => {
  it('answers the value once, with its prefix, and lists the token without it', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);

    const created = await createToken(session, {
      name: ' script sao lưu ',
      scope: 'read',
      expires_in_days: 90,
    });
    const listed = await call(session, 'GET', '/account/api_tokens');

    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.api_token).toEqual({
      id: expect.any(Number),
      name: 'script sao lưu',
      scope: 'read',
      created: clock.now().toISOString(),
      expires: new Date(clock.now().getTime() + 90 * DAY_MS).toISOString(),
      last_used: null,
      expired: false,
    });
    expect(listed.json().items).toEqual([created.api_token]);
    expect(listed.body).not.toContain(created.token);
    expect(await activityKinds(session)).toContain('api_token_created');
  });

  it('keeps only the hash of a token and of a session, never their values', async () => {
    const sandbox = await sandboxWithBooks();
    const session = await signIn(sandbox.app, DEMO);
    const answer = await sandbox.app.inject({
      method: 'POST',
      url: '/api/v1/account/api_tokens',
      headers: withToken(session),
      payload: { name: 'ci', scope: 'read', expires_in_days: null, password: DEMO_PASSWORD },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { token } = answer.json() as { token: string };

    const stored = JSON.stringify([
      sandbox.books.prepare('SELECT * FROM api_tokens').all(),
      sandbox.books.prepare('SELECT * FROM sessions').all(),
    ]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(session);
    expect(stored).toContain(sha256(token));
    expect(stored).toContain(sha256(session));
  });

  it('lets a read token read but refuses it any write, with a clear message', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const { token } = await createToken(session, {
      name: 'ro',
      scope: 'read',
      expires_in_days: 30,
    });

    const read = await call(token, 'GET', '/cloud/servers');
    const write = await call(token, 'POST', '/cloud/ssh_keys', { name: 'ci-key' });

    expect(read.statusCode).toBe(200);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe('Token này chỉ có quyền đọc: chỉ gọi được các yêu cầu GET.');
    const keys = await call(session, 'GET', '/cloud/ssh_keys');
    expect(keys.json().total).toBe(0);
  });

  it('lets a read_write token write, as the customer', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const { token } = await createToken(session, {
      name: 'deploy',
      scope: 'read_write',
      expires_in_days: null,
    });

    const write = await call(token, 'POST', '/cloud/ssh_keys', { name: 'ci-key' });

    expect(write.statusCode).toBe(201);
    const keys = await call(session, 'GET', '/cloud/ssh_keys');
    expect(keys.json().items).toEqual([expect.objectContaining({ name: 'ci-key' })]);
  });

  it.each(['read', 'read_write'] as const)(
    'refuses a %s token every account operation, reads included',
    async (scope) => {
      await start();
      const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
      const { token, api_token } = await createToken(session, {
        name: scope,
        scope,
        expires_in_days: 30,
      });
      const attempts = [
        call(token, 'GET', '/account/profile'),
        call(token, 'PATCH', '/account/profile', { fullname: 'Kẻ Gian' }),
        call(token, 'POST', '/account/change_password', {
          old_password: DEMO_PASSWORD,
          new_password: 'Matkhau@2026x',
          verify_password: 'Matkhau@2026x',
        }),
        call(token, 'GET', '/account/sessions'),
        call(token, 'POST', '/account/sessions/revoke_others', {}),
        call(token, 'GET', '/account/api_tokens'),
        call(token, 'POST', '/account/api_tokens', {
          name: 'more',
          scope: 'read_write',
          expires_in_days: null,
          password: DEMO_PASSWORD,
        }),
        call(token, 'DELETE', `/account/api_tokens/${api_token.id}`),
        call(token, 'DELETE', '/auth/token'),
      ];

      for (const response of await Promise.all(attempts)) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(
          'API token không dùng được cho thao tác này: hãy đăng nhập vào cổng khách hàng để quản lý tài khoản.',
        );
      }
      const profile = await call(session, 'GET', '/account/profile');
      expect(profile.json().fullname).toBe('Nguyễn Văn Demo');
      expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(1);
      expect((await call(token, 'GET', '/cloud/servers')).statusCode).toBe(200);
    },
  );

  it('answers 401 once the token has expired', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const { token } = await createToken(session, {
      name: 'short',
      scope: 'read',
      expires_in_days: 30,
    });

    clock.advance(30 * DAY_MS - MINUTE_MS);
    expect((await call(token, 'GET', '/cloud/servers')).statusCode).toBe(200);
    clock.advance(MINUTE_MS);
    const expired = await call(token, 'GET', '/cloud/servers');

    expect(expired.statusCode).toBe(401);
    const fresh = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    expect((await call(fresh, 'GET', '/account/api_tokens')).json().items).toEqual([
      expect.objectContaining({ name: 'short', expired: true }),
    ]);
  });

  it('answers 401 once the token is revoked, and 404 for another account’s token', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const other = await signInFrom(OTHER, CHROME_ON_WINDOWS);
    const { token, api_token } = await createToken(session, {
      name: 'gone',
      scope: 'read_write',
      expires_in_days: null,
    });

    const foreign = await call(other, 'DELETE', `/account/api_tokens/${api_token.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(token, 'GET', '/cloud/servers')).statusCode).toBe(200);

    const revoked = await call(session, 'DELETE', `/account/api_tokens/${api_token.id}`);

    expect(revoked.statusCode).toBe(204);
    expect((await call(token, 'GET', '/cloud/servers')).statusCode).toBe(401);
    expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(0);
    expect(await activityKinds(session)).toContain('api_token_revoked');
  });

  it('records each use as last used, at most once a minute, and not a refused one', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const { token } = await createToken(session, {
      name: 'ro',
      scope: 'read',
      expires_in_days: 30,
    });
    const lastUsed = async () =>
      (await call(session, 'GET', '/account/api_tokens')).json().items[0].last_used;

    clock.advance(5 * MINUTE_MS);
    await call(token, 'POST', '/cloud/ssh_keys', { name: 'refused' });
    expect(await lastUsed()).toBeNull();

    await call(token, 'GET', '/cloud/servers');
    const firstUse = clock.now().toISOString();
    expect(await lastUsed()).toBe(firstUse);

    clock.advance(30 * 1000);
    await call(token, 'GET', '/cloud/servers');
    expect(await lastUsed()).toBe(firstUse);

    clock.advance(MINUTE_MS);
    await call(token, 'GET', '/cloud/servers');
    expect(await lastUsed()).toBe(clock.now().toISOString());
  });

  it('records what a token does as done by the API token', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const { token } = await createToken(session, {
      name: 'rw',
      scope: 'read_write',
      expires_in_days: 30,
    });
    await buyServer(apiAs(app, token));
    const events = (await call(session, 'GET', '/account/activity')).json().items as {
      kind: string;
      actor: string;
    }[];
    expect(events.find((event) => event.kind === 'api_token_created')?.actor).toBe('customer');
    expect(events.find((event) => event.kind === 'order_placed')?.actor).toBe('api_token');
  });

  it('needs the password as well as the session: a browser left signed in cannot make a token', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const attempt = (password?: string, name = 'lasting') =>
      call(session, 'POST', '/account/api_tokens', {
        name,
        scope: 'read_write',
        expires_in_days: null,
        ...(password !== undefined && { password }),
      });

    const without = await attempt();
    expect(without.statusCode).toBe(400);
    expect(without.json().errors).toHaveProperty('password');
    const wrong = await attempt('not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ password: 'Mật khẩu không đúng.' });
    expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(0);
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(201);

    // Wrong passwords share the two-step sign-in's budget: no password oracle behind a session.
    for (let i = 2; i < CODE_FAILURES_PER_WINDOW; i += 1) await attempt(`wrong-${i}`, 'second');
    expect((await attempt('wrong-last', 'second')).statusCode).toBe(400);
    expect((await attempt(DEMO_PASSWORD, 'second')).statusCode).toBe(429);
    // The name is checked before the password: a name already held costs no password check.
    expect((await attempt('wrong-again')).statusCode).toBe(409);
    expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(1);
  });

  it('checks no more wrong passwords than the budget when they are sent all at once', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    // Sent together, each would pass a budget that only counted the hashes already finished.
    const answers = await Promise.all(
      Array.from({ length: 3 * CODE_FAILURES_PER_WINDOW }, (_, i) =>
        call(session, 'POST', '/account/api_tokens', {
          name: `burst-${i}`,
          scope: 'read',
          expires_in_days: 30,
          password: `wrong-${i}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CODE_FAILURES_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * CODE_FAILURES_PER_WINDOW);
    expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(0);
  });

  it('refuses a blank name on its field, and more tokens than an account may hold', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const blank = await call(session, 'POST', '/account/api_tokens', {
      name: '   ',
      scope: 'read',
      expires_in_days: 30,
      password: DEMO_PASSWORD,
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Vui lòng nhập tên token.' });

    for (let i = 0; i < MAX_API_TOKENS; i += 1) {
      await createToken(session, { name: `t${i}`, scope: 'read', expires_in_days: 30 });
    }
    const tooMany = await call(session, 'POST', '/account/api_tokens', {
      name: 'one more',
      scope: 'read',
      expires_in_days: 30,
      password: DEMO_PASSWORD,
    });

    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toContain(String(MAX_API_TOKENS));
    expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(MAX_API_TOKENS);
  });

  it('refuses a name the account already holds, in any case, on its field; a revoked name is free', async () => {
    await start();
    const session = await signInFrom(DEMO, CHROME_ON_WINDOWS);
    const made = await createToken(session, {
      name: 'Sao lưu',
      scope: 'read',
      expires_in_days: 30,
    });
    const again = await call(session, 'POST', '/account/api_tokens', {
      name: ' sao LƯU ',
      scope: 'read_write',
      expires_in_days: 90,
      password: DEMO_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toEqual({
      name: 'Bạn đã có token mang tên này. Hãy đặt tên khác.',
    });
    expect((await call(session, 'GET', '/account/api_tokens')).json().total).toBe(1);

    const other = await signInFrom(OTHER, CHROME_ON_WINDOWS);
    await createToken(other, { name: 'Sao lưu', scope: 'read', expires_in_days: 30 });

    const revoked = await call(session, 'DELETE', `/account/api_tokens/${made.api_token.id}`);
    expect(revoked.statusCode).toBeLessThan(300);
    await createToken(session, { name: 'Sao lưu', scope: 'read', expires_in_days: 30 });
  });
});

describe('which operations an API token may never reach', () => {
  // Reading the account's balance (GET /auth/user), the trial's packages and paying the trial's
  // bill are a script's business; everything else of the account itself needs a session.
  const TOKEN_ALLOWED_OUTSIDE_THE_ACCOUNT = new Set([
    'getCurrentUser',
    'getTrialPackages',
    'upgradeTrial',
  ]);

  it('marks every signed-in operation of the account and auth tags x-session-only', () => {
    const unmarked = loadContract()
      .operations.filter(
        (op) =>
          (op.tags.includes('account') || op.tags.includes('auth')) &&
          op.security.some((requirement) => 'tokenAuth' in requirement) &&
          !TOKEN_ALLOWED_OUTSIDE_THE_ACCOUNT.has(op.operationId),
      )
      .filter((op) => !op.sessionOnly)
      .map((op) => op.operationId);
    expect(unmarked).toEqual([]);
  });
});
