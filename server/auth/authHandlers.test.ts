import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  EMAIL_CONFIRMATION_TTL_MS,
  PASSWORD_RESET_TTL_MS,
  SANDBOX_RECAPTCHA_TOKEN,
} from '../../src/domain/constants';
import { OTP_MAX_FAILED_ATTEMPTS, OTP_TTL_MS } from './otpCodes';
import { DEMO_PASSWORD } from '../sandbox/seed';
import {
  basicAuth,
  codeInMail,
  latestMailTo,
  mailsTo,
  NEW_CUSTOMER,
  register,
  signIn,
  START,
  testApp,
  testClock,
  tokenInMail,
  withToken,
} from '../testing';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_LINK = 'Liên kết không hợp lệ hoặc đã hết hạn.';
const WRONG_CODE = 'Mã xác thực không chính xác!';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let cleanups: (() => void)[] = [];

async function start(options: Parameters<typeof testApp>[0] = {}) {
  ({ app, clock } = await testApp(options));
}

afterEach(async () => {
  await app?.close();
  cleanups.forEach((cleanup) => cleanup());
  cleanups = [];
});

const getUser = (token: string) =>
  app.inject({ url: '/api/v1/auth/user', headers: withToken(token) });
const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/v1${url}`, payload, headers });

describe('registerUser', () => {
  it('creates an unconfirmed account and mails a confirmation link to the portal', async () => {
    await start();
    const response = await register(app);

    expect(response.statusCode).toBe(201);
    expect(response.json().message).toMatch(/Đăng ký thành công/);
    const mail = await latestMailTo(app, NEW_CUSTOMER.email);
    expect(mail.links).toEqual([`http://localhost:8080/idc/confirm?token=${tokenInMail(mail)}`]);
    // Greeted by the address: the name is anyone's words until the address is confirmed.
    expect(mail.text).toMatch(new RegExp(`^Xin chào ${NEW_CUSTOMER.email},\n`));
    expect(mail.text).not.toContain(NEW_CUSTOMER.fullname);
    // Whoever registered chose the password: the owner of the address is told not to confirm it.
    expect(mail.text).toContain(
      'Nếu bạn không đăng ký, đừng mở liên kết: người khác đã dùng địa chỉ của bạn và biết mật khẩu của tài khoản này.',
    );
    const token = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    expect((await getUser(token)).json()).toMatchObject({
      email: NEW_CUSTOMER.email,
      fullname: NEW_CUSTOMER.fullname,
      phone: NEW_CUSTOMER.phone,
      email_verified: false,
      balance: 0,
    });
  });

  it('refuses a phone no country has and a shown number that is not the phone, creating nothing', async () => {
    await start();
    const lure = await register(app, { formatted_phone: 'Gọi 1900 1234 để xác minh' });
    expect(lure.statusCode).toBe(400);
    expect(lure.json().errors).toEqual({
      formatted_phone: 'Số điện thoại hiển thị không khớp với số điện thoại đã nhập.',
    });
    // Named in one answer with the other fields' problems, not one round later.
    const another = await register(app, {
      formatted_phone: '098 765 43 22',
      verify_password: 'mat-khau-khac',
    });
    expect(Object.keys(another.json().errors).sort()).toEqual([
      'formatted_phone',
      'verify_password',
    ]);
    const tooShort = await register(app, { phone: '+8412345', formatted_phone: '12345' });
    expect(tooShort.json().errors).toEqual({ phone: 'Số điện thoại không hợp lệ.' });

    // Nothing was kept: the address is still free, and the same number written another way is it.
    expect((await register(app, { formatted_phone: '+84 98 765 4321' })).statusCode).toBe(201);
  });

  it("carries no word of a name given with someone else's address, a link included", async () => {
    await start();
    const lure = 'anh, tài khoản bị khoá - mở http://evil.example/idc/confirm để mở khoá';
    expect((await register(app, { fullname: lure })).statusCode).toBe(201);

    const mail = await latestMailTo(app, NEW_CUSTOMER.email);
    expect(mail.text).not.toContain('evil.example');
    expect(mail.links).toEqual([expect.stringMatching(/^http:\/\/localhost:8080\/idc\/confirm\?/)]);
  });

  it('puts the configured public URL in mailed links', async () => {
    await start({ publicUrl: 'https://portal.example.vn/' });
    await register(app);
    const [link] = (await latestMailTo(app, NEW_CUSTOMER.email)).links;
    expect(link).toMatch(/^https:\/\/portal\.example\.vn\/idc\/confirm\?token=/);
  });

  it('refuses a repeated password that differs, naming the field in Vietnamese', async () => {
    await start();
    const response = await register(app, { verify_password: 'something-else' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Nhập lại mật khẩu không khớp mật khẩu',
      errors: { verify_password: 'Nhập lại mật khẩu không khớp mật khẩu' },
    });
    expect(await mailsTo(app, NEW_CUSTOMER.email)).toEqual([]);
  });

  it('refuses a password shorter than five characters', async () => {
    await start();
    const response = await register(app, { password: '1234', verify_password: '1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('password');
  });

  it('answers 409 for an address already registered, whatever its case', async () => {
    await start();
    const response = await register(app, { email: 'Demo@Example.VN' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      message: 'Email này đã được sử dụng.',
      errors: { email: 'Email này đã được sử dụng.' },
    });
  });
});

