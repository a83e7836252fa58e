import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_RECAPTCHA_TOKEN } from '../../src/domain/constants';
import { DEMO_PASSWORD } from '../sandbox/seed';
import {
  codeInMail,
  latestMailTo,
  NEW_CUSTOMER,
  registerConfirmed,
  signIn,
  testApp,
  tokenInMail,
  withToken,
} from '../testing';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function start() {
  ({ app } = await testApp());
}

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, token: string, payload?: object, language = 'vi') =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    payload,
    headers: { ...withToken(token), 'accept-language': language },
  });

async function freshCustomer(): Promise<string> {
  await registerConfirmed(app);
  return signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
}

describe('the profile', () => {
  it('answers the signed-in customer, without a password in sight', async () => {
    await start();
    const token = await freshCustomer();
    const response = await call('GET', '/account/profile', token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: NEW_CUSTOMER.email,
      fullname: NEW_CUSTOMER.fullname,
      phone: NEW_CUSTOMER.phone,
      formatted_phone: NEW_CUSTOMER.formatted_phone,
      email_verified: true,
      phone_verified: false,
      is_agency: false,
    });
    expect(response.body).not.toContain('password');
  });

  it('changes the name and phone, keeps the e-mail, and the user info follows', async () => {
    await start();
    const token = await freshCustomer();
    const change = {
      fullname: ' Đỗ Lan Anh ',
      phone: '+84912000111',
      formatted_phone: '091 200 01 11',
    };
    const response = await call('PATCH', '/account/profile', token, change);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      fullname: 'Đỗ Lan Anh',
      phone: '+84912000111',
      formatted_phone: '091 200 01 11',
      email: NEW_CUSTOMER.email,
    });
    const user = (await call('GET', '/auth/user', token)).json();
    expect(user).toMatchObject({ fullname: 'Đỗ Lan Anh', phone: '+84912000111' });
  });

  it('refuses an e-mail change and a malformed phone, naming the field', async () => {
    await start();
    const token = await freshCustomer();
    expect(
      (await call('PATCH', '/account/profile', token, { email: 'other@example.vn' })).statusCode,
    ).toBe(400);
    const badPhone = await call('PATCH', '/account/profile', token, { phone: '0912' });
    expect(badPhone.statusCode).toBe(400);
    expect(Object.keys(badPhone.json().errors)).toEqual(['phone']);
    // The number shown beside the phone is that phone, the current one when no new one is sent.
    const otherShown = await call('PATCH', '/account/profile', token, {
      formatted_phone: '091 200 01 11',
    });
    expect(Object.keys(otherShown.json().errors)).toEqual(['formatted_phone']);
    const newShown = await call('PATCH', '/account/profile', token, {
      phone: '+84912000111',
      formatted_phone: NEW_CUSTOMER.formatted_phone,
    });
    expect(Object.keys(newShown.json().errors)).toEqual(['formatted_phone']);
    expect((await call('GET', '/account/profile', token)).json()).toMatchObject({
      phone: NEW_CUSTOMER.phone,
      formatted_phone: NEW_CUSTOMER.formatted_phone,
    });
    const blankName = await call('PATCH', '/account/profile', token, { fullname: '   ' });
    expect(blankName.statusCode).toBe(400);
    expect(Object.keys(blankName.json().errors)).toEqual(['fullname']);
  });

  it('needs a session', async () => {
    await start();
    const response = await app.inject({ url: '/api/v1/account/profile' });
    expect(response.statusCode).toBe(401);
  });
});

describe('phone verification by SMS', () => {
  const verifyPhone = async (token: string) => {
    const sent = await call('POST', '/auth/otp_sms', token, {
      recaptchaToken: SANDBOX_RECAPTCHA_TOKEN,
    });
    expect(sent.statusCode).toBe(200);
    const code = codeInMail(await latestMailTo(app, NEW_CUSTOMER.email));
    return { code, answer: await call('PATCH', '/auth/otp_sms', token, { otp: code }) };
  };

  it('shows in the user info and the profile, and the code works once', async () => {
    await start();
    const token = await freshCustomer();
    expect((await call('GET', '/auth/user', token)).json().phone_verified).toBe(false);

    const { code, answer } = await verifyPhone(token);
    expect(answer.statusCode).toBe(200);
    expect((await call('GET', '/auth/user', token)).json().phone_verified).toBe(true);
    expect((await call('GET', '/account/profile', token)).json().phone_verified).toBe(true);

    const again = await call('PATCH', '/auth/otp_sms', token, { otp: code });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Mã xác thực không chính xác!');
  });

  it('is lost when the phone number changes, and kept when only the name does', async () => {
    await start();
    const token = await freshCustomer();
    await verifyPhone(token);
    await call('PATCH', '/account/profile', token, { fullname: 'Lan' });
    expect((await call('GET', '/auth/user', token)).json().phone_verified).toBe(true);
    await call('PATCH', '/account/profile', token, { phone: '+84912000111' });
    expect((await call('GET', '/auth/user', token)).json().phone_verified).toBe(false);
  });
});

