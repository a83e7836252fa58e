import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_IPS_PER_SERVER } from '../../src/domain/constants';
import {
  apiAs,
  buyServer,
  signedInSandbox,
  signIn,
  testApp,
  testClock,
  type Api,
} from '../testing';

const IP_LIMIT = 'Mỗi máy chủ có tối đa 20 địa chỉ IP.';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;
let token: string;

async function start() {
  ({ app, clock } = await testApp());
  token = await signIn(app, 'demo@example.vn');
  api = apiAs(app, token);
}

afterEach(async () => {
  await app?.close();
});

async function activeServer(choice: Parameters<typeof buyServer>[1] = {}) {
  const id = await buyServer(api, choice);
  clock.advance(20_000);
  return id;
}

const ips = async (id: number) => (await api.get(`/cloud/servers/${id}/ips`)).json();
const balance = async () => (await api.get('/auth/user')).json().balance as number;

describe('listServerIps', () => {
  it('lists the primary address first at the IPv4 price its server pays, then the extra ones', async () => {
    await start();
    const id = await activeServer({ extraIpv4: 1, ipv6: true });
    const list = await ips(id);
    expect(list).toMatchObject({ total: 3, page: 1, per_page: 20 });
    expect(list.items).toEqual([
      // The server's order charged a wan_ipv4 line for it (issue 17: it read 0 ₫).
      expect.objectContaining({ server_id: id, version: 'ipv4', primary: true, price: 50_000 }),
      expect.objectContaining({ version: 'ipv4', primary: false, price: 50_000 }),
      expect.objectContaining({ version: 'ipv6', primary: false, price: 10_000 }),
    ]);
    const addresses = list.items.map((ip: { address: string }) => ip.address);
    expect(new Set(addresses).size).toBe(3);
    expect(addresses[0]).toMatch(/^203\.0\.113\.\d+$/);
    expect(addresses[2]).toMatch(/^2001:db8::[0-9a-f]+$/);
  });
});

