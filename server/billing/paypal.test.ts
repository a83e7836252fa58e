import { DEMO_PASSWORD } from '../sandbox/seed';
/**
 * PayPal top-ups through the sandbox's simulator: starting one, the approval page, the browser's
 * return (executed with the simulator, never trusting the query), pending sales and their
 * completion, cancellation, and crediting once however the returns arrive.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../platform/db';
import { findAttempt } from './gateways/cardGateway';
import { creditedDong, usdCentsFor, usdTotal } from './gateways/paypalGateway';
import { ledgerMismatches } from './ledger';
import { apiAs, postSandboxForm, scratchDir, signIn, testApp, type Api } from '../testing';

const ORIGIN = 'http://localhost:8080';
const RETURN_URL = `${ORIGIN}/idc/billing/payment`;

let app: FastifyInstance;
let db: Db;
let demo: Api;
let cleanup: () => void;

async function start(options: Parameters<typeof testApp>[0] = {}) {
  const scratch = scratchDir();
  cleanup = scratch.cleanup;
  const dbFile = join(scratch.dir, 'sandbox.db');
  ({ app } = await testApp({ dbFile, ...options }));
  db = openDatabase(dbFile);
  demo = apiAs(app, await signIn(app, 'demo@example.vn'));
}

beforeEach(() => start());
afterEach(async () => {
  await app.close();
  db.close();
  cleanup();
});

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;

interface PaypalRequest {
  reference: string;
  url: string;
  amount: number;
  currency: string;
  charged_amount: number;
  exchange_rate: number;
}

async function startPaypal(api: Api = demo, amount = 100_000): Promise<PaypalRequest> {
  const response = await api.post('/billing/gen_payment_req_url', {
    method: 'paypal',
    amount,
    return_url: RETURN_URL,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const tokenOf = (request: PaypalRequest) => new URL(request.url).searchParams.get('token')!;

/** A sandbox form sent as a browser sends it, with the token of the sandbox's pages. */
const postForm = (url: string, fields: Record<string, string>, locale = 'vi') =>
  postSandboxForm(app, url, fields, { headers: { 'accept-language': locale } });

