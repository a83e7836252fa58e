/**
 * Mails in the recipient's language (issue 17): an invoice's mail quotes its keyed lines, and
 * every credit (card, PayPal, bank transfer, gift code) is mailed one receipt naming the reference
 * Payments and the balance history show, however often its answer is replayed.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderMessageText, type MessageText } from '../../src/domain/messageText';
import { groupThousands } from '../../src/domain/money';
import { translateAny } from './i18n';
import { apiAs, buyServer, mailsTo, postSandboxForm, signIn, testApp, type Api } from '../testing';

const DEMO = 'demo@example.vn';
const RETURN_URL = 'http://localhost:8080/idc/billing/payment';

let app: FastifyInstance;

beforeEach(async () => {
  ({ app } = await testApp());
});
afterEach(async () => {
  await app.close();
});

/** Signed in as the portal signs in, in `locale`: every call carries it as Accept-Language. */
async function customerIn(locale: 'vi' | 'en', email = DEMO): Promise<Api> {
  const api = apiAs(app, await signIn(app, email), { 'accept-language': locale });
  expect((await api.get('/auth/user')).statusCode).toBe(200);
  return api;
}

async function advanceDays(days: number) {
  const moved = await app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advance: { days } },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

const textIn = (locale: 'vi' | 'en', text: MessageText) =>
  renderMessageText(text, (key, params) => translateAny(locale, key, params));

const receiptsTo = async (email = DEMO) =>
  (await mailsTo(app, email)).filter((mail) =>
    /^(Biên nhận nạp tiền|Top-up receipt) /.test(mail.subject),
  );

describe('an invoice mail', () => {
  async function renewalMail(locale: 'vi' | 'en') {
    const serverId = await buyServer(await customerIn(locale));
    await advanceDays(25);
    const api = await customerIn(locale);
    const invoices = (await api.get('/billing/invoices', undefined, { status: 'open' })).json();
    const invoice = invoices.items.find(
      (item: { resource_id: number | null }) => item.resource_id === serverId,
    );
    expect(invoice).toBeDefined();
    const detail = (await api.get(`/billing/invoices/${invoice.id}`)).json();
    const mail = (await mailsTo(app, DEMO)).find((sent) => sent.subject.includes(detail.code))!;
    expect(mail).toBeDefined();
    return { mail, detail };
  }

  it("is written in an English account's language: its lines in English, no Vietnamese", async () => {
    const { mail, detail } = await renewalMail('en');
    const [line] = detail.lines as { text: MessageText; description: string }[];
    const english = textIn('en', line!.text);
    expect(english).toMatch(/^web-01: 1-month renewal/);
    expect(mail.subject).toBe(
      `Invoice ${detail.code}: ${groupThousands(detail.amount)} ₫, due 01-04-2025`,
    );
    expect(mail.text).toContain(`Invoice ${detail.code} has been issued: ${english}.`);
    expect(mail.text).toContain('Due date: 01-04-2025');
    expect(mail.text).not.toContain(line!.description);
    expect(mail.text).not.toMatch(/Xin chào|Hoá đơn|gia hạn/);
  });

  it("is written in a Vietnamese account's language", async () => {
    const { mail, detail } = await renewalMail('vi');
    const [line] = detail.lines as { text: MessageText; description: string }[];
    expect(line!.description).toMatch(/^web-01: gia hạn 1 tháng/);
    expect(mail.subject).toMatch(
      new RegExp(`^Hoá đơn ${detail.code}: [\\d.]+ ₫, hạn thanh toán 01-04-2025$`),
    );
    expect(mail.text).toContain(`Hoá đơn ${detail.code} đã được phát hành: ${line!.description}.`);
    expect(mail.text).not.toMatch(/Hello|Invoice|renewal/);
  });
});

describe('every mail to an account', () => {
  const resetMail = async () => {
    const asked = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email: DEMO },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await mailsTo(app, DEMO);
    return mail!;
  };

  it('is in both languages, Vietnamese first, while the account’s language is not known', async () => {
    expect((await resetMail()).subject).toBe('Đặt lại mật khẩu / Reset your password');
  });

  it('is in the language the account last used the portal in, a server’s password and a reset too', async () => {
    await buyServer(await customerIn('en'), { name: 'web-01' });
    const [password] = await mailsTo(app, DEMO);
    expect(password!.subject).toBe('Administrator password of the server web-01');
    expect(password!.text).not.toMatch(/Xin chào|Mật khẩu/);
    expect((await resetMail()).subject).toBe('Reset your password');

    await (await customerIn('vi')).get('/auth/user');
    expect((await resetMail()).subject).toBe('Đặt lại mật khẩu');
  });

  it('carries a generated SSH key once, after the text in the account’s language', async () => {
    const api = await customerIn('en');
    const created = await api.post('/cloud/ssh_keys', { name: 'laptop', public_key: '' });
    expect(created.statusCode, created.body).toBe(201);
    const [mail] = await mailsTo(app, DEMO);
    expect(mail!.subject).toBe('SSH private key laptop');
    expect(mail!.text).not.toMatch(/Xin chào|Khoá bí mật/);
    expect(mail!.text.match(/BEGIN OPENSSH PRIVATE KEY/g)).toHaveLength(1);
  });
});

/** The credit as the customer finds it: the Payments list's and the balance history's references. */
async function booksFor(api: Api, reference: string) {
  const payments = (await api.get('/billing/payments')).json().items as {
    reference: string;
    amount: number;
  }[];
  const history = (await api.get('/billing/balance_adjustments')).json().items as {
    reference: string | null;
    amount: number;
    balance_after: number;
  }[];
  return {
    payment: payments.find((item) => item.reference === reference),
    row: history.find((item) => item.reference === reference),
  };
}

