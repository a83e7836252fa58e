import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import {
  basicAuth,
  codeInMail,
  latestMailTo,
  mailsTo,
  NEW_CUSTOMER,
  register,
  signIn,
  testApp,
  tokenInMail,
  withToken,
} from '../testing';
import {
  CODE_FAILURES_PER_WINDOW,
  OPEN_TICKETS_KEPT,
  SECOND_STEP_MAX_TRIES,
  SECOND_STEP_TTL_MS,
  TOTP_WINDOW,
} from './twoFactor';

let app: FastifyInstance;
let clock: Awaited<ReturnType<typeof testApp>>['clock'];
afterEach(async () => {
  await app?.close();
});

const { email, password } = NEW_CUSTOMER;
const STEP_MS = 30_000;

/** A new customer whose e-mail is verified by a mailed code (its confirmation link unused). */
async function start(): Promise<string> {
  ({ app, clock } = await testApp());
  expect((await register(app)).statusCode).toBe(201);
  const token = await signIn(app, email, password);
  expect((await call('GET', '/auth/otp_email', token)).statusCode).toBe(200);
  const otp = codeInMail(await latestMailTo(app, email));
  expect((await call('POST', '/auth/otp_email', token, { otp })).statusCode).toBe(200);
  return token;
}

const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    ...(payload !== undefined && { payload }),
    headers: { ...(token && withToken(token)), 'accept-language': 'vi' },
  });

/** The authenticator app's code for `secret` at the sandbox's current time. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: clock.now().getTime() + steps * STEP_MS,
  });

/** Turns two-step sign-in on; answers the secret and the recovery codes. */
async function enrol(token: string) {
  const setup = await call('POST', '/account/two_factor/setup', token, {});
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirm = await call('POST', '/account/two_factor/confirm', token, {
    password,
    code: codeOf(secret),
  });
  expect(confirm.statusCode).toBe(200);
  const { recovery_codes } = confirm.json() as { recovery_codes: string[] };
  return { secret, recoveryCodes: recovery_codes };
}

async function passwordStep(pass = password) {
  const response = await app.inject({
    url: '/api/v1/auth/token',
    headers: { authorization: basicAuth(email, pass) },
  });
  return response;
}

async function ticket(): Promise<string> {
  const response = await passwordStep();
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).not.toHaveProperty('token');
  expect(body).toMatchObject({ two_factor_required: true, expires_in: 300 });
  return body.ticket as string;
}

const secondStep = (ticketValue: string, code: string) =>
  call('POST', '/auth/token/two_factor', undefined, { ticket: ticketValue, code });

const kinds = async (token: string) =>
  ((await call('GET', '/account/activity', token)).json().items as { kind: string }[]).map(
    (event) => event.kind,
  );

