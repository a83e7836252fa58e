import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContract } from '../platform/contract';
import {
  apiAs,
  mailsTo,
  NEW_CUSTOMER,
  register,
  signIn,
  testApp,
  tokenInMail,
  withToken,
} from '../testing';
import { heldForUnconfirmed, OPEN_TO_UNCONFIRMED } from './emailHold';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

const HELD_MESSAGE = {
  vi: 'Không thể thực hiện thao tác do: email chưa được xác thực.',
  en: 'This action is not allowed because of: the e-mail is not verified.',
};

const PUBLIC_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFmW1rPGvWmZ1tq6tGUjYlVMQ1tl4bT2l7u2RkY9j3Xc lan@laptop';

async function newUnconfirmedCustomer(): Promise<string> {
  ({ app } = await testApp());
  expect((await register(app)).statusCode).toBe(201);
  return signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
}

describe('an account whose e-mail is not confirmed', () => {
  it('makes no key, token, ticket, top-up or profile change, in the caller’s language, and mails nothing', async () => {
    const token = await newUnconfirmedCustomer();
    const api = apiAs(app, token);
    const mailsBefore = (await mailsTo(app, NEW_CUSTOMER.email)).length;
    const attempts = [
      api.post('/cloud/ssh_keys', { name: 'laptop', public_key: '', generate: true }),
      api.post('/account/api_tokens', { name: 'script', scope: 'read' }),
      api.post('/support/tickets', { subject: 'Xin chào', message: 'Cho tôi hỏi giá.' }),
      api.post('/billing/gen_payment_req_url', {
        method: 'card',
        amount: 100000,
        return_url: 'http://localhost:3000/idc/billing/payment',
      }),
      api.patch('/account/profile', { fullname: 'Tên khác' }),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().message).toBe(HELD_MESSAGE.vi);
    }
    const inEnglish = await apiAs(app, token, { 'accept-language': 'en' }).post('/cloud/ssh_keys', {
      name: 'laptop',
      public_key: PUBLIC_KEY,
    });
    expect(inEnglish.json().message).toBe(HELD_MESSAGE.en);

    expect((await api.get('/cloud/ssh_keys')).json().total).toBe(0);
    expect((await api.get('/account/api_tokens')).json().items).toEqual([]);
    expect((await api.get('/support/tickets')).json().total).toBe(0);
    expect((await api.get('/account/profile')).json().fullname).toBe(NEW_CUSTOMER.fullname);
    expect((await mailsTo(app, NEW_CUSTOMER.email)).length).toBe(mailsBefore);
  });

  it('may still confirm itself, sign out its other sessions and change its password, then acts', async () => {
    const token = await newUnconfirmedCustomer();
    const api = apiAs(app, token);
    expect((await api.post('/auth/users/resend_email_comfirmation', {})).statusCode).toBe(200);
    expect((await api.post('/account/sessions/revoke_others', {})).statusCode).toBe(200);
    // The /verify page's code: a wrong one is refused as wrong, not as held.
    const wrongCode = await api.post('/auth/otp_email', { otp: '000000' });
    expect(wrongCode.statusCode).toBe(400);
    const changed = await api.post('/account/change_password', {
      old_password: NEW_CUSTOMER.password,
      new_password: 'mat-khau-2',
      verify_password: 'mat-khau-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const mails = await mailsTo(app, NEW_CUSTOMER.email);
    const confirmation = mails.find((mail) => mail.links.some((link) => link.includes('/confirm')));
    const link = tokenInMail(confirmation!);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      payload: { token: link },
    });
    expect(confirmed.statusCode).toBe(200);
    // The link's session acts; the one opened before the confirmation has ended with it.
    expect((await api.get('/auth/user')).statusCode).toBe(401);
    const confirmedApi = apiAs(app, confirmed.json().token);
    const key = await confirmedApi.post('/cloud/ssh_keys', {
      name: 'laptop',
      public_key: PUBLIC_KEY,
    });
    expect(key.statusCode, key.body).toBe(201);
    // And signs out like anyone.
    expect((await confirmedApi.delete('/auth/token')).statusCode).toBeLessThan(300);
    expect((await confirmedApi.get('/auth/user')).statusCode).toBe(401);
  });

  it('is refused every change the contract holds from it before the request is read', async () => {
    const token = await newUnconfirmedCustomer();
    const held = loadContract().operations.filter(
      (operation) => operation.security.length > 0 && heldForUnconfirmed(operation),
    );
    expect(held.length).toBeGreaterThan(40);
    for (const operation of held) {
      const answer = await app.inject({
        method: operation.method.toUpperCase() as 'POST',
        url: `/api/v1${operation.path.replace(/\{[a-z_]+\}/g, '1')}`,
        payload: { not_read: true },
        headers: withToken(token),
      });
      expect(answer.statusCode, `${operation.operationId}: ${answer.body}`).toBe(403);
    }
  });

  it('is open to what confirms it, signs out or protects it, and to reading', () => {
    const reads = loadContract().operations.filter((operation) => operation.method === 'get');
    for (const operation of reads) expect(heldForUnconfirmed(operation)).toBe(false);
    expect(heldForUnconfirmed({ operationId: 'confirmEmail', method: 'post' })).toBe(false);
    expect(heldForUnconfirmed({ operationId: 'createSshKey', method: 'post' })).toBe(true);
    expect(OPEN_TO_UNCONFIRMED.has('createApiToken')).toBe(false);
  });
});