/** The customer's choice on the approval page; answers the query PayPal returns with. */
async function decide(
  request: PaypalRequest,
  decision: 'pay' | 'pay_pending' | 'cancel' = 'pay',
): Promise<Record<string, string>> {
  const answer = await postForm('/sandbox/paypal/decision', { token: tokenOf(request), decision });
  expect(answer.statusCode, answer.body).toBe(303);
  const back = new URL(String(answer.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
  return Object.fromEntries(back.searchParams);
}

const completeTopup = (api: Api, query: Record<string, string>) =>
  api.get('/billing/topup', undefined, query);

const topupRows = () =>
  db
    .prepare(
      `SELECT user_id, method, amount, reference FROM balance_adjustments WHERE type = 'topup' ` +
        `AND reference IN (SELECT reference FROM payment_attempts)`,
    )
    .all() as { user_id: number; method: string; amount: number; reference: string }[];

afterEach(() => {
  // Whatever happened, every balance is still the sum of its ledger rows.
  if (db.open) expect(ledgerMismatches(db)).toEqual([]);
});

describe('the conversion rules', () => {
  it('charges dollars rounded up to the cent and credits the requested dong for that total', () => {
    expect(usdCentsFor(100_000, 25_500)).toBe(393); // 3.9215… dollars
    expect(usdCentsFor(255_000, 25_500)).toBe(1000); // exact: no rounding
    expect(usdTotal(393)).toBe('3.93');
    expect(usdTotal(5)).toBe('0.05');
    const payment = { charged_total: '3.93', exchange_rate: 25_500 };
    expect(creditedDong({ ...payment, sale_total: '3.93' }, 100_000)).toBe(100_000);
    // Another total: converted at the request's rate, rounded down to the dong.
    expect(creditedDong({ ...payment, sale_total: '3.00' }, 100_000)).toBe(76_500);
    expect(creditedDong({ ...payment, sale_total: '0.01' }, 100_000)).toBe(255);
    expect(creditedDong({ ...payment, sale_total: '3.94' }, 100_000)).toBe(100_470);
  });
});

describe('starting a PayPal top-up (gen_payment_req_url)', () => {
  it('answers the dollars at the exchange rate and the approval page, and records a pending attempt', async () => {
    const request = await startPaypal(demo, 100_000);
    expect(request).toMatchObject({
      method: 'paypal',
      amount: 100_000,
      currency: 'USD',
      charged_amount: 3.93,
      exchange_rate: 25_500,
      bank_transfer_details: null,
    });
    const url = new URL(request.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${ORIGIN}/sandbox/paypal/checkoutnow`);
    expect(tokenOf(request)).toMatch(/^EC-[A-Z0-9]{17}$/);
    expect(findAttempt(db, request.reference)).toMatchObject({
      method: 'paypal',
      status: 'pending',
      amount: 100_000,
      currency: 'USD',
    });
    expect(topupRows()).toEqual([]);
  });

  it('uses SANDBOX_USD_RATE, dong per dollar', async () => {
    await app.close();
    db.close();
    cleanup();
    await start({ usdRate: 20_000 });
    expect(await startPaypal(demo, 100_000)).toMatchObject({
      charged_amount: 5,
      exchange_rate: 20_000,
    });
  });
});

describe('the PayPal approval page', () => {
  it('shows the dollar amount in the visitor’s language, as a form without scripts', async () => {
    const request = await startPaypal(demo, 100_000);
    // The portal's language comes with the link (PayPal's locale.x), whatever the browser's is.
    expect(new URL(request.url).searchParams.get('locale.x')).toBe('vi_VN');
    for (const [locale, pay] of [
      ['vi', 'Thanh toán — giao dịch chờ xử lý (eCheck)'],
      ['en', 'Pay — sale pending (eCheck)'],
    ] as const) {
      const url = new URL(request.url);
      url.searchParams.set('locale.x', locale === 'en' ? 'en_US' : 'vi_VN');
      const page = await app.inject({
        url: url.pathname + url.search,
        headers: { 'accept-language': locale === 'en' ? 'vi' : 'en' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`<html lang="${locale}">`);
      expect(page.body).toContain('3.93 USD');
      expect(page.body).toContain(pay);
      expect(page.body).toContain('<form method="post" action="/sandbox/paypal/decision">');
      expect(page.body).not.toMatch(/<script|\son\w+=/i);
    }
  });

  it('refuses an unknown token and a payment already decided', async () => {
    const unknown = await app.inject({ url: '/sandbox/paypal/checkoutnow?token=EC-<b>' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).not.toContain('<b>');

    const request = await startPaypal();
    await decide(request, 'pay');
    const again = await app.inject({
      url: new URL(request.url).pathname + new URL(request.url).search,
    });
    expect(again.statusCode).toBe(409);
    const twice = await postForm('/sandbox/paypal/decision', {
      token: tokenOf(request),
      decision: 'cancel',
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('crediting a PayPal top-up (GET /billing/topup)', () => {
  it('returns with paymentId, PayerID and token, and credits the requested dong once, with its ledger row', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 100_000);
    const query = await decide(request, 'pay');
    expect(query).toEqual({
      payment_method: 'paypal',
      paymentId: expect.stringMatching(/^PAYID-[A-Z0-9]+$/),
      PayerID: expect.stringMatching(/^[A-Z0-9]{13}$/),
      token: tokenOf(request),
      // Our return_url names our reference (the portal's result page reads the outcome by it).
      reference: request.reference,
    });

    const response = await completeTopup(demo, query);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: 'Nạp tiền qua PayPal thành công.',
      amount: 100_000,
      balance: before + 100_000,
      transaction: {
        id: expect.any(Number),
        gateway: 'paypal',
        transaction_id: query.paymentId,
        reference: request.reference,
        amount: 100_000,
        method: 'paypal',
        date: expect.any(String),
      },
      payment: {
        id: query.paymentId,
        state: 'approved',
        payer: { payment_method: 'paypal' },
        transactions: [{ amount: { total: '3.93', currency: 'USD' } }],
      },
    });
    expect(await balanceOf(demo)).toBe(before + 100_000);
    expect(topupRows()).toEqual([
      expect.objectContaining({ method: 'paypal', amount: 100_000, reference: request.reference }),
    ]);

    const payments = (
      await demo.get('/billing/payments', undefined, { payment_gateway: 'paypal' })
    ).json();
    expect(payments.items).toEqual([response.json().transaction]);
  });

  it('ignores any amount in the query: only what the simulator reports is credited', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 100_000);
    const query = await decide(request, 'pay');
    const response = await completeTopup(demo, {
      ...query,
      vpc_Amount: '99900000000',
      vpc_CurrencyCode: 'VND',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().amount).toBe(100_000);
    expect(await balanceOf(demo)).toBe(before + 100_000);
  });

  it('converts a total PayPal reports other than the one charged at the request’s rate', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 100_000);
    const query = await decide(request, 'pay');
    // PayPal settled 3.00 USD instead of 3.93 (the simulator's state, not the query).
    db.prepare('UPDATE paypal_payments SET sale_total = ? WHERE id = ?').run(
      '3.00',
      query.paymentId,
    );
    const response = await completeTopup(demo, query);
    expect(response.json()).toMatchObject({
      amount: 76_500,
      payment: { transactions: [{ amount: { total: '3.00', currency: 'USD' } }] },
    });
    expect(await balanceOf(demo)).toBe(before + 76_500);
  });

  it('uses a paymentId once: a replay answers the same, "already credited", and ten at once credit once', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 200_000);
    const query = await decide(request, 'pay');
    const first = (await completeTopup(demo, query)).json();

    const again = await completeTopup(demo, query);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      ...first,
      message: 'Giao dịch này đã được cộng vào số dư trước đó.',
    });

    const parallel = await Promise.all(
      Array.from({ length: 10 }, () => completeTopup(demo, query)),
    );
    expect(parallel.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(parallel.map((answer) => answer.json().balance))).toEqual(
      new Set([before + 200_000]),
    );
    expect(topupRows()).toHaveLength(1);
    expect(await balanceOf(demo)).toBe(before + 200_000);
  });

  it('ten first returns at once credit once', async () => {
    const before = await balanceOf(demo);
    const query = await decide(await startPaypal(demo, 300_000), 'pay');
    const answers = await Promise.all(Array.from({ length: 10 }, () => completeTopup(demo, query)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
    expect(
      answers.filter((answer) => answer.json().message === 'Nạp tiền qua PayPal thành công.'),
    ).toHaveLength(1);
    expect(topupRows()).toHaveLength(1);
    expect(await balanceOf(demo)).toBe(before + 300_000);
  });

  it("refuses another customer's paymentId and changes nothing", async () => {
    const request = await startPaypal(demo, 100_000);
    const query = await decide(request, 'pay');
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    const otherBefore = await balanceOf(other);

    const stolen = await completeTopup(other, query);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(
      'Không tìm thấy thanh toán PayPal này trong tài khoản của bạn.',
    );
    expect(await balanceOf(other)).toBe(otherBefore);
    expect(findAttempt(db, request.reference)?.status).toBe('pending');
    expect(topupRows()).toEqual([]);

    // Its owner still gets the credit.
    expect((await completeTopup(demo, query)).statusCode).toBe(200);
  });

  it('refuses a payment not approved, another payer, another token or an unknown id', async () => {
    const request = await startPaypal(demo, 100_000);
    const paymentId = db
      .prepare('SELECT id FROM paypal_payments WHERE token = ?')
      .pluck()
      .get(tokenOf(request)) as string;
    const notApproved = await completeTopup(demo, {
      payment_method: 'paypal',
      paymentId,
      PayerID: 'ABCDEFGHJKLMN',
      token: tokenOf(request),
    });
    expect(notApproved.statusCode).toBe(400);
    expect(notApproved.json().message).toBe(
      'Thanh toán PayPal này chưa được chấp thuận, số dư không thay đổi.',
    );

    const query = await decide(request, 'pay');
    const cases: [Record<string, string>, string][] = [
      [
        { ...query, PayerID: 'ZZZZZZZZZZZZZ' },
        'Người thanh toán không khớp với thanh toán PayPal, số dư không thay đổi.',
      ],
      [
        { ...query, PayerID: '' },
        'Người thanh toán không khớp với thanh toán PayPal, số dư không thay đổi.',
      ],
      [
        { ...query, token: 'EC-OTHER' },
        'Không tìm thấy thanh toán PayPal này trong tài khoản của bạn.',
      ],
      [
        { ...query, paymentId: 'PAYID-UNKNOWN' },
        'Không tìm thấy thanh toán PayPal này trong tài khoản của bạn.',
      ],
    ];
    for (const [forged, message] of cases) {
      const { PayerID, ...rest } = forged;
      const answer = await completeTopup(demo, PayerID ? forged : rest);
      expect(answer.statusCode, JSON.stringify(forged)).toBe(400);
      expect(answer.json().message).toBe(message);
    }
    expect(topupRows()).toEqual([]);
    expect(findAttempt(db, request.reference)?.status).toBe('pending');
  });
});

describe('a PayPal sale left pending (eCheck)', () => {
  it('credits nothing on return, says so, and credits once when the sale completes', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 150_000);
    const query = await decide(request, 'pay_pending');

    const pending = await completeTopup(demo, query);
    expect(pending.statusCode).toBe(400);
    expect(pending.json().message).toBe(
      'PayPal đang xử lý khoản thanh toán này. Số dư sẽ được cộng khi PayPal hoàn tất giao dịch.',
    );
    expect(await balanceOf(demo)).toBe(before);
    expect(findAttempt(db, request.reference)?.status).toBe('pending');

    // The /sandbox page lists it, with the button that plays PayPal's webhook.
    const sandbox = await app.inject({ url: '/sandbox', headers: { 'accept-language': 'en' } });
    expect(sandbox.body).toContain('PayPal: pending sales');
    expect(sandbox.body).toContain(query.paymentId);
    expect(sandbox.body).toContain('<form method="post" action="/sandbox/paypal/complete-sale"');

    const completions = await Promise.all(
      [1, 2].map(() => postForm('/sandbox/paypal/complete-sale', { paymentId: query.paymentId! })),
    );
    expect(completions.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(demo)).toBe(before + 150_000);
    expect(topupRows()).toHaveLength(1);
    const later = await app.inject({ url: '/sandbox' });
    expect(later.body).not.toContain(query.paymentId);

    // Coming back to the return page now shows the credit, without a second one.
    const back = await completeTopup(demo, query);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({
      amount: 150_000,
      balance: before + 150_000,
      message: 'Giao dịch này đã được cộng vào số dư trước đó.',
    });
    expect(topupRows()).toHaveLength(1);
  });

  it('"Complete sale" for a sale not pending changes nothing', async () => {
    const query = await decide(await startPaypal(), 'pay');
    const answer = await postForm('/sandbox/paypal/complete-sale', { paymentId: query.paymentId! });
    expect(answer.statusCode).toBe(409);
    expect(topupRows()).toEqual([]);
  });
});

describe('the return, settled only by the signed-in portal', () => {
  it.each(['read', 'read_write'] as const)(
    'refuses it to a %s API token, leaving the top-up as it was',
    async (scope) => {
      const created = await demo.post('/account/api_tokens', {
        name: scope,
        scope,
        expires_in_days: 30,
        password: DEMO_PASSWORD,
      });
      expect(created.statusCode, created.body).toBe(201);
      const script = apiAs(app, created.json().token);
      const before = await balanceOf(demo);
      const request = await startPaypal(demo, 100_000);
      const query = await decide(request, 'pay');

      const refused = await completeTopup(script, query);
      expect(refused.statusCode).toBe(403);
      expect(findAttempt(db, request.reference)?.status).toBe('pending');
      expect(await balanceOf(demo)).toBe(before);

      expect((await completeTopup(demo, query)).statusCode).toBe(200);
      expect(await balanceOf(demo)).toBe(before + 100_000);
    },
  );
});

describe('cancelling on PayPal', () => {
  it('returns with the token alone, records the top-up as cancelled and credits nothing', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 100_000);
    const query = await decide(request, 'cancel');
    expect(query).toEqual({
      payment_method: 'paypal',
      reference: request.reference,
      token: tokenOf(request),
    });

    const answer = await completeTopup(demo, query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('Bạn đã huỷ thanh toán PayPal, số dư không thay đổi.');
    expect(findAttempt(db, request.reference)?.status).toBe('cancelled');
    expect(await balanceOf(demo)).toBe(before);

    // Approving afterwards is no longer possible.
    const late = await postForm('/sandbox/paypal/decision', {
      token: tokenOf(request),
      decision: 'pay',
    });
    expect(late.statusCode).toBe(409);
    expect(topupRows()).toEqual([]);
  });

  it('a token alone that is not a cancelled payment of the caller changes nothing', async () => {
    const request = await startPaypal(demo, 100_000);
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    await decide(request, 'cancel');
    const answer = await completeTopup(other, {
      payment_method: 'paypal',
      token: tokenOf(request),
    });
    expect(answer.statusCode).toBe(400);
    expect(findAttempt(db, request.reference)?.status).toBe('pending');

    const open = await startPaypal(demo, 100_000);
    const notCancelled = await completeTopup(demo, {
      payment_method: 'paypal',
      token: tokenOf(open),
    });
    expect(notCancelled.statusCode).toBe(400);
    expect(findAttempt(db, open.reference)?.status).toBe('pending');
  });
});

describe('the PayPal attempt as the customer sees it (issue 17)', () => {
  const attemptOf = (reference: string) => demo.get(`/billing/payment_attempts/${reference}`);
  const pendingReferences = async () =>
    (await demo.get('/billing/payment_attempts', undefined, { status: 'pending' }))
      .json()
      .items.map((item: { reference: string }) => item.reference);

  it('shows a pending sale as processing and lists it until it completes, then credited once', async () => {
    const before = await balanceOf(demo);
    const request = await startPaypal(demo, 150_000);
    const query = await decide(request, 'pay_pending');
    // The return names our reference, so the result page can ask for it.
    expect(query.reference).toBe(request.reference);
    expect((await completeTopup(demo, query)).statusCode).toBe(400);

    expect((await attemptOf(request.reference)).json()).toMatchObject({
      reference: request.reference,
      method: 'paypal',
      amount: 150_000,
      charged_amount: 5.89,
      charged_currency: 'USD',
      status: 'pending',
      reason: 'PayPal đang xử lý khoản thanh toán (eCheck)',
      transaction_id: query.paymentId,
      balance_after: null,
    });
    expect(await pendingReferences()).toEqual([request.reference]);

    // Completing twice credits once.
    for (const expected of [200, 409]) {
      const answer = await postForm('/sandbox/paypal/complete-sale', {
        paymentId: query.paymentId!,
      });
      expect(answer.statusCode).toBe(expected);
    }
    expect(await balanceOf(demo)).toBe(before + 150_000);
    expect(topupRows()).toEqual([
      {
        user_id: expect.any(Number),
        method: 'paypal',
        amount: 150_000,
        reference: request.reference,
      },
    ]);
    expect((await attemptOf(request.reference)).json()).toMatchObject({
      status: 'credited',
      credited_amount: 150_000,
      balance_after: before + 150_000,
      reason: null,
    });
    expect(await pendingReferences()).toEqual([]);
  });

  it('records a cancel as cancelled, and an approval page left alone is not listed as pending', async () => {
    const cancelled = await startPaypal(demo, 100_000);
    await completeTopup(demo, await decide(cancelled, 'cancel'));
    expect((await attemptOf(cancelled.reference)).json()).toMatchObject({
      status: 'cancelled',
      reason: 'Bạn đã huỷ thanh toán trên PayPal',
    });
    await startPaypal(demo, 100_000);
    expect(await pendingReferences()).toEqual([]);
  });

  it('the approval page and the sandbox page follow the language the link named, then remember it', async () => {
    const request = await startPaypal(demo, 100_000);
    const url = new URL(request.url);
    url.searchParams.set('locale.x', 'en_US');
    const page = await app.inject({
      url: url.pathname + url.search,
      headers: { 'accept-language': 'vi' },
    });
    expect(page.body).toContain('<html lang="en">');
    const cookies = ([] as (string | undefined)[]).concat(page.headers['set-cookie']);
    const lang = cookies.find((line) => line?.startsWith('sandbox_lang='))!.split(';')[0];
    const sandbox = await app.inject({
      url: '/sandbox',
      headers: { 'accept-language': 'vi', cookie: lang },
    });
    expect(sandbox.body).toContain('<html lang="en">');
    expect(sandbox.body).toContain('Verified customer with a balance of 5.000.000 ₫');
    const vietnamese = await app.inject({ url: '/sandbox?lang=vi', headers: { cookie: lang } });
    expect(vietnamese.body).toContain('<html lang="vi">');
    expect(vietnamese.body).toContain('Khách hàng đã xác thực, số dư 5.000.000 ₫');
  });
});
