import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OTP_RESEND_SECONDS, SANDBOX_RECAPTCHA_TOKEN } from '../../src/domain/constants';
import { LOGIN_WINDOW_MS, MAIL_WINDOW_MS, type RateLimitSettings } from './rateLimits';
import { DEMO_PASSWORD } from '../sandbox/seed';
import { basicAuth, NEW_CUSTOMER, withToken } from '../testing';

// Counts the password checks, so a test can prove a refused sign-in was never hashed.
const hashing = vi.hoisted(() => ({ checks: 0 }));
vi.mock('./secrets', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./secrets')>();
  return {
    ...actual,
    verifyPassword: (...args: Parameters<typeof actual.verifyPassword>) => {
      hashing.checks++;
      return actual.verifyPassword(...args);
    },
    verifyAgainstDecoy: (password: string) => {
      hashing.checks++;
      return actual.verifyAgainstDecoy(password);
    },
  };
});
const passwordChecks = () => hashing.checks;
// The test setup has loaded the sandbox already, unmocked: load a fresh copy that uses the mock.
let sandbox: typeof import('../testing');
beforeAll(async () => {
  vi.resetModules();
  sandbox = await import('../testing');
});

const DEMO = 'demo@example.vn';
const ATTACKER = '203.0.113.7';
const CUSTOMER = '198.51.100.20';
const TOO_FAST = /^Bạn thao tác quá nhanh, vui lòng thử lại sau \d+ phút\.$/;

let app: FastifyInstance;
let clock: { advance: (ms: number) => void };

async function start(rateLimits: Partial<RateLimitSettings>) {
  ({ app, clock } = await sandbox.testApp({ rateLimits }));
}

afterEach(async () => {
  vi.useRealTimers();
  hashing.checks = 0;
  await app?.close();
});

const signInFrom = (
  remoteAddress: string,
  password: string,
  email = DEMO,
  headers: Record<string, string> = {},
) =>
  app.inject({
    url: '/api/v1/auth/token',
    remoteAddress,
    headers: { authorization: basicAuth(email, password), ...headers },
  });

async function failSignIns(count: number, remoteAddress = ATTACKER, email = DEMO) {
  for (let i = 0; i < count; i++) {
    const response = await signInFrom(remoteAddress, 'wrong-password', email);
    expect(response.statusCode).toBe(401);
  }
}

