import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CARD_GATEWAY, findAttempt, gatewayAnswer } from '../billing/gateways/cardGateway';
import type { Db } from '../platform/db';
import { AGENCY_CUSTOMERS, DEMO_PASSWORD } from '../sandbox/seed';
import {
  apiAs,
  basicAuth,
  buyServer,
  latestMailTo,
  NEW_CUSTOMER,
  postSandboxForm,
  register,
  signedInSandbox,
  signIn,
  type Api,
  type testClock,
  tokenInMail,
} from '../testing';
import { FAILED_SIGN_INS_KEPT, recordFailedSignIn } from './activity';

const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const ORIGIN = 'http://localhost:8080';

let app: FastifyInstance;
let books: Db;
let demo: Api;
let clock: ReturnType<typeof testClock>;

beforeEach(async () => {
  ({ app, books, clock, api: demo } = await signedInSandbox({ buildSeconds: 0 }));
});

interface Event {
  kind: string;
  group: string;
  actor: string;
  address: string | null;
  user_agent: string | null;
  detail: Record<string, string | number>;
  created: string;
  account_email?: string;
}

async function activity(api: Api, query: Record<string, string> = {}) {
  const response = await api.get('/account/activity', undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Event[]; total: number; page: number; per_page: number };
}

const kindsOf = (events: Event[]) => events.map((event) => event.kind);

const signInFrom = (address: string, email: string, password: string) =>
  app.inject({
    url: '/api/v1/auth/token',
    remoteAddress: address,
    headers: { authorization: basicAuth(email, password), 'user-agent': BROWSER },
  });

describe('sign-ins', () => {
  it('records a sign-in and a wrong password with the address and browser, never the password', async () => {
    expect((await signInFrom('203.0.113.9', 'demo@example.vn', 'doan-sai-1')).statusCode).toBe(401);
    expect((await signInFrom('198.51.100.4', 'demo@example.vn', DEMO_PASSWORD)).statusCode).toBe(
      200,
    );

    const { items } = await activity(demo);
    expect(items.slice(0, 2)).toEqual([
      expect.objectContaining({
        kind: 'sign_in',
        group: 'security',
        actor: 'customer',
        address: '198.51.100.4',
        user_agent: BROWSER,
      }),
      expect.objectContaining({
        kind: 'sign_in_failed',
        actor: 'customer',
        address: '203.0.113.9',
        detail: {},
      }),
    ]);
    const stored = books.prepare('SELECT * FROM account_activity').all();
    expect(JSON.stringify(stored)).not.toContain('doan-sai-1');
    expect(JSON.stringify(stored)).not.toContain(DEMO_PASSWORD);
  });

  it('records the sign-in a confirmation link gives, with who opened it and from where', async () => {
    const registered = await register(app);
    expect(registered.statusCode, registered.body).toBe(201);
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/confirm_email',
      remoteAddress: '198.51.100.7',
      headers: { 'user-agent': BROWSER },
      payload: { token: tokenInMail(await latestMailTo(app, NEW_CUSTOMER.email)) },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const { items } = await activity(apiAs(app, confirmed.json().token));
    expect(items).toEqual([
      expect.objectContaining({
        kind: 'email_confirmed',
        group: 'security',
        actor: 'customer',
        address: '198.51.100.7',
        user_agent: BROWSER,
      }),
    ]);
  });

  it('records nothing for an e-mail that has no account', async () => {
    const before = books.prepare('SELECT COUNT(*) AS n FROM account_activity').get();
    expect((await signInFrom('203.0.113.9', 'khong-co@example.vn', 'doan-sai-1')).statusCode).toBe(
      401,
    );
    expect(books.prepare('SELECT COUNT(*) AS n FROM account_activity').get()).toEqual(before);
  });

  it('keeps only the latest failed sign-ins of an account, so guessing cannot grow the log', async () => {
    const { id } = books.prepare(`SELECT id FROM users WHERE email = 'demo@example.vn'`).get() as {
      id: number;
    };
    for (let i = 0; i < FAILED_SIGN_INS_KEPT + 25; i += 1) {
      recordFailedSignIn(books, id, new Date(Date.UTC(2025, 2, 1, 9, 0, i)), {
        address: `203.0.113.${i}`,
        userAgent: undefined,
      });
    }
    const failed = (await activity(demo, { group: 'security', per_page: '500' })).items.filter(
      (event) => event.kind === 'sign_in_failed',
    );
    expect(failed).toHaveLength(FAILED_SIGN_INS_KEPT);
    // The newest are kept.
    expect(failed[0]?.address).toBe(`203.0.113.${FAILED_SIGN_INS_KEPT + 24}`);
  });
});

