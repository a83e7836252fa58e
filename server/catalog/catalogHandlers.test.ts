import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiAs, signIn, testApp, type Api } from '../testing';

let app: FastifyInstance;
let api: Api;

beforeEach(async () => {
  ({ app } = await testApp());
  api = apiAs(app, await signIn(app, 'demo@example.vn'));
});
afterEach(async () => {
  await app.close();
});

describe('listProducts', () => {
  it('lists the priced products, VAT included, in the provider shape', async () => {
    const response = await api.get('/billing/products', undefined, { per_page: '9999' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 9, page: 1, per_page: 9999 });
    const prices = Object.fromEntries(
      body.products.map((p: { code: string; price: number }) => [p.code, p.price]),
    );
    expect(prices).toEqual({
      cpu: 90_000,
      ram: 60_000,
      volume_ssd: 4_000,
      volume_hdd: 2_000,
      snapshot_ssd: 2_000,
      snapshot_hdd: 1_000,
      wan_ipv4: 50_000,
      wan_ipv6: 10_000,
      windows_license: 300_000,
    });
  });

  it.each([
    ['DISK HDD', 'volume_hdd'],
    ['DISK SSD', 'volume_ssd'],
    ['SNAPSHOT HDD', 'snapshot_hdd'],
    ['SNAPSHOT SSD', 'snapshot_ssd'],
    ['CPU', 'cpu'],
    ['RAM', 'ram'],
  ])('finds %s by name', async (name, code) => {
    const response = await api.get('/billing/products', undefined, { name, per_page: '9999' });
    expect(response.json().products).toEqual([
      expect.objectContaining({ name, code, unit: expect.any(String) }),
    ]);
  });

  it('filters by category and pages', async () => {
    const wanip = await api.get('/billing/products', undefined, { category: 'wanip' });
    expect(wanip.json().products.map((p: { code: string }) => p.code)).toEqual([
      'wan_ipv4',
      'wan_ipv6',
    ]);
    const extra = await api.get('/billing/products', undefined, { category: 'extra' });
    expect(extra.json().products).toEqual([
      expect.objectContaining({ code: 'windows_license', unit: 'item' }),
    ]);
    const second = await api.get('/billing/products', undefined, { page: '2', per_page: '4' });
    expect(second.json()).toMatchObject({ total: 9, page: 2, per_page: 4 });
    expect(second.json().products.map((p: { id: number }) => p.id)).toEqual([5, 6, 7, 8]);
  });

  it('answers the calls of spec §7 exactly as written, with per_page 9999 (999 for extra)', async () => {
    const codes = async (query: Record<string, string>) => {
      const response = await api.get('/billing/products', undefined, query);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().products.map((p: { code: string }) => p.code);
    };
    expect(await codes({ name: 'CPU', per_page: '9999' })).toEqual(['cpu']);
    expect(await codes({ category: 'wanip', per_page: '9999' })).toEqual(['wan_ipv4', 'wan_ipv6']);
    expect(await codes({ category: 'extra', per_page: '999' })).toEqual(['windows_license']);
  });

  it('refuses the sandbox-only categories: CPU, RAM and disks are asked for by name', async () => {
    for (const category of ['compute', 'volume', 'snapshot', 'server']) {
      const response = await api.get('/billing/products', undefined, { category });
      expect(response.statusCode).toBe(400);
    }
  });

  it('refuses a name the contract does not list, and anonymous callers', async () => {
    expect((await api.get('/billing/products', undefined, { name: 'GPU' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/v1/billing/products' })).statusCode).toBe(401);
  });
});

describe('listPlans', () => {
  it('prices server plans as whole months of their products', async () => {
    const response = await api.get('/billing/plans', undefined, {
      product_category: 'server',
      interval_count: '12',
    });
    expect(response.statusCode).toBe(200);
    const plans = response.json().items;
    expect(
      plans.map((p: Record<string, unknown>) => [p.name, p.cpu, p.ram, p.disk, p.monthly_price]),
    ).toEqual([
      ['VPS Mini', 1, 1, 20, 280_000],
      ['VPS Basic', 2, 4, 40, 630_000],
      ['VPS Pro', 4, 8, 80, 1_210_000],
      ['VPS Business', 8, 16, 160, 2_370_000],
    ]);
    expect(plans[1]).toMatchObject({
      interval: 'month',
      interval_count: 12,
      price: 12 * 630_000,
      disk_type: 'SSD',
      products: [
        { product_id: 1, name: 'CPU', quantity: 2 },
        { product_id: 2, name: 'RAM', quantity: 4 },
        { product_id: 3, name: 'DISK SSD', quantity: 40 },
        { product_id: 7, name: 'WAN IPv4', quantity: 1 },
      ],
    });
  });

  it('lists address plans for one month, as the portal asks', async () => {
    const response = await api.get('/billing/plans', undefined, {
      product_category: 'wanip',
      interval_count: '1',
    });
    expect(response.json().items).toEqual([
      expect.objectContaining({ name: 'WAN IPv4', price: 50_000, cpu: null, disk_type: null }),
      expect.objectContaining({ name: 'WAN IPv6', price: 10_000, monthly_price: 10_000 }),
    ]);
  });
});

describe('listImages and listDatacenters', () => {
  it('lists the OS images with the disk each needs', async () => {
    const response = await api.get('/catalog/images');
    expect(
      response.json().items.map((i: { name: string; min_disk: number }) => [i.name, i.min_disk]),
    ).toEqual([
      ['Ubuntu 22.04', 10],
      ['Ubuntu 24.04', 10],
      ['Debian 12', 10],
      ['CentOS Stream 9', 10],
      ['Windows Server 2022', 40],
    ]);
    const ubuntu = await api.get('/catalog/images', undefined, { distro: 'ubuntu' });
    expect(ubuntu.json()).toMatchObject({ total: 2, page: 1, per_page: 20 });
  });

  it('lists the datacenters', async () => {
    const response = await api.get('/catalog/datacenters');
    expect(response.json()).toEqual({
      items: [
        { code: 'HN', name: 'Hà Nội' },
        { code: 'HCM', name: 'Hồ Chí Minh' },
      ],
      total: 2,
      page: 1,
      per_page: 20,
    });
  });
});
