import { describe, expect, it } from 'vitest';
import type { Db } from '../platform/db';
import { ledgerMismatches } from './ledger';
import { packageIdOf } from './packages';
import { apiAs, buyServer, signedInSandbox, signIn, type Api, moveSandboxClock } from '../testing';

/** web-01 (2 CPU, 4 GB RAM, 40 GB SSD and its IPv4) costs this much a month at catalog prices. */
const WEB_01_MONTHLY = 2 * 90_000 + 4 * 60_000 + 40 * 4_000 + 50_000;
/** Bought on 1 March 2025 (the tests' start), web-01 is paid to the start of April, Vietnam time. */
const APRIL = '2025-03-31T17:00:00.000Z';
const JULY = '2025-06-30T17:00:00.000Z';

const renew = (packageId: number, months = 3) => ({
  type: 'renew',
  data: { package_id: packageId },
  interval_count: months,
});

async function withServer() {
  const sandbox = await signedInSandbox();
  const serverId = await buyServer(sandbox.api);
  return { ...sandbox, serverId, packageId: packageIdOf('server', serverId) };
}

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;
const expiryOf = async (api: Api, serverId: number) =>
  (await api.get(`/cloud/servers/${serverId}`)).json().expiry as string;

const openRenewals = (books: Db, serverId: number) =>
  books
    .prepare(
      `SELECT COUNT(*) FROM invoices WHERE status = 'open' AND renewal_period_end IS NOT NULL
          AND resource_type = 'server' AND resource_id = ?`,
    )
    .pluck()
    .get(serverId) as number;