describe('account changes', () => {
  it('records a password change and a phone change, never the password', async () => {
    const changed = await demo.post('/account/change_password', {
      old_password: DEMO_PASSWORD,
      new_password: 'Mat-khau-moi-2',
      verify_password: 'Mat-khau-moi-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const phone = await demo.patch('/account/profile', {
      phone: '+84912000111',
      formatted_phone: '0912 000 111',
    });
    expect(phone.statusCode, phone.body).toBe(200);
    // Saving the same phone again changes nothing, so records nothing.
    await demo.patch('/account/profile', { phone: '+84912000111' });

    const { items } = await activity(demo);
    expect(kindsOf(items).slice(0, 3)).toEqual(['phone_changed', 'password_changed', 'sign_in']);
    expect(items[0]).toMatchObject({ actor: 'customer', address: '127.0.0.1' });
    expect(JSON.stringify(items)).not.toContain('Mat-khau-moi-2');
  });

  it('records a password reset from a mailed link, by whoever opened it', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/request_reset_password',
      payload: { email: 'demo@example.vn' },
    });
    const token = tokenInMail(await latestMailTo(app, 'demo@example.vn'));
    const reset = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/users/reset_password',
      remoteAddress: '198.51.100.23',
      headers: { 'user-agent': BROWSER },
      payload: { token, new_password: 'moi-12345' },
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const signedIn = apiAs(app, await signIn(app, 'demo@example.vn', 'moi-12345'));
    const { items } = await activity(signedIn);
    expect(items[1]).toMatchObject({
      kind: 'password_reset',
      actor: 'customer',
      address: '198.51.100.23',
      user_agent: BROWSER,
      detail: {},
    });
    expect(JSON.stringify(items)).not.toContain(token);
  });
});