describe('buyServerIps', () => {
  it('charges the rest of the server’s period, as calculatePrice prices it', async () => {
    await start();
    const id = await activeServer();
    const price = await api.post('/billing/calculation', {
      action: 'buy_ip',
      reference_id: id,
      products: [{ id_or_name: 'wan_ipv4', quantity: 2 }],
    });
    const before = await balance();
    const response = await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 2 });
    expect(response.statusCode).toBe(201);
    const purchase = response.json();
    expect(purchase.order).toMatchObject({
      type: 'buy_ip',
      status: 'paid',
      amount: price.json().total,
      resource_id: id,
      info: 'web-01: +2 IPv4',
    });
    expect(purchase.invoice).toMatchObject({ status: 'paid', amount: price.json().total });
    expect(purchase.ips).toHaveLength(2);
    expect(purchase.ips[0]).toMatchObject({ version: 'ipv4', primary: false, price: 50_000 });
    expect(before - (await balance())).toBe(price.json().total);
    expect((await ips(id)).total).toBe(3);
    const server = (await api.get(`/cloud/servers/${id}`)).json();
    expect(server.ipv4).toHaveLength(3);
  });

  it('prices to the end of this month once the server’s paid period is over', async () => {
    await start();
    const id = await activeServer();
    clock.advance(40 * 24 * 60 * 60 * 1000); // 10 April 2025
    // A token left unused for 40 days has expired (30 days idle): sign in again.
    api = apiAs(app, await signIn(app, 'demo@example.vn'));
    const response = await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv6', quantity: 1 });
    expect(response.statusCode).toBe(201);
    expect(response.json().order.expiry).toBe('2025-04-30T17:00:00.000Z');
    // 489 of April's 720 hours are left: 10 000 × 489 / 720 = 6 792, rounded to the thousand.
    expect(response.json().invoice.amount).toBe(7_000);
  });

  it('stops at 20 addresses, the primary one included', async () => {
    await start();
    const id = await activeServer();
    const most = await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv6', quantity: 18 });
    expect(most.statusCode).toBe(201);
    const over = await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(IP_LIMIT);
    expect(
      (await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 1 })).statusCode,
    ).toBe(201);
    expect((await ips(id)).total).toBe(MAX_IPS_PER_SERVER);
    const full = await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv6', quantity: 1 });
    expect(full.statusCode).toBe(409);
    // A pending buy_ip order holds its addresses' place too.
    const [extra] = (await ips(id)).items.slice(-1);
    await api.delete(`/cloud/servers/${id}/ips/${extra.id}`);
    const pending = await api.post('/billing/orders', {
      type: 'buy_ip',
      data: { server_id: id, version: 'ipv4', quantity: 1 },
    });
    expect(pending.statusCode).toBe(201);
    expect(
      (await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 1 })).json().message,
    ).toBe(IP_LIMIT);
    expect((await api.post(`/billing/orders/${pending.json().id}/pay`)).statusCode).toBe(200);
    expect((await ips(id)).total).toBe(MAX_IPS_PER_SERVER);
  });

  it('refuses a quantity outside 1–19 and a server still building', async () => {
    await start();
    const building = await buyServer(api);
    expect(
      (await api.post(`/cloud/servers/${building}/ips`, { version: 'ipv4', quantity: 20 }))
        .statusCode,
    ).toBe(400);
    const early = await api.post(`/cloud/servers/${building}/ips`, {
      version: 'ipv4',
      quantity: 1,
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Máy chủ đang khởi tạo, vui lòng đợi thao tác hoàn tất.');
  });

  it('answers 402 and buys nothing when the balance is short', async () => {
    await start();
    // About 3.6 million of the 5 million goes on the server itself.
    const id = await activeServer({ cpu: 4, ram: 8, disk: 80, interval: 3 });
    const before = await balance();
    const response = await api.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 19 });
    expect(response.statusCode).toBe(402);
    expect(await balance()).toBe(before);
    expect((await ips(id)).total).toBe(1);
  });

  it('is blocked for an expired account', async () => {
    await start();
    const expired = apiAs(app, await signIn(app, 'expired@example.vn'));
    const response = await expired.post('/cloud/servers/1/ips', { version: 'ipv4', quantity: 1 });
    expect(response.statusCode).toBe(403);
  });
});