describe('changing the password', () => {
  const NEW_PASSWORD = 'mat-khau-moi-2';
  const change = (token: string, body: object) =>
    call('POST', '/account/change_password', token, body);

  it('signs out the other sessions, keeps this one and the API tokens, and the new password signs in', async () => {
    await start();
    const here = await freshCustomer();
    const elsewhere = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    const someoneElse = await signIn(app, 'demo@example.vn', DEMO_PASSWORD);
    const created = await call('POST', '/account/api_tokens', here, {
      name: 'deploy',
      scope: 'read',
      expires_in_days: 30,
      password: NEW_CUSTOMER.password,
    });
    expect(created.statusCode, created.body).toBe(201);
    const apiToken = created.json().token as string;

    const response = await change(here, {
      old_password: NEW_CUSTOMER.password,
      new_password: NEW_PASSWORD,
      verify_password: NEW_PASSWORD,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(
      'Đổi mật khẩu thành công. Các phiên đăng nhập khác đã được đăng xuất.',
    );
    expect((await call('GET', '/auth/user', here)).statusCode).toBe(200);
    expect((await call('GET', '/auth/user', elsewhere)).statusCode).toBe(401);
    expect((await call('GET', '/auth/user', someoneElse)).statusCode).toBe(200);
    expect((await call('GET', '/auth/user', apiToken)).statusCode).toBe(200);
    await expect(signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password)).rejects.toThrow();
    await expect(signIn(app, NEW_CUSTOMER.email, NEW_PASSWORD)).resolves.toBeTruthy();
    // The owner is told (someone else may have used the session), and no password is mailed.
    const told = await latestMailTo(app, NEW_CUSTOMER.email);
    expect(told.subject).toBe('Mật khẩu tài khoản đã được đổi');
    expect(told.text).toContain('"Quên mật khẩu"');
    expect(told.text).not.toContain(NEW_PASSWORD);
  });

  it('ends the reset links mailed before it: whoever had the mailbox then has no way in', async () => {
    await start();
    const here = await freshCustomer();
    const requested = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email: NEW_CUSTOMER.email },
    });
    expect(requested.statusCode).toBe(200);
    const mailedBefore = tokenInMail(await latestMailTo(app, NEW_CUSTOMER.email));

    const changed = await change(here, {
      old_password: NEW_CUSTOMER.password,
      new_password: NEW_PASSWORD,
      verify_password: NEW_PASSWORD,
    });
    expect(changed.statusCode).toBe(200);

    const used = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/reset_password',
      payload: { token: mailedBefore, new_password: 'ke-gian-12345' },
    });
    expect(used.statusCode).toBe(400);
    await expect(signIn(app, NEW_CUSTOMER.email, 'ke-gian-12345')).rejects.toThrow();
    await expect(signIn(app, NEW_CUSTOMER.email, NEW_PASSWORD)).resolves.toBeTruthy();
  });

  it('lets only one of two changes sent at once with the same current password through', async () => {
    await start();
    const first = await freshCustomer();
    const second = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    const to = (password: string) => ({
      old_password: NEW_CUSTOMER.password,
      new_password: password,
      verify_password: password,
    });

    const answers = await Promise.all([
      change(first, to('mat-khau-alpha-1')),
      change(second, to('mat-khau-bravo-2')),
    ]);

    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.toSorted()).toEqual([200, 400]);
    const winner = statuses.indexOf(200);
    const [kept, lost] = winner === 0 ? [first, second] : [second, first];
    expect(answers[1 - winner]!.json().errors).toEqual({
      old_password: 'Mật khẩu hiện tại không đúng.',
    });
    // The password that was accepted is the one that signs in, and its session stays.
    const accepted = winner === 0 ? 'mat-khau-alpha-1' : 'mat-khau-bravo-2';
    await expect(signIn(app, NEW_CUSTOMER.email, accepted)).resolves.toBeTruthy();
    expect((await call('GET', '/auth/user', kept)).statusCode).toBe(200);
    expect((await call('GET', '/auth/user', lost)).statusCode).toBe(401);
  });

  it('refuses a wrong current password on its field, changing nothing', async () => {
    await start();
    const here = await freshCustomer();
    const elsewhere = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    const response = await change(here, {
      old_password: 'not-the-password',
      new_password: NEW_PASSWORD,
      verify_password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Mật khẩu hiện tại không đúng.',
      errors: { old_password: 'Mật khẩu hiện tại không đúng.' },
    });
    expect((await call('GET', '/auth/user', elsewhere)).statusCode).toBe(200);
    await expect(signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password)).resolves.toBeTruthy();
    expect((await latestMailTo(app, NEW_CUSTOMER.email)).subject).not.toBe(
      'Mật khẩu tài khoản đã được đổi',
    );
  });

  it('refuses a new password typed differently twice, or shorter than the rule', async () => {
    await start();
    const here = await freshCustomer();
    const mismatch = await change(here, {
      old_password: NEW_CUSTOMER.password,
      new_password: NEW_PASSWORD,
      verify_password: `${NEW_PASSWORD}x`,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual({
      verify_password: 'Nhập lại mật khẩu không khớp mật khẩu',
    });
    const short = await change(here, {
      old_password: NEW_CUSTOMER.password,
      new_password: 'abc',
      verify_password: 'abc',
    });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().errors)).toContain('new_password');
  });

  it('refuses the current password as the new one, on its field, signing no one out', async () => {
    await start();
    const here = await freshCustomer();
    const elsewhere = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    const same = {
      old_password: NEW_CUSTOMER.password,
      new_password: NEW_CUSTOMER.password,
      verify_password: NEW_CUSTOMER.password,
    };
    const response = await change(here, same);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Mật khẩu mới phải khác mật khẩu hiện tại.',
      errors: { new_password: 'Mật khẩu mới phải khác mật khẩu hiện tại.' },
    });
    const english = await call('POST', '/account/change_password', here, same, 'en');
    expect(english.json().errors).toEqual({
      new_password: 'The new password must differ from the current one.',
    });
    expect((await call('GET', '/auth/user', elsewhere)).statusCode).toBe(200);
  });
});