describe('money', () => {
  it('records a card top-up once credited, with its amount and reference', async () => {
    const started = await demo.post('/billing/gen_payment_req_url', {
      method: 'card',
      amount: 250_000,
      return_url: `${ORIGIN}/idc/billing/payment?payment_method=card`,
    });
    const { reference } = started.json() as { reference: string };
    expect((await activity(demo, { group: 'money' })).items).toEqual([]);
    const answer = gatewayAnswer(
      findAttempt(books, reference)!,
      'approved',
      DEFAULT_CARD_GATEWAY,
      'vi',
    );
    const back = await demo.get('/billing/topup', undefined, {
      payment_method: 'card',
      ...answer,
    });
    expect(back.statusCode, back.body).toBe(200);

    expect((await activity(demo, { group: 'money' })).items).toEqual([
      expect.objectContaining({
        kind: 'top_up',
        actor: 'customer',
        detail: { amount: 250_000, method: 'card', reference },
      }),
    ]);
  });

  it('records a PayPal top-up once the customer returns from an approved payment', async () => {
    const started = await demo.post('/billing/gen_payment_req_url', {
      method: 'paypal',
      amount: 100_000,
      return_url: `${ORIGIN}/idc/billing/payment?payment_method=paypal`,
    });
    expect(started.statusCode, started.body).toBe(200);
    const { reference, url } = started.json() as { reference: string; url: string };
    const token = new URL(url).searchParams.get('token')!;
    const decided = await postSandboxForm(app, '/sandbox/paypal/decision', {
      token,
      decision: 'pay',
    });
    expect(decided.statusCode, decided.body).toBe(303);
    const back = Object.fromEntries(new URL(String(decided.headers.location)).searchParams);
    expect((await demo.get('/billing/topup', undefined, back)).statusCode).toBe(200);

    expect((await activity(demo, { group: 'money' })).items).toEqual([
      expect.objectContaining({
        kind: 'top_up',
        actor: 'customer',
        detail: { amount: 100_000, method: 'paypal', reference },
      }),
    ]);
  });

  it('records a bank transfer when the bank reports it', async () => {
    const started = await demo.post('/billing/gen_payment_req_url', {
      method: 'bank_transfer',
      amount: 300_000,
    });
    const { reference } = started.json() as { reference: string };
    const reported = await postSandboxForm(app, '/sandbox/bank-transfer/received', {
      reference,
      amount: '300000',
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect((await activity(demo, { group: 'money' })).items).toEqual([
      expect.objectContaining({
        kind: 'top_up',
        address: null,
        detail: { amount: 300_000, method: 'bank_transfer', reference },
      }),
    ]);
  });

  it('records the order placed and its payment from the balance, then the server created', async () => {
    await buyServer(demo, { name: 'web-nhat-ky' });
    const { items } = await activity(demo);
    expect(kindsOf(items).slice(0, 3)).toEqual(['payment', 'server_created', 'order_placed']);
    const [payment, created, placed] = items;
    expect(created?.detail).toEqual({ server: 'web-nhat-ky' });
    expect(placed?.detail).toMatchObject({ type: 'create_server' });
    expect(payment?.detail).toMatchObject({ order: placed?.detail.order, type: 'create_server' });
    expect(payment?.detail.amount).toBeGreaterThan(0);
    expect(payment?.detail.invoice).toMatch(/^INV-/);
    for (const event of [payment, created, placed]) {
      expect(event).toMatchObject({ actor: 'customer', address: '127.0.0.1' });
    }
  });
});

describe('renewals', () => {
  const advanceDays = async (days: number) => {
    const moved = await app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advance: { days } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // A long move ends idle sessions, as real time would.
    return apiAs(app, await signIn(app, 'demo@example.vn'));
  };
  const renewalCode = async (api: Api) => {
    const invoices = (await api.get('/billing/invoices', undefined, { status: 'open' })).json();
    return invoices.items[0] as { id: number; code: string };
  };

  it('records a renewal the sweep pays from the balance as the system’s, with no address', async () => {
    await buyServer(demo, { name: 'gia-han-tu-dong' });
    const issued = await renewalCode(await advanceDays(25));
    const later = await advanceDays(6);

    const payments = (await activity(later, { group: 'money' })).items;
    expect(payments[0]).toMatchObject({
      kind: 'payment',
      actor: 'system',
      address: null,
      user_agent: null,
      detail: expect.objectContaining({ invoice: issued.code }),
    });
  });

  it('records an invoice the customer pays as the customer’s', async () => {
    await buyServer(demo, { name: 'gia-han-tay' });
    const api = await advanceDays(25);
    const renewal = await renewalCode(api);
    const paid = await api.post(`/billing/invoices/${renewal.id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);

    expect((await activity(api, { group: 'money' })).items[0]).toMatchObject({
      kind: 'payment',
      actor: 'customer',
      address: '127.0.0.1',
      detail: expect.objectContaining({ invoice: renewal.code }),
    });
  });
});

describe('servers', () => {
  it('records a root password reset, power, rebuild, resize and delete with the server name', async () => {
    const id = await buyServer(demo, { name: 'api-nhat-ky' });
    const reset = await demo.post(`/cloud/servers/${id}/reset_password`, {
      password: 'MatKhau@Root2026',
    });
    expect(reset.statusCode, reset.body).toBe(202);
    clock.advance(1000);
    expect(
      (await demo.post(`/cloud/servers/${id}/action`, { action: 'power_off' })).statusCode,
    ).toBe(202);
    // Each task ends as soon as the test clock moves (a build takes no time here).
    clock.advance(1000);
    const rebuilt = await demo.post(`/cloud/servers/${id}/rebuild`, {
      image_id: 3,
      password: 'ManhMe@2025',
    });
    expect(rebuilt.statusCode, rebuilt.body).toBe(202);
    clock.advance(1000);
    const resized = await demo.post(`/cloud/servers/${id}/resize`, { cpu: 4, ram: 8, disk: 80 });
    expect(resized.statusCode, resized.body).toBe(202);
    clock.advance(1000);
    expect((await demo.delete(`/cloud/servers/${id}`)).statusCode).toBeLessThan(300);

    const { items } = await activity(demo, { group: 'servers' });
    expect(items.map((event) => [event.kind, event.detail])).toEqual([
      ['server_deleted', { server: 'api-nhat-ky' }],
      ['server_resized', { server: 'api-nhat-ky', cpu: 4, ram: 8, disk: 80 }],
      ['server_rebuilt', { server: 'api-nhat-ky', image: 'Debian 12' }],
      ['server_power', { server: 'api-nhat-ky', action: 'power_off' }],
      ['server_password_reset', { server: 'api-nhat-ky' }],
      ['server_created', { server: 'api-nhat-ky' }],
    ]);
    expect(items.every((event) => event.group === 'servers')).toBe(true);
  });
});

describe('the list', () => {
  it('never lists another account’s events', async () => {
    await buyServer(demo, { name: 'rieng-cua-demo' });
    const other = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const { items } = await activity(other);
    expect(JSON.stringify(items)).not.toContain('rieng-cua-demo');
    expect(kindsOf(items)).toEqual(['sign_in']);
  });

  it('filters by group and by Vietnam calendar day, and pages newest first', async () => {
    await buyServer(demo, { name: 'loc-1' });
    const all = await activity(demo);
    expect(all.total).toBe(4);
    expect(kindsOf((await activity(demo, { group: 'security' })).items)).toEqual(['sign_in']);
    expect(kindsOf((await activity(demo, { group: 'money' })).items)).toEqual([
      'payment',
      'order_placed',
    ]);
    // The test clock stands at 2025-03-01 15:00 in Vietnam.
    expect((await activity(demo, { date_from: '2025-03-01', date_to: '2025-03-01' })).total).toBe(
      4,
    );
    expect((await activity(demo, { date_from: '2025-03-02' })).total).toBe(0);
    expect((await activity(demo, { date_to: '2025-02-28' })).total).toBe(0);

    const second = await activity(demo, { page: '2', per_page: '3' });
    expect(second).toMatchObject({ total: 4, page: 2, per_page: 3 });
    expect(kindsOf(second.items)).toEqual(['sign_in']);
  });

  it('refuses a group it does not know', async () => {
    expect((await demo.get('/account/activity', undefined, { group: 'all' })).statusCode).toBe(400);
  });
});

describe('an agency', () => {
  const NEW_ACCOUNT = {
    email: 'khach-nhat-ky@example.vn',
    fullname: 'Đặng Văn Khách',
    phone: '+84987650002',
    formatted_phone: '098 765 00 02',
    password: 'mat-khau-1',
  };

  it('records an account it creates on both accounts, and lists its customers’ events', async () => {
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const created = await agency.post('/agency/accounts', NEW_ACCOUNT);
    expect(created.statusCode, created.body).toBe(201);
    const customerId = (created.json() as { id: number }).id;

    const own = await activity(agency);
    expect(own.items[0]).toMatchObject({
      kind: 'agency_account_created',
      actor: 'customer',
      address: '127.0.0.1',
      detail: { email: NEW_ACCOUNT.email, name: NEW_ACCOUNT.fullname },
    });

    const [customerEmail] = AGENCY_CUSTOMERS.map((customer) => customer.email);
    const customer = apiAs(app, await signIn(app, customerEmail!));
    await buyServer(customer, { name: 'khach-dai-ly-01' });

    const listed = await agency.get('/agency/activity');
    expect(listed.statusCode, listed.body).toBe(200);
    const events = (listed.json() as { items: Event[] }).items;
    expect(events.slice(0, 4)).toEqual([
      expect.objectContaining({ kind: 'payment', account_email: customerEmail }),
      expect.objectContaining({ kind: 'server_created', account_email: customerEmail }),
      expect.objectContaining({ kind: 'order_placed', account_email: customerEmail }),
      expect.objectContaining({ kind: 'sign_in', account_email: customerEmail }),
    ]);
    expect(events).toContainEqual(
      expect.objectContaining({
        kind: 'agency_account_created',
        actor: 'agency',
        account_email: NEW_ACCOUNT.email,
        account_name: NEW_ACCOUNT.fullname,
        detail: { agency: 'agency@example.vn' },
      }),
    );
    // The agency's own sign-in is its own event, not a customer's.
    expect(events.some((event) => event.account_email === 'agency@example.vn')).toBe(false);

    const oneAccount = await agency.get('/agency/activity', undefined, {
      account_id: String(customerId),
    });
    expect(kindsOf(oneAccount.json().items)).toEqual(['agency_account_created']);
    const servers = await agency.get('/agency/activity', undefined, { group: 'servers' });
    expect(kindsOf(servers.json().items)).toEqual(['server_created']);

    // The customer sees its own events, never the agency's.
    const seen = await activity(customer);
    expect(JSON.stringify(seen.items)).not.toContain(NEW_ACCOUNT.email);
    expect(seen.items.every((event) => event.account_email === undefined)).toBe(true);
  });

  it('answers 403 to an account that is not an agency and 404 for an account not its own', async () => {
    expect((await demo.get('/agency/activity')).statusCode).toBe(403);
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const { id } = books.prepare(`SELECT id FROM users WHERE email = 'demo@example.vn'`).get() as {
      id: number;
    };
    const foreign = await agency.get('/agency/activity', undefined, { account_id: String(id) });
    expect(foreign.statusCode).toBe(404);
  });
});
