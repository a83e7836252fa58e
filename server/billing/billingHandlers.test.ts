import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  quote,
  quoteUntil,
  vietnamMonthStartAfter,
  type OrderLine,
  type PricedProduct,
} from '../../src/domain/pricing';
import { serverProductLines } from '../../src/domain/serverOrder';
import { loadContract } from '../platform/contract';
import {
  apiAs,
  buyServer,
  mailsTo,
  SERVER_CHOICE,
  serverOrderFor,
  signIn,
  START,
  testApp,
  testClock,
  type Api,
} from '../testing';

const DAY_MS = 24 * 60 * 60 * 1000;
const INVALID_COUPON = 'Mã giảm giá không hợp lệ.';
const NAME_TAKEN = 'Tên máy chủ hoặc tên key đã tồn tại.';
const QUOTA = 'Vượt quá giới hạn tài nguyên, vui lòng liên hệ bộ phận hỗ trợ.';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;

async function start(options: Parameters<typeof testApp>[0] = {}) {
  ({ app, clock } = await testApp(options));
}
const as = async (email: string, headers: Record<string, string> = {}) =>
  apiAs(app, await signIn(app, email), headers);

afterEach(async () => {
  await app?.close();
});

/** The catalog's products by code, as the domain's quote takes them. */
async function catalog(api: Api): Promise<Map<string, PricedProduct>> {
  const response = await api.get('/billing/products', undefined, { per_page: '9999' });
  const products = response.json().products as PricedProduct[];
  return new Map(products.map((product) => [product.code, product]));
}

/** The domain's quote for the portal's product lines of a choice. */
async function expectedQuote(api: Api, choice = SERVER_CHOICE, now = START) {
  const products = await catalog(api);
  const lines: OrderLine[] = serverProductLines(choice).map((line) => {
    const [, code, units] = /^(.*)_(\d+)(?:c|gb)?$/.exec(String(line.id_or_name)) ?? [];
    return {
      product: products.get(code ?? '') as PricedProduct,
      quantity: Number(units) * line.quantity,
    };
  });
  return quote(lines, choice.interval, now);
}

const balanceOf = async (api: Api) => (await api.get('/auth/user')).json().balance as number;

async function placeOrder(api: Api, choice: Partial<typeof SERVER_CHOICE> = {}) {
  const response = await api.post('/billing/orders', serverOrderFor(choice));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; amount: number; expiry: string };
}