describe('invoice information', () => {
  const FULL = {
    company_name: 'Công ty TNHH Lan Anh',
    tax_code: '0101234567-001',
    tax_address: '12 Tràng Tiền, Hoàn Kiếm, Hà Nội',
    billing_address: '34 Lý Thái Tổ, Hoàn Kiếm, Hà Nội',
    billing_email: 'ketoan@lananh.vn',
    billing_phone: '024 3826 1234',
  };

  it('starts empty, saves every field, and answers it again', async () => {
    await start();
    const token = await freshCustomer();
    expect((await call('GET', '/account/invoice_info', token)).json()).toEqual({
      company_name: null,
      tax_code: null,
      tax_address: null,
      billing_address: null,
      billing_email: null,
      billing_phone: null,
    });
    const saved = await call('PATCH', '/account/invoice_info', token, FULL);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(FULL);
    expect((await call('GET', '/account/invoice_info', token)).json()).toEqual(FULL);
  });

  it('keeps fields left out and clears those sent as null', async () => {
    await start();
    const token = await freshCustomer();
    await call('PATCH', '/account/invoice_info', token, FULL);
    const saved = await call('PATCH', '/account/invoice_info', token, {
      company_name: 'Công ty CP Lan Anh',
      billing_phone: null,
    });
    expect(saved.json()).toEqual({
      ...FULL,
      company_name: 'Công ty CP Lan Anh',
      billing_phone: null,
    });
  });

  it.each(['010123456', '0101234567-01', '0101234567/001'])(
    'refuses the tax code %j with the shared rule, in the caller’s language',
    async (taxCode) => {
      await start();
      const token = await freshCustomer();
      const vi = await call('PATCH', '/account/invoice_info', token, { tax_code: taxCode });
      expect(vi.statusCode).toBe(400);
      expect(vi.json().errors).toEqual({
        tax_code:
          'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số (chi nhánh).',
      });
      const en = await call('PATCH', '/account/invoice_info', token, { tax_code: taxCode }, 'en');
      expect(en.json().errors.tax_code).toMatch(/10 digits/);
      expect((await call('GET', '/account/invoice_info', token)).json().tax_code).toBeNull();
    },
  );

  it('belongs to its account only', async () => {
    await start();
    const token = await freshCustomer();
    await call('PATCH', '/account/invoice_info', token, FULL);
    const demo = await signIn(app, 'demo@example.vn', DEMO_PASSWORD);
    expect((await call('GET', '/account/invoice_info', demo)).json().company_name).not.toBe(
      FULL.company_name,
    );
  });
});
