import { describe, expect, it } from 'vitest';

import type { BillingPlan, Image, Product } from '../../dataProvider/dataProvider';
import { quote } from '../../domain/pricing';
import { createServerOrder, type ServerChoice } from '../../domain/serverOrder';
import {
  choiceFromValues,
  fromQuery,
  initialServerValues,
  priceChoice,
  startingServerForm,
  productsByCode,
  withImageRules,
  type Catalogs,
  type ServerFormValues,
} from './serverChoice';

const CATALOGS: Catalogs = {
  images: [
    {
      id: 1,
      name: 'Ubuntu 22.04',
      distro: 'ubuntu',
      version: '22.04',
      min_disk: 10,
      license_product_id: null,
      ssh_keys_allowed: true,
    },
    {
      id: 5,
      name: 'Windows Server 2022',
      distro: 'windows',
      version: '2022',
      min_disk: 40,
      license_product_id: 9,
      ssh_keys_allowed: false,
    },
  ],
  datacenters: [
    { code: 'HCM', name: 'Hồ Chí Minh' },
    { code: 'HN', name: 'Hà Nội' },
  ],
  keys: [],
};

const PRODUCTS: Product[] = [
  { id: 1, code: 'cpu', name: 'CPU', category: 'compute', unit: 'core', price: 90000 },
  { id: 2, code: 'ram', name: 'RAM', category: 'compute', unit: 'GB', price: 60000 },
  { id: 3, code: 'volume_ssd', name: 'DISK SSD', category: 'volume', unit: 'GB', price: 4000 },
  { id: 4, code: 'volume_hdd', name: 'DISK HDD', category: 'volume', unit: 'GB', price: 2000 },
  { id: 7, code: 'wan_ipv4', name: 'WAN IPv4', category: 'wanip', unit: 'IP', price: 50000 },
  { id: 8, code: 'wan_ipv6', name: 'WAN IPv6', category: 'wanip', unit: 'IP', price: 10000 },
];

const none = new URLSearchParams();

describe('the create form’s starting values', () => {
  it('are the spec’s defaults: 1 CPU, 1 GB, 10 GB SSD, 1 month, Hà Nội, a generated password', () => {
    expect(initialServerValues(CATALOGS, { pendingOrder: null, search: none })).toMatchObject({
      os: 'Ubuntu 22.04',
      datacenter: 'HN',
      access: 'password',
      cpu: 1,
      ram: 1,
      disk: 10,
      diskType: 'SSD',
      interval: 1,
      extraIpv4: 0,
      ipv6: false,
    });
  });

  it('take cpu, ram, disk and interval from the query, ignoring values the form refuses', () => {
    expect(fromQuery(new URLSearchParams('cpu=2&ram=4&disk=40&interval=12'))).toEqual({
      cpu: 2,
      ram: 4,
      disk: 40,
      interval: 12,
    });
    expect(fromQuery(new URLSearchParams('cpu=0&ram=x&disk=5&interval=2'))).toEqual({});
  });

  it('read the provider’s billingcycle=annually as 12 months, an interval given winning', () => {
    expect(fromQuery(new URLSearchParams('cpu=2&billingcycle=annually')).interval).toBe(12);
    expect(fromQuery(new URLSearchParams('billingcycle=annually&interval=3'))).toEqual({
      interval: 3,
    });
    expect(fromQuery(new URLSearchParams('billingcycle=monthly'))).toEqual({});
  });

  it('say what they corrected in the query: out of range to the nearest end, text to the default', () => {
    const { values, corrections } = startingServerForm(CATALOGS, {
      pendingOrder: null,
      search: new URLSearchParams('cpu=999&ram=abc&disk=-5&interval=7'),
    });
    expect(values).toMatchObject({ cpu: 64, ram: 1, disk: 10, interval: 1 });
    expect(corrections).toEqual([
      { field: 'cpu', given: '999', used: 64 },
      { field: 'ram', given: 'abc', used: 1 },
      { field: 'disk', given: '-5', used: 10 },
      { field: 'interval', given: '7', used: 1 },
    ]);
    expect(
      startingServerForm(CATALOGS, {
        pendingOrder: null,
        search: new URLSearchParams('cpu=2&ram=4&disk=40'),
      }).corrections,
    ).toEqual([]);
  });

  it('choose no SSH key unless the customer has exactly one', () => {
    const key = (name: string) => ({ name }) as Catalogs['keys'][number];
    const start = (keys: Catalogs['keys']) =>
      initialServerValues({ ...CATALOGS, keys }, { pendingOrder: null, search: none });
    expect(start([key('laptop')])).toMatchObject({ access: 'key', keyNames: ['laptop'] });
    expect(start([key('generated'), key('laptop')])).toMatchObject({
      access: 'key',
      keyNames: [],
    });
    expect(start([])).toMatchObject({ access: 'password', keyNames: [] });
  });

  it('take a plan’s configuration, and let the query win over it', () => {
    const plan = { cpu: 4, ram: 8, disk: 80, disk_type: 'SSD', interval_count: 3 } as BillingPlan;
    const values = initialServerValues(CATALOGS, {
      pendingOrder: null,
      plan,
      search: new URLSearchParams('interval=6'),
    });
    expect(values).toMatchObject({ cpu: 4, ram: 8, disk: 80, interval: 6 });
  });

  it('restore what a stored pending order had chosen', () => {
    const stored = createServerOrder({
      name: 'web-01',
      os: 'Windows Server 2022',
      datacenter: 'HCM',
      cpu: 2,
      ram: 4,
      disk: 60,
      diskType: 'HDD',
      dataDisks: [{ size: 100, type: 'SSD' }],
      extraIpv4: 3,
      ipv6: true,
      keyName: null,
      interval: 6,
    });
    expect(initialServerValues(CATALOGS, { pendingOrder: stored, search: none })).toMatchObject({
      name: 'web-01',
      os: 'Windows Server 2022',
      datacenter: 'HCM',
      cpu: 2,
      ram: 4,
      disk: 60,
      diskType: 'HDD',
      dataDisks: [{ size: 100, type: 'SSD' }],
      extraIpv4: 3,
      ipv6: true,
      interval: 6,
    });
  });
});