describe('turning two-step sign-in on', () => {
  it('answers a pending secret and its otpauth URI, never mailed, then a code turns it on', async () => {
    const token = await start();
    expect((await call('GET', '/account/two_factor', token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });

    const setup = await call('POST', '/account/two_factor/setup', token, {});
    const { secret, otpauth_uri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(otpauth_uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe(`/IDC Cloud:${email}`);
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret,
      issuer: 'IDC Cloud',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
    // Pending: signing in still needs only the password, and nothing secret reached the outbox.
    expect((await passwordStep()).json()).toHaveProperty('token');
    expect(JSON.stringify(await mailsTo(app, email))).not.toContain(secret);
    expect((await app.inject({ url: '/sandbox' })).body).not.toContain(secret);

    const wrong = await call('POST', '/account/two_factor/confirm', token, {
      password,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ code: 'Mã xác thực không đúng hoặc đã được sử dụng.' });

    const confirm = await call('POST', '/account/two_factor/confirm', token, {
      password,
      code: codeOf(secret),
    });
    expect(confirm.statusCode).toBe(200);
    const codes = confirm.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    expect((await call('GET', '/account/two_factor', token)).json()).toEqual({
      enabled: true,
      enabled_at: clock.now().toISOString(),
      recovery_codes_left: 10,
    });
    expect(await kinds(token)).toContain('two_factor_enabled');
    // The owner is told, in a mail that holds nothing secret.
    const told = await latestMailTo(app, email);
    expect(told.subject).toBe('Xác thực hai bước đã được bật');
    expect(told.text).toContain(`Xác thực hai bước vừa được bật cho tài khoản ${email}`);
    expect(JSON.stringify(told)).not.toContain(secret);
    for (const code of codes) expect(told.text).not.toContain(code);
    // On is on: a new setup would replace the secret, so it is refused.
    const again = await call('POST', '/account/two_factor/setup', token, {});
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Xác thực hai bước đang bật. Hãy tắt trước khi thiết lập lại.',
    );
  });

  it('needs a verified e-mail, and leaves no confirmation link that signs in alone', async () => {
    ({ app, clock } = await testApp());
    expect((await register(app)).statusCode).toBe(201);
    const unverified = await signIn(app, email, password);
    const refused = await call('POST', '/account/two_factor/setup', unverified, {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Không thể thực hiện thao tác do: email chưa được xác thực.',
    );
    await app.close();

    const token = await start();
    const link = tokenInMail((await mailsTo(app, email)).at(-1)!);
    await enrol(token);
    const confirm = await call('POST', '/auth/users/confirm_email', undefined, { token: link });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json()).not.toHaveProperty('token');
  });

  it('needs the password too: a session alone cannot turn it on, and wrong passwords are limited', async () => {
    const token = await start();
    const setup = await call('POST', '/account/two_factor/setup', token, {});
    const { secret } = setup.json() as { secret: string };
    const confirm = (body: object) => call('POST', '/account/two_factor/confirm', token, body);

    const noPassword = await confirm({ code: codeOf(secret) });
    expect(noPassword.statusCode).toBe(400);
    const wrongPassword = await confirm({ password: 'not-my-password', code: codeOf(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: 'Mật khẩu không đúng.' });
    expect((await call('GET', '/account/two_factor', token)).json().enabled).toBe(false);
    expect((await mailsTo(app, email)).map((mail) => mail.subject)).not.toContain(
      'Xác thực hai bước đã được bật',
    );

    for (let tries = 1; tries < CODE_FAILURES_PER_WINDOW; tries += 1) {
      expect((await confirm({ password: `wrong-${tries}`, code: codeOf(secret) })).statusCode).toBe(
        400,
      );
    }
    // The budget is spent: even the right password waits, so guessing it here is no faster.
    const limited = await confirm({ password, code: codeOf(secret) });
    expect(limited.statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect((await confirm({ password, code: codeOf(secret) })).statusCode).toBe(200);
  });

  it('refuses a confirmation without a pending setup, and every operation without a session', async () => {
    const token = await start();
    const response = await call('POST', '/account/two_factor/confirm', token, {
      password,
      code: '123456',
    });
    expect(response.statusCode).toBe(400);
    for (const [method, url] of [
      ['GET', '/account/two_factor'],
      ['POST', '/account/two_factor/setup'],
      ['POST', '/account/two_factor/confirm'],
      ['POST', '/account/two_factor/disable'],
    ] as const) {
      expect((await call(method, url, undefined, {})).statusCode).toBe(401);
    }
  });
});

describe('signing in with two-step sign-in on', () => {
  it('gives a ticket for the password and a session for the ticket and a code, once', async () => {
    const { secret } = await enrol(await start());
    // The code that confirmed the setup is used up: the app's next one signs in.
    clock.advance(STEP_MS);
    const first = await ticket();

    const wrong = await secondStep(first, '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toHaveProperty('code');

    const code = codeOf(secret);
    const done = await secondStep(first, code);
    expect(done.statusCode).toBe(200);
    const session = done.json().token as string;
    expect((await call('GET', '/auth/user', session)).json().email).toBe(email);
    expect(await kinds(session)).toEqual(
      expect.arrayContaining(['sign_in', 'sign_in_failed', 'two_factor_enabled']),
    );

    // The ticket is used up, and the code cannot be replayed with a new ticket.
    const reused = await secondStep(first, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(
      'Phiên đăng nhập đã hết hạn. Vui lòng nhập lại email và mật khẩu.',
    );
    const replay = await secondStep(await ticket(), code);
    expect(replay.statusCode).toBe(400);
    // The next step's code is fine.
    clock.advance(STEP_MS);
    expect((await secondStep(await ticket(), codeOf(secret))).statusCode).toBe(200);
  });

  it('ends the tickets of a sign-in begun with the old password when the password changes or is reset', async () => {
    const token = await start();
    const { secret } = await enrol(token);
    clock.advance(STEP_MS);
    // Someone with the old password is halfway in when the owner changes it.
    const begunBeforeTheChange = await ticket();
    const changed = await call('POST', '/account/change_password', token, {
      old_password: password,
      new_password: 'mat-khau-moi-2',
      verify_password: 'mat-khau-moi-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await secondStep(begunBeforeTheChange, codeOf(secret))).statusCode).toBe(401);

    // The same after a reset by mailed link.
    const begunBeforeTheReset = await passwordStep('mat-khau-moi-2');
    expect(begunBeforeTheReset.statusCode).toBe(200);
    await call('POST', '/auth/users/request_reset_password', undefined, { email });
    const reset = await call('POST', '/auth/users/reset_password', undefined, {
      token: tokenInMail(await latestMailTo(app, email)),
      new_password: 'mat-khau-moi-3',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    clock.advance(STEP_MS);
    const late = await secondStep(begunBeforeTheReset.json().ticket, codeOf(secret));
    expect(late.statusCode).toBe(401);
  });

  it(`keeps only the latest ${OPEN_TICKETS_KEPT} tickets of an account open`, async () => {
    const { secret } = await enrol(await start());
    clock.advance(STEP_MS);
    const oldest = await ticket();
    const later = [];
    for (let count = 0; count < OPEN_TICKETS_KEPT; count++) later.push(await ticket());
    expect((await secondStep(oldest, codeOf(secret))).statusCode).toBe(401);
    expect((await secondStep(later[0]!, codeOf(secret))).statusCode).toBe(200);
  });

  it('still refuses a wrong password before any ticket', async () => {
    await enrol(await start());
    const response = await passwordStep('wrong-password-1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).not.toHaveProperty('ticket');
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const token = await start();
    const { recoveryCodes } = await enrol(token);
    const code = recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(await ticket(), typed)).statusCode).toBe(200);
    expect((await secondStep(await ticket(), code)).statusCode).toBe(400);
    expect((await call('GET', '/account/two_factor', token)).json().recovery_codes_left).toBe(9);
    expect((await secondStep(await ticket(), recoveryCodes[4]!)).statusCode).toBe(200);
  });

  it(`forgets a ticket after ${SECOND_STEP_MAX_TRIES} wrong codes, and after 5 minutes`, async () => {
    const { secret } = await enrol(await start());
    const burnt = await ticket();
    for (let attempt = 0; attempt < SECOND_STEP_MAX_TRIES; attempt++) {
      expect((await secondStep(burnt, '000000')).statusCode).toBe(400);
    }
    expect((await secondStep(burnt, codeOf(secret))).statusCode).toBe(401);

    const late = await ticket();
    clock.advance(SECOND_STEP_TTL_MS);
    expect((await secondStep(late, codeOf(secret))).statusCode).toBe(401);
  });

  it(`limits guessing: after ${CODE_FAILURES_PER_WINDOW} wrong codes in 15 minutes, 429`, async () => {
    const { secret } = await enrol(await start());
    let failures = 0;
    while (failures < CODE_FAILURES_PER_WINDOW) {
      const current = await ticket();
      for (let attempt = 0; attempt < 2 && failures < CODE_FAILURES_PER_WINDOW; attempt++) {
        expect((await secondStep(current, '000000')).statusCode).toBe(400);
        failures++;
      }
    }
    // Even the right code is refused now, before it is looked at.
    const limited = await secondStep(await ticket(), codeOf(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Bạn thao tác quá nhanh, vui lòng thử lại sau 15 phút.');
    clock.advance(15 * 60 * 1000);
    expect((await secondStep(await ticket(), codeOf(secret))).statusCode).toBe(200);
  });
});

describe('turning two-step sign-in off', () => {
  it('needs the password and a code; then the password alone signs in again', async () => {
    const token = await start();
    const { secret } = await enrol(token);
    clock.advance(STEP_MS);
    const disable = (body: object) => call('POST', '/account/two_factor/disable', token, body);

    const noPassword = await disable({ password: 'not-my-password', code: codeOf(secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().errors).toEqual({ password: 'Mật khẩu không đúng.' });
    const noCode = await disable({ password, code: '000000' });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().errors).toHaveProperty('code');
    expect((await call('GET', '/account/two_factor', token)).json().enabled).toBe(true);

    const done = await disable({ password, code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Đã tắt xác thực hai bước.');
    expect((await call('GET', '/account/two_factor', token)).json()).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect(await kinds(token)).toContain('two_factor_disabled');
    const told = await latestMailTo(app, email);
    expect(told.subject).toBe('Xác thực hai bước đã được tắt');
    expect(told.text).toContain('hãy đổi mật khẩu ngay');
    expect((await passwordStep()).json()).toHaveProperty('token');
    expect((await disable({ password, code: codeOf(secret) })).statusCode).toBe(400);
  });

  it('takes a recovery code instead of the app, and its wrong tries are limited', async () => {
    const token = await start();
    const { recoveryCodes } = await enrol(token);
    const disable = (body: object) => call('POST', '/account/two_factor/disable', token, body);
    for (let attempt = 0; attempt < CODE_FAILURES_PER_WINDOW; attempt++) {
      expect((await disable({ password: 'wrong-password-9', code: '000000' })).statusCode).toBe(
        400,
      );
    }
    expect((await disable({ password, code: recoveryCodes[0]! })).statusCode).toBe(429);
    clock.advance(15 * 60 * 1000);
    expect((await disable({ password, code: recoveryCodes[0]! })).statusCode).toBe(200);
  });

  it('tries no more codes than the budget when they are sent all at once with the password', async () => {
    const token = await start();
    const { secret } = await enrol(token);
    // Codes the app shows now or a step either side are accepted: none of them is sent.
    const near = Array.from({ length: 2 * TOTP_WINDOW + 1 }, (_, i) =>
      codeOf(secret, i - TOTP_WINDOW),
    );
    const wrongCodes = Array.from({ length: 4 * CODE_FAILURES_PER_WINDOW }, (_, i) =>
      String(100000 + i),
    )
      .filter((code) => !near.includes(code))
      .slice(0, 3 * CODE_FAILURES_PER_WINDOW);
    // The password is right, so only the codes are wrong: each request passes the password's
    // slow check before its code is judged.
    const answers = await Promise.all(
      wrongCodes.map((code) =>
        call('POST', '/account/two_factor/disable', token, { password, code }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(CODE_FAILURES_PER_WINDOW);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * CODE_FAILURES_PER_WINDOW);
    expect((await call('GET', '/account/two_factor', token)).json().enabled).toBe(true);
  });
});

describe('new recovery codes', () => {
  const renew = (token: string, body: object) =>
    call('POST', '/account/two_factor/recovery_codes', token, body);

  it('need the password and a code; then ten new codes work and the old ones do not', async () => {
    const token = await start();
    const { secret, recoveryCodes: old } = await enrol(token);
    clock.advance(STEP_MS);

    const wrongPassword = await renew(token, { password: 'not-my-password', code: codeOf(secret) });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().errors).toEqual({ password: 'Mật khẩu không đúng.' });
    const wrongCode = await renew(token, { password, code: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().errors).toHaveProperty('code');
    expect((await call('GET', '/account/two_factor', token)).json().recovery_codes_left).toBe(10);

    // A recovery code proves it too (and is used up), for a customer without the phone.
    const made = await renew(token, { password, code: old[0]! });
    expect(made.statusCode).toBe(200);
    const { recovery_codes: fresh } = made.json() as { recovery_codes: string[] };
    expect(fresh).toHaveLength(10);
    expect(new Set([...fresh, ...old]).size).toBe(20);
    expect((await call('GET', '/account/two_factor', token)).json().recovery_codes_left).toBe(10);
    expect(await kinds(token)).toContain('two_factor_codes_renewed');
    const told = await latestMailTo(app, email);
    expect(told.subject).toBe('Đã tạo mã khôi phục mới');
    for (const code of fresh) expect(told.text).not.toContain(code);

    expect((await secondStep(await ticket(), old[1]!)).statusCode).toBe(400);
    const signedIn = await secondStep(await ticket(), fresh[0]!);
    expect(signedIn.statusCode).toBe(200);
    expect((await call('GET', '/account/two_factor', token)).json().recovery_codes_left).toBe(9);
  });

  it('are refused while two-step sign-in is off, and wrong tries share the budget of turning it off', async () => {
    const token = await start();
    const off = await renew(token, { password, code: '123456' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Xác thực hai bước đang tắt.');

    const { recoveryCodes } = await enrol(token);
    const disable = (body: object) => call('POST', '/account/two_factor/disable', token, body);
    for (let attempt = 0; attempt < CODE_FAILURES_PER_WINDOW; attempt++) {
      const refused =
        attempt % 2 === 0
          ? await renew(token, { password: 'wrong-password-9', code: '000000' })
          : await disable({ password: 'wrong-password-9', code: '000000' });
      expect(refused.statusCode).toBe(400);
    }
    expect((await renew(token, { password, code: recoveryCodes[0]! })).statusCode).toBe(429);
  });
});
