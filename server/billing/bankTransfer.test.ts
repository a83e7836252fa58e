/**
 * Bank-transfer top-ups: the details the customer transfers with, and the sandbox's "transfer
 * received" form, which credits the amount received (at most the amount asked, unless the
 * operator ticks "credit a different amount") once per reference.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db';
import {
  BANK_REFERENCE_PATTERN,
  BANK_TRANSFER_DAYS,
  SANDBOX_BANK_ACCOUNT,
} from './gateways/bankTransfer';
import { findAttempt } from './gateways/cardGateway';
import { changeBalance, ledgerMismatches } from './ledger';
import {
  apiAs,
  postSandboxForm,
  sandboxFormSession,
  signedInSandbox,
  signIn,
  type Api,
  type testClock,
} from '../testing';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let db: Db;
let demo: Api;

beforeEach(async () => {
  ({ app, clock, books: db, api: demo } = await signedInSandbox());
});
afterEach(() => {
  // Whatever happened, every balance is still the sum of its ledger rows.
  expect(ledgerMismatches(db)).toEqual([]);
});

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;

async function startTransfer(api: Api = demo, amount = 500_000) {
  const response = await api.post('/billing/gen_payment_req_url', {
    method: 'bank_transfer',
    amount,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { reference: string; bank_transfer_details: string };
}

/** The /sandbox page's form, filled in and sent (with the page's token, as a browser sends it). */
const reportTransfer = (
  reference: string,
  amount: string,
  locale = 'vi',
  extra: Record<string, string> = {},
) =>
  postSandboxForm(
    app,
    '/sandbox/bank-transfer/received',
    { reference, amount, ...extra },
    { headers: { 'accept-language': locale } },
  );

const topupRows = () =>
  db
    .prepare(
      `SELECT user_id, method, amount, reference FROM balance_adjustments WHERE type = 'topup' ` +
        `AND reference IN (SELECT reference FROM payment_attempts)`,
    )
    .all() as { user_id: number; method: string; amount: number; reference: string }[];