describe('calculatePrice', () => {
  it('prices a new server as the domain quotes the same lines, to the dong', async () => {
    await start();
    const api = await as('demo@example.vn');
    for (const interval of [1, 3, 6, 12] as const) {
      const choice = { ...SERVER_CHOICE, interval, extraIpv4: 2, ipv6: true };
      const response = await api.post('/billing/calculation', {
        action: 'create_server',
        products: serverProductLines(choice),
        interval_count: interval,
      });
      expect(response.statusCode).toBe(200);
      const expected = await expectedQuote(api, choice);
      expect(response.json()).toEqual({ action: 'create_server', ...expected });
      expect(response.json().subtotal + response.json().vat).toBe(response.json().total);
    }
  });

  it('reads a product by id, code, name or sized code alike', async () => {
    await start();
    const api = await as('demo@example.vn');
    const totals = [];
    for (const products of [
      [{ id_or_name: 1, quantity: 4 }],
      [{ id_or_name: 'cpu', quantity: 4 }],
      [{ id_or_name: 'CPU', quantity: 4 }],
      [{ id_or_name: 'cpu_4c', quantity: 1 }],
      [{ id_or_name: 'cpu_2c', quantity: 2 }],
    ]) {
      const response = await api.post('/billing/calculation', {
        action: 'create_server',
        products,
      });
      totals.push(response.json().total);
    }
    expect(new Set(totals).size).toBe(1);
    expect(totals[0]).toBeGreaterThan(0);
  });

  it('answers 400 naming an unknown product', async () => {
    await start();
    const api = await as('demo@example.vn');
    const response = await api.post('/billing/calculation', {
      action: 'create_server',
      products: [
        { id_or_name: 'cpu_1c', quantity: 1 },
        { id_or_name: 'gpu_1c', quantity: 1 },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Không có sản phẩm "gpu_1c".',
      errors: { 'products.1.id_or_name': 'Giá trị không hợp lệ.' },
    });
  });

  it('needs the server a resize or an IP purchase changes, and it must be the account’s', async () => {
    await start();
    const api = await as('demo@example.vn');
    const missing = await api.post('/billing/calculation', {
      action: 'buy_ip',
      products: [{ id_or_name: 'wan_ipv4', quantity: 1 }],
    });
    expect(missing.statusCode).toBe(400);
    // The agency's seeded server is not the demo account's.
    const foreign = await api.post('/billing/calculation', {
      action: 'buy_ip',
      products: [{ id_or_name: 'wan_ipv4', quantity: 1 }],
      reference_id: 1,
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('createOrder', () => {
  it('places a pending order priced as quote prices its lines, until the period end', async () => {
    await start();
    const api = await as('demo@example.vn');
    const before = await balanceOf(api);
    const choice = { ...SERVER_CHOICE, interval: 3 as const, extraIpv4: 1, ipv6: true };
    const response = await api.post('/billing/orders', serverOrderFor(choice));
    expect(response.statusCode).toBe(201);
    const expected = await expectedQuote(api, choice);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      type: 'create_server',
      status: 'pending',
      info: 'web-01: 2 CPU, 4 GB RAM, 40 GB SSD, +1 IPv4, 1 IPv6',
      amount: expected.total,
      interval_count: 3,
      resource_id: null,
      new_config: { cpu: 2, ram: 4, disk: 40 },
      new_size: null,
      expiry: expected.period_end,
      invoice_id: null,
      created: START.toISOString(),
      paid_at: null,
    });
    expect(expected.period_end).toBe('2025-05-31T17:00:00.000Z');
    expect(await balanceOf(api)).toBe(before);
  });

  it('refuses a bad server name with the domain’s message, even when the schema catches it', async () => {
    await start();
    const api = await as('demo@example.vn');
    const response = await api.post('/billing/orders', serverOrderFor({ name: 'web 01' }));
    const message =
      'Tên máy chủ chỉ gồm chữ cái, chữ số, dấu gạch ngang và gạch dưới, dài từ 3 đến 32 ký tự.';
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { 'data.name': message } });
  });

  it('refuses products that do not agree with the server in data', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = serverOrderFor();
    const cheaper = {
      ...order,
      products: order.products.filter((p) => p.id_or_name !== 'ram_4gb'),
    };
    const response = await api.post('/billing/orders', cheaper);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      products: 'Danh sách sản phẩm không khớp với cấu hình máy chủ.',
    });
    const wrongFlavor = { ...order, data: { ...order.data, flavor_name: '4c_8g' } };
    expect((await api.post('/billing/orders', wrongFlavor)).json().errors).toHaveProperty(
      'data.flavor_name',
    );
  });

  it('needs an SSH key or a generated password', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = serverOrderFor();
    const response = await api.post('/billing/orders', {
      ...order,
      data: { ...order.data, password: false },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toHaveProperty('data.password');
  });

  it('answers 404 for an image, datacenter or key that does not exist', async () => {
    await start();
    const api = await as('demo@example.vn');
    const image = await api.post('/billing/orders', serverOrderFor({ os: 'Arch Linux' }));
    expect(image.statusCode).toBe(404);
    expect(image.json().message).toBe('Không tìm thấy hệ điều hành này.');
    const datacenter = await api.post('/billing/orders', serverOrderFor({ datacenter: 'DN' }));
    expect(datacenter.statusCode).toBe(404);
    const key = await api.post('/billing/orders', serverOrderFor({ keyName: 'laptop' }));
    expect(key.statusCode).toBe(404);
    expect(key.json().message).toBe('Không tìm thấy SSH key này.');
  });

  it('refuses a disk smaller than the image needs', async () => {
    await start();
    const api = await as('demo@example.vn');
    const small = await api.post(
      '/billing/orders',
      serverOrderFor({ os: 'Windows Server 2022', disk: 20 }),
    );
    expect(small.statusCode).toBe(400);
    expect(small.json().message).toBe(
      'Hệ điều hành Windows Server 2022 cần ổ đĩa tối thiểu 40 GB.',
    );
    await placeOrder(api, { os: 'Windows Server 2022', disk: 40 });
  });

  it('answers 409 for a name already used by a server or a pending order, ignoring case', async () => {
    await start();
    const api = await as('demo@example.vn');
    await buyServer(api, { name: 'web-01' });
    const againServer = await api.post('/billing/orders', serverOrderFor({ name: 'WEB-01' }));
    expect(againServer.statusCode).toBe(409);
    expect(againServer.json()).toEqual({
      message: NAME_TAKEN,
      errors: { 'data.name': NAME_TAKEN },
    });
    await placeOrder(api, { name: 'web-02' });
    const againOrder = await api.post('/billing/orders', serverOrderFor({ name: 'web-02' }));
    expect(againOrder.statusCode).toBe(409);
    // Another account may use the name.
    await placeOrder(await as('agency@example.vn'), { name: 'web-01' });
  });

  it('answers 409 past the account’s server quota; a cancelled order frees its place', async () => {
    await start({ serverQuota: 2 });
    const api = await as('demo@example.vn');
    await buyServer(api, { name: 'web-01' });
    const pending = await placeOrder(api, { name: 'web-02' });
    const third = await api.post('/billing/orders', serverOrderFor({ name: 'web-03' }));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(QUOTA);
    await api.post(`/billing/orders/${pending.id}/cancel`);
    await placeOrder(api, { name: 'web-03' });
  });

  it('refuses a size past the limits the domain and the contract share', async () => {
    await start();
    const api = await as('demo@example.vn');
    const response = await api.post('/billing/orders', serverOrderFor({ cpu: 65 }));
    expect(response.statusCode).toBe(400);
  });

  it('answers 409 for more than 20 addresses', async () => {
    await start();
    const api = await as('demo@example.vn');
    await placeOrder(api, { extraIpv4: 19 });
    const response = await api.post(
      '/billing/orders',
      serverOrderFor({ name: 'web-02', extraIpv4: 19, ipv6: true }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Mỗi máy chủ có tối đa 20 địa chỉ IP.');
  });

  it('refuses a blocked account with every reason, joined by commas, in its language', async () => {
    await start();
    const expired = await as('expired@example.vn');
    const response = await expired.post('/billing/orders', serverOrderFor());
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Không thể thực hiện thao tác do: có hoá đơn quá hạn, đã hết hạn dùng thử.',
    });
    const english = await as('expired@example.vn', { 'accept-language': 'en' });
    expect((await english.post('/billing/orders', serverOrderFor())).json().message).toMatch(
      /overdue.*, .*trial/i,
    );
    const unverified = await as('unverified@example.vn');
    const held = await unverified.post('/billing/orders', serverOrderFor());
    expect(held.statusCode).toBe(403);
    expect(held.json().message).toContain('email chưa được xác thực');
  });

  it('lets a whitelisted account with an overdue invoice order', async () => {
    await start();
    await placeOrder(await as('whitelist@example.vn'));
  });

  it('prices data disks with the server: the amount is the quote of all its lines', async () => {
    await start();
    const api = await as('demo@example.vn');
    const choice = {
      ...SERVER_CHOICE,
      dataDisks: [
        { size: 100, type: 'HDD' as const },
        { size: 50, type: 'SSD' as const },
      ],
    };
    const order = await placeOrder(api, choice);
    const expected = await expectedQuote(api, choice);
    const withoutDisks = await expectedQuote(api, { ...choice, dataDisks: [] });
    expect(order.amount).toBe(expected.total);
    expect(expected.total).toBeGreaterThan(withoutDisks.total);
    expect((await api.get(`/billing/orders/${order.id}`)).json().info).toBe(
      'web-01: 2 CPU, 4 GB RAM, 40 GB SSD, +100 GB HDD, +50 GB SSD',
    );
  });

  it('refuses data disks that do not agree with the products’ disk lines', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = serverOrderFor({ dataDisks: [{ size: 100, type: 'HDD' }] });
    const mismatch = { products: 'Danh sách sản phẩm không khớp với cấu hình máy chủ.' };
    const variants = [
      // a data disk the products do not price
      { ...order, products: order.products.filter((p) => p.id_or_name !== 'volume_hdd_100gb') },
      // a disk line the data does not have
      { ...order, data: { ...order.data, datadisks: [] } },
      // the same gigabytes as two disks instead of one
      {
        ...order,
        products: order.products.map((p) =>
          p.id_or_name === 'volume_hdd_100gb' ? { id_or_name: 'volume_hdd_50gb', quantity: 2 } : p,
        ),
      },
      // another type
      { ...order, data: { ...order.data, datadisks: [{ size: 100, type: 'SSD' as const }] } },
    ];
    for (const variant of variants) {
      const response = await api.post('/billing/orders', variant);
      expect(response.statusCode, JSON.stringify(variant.products)).toBe(400);
      expect(response.json().errors).toEqual(mismatch);
    }
    expect((await api.get('/billing/orders')).json().total).toBe(0);
  });
});

