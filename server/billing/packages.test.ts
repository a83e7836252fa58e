import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { quote, type OrderLine } from '../../src/domain/pricing';
import { packageIdOf, packageStatus, resourceOfPackageId } from './packages';
import {
  apiAs,
  buyServer,
  serverOrderFor,
  signIn,
  START,
  testApp,
  testClock,
  type Api,
  moveSandboxClock,
} from '../testing';

type Package = components['schemas']['Package'];
type PackageList = components['schemas']['PackageList'];

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
/** The default build takes 20 seconds. */
const BUILD = 20 * SECOND;
/** What a server bought at START for one month is paid until: 1 April 2025, 00:00 in Vietnam. */
const END_OF_MARCH = '2025-03-31T17:00:00.000Z';

// The catalog's monthly prices (migration catalog_orders_servers), as the portal would show them.
const CPU = { id: 1, name: 'CPU', code: 'cpu', price: 90_000 };
const RAM = { id: 2, name: 'RAM', code: 'ram', price: 60_000 };
const SSD = { id: 3, name: 'DISK SSD', code: 'volume_ssd', price: 4_000 };
const IPV4 = { id: 7, name: 'WAN IPv4', code: 'wan_ipv4', price: 50_000 };

/** A 2-core, 4 GB, 40 GB SSD server with its primary IPv4. */
const SERVER_LINES: OrderLine[] = [
  { product: CPU, quantity: 2 },
  { product: RAM, quantity: 4 },
  { product: SSD, quantity: 40 },
  { product: IPV4, quantity: 1 },
];
const SERVER_MONTHLY = 2 * 90_000 + 4 * 60_000 + 40 * 4_000 + 50_000;

/** What the shared pricing charges for the rest of the month that holds `now`. */
const thisMonth = (lines: OrderLine[], now: Date) => quote(lines, 1, now).total;

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;

async function start(email = 'demo@example.vn') {
  ({ app, clock } = await testApp());
  api = apiAs(app, await signIn(app, email));
}

afterEach(async () => {
  await app?.close();
});

