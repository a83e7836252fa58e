/**
 * The limits of issue 20 where mail or rows are made: each one reached answers 429 with a message
 * naming it, in the caller's language, and makes no row and sends no mail.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from './db';
import type { AccountLimits } from './accountLimits';
import { DEFAULT_PUBLIC_URL } from '../config';
import { apiAs, mailsTo, serverOrderFor, signedInSandbox, signIn } from '../testing';

const ENGLISH = { 'accept-language': 'en' };
const MINUTE = 60_000;
const count = (books: Db, sql: string, ...params: unknown[]) =>
  (books.prepare(`SELECT COUNT(*) AS n FROM ${sql}`).get(...params) as { n: number }).n;
const outboxSize = (books: Db) => count(books, 'outbox');

async function sandboxWith(accountLimits: Partial<AccountLimits>, email?: string) {
  return signedInSandbox({ accountLimits, serverQuota: 100, email });
}

describe('open tickets per account', () => {
  const ticket = { subject: 'Máy chủ không vào được', content: 'Nhờ kiểm tra giúp.' };

  it('refuses the ticket past the limit, naming it, and stores nothing', async () => {
    const { api, app, books } = await sandboxWith({ openTickets: 2 });
    for (let i = 0; i < 2; i++)
      expect((await api.post('/support/tickets', ticket)).statusCode).toBe(201);
    const before = count(books, 'tickets');

    const refused = await api.post('/support/tickets', ticket);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        'Mỗi tài khoản có tối đa 2 yêu cầu hỗ trợ đang mở. Hãy đóng các yêu cầu đã được giải quyết rồi thử lại.',
    });
    const english = await apiAs(app, await signIn(app, 'demo@example.vn'), ENGLISH).post(
      '/support/tickets',
      ticket,
    );
    expect(english.json().message).toBe(
      'An account may have at most 2 open support tickets. Close the ones that are resolved, then try again.',
    );
    expect(count(books, 'tickets')).toBe(before);
  });

  it('makes room when one is resolved, and counts a reopened one', async () => {
    const { api } = await sandboxWith({ openTickets: 1 });
    const first = (await api.post('/support/tickets', ticket)).json();
    expect((await api.post(`/support/tickets/${first.id}/resolve`)).statusCode).toBe(200);
    expect((await api.post('/support/tickets', ticket)).statusCode).toBe(201);

    const reopened = await api.post(`/support/tickets/${first.id}/reopen`);
    expect(reopened.statusCode).toBe(429);
    expect((await api.get(`/support/tickets/${first.id}`)).json().status).toBe('closed');
  });
});

describe('pending orders per account', () => {
  const order = (name: string) => serverOrderFor({ name });

  it('refuses the order past the limit; cancelling one makes room', async () => {
    const { api, books } = await sandboxWith({ pendingOrders: 2 });
    const placed = [];
    for (const name of ['lim-01', 'lim-02']) {
      const answer = await api.post('/billing/orders', order(name));
      expect(answer.statusCode, answer.body).toBe(201);
      placed.push(answer.json().id as number);
    }

    const refused = await api.post('/billing/orders', order('lim-03'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Mỗi tài khoản có tối đa 2 đơn hàng chờ thanh toán. Hãy thanh toán hoặc huỷ bớt đơn hàng rồi thử lại.',
    );
    expect(count(books, `orders WHERE status = 'pending'`)).toBe(2);

    expect((await api.post(`/billing/orders/${placed[0]}/cancel`)).statusCode).toBe(200);
    expect((await api.post('/billing/orders', order('lim-03'))).statusCode).toBe(201);
  });
});

describe('pending payment requests per account', () => {
  const card = {
    method: 'card',
    amount: 100_000,
    return_url: `${DEFAULT_PUBLIC_URL}/idc/billing/payment?payment_method=card`,
  };

  it('refuses any method past the limit; an expired request makes room', async () => {
    const { api, books, clock } = await sandboxWith({ pendingPayments: 2 });
    expect((await api.post('/billing/gen_payment_req_url', card)).statusCode).toBe(200);
    const transfer = { method: 'bank_transfer', amount: 500_000 };
    expect((await api.post('/billing/gen_payment_req_url', transfer)).statusCode).toBe(200);

    for (const body of [card, transfer, { ...card, method: 'paypal' }]) {
      const refused = await api.post('/billing/gen_payment_req_url', body);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe(
        'Mỗi tài khoản có tối đa 2 yêu cầu nạp tiền chưa hoàn tất. Hãy hoàn tất chúng hoặc đợi chúng hết hạn rồi thử lại.',
      );
    }
    expect(count(books, 'payment_attempts')).toBe(2);

    // The card request expires after 30 minutes; the transfer, awaited for days, still counts.
    clock.advance(31 * MINUTE);
    expect((await api.post('/billing/gen_payment_req_url', card)).statusCode).toBe(200);
    expect((await api.post('/billing/gen_payment_req_url', card)).statusCode).toBe(429);
  });
});

describe('accounts an agency creates per day', () => {
  const customer = (n: number) => ({
    email: `khach${n}@hoanggia.vn`,
    fullname: 'Trần Thị Mai',
    phone: '+84903456789',
    formatted_phone: '0903 456 789',
    password: 'Matkhau@2026',
  });

  it('refuses the account past the limit before mailing anyone; 24 hours later it is allowed', async () => {
    const { api, books, app, clock } = await sandboxWith(
      { agencyAccountsPerDay: 2 },
      'agency@example.vn',
    );
    for (const n of [1, 2]) {
      expect((await api.post('/agency/accounts', customer(n))).statusCode).toBe(201);
    }
    const users = count(books, 'users');
    const mails = outboxSize(books);

    const refused = await api.post('/agency/accounts', customer(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'Mỗi đại lý tạo được tối đa 2 tài khoản khách hàng trong 24 giờ. Vui lòng thử lại sau.',
    );
    expect(count(books, 'users')).toBe(users);
    expect(outboxSize(books)).toBe(mails);
    expect(await mailsTo(app, 'khach3@hoanggia.vn')).toEqual([]);

    clock.advance(24 * 60 * MINUTE + 1000);
    expect((await api.post('/agency/accounts', customer(3))).statusCode).toBe(201);
  });
});

describe('password-reset requests per client address', () => {
  const requestReset = (
    app: Awaited<ReturnType<typeof sandboxWith>>['app'],
    email: string,
    remoteAddress: string,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email },
      remoteAddress,
    });

  it('refuses a client that asks for too many addresses, before any link is made or mailed', async () => {
    const { app, books } = await signedInSandbox({
      rateLimits: { resetRequestsPerAddressPerHour: 3 },
    });
    const seeded = ['demo@example.vn', 'trial@example.vn', 'expired@example.vn'];
    for (const email of seeded) {
      expect((await requestReset(app, email, '203.0.113.7')).statusCode).toBe(200);
    }
    const tokens = count(books, `email_tokens WHERE purpose = 'reset'`);
    const mails = outboxSize(books);

    const refused = await requestReset(app, 'agency@example.vn', '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Bạn thao tác quá nhanh, vui lòng thử lại sau 60 phút\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(count(books, `email_tokens WHERE purpose = 'reset'`)).toBe(tokens);
    expect(outboxSize(books)).toBe(mails);

    // Another client is not held back by the first one.
    expect((await requestReset(app, 'agency@example.vn', '198.51.100.20')).statusCode).toBe(200);
    expect(outboxSize(books)).toBe(mails + 1);
  });
});

describe('rows an account adds per hour', () => {
  const ticket = { subject: 'Máy chủ không vào được', content: 'Nhờ kiểm tra giúp.' };

  it('holds back a loop that opens and closes tickets, each operation counted apart', async () => {
    const { api, app, books } = await signedInSandbox({ rateLimits: { creationsPerHour: 3 } });
    for (let i = 0; i < 3; i++) {
      const opened = await api.post('/support/tickets', ticket);
      expect(opened.statusCode).toBe(201);
      expect((await api.post(`/support/tickets/${opened.json().id}/resolve`)).statusCode).toBe(200);
    }
    const before = count(books, 'tickets');

    const refused = await api.post('/support/tickets', ticket);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Bạn thao tác quá nhanh, vui lòng thử lại sau 60 phút.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(59 * 60);
    expect(count(books, 'tickets')).toBe(before);

    // Replies and other accounts have budgets of their own.
    const [first] = (await api.get('/support/tickets')).json().items as { id: number }[];
    expect((await api.post(`/support/tickets/${first!.id}/reopen`)).statusCode).toBe(200);
    expect(
      (await api.post(`/support/tickets/${first!.id}/replies`, { content: 'Vẫn lỗi.' })).statusCode,
    ).toBe(201);
    const other = apiAs(app, await signIn(app, 'trial@example.vn'));
    expect((await other.post('/support/tickets', ticket)).statusCode).toBe(201);
  });
});

describe('coupon codes tried per account', () => {
  it('holds back a script guessing codes, checks and redemptions counted apart, before any is used', async () => {
    const { api, app } = await signedInSandbox({ rateLimits: { couponTriesPer15Min: 3 } });
    const balance = async () => (await api.get('/auth/user')).json().balance as number;
    const before = await balance();
    for (const guess of ['DOAN1', 'DOAN2', 'DOAN3']) {
      expect(
        (await api.get('/billing/coupons/check_code', undefined, { code: guess, type: 'credit' }))
          .statusCode,
      ).toBe(400);
      expect((await api.post('/billing/apply_coupon', { code: guess })).statusCode).toBe(400);
    }

    const checked = await api.get('/billing/coupons/check_code', undefined, {
      code: 'NAP100K',
      type: 'credit',
    });
    const redeemed = await api.post('/billing/apply_coupon', { code: 'NAP100K' });
    expect(checked.statusCode).toBe(429);
    expect(redeemed.statusCode).toBe(429);
    expect(redeemed.json().message).toBe('Bạn thao tác quá nhanh, vui lòng thử lại sau 15 phút.');
    expect(await balance()).toBe(before);

    // Another account has a budget of its own.
    const other = apiAs(app, await signIn(app, 'trial@example.vn'));
    expect((await other.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(200);
  });
});