describe('wrong passwords', () => {
  it('answers 429 with Retry-After and a Vietnamese message once the limit is used up', async () => {
    await start({ loginFailuresPerEmail: 3 });
    await failSignIns(3);

    const refused = await signInFrom(ATTACKER, DEMO_PASSWORD);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Bạn thao tác quá nhanh, vui lòng thử lại sau 15 phút.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
  });

  it('answers in English when asked', async () => {
    await start({ loginFailuresPerEmail: 1 });
    await failSignIns(1);

    const refused = await signInFrom(ATTACKER, 'wrong-password', DEMO, {
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You are going too fast, please try again in 15 min.');
  });

  it('refuses a limited sign-in before hashing its password', async () => {
    await start({ loginFailuresPerEmail: 3 });
    await failSignIns(3);
    const checksBefore = passwordChecks();

    for (let i = 0; i < 5; i++) {
      expect((await signInFrom(ATTACKER, 'wrong-password')).statusCode).toBe(429);
    }
    expect(passwordChecks()).toBe(checksBefore);
  });

  it('limits a session guessing its old password at change-password, before hashing', async () => {
    await start({ loginFailuresPerEmail: 3 });
    const token = (await signInFrom(CUSTOMER, DEMO_PASSWORD).then((r) => r.json())).token;
    const guess = () =>
      app.inject({
        method: 'POST',
        url: '/api/v1/account/change_password',
        headers: withToken(token),
        payload: {
          old_password: 'guess-1',
          new_password: 'Newpass123',
          verify_password: 'Newpass123',
        },
      });
    for (let i = 0; i < 3; i++) {
      const wrong = await guess();
      expect(wrong.statusCode).toBe(400);
      expect(Object.keys(wrong.json().errors)).toEqual(['old_password']);
    }
    const checksBefore = passwordChecks();

    const limited = await guess();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(TOO_FAST);
    expect(passwordChecks()).toBe(checksBefore);
  });

  it('hashes no more passwords than the limit when wrong ones arrive all at once', async () => {
    await start({ loginFailuresPerEmail: 3 });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => signInFrom(ATTACKER, 'wrong-password')),
    );

    expect(passwordChecks()).toBe(3);
    expect(answers.filter((answer) => answer.statusCode === 401)).toHaveLength(3);
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(17);
  });

  it('lets the customer sign in from another address while one address is limited', async () => {
    await start({ loginFailuresPerEmail: 3 });
    await failSignIns(3);

    expect((await signInFrom(ATTACKER, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom(CUSTOMER, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('does not count correct passwords', async () => {
    await start({ loginFailuresPerEmail: 2 });

    for (let i = 0; i < 5; i++) {
      expect((await signInFrom(CUSTOMER, DEMO_PASSWORD)).statusCode).toBe(200);
    }
    await failSignIns(1, CUSTOMER);
    expect((await signInFrom(CUSTOMER, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('limits one address trying many e-mails', async () => {
    await start({ loginFailuresPerEmail: 10, loginFailuresPerAddress: 4 });
    for (const email of ['a@example.vn', 'b@example.vn', 'c@example.vn', 'd@example.vn']) {
      await failSignIns(1, ATTACKER, email);
    }

    expect((await signInFrom(ATTACKER, DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await signInFrom(CUSTOMER, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets the address try again once the window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await start({ loginFailuresPerEmail: 2 });
    await failSignIns(2);
    expect((await signInFrom(ATTACKER, DEMO_PASSWORD)).statusCode).toBe(429);

    vi.setSystemTime(Date.now() + LOGIN_WINDOW_MS - 1000);
    expect((await signInFrom(ATTACKER, DEMO_PASSWORD)).statusCode).toBe(429);
    vi.setSystemTime(Date.now() + 1000);
    expect((await signInFrom(ATTACKER, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('mails one can ask for', () => {
  const requestReset = (email: string, remoteAddress = CUSTOMER) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email },
      remoteAddress,
    });

  it('limits password-reset requests per e-mail, whatever the address or case', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await start({ mailsPerHour: 2 });
    expect((await requestReset(DEMO, ATTACKER)).statusCode).toBe(200);
    expect((await requestReset('Demo@Example.vn', CUSTOMER)).statusCode).toBe(200);

    const refused = await requestReset(DEMO, '192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_FAST);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await requestReset('agency@example.vn')).statusCode).toBe(200);

    vi.setSystemTime(Date.now() + MAIL_WINDOW_MS);
    expect((await requestReset(DEMO)).statusCode).toBe(200);
  });

  // The unconfirmed account asks for what confirms it; SMS codes are for a confirmed one (an
  // unconfirmed account is held before any limit counts, auth/emailHold.ts).
  it.each([
    ['e-mail codes', 'GET', '/auth/otp_email', undefined, 'unverified@example.vn'],
    [
      'SMS codes',
      'POST',
      '/auth/otp_sms',
      { recaptchaToken: SANDBOX_RECAPTCHA_TOKEN },
      'whitelist@example.vn',
    ],
    [
      'confirmation resends',
      'POST',
      '/auth/users/resend_email_comfirmation',
      {},
      'unverified@example.vn',
    ],
  ] as const)('limits %s per account', async (_name, method, url, payload, asker) => {
    await start({ mailsPerHour: 2 });
    const account = await sandbox.signIn(app, asker);
    const demo = await sandbox.signIn(app, DEMO);
    const ask = (token: string) =>
      app.inject({ method, url: `/api/v1${url}`, payload, headers: withToken(token) });

    expect((await ask(account)).statusCode).toBe(200);
    // Past the 60-second gap between two codes (server/auth/otpCodes.ts), so the limit is what
    // refuses the third.
    clock.advance(OTP_RESEND_SECONDS * 1000);
    expect((await ask(account)).statusCode).toBe(200);
    clock.advance(OTP_RESEND_SECONDS * 1000);
    const refused = await ask(account);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_FAST);
    // Another account has its own budget (the demo account's e-mail is already confirmed).
    expect((await ask(demo)).statusCode).not.toBe(429);
  });
});

describe('mailed-link tokens and registrations', () => {
  const GUESSED = 'guessed-token-that-matches-nothing';
  it.each([
    ['/auth/users/confirm_email', { token: GUESSED }],
    ['/auth/users/reset_password', { token: GUESSED, new_password: 'mat-khau-moi' }],
  ])('limits tokens tried at %s per address', async (url, payload) => {
    await start({ linkAttemptsPer15Min: 3 });
    const tryToken = (remoteAddress: string) =>
      app.inject({ method: 'POST', url: `/api/v1${url}`, payload, remoteAddress });
    for (let i = 0; i < 3; i++) expect((await tryToken(ATTACKER)).statusCode).toBe(400);

    const refused = await tryToken(ATTACKER);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_FAST);
    expect((await tryToken(CUSTOMER)).statusCode).toBe(400);
  });

  it('limits registrations per address', async () => {
    await start({ registrationsPerHour: 1 });
    const registerFrom = (remoteAddress: string, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/users',
        payload: { ...NEW_CUSTOMER, email },
        remoteAddress,
      });
    expect((await registerFrom(ATTACKER, 'first@example.vn')).statusCode).toBe(201);

    const refused = await registerFrom(ATTACKER, 'second@example.vn');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(TOO_FAST);
    expect((await registerFrom(CUSTOMER, 'third@example.vn')).statusCode).toBe(201);
  });
});