describe('the receipt of a credit', () => {
  it('is mailed once for a card top-up, however often its answer comes back', async () => {
    const api = await customerIn('en');
    const started = (
      await api.post('/billing/gen_payment_req_url', {
        method: 'card',
        amount: 100_000,
        return_url: `${RETURN_URL}?payment_method=card`,
      })
    ).json() as { reference: string; url: string };
    const gateway = new URL(started.url);
    const decided = await postSandboxForm(
      app,
      '/sandbox/onepay/decision',
      { reference: started.reference, decision: 'approved', locale: 'en' },
      { page: gateway.pathname + gateway.search },
    );
    expect(decided.statusCode).toBe(303);
    const answer = Object.fromEntries(new URL(String(decided.headers.location)).searchParams);
    // The return, replayed, and the IPN, replayed: one credit, one receipt.
    for (let i = 0; i < 2; i += 1) {
      expect((await api.get('/billing/topup', undefined, answer)).statusCode).toBe(200);
      const ipn = await app.inject({ url: '/sandbox/onepay/ipn', query: answer });
      expect(ipn.body).toBe('responsecode=1&desc=confirm-success');
    }

    const receipts = await receiptsTo();
    expect(receipts).toHaveLength(1);
    const { payment, row } = await booksFor(api, started.reference);
    expect(payment?.reference).toBe(started.reference);
    expect(row?.reference).toBe(started.reference);
    expect(receipts[0]!.subject).toBe(`Top-up receipt ${started.reference}: 100.000 ₫`);
    expect(receipts[0]!.text).toContain('Your account has been credited with 100.000 ₫.');
    expect(receipts[0]!.text).toContain('Method: Card (OnePay gateway).');
    expect(receipts[0]!.text).toContain(`Reference: ${started.reference}.`);
    expect(receipts[0]!.text).toMatch(/Date: 01-03-2025 \d\d:\d\d\./);
    expect(receipts[0]!.text).toContain(`New balance: ${groupThousands(row!.balance_after)} ₫.`);
    expect(receipts[0]!.text).not.toContain('Xin chào');
  });

  it('is mailed once for a PayPal top-up, in Vietnamese to a Vietnamese account', async () => {
    const api = await customerIn('vi');
    const started = (
      await api.post('/billing/gen_payment_req_url', {
        method: 'paypal',
        amount: 100_000,
        return_url: RETURN_URL,
      })
    ).json() as { reference: string; url: string };
    const token = new URL(started.url).searchParams.get('token')!;
    const decided = await postSandboxForm(
      app,
      '/sandbox/paypal/decision',
      { token, decision: 'pay' },
      { headers: { 'accept-language': 'vi' } },
    );
    expect(decided.statusCode, decided.body).toBe(303);
    const query = Object.fromEntries(new URL(String(decided.headers.location)).searchParams);
    for (let i = 0; i < 3; i += 1) {
      expect((await api.get('/billing/topup', undefined, query)).statusCode).toBe(200);
    }

    const receipts = await receiptsTo();
    expect(receipts).toHaveLength(1);
    const { payment, row } = await booksFor(api, started.reference);
    expect(payment?.reference).toBe(started.reference);
    expect(row?.reference).toBe(started.reference);
    expect(receipts[0]!.subject).toBe(`Biên nhận nạp tiền ${started.reference}: 100.000 ₫`);
    expect(receipts[0]!.text).toContain('Hình thức: PayPal.');
    expect(receipts[0]!.text).toContain(`Mã tham chiếu: ${started.reference}.`);
    expect(receipts[0]!.text).not.toContain('Hello');
  });

  it('is mailed once for a bank transfer reported twice', async () => {
    const api = await customerIn('en');
    const started = (
      await api.post('/billing/gen_payment_req_url', { method: 'bank_transfer', amount: 500_000 })
    ).json() as { reference: string };
    const report = () =>
      postSandboxForm(app, '/sandbox/bank-transfer/received', {
        reference: started.reference,
        amount: '500.000',
      });
    expect((await report()).statusCode).toBeLessThan(400);
    // The second report is refused as already credited.
    expect((await report()).statusCode).toBe(409);

    const receipts = await receiptsTo();
    expect(receipts).toHaveLength(1);
    const { payment, row } = await booksFor(api, started.reference);
    expect(payment?.reference).toBe(started.reference);
    expect(row).toMatchObject({ reference: started.reference, amount: 500_000 });
    expect(receipts[0]!.subject).toBe(`Top-up receipt ${started.reference}: 500.000 ₫`);
    expect(receipts[0]!.text).toContain('Method: Bank transfer.');
  });

  it('is mailed once for a gift code, naming the code as the balance history does', async () => {
    const api = await customerIn('en');
    expect((await api.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(200);
    expect((await api.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(400);

    const receipts = await receiptsTo();
    expect(receipts).toHaveLength(1);
    const { row } = await booksFor(api, 'NAP100K');
    expect(row?.reference).toBe('NAP100K');
    expect(receipts[0]!.subject).toBe('Top-up receipt NAP100K: 100.000 ₫');
    expect(receipts[0]!.text).toContain('Method: Gift code.');
  });

  it('gives both languages while the account has not said which it reads', async () => {
    const api = apiAs(app, await signIn(app, DEMO));
    expect((await api.post('/billing/apply_coupon', { code: 'NAP100K' })).statusCode).toBe(200);
    const [receipt] = await receiptsTo();
    expect(receipt!.subject).toBe(
      'Biên nhận nạp tiền NAP100K: 100.000 ₫ / Top-up receipt NAP100K: 100.000 ₫',
    );
  });
});