async function packages(query?: Record<string, string>): Promise<PackageList> {
  const response = await api.get('/billing/packages', undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function onePackage(id: number): Promise<Package> {
  const response = await api.get(`/billing/package/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a server is one package', () => {
  it('with its products, plan and period, priced this month as the shared pricing says', async () => {
    await start();
    const placed = await api.post('/billing/orders', serverOrderFor({ name: 'web-01' }));
    const paid = await api.post(`/billing/orders/${placed.json().id}/pay`);
    const serverId = paid.json().order.resource_id as number;

    const { items, total, page, per_page } = await packages();
    expect({ total, page, per_page }).toEqual({ total: 1, page: 1, per_page: 20 });
    const expected: Package = {
      id: packageIdOf('server', serverId),
      resource_type: 'server',
      resource_id: serverId,
      resource: 'web-01',
      status: 'active',
      plan: { price: SERVER_MONTHLY, interval: 'month', interval_count: 1 },
      start: START.toISOString(),
      end: END_OF_MARCH,
      price: { monthly: SERVER_MONTHLY, charge_this_month: thisMonth(SERVER_LINES, START) },
      products: [
        { product_id: 1, name: 'CPU', quantity: 2 },
        { product_id: 2, name: 'RAM', quantity: 4 },
        { product_id: 3, name: 'DISK SSD', quantity: 40 },
        { product_id: 7, name: 'WAN IPv4', quantity: 1 },
      ],
    };
    expect(items).toEqual([expected]);
    // The same story as the order that bought it: this month costs what the order charged.
    expect(expected.price.charge_this_month).toBe(paid.json().order.amount);
    expect(await onePackage(expected.id)).toEqual(expected);
  });

  it('prices its plan for the whole interval and keeps the plan price per month', async () => {
    await start();
    const placed = await api.post(
      '/billing/orders',
      serverOrderFor({ name: 'web-06', interval: 6 }),
    );
    const paid = await api.post(`/billing/orders/${placed.json().id}/pay`);
    const serverId = paid.json().order.resource_id as number;
    const item = await onePackage(packageIdOf('server', serverId));
    expect(item.plan).toEqual({ price: 6 * SERVER_MONTHLY, interval: 'month', interval_count: 6 });
    // Six months were paid this month: that is this month's charge.
    expect(item.price).toEqual({ monthly: SERVER_MONTHLY, charge_this_month: paid.json().total });
    expect(item.end).toBe('2025-08-31T17:00:00.000Z');
  });

  it('is expired once its period is over, and charges nothing in a month with no invoice for it', async () => {
    await start();
    const serverId = await buyServer(api, { name: 'web-01' });
    const id = packageIdOf('server', serverId);
    clock.advance(BUILD);
    expect((await onePackage(id)).status).toBe('active');

    clock.advance(40 * DAY); // 10 April 2025: past the end of March
    api = apiAs(app, await signIn(app, 'demo@example.vn')); // the first session has gone idle
    const item = await onePackage(id);
    expect(item.status).toBe('expired');
    expect(item.end).toBe(END_OF_MARCH);
    // No renewal was issued (no sweep ran) and March's order was March's.
    expect(item.price.charge_this_month).toBe(0);
    expect((await packages({ status: 'expired' })).items.map((p) => p.id)).toEqual([id]);
    expect((await packages({ status: 'active' })).total).toBe(0);
  });
});

describe('data volumes and extra addresses', () => {
  it('are packages of their own, filtered by resource type, newest first and paged', async () => {
    await start();
    const first = await buyServer(api, { name: 'web-01' });
    clock.advance(DAY);
    const second = await buyServer(api, {
      name: 'db-01',
      dataDisks: [{ size: 100, type: 'HDD' }],
      extraIpv4: 1,
      ipv6: true,
    });
    clock.advance(BUILD);

    const all = await packages();
    expect(all.total).toBe(5);
    expect(all.items.map((p) => [p.resource_type, p.resource])).toEqual([
      ['server', 'db-01'],
      ['volume', 'db-01-data-1'],
      ['ip', expect.stringMatching(/:/)],
      ['ip', expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/)],
      ['server', 'web-01'],
    ]);
    expect(all.items.map((p) => p.resource_id)[0]).toBe(second);
    expect(all.items.at(-1)?.resource_id).toBe(first);

    const [volume] = (await packages({ resource_type: 'volume' })).items;
    expect(volume).toMatchObject({
      resource: 'db-01-data-1',
      status: 'active',
      plan: { price: 100 * 2_000, interval: 'month', interval_count: 1 },
      end: END_OF_MARCH,
      // Bought with its server, on the server's invoice: it counts there this month.
      price: { monthly: 100 * 2_000, charge_this_month: 0 },
      products: [{ product_id: 4, name: 'DISK HDD', quantity: 100 }],
    });
    expect(volume && (await onePackage(volume.id))).toEqual(volume);

    const ips = await packages({ resource_type: 'ip' });
    // Extra addresses are charged on their server's invoices, so they count there.
    expect(ips.items.map((p) => [p.price.monthly, p.price.charge_this_month])).toEqual([
      [10_000, 0],
      [50_000, 0],
    ]);
    const [db01] = (await packages({ resource_type: 'server' })).items;
    const db01Invoices = await api.get('/billing/invoices', undefined, {
      resource_id: String(second),
    });
    expect(db01?.price.charge_this_month).toBe(db01Invoices.json().items[0].amount);
    // Each extra address of the server is one package, at the price the address is billed.
    const serverIps = await api.get(`/cloud/servers/${second}/ips`);
    const extra = (serverIps.json().items as components['schemas']['Ip'][])
      .filter((ip) => !ip.primary)
      .map((ip) => [ip.id, ip.price]);
    expect(ips.items.map((p) => [p.resource_id, p.price.monthly]).reverse()).toEqual(extra);

    const paged = await packages({ per_page: '2', page: '2' });
    expect({ total: paged.total, page: paged.page, per_page: paged.per_page }).toEqual({
      total: 5,
      page: 2,
      per_page: 2,
    });
    expect(paged.items).toEqual(all.items.slice(2, 4));
    expect((await packages({ resource_type: 'snapshot' })).total).toBe(0);
  });
});

describe("this month's charge", () => {
  it('is what was paid: a discount code counts (issue 17: 235.000 ₫ shown, 211.000 ₫ paid)', async () => {
    await start();
    const small = { name: 'web-01', cpu: 1, ram: 1, disk: 10 };
    const placed = await api.post('/billing/orders', serverOrderFor(small));
    const paid = await api.post(`/billing/orders/${placed.json().id}/pay`, {
      coupon_code: 'GIAM10',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const { amount, discount, total } = paid.json();
    expect(discount).toBeGreaterThan(0);
    const [item] = (await packages()).items;
    expect(item?.price.charge_this_month).toBe(total);
    expect(item?.price.charge_this_month).toBe(amount - discount);
    // The balance history took the same.
    const history = await api.get('/billing/balance_adjustments', undefined, { type: 'payment' });
    expect(history.json().items[0].amount).toBe(-total);
  });

  it('counts an open renewal, owed, in the month its period starts, and not before', async () => {
    await start();
    const profile = await api.patch('/account/profile', { auto_pay_renewals: false });
    expect(profile.statusCode, profile.body).toBe(200);
    const serverId = await buyServer(api, { name: 'web-01' });
    const id = packageIdOf('server', serverId);
    const march = (await onePackage(id)).price.charge_this_month;

    await moveSandboxClock(app, { days: 27 }); // 28 March: April's renewal is issued, open
    api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const renewal = (await api.get('/billing/invoices', undefined, { status: 'open' })).json()
      .items[0] as { amount: number };
    expect(renewal.amount).toBe(SERVER_MONTHLY);
    expect((await onePackage(id)).price.charge_this_month).toBe(march);

    await moveSandboxClock(app, { days: 5 }); // 2 April: the renewal's period has started, still owed
    api = apiAs(app, await signIn(app, 'demo@example.vn'));
    expect((await onePackage(id)).price.charge_this_month).toBe(SERVER_MONTHLY);
  });
});

describe('ownership', () => {
  it("answers 404 for another customer's package, an unknown one and a deleted resource", async () => {
    await start('agency@example.vn');
    const [seeded] = (await packages()).items;
    expect(seeded).toMatchObject({ resource_type: 'server', resource: 'agency-web-01' });
    const seededId = seeded?.id ?? 0;

    api = apiAs(app, await signIn(app, 'demo@example.vn'));
    expect((await packages()).total).toBe(0);
    const foreign = await api.get(`/billing/package/${seededId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Không tìm thấy gói dịch vụ này.');
    expect((await api.get(`/billing/package/${seededId + 4000}`)).statusCode).toBe(404);
    expect((await api.get('/billing/package/2')).statusCode).toBe(404);

    const serverId = await buyServer(api, { name: 'web-01' });
    clock.advance(BUILD);
    expect((await api.delete(`/cloud/servers/${serverId}`)).statusCode).toBe(202);
    clock.advance(BUILD);
    expect((await api.get(`/billing/package/${packageIdOf('server', serverId)}`)).statusCode).toBe(
      404,
    );
    expect((await packages()).total).toBe(0);
  });

  it('asks for a sign-in', async () => {
    ({ app, clock } = await testApp());
    const response = await app.inject({ url: '/api/v1/billing/packages' });
    expect(response.statusCode).toBe(401);
  });
});

describe('package rules', () => {
  it('derive a stable id from the resource kind and id, and back', () => {
    expect(packageIdOf('server', 7)).toBe(28);
    expect(packageIdOf('volume', 7)).toBe(29);
    expect(packageIdOf('ip', 7)).toBe(31);
    for (const type of ['server', 'volume', 'snapshot', 'ip'] as const) {
      expect(resourceOfPackageId(packageIdOf(type, 12))).toEqual({
        resourceType: type,
        resourceId: 12,
      });
    }
    expect(resourceOfPackageId(3)).toBeUndefined();
  });

  it('put resources of a running trial on trial, and expire them with the trial', () => {
    const periodEnd = new Date(END_OF_MARCH);
    const trial = {
      trial_start: '2025-02-27T08:00:00.000Z',
      trial_end: '2025-03-06T08:00:00.000Z',
    };
    expect(packageStatus(trial, periodEnd, START)).toBe('trial');
    expect(packageStatus(trial, periodEnd, new Date('2025-03-06T08:00:00.000Z'))).toBe('expired');
    const paying = { trial_start: null, trial_end: null };
    expect(packageStatus(paying, periodEnd, START)).toBe('active');
    expect(packageStatus(paying, periodEnd, periodEnd)).toBe('expired');
  });
});
