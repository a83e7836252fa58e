import { describe, expect, it } from 'vitest';

import { proratedAmount, quote, type PricedProduct } from './pricing';
import {
  createServerOrder,
  licenseProductLines,
  monthlyPrice,
  parseProductLine,
  pricedProductLines,
  resourceProductLines,
  serverProductLines,
  type ServerChoice,
} from './serverOrder';

const choice: ServerChoice = {
  name: 'web-01',
  os: 'Ubuntu 22.04',
  datacenter: 'HN',
  cpu: 2,
  ram: 4,
  disk: 40,
  diskType: 'SSD',
  dataDisks: [{ size: 100, type: 'HDD' }],
  extraIpv4: 1,
  ipv6: true,
  keyName: null,
  interval: 12,
};

describe('the create-server order', () => {
  it('names its products as the specification does', () => {
    expect(serverProductLines(choice)).toEqual([
      { id_or_name: 'cpu_2c', quantity: 1 },
      { id_or_name: 'ram_4gb', quantity: 1 },
      { id_or_name: 'volume_ssd_40gb', quantity: 1 },
      { id_or_name: 'volume_hdd_100gb', quantity: 1 },
      { id_or_name: 'wan_ipv4_1', quantity: 2 },
      { id_or_name: 'wan_ipv6_1', quantity: 1 },
    ]);
  });

  it('prices any number of IPv6 addresses an order carries, as the sandbox checks it', () => {
    const resources = { ...choice, ipv6: undefined };
    expect(resourceProductLines({ ...resources, ipv6Count: 3 }).at(-1)).toEqual({
      id_or_name: 'wan_ipv6_1',
      quantity: 3,
    });
    expect(resourceProductLines({ ...resources, ipv6Count: 0 }).at(-1)).toEqual({
      id_or_name: 'wan_ipv4_1',
      quantity: 2,
    });
  });

  it('has the shape of the pending order of §3', () => {
    const order = createServerOrder({
      ...choice,
      dataDisks: [],
      extraIpv4: 0,
      ipv6: false,
      interval: 1,
    });
    expect(order).toEqual({
      type: 'create_server',
      data: {
        os: 'Ubuntu 22.04',
        name: 'web-01',
        key_name: null,
        password: true,
        rootdisk: { size: 40, type: 'SSD', uom: 'GB' },
        datadisks: [],
        flavor_name: '2c_4g',
        cpu: { quantity: 2, uom: 'Core' },
        ram: { quantity: 4, uom: 'GB' },
        ipv4: { quantity: 0 },
        ipv6: { quantity: 0 },
        datacenter: 'HN',
        extra_products: [],
      },
      interval_count: 1,
      products: [
        { id_or_name: 'cpu_2c', quantity: 1 },
        { id_or_name: 'ram_4gb', quantity: 1 },
        { id_or_name: 'volume_ssd_40gb', quantity: 1 },
        { id_or_name: 'wan_ipv4_1', quantity: 1 },
      ],
    });
  });

  it('reads sized product names back', () => {
    expect(parseProductLine('cpu_2c')).toEqual({ code: 'cpu', units: 2 });
    expect(parseProductLine('volume_ssd_40gb')).toEqual({ code: 'volume_ssd', units: 40 });
    expect(parseProductLine('wan_ipv4_1')).toEqual({ code: 'wan_ipv4', units: 1 });
    expect(parseProductLine('gpu_1')).toBeNull();
    expect(parseProductLine('cpu')).toBeNull();
  });
});

/** The sandbox's catalog prices (server/platform/migrations.ts), the Windows licence among them. */
const CATALOG: PricedProduct[] = [
  { id: 1, code: 'cpu', name: 'CPU', price: 90_000 },
  { id: 2, code: 'ram', name: 'RAM', price: 60_000 },
  { id: 3, code: 'volume_ssd', name: 'DISK SSD', price: 4_000 },
  { id: 7, code: 'wan_ipv4', name: 'WAN IPv4', price: 50_000 },
  { id: 9, code: 'windows_license', name: 'Windows Server License', price: 300_000 },
];
const WINDOWS_LICENSE = 9;

describe('a licensed image in the create-server order', () => {
  /** 1 CPU, 1 GB, 40 GB SSD: the smallest Windows Server 2022 server. */
  const small: ServerChoice = {
    ...choice,
    os: 'Windows Server 2022',
    cpu: 1,
    ram: 1,
    disk: 40,
    dataDisks: [],
    extraIpv4: 0,
    ipv6: false,
    interval: 1,
  };
  /** 14-03-2025 12:20 in Vietnam: 420 of March's 744 hours are left. */
  const now = new Date('2025-03-14T05:20:00.000Z');
  const priced = (c: ServerChoice) => {
    const lines = pricedProductLines(serverProductLines(c), CATALOG);
    if (!lines) throw new Error('a product has no price');
    return { monthly: monthlyPrice(lines), total: quote(lines, c.interval, now).total };
  };

  it('adds one unit of the licence product, by id, to the products and the extra products', () => {
    const order = createServerOrder({ ...small, licenseProductId: WINDOWS_LICENSE });
    expect(order.products.at(-1)).toEqual({ id_or_name: WINDOWS_LICENSE, quantity: 1 });
    expect(order.data.extra_products).toEqual([{ id_or_name: WINDOWS_LICENSE, quantity: 1 }]);
    expect(licenseProductLines(null)).toEqual([]);
    expect(createServerOrder({ ...small, licenseProductId: null }).data.extra_products).toEqual([]);
  });

  it('prices the server with its licence to the dong: the Ubuntu price plus the prorated licence', () => {
    const linux = priced({ ...small, os: 'Ubuntu 22.04' });
    const windows = priced({ ...small, licenseProductId: WINDOWS_LICENSE });
    // CPU 51.000 + RAM 34.000 + 40 GB 90.000 + IPv4 28.000 for the 420 hours left of March.
    expect(linux).toEqual({ monthly: 360_000, total: 203_000 });
    // + the licence's 300.000 a month for the same hours: 169.000.
    expect(windows).toEqual({ monthly: 660_000, total: 372_000 });
    expect(windows.total - linux.total).toBe(proratedAmount(300_000, 1, now));
  });

  it('charges the licence for every month of a longer interval', () => {
    const linux = priced({ ...small, interval: 12 });
    const windows = priced({ ...small, interval: 12, licenseProductId: WINDOWS_LICENSE });
    expect(linux.total).toBe(4_163_000);
    expect(windows.total).toBe(7_632_000);
    expect(windows.total - linux.total).toBe(proratedAmount(300_000, 12, now));
  });

  it('is unpriced when the catalog lacks the licence product', () => {
    const withoutLicense = CATALOG.filter((product) => product.id !== WINDOWS_LICENSE);
    const refs = serverProductLines({ ...small, licenseProductId: WINDOWS_LICENSE });
    expect(pricedProductLines(refs, withoutLicense)).toBeNull();
  });
});
