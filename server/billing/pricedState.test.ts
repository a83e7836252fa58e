/**
 * Orders are paid at a price that still holds (pricedState.ts): an order on a server or volume is
 * refused when the resource changed after it was priced, and a change is priced to the end of the
 * paid period, a renewal already out being issued again at the new size. Each case was a way to
 * pay less (or more) than the change costs.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import { packageIdOf } from './packages';
import {
  apiAs,
  buyServer,
  moveSandboxClock,
  serverOrderFor,
  setBalanceAsAdmin,
  signedInSandbox,
  signIn,
  type Api,
} from '../testing';

const STALE =
  'Máy chủ hoặc volume của đơn hàng đã thay đổi từ khi đặt (cấu hình, thời hạn hoặc hoá đơn gia hạn), nên giá của đơn không còn đúng. Vui lòng huỷ đơn này và tạo đơn hàng mới.';

/** web-01 as the tests buy it: 2 CPU, 4 GB RAM, 40 GB SSD. */
const resize = (serverId: number, cpu: number) => ({
  type: 'resize_server',
  data: { server_id: serverId, cpu, ram: 4, disk: 40 },
});

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;
const cpuOf = async (api: Api, serverId: number) =>
  (await api.get(`/cloud/servers/${serverId}`)).json().cpu as number;

async function place(api: Api, order: object) {
  const placed = await api.post('/billing/orders', order);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { id: number; amount: number; expiry: string; info: string };
}

