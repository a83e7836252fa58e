import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { formatInVietnam, vietnamMonthStartAfter } from '../../src/domain/vietnamTime';
import {
  apiAs,
  buyServer,
  NEW_CUSTOMER,
  register,
  signIn,
  testApp,
  testClock,
  type Api,
} from '../testing';

type Summary = components['schemas']['DashboardSummary'];
type ServerStatus = components['schemas']['ServerStatus'];

const SECOND = 1000;
const DAY = 24 * 60 * 60 * SECOND;
/** The default build takes 20 seconds; a volume or snapshot task 5. */
const BUILD = 20 * SECOND;
const TASK = 5 * SECOND;
const ALL = { per_page: '9999' };

const STATUSES: ServerStatus[] = [
  'building',
  'active',
  'shutoff',
  'rebooting',
  'resizing',
  'rebuilding',
  'restoring',
  'deleting',
  'error',
  'suspended',
];

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;

afterEach(async () => {
  await app?.close();
});

async function start() {
  ({ app, clock } = await testApp());
}

const as = async (email: string, password?: string) =>
  apiAs(app, await signIn(app, email, password));

async function summaryOf(api: Api): Promise<Summary> {
  const response = await api.get('/dashboard/summary');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Summary;
}

const totalOf = async (api: Api, path: string, query: Record<string, string> = {}) => {
  const response = await api.get(path, undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { total: number }).total;
};

/** What the list endpoints answer, in the summary's shape (the parts that are counts). */
async function whatTheListsSay(api: Api) {
  const byStatus = Object.fromEntries(
    await Promise.all(
      STATUSES.map(async (status) => [status, await totalOf(api, '/cloud/servers', { status })]),
    ),
  );
  const user = (await api.get('/auth/user')).json() as components['schemas']['UserInfo'];
  const orders = (await api.get('/billing/orders')).json().items;
  const invoices = (await api.get('/billing/invoices')).json().items;
  return {
    servers: { total: await totalOf(api, '/cloud/servers'), by_status: byStatus },
    volumes: {
      total: await totalOf(api, '/storage/volumes'),
      in_use: await totalOf(api, '/storage/volumes', { status: 'in_use' }),
    },
    snapshots: await totalOf(api, '/storage/snapshots'),
    ssh_keys: await totalOf(api, '/cloud/ssh_keys'),
    open_tickets: await totalOf(api, '/support/tickets', { status: 'open' }),
    balance: user.balance,
    unpaid_amount: user.unpaid_amount,
    trial: user.trial,
    recent_orders: orders.slice(0, 5),
    recent_invoices: invoices.slice(0, 5),
  };
}

/** The ledger's payments by Vietnam month, as `GET /billing/balance_adjustments` lists them. */
async function paymentsByMonth(api: Api): Promise<Map<string, number>> {
  const rows = (
    await api.get('/billing/balance_adjustments', undefined, { ...ALL, type: 'payment' })
  ).json().items as components['schemas']['BalanceAdjustment'][];
  const months = new Map<string, number>();
  for (const row of rows) {
    const month = formatInVietnam(row.created, 'YYYY-MM');
    months.set(month, (months.get(month) ?? 0) - row.amount);
  }
  return months;
}

/** Demo's account with two servers (one off), volumes (one attached), a snapshot and keys. */
async function furnishDemo(api: Api) {
  const web = await buyServer(api, { name: 'web-01', dataDisks: [{ size: 50, type: 'SSD' }] });
  await buyServer(api, { name: 'db-01' });
  clock.advance(BUILD);
  const off = await api.post(`/cloud/servers/${web}/action`, { action: 'power_off' });
  expect(off.statusCode, off.body).toBe(202);
  const loose = await api.post('/storage/volumes', { name: 'backup-01', size: 20, type: 'HDD' });
  expect(loose.statusCode, loose.body).toBe(201);
  clock.advance(TASK);
  const snapshot = await api.post('/storage/snapshots', {
    name: 'backup-copy',
    volume_id: (loose.json() as components['schemas']['VolumeCharge']).volume.id,
  });
  expect(snapshot.statusCode, snapshot.body).toBe(201);
  for (const name of ['laptop', 'ci-runner']) {
    expect((await api.post('/cloud/ssh_keys', { name })).statusCode).toBe(201);
  }
  // An order left unpaid is one of the recent orders, not a server.
  const pending = await api.post('/billing/orders', {
    type: 'create_volume',
    interval_count: 1,
    data: { name: 'later-01', size: 10, type: 'SSD' },
  });
  expect(pending.statusCode, pending.body).toBe(201);
  clock.advance(TASK);
}

