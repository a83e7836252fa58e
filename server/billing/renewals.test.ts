import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { groupThousands } from '../../src/domain/money';
import { DAY_MS, HOUR_MS } from '../platform/clock';
import { openDatabase, type Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import { DEFAULT_LIFE_POLICY } from '../../src/domain/serviceLife';
import { LIFECYCLE_SWEEP_MS, runLifecycle } from './lifecycle';
import { dueRenewals, issueRenewal, vietnamMonthsAfter } from './renewals';
import {
  apiAs,
  buyServer,
  latestMailTo,
  scratchDir,
  setBalanceAsAdmin,
  serverOrderFor,
  signIn,
  START,
  testApp,
  type Api,
} from '../testing';

const OVERDUE = 'Không thể thực hiện thao tác do: có hoá đơn quá hạn.';

/** web-01 (2 CPU, 4 GB RAM, 40 GB SSD and its IPv4) costs this much a month at catalog prices. */
const WEB_01_MONTHLY = 2 * 90_000 + 4 * 60_000 + 40 * 4_000 + 50_000;

let app: FastifyInstance | undefined;
let books: Db | undefined;
const cleanups: (() => void)[] = [];

afterEach(async () => {
  vi.useRealTimers();
  await app?.close();
  books?.close();
  app = undefined;
  books = undefined;
  cleanups.splice(0).forEach((cleanup) => cleanup());
});

/** A sandbox on a database file, a second connection to it, and demo@example.vn signed in. */
async function sandbox() {
  const { dir, cleanup } = scratchDir();
  cleanups.push(cleanup);
  const dbFile = join(dir, 'sandbox.db');
  ({ app } = await testApp({ dbFile }));
  books = openDatabase(dbFile);
  return { app, books, api: await demoApi(app), dbFile };
}

/** Signs demo@example.vn in again: a month of the clock's time ends idle sessions, as it would. */
const demoApi = async (target: FastifyInstance) =>
  apiAs(target, await signIn(target, 'demo@example.vn'));

/** Renewal invoices of every account (the demo accounts' servers are renewed too). */
const renewalCount = (db: Db) =>
  db
    .prepare('SELECT COUNT(*) FROM invoices WHERE renewal_period_end IS NOT NULL')
    .pluck()
    .get() as number;

async function advance(target: FastifyInstance, step: { days?: number; hours?: number }) {
  const response = await target.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advance: step },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { now: string; offset_ms: number; renewals_issued: number };
}

/** Renewals are then left for the customer to pay, as with a balance that does not cover them. */
async function turnAutoPayOff(api: Api) {
  const response = await api.patch('/account/profile', { auto_pay_renewals: false });
  expect(response.statusCode, response.body).toBe(200);
}