describe('the create form’s price', () => {
  const values: ServerFormValues = {
    ...initialServerValues(CATALOGS, { pendingOrder: null, search: none }),
    name: 'web-01',
    cpu: 2,
    ram: 4,
    disk: 40,
    dataDisks: [{ size: 100, type: 'HDD' }],
    extraIpv4: 2,
    ipv6: true,
    interval: 3,
  };

  it('is the domain’s quote of the order’s product lines, sized lines read as units', () => {
    const choice = choiceFromValues(values) as ServerChoice;
    const now = new Date('2025-03-14T05:20:00Z');
    const priced = priceChoice(choice, productsByCode(PRODUCTS), now);
    const byCode = new Map(PRODUCTS.map((product) => [product.code, product]));
    const line = (code: string, quantity: number) => ({
      product: { ...(byCode.get(code) as Product) },
      quantity,
    });
    const expected = quote(
      [
        line('cpu', 2),
        line('ram', 4),
        line('volume_ssd', 40),
        line('volume_hdd', 100),
        line('wan_ipv4', 3),
        line('wan_ipv6', 1),
      ].map(({ product, quantity }) => ({
        product: { id: product.id, name: product.name, code: product.code, price: product.price },
        quantity,
      })),
      3,
      now,
    );
    expect(priced?.quote).toEqual(expected);
    expect(priced?.monthly).toBe(
      2 * 90000 + 4 * 60000 + 40 * 4000 + 100 * 2000 + 3 * 50000 + 10000,
    );
  });

  it('is not computed while a number is missing or out of its limits', () => {
    expect(choiceFromValues({ ...values, cpu: null })).toBeNull();
    expect(choiceFromValues({ ...values, disk: 5 })).toBeNull();
    // With IPv6 the primary address and 18 extra ones reach the limit of 20.
    expect(choiceFromValues({ ...values, extraIpv4: 19 })).toBeNull();
    expect(choiceFromValues({ ...values, extraIpv4: 18 })).not.toBeNull();
  });

  it('is unknown when a product has no price', () => {
    const choice = choiceFromValues(values) as ServerChoice;
    const withoutIpv6 = productsByCode(PRODUCTS.filter((product) => product.code !== 'wan_ipv6'));
    expect(priceChoice(choice, withoutIpv6, new Date())).toBeNull();
  });
});

describe('choosing an image', () => {
  const [ubuntu, windows] = CATALOGS.images as [Image, Image];
  const values: ServerFormValues = {
    ...initialServerValues(CATALOGS, { pendingOrder: null, search: none }),
    name: 'web-01',
    access: 'key',
    keyNames: ['laptop'],
  };

  it('raises the disk to the image’s minimum and signs in with a password where keys are not taken', () => {
    const chosen = withImageRules({ ...values, os: windows.name }, windows);
    expect(chosen).toMatchObject({ disk: 40, access: 'password' });
    // Back to Linux: the larger disk and the sign-in stay as they are.
    expect(withImageRules({ ...chosen, os: ubuntu.name }, ubuntu)).toMatchObject({
      disk: 40,
      access: 'password',
    });
    expect(withImageRules({ ...values, disk: 80 }, windows).disk).toBe(80);
  });

  it('starts a stored Windows order at the image’s minimum disk', () => {
    const stored = createServerOrder({
      ...(choiceFromValues(values) as ServerChoice),
      os: windows.name,
      disk: 10,
    });
    expect(initialServerValues(CATALOGS, { pendingOrder: stored, search: none })).toMatchObject({
      os: windows.name,
      disk: 40,
      access: 'password',
    });
  });

  it('brings the image’s licence into the choice, and no SSH key for a password-only image', () => {
    const choice = choiceFromValues({ ...values, os: windows.name, disk: 40 }, CATALOGS.images);
    expect(choice).toMatchObject({ licenseProductId: 9, keyName: null });
    expect(choice).not.toHaveProperty('keyNames');
    expect(choiceFromValues(values, CATALOGS.images)).toMatchObject({
      licenseProductId: null,
      keyName: 'laptop',
    });
  });

  it('carries several chosen keys, the first as the spec’s key name, and restores them', () => {
    const several = { ...values, keyNames: ['laptop', 'desk'] };
    const choice = choiceFromValues(several, CATALOGS.images) as ServerChoice;
    expect(choice).toMatchObject({ keyName: 'laptop', keyNames: ['laptop', 'desk'] });
    const stored = createServerOrder(choice);
    expect(stored.data).toMatchObject({ key_name: 'laptop', key_names: ['laptop', 'desk'] });
    const keys = [{ name: 'desk' }, { name: 'laptop' }] as Catalogs['keys'];
    expect(
      initialServerValues({ ...CATALOGS, keys }, { pendingOrder: stored, search: none }),
    ).toMatchObject({ access: 'key', keyNames: ['laptop', 'desk'] });
  });
});
