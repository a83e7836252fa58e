/**
 * The billing lists a bookkeeper works with (issue 17): invoices, orders, payments and the balance
 * history sorted by date or amount in either direction, filtered by status (overdue by the
 * sandbox's clock) and by a range of Vietnam days, while spec §7's calls keep answering as before.
 */
import type { FastifyInstance } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../platform/db';
import { DEFAULT_CARD_GATEWAY, findAttempt, gatewayAnswer } from './gateways/cardGateway';
import {
  apiAs,
  buyServer,
  serverOrderFor,
  signedInSandbox,
  signIn,
  type Api,
  type testClock,
} from '../testing';

const ORIGIN = 'http://localhost:8080';
const RETURN_URL = `${ORIGIN}/idc/billing/payment?payment_method=card`;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let db: Db;
let api: Api;

beforeEach(async () => {
  ({ app, clock, books: db, api } = await signedInSandbox());
});

interface Listed {
  id: number;
  amount: number;
  status?: string;
}

async function list(path: string, query: Record<string, string> = {}) {
  const response = await api.get(path, undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { items: Listed[]; total: number };
}

const ids = async (path: string, query: Record<string, string> = {}) =>
  (await list(path, query)).items.map((item) => item.id);

/**
 * Three servers bought on three Vietnam days, the small one first, the big one second and the
 * middle one last, at 00:30 on 3 March in Vietnam (still 2 March in UTC); then an order left
 * pending and one cancelled. Answers the three paid invoices and their orders, oldest first.
 */
async function threeServers() {
  // START is 1 March 2025, 15:00 in Vietnam.
  await buyServer(api, { name: 'small-01', cpu: 1, ram: 1, disk: 10 });
  clock.advance(DAY); // 2 March, 15:00
  await buyServer(api, { name: 'big-01', cpu: 8, ram: 16, disk: 200 });
  clock.advance(9 * HOUR + 30 * MINUTE); // 3 March, 00:30 in Vietnam; 2 March, 17:30 UTC
  await buyServer(api, { name: 'mid-01', cpu: 2, ram: 4, disk: 40 });
  clock.advance(MINUTE);
  const pending = await api.post('/billing/orders', serverOrderFor({ name: 'later-01' }));
  const cancelled = await api.post('/billing/orders', serverOrderFor({ name: 'never-01' }));
  await api.post(`/billing/orders/${cancelled.json().id}/cancel`);

  const invoices = (await list('/billing/invoices', { sort: 'created', order: 'asc' })).items;
  const [small, big, mid] = invoices as [Listed, Listed, Listed];
  expect(small.amount < mid.amount && mid.amount < big.amount).toBe(true);
  return {
    small,
    big,
    mid,
    pendingOrder: pending.json().id as number,
    cancelledOrder: cancelled.json().id as number,
  };
}

describe('the invoices list', () => {
  it('sorts by amount and by date, both ways; spec §7’s call stays newest first', async () => {
    const { small, big, mid } = await threeServers();
    const path = '/billing/invoices';
    expect(await ids(path, { page: '1' })).toEqual([mid.id, big.id, small.id]);
    expect(await ids(path, { sort: 'amount', order: 'asc' })).toEqual([small.id, mid.id, big.id]);
    expect(await ids(path, { sort: 'amount', order: 'desc' })).toEqual([big.id, mid.id, small.id]);
    expect(await ids(path, { sort: 'amount' })).toEqual([big.id, mid.id, small.id]);
    expect(await ids(path, { sort: 'created', order: 'asc' })).toEqual([small.id, big.id, mid.id]);
    expect(await ids(path, { sort: 'created', order: 'desc' })).toEqual([mid.id, big.id, small.id]);
    // Sorted pages never repeat or skip an invoice.
    const first = await ids(path, { sort: 'amount', order: 'asc', per_page: '2', page: '1' });
    const second = await ids(path, { sort: 'amount', order: 'asc', per_page: '2', page: '2' });
    expect([...first, ...second]).toEqual([small.id, mid.id, big.id]);
  });

  it('refuses a sort column outside the contract’s list, so no text reaches the SQL', async () => {
    for (const sort of ['id', 'amount; DROP TABLE invoices', 'created_at']) {
      const response = await api.get('/billing/invoices', undefined, { sort });
      expect(response.statusCode, sort).toBe(400);
    }
    const response = await api.get('/billing/invoices', undefined, { order: 'sideways' });
    expect(response.statusCode).toBe(400);
  });

  it('filters by a range of Vietnam days, both ends included', async () => {
    const { small, big, mid } = await threeServers();
    const path = '/billing/invoices';
    const range = (from: string, to: string) => ids(path, { date_from: from, date_to: to });
    expect(await range('2025-03-02', '2025-03-02')).toEqual([big.id]);
    // 17:30 UTC on 2 March is already 3 March in Vietnam.
    expect(await range('2025-03-03', '2025-03-03')).toEqual([mid.id]);
    expect(await range('2025-03-01', '2025-03-02')).toEqual([big.id, small.id]);
    expect(await ids(path, { date_from: '2025-03-02' })).toEqual([mid.id, big.id]);
    expect(await ids(path, { date_to: '2025-03-01' })).toEqual([small.id]);
    expect(await range('2025-03-04', '2025-03-31')).toEqual([]);
    const response = await api.get(path, undefined, { date_from: '03-02-2025' });
    expect(response.statusCode).toBe(400);
  });

  it('lists as overdue the open invoices past their due date by the sandbox’s clock', async () => {
    const profile = await api.patch('/account/profile', { auto_pay_renewals: false });
    expect(profile.statusCode, profile.body).toBe(200);
    await buyServer(api, { name: 'web-01' });
    // Into the last days of March: the renewal for April is issued, due on 1 April.
    await moveClock({ days: 27 });
    const open = await list('/billing/invoices', { status: 'open' });
    expect(open.total).toBe(1);
    expect((await list('/billing/invoices', { status: 'overdue' })).total).toBe(0);

    await moveClock({ days: 4 }); // 1 April, 15:00 in Vietnam: past the due date (00:00)
    const overdue = await list('/billing/invoices', { status: 'overdue' });
    expect(overdue.items.map((invoice) => invoice.id)).toEqual(open.items.map((i) => i.id));
    expect(overdue.items[0]?.status).toBe('open');
    // Paid ones are never overdue; without a status every invoice is listed.
    expect((await list('/billing/invoices')).total).toBe(2);
  });
});

describe('the orders list', () => {
  it('lists orders of every status unless one is asked for, as spec §7 asks for pending', async () => {
    const { pendingOrder, cancelledOrder } = await threeServers();
    const all = await list('/billing/orders');
    expect(all.total).toBe(5);
    expect(all.items.map((order) => order.status)).toEqual([
      'cancelled',
      'pending',
      'paid',
      'paid',
      'paid',
    ]);
    expect(await ids('/billing/orders', { page: '1', status: 'pending' })).toEqual([pendingOrder]);
    expect(await ids('/billing/orders', { status: 'cancelled' })).toEqual([cancelledOrder]);
    expect((await list('/billing/orders', { status: 'paid' })).total).toBe(3);
  });

  it('sorts by amount and date both ways and filters by Vietnam days', async () => {
    await threeServers();
    const paid = { status: 'paid' };
    const byAmount = await list('/billing/orders', { ...paid, sort: 'amount', order: 'asc' });
    const amounts = byAmount.items.map((order) => order.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(await ids('/billing/orders', { ...paid, sort: 'amount', order: 'desc' })).toEqual(
      byAmount.items.map((order) => order.id).reverse(),
    );
    const oldest = await ids('/billing/orders', { sort: 'created', order: 'asc' });
    expect(await ids('/billing/orders', { sort: 'created', order: 'desc' })).toEqual(
      [...oldest].reverse(),
    );
    const thirdOfMarch = await list('/billing/orders', {
      date_from: '2025-03-03',
      date_to: '2025-03-03',
    });
    expect(thirdOfMarch.total).toBe(3); // mid-01 and the two orders placed a minute later
    expect((await list('/billing/orders', { date_to: '2025-03-02' })).total).toBe(2);
  });
});

describe('the balance history', () => {
  it('sorts by signed amount and by date both ways, and filters by Vietnam days', async () => {
    await threeServers();
    const path = '/billing/balance_adjustments';
    const byDate = await list(path, { sort: 'created', order: 'asc' });
    // The opening balance, then the three payments.
    expect(byDate.total).toBe(4);
    expect(await ids(path, { sort: 'created', order: 'desc' })).toEqual(
      byDate.items.map((row) => row.id).reverse(),
    );
    const amounts = (await list(path, { sort: 'amount', order: 'asc' })).items.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(amounts[0]).toBeLessThan(0); // the biggest debit first
    expect(amounts.at(-1)).toBeGreaterThan(0);
    const desc = (await list(path, { sort: 'amount', order: 'desc' })).items.map((r) => r.amount);
    expect(desc).toEqual([...amounts].reverse());
    const third = await list(path, { date_from: '2025-03-03', date_to: '2025-03-03' });
    expect(third.items.map((row) => row.amount)).toHaveLength(1);
    expect(spec(await list(path, { page: '1' }))).toEqual(
      spec(await list(path, { sort: 'created', order: 'desc' })),
    );
  });
});

describe('the payments list', () => {
  it('sorts by amount and date both ways and filters by Vietnam days', async () => {
    await creditedTopup(300_000); // 1 March, 15:00 in Vietnam
    clock.advance(DAY);
    await creditedTopup(100_000); // 2 March
    clock.advance(DAY);
    await creditedTopup(200_000); // 3 March
    const path = '/billing/payments';
    const amounts = async (query: Record<string, string>) =>
      (await list(path, query)).items.map((payment) => payment.amount);
    expect(await amounts({ page: '1' })).toEqual([200_000, 100_000, 300_000]);
    expect(await amounts({ sort: 'amount', order: 'asc' })).toEqual([100_000, 200_000, 300_000]);
    expect(await amounts({ sort: 'amount', order: 'desc' })).toEqual([300_000, 200_000, 100_000]);
    expect(await amounts({ sort: 'date', order: 'asc' })).toEqual([300_000, 100_000, 200_000]);
    expect(await amounts({ sort: 'date', order: 'desc' })).toEqual([200_000, 100_000, 300_000]);
    expect(await amounts({ date_from: '2025-03-02', date_to: '2025-03-02' })).toEqual([100_000]);
    expect(await amounts({ date_from: '2025-03-02' })).toEqual([200_000, 100_000]);
  });
});

/** A card top-up the gateway approves, credited to the demo account. */
async function creditedTopup(amount: number) {
  const started = await api.post('/billing/gen_payment_req_url', {
    method: 'card',
    amount,
    return_url: RETURN_URL,
  });
  expect(started.statusCode, started.body).toBe(200);
  const attempt = findAttempt(db, started.json().reference)!;
  const answer = gatewayAnswer(attempt, 'approved', DEFAULT_CARD_GATEWAY, 'vi');
  const credited = await api.get('/billing/topup', undefined, {
    payment_method: 'card',
    ...(Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >),
  });
  expect(credited.statusCode, credited.body).toBe(200);
}

/** Moves the sandbox's clock as its operator would, running the life-cycle sweep. */
async function moveClock(advance: { days: number }) {
  const response = await app.inject({
    method: 'POST',
    url: '/sandbox/clock',
    payload: { advance },
  });
  expect(response.statusCode, response.body).toBe(200);
  // A month of the clock's time ends idle sessions, as it would.
  api = apiAs(app, await signIn(app, 'demo@example.vn'));
}

const spec = (page: { items: Listed[] }) => page.items.map((item) => item.id);