describe('the renew order', () => {
  it('is priced as the package for whole months from its end, as calculatePrice says', async () => {
    const { api, packageId } = await withServer();
    const calculation = await api.post('/billing/calculation', {
      action: 'renew',
      products: [{ id_or_name: 'cpu', quantity: 2 }],
      reference_id: packageId,
      interval_count: 3,
    });
    expect(calculation.statusCode, calculation.body).toBe(200);
    expect(calculation.json()).toMatchObject({
      action: 'renew',
      interval_count: 3,
      total: 3 * WEB_01_MONTHLY,
      period_start: APRIL,
      period_end: JULY,
    });

    const placed = await api.post('/billing/orders', renew(packageId));
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      type: 'renew',
      status: 'pending',
      amount: 3 * WEB_01_MONTHLY,
      interval_count: 3,
      expiry: JULY,
      info: 'web-01: gia hạn 3 tháng (từ 01-04-2025 đến hết 30-06-2025)',
    });
  });

  it('once paid, moves the period’s end and takes the price from the balance through the ledger', async () => {
    const { api, books, serverId, packageId } = await withServer();
    const balance = await balanceOf(api);
    const order = (await api.post('/billing/orders', renew(packageId))).json();

    const paid = await api.post(`/billing/orders/${order.id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().order).toMatchObject({ status: 'paid', resource_id: serverId });
    expect(paid.json().invoice).toMatchObject({ status: 'paid', amount: 3 * WEB_01_MONTHLY });
    // Its invoice states the period it pays: from where the paid one ended, not from today.
    const invoice = (await api.get(`/billing/invoices/${paid.json().invoice.id}`)).json();
    expect(invoice.lines[0]).toMatchObject({ period_start: APRIL, period_end: JULY });
    expect(await balanceOf(api)).toBe(balance - 3 * WEB_01_MONTHLY);
    expect(await expiryOf(api, serverId)).toBe(JULY);
    const packageEnd = (await api.get(`/billing/package/${packageId}`)).json().end;
    expect(packageEnd).toBe(JULY);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('issues the next renewal invoice only for the period after the one paid ahead', async () => {
    const { app, books, serverId, packageId } = await withServer();
    const api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const order = (await api.post('/billing/orders', renew(packageId, 1))).json();
    expect((await api.post(`/billing/orders/${order.id}/pay`)).statusCode).toBe(200);

    // A week before the old end: nothing to renew, the period now runs to May.
    await moveSandboxClock(app, { days: 26 });
    expect(openRenewals(books, serverId)).toBe(0);
    // A week before the new end: one renewal, from May.
    await moveSandboxClock(app, { days: 30 });
    const invoice = books
      .prepare(
        `SELECT renewal_period_end, due_date FROM invoices
          WHERE resource_type = 'server' AND resource_id = ? AND renewal_period_end IS NOT NULL`,
      )
      .get(serverId);
    expect(invoice).toEqual({
      due_date: '2025-04-30T17:00:00.000Z',
      renewal_period_end: '2025-05-31T17:00:00.000Z',
    });
  });

  it('is refused while the package’s renewal invoice is open: that invoice renews it', async () => {
    const { app, books, serverId, packageId } = await withServer();
    await moveSandboxClock(app, { days: 26 });
    expect(openRenewals(books, serverId)).toBe(1);
    const api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const orders = books.prepare('SELECT COUNT(*) FROM orders').pluck();
    const before = orders.get();

    const refused = await api.post('/billing/orders', renew(packageId));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(
      /^Gói này đã có hoá đơn gia hạn \S+ chờ thanh toán: hãy thanh toán hoá đơn đó để gia hạn\.$/,
    );
    expect(refused.json().errors).toHaveProperty(['data.package_id']);
    expect(orders.get()).toBe(before);
  });

  it('cannot be paid once the period it extends has moved (the renewal invoice was paid)', async () => {
    const { app, books, serverId, packageId } = await withServer();
    const api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const order = (await api.post('/billing/orders', renew(packageId))).json();
    // Auto-pay pays the renewal invoice on its due date: the period now ends in May.
    await moveSandboxClock(app, { days: 31 });
    const again = apiAs(app, await signIn(app, 'demo@example.vn'));
    const expiry = await expiryOf(again, serverId);
    expect(expiry).toBe('2025-04-30T17:00:00.000Z');
    const balance = await balanceOf(again);

    const refused = await again.post(`/billing/orders/${order.id}/pay`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Máy chủ hoặc volume của đơn hàng đã thay đổi từ khi đặt (cấu hình, thời hạn hoặc hoá đơn gia hạn), nên giá của đơn không còn đúng. Vui lòng huỷ đơn này và tạo đơn hàng mới.',
    );
    expect(await balanceOf(again)).toBe(balance);
    expect(await expiryOf(again, serverId)).toBe(expiry);
    expect(ledgerMismatches(books)).toEqual([]);
  });

  it('charges a server’s extra address with it, renews an address only with its server, and a data volume on its own', async () => {
    const { app, api } = await signedInSandbox();
    const serverId = await buyServer(api, { extraIpv4: 1, dataDisks: [{ size: 50, type: 'HDD' }] });
    const packages = (await api.get('/billing/packages')).json().items as {
      id: number;
      resource_type: string;
      price: { monthly: number };
    }[];
    const ofType = (type: string) => packages.find((item) => item.resource_type === type)!;

    const server = await api.post('/billing/orders', renew(packageIdOf('server', serverId), 1));
    expect(server.json().amount).toBe(ofType('server').price.monthly + ofType('ip').price.monthly);
    const volume = await api.post('/billing/orders', renew(ofType('volume').id, 1));
    expect(volume.statusCode, volume.body).toBe(201);
    expect(volume.json().amount).toBe(ofType('volume').price.monthly);

    const address = await api.post('/billing/orders', renew(ofType('ip').id));
    expect(address.statusCode).toBe(400);
    expect(address.json().message).toBe(
      'Gói này được gia hạn cùng máy chủ hoặc ổ đĩa của nó, không gia hạn riêng được.',
    );
    const other = apiAs(app, await signIn(app, 'whitelist@example.vn'));
    const foreign = await other.post('/billing/orders', renew(packageIdOf('server', serverId)));
    expect(foreign.statusCode).toBe(404);
  });
});
