import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { quoteUntil, vietnamMonthStartAfter, type PricedProduct } from '../../src/domain/pricing';
import { AGENCY_CUSTOMERS, DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed';
import { signIn, START, testApp, withToken } from '../testing';

const DAY_MS = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
afterEach(async () => {
  await app.close();
});

async function userInfo(email: string) {
  const token = await signIn(app, email, DEMO_PASSWORD);
  return (await app.inject({ url: '/api/v1/auth/user', headers: withToken(token) })).json();
}

describe('the demo accounts', () => {
  it('all sign in with the published password and have Vietnamese names', async () => {
    ({ app } = await testApp());
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual([
      'demo@example.vn',
      'agency@example.vn',
      'trial@example.vn',
      'expired@example.vn',
      'unverified@example.vn',
      'whitelist@example.vn',
    ]);
    for (const account of DEMO_ACCOUNTS) {
      const user = await userInfo(account.email);
      expect(user.fullname).toBe(account.fullname);
      expect(user.phone).toMatch(/^\+849\d{8}$/);
    }
  });

  it('each show the situation they are meant to demonstrate', async () => {
    ({ app } = await testApp());
    expect(await userInfo('demo@example.vn')).toMatchObject({
      email_verified: true,
      balance: 5_000_000,
      is_agency: false,
    });
    expect(await userInfo('agency@example.vn')).toMatchObject({
      email_verified: true,
      is_agency: true,
    });
    const trial = await userInfo('trial@example.vn');
    expect(trial).toMatchObject({ email_verified: true, has_expired_invoices: false });
    expect(trial.trial).toMatchObject({ active: true, expired: false });
    expect(trial.balance).toBeLessThan(trial.trial.amount_to_upgrade);
    const expired = await userInfo('expired@example.vn');
    expect(expired).toMatchObject({ email_verified: true, has_expired_invoices: true });
    expect(expired.trial).toMatchObject({ active: true, expired: true });
    expect(await userInfo('unverified@example.vn')).toMatchObject({ email_verified: false });
    expect(await userInfo('whitelist@example.vn')).toMatchObject({
      email_verified: true,
      is_in_whitelist: true,
      has_expired_invoices: true,
    });
  });

  it('give the agency one running server and the demo account none', async () => {
    ({ app } = await testApp());
    const servers = async (email: string) => {
      const token = await signIn(app, email, DEMO_PASSWORD);
      return (await app.inject({ url: '/api/v1/cloud/servers', headers: withToken(token) })).json();
    };
    expect((await servers('demo@example.vn')).total).toBe(0);
    const agency = await servers('agency@example.vn');
    expect(agency.items).toEqual([
      expect.objectContaining({ name: 'agency-web-01', status: 'active', progress: 100 }),
    ]);
  });

  it('give the trial accounts a real trial server, and expired@ its one overdue trial bill', async () => {
    ({ app } = await testApp());
    const as = async (email: string) => {
      const headers = withToken(await signIn(app, email, DEMO_PASSWORD));
      return (url: string) => app.inject({ url: `/api/v1${url}`, headers }).then((r) => r.json());
    };
    const trialServer = {
      status: 'active',
      cpu: 1,
      ram: 1,
      disk: 10,
      disk_type: 'SSD',
      datacenter: 'HN',
      expiry: null,
      unused_prepaid_amount: 0,
      plan: { price: 240_000, interval: 'month', interval_count: 1 },
    };

    const trial = await as('trial@example.vn');
    expect((await trial('/cloud/servers')).items).toEqual([
      expect.objectContaining({ name: 'vps-dung-thu-01', ...trialServer }),
    ]);
    const trialInfo = await trial('/auth/user');
    expect(trialInfo.balance).toBe(0);
    expect(trialInfo.trial.amount_to_upgrade).toBe((await trial('/auth/trial')).total);
    expect((await trial('/auth/trial')).invoice_id).toBeNull();
    expect((await trial('/billing/invoices')).items).toEqual([]);
    expect((await trial('/billing/packages')).items).toEqual([
      expect.objectContaining({ resource: 'vps-dung-thu-01', status: 'trial' }),
    ]);

    // The sweep at start issued the ended trial's one bill: from the trial's end (a day ago) to
    // the end of this month, due at the trial's end.
    const expired = await as('expired@example.vn');
    const [server] = (await expired('/cloud/servers')).items;
    expect(server).toMatchObject({ name: 'vps-het-han-01', ...trialServer });
    const { end_date: trialEnd } = (await expired('/auth/user')).trial;
    expect(trialEnd).toBe(new Date(START.getTime() - DAY_MS).toISOString());
    const products = new Map(
      ((await expired('/billing/products?per_page=9999')).products as PricedProduct[]).map(
        (product) => [product.code, product],
      ),
    );
    const lines = (
      [
        ['cpu', 1],
        ['ram', 1],
        ['volume_ssd', 10],
        ['wan_ipv4', 1],
      ] as const
    ).map(([code, quantity]) => ({ product: products.get(code) as PricedProduct, quantity }));
    const amount = quoteUntil(lines, vietnamMonthStartAfter(START, 1), 1, new Date(trialEnd)).total;
    const invoices = (await expired('/billing/invoices')).items;
    expect(invoices).toEqual([
      expect.objectContaining({
        status: 'open',
        amount,
        created: START.toISOString(),
        due_date: trialEnd,
        resource_type: null,
        resource_id: null,
        description: expect.stringMatching(/^Nâng cấp tài khoản dùng thử: vps-het-han-01 \(/),
      }),
    ]);
    expect(await expired('/auth/trial')).toMatchObject({
      total: amount,
      invoice_id: invoices[0].id,
    });
    expect((await expired('/billing/packages')).items).toEqual([
      expect.objectContaining({ resource: 'vps-het-han-01', status: 'expired' }),
    ]);
  });

  it('give whitelist@ the overdue renewal of its own server, which is not suspended', async () => {
    ({ app } = await testApp());
    const headers = withToken(await signIn(app, 'whitelist@example.vn', DEMO_PASSWORD));
    const get = (url: string) =>
      app.inject({ url: `/api/v1${url}`, headers }).then((r) => r.json());
    const periodEnd = new Date(START.getTime() - 10 * DAY_MS).toISOString();

    const [server] = (await get('/cloud/servers')).items;
    expect(server).toMatchObject({
      name: 'vps-uu-tien-01',
      status: 'active',
      expiry: periodEnd,
      unused_prepaid_amount: 0,
    });
    expect((await get('/billing/invoices')).items).toEqual([
      expect.objectContaining({
        status: 'open',
        amount: server.plan.price,
        due_date: periodEnd,
        resource_type: 'server',
        resource_id: server.id,
        description: expect.stringMatching(/^vps-uu-tien-01: gia hạn 1 tháng \(/),
      }),
    ]);
    expect(await get('/auth/user')).toMatchObject({
      is_in_whitelist: true,
      has_expired_invoices: true,
      unpaid_amount: server.plan.price,
    });
  });

  it('give the agency four customers with servers and a year of paid invoices', async () => {
    ({ app } = await testApp());
    const agency = withToken(await signIn(app, 'agency@example.vn', DEMO_PASSWORD));
    const accounts = (await app.inject({ url: '/api/v1/agency/accounts', headers: agency })).json();
    expect(accounts.items.map((account: { email: string }) => account.email).sort()).toEqual(
      AGENCY_CUSTOMERS.map((customer) => customer.email).sort(),
    );
    for (const customer of AGENCY_CUSTOMERS) {
      const headers = withToken(await signIn(app, customer.email, DEMO_PASSWORD));
      const get = (url: string) =>
        app
          .inject({ url: `/api/v1${url}`, headers, query: { per_page: '100' } })
          .then((r) => r.json());
      const servers = await get('/cloud/servers');
      expect(servers.items.map((server: { name: string }) => server.name).sort()).toEqual(
        customer.servers.map((server) => server.name).sort(),
      );
      const user = await get('/auth/user');
      expect(user).toMatchObject({
        email_verified: true,
        has_expired_invoices: false,
        unpaid_amount: 0,
      });
      // The first invoice and one renewal a month since, per server, all paid.
      const invoices = await get('/billing/invoices');
      expect(invoices.total).toBe(customer.servers.length * (customer.joinedMonthsAgo + 1));
      expect(invoices.items.every((invoice: { status: string }) => invoice.status === 'paid')).toBe(
        true,
      );
      const monthly = new Map(
        servers.items.map((server: { id: number; plan: { price: number } }) => [
          server.id,
          server.plan.price,
        ]),
      );
      const renewals = invoices.items.filter((invoice: { description: string }) =>
        invoice.description.includes('gia hạn'),
      );
      for (const renewal of renewals) expect(renewal.amount).toBe(monthly.get(renewal.resource_id));
      // Every payment and top-up is a ledger row: the history adds up to the balance.
      const ledger = await get('/billing/balance_adjustments');
      const sum = ledger.items.reduce(
        (total: number, row: { amount: number }) => total + row.amount,
        0,
      );
      expect(sum).toBe(user.balance);
      expect(user.balance).toBeGreaterThanOrEqual(0);
    }
  });

  it('are not created when seeding is turned off', async () => {
    ({ app } = await testApp({ seed: false }));
    const response = await app.inject({
      url: '/api/v1/auth/token',
      headers: {
        authorization: `Basic ${Buffer.from(`demo@example.vn:${DEMO_PASSWORD}`).toString('base64')}`,
      },
    });
    expect(response.statusCode).toBe(401);
  });
});