describe('getToken', () => {
  it('exchanges a correct e-mail and password for a session token', async () => {
    await start();
    const token = await signIn(app, 'demo@example.vn');
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect((await getUser(token)).statusCode).toBe(200);
  });

  it('gives each sign-in its own token', async () => {
    await start();
    expect(await signIn(app, 'demo@example.vn')).not.toBe(await signIn(app, 'demo@example.vn'));
  });

  it('answers a wrong password with 401 and the Vietnamese message', async () => {
    await start();
    const response = await app.inject({
      url: '/api/v1/auth/token',
      headers: { authorization: basicAuth('demo@example.vn', 'wrong-password') },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Email hoặc mật khẩu không đúng.' });
    // No WWW-Authenticate: a browser would otherwise pop up its own login dialog.
    expect(response.headers['www-authenticate']).toBeUndefined();
  });

  it('answers in English when the request asks for English', async () => {
    await start();
    const response = await app.inject({
      url: '/api/v1/auth/token',
      headers: {
        authorization: basicAuth('demo@example.vn', 'wrong-password'),
        'accept-language': 'en-US,en;q=0.9',
      },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Wrong e-mail or password.' });
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    await start();
    const response = await app.inject({
      url: '/api/v1/auth/token',
      headers: { authorization: basicAuth('nobody@example.vn', DEMO_PASSWORD) },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Email hoặc mật khẩu không đúng.' });
  });

  it('answers 401 without credentials', async () => {
    await start();
    expect((await app.inject({ url: '/api/v1/auth/token' })).statusCode).toBe(401);
  });

  it('also signs in an unconfirmed user, whom the portal then holds at /verify', async () => {
    await start();
    const token = await signIn(app, 'unverified@example.vn');
    expect((await getUser(token)).json().email_verified).toBe(false);
  });
});

describe('getCurrentUser', () => {
  it('describes the signed-in user exactly as the contract does', async () => {
    await start();
    const response = await getUser(await signIn(app, 'demo@example.vn'));
    expect(response.json()).toEqual({
      id: expect.any(Number),
      fullname: 'Nguyễn Văn Demo',
      email: 'demo@example.vn',
      phone: '+84912345601',
      email_verified: true,
      phone_verified: false,
      is_in_whitelist: false,
      is_agency: false,
      balance: 5_000_000,
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
    });
  });

  it('shows a running trial, which expires once the clock passes its end', async () => {
    await start();
    const token = await signIn(app, 'trial@example.vn');
    const upgrade = await app.inject({ url: '/api/v1/auth/trial', headers: withToken(token) });
    expect((await getUser(token)).json().trial).toEqual({
      active: true,
      start_date: new Date(START.getTime() - 2 * DAY_MS).toISOString(),
      end_date: new Date(START.getTime() + 5 * DAY_MS).toISOString(),
      expired: false,
      plan_to_upgrade: 'vps-dung-thu-01',
      amount_to_upgrade: upgrade.json().total,
    });

    clock.advance(5 * DAY_MS + 1);
    expect((await getUser(token)).json().trial).toMatchObject({ active: true, expired: true });
  });

  it('reports overdue invoices and the unpaid amount', async () => {
    await start();
    const token = await signIn(app, 'expired@example.vn');
    const invoices = await app.inject({
      url: '/api/v1/billing/invoices',
      headers: withToken(token),
    });
    const [overdue] = invoices.json().items;
    expect(overdue).toMatchObject({ status: 'open', amount: expect.any(Number) });
    expect(overdue.amount).toBeGreaterThan(0);
    const user = (await getUser(token)).json();
    expect(user).toMatchObject({ has_expired_invoices: true, unpaid_amount: overdue.amount });
    expect(user.trial).toMatchObject({ active: true, expired: true });
  });

  it.each([
    ['no Authorization header', undefined],
    ['an unknown token', 'Token not-a-real-token'],
    ['another scheme', 'Bearer whatever'],
    ['basic credentials', basicAuth('demo@example.vn', DEMO_PASSWORD)],
  ])('answers 401 with a message for %s', async (_case, authorization) => {
    await start();
    const response = await app.inject({
      url: '/api/v1/auth/user',
      headers: authorization ? { authorization } : {},
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Vui lòng đăng nhập để tiếp tục.' });
  });
});

describe('resendEmailConfirmation', () => {
  it('mails a new link and retires the previous one', async () => {
    await start();
    await register(app);
    const first = tokenInMail(await latestMailTo(app, NEW_CUSTOMER.email));
    const session = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);

    const response = await post(
      '/auth/users/resend_email_comfirmation',
      undefined,
      withToken(session),
    );

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { email: NEW_CUSTOMER.email } });
    const second = tokenInMail(await latestMailTo(app, NEW_CUSTOMER.email));
    expect(second).not.toBe(first);
    expect((await post('/auth/users/confirm_email', { token: first })).statusCode).toBe(400);
    expect((await post('/auth/users/confirm_email', { token: second })).statusCode).toBe(200);
  });

  it('accepts an empty JSON object as the body', async () => {
    await start();
    const session = await signIn(app, 'unverified@example.vn');
    const response = await post('/auth/users/resend_email_comfirmation', {}, withToken(session));
    expect(response.statusCode).toBe(200);
  });

  it('answers 400 when the address is already confirmed', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    const response = await post('/auth/users/resend_email_comfirmation', {}, withToken(session));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Email của bạn đã được xác nhận.' });
  });

  it('answers 401 without a session', async () => {
    await start();
    expect((await post('/auth/users/resend_email_comfirmation', {})).statusCode).toBe(401);
  });
});

describe('confirmEmail', () => {
  async function registerAndReadToken() {
    await register(app);
    return tokenInMail(await latestMailTo(app, NEW_CUSTOMER.email));
  }

  it('confirms the address and answers a new working session token', async () => {
    await start();
    const token = await registerAndReadToken();

    const response = await post('/auth/users/confirm_email', { token });

    expect(response.statusCode).toBe(200);
    const session = response.json().token;
    expect((await getUser(session)).json()).toMatchObject({
      email: NEW_CUSTOMER.email,
      email_verified: true,
    });
  });

  it('ends the sessions opened before the address was confirmed: whoever registered it keeps no way in', async () => {
    await start();
    const token = await registerAndReadToken();
    const beforeConfirmation = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    expect((await getUser(beforeConfirmation)).statusCode).toBe(200);

    const session = (await post('/auth/users/confirm_email', { token })).json().token;

    expect((await getUser(beforeConfirmation)).statusCode).toBe(401);
    expect((await getUser(session)).json().email_verified).toBe(true);
  });

  it('accepts a link only once; used again, it says the address is already confirmed', async () => {
    await start();
    const token = await registerAndReadToken();
    await post('/auth/users/confirm_email', { token });

    const again = await post('/auth/users/confirm_email', { token });

    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Email này đã được xác nhận trước đó.' });
    const english = await post('/auth/users/confirm_email', { token }, { 'accept-language': 'en' });
    expect(english.json()).toEqual({ message: 'This e-mail address was already confirmed.' });
    // A link of the other kind, or none at all, is still just invalid.
    const reset = await post('/auth/users/reset_password', { token, new_password: 'moi-12345' });
    expect(reset.json()).toEqual({ message: INVALID_LINK });
  });

  it('accepts a link until it is a day old, and not after', async () => {
    await start();
    const early = await registerAndReadToken();
    clock.advance(EMAIL_CONFIRMATION_TTL_MS - 1000);
    expect((await post('/auth/users/confirm_email', { token: early })).statusCode).toBe(200);

    const session = await signIn(app, 'unverified@example.vn');
    await post('/auth/users/resend_email_comfirmation', {}, withToken(session));
    const late = tokenInMail(await latestMailTo(app, 'unverified@example.vn'));
    clock.advance(EMAIL_CONFIRMATION_TTL_MS);
    const response = await post('/auth/users/confirm_email', { token: late });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_LINK });
    expect((await getUser(session)).json().email_verified).toBe(false);
  });

  it('does not accept a password-reset token', async () => {
    await start();
    await post('/auth/users/request_reset_password', { email: 'unverified@example.vn' });
    const token = tokenInMail(await latestMailTo(app, 'unverified@example.vn'));
    expect((await post('/auth/users/confirm_email', { token })).statusCode).toBe(400);
  });
});

describe('requestPasswordReset', () => {
  it('mails a reset link to the portal', async () => {
    await start();
    const response = await post('/auth/users/request_reset_password', {
      email: 'demo@example.vn',
    });

    expect(response.statusCode).toBe(200);
    const mail = await latestMailTo(app, 'demo@example.vn');
    expect(mail.links).toEqual([
      `http://localhost:8080/idc/password_resets?token=${tokenInMail(mail)}`,
    ]);
  });

  it('builds the link from the configured origin, never from the Host header', async () => {
    await start({ publicUrl: 'https://portal.example.vn' });
    await post(
      '/auth/users/request_reset_password',
      { email: 'demo@example.vn' },
      { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    );

    const [link] = (await latestMailTo(app, 'demo@example.vn')).links;
    expect(link).toMatch(/^https:\/\/portal\.example\.vn\/idc\/password_resets\?token=/);
  });

  it('answers an unknown address exactly as a known one, and mails nothing', async () => {
    await start();
    const known = await post('/auth/users/request_reset_password', { email: 'demo@example.vn' });
    const unknown = await post('/auth/users/request_reset_password', {
      email: 'nobody@example.vn',
    });

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailsTo(app, 'nobody@example.vn')).toEqual([]);
  });

  it('answers 400 for something that is not an e-mail address', async () => {
    await start();
    const response = await post('/auth/users/request_reset_password', { email: 'not-an-email' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ email: 'Sai định dạng.' });
  });
});

describe('resetPassword', () => {
  async function resetToken(email = 'demo@example.vn') {
    await post('/auth/users/request_reset_password', { email });
    return tokenInMail(await latestMailTo(app, email));
  }

  it('sets the new password and signs out every existing session and API token', async () => {
    await start();
    const oldSession = await signIn(app, 'demo@example.vn');
    const created = await post(
      '/account/api_tokens',
      { name: 'left-behind', scope: 'read_write', expires_in_days: null, password: DEMO_PASSWORD },
      withToken(oldSession),
    );
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json().token as string;
    expect((await getUser(apiToken)).statusCode).toBe(200);
    const token = await resetToken();

    const response = await post('/auth/users/reset_password', { token, new_password: 'moi-12345' });

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toMatch(/thành công/);
    expect((await getUser(oldSession)).statusCode).toBe(401);
    // Whoever had taken the account and left a token for their scripts is out too.
    expect((await getUser(apiToken)).statusCode).toBe(401);
    await expect(signIn(app, 'demo@example.vn')).rejects.toThrow(/sign-in failed/);
    expect((await getUser(await signIn(app, 'demo@example.vn', 'moi-12345'))).statusCode).toBe(200);
  });

  it('accepts a link only once', async () => {
    await start();
    const token = await resetToken();
    await post('/auth/users/reset_password', { token, new_password: 'moi-12345' });

    const again = await post('/auth/users/reset_password', { token, new_password: 'khac-12345' });

    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: INVALID_LINK });
    await signIn(app, 'demo@example.vn', 'moi-12345');
  });

  it('refuses a link older than an hour and keeps the old password', async () => {
    await start();
    const token = await resetToken();
    clock.advance(PASSWORD_RESET_TTL_MS + 1);

    const response = await post('/auth/users/reset_password', { token, new_password: 'moi-12345' });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_LINK });
    await signIn(app, 'demo@example.vn', DEMO_PASSWORD);
  });

  it('retires an older link when a new one is requested', async () => {
    await start();
    const older = await resetToken();
    const newer = await resetToken();
    const payload = (token: string) => ({ token, new_password: 'moi-12345' });
    expect((await post('/auth/users/reset_password', payload(older))).statusCode).toBe(400);
    expect((await post('/auth/users/reset_password', payload(newer))).statusCode).toBe(200);
  });

  it('refuses a new password shorter than five characters', async () => {
    await start();
    const token = await resetToken();
    const response = await post('/auth/users/reset_password', { token, new_password: '1234' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ new_password: 'Phải có ít nhất 5 ký tự.' });
  });
});