describe('deleteServerIp', () => {
  it('releases an extra address, never the primary one', async () => {
    await start();
    const id = await activeServer({ extraIpv4: 1 });
    const [primary, extra] = (await ips(id)).items;
    const refused = await api.delete(`/cloud/servers/${id}/ips/${primary.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Không thể xoá địa chỉ IP chính của máy chủ.');
    const released = await api.delete(`/cloud/servers/${id}/ips/${extra.id}`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ message: `Đã xoá địa chỉ IP ${extra.address}.` });
    expect((await ips(id)).items).toEqual([primary]);
    expect((await api.delete(`/cloud/servers/${id}/ips/${extra.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for another account’s address', async () => {
    await start();
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const [server] = (await agency.get('/cloud/servers')).json().items;
    const [ip] = (await agency.get(`/cloud/servers/${server.id}/ips`)).json().items;
    expect((await api.delete(`/cloud/servers/${server.id}/ips/${ip.id}`)).statusCode).toBe(404);
  });
});

describe('buyServerIps with an Idempotency-Key', () => {
  const buyWithKey = (id: number, key: string, body: object = { version: 'ipv4', quantity: 1 }) =>
    apiAs(app, token, { 'idempotency-key': key }).post(`/cloud/servers/${id}/ips`, body);

  it('buys once for a key sent again after a lost answer, or ten times at once', async () => {
    await start();
    const id = await activeServer();
    const before = await balance();

    const first = await buyWithKey(id, 'retry-after-lost-answer-1');
    expect(first.statusCode).toBe(201);
    const price = first.json().order.amount as number;
    expect(price).toBeGreaterThan(0);
    const again = await buyWithKey(id, 'retry-after-lost-answer-1');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());

    const atOnce = await Promise.all(
      Array.from({ length: 10 }, () => buyWithKey(id, 'double-clicked-key-0002')),
    );
    expect(atOnce.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(atOnce.map((answer) => answer.json().order.id)).size).toBe(1);

    expect((await ips(id)).total).toBe(3);
    expect(await balance()).toBe(before - 2 * price);
  });

  it('refuses a key reused for another server or quantity, buying nothing; keys are per account', async () => {
    await start();
    const id = await activeServer();
    const other = await activeServer({ name: 'web-02' });
    expect((await buyWithKey(id, 'one-key-one-purchase')).statusCode).toBe(201);
    const before = await balance();
    for (const answer of [
      await buyWithKey(other, 'one-key-one-purchase'),
      await buyWithKey(id, 'one-key-one-purchase', { version: 'ipv4', quantity: 2 }),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toBe(
        'Khoá Idempotency-Key này đã được dùng cho một yêu cầu khác.',
      );
    }
    expect(await balance()).toBe(before);
    expect((await ips(other)).total).toBe(1);

    const whitelist = await signIn(app, 'whitelist@example.vn');
    const theirs = (await apiAs(app, whitelist).get('/cloud/servers')).json().items[0].id as number;
    const theirPurchase = await apiAs(app, whitelist, {
      'idempotency-key': 'one-key-one-purchase',
    }).post(`/cloud/servers/${theirs}/ips`, { version: 'ipv4', quantity: 1 });
    // Their own purchase ran (and their balance is short), not demo's answered to them.
    expect(theirPurchase.statusCode).toBe(402);
  });

  it('keeps nothing of a refused purchase, so the same key buys once the server is ready', async () => {
    await start();
    const id = await buyServer(api);
    const building = await buyWithKey(id, 'bought-when-ready-0001');
    expect(building.statusCode).toBe(400);
    clock.advance(20_000);
    const ready = await buyWithKey(id, 'bought-when-ready-0001');
    expect(ready.statusCode).toBe(201);
    expect((await ips(id)).total).toBe(2);
  });

  it('knows a repeat whatever the order of its fields, and answers it to an account blocked since', async () => {
    const { app: sandbox, books, clock: sandboxClock } = await signedInSandbox();
    const demo = await signIn(sandbox, 'demo@example.vn');
    const id = await buyServer(apiAs(sandbox, demo));
    sandboxClock.advance(20_000);
    const keyed = apiAs(sandbox, demo, { 'idempotency-key': 'fields-in-any-order' });
    const first = await keyed.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 1 });
    expect(first.statusCode).toBe(201);
    const reordered = await keyed.post(`/cloud/servers/${id}/ips`, {
      quantity: 1,
      version: 'ipv4',
    });
    expect(reordered.statusCode).toBe(201);
    expect(reordered.json()).toEqual(first.json());

    // An invoice falls overdue: new purchases are blocked, the one made is still answered.
    books
      .prepare("UPDATE invoices SET status = 'open', due_date = ? WHERE id = ?")
      .run('2000-01-01T00:00:00.000Z', first.json().invoice.id);
    const blocked = await apiAs(sandbox, demo).post(`/cloud/servers/${id}/ips`, {
      version: 'ipv4',
      quantity: 1,
    });
    expect(blocked.statusCode).toBe(403);
    const repeated = await keyed.post(`/cloud/servers/${id}/ips`, { version: 'ipv4', quantity: 1 });
    expect(repeated.statusCode).toBe(201);
    expect(repeated.json()).toEqual(first.json());
  });

  it('forgets a key after a day, and refuses one that is not 16–64 letters, digits, - or _', async () => {
    await start();
    const id = await activeServer();
    expect((await buyWithKey(id, 'remembered-for-a-day')).statusCode).toBe(201);
    clock.advance(25 * 3600_000);
    expect((await buyWithKey(id, 'remembered-for-a-day')).statusCode).toBe(201);
    expect((await ips(id)).total).toBe(3);

    for (const key of ['short', 'has spaces in the key', 'x'.repeat(65)]) {
      expect((await buyWithKey(id, key)).statusCode, key).toBe(400);
    }
    expect((await ips(id)).total).toBe(3);
  });
});