describe('listOrders, getOrder and cancelOrder', () => {
  it('lists the account’s orders newest first, by status', async () => {
    await start();
    const api = await as('demo@example.vn');
    const first = await placeOrder(api, { name: 'web-01' });
    const second = await placeOrder(api, { name: 'web-02' });
    await api.post(`/billing/orders/${first.id}/cancel`);
    const all = (await api.get('/billing/orders')).json();
    expect(all).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect(all.items.map((o: { id: number }) => o.id)).toEqual([second.id, first.id]);
    const pending = (await api.get('/billing/orders', undefined, { status: 'pending' })).json();
    expect(pending.items.map((o: { id: number }) => o.id)).toEqual([second.id]);
    expect((await api.get(`/billing/orders/${second.id}`)).json()).toMatchObject({
      id: second.id,
      status: 'pending',
    });
    const agency = await as('agency@example.vn');
    expect((await agency.get('/billing/orders')).json().total).toBe(0);
    expect((await agency.get(`/billing/orders/${second.id}`)).statusCode).toBe(404);
  });

  it('cancels a pending order once, even for a blocked account', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = await placeOrder(api);
    const cancelled = await api.post(`/billing/orders/${order.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', paid_at: null });
    expect((await api.post(`/billing/orders/${order.id}/cancel`)).statusCode).toBe(400);
    const paying = await api.post(`/billing/orders/${order.id}/pay`);
    expect(paying.statusCode).toBe(400);
    expect(paying.json().message).toBe('Đơn hàng không ở trạng thái chờ thanh toán.');

    // trial@ can order now; once its trial has ended it is blocked, but may still cancel.
    const trial = await as('trial@example.vn');
    const trialOrder = await placeOrder(trial);
    clock.advance(6 * DAY_MS);
    expect((await trial.post(`/billing/orders/${trialOrder.id}/pay`)).statusCode).toBe(403);
    expect((await trial.post(`/billing/orders/${trialOrder.id}/cancel`)).statusCode).toBe(200);
  });
});

describe('payOrder', () => {
  it('debits the order’s amount, issues a paid invoice of the same amount and starts the build', async () => {
    await start();
    const api = await as('demo@example.vn');
    const before = (await api.get('/auth/user')).json();
    const order = await placeOrder(api);
    const response = await api.post(`/billing/orders/${order.id}/pay`);
    expect(response.statusCode).toBe(200);
    const paid = response.json();
    const balance = await balanceOf(api);
    expect(before.balance - balance).toBe(order.amount);
    expect(paid).toMatchObject({
      preview: false,
      amount: order.amount,
      discount: 0,
      total: order.amount,
      balance,
      sufficient_balance: true,
      shortfall: 0,
      coupon: null,
    });
    expect(paid.subtotal + paid.vat).toBe(paid.total);
    expect(paid.invoice).toMatchObject({
      status: 'paid',
      amount: order.amount,
      order_id: order.id,
      resource_type: 'server',
      resource_id: paid.order.resource_id,
      paid_at: START.toISOString(),
      code: expect.stringMatching(/^INV-2025-\d{6}$/),
    });
    expect(paid.order).toMatchObject({
      status: 'paid',
      invoice_id: paid.invoice.id,
      paid_at: START.toISOString(),
    });
    const server = (await api.get(`/cloud/servers/${paid.order.resource_id}`)).json();
    expect(server).toMatchObject({ name: 'web-01', status: 'building', expiry: order.expiry });
    // Paid invoices do not add to the header's unpaid amount.
    expect((await api.get('/auth/user')).json().unpaid_amount).toBe(before.unpaid_amount);
  });

  it('mails the generated administrator password', async () => {
    await start();
    const api = await as('demo@example.vn');
    await buyServer(api);
    const [mail] = await mailsTo(app, 'demo@example.vn');
    expect(mail?.subject).toContain('web-01');
    expect(mail?.text).toMatch(/203\.0\.113\.\d+/);
  });

  it('previews without paying, and without 402 when the balance is short', async () => {
    await start();
    const api = await as('whitelist@example.vn');
    const order = await placeOrder(api);
    const preview = await api.post(`/billing/orders/${order.id}/pay`, undefined, {
      check: 'True',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({
      preview: true,
      amount: order.amount,
      total: order.amount,
      balance: 0,
      sufficient_balance: false,
      shortfall: order.amount,
      invoice: null,
      order: { status: 'pending' },
    });
    expect((await api.get(`/billing/orders/${order.id}`)).json().status).toBe('pending');

    const demo = await as('demo@example.vn');
    const before = await balanceOf(demo);
    const demoOrder = await placeOrder(demo);
    const demoPreview = await demo.post(`/billing/orders/${demoOrder.id}/pay`, undefined, {
      check: 'True',
    });
    expect(demoPreview.json()).toMatchObject({ sufficient_balance: true, balance: before });
    expect(await balanceOf(demo)).toBe(before);
    expect((await demo.get('/billing/invoices')).json().total).toBe(0);
  });

  it('answers 402 with the shortfall and changes nothing', async () => {
    await start();
    const api = await as('whitelist@example.vn');
    const order = await placeOrder(api);
    const invoicesBefore = (await api.get('/billing/invoices')).json();
    // Its one server, vps-uu-tien-01, was seeded; the order must not add another.
    const serversBefore = (await api.get('/cloud/servers')).json();
    expect(serversBefore.total).toBe(1);
    const response = await api.post(`/billing/orders/${order.id}/pay`);
    expect(response.statusCode).toBe(402);
    const amount = order.amount.toLocaleString('de-DE');
    expect(response.json().message).toBe(
      `Số dư không đủ: cần ${amount} ₫, số dư hiện có 0 ₫. Vui lòng nạp thêm ${amount} ₫.`,
    );
    expect(await balanceOf(api)).toBe(0);
    expect((await api.get(`/billing/orders/${order.id}`)).json().status).toBe('pending');
    expect((await api.get('/billing/invoices')).json()).toEqual(invoicesBefore);
    expect((await api.get('/cloud/servers')).json()).toEqual(serversBefore);
  });

  it('pays an order once when it is paid twice at the same moment', async () => {
    await start();
    const api = await as('demo@example.vn');
    const before = await balanceOf(api);
    const order = await placeOrder(api);
    const answers = await Promise.all([
      api.post(`/billing/orders/${order.id}/pay`),
      api.post(`/billing/orders/${order.id}/pay`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await balanceOf(api)).toBe(before - order.amount);
    expect((await api.get('/billing/invoices', undefined, { status: 'paid' })).json().total).toBe(
      1,
    );
    expect((await api.get('/cloud/servers')).json().total).toBe(1);
  });

  it('pays only one of two orders the balance cannot both cover, paid at the same moment', async () => {
    await start();
    const api = await as('demo@example.vn');
    const before = await balanceOf(api);
    const choice = { cpu: 4, ram: 8, disk: 80, interval: 3 as const };
    const first = await placeOrder(api, { ...choice, name: 'web-01' });
    const second = await placeOrder(api, { ...choice, name: 'web-02' });
    expect(first.amount).toBeLessThanOrEqual(before);
    expect(first.amount + second.amount).toBeGreaterThan(before);
    const answers = await Promise.all([
      api.post(`/billing/orders/${first.id}/pay`),
      api.post(`/billing/orders/${second.id}/pay`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 402]);
    expect(await balanceOf(api)).toBe(before - first.amount);
    expect((await api.get('/cloud/servers')).json().total).toBe(1);
  });

  it('takes a coupon off: a capped percentage or an amount; invoice and debit agree', async () => {
    await start();
    const api = await as('demo@example.vn');
    const big = await placeOrder(api, { name: 'web-01', cpu: 8, ram: 16, disk: 160 });
    const preview = await api.post(
      `/billing/orders/${big.id}/pay`,
      { coupon_code: 'giam10' },
      { check: 'True' },
    );
    expect(preview.json()).toMatchObject({ discount: 100_000, total: big.amount - 100_000 });
    expect(preview.json().coupon).toMatchObject({ code: 'GIAM10', max_discount: 100_000 });

    const before = await balanceOf(api);
    const paid = await api.post(`/billing/orders/${big.id}/pay`, { coupon_code: 'GIAM10' });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ amount: big.amount, discount: 100_000 });
    expect(paid.json().invoice.amount).toBe(big.amount - 100_000);
    expect(before - (await balanceOf(api))).toBe(big.amount - 100_000);

    const small = await placeOrder(api, { name: 'web-02', cpu: 1, ram: 1, disk: 20 });
    const ten = await api.post(`/billing/orders/${small.id}/pay`, undefined, { check: 'True' });
    const withTen = await api.post(
      `/billing/orders/${small.id}/pay`,
      { coupon_code: 'GIAM10' },
      { check: 'True' },
    );
    expect(withTen.json().discount).toBe(Math.round(ten.json().amount / 10 / 1000) * 1000);
    const fixed = await api.post(`/billing/orders/${small.id}/pay`, { coupon_code: 'GIAM50K' });
    expect(fixed.json()).toMatchObject({ discount: 50_000, total: small.amount - 50_000 });
  });

  it('refuses an expired, unknown or credit coupon with 400, saying why, and pays nothing', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = await placeOrder(api);
    const before = await balanceOf(api);
    for (const [code, message] of [
      ['HETHAN20', 'Mã HETHAN20 đã hết hạn.'],
      ['KHONGCO', INVALID_COUPON],
      ['NAP100K', expect.stringMatching(/^Mã NAP100K là mã quà tặng, không dùng để giảm giá/)],
    ]) {
      const response = await api.post(`/billing/orders/${order.id}/pay`, { coupon_code: code });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(message);
    }
    expect(await balanceOf(api)).toBe(before);
  });

  it('takes an empty coupon code (a form’s empty field) as no coupon, to preview and to pay', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = await placeOrder(api);
    const before = await balanceOf(api);

    const withoutCoupon = await api.post(`/billing/orders/${order.id}/pay`, undefined, {
      check: 'True',
    });
    const emptyCoupon = await api.post(
      `/billing/orders/${order.id}/pay`,
      { coupon_code: '' },
      { check: 'True' },
    );
    expect(emptyCoupon.statusCode, emptyCoupon.body).toBe(200);
    expect(emptyCoupon.json()).toEqual(withoutCoupon.json());

    const paid = await api.post(`/billing/orders/${order.id}/pay`, { coupon_code: '' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ discount: 0, total: order.amount, coupon: null });
    expect(await balanceOf(api)).toBe(before - order.amount);
  });

  // Invoice payment answers 501 before reading its body (not built yet), so the contract it will
  // be held to is checked instead: the same PayRequest as orders, which takes "" as no coupon.
  it('lets invoice payment take an empty coupon code as the contract’s no coupon', () => {
    const ajv = new Ajv2020({ strict: false, allowUnionTypes: true });
    addFormats(ajv);
    for (const id of ['payInvoice', 'payOrder']) {
      const operation = loadContract().operations.find((op) => op.operationId === id);
      const accepts = ajv.compile(operation?.requestBody?.schema ?? false);
      expect([
        accepts({ coupon_code: '' }),
        accepts({}),
        accepts({ coupon_code: 'GIAM10' }),
      ]).toEqual([true, true, true]);
      expect(accepts({ coupon_code: ' ' })).toBe(false);
    }
  });

  it('refuses an order whose period has ended', async () => {
    await start();
    const api = await as('demo@example.vn');
    const order = await placeOrder(api);
    clock.advance(31 * DAY_MS);
    // A session unused for 30 days has expired by then: the customer signs in again.
    const again = await as('demo@example.vn');
    const response = await again.post(`/billing/orders/${order.id}/pay`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/quá hạn thanh toán/);
  });

  it('answers 404 for another account’s order', async () => {
    await start();
    const order = await placeOrder(await as('demo@example.vn'));
    const agency = await as('agency@example.vn');
    expect((await agency.post(`/billing/orders/${order.id}/pay`)).statusCode).toBe(404);
    expect(
      (await agency.post(`/billing/orders/${order.id}/pay`, undefined, { check: 'True' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('checkCoupon', () => {
  it('answers a usable coupon, and 400 for any other code', async () => {
    await start();
    const api = await as('demo@example.vn');
    const response = await api.get('/billing/coupons/check_code', undefined, {
      code: 'GIAM50K',
      type: 'discount_invoice',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 'GIAM50K',
      type: 'discount_invoice',
      discount_type: 'amount',
      value: 50_000,
      max_discount: null,
      expires: null,
      description: 'Giảm 50.000 ₫',
    });
    const credit = await api.get('/billing/coupons/check_code', undefined, {
      code: 'NAP100K',
      type: 'credit',
    });
    expect(credit.json()).toMatchObject({ type: 'credit', value: 100_000 });
    for (const [code, message] of [
      ['HETHAN20', 'Mã HETHAN20 đã hết hạn.'],
      ['NAP100K', expect.stringMatching(/^Mã NAP100K là mã quà tặng/)],
      ['KHONGCO', INVALID_COUPON],
    ]) {
      const invalid = await api.get('/billing/coupons/check_code', undefined, { code });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ message, errors: { code: message } });
    }
  });
});

describe('listInvoices and getInvoice', () => {
  it('lists the invoices paying issues, newest first, by status, code or resource', async () => {
    await start();
    const api = await as('demo@example.vn');
    const first = await buyServer(api, { name: 'web-01' });
    const second = await buyServer(api, { name: 'web-02' });
    const list = (await api.get('/billing/invoices')).json();
    expect(list).toMatchObject({ total: 2, page: 1, per_page: 20 });
    expect(list.items.map((i: { resource_id: number }) => i.resource_id)).toEqual([second, first]);
    const [newest] = list.items;
    expect((await api.get(`/billing/invoices/${newest.id}`)).json()).toEqual(newest);
    const byCode = await api.get('/billing/invoices', undefined, { code: newest.code.slice(-6) });
    expect(byCode.json().items).toEqual([newest]);
    const byResource = await api.get('/billing/invoices', undefined, {
      resource_id: String(first),
    });
    expect(byResource.json().total).toBe(1);
    expect((await api.get('/billing/invoices', undefined, { status: 'open' })).json().total).toBe(
      0,
    );

    // expired@'s one invoice is its trial's bill: from the trial's end to the end of this month.
    const expired = await as('expired@example.vn');
    const trialEnd = new Date((await expired.get('/auth/user')).json().trial.end_date);
    const products = await catalog(expired);
    const trialServer = (
      [
        ['cpu', 1],
        ['ram', 1],
        ['volume_ssd', 10],
        ['wan_ipv4', 1],
      ] as const
    ).map(([code, quantity]) => ({ product: products.get(code) as PricedProduct, quantity }));
    const amount = quoteUntil(trialServer, vietnamMonthStartAfter(START, 1), 1, trialEnd).total;
    const overdue = (await expired.get('/billing/invoices')).json();
    expect(overdue.items).toEqual([
      expect.objectContaining({ status: 'open', amount, order_id: null, resource_type: null }),
    ]);
    expect((await expired.get(`/billing/invoices/${newest.id}`)).statusCode).toBe(404);
  });
});