async function openInvoices(api: Api) {
  const response = await api.get('/billing/invoices', undefined, { status: 'open' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as Record<string, unknown>[];
}

async function planPriceOf(api: Api, resourceType: string, resourceId: number) {
  const response = await api.get('/billing/packages', undefined, { resource_type: resourceType });
  const found = (
    response.json().items as { resource_id: number; plan: { price: number }; end: string }[]
  ).find((item) => item.resource_id === resourceId);
  if (!found) throw new Error(`no package for ${resourceType} ${resourceId}`);
  return found;
}

const userInfo = async (api: Api) => (await api.get('/auth/user')).json();

describe('renewal invoices', () => {
  it('issues one open invoice a week before a server’s paid period ends, priced as its package', async () => {
    const { app, books, api } = await sandbox();
    const serverId = await buyServer(api);
    // Bought on 1 March, paid to the start of April (Vietnam time): the period ends then.
    const server = (await api.get(`/cloud/servers/${serverId}`)).json();
    expect(server.expiry).toBe('2025-03-31T17:00:00.000Z');
    const { plan } = await planPriceOf(api, 'server', serverId);
    const before = renewalCount(books);

    // 26 March: the period ends within RENEWAL_NOTICE_DAYS.
    const moved = await advance(app, { days: 25 });

    expect(moved.renewals_issued).toBe(renewalCount(books) - before);
    expect(await openInvoices(await demoApi(app))).toEqual([
      expect.objectContaining({
        status: 'open',
        amount: WEB_01_MONTHLY,
        resource_type: 'server',
        resource_id: serverId,
        description: 'web-01: gia hạn 1 tháng (từ 01-04-2025 đến hết 30-04-2025)',
        // Issued by the first sweep of the notice (the move sweeps once a day, at 08:00 here)…
        created: '2025-03-25T08:00:00.000Z',
        // …and due when the period it renews begins.
        due_date: '2025-03-31T17:00:00.000Z',
      }),
    ]);
    expect(plan.price).toBe(WEB_01_MONTHLY);
    expect((await userInfo(await demoApi(app))).has_expired_invoices).toBe(false);
  });

  it('issues nothing more when the sweep runs again, or another connection sweeps too', async () => {
    const { app, books, api } = await sandbox();
    await buyServer(api);
    await advance(app, { days: 25 });

    expect((await advance(app, { hours: 1 })).renewals_issued).toBe(0);
    const now = new Date((await app.inject({ url: '/sandbox/clock' })).json().now);
    expect(runLifecycle(books, now).renewalsIssued).toBe(0);
    expect(await openInvoices(await demoApi(app))).toHaveLength(1);
  });

  it('lets two sweeps that found the same renewal issue it once', async () => {
    const { books, api, dbFile } = await sandbox();
    await buyServer(api);
    const other = openDatabase(dbFile);
    cleanups.push(() => other.close());
    const later = new Date(START.getTime() + 25 * DAY_MS);

    // Both look before either writes, as two processes racing would.
    const [mine] = dueRenewals(books, later, DEFAULT_LIFE_POLICY);
    const [theirs] = dueRenewals(other, later, DEFAULT_LIFE_POLICY);
    expect(mine).toEqual(theirs);

    expect(issueRenewal(books, mine!, later)).toEqual(expect.any(Number));
    expect(issueRenewal(other, theirs!, later)).toBeUndefined();
    expect(await openInvoices(api)).toHaveLength(1);
  });

  it('renews a data volume on its own invoice, and charges extra addresses with their server', async () => {
    const { app, books, api } = await sandbox();
    const serverId = await buyServer(api, {
      interval: 3,
      extraIpv4: 1,
      dataDisks: [{ size: 50, type: 'HDD' }],
    });
    const [volume] = (await api.get('/storage/volumes')).json().items as { id: number }[];
    const serverPlan = (await planPriceOf(api, 'server', serverId)).plan.price;
    const ipPackages = (
      await api.get('/billing/packages', undefined, { resource_type: 'ip' })
    ).json().items as { plan: { price: number } }[];
    const volumePlan = (await planPriceOf(api, 'volume', volume!.id)).plan.price;

    // Three months from March: paid to the start of June; 27 May is inside the notice.
    const before = renewalCount(books);
    const moved = await advance(app, { days: 87 });

    expect(moved.renewals_issued).toBe(renewalCount(books) - before);
    const invoices = await openInvoices(await demoApi(app));
    expect(invoices).toHaveLength(2);
    expect(invoices).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          resource_type: 'server',
          resource_id: serverId,
          amount: serverPlan + ipPackages[0]!.plan.price,
          description: 'web-01 (+1 IP): gia hạn 3 tháng (từ 01-06-2025 đến hết 31-08-2025)',
        }),
        expect.objectContaining({
          resource_type: 'volume',
          resource_id: volume!.id,
          amount: volumePlan,
          description: 'web-01-data-1: gia hạn 3 tháng (từ 01-06-2025 đến hết 31-08-2025)',
        }),
      ]),
    );
    expect(serverPlan + ipPackages[0]!.plan.price).toBe((WEB_01_MONTHLY + 50_000) * 3);
    expect(volumePlan).toBe(50 * 2_000 * 3);
  });

  it('blocks actions once overdue; paying extends the period and lifts the block', async () => {
    const { app, books, api: buyer } = await sandbox();
    const serverId = await buyServer(buyer);
    await turnAutoPayOff(buyer);
    await advance(app, { days: 25 });
    await advance(app, { days: 9 });
    const api = await demoApi(app);

    expect((await userInfo(api)).has_expired_invoices).toBe(true);
    const blocked = await api.post('/billing/orders', serverOrderFor({ name: 'web-02' }));
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().message).toBe(OVERDUE);

    const [invoice] = await openInvoices(api);
    const paid = await api.post(`/billing/invoices/${invoice!.id as number}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().total).toBe(WEB_01_MONTHLY);

    expect((await api.get(`/cloud/servers/${serverId}`)).json().expiry).toBe(
      '2025-04-30T17:00:00.000Z',
    );
    expect((await userInfo(api)).has_expired_invoices).toBe(false);
    expect((await api.post('/billing/orders', serverOrderFor({ name: 'web-02' }))).statusCode).toBe(
      201,
    );
    expect(ledgerMismatches(books)).toEqual([]);

    // The next period ends with April: its renewal is issued a week before, and only then.
    await advance(app, { days: 15 });
    expect(await openInvoices(api)).toEqual([]);
    await advance(app, { days: 10 });
    expect(await openInvoices(await demoApi(app))).toEqual([
      expect.objectContaining({
        description: 'web-01: gia hạn 1 tháng (từ 01-05-2025 đến hết 31-05-2025)',
      }),
    ]);
  });

  it('leaves the period as it was when the balance cannot pay the renewal', async () => {
    const { app, books, api: buyer } = await sandbox();
    const serverId = await buyServer(buyer, { cpu: 4, ram: 8, disk: 80, interval: 3 });
    await advance(app, { days: 93 });
    const api = await demoApi(app);
    const [invoice] = await openInvoices(api);

    const refused = await api.post(`/billing/invoices/${invoice!.id as number}/pay`);

    expect(refused.statusCode).toBe(402);
    expect((await api.get(`/cloud/servers/${serverId}`)).json().expiry).toBe(
      '2025-05-31T17:00:00.000Z',
    );
    expect(await openInvoices(api)).toHaveLength(1);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('renews every period a long move skips, each issued in its notice and paid on its due date', async () => {
    const { app, books, api: buyer } = await sandbox();
    const serverId = await buyServer(buyer);

    // From 1 March past the start of May: the April and the May periods both fall in the move.
    await advance(app, { days: 62 });
    const api = await demoApi(app);

    const renewals = (
      (await api.get('/billing/invoices')).json().items as {
        resource_id: number;
        order_id: number | null;
        status: string;
        created: string;
        due_date: string;
        paid_at: string;
        description: string;
      }[]
    ).filter((invoice) => invoice.resource_id === serverId && invoice.order_id === null);
    expect(renewals.map((invoice) => [invoice.description, invoice.status])).toEqual([
      ['web-01: gia hạn 1 tháng (từ 01-05-2025 đến hết 31-05-2025)', 'paid'],
      ['web-01: gia hạn 1 tháng (từ 01-04-2025 đến hết 30-04-2025)', 'paid'],
    ]);
    const notice = DEFAULT_LIFE_POLICY.renewalNoticeDays * DAY_MS;
    for (const invoice of renewals) {
      const due = Date.parse(invoice.due_date);
      // Issued on the day its notice began and paid on its due date, as sweeps on those days
      // would have done: not both at the end of the move, after the due date.
      expect(Date.parse(invoice.created)).toBeGreaterThanOrEqual(due - notice);
      expect(Date.parse(invoice.created)).toBeLessThan(due - notice + DAY_MS);
      expect(Date.parse(invoice.paid_at)).toBeGreaterThanOrEqual(due);
      expect(Date.parse(invoice.paid_at)).toBeLessThan(due + DAY_MS);
    }
    expect((await api.get(`/cloud/servers/${serverId}`)).json().expiry).toBe(
      '2025-05-31T17:00:00.000Z',
    );
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('catches up at start with the days a stopped sandbox missed', async () => {
    const { app: first, dbFile } = await sandbox();
    const serverId = await buyServer(await demoApi(first));
    await first.close();

    // Started again 62 days later (real time went on; nobody moved the sandbox clock).
    const later = new Date(START.getTime() + 62 * DAY_MS);
    ({ app } = await testApp({ dbFile, now: () => later }));

    const paid = await (await demoApi(app)).get('/billing/invoices', undefined, { status: 'paid' });
    expect(
      (paid.json().items as { resource_id: number; order_id: number | null }[]).filter(
        (invoice) => invoice.resource_id === serverId && invoice.order_id === null,
      ),
    ).toHaveLength(2);
    expect((await (await demoApi(app)).get(`/cloud/servers/${serverId}`)).json().expiry).toBe(
      '2025-05-31T17:00:00.000Z',
    );
  });

  it('cancels an open renewal of a server that is deleted', async () => {
    const { app, api: buyer } = await sandbox();
    const serverId = await buyServer(buyer);
    await advance(app, { days: 25 });
    const api = await demoApi(app);

    expect((await api.delete(`/cloud/servers/${serverId}`)).statusCode).toBe(202);
    await advance(app, { hours: 1 });

    expect(await openInvoices(api)).toEqual([]);
    expect((await userInfo(api)).unpaid_amount).toBe(0);
  });

  it('sweeps on a timer as well, without anyone moving the clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { dir, cleanup } = scratchDir();
    cleanups.push(cleanup);
    let clock;
    ({ app, clock } = await testApp({ dbFile: join(dir, 'sandbox.db') }));
    await buyServer(await demoApi(app));
    clock.advance(25 * DAY_MS + HOUR_MS);
    const api = await demoApi(app);
    expect(await openInvoices(api)).toEqual([]);

    vi.advanceTimersByTime(LIFECYCLE_SWEEP_MS);

    expect(await openInvoices(api)).toHaveLength(1);
  });
});

describe('an open renewal', () => {
  /** web-01 bought on 1 March; on 26 March its April renewal is out, unpaid. */
  async function renewalOut(choice: Parameters<typeof buyServer>[1] = {}) {
    const { app, books, api: buyer } = await sandbox();
    const serverId = await buyServer(buyer, choice);
    await advance(app, { days: 25 });
    const api = await demoApi(app);
    const [renewal] = await openInvoices(api);
    return { app, books, api, serverId, renewal: renewal! };
  }

  const APRIL = '(từ 01-04-2025 đến hết 30-04-2025)';

  const renewalStatuses = (db: Db, serverId: number) =>
    db
      .prepare(
        `SELECT status FROM invoices WHERE resource_type = 'server' AND resource_id = ?
            AND renewal_period_end IS NOT NULL ORDER BY id`,
      )
      .pluck()
      .all(serverId);

  it('is issued again with an address bought, and without one released, before it is paid', async () => {
    const { app, books, api, serverId, renewal } = await renewalOut();
    expect(renewal).toMatchObject({
      amount: WEB_01_MONTHLY,
      description: `web-01: gia hạn 1 tháng ${APRIL}`,
    });

    const bought = await api.post(`/cloud/servers/${serverId}/ips`, {
      version: 'ipv4',
      quantity: 1,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // The address is charged to the end of March only: April is the renewal's.
    expect(bought.json().order.expiry).toBe('2025-03-31T17:00:00.000Z');
    const [withAddress] = await openInvoices(api);
    expect(withAddress).toMatchObject({
      amount: WEB_01_MONTHLY + 50_000,
      description: `web-01 (+1 IP): gia hạn 1 tháng ${APRIL}`,
      due_date: renewal.due_date,
    });
    // Mailed, as any invoice issued, with the balance the address's charge left.
    const mail = await latestMailTo(app, 'demo@example.vn');
    expect(mail.subject).toMatch(
      new RegExp(`^Hoá đơn ${withAddress!.code as string}: 680\\.000 ₫`),
    );
    const balance = (await userInfo(api)).balance as number;
    expect(mail.text).toContain(`(số dư hiện tại: ${groupThousands(balance)} ₫)`);

    const address = bought.json().ips[0].id as number;
    const released = await api.delete(`/cloud/servers/${serverId}/ips/${address}`);
    expect(released.statusCode, released.body).toBe(200);
    expect(await openInvoices(api)).toEqual([
      expect.objectContaining({
        amount: WEB_01_MONTHLY,
        description: `web-01: gia hạn 1 tháng ${APRIL}`,
      }),
    ]);
    expect(renewalStatuses(books, serverId)).toEqual(['cancelled', 'cancelled', 'open']);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('follows a shrink, and a growth back is charged to the paid period’s end only', async () => {
    const { app, books, api, serverId, renewal } = await renewalOut({ cpu: 4 });
    expect(renewal.amount).toBe(WEB_01_MONTHLY + 2 * 90_000);

    const shrunk = await api.post(`/cloud/servers/${serverId}/resize`, {
      cpu: 2,
      ram: 4,
      disk: 40,
    });
    expect(shrunk.statusCode, shrunk.body).toBe(202);
    expect(shrunk.json().invoice.amount).toBe(0);
    expect(await openInvoices(api)).toEqual([
      expect.objectContaining({ amount: WEB_01_MONTHLY, due_date: renewal.due_date }),
    ]);

    await advance(app, { hours: 1 });
    const later = await demoApi(app);
    const grown = await later.post(`/cloud/servers/${serverId}/resize`, {
      cpu: 4,
      ram: 4,
      disk: 40,
    });
    expect(grown.statusCode, grown.body).toBe(202);
    // Two CPUs for the six days left of March, not for April too.
    expect(grown.json().order.expiry).toBe('2025-03-31T17:00:00.000Z');
    expect(grown.json().invoice.amount).toBeLessThan(2 * 90_000 * 0.25);
    const [reissued] = await openInvoices(later);
    expect(reissued).toMatchObject({ amount: WEB_01_MONTHLY + 2 * 90_000 });

    // Paid on its due date, April is paid once, at 4 CPU.
    await advance(app, { days: 6 });
    expect(renewalStatuses(books, serverId)).toEqual(['cancelled', 'cancelled', 'paid']);
    expect((await later.get(`/cloud/servers/${serverId}`)).json()).toMatchObject({
      cpu: 4,
      expiry: '2025-04-30T17:00:00.000Z',
    });
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('of a whitelisted account, unpaid, is followed by the next period’s: its server never runs unbilled', async () => {
    const { app, books } = await sandbox();
    const trusted = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const [overdue] = await openInvoices(trusted);
    expect(overdue).toMatchObject({ resource_type: 'server' });

    await advance(app, { days: 40 });
    const later = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const open = await openInvoices(later);
    expect(open.length).toBeGreaterThanOrEqual(2);
    const periods = open
      .map((invoice) => invoice.description as string)
      .sort((a, b) => a.localeCompare(b));
    expect(new Set(periods).size).toBe(open.length);
    expect((await userInfo(later)).unpaid_amount).toBe(
      open.reduce((sum, invoice) => sum + (invoice.amount as number), 0),
    );
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

/** whitelist@ 40 days on, money in its balance, and its server's open renewals. */
async function whitelistedWithRenewalsOut() {
  const { app, books } = await sandbox();
  await advance(app, { days: 40 });
  const api = apiAs(app, await signIn(app, 'whitelist@example.vn'));
  setBalanceAsAdmin(books, 'whitelist@example.vn', 5_000_000);
  const open = (await openInvoices(api)).filter((invoice) => invoice.resource_type === 'server');
  return { books, api, open };
}

describe('renewals paid out of order (a whitelisted account)', () => {
  it('move the expiry only across periods paid without a gap', async () => {
    const { books, api, open } = await whitelistedWithRenewalsOut();
    const serverId = open[0]!.resource_id as number;
    const periods = await Promise.all(
      open.map(async (invoice) => {
        const [line] = (await api.get(`/billing/invoices/${invoice.id as number}`)).json().lines;
        return { id: invoice.id as number, start: line.period_start, end: line.period_end };
      }),
    );
    periods.sort((a, b) => a.start.localeCompare(b.start));
    expect(periods.length).toBeGreaterThanOrEqual(2);
    const [earlier, later] = periods as [(typeof periods)[0], (typeof periods)[0]];
    const expiry = async () => (await api.get(`/cloud/servers/${serverId}`)).json().expiry;
    expect(await expiry()).toBe(earlier.start);

    expect((await api.post(`/billing/invoices/${later.id}/pay`)).statusCode).toBe(200);
    expect(await expiry()).toBe(earlier.start);
    expect((await api.post(`/billing/invoices/${earlier.id}/pay`)).statusCode).toBe(200);
    expect(await expiry()).toBe(later.end);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('price a change through the later period already paid: it bills the old plan', async () => {
    const { books, api, open } = await whitelistedWithRenewalsOut();
    const last = open.reduce((a, b) => ((a.id as number) > (b.id as number) ? a : b));
    const [line] = (await api.get(`/billing/invoices/${last.id as number}`)).json().lines;
    expect((await api.post(`/billing/invoices/${last.id as number}/pay`)).statusCode).toBe(200);

    const bought = await api.post(`/cloud/servers/${last.resource_id as number}/ips`, {
      version: 'ipv4',
      quantity: 1,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().order.expiry).toBe(line.period_end);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('a renewal whose period has begun (a whitelisted account, unpaid)', () => {
  it('keeps the price of what was used: a change is charged through that period instead', async () => {
    const { app, books } = await sandbox();
    const trusted = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const [begun] = await openInvoices(trusted);
    const serverId = begun!.resource_id as number;
    const { expiry } = (await trusted.get(`/cloud/servers/${serverId}`)).json();
    setBalanceAsAdmin(books, 'whitelist@example.vn', 1_000_000);

    const bought = await trusted.post(`/cloud/servers/${serverId}/ips`, {
      version: 'ipv4',
      quantity: 1,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    // Not to the end of this month: to the end of the period the open renewal bills.
    const [line] = (await trusted.get(`/billing/invoices/${begun!.id as number}`)).json().lines;
    expect(bought.json().order.expiry).toBe(line.period_end);
    expect(line.period_start).toBe(expiry);
    expect(await openInvoices(trusted)).toEqual([
      expect.objectContaining({ id: begun!.id, amount: begun!.amount }),
    ]);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

/** A 10 GB HDD volume (20.000 ₫ a month) bought on 1 March; on 26 March its renewal is out. */
async function volumeRenewalOut() {
  const { app, books, api: buyer } = await sandbox();
  const created = await buyer.post('/storage/volumes', { name: 'data-01', size: 10, type: 'HDD' });
  expect(created.statusCode, created.body).toBe(201);
  await advance(app, { days: 25 });
  const api = await demoApi(app);
  const [renewal] = await openInvoices(api);
  return { books, api, volumeId: created.json().volume.id as number, renewal };
}

describe('a resource deleted with its renewal out', () => {
  it('has the renewal cancelled at once: the unpaid amount drops and it cannot be paid', async () => {
    const { books, api, volumeId, renewal } = await volumeRenewalOut();
    expect(renewal).toMatchObject({ resource_type: 'volume', resource_id: volumeId });
    const balance = (await userInfo(api)).balance as number;

    expect((await api.delete(`/storage/volumes/${volumeId}`)).statusCode).toBe(200);
    expect((await userInfo(api)).unpaid_amount).toBe(0);
    const paid = await api.post(`/billing/invoices/${renewal!.id as number}/pay`);
    expect(paid.statusCode).toBe(400);
    expect((await userInfo(api)).balance).toBe(balance);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('a whitelisted account’s server deleted with renewals unpaid', () => {
  it('still owes the periods it ran in; only the period not begun is cancelled', async () => {
    const { app, books } = await sandbox();
    await turnAutoPayOff(apiAs(app, await signIn(app, 'whitelist@example.vn')));
    // Two periods begun and unpaid (the server kept running), and the next one's renewal out.
    const { now } = await advance(app, { days: 45 });
    const api = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const open = (await openInvoices(api)).filter((invoice) => invoice.resource_type === 'server');
    const periods = await Promise.all(
      open.map(async (invoice) => {
        const [line] = (await api.get(`/billing/invoices/${invoice.id as number}`)).json().lines;
        return {
          id: invoice.id as number,
          amount: invoice.amount as number,
          start: line.period_start,
        };
      }),
    );
    const begun = periods.filter((period) => period.start <= now);
    expect(begun.length).toBeGreaterThanOrEqual(2);
    expect(periods.filter((period) => period.start > now)).toHaveLength(1);

    const serverId = open[0]!.resource_id as number;
    expect((await api.delete(`/cloud/servers/${serverId}`)).statusCode).toBe(202);

    const owed = begun.reduce((sum, period) => sum + period.amount, 0);
    expect((await openInvoices(api)).map((invoice) => invoice.id).sort()).toEqual(
      begun.map((period) => period.id).sort(),
    );
    expect((await userInfo(api)).unpaid_amount).toBe(owed);
    // A month on, the sweeps have followed the debt (and billed the gone server nothing more).
    await advance(app, { days: 30 });
    const later = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    expect((await userInfo(later)).unpaid_amount).toBe(owed);
    // Paid then, as any debt, with the server gone.
    setBalanceAsAdmin(books, 'whitelist@example.vn', owed);
    for (const period of begun) {
      const paid = await later.post(`/billing/invoices/${period.id}/pay`);
      expect(paid.statusCode, paid.body).toBe(200);
    }
    expect((await userInfo(later)).unpaid_amount).toBe(0);
    expect((await userInfo(later)).balance).toBe(0);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('a server deleted or rebuilt with renewals out', () => {
  /** web-01 with a 50 GB data volume and a copy of its root disk; on 26 March all are renewed. */
  async function withRenewalsOut() {
    const { app, books, api: buyer } = await sandbox();
    const serverId = await buyServer(buyer, { dataDisks: [{ size: 50, type: 'HDD' }] });
    await advance(app, { hours: 1 });
    const snapshot = await buyer.post('/storage/snapshots', {
      name: 'web-root',
      server_id: serverId,
    });
    expect(snapshot.statusCode, snapshot.body).toBe(201);
    await advance(app, { days: 25 });
    const api = await demoApi(app);
    const kinds = (await openInvoices(api)).map((invoice) => invoice.resource_type);
    expect(kinds.sort()).toEqual(['server', 'snapshot', 'volume']);
    const [volume] = (await api.get('/storage/volumes')).json().items as { id: number }[];
    return { books, api, serverId, volumeId: volume!.id };
  }

  it('cancels at once the renewals of all it takes with it, and nothing of them can be bought', async () => {
    const { books, api, serverId, volumeId } = await withRenewalsOut();

    const deleted = await api.delete(`/cloud/servers/${serverId}`, undefined, {
      delete_volumes: 'true',
    });
    expect(deleted.statusCode, deleted.body).toBe(202);
    expect(await openInvoices(api)).toEqual([]);
    expect((await userInfo(api)).unpaid_amount).toBe(0);
    expect((await api.get(`/storage/volumes/${volumeId}`)).json().status).toBe('deleting');
    const extend = await api.post(`/storage/volumes/${volumeId}/extend`, { size: 60 });
    expect(extend.statusCode).toBe(400);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('cancels at once the renewal of a root-disk snapshot a rebuild deletes', async () => {
    const { api, serverId } = await withRenewalsOut();
    const { image } = (await api.get(`/cloud/servers/${serverId}`)).json();

    const rebuilt = await api.post(`/cloud/servers/${serverId}/rebuild`, {
      image_id: image.id,
      password: 'Hn7#Vps2026x',
    });
    expect(rebuilt.statusCode, rebuilt.body).toBe(202);
    const kinds = (await openInvoices(api)).map((invoice) => invoice.resource_type);
    expect(kinds.sort()).toEqual(['server', 'volume']);
  });
});

describe('a renewal paid in full by a coupon', () => {
  it('moves no money and writes no ledger row', async () => {
    const { books, api, renewal } = await volumeRenewalOut();
    expect(renewal!.amount).toBeLessThanOrEqual(50_000);
    const rows = (await api.get('/billing/balance_adjustments')).json().total as number;

    const paid = await api.post(`/billing/invoices/${renewal!.id as number}/pay`, {
      coupon_code: 'GIAM50K',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().total).toBe(0);
    expect((await api.get('/billing/balance_adjustments')).json().total).toBe(rows);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('vietnamMonthsAfter', () => {
  it('keeps a Vietnam month start a month start', () => {
    // 1 April 00:00 in Vietnam, plus one and three months.
    const april = new Date('2025-03-31T17:00:00.000Z');
    expect(vietnamMonthsAfter(april, 1).toISOString()).toBe('2025-04-30T17:00:00.000Z');
    expect(vietnamMonthsAfter(april, 3).toISOString()).toBe('2025-06-30T17:00:00.000Z');
  });

  it('keeps the day and hour of a period that ends mid-month, or the last day of a shorter month', () => {
    // 6 March 10:00 in Vietnam → 6 April 10:00; 31 January 03:00 → 28 February 03:00.
    expect(vietnamMonthsAfter(new Date('2025-03-06T03:00:00.000Z'), 1).toISOString()).toBe(
      '2025-04-06T03:00:00.000Z',
    );
    expect(vietnamMonthsAfter(new Date('2025-01-30T20:00:00.000Z'), 1).toISOString()).toBe(
      '2025-02-27T20:00:00.000Z',
    );
  });
});