// The trial's packages and upgrade: server/billing/trial.test.ts.

describe('email one-time codes', () => {
  const requestCode = (session: string) =>
    app.inject({ url: '/api/v1/auth/otp_email', headers: withToken(session) });
  const verify = (session: string, otp: string, headers: Record<string, string> = {}) =>
    post('/auth/otp_email', { otp }, { ...withToken(session), ...headers });

  it('mails a six-digit code that is accepted once and confirms the address', async () => {
    await start();
    const session = await signIn(app, 'unverified@example.vn');

    expect((await requestCode(session)).statusCode).toBe(200);
    const code = codeInMail(await latestMailTo(app, 'unverified@example.vn'));

    const response = await verify(session, code);
    expect(response.statusCode).toBe(200);
    expect((await getUser(session)).json().email_verified).toBe(true);
    expect((await verify(session, code)).json()).toEqual({ message: WRONG_CODE });
  });

  it('confirming the address by code keeps the session that entered it and ends the others', async () => {
    await start();
    const other = await signIn(app, 'unverified@example.vn');
    const session = await signIn(app, 'unverified@example.vn');
    await requestCode(session);
    const code = codeInMail(await latestMailTo(app, 'unverified@example.vn'));

    expect((await verify(session, code)).statusCode).toBe(200);

    expect((await getUser(session)).statusCode).toBe(200);
    expect((await getUser(other)).statusCode).toBe(401);
  });

  it('a code entered on a confirmed account signs no other session out', async () => {
    await start();
    const other = await signIn(app, 'demo@example.vn');
    const session = await signIn(app, 'demo@example.vn');
    await requestCode(session);

    expect(
      (await verify(session, codeInMail(await latestMailTo(app, 'demo@example.vn')))).statusCode,
    ).toBe(200);

    expect((await getUser(other)).statusCode).toBe(200);
  });

  it('refuses a wrong code with the spec message, in English on request', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    await requestCode(session);
    const code = codeInMail(await latestMailTo(app, 'demo@example.vn'));
    const wrong = code === '000000' ? '111111' : '000000';

    const response = await verify(session, wrong);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: WRONG_CODE });
    const english = await verify(session, wrong, { 'accept-language': 'en' });
    expect(english.json()).toEqual({ message: 'The verification code is not correct!' });
  });

  it('sends no second code within a minute of the last, whoever asks (the portal counts it down)', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    expect((await requestCode(session)).statusCode).toBe(200);
    const mailed = (await mailsTo(app, 'demo@example.vn')).length;

    clock.advance(30_000);
    const early = await requestCode(session);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Vui lòng đợi 30 giây rồi gửi lại mã.');
    expect(await mailsTo(app, 'demo@example.vn')).toHaveLength(mailed);

    clock.advance(30_000);
    expect((await requestCode(session)).statusCode).toBe(200);
    expect(await mailsTo(app, 'demo@example.vn')).toHaveLength(mailed + 1);
  });

  it('refuses a code after ten minutes', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    await requestCode(session);
    const code = codeInMail(await latestMailTo(app, 'demo@example.vn'));
    clock.advance(OTP_TTL_MS + 1);
    expect((await verify(session, code)).statusCode).toBe(400);
  });

  it(`burns the code after ${OTP_MAX_FAILED_ATTEMPTS} wrong guesses`, async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    await requestCode(session);
    const code = codeInMail(await latestMailTo(app, 'demo@example.vn'));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < OTP_MAX_FAILED_ATTEMPTS; attempt++)
      await verify(session, wrong);
    expect((await verify(session, code)).statusCode).toBe(400);
  });

  it('answers 400 for a code that is not six digits', async () => {
    await start();
    const response = await verify(await signIn(app, 'demo@example.vn'), '12ab');
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ otp: 'Sai định dạng.' });
  });
});