async function pay(api: Api, orderId: number) {
  const paid = await api.post(`/billing/orders/${orderId}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
}

/** Long enough for any simulated build, resize or extension to finish. */
const TASKS_DONE_MS = 30 * 60_000;

/** Paying and previewing are both refused as stale, and nothing changed. */
async function expectStale(api: Api, books: Db, orderId: number, serverId: number) {
  const balance = await balanceOf(api);
  const cpu = await cpuOf(api, serverId);
  const preview = await api.post(`/billing/orders/${orderId}/pay`, {}, { check: 'True' });
  expect(preview.statusCode).toBe(400);
  expect(preview.json().message).toBe(STALE);
  const refused = await api.post(`/billing/orders/${orderId}/pay`);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toBe(STALE);
  expect((await api.get(`/billing/orders/${orderId}`)).json().status).toBe('pending');
  expect(await balanceOf(api)).toBe(balance);
  expect(await cpuOf(api, serverId)).toBe(cpu);
  expect(ledgerMismatches(books)).toEqual([]);
}

const openRenewal = (books: Db, serverId: number) =>
  books
    .prepare(
      `SELECT id, amount, renewal_period_end FROM invoices
        WHERE status = 'open' AND renewal_period_end IS NOT NULL
          AND resource_type = 'server' AND resource_id = ?`,
    )
    .get(serverId) as { id: number; amount: number; renewal_period_end: string } | undefined;

describe('an order on an existing server', () => {
  it('is refused when another order resized the server after it was priced', async () => {
    const { api, books, clock } = await signedInSandbox();
    const serverId = await buyServer(api);
    clock.advance(TASKS_DONE_MS);
    const toFour = await place(api, resize(serverId, 4));
    const toThree = await place(api, resize(serverId, 3));
    await pay(api, toThree.id);
    clock.advance(TASKS_DONE_MS);

    // Its growth was counted from 2 CPU: paid now it would charge for a CPU the server has.
    await expectStale(api, books, toFour.id, serverId);
    const again = await place(api, resize(serverId, 4));
    expect(again.amount).toBe(toThree.amount);
    expect(again.info).toMatch(/3 CPU.*→ 4 CPU/);
  });

  it('is refused once the server’s renewal invoice is out: the order was priced to the old period end', async () => {
    const { app, api, books } = await signedInSandbox();
    const serverId = await buyServer(api);
    const order = await place(api, resize(serverId, 4));
    expect(openRenewal(books, serverId)).toBeUndefined();

    // A week before its period ends the server gets its renewal, priced at 2 CPU.
    await moveSandboxClock(app, { days: 26 });
    expect(openRenewal(books, serverId)).toBeDefined();
    const later = apiAs(app, await signIn(app, 'demo@example.vn'));
    await expectStale(later, books, order.id, serverId);
  });

  it('is priced to the paid period’s end, its open renewal issued again at the new size: the next period is paid once', async () => {
    const { app, books, api } = await signedInSandbox();
    const serverId = await buyServer(api);
    const { expiry } = (await api.get(`/cloud/servers/${serverId}`)).json();
    await moveSandboxClock(app, { days: 26 });
    const later = apiAs(app, await signIn(app, 'demo@example.vn'));
    const renewal = openRenewal(books, serverId)!;

    const order = await place(later, resize(serverId, 4));
    expect(order.expiry).toBe(expiry);
    await pay(later, order.id);
    const reissued = openRenewal(books, serverId)!;
    expect(reissued.id).not.toBe(renewal.id);
    expect(reissued.renewal_period_end).toBe(renewal.renewal_period_end);
    expect(reissued.amount - renewal.amount).toBe(2 * 90_000);

    const invoice = await later.post(`/billing/invoices/${reissued.id}/pay`, {});
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect(await cpuOf(later, serverId)).toBe(4);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('whose period ends mid-month is charged to that day, as its calculation says: no day is paid twice', async () => {
    // vps-uu-tien-01 (seed) renews on the day it was first paid to, not on the 1st.
    const { books, api, clock } = await signedInSandbox({ email: 'whitelist@example.vn' });
    setBalanceAsAdmin(books, 'whitelist@example.vn', 5_000_000);
    const servers = (await api.get('/cloud/servers')).json().items as {
      id: number;
      name: string;
    }[];
    const serverId = servers.find((server) => server.name === 'vps-uu-tien-01')!.id;
    const renewal = await api.post(`/billing/invoices/${openRenewal(books, serverId)!.id}/pay`, {});
    expect(renewal.statusCode, renewal.body).toBe(200);
    const { expiry } = (await api.get(`/cloud/servers/${serverId}`)).json() as { expiry: string };
    expect(new Date(expiry).getUTCHours()).not.toBe(17); // not a Vietnam month start

    const quoted = await api.post('/billing/calculation', {
      action: 'resize_server',
      products: [
        { id_or_name: 'cpu', quantity: 3 },
        { id_or_name: 'ram', quantity: 2 },
        { id_or_name: 'volume_ssd', quantity: 40 },
      ],
      reference_id: serverId,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().period_end).toBe(expiry);
    const order = await place(api, {
      type: 'resize_server',
      data: { server_id: serverId, cpu: 3, ram: 2, disk: 40 },
    });
    expect(order.expiry).toBe(expiry);
    // One more CPU (90.000 ₫ a month) for the hours left to the expiry, all in March (744 hours).
    const hoursLeft = Math.ceil((Date.parse(expiry) - clock.now().getTime()) / 3_600_000);
    expect(hoursLeft).toBeLessThan(744);
    expect(order.amount).toBe(Math.round((90_000 * hoursLeft) / 744 / 1000) * 1000);
    expect(quoted.json().total).toBe(order.amount);
    await pay(api, order.id);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('renewing ahead is refused when the server was resized after it was priced', async () => {
    const { api, books, clock } = await signedInSandbox();
    const serverId = await buyServer(api);
    clock.advance(TASKS_DONE_MS);
    const renew = await place(api, {
      type: 'renew',
      data: { package_id: packageIdOf('server', serverId) },
      interval_count: 3,
    });
    await pay(api, (await place(api, resize(serverId, 4))).id);
    clock.advance(TASKS_DONE_MS);

    await expectStale(api, books, renew.id, serverId);
    const again = await place(api, {
      type: 'renew',
      data: { package_id: packageIdOf('server', serverId) },
      interval_count: 3,
    });
    expect(again.amount - renew.amount).toBe(3 * 2 * 90_000);
  });
});

describe('an order on an existing volume', () => {
  it('is refused when another extension grew the volume after it was priced', async () => {
    const { api, books, clock } = await signedInSandbox();
    const created = await place(api, {
      type: 'create_volume',
      data: { name: 'data-01', size: 20, type: 'SSD' },
      interval_count: 1,
    });
    const paid = await api.post(`/billing/orders/${created.id}/pay`);
    const volumeId = paid.json().order.resource_id as number;
    clock.advance(TASKS_DONE_MS);
    const extend = (size: number) => ({
      type: 'extend_volume',
      data: { volume_id: volumeId, size },
    });
    const toForty = await place(api, extend(40));
    await pay(api, (await place(api, extend(30))).id);
    clock.advance(TASKS_DONE_MS);

    const balance = await balanceOf(api);
    const refused = await api.post(`/billing/orders/${toForty.id}/pay`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(STALE);
    expect(await balanceOf(api)).toBe(balance);
    expect(ledgerMismatches(books)).toEqual([]);
  });
});

describe('a change to a trial’s resource', () => {
  it('is refused until the trial is upgraded: the trial bill prices what the server has at its end', async () => {
    const { api, books } = await signedInSandbox({ email: 'trial@example.vn' });
    const serverId = books
      .prepare('SELECT id FROM servers WHERE name = ?')
      .pluck()
      .get('vps-dung-thu-01') as number;
    const refusal =
      'Tài nguyên của tài khoản dùng thử chưa thay đổi cấu hình hay mua thêm được: hãy nâng cấp tài khoản trước.';
    const orders = books.prepare('SELECT COUNT(*) FROM orders').pluck();
    const before = orders.get();

    const resized = await api.post('/billing/orders', {
      type: 'resize_server',
      data: { server_id: serverId, cpu: 1, ram: 2, disk: 10 },
    });
    const address = await api.post('/billing/orders', {
      type: 'buy_ip',
      data: { server_id: serverId, version: 'ipv4', quantity: 1 },
    });
    const priced = await api.post('/billing/calculation', {
      action: 'resize_server',
      products: [{ id_or_name: 'ram', quantity: 2 }],
      reference_id: serverId,
    });
    for (const answer of [resized, address, priced]) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toBe(refusal);
    }
    expect(orders.get()).toBe(before);
  });
});

describe('an order for a new server or volume', () => {
  it('is payable only in the month it was priced in: later it would charge for days gone by', async () => {
    const { app, api, books } = await signedInSandbox();
    const server = await place(api, serverOrderFor({ name: 'late-01', interval: 3 }));
    const volume = await place(api, {
      type: 'create_volume',
      data: { name: 'late-data', size: 20, type: 'SSD' },
      interval_count: 3,
    });
    // 1 March: both are priced from today, the rest of March then April and May.
    expect(server.expiry).toBe('2025-05-31T17:00:00.000Z');

    await moveSandboxClock(app, { days: 31 });
    const later = apiAs(app, await signIn(app, 'demo@example.vn'));
    const balance = await balanceOf(later);
    for (const order of [server, volume]) {
      const refused = await later.post(`/billing/orders/${order.id}/pay`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(
        'Đơn hàng đã quá hạn thanh toán, vui lòng tạo đơn hàng mới.',
      );
    }
    expect(await balanceOf(later)).toBe(balance);
    expect((await later.get('/cloud/servers')).json().items).not.toContainEqual(
      expect.objectContaining({ name: 'late-01' }),
    );
    expect(ledgerMismatches(books)).toEqual([]);
  });
});