describe('starting a bank transfer (gen_payment_req_url)', () => {
  it('answers the account, the amount and a short reference to write, without a gateway page', async () => {
    const response = await demo.post('/billing/gen_payment_req_url', {
      method: 'bank_transfer',
      amount: 500_000,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({
      method: 'bank_transfer',
      amount: 500_000,
      currency: 'VND',
      charged_amount: 500_000,
      exchange_rate: null,
      url: null,
      // The account as data too, for the VietQR code.
      bank_account: SANDBOX_BANK_ACCOUNT,
    });
    expect(answer.reference).toMatch(BANK_REFERENCE_PATTERN);
    // Nothing a person could misread: no 0/O, 1/I/L, 2/Z, 5/S, 8/B.
    expect(answer.reference.slice(3)).not.toMatch(/[01258OILZSB]/);
    expect(answer.bank_transfer_details).toBe(
      `Ngân hàng: ${SANDBOX_BANK_ACCOUNT.bank}\nSố tài khoản: ${SANDBOX_BANK_ACCOUNT.number}\n` +
        `Chủ tài khoản: ${SANDBOX_BANK_ACCOUNT.holder}\nNội dung chuyển khoản: ${answer.reference}`,
    );
    expect(findAttempt(db, answer.reference)).toMatchObject({
      method: 'bank_transfer',
      status: 'pending',
      amount: 500_000,
      return_url: null,
    });
  });

  it('writes the details in English for an English request, and draws a new reference each time', async () => {
    const english = apiAs(app, await signIn(app, 'demo@example.vn'), {
      'accept-language': 'en',
    });
    const first = await startTransfer(english);
    const second = await startTransfer(english);
    expect(first.bank_transfer_details).toContain(`Transfer note: ${first.reference}`);
    expect(second.reference).not.toBe(first.reference);
  });
});

describe('the sandbox "transfer received" form', () => {
  it('is on the /sandbox page with the transfers awaited', async () => {
    const { reference } = await startTransfer(demo, 500_000);
    const page = await app.inject({ url: '/sandbox', headers: { 'accept-language': 'en' } });
    expect(page.body).toContain('Bank transfer: report money received');
    expect(page.body).toContain('<form method="post" action="/sandbox/bank-transfer/received">');
    expect(page.body).toContain(`<code>${reference}</code> — demo@example.vn — 500.000 ₫`);
    expect(page.body).toContain(
      '<label><input type="checkbox" name="different_amount" value="1"> Credit a different amount than requested',
    );
  });

  it('credits at most the amount asked for: more typed in credits the request, and says so', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTransfer(demo, 10_000);

    const credited = await reportTransfer(reference, '500.000.000');

    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.body).toContain(
      `Đã cộng 10.000 ₫ cho mã ${reference}: đúng số tiền yêu cầu, không phải 500.000.000 ₫ đã nhập.`,
    );
    expect(await balanceOf(demo)).toBe(before + 10_000);
    expect(topupRows()).toEqual([
      expect.objectContaining({ method: 'bank_transfer', amount: 10_000, reference }),
    ]);
    expect(findAttempt(db, reference)?.status).toBe('credited');
  });

  it('credits the amount typed when the operator ticks "credit a different amount"', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTransfer(demo, 10_000);

    // Typed as English writes it, on the page in English.
    const credited = await reportTransfer(reference, '25,000', 'en', { different_amount: '1' });

    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.body).toContain(`Credited 25.000 ₫ for reference ${reference}.`);
    expect(await balanceOf(demo)).toBe(before + 25_000);
    expect(topupRows()).toEqual([
      expect.objectContaining({ method: 'bank_transfer', amount: 25_000, reference }),
    ]);
  });

  it('credits the amount received once, with its ledger row, and lists it as a payment', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTransfer(demo, 500_000);
    // Less than asked arrived; and the reference typed as people type it.
    const credited = await reportTransfer(` ${reference.toLowerCase()} `, '450.000');
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.body).toContain(`Đã cộng 450.000 ₫ cho mã ${reference}.`);
    expect(await balanceOf(demo)).toBe(before + 450_000);
    expect(topupRows()).toEqual([
      expect.objectContaining({ method: 'bank_transfer', amount: 450_000, reference }),
    ]);

    const again = await reportTransfer(reference, '450000');
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain(`Mã ${reference} đã được cộng tiền trước đó, không cộng thêm.`);
    expect(await balanceOf(demo)).toBe(before + 450_000);
    expect(topupRows()).toHaveLength(1);

    const payments = (
      await demo.get('/billing/payments', undefined, { payment_gateway: 'bank_transfer' })
    ).json();
    expect(payments.items).toEqual([
      {
        id: expect.any(Number),
        gateway: 'bank_transfer',
        transaction_id: reference,
        reference,
        amount: 450_000,
        method: 'bank_transfer',
        date: expect.any(String),
      },
    ]);
    const history = (
      await demo.get('/billing/balance_adjustments', undefined, { type: 'topup' })
    ).json();
    expect(history.items[0]).toMatchObject({
      method: 'bank_transfer',
      amount: 450_000,
      balance_after: before + 450_000,
      reference,
    });
  });

  it('credits once when the same transfer is reported ten times at once', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTransfer(demo, 300_000);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => reportTransfer(reference, '300000')),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    expect(await balanceOf(demo)).toBe(before + 300_000);
    expect(topupRows()).toHaveLength(1);
  });

  it('refuses an unknown reference and a wrong amount, on the page, crediting nothing', async () => {
    const before = await balanceOf(demo);
    const unknown = await reportTransfer('NAPXXXXXXXX', '100000', 'en');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('There is no transfer request with the reference');
    expect(unknown.body).toContain('<a href="/sandbox">');

    const escaped = await reportTransfer('<script>', '100000');
    expect(escaped.statusCode).toBe(404);
    expect(escaped.body).not.toContain('<SCRIPT>');
    expect(escaped.body).toContain('&lt;SCRIPT&gt;');

    const { reference } = await startTransfer(demo, 100_000);
    for (const amount of ['0', '-5', 'abc', '1,5', '2000000000']) {
      const answer = await reportTransfer(reference, amount);
      expect(answer.statusCode, amount).toBe(400);
      expect(answer.body).toContain('Số tiền phải là số nguyên dương');
    }
    expect(findAttempt(db, reference)?.status).toBe('pending');
    expect(await balanceOf(demo)).toBe(before);
    expect(topupRows()).toEqual([]);
  });

  it('the ledger itself refuses a second top-up row for one reference', async () => {
    const { reference } = await startTransfer(demo, 100_000);
    expect((await reportTransfer(reference, '100000')).statusCode).toBe(200);
    const userId = findAttempt(db, reference)!.user_id;
    expect(() =>
      db.transaction(() =>
        changeBalance(db, {
          userId,
          type: 'topup',
          method: 'bank_transfer',
          amount: 100_000,
          text: { key: 'ledger.manual' as const, params: { note: 'again' } },
          reference,
          at: new Date(),
        }),
      )(),
    ).toThrow(/UNIQUE/);
    expect(topupRows()).toHaveLength(1);
  });
});