describe('getDashboardSummary', () => {
  it('needs a session', async () => {
    await start();
    expect((await app.inject({ url: '/api/v1/dashboard/summary' })).statusCode).toBe(401);
  });

  it('shows a fresh account as empty: zero counts, no records, twelve months of nothing', async () => {
    await start();
    expect((await register(app)).statusCode).toBe(201);
    const api = await as(NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    const summary = await summaryOf(api);

    expect(summary).toEqual({
      servers: {
        total: 0,
        by_status: Object.fromEntries(STATUSES.map((status) => [status, 0])),
      },
      volumes: { total: 0, in_use: 0 },
      snapshots: 0,
      ssh_keys: 0,
      open_tickets: 0,
      balance: 0,
      unpaid_amount: 0,
      recent_orders: [],
      recent_invoices: [],
      next_renewals: [],
      trial: expect.objectContaining({ active: false, start_date: null }),
      spending: expect.any(Array),
    });
    expect(summary).toMatchObject(await whatTheListsSay(api));
    expect(summary.spending.map((month) => month.amount)).toEqual(new Array(12).fill(0));
  });

  it('says what the lists say for an account with servers, volumes, snapshots and keys', async () => {
    await start();
    const demo = await as('demo@example.vn');
    await furnishDemo(demo);
    const summary = await summaryOf(demo);

    expect(summary).toMatchObject(await whatTheListsSay(demo));
    // The numbers themselves, so that a list and the summary cannot be wrong together.
    expect(summary.servers.total).toBe(2);
    expect(summary.servers.by_status).toMatchObject({ active: 1, shutoff: 1, building: 0 });
    expect(summary.volumes).toEqual({ total: 2, in_use: 1 });
    expect(summary.snapshots).toBe(1);
    expect(summary.ssh_keys).toBe(2);
    expect(summary.recent_orders.map((order) => order.status)).toEqual([
      'pending',
      'paid',
      'paid',
      'paid',
      'paid',
    ]);
  });

  it('counts servers by the status their list shows at this moment, a build included', async () => {
    await start();
    const demo = await as('demo@example.vn');
    await buyServer(demo, { name: 'web-01' });
    expect((await summaryOf(demo)).servers.by_status).toMatchObject({ building: 1, active: 0 });
    expect(await totalOf(demo, '/cloud/servers', { status: 'building' })).toBe(1);
    clock.advance(BUILD);
    expect((await summaryOf(demo)).servers.by_status).toMatchObject({ building: 0, active: 1 });
  });

  it('counts a server suspended for its unpaid renewal as suspended, as its list does', async () => {
    await start();
    const demo = await as('demo@example.vn');
    await buyServer(demo, { name: 'web-01' });
    const off = await demo.patch('/account/profile', { auto_pay_renewals: false });
    expect(off.statusCode, off.body).toBe(200);
    // Past the end of the paid period (this month) and the grace after it: the sweep the move
    // runs issues the renewal, finds it unpaid and suspends the server.
    const moved = await app.inject({
      method: 'POST',
      url: '/sandbox/clock',
      payload: { advance: { days: 40 } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // A new sign-in: the first session has been idle too long by now.
    const later = await as('demo@example.vn');
    const summary = await summaryOf(later);

    expect(summary.servers.by_status).toMatchObject({ suspended: 1, active: 0, shutoff: 0 });
    expect(summary).toMatchObject(await whatTheListsSay(later));
  });

  it('never counts another account’s records', async () => {
    await start();
    const demo = await as('demo@example.vn');
    const agency = await as('agency@example.vn');
    const before = await summaryOf(agency);
    await furnishDemo(demo);

    const after = await summaryOf(agency);
    expect(after).toMatchObject(await whatTheListsSay(agency));
    expect(after.servers).toEqual(before.servers);
    expect(after.volumes).toEqual(before.volumes);
    expect([after.snapshots, after.ssh_keys]).toEqual([before.snapshots, before.ssh_keys]);
    expect(after.recent_orders).toEqual(before.recent_orders);
    expect(after.recent_invoices).toEqual(before.recent_invoices);
    expect(after.spending).toEqual(before.spending);
  });

  it('sums the ledger’s payments by Vietnam month over the last twelve, oldest first', async () => {
    await start();
    await buyServer(await as('demo@example.vn'), { name: 'web-01' });
    clock.advance(40 * DAY);
    // A new sign-in: the first session has been idle too long by now.
    const demo = await as('demo@example.vn');
    await buyServer(demo, { name: 'web-02' });
    await buyServer(demo, { name: 'web-03' });
    const now = clock.now();
    const summary = await summaryOf(demo);

    const expectedMonths = Array.from({ length: 12 }, (_, index) =>
      formatInVietnam(vietnamMonthStartAfter(now, index - 11), 'YYYY-MM'),
    );
    expect(summary.spending.map((month) => month.month)).toEqual(expectedMonths);
    const ledger = await paymentsByMonth(demo);
    expect(summary.spending).toEqual(
      expectedMonths.map((month) => ({ month, amount: ledger.get(month) ?? 0 })),
    );
    // Two months carry payments: the first server's, then the two bought 40 days later.
    expect(summary.spending.filter((month) => month.amount > 0)).toHaveLength(2);
    expect(summary.spending.at(-1)?.amount).toBeGreaterThan(0);
  });

  it('leaves payments older than twelve months out of the chart', async () => {
    await start();
    await buyServer(await as('demo@example.vn'), { name: 'web-01' });
    clock.advance(400 * DAY);
    const summary = await summaryOf(await as('demo@example.vn'));
    expect(summary.spending.map((month) => month.amount)).toEqual(new Array(12).fill(0));
  });

  it('counts the open tickets its list counts, a resolved one no longer, another’s never', async () => {
    await start();
    const demo = await as('demo@example.vn');
    const agency = await as('agency@example.vn');
    const ticket = { subject: 'Máy chủ chậm', content: 'Máy chủ web-01 phản hồi chậm.' };
    const ids: number[] = [];
    for (const api of [demo, demo, demo, agency]) {
      const opened = await api.post('/support/tickets', ticket);
      expect(opened.statusCode, opened.body).toBe(201);
      ids.push((opened.json() as { id: number }).id);
    }
    const resolved = await demo.post(`/support/tickets/${ids[0]}/resolve`);
    expect(resolved.statusCode, resolved.body).toBe(200);

    expect((await summaryOf(demo)).open_tickets).toBe(2);
    expect(await totalOf(demo, '/support/tickets', { status: 'open' })).toBe(2);
    expect((await summaryOf(agency)).open_tickets).toBe(1);
  });

  it('lists the next renewals soonest first, an overdue one leading, from the packages', async () => {
    await start();
    const expired = await as('expired@example.vn');
    const summary = await summaryOf(expired);
    const packages = (await expired.get('/billing/packages', undefined, ALL)).json()
      .items as components['schemas']['Package'][];

    expect(summary.next_renewals).toEqual(
      [...packages].sort((a, b) => a.end.localeCompare(b.end)).slice(0, 5),
    );
    expect(summary.next_renewals[0]?.status).toBe('expired');
    expect(summary.unpaid_amount).toBeGreaterThan(0);
    expect(summary).toMatchObject(await whatTheListsSay(expired));
  });

  it('keeps at most five renewals, the soonest', async () => {
    await start();
    const demo = await as('demo@example.vn');
    // Sorted by end: three of 1 month, two of 3, then the one of 6, which is left out.
    for (const [index, interval] of ([6, 1, 3, 1, 1, 3] as const).entries()) {
      await buyServer(demo, { name: `web-0${index + 1}`, cpu: 1, ram: 1, disk: 20, interval });
    }
    const summary = await summaryOf(demo);
    const packages = (await demo.get('/billing/packages', undefined, ALL)).json()
      .items as components['schemas']['Package'][];
    expect(packages).toHaveLength(6);
    expect(summary.next_renewals).toHaveLength(5);
    const ends = summary.next_renewals.map((item) => item.end);
    expect(ends).toEqual([...ends].sort());
    expect(ends).not.toContain(
      [...packages].sort((a, b) => b.end.localeCompare(a.end))[0]?.end ?? '',
    );
  });

  it('shows a running trial as the account’s user info shows it', async () => {
    await start();
    const trial = await as('trial@example.vn');
    const summary = await summaryOf(trial);
    expect(summary.trial).toMatchObject({ active: true, expired: false });
    expect(summary).toMatchObject(await whatTheListsSay(trial));
    expect(summary.servers.total).toBe(1);
  });
});
