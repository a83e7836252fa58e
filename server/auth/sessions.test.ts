import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SandboxOptions } from '../app';
import { DEMO_PASSWORD } from '../sandbox/seed';
import { SESSIONS_PER_ACCOUNT } from './sessions';
import { basicAuth, scratchDir, signIn, testApp, testClock, withToken } from '../testing';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEMO = 'demo@example.vn';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let cleanups: (() => void)[] = [];

async function start(options: Partial<SandboxOptions> = {}) {
  ({ app, clock } = await testApp(options));
}

afterEach(async () => {
  await app?.close();
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

const getUser = (token: string) =>
  app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
const signOut = (token: string) =>
  app.inject({ method: 'DELETE', url: '/api/v1/auth/token', headers: withToken(token) });

describe('session expiry', () => {
  it('ends a session left unused for 30 days, answering 401 like an unknown token', async () => {
    await start();
    const token = await signIn(app, DEMO);
    const unknown = await getUser('no-such-token');

    clock.advance(30 * DAY_MS);
    const expired = await getUser(token);

    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(unknown.json());
  });

  it('keeps a session alive while it is used', async () => {
    await start();
    const token = await signIn(app, DEMO);

    for (let day = 0; day < 80; day += 20) {
      clock.advance(20 * DAY_MS);
      expect((await getUser(token)).statusCode).toBe(200);
    }
  });

  it('ends even a session in daily use at the absolute cap of 90 days', async () => {
    await start();
    const token = await signIn(app, DEMO);

    for (let day = 1; day < 90; day++) {
      clock.advance(DAY_MS);
      expect((await getUser(token)).statusCode).toBe(200);
    }
    clock.advance(DAY_MS);
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('follows a configured policy', async () => {
    await start({ sessions: { idleDays: 1, maxDays: 2 } });
    const token = await signIn(app, DEMO);

    clock.advance(DAY_MS - 60_000);
    expect((await getUser(token)).statusCode).toBe(200);
    clock.advance(DAY_MS - 60_000);
    expect((await getUser(token)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    expect((await getUser(token)).statusCode).toBe(401);
  });

  it('deletes the rows of expired sessions, at use and when the sandbox starts', async () => {
    const { dir, cleanup } = scratchDir();
    cleanups.push(cleanup);
    const dbFile = join(dir, 'sandbox.db');
    const sessionRows = () => {
      const db = new Database(dbFile, { readonly: true });
      const { count } = db.prepare('SELECT count(*) AS count FROM sessions').get() as {
        count: number;
      };
      db.close();
      return count;
    };
    await start({ dbFile });
    const usedLater = await signIn(app, DEMO);
    await signIn(app, DEMO);
    expect(sessionRows()).toBe(2);

    clock.advance(31 * DAY_MS);
    expect((await getUser(usedLater)).statusCode).toBe(401);
    expect(sessionRows()).toBe(1);

    await app.close();
    await start({ dbFile, now: clock.now });
    expect(sessionRows()).toBe(0);
  });
});

describe('sessions of one account', () => {
  it(`keeps the ${SESSIONS_PER_ACCOUNT} most recently used: a sign-in past them ends the oldest`, async () => {
    await start();
    const tokens: string[] = [];
    for (let count = 0; count <= SESSIONS_PER_ACCOUNT; count += 1) {
      tokens.push(await signIn(app, DEMO));
      clock.advance(1000);
    }
    expect((await getUser(tokens[0] as string)).statusCode).toBe(401);
    expect((await getUser(tokens[1] as string)).statusCode).toBe(200);
    expect((await getUser(tokens[SESSIONS_PER_ACCOUNT] as string)).statusCode).toBe(200);
  });
});

describe('sign-out (DELETE /auth/token)', () => {
  it('revokes the token it is called with, and only that one', async () => {
    await start();
    const token = await signIn(app, DEMO);
    const otherDevice = await signIn(app, DEMO);

    const response = await signOut(token);

    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await getUser(token)).statusCode).toBe(401);
    expect((await getUser(otherDevice)).statusCode).toBe(200);
    expect((await signOut(token)).statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    await start();
    const response = await app.inject({ method: 'DELETE', url: '/api/v1/auth/token' });
    expect(response.statusCode).toBe(401);
  });
});

describe('caching', () => {
  it('forbids caching API answers, successes and failures alike', async () => {
    await start();
    const token = await signIn(app, DEMO);
    const answers = [
      await app.inject({
        url: '/api/v1/auth/token',
        headers: { authorization: basicAuth(DEMO, DEMO_PASSWORD) },
      }),
      await getUser(token),
      await getUser('no-such-token'),
      await app.inject({ url: '/api/v1/no/such/route' }),
    ];

    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('forbids caching the outbox, which holds reset links', async () => {
    await start();
    for (const url of ['/sandbox', `/sandbox/outbox?to=${DEMO}`]) {
      expect((await app.inject({ url })).headers['cache-control']).toBe('no-store');
    }
  });
});