describe('pending transfers as the customer sees them (issue 17)', () => {
  const pending = async (api: Api = demo) =>
    (await api.get('/billing/payment_attempts', undefined, { status: 'pending' })).json() as {
      items: { reference: string; amount: number; status: string; bank_account: unknown }[];
      total: number;
    };

  it('lists an awaited transfer with its account until it is received, then shows it credited', async () => {
    const before = await balanceOf(demo);
    const older = await startTransfer(demo, 200_000);
    const { reference } = await startTransfer(demo, 500_000);
    const list = await pending();
    expect(list.items.map((item) => item.reference)).toEqual([reference, older.reference]);
    expect(list.items[0]).toMatchObject({
      amount: 500_000,
      status: 'pending',
      bank_account: SANDBOX_BANK_ACCOUNT,
      reason: 'Đang chờ khoản chuyển khoản có nội dung là mã nạp tiền',
    });
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect((await pending(agency)).total).toBe(0);
    expect((await agency.get(`/billing/payment_attempts/${reference}`)).statusCode).toBe(404);

    expect((await reportTransfer(reference, '500000')).statusCode).toBe(200);
    expect((await pending()).items.map((item) => item.reference)).toEqual([older.reference]);
    expect((await demo.get(`/billing/payment_attempts/${reference}`)).json()).toMatchObject({
      status: 'credited',
      credited_amount: 500_000,
      balance_after: before + 500_000,
    });
  });

  it('answers a transfer not received in time as expired (one arriving later still credits)', async () => {
    const { reference } = await startTransfer(demo, 200_000);
    clock.advance((BANK_TRANSFER_DAYS * 24 + 1) * 3_600_000);
    expect((await pending()).total).toBe(0);
    expect((await demo.get(`/billing/payment_attempts/${reference}`)).json().status).toBe(
      'expired',
    );
    expect((await reportTransfer(reference, '200000')).statusCode).toBe(200);
    expect((await demo.get(`/billing/payment_attempts/${reference}`)).json().status).toBe(
      'credited',
    );
  });

  it.each(['1.5', '10.00.000', '25,00', '1.000,000'])(
    'refuses the amount "%s" as typed wrong, moving nothing',
    async (typed) => {
      const before = await balanceOf(demo);
      const { reference } = await startTransfer(demo, 10_000);
      const refused = await reportTransfer(reference, typed);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Số tiền phải là số nguyên dương');
      expect(await balanceOf(demo)).toBe(before);
    },
  );

  it('refuses a cross-site "transfer received" post (403), moving nothing', async () => {
    const before = await balanceOf(demo);
    const { reference } = await startTransfer(demo, 10_000);
    const { cookie } = await sandboxFormSession(app);
    const forged = await app.inject({
      method: 'POST',
      url: '/sandbox/bank-transfer/received',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        cookie,
      },
      payload: new URLSearchParams({ reference, amount: '500000000' }).toString(),
    });
    expect(forged.statusCode).toBe(403);
    expect(await balanceOf(demo)).toBe(before);
    expect((await pending()).items.map((item) => item.reference)).toEqual([reference]);
  });
});