describe('SMS one-time codes', () => {
  it('"sends" the SMS to the outbox and marks the phone verified with its code', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');

    const sent = await post(
      '/auth/otp_sms',
      { recaptchaToken: SANDBOX_RECAPTCHA_TOKEN },
      withToken(session),
    );

    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ data: { phone: '+84912345601', expires_in: 600 } });
    const sms = await latestMailTo(app, 'demo@example.vn');
    expect(sms.subject).toContain('SMS');
    expect(sms.subject).toContain('+84912345601');
    const verified = await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/otp_sms',
      payload: { otp: codeInMail(sms) },
      headers: withToken(session),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ data: { phone_verified: true } });
  });

  it('refuses a wrong SMS code', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    await post('/auth/otp_sms', { recaptchaToken: SANDBOX_RECAPTCHA_TOKEN }, withToken(session));
    const code = codeInMail(await latestMailTo(app, 'demo@example.vn'));
    const response = await app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/otp_sms',
      payload: { otp: code === '000000' ? '111111' : '000000' },
      headers: withToken(session),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: WRONG_CODE });
  });

  it('refuses any reCAPTCHA token but the documented test token, and sends nothing', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    const before = (await mailsTo(app, 'demo@example.vn')).length;
    const response = await post('/auth/otp_sms', { recaptchaToken: 'any' }, withToken(session));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(['recaptchaToken']);
    expect(await mailsTo(app, 'demo@example.vn')).toHaveLength(before);
  });

  it('requires the reCAPTCHA token', async () => {
    await start();
    const session = await signIn(app, 'demo@example.vn');
    const response = await post('/auth/otp_sms', {}, withToken(session));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ recaptchaToken: 'Trường này không được bỏ trống.' });
  });
});
