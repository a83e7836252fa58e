/**
 * Licensed images (issue 16): Windows Server 2022 carries the Windows Server License, paid one
 * unit a month with the server, and takes no SSH key. The sandbox prices the licence from the
 * image, whatever the request lists, and every later price of the server (its plan, package,
 * renewal, trial package) includes it.
 */
import { describe, expect, it } from 'vitest';
import { proratedAmount } from '../../src/domain/pricing';
import type { ServerChoice } from '../../src/domain/serverOrder';
import {
  apiAs,
  serverOrderFor,
  signedInSandbox,
  signIn,
  START,
  type Api,
  moveSandboxClock,
} from '../testing';

/** Long enough for any simulated build or rebuild to finish. */
const TASKS_DONE_MS = 30 * 60_000;

interface Image {
  id: number;
  name: string;
  min_disk: number;
  license_product_id: number | null;
  ssh_keys_allowed: boolean;
}
interface Product {
  id: number;
  code: string;
  name: string;
  price: number;
}

/** A sandbox on a database file (a second connection reads and seeds it), one account signed in. */
async function sandbox(email = 'demo@example.vn') {
  const { app, books, api, clock } = await signedInSandbox({ email });
  const images = (await api.get('/catalog/images')).json().items as Image[];
  const windows = images.find((image) => image.name === 'Windows Server 2022') as Image;
  const extras = (await api.get('/billing/products', undefined, { category: 'extra' })).json()
    .products as Product[];
  const license = extras.find((product) => product.id === windows.license_product_id) as Product;
  return { app, books, api, clock, images, windows, license };
}

/** The smallest Windows server, as the portal orders it (licence in products and extras). */
const windowsChoice = (
  windows: Image,
  more: Partial<ServerChoice> = {},
): Partial<ServerChoice> => ({
  name: 'win-01',
  os: windows.name,
  cpu: 1,
  ram: 1,
  disk: 40,
  licenseProductId: windows.license_product_id,
  ...more,
});

async function place(api: Api, order: object) {
  const response = await api.post('/billing/orders', order);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; amount: number; info: string };
}

async function pay(api: Api, orderId: number) {
  const response = await api.post(`/billing/orders/${orderId}/pay`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    order: { resource_id: number; amount: number };
    invoice: { id: number; amount: number };
  };
}

describe('the images', () => {
  it('say which licence Windows Server 2022 carries and that it takes no SSH key', async () => {
    const { images, windows, license } = await sandbox();
    expect(windows).toMatchObject({ min_disk: 40, ssh_keys_allowed: false });
    expect(license).toMatchObject({ code: 'windows_license', name: 'Windows Server License' });
    expect(license.price).toBe(300_000);
    for (const image of images.filter((candidate) => candidate.id !== windows.id)) {
      expect(image).toMatchObject({ license_product_id: null, ssh_keys_allowed: true });
    }
  });
});

describe('a Windows server’s price', () => {
  it('is the Ubuntu price plus the prorated licence, in the calculation, the order and its invoice', async () => {
    const { api, windows, license } = await sandbox();
    const linux = await place(
      api,
      serverOrderFor(
        windowsChoice(windows, { name: 'lin-01', os: 'Ubuntu 22.04', licenseProductId: null }),
      ),
    );
    const order = serverOrderFor(windowsChoice(windows));
    expect(order.data.extra_products).toEqual([
      { id_or_name: windows.license_product_id, quantity: 1 },
    ]);

    const calculation = await api.post('/billing/calculation', {
      action: 'create_server',
      products: order.products,
      interval_count: 1,
    });
    const placed = await place(api, order);

    const withLicense = linux.amount + proratedAmount(license.price, 1, START);
    expect(placed.amount).toBe(withLicense);
    expect(calculation.json().total).toBe(withLicense);
    expect(placed.info).toBe('win-01: 1 CPU, 1 GB RAM, 40 GB SSD, 1 × Windows Server License');
    const paid = await pay(api, placed.id);
    expect(paid.invoice.amount).toBe(withLicense);
    const invoice = (await api.get(`/billing/invoices/${paid.invoice.id}`)).json();
    expect(invoice).toMatchObject({ amount: withLicense, status: 'paid' });
  });

  it('is computed from the image: a request without the licence, or listing it twice, pays it once', async () => {
    const { api, windows } = await sandbox();
    const portal = await place(api, serverOrderFor(windowsChoice(windows)));
    const bare = serverOrderFor(windowsChoice(windows, { name: 'win-02', licenseProductId: null }));
    const doubled = serverOrderFor(windowsChoice(windows, { name: 'win-03' }));
    doubled.data.extra_products = [{ id_or_name: 'windows_license', quantity: 2 }];

    expect((await place(api, bare)).amount).toBe(portal.amount);
    expect((await place(api, doubled)).amount).toBe(portal.amount);
    // A licence listed for an image without one is not charged.
    const linux = await place(api, serverOrderFor({ name: 'lin-01', disk: 40, cpu: 1, ram: 1 }));
    const linuxWithLicense = serverOrderFor({
      name: 'lin-02',
      disk: 40,
      cpu: 1,
      ram: 1,
      licenseProductId: windows.license_product_id,
    });
    expect((await place(api, linuxWithLicense)).amount).toBe(linux.amount);
  });

  it('is in its plan, its package and the renewal the package prices', async () => {
    const { app, api, windows, license } = await sandbox();
    const linuxId = (
      await pay(api, (await place(api, serverOrderFor({ name: 'lin-01', cpu: 1, ram: 1 }))).id)
    ).order.resource_id;
    const windowsId = (
      await pay(api, (await place(api, serverOrderFor(windowsChoice(windows)))).id)
    ).order.resource_id;

    const server = async (id: number) => (await api.get(`/cloud/servers/${id}`)).json();
    expect((await server(windowsId)).plan.price).toBe(
      (await server(linuxId)).plan.price + license.price,
    );

    const packages = (
      await api.get('/billing/packages', undefined, { resource_type: 'server' })
    ).json().items as {
      resource_id: number;
      plan: { price: number };
      price: { monthly: number; charge_this_month: number };
      products: { product_id: number; name: string; quantity: number }[];
    }[];
    const packageOf = (id: number) => {
      const found = packages.find((item) => item.resource_id === id);
      if (!found) throw new Error(`no package for server ${id}`);
      return found;
    };
    const linuxPackage = packageOf(linuxId);
    const windowsPackage = packageOf(windowsId);
    expect(windowsPackage.products).toContainEqual({
      product_id: license.id,
      name: 'Windows Server License',
      quantity: 1,
    });
    expect(linuxPackage.products.map((line) => line.product_id)).not.toContain(license.id);
    expect(windowsPackage.price.monthly).toBe(linuxPackage.price.monthly + license.price);
    expect(windowsPackage.plan.price).toBe(linuxPackage.plan.price + license.price);
    expect(windowsPackage.price.charge_this_month).toBe(
      linuxPackage.price.charge_this_month + proratedAmount(license.price, 1, START),
    );

    // Past the paid month (to the start of April), the renewal is billed at the package's price.
    await moveSandboxClock(app, { days: 31 });
    const again = apiAs(app, await signIn(app, 'demo@example.vn'));
    const renewals = (
      await again.get('/billing/invoices', undefined, {
        resource_id: String(windowsId),
      })
    ).json().items as { amount: number; description: string }[];
    const renewal = renewals.filter((invoice) => invoice.description.includes('gia hạn'));
    expect(renewal.map((invoice) => invoice.amount)).toEqual([windowsPackage.plan.price]);
  });
});

describe('what Windows refuses', () => {
  it('a root disk below 40 GB, with the field and the minimum named', async () => {
    const { api, windows } = await sandbox();
    const response = await api.post(
      '/billing/orders',
      serverOrderFor(windowsChoice(windows, { disk: 30 })),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Hệ điều hành Windows Server 2022 cần ổ đĩa tối thiểu 40 GB.',
      errors: {
        'data.rootdisk.size': 'Hệ điều hành Windows Server 2022 cần ổ đĩa tối thiểu 40 GB.',
      },
    });
    expect((await api.get('/billing/orders', undefined, { status: 'pending' })).json().total).toBe(
      0,
    );
  });

  it('an SSH key: password sign-in only', async () => {
    const { api, windows } = await sandbox();
    expect((await api.post('/cloud/ssh_keys', { name: 'laptop' })).statusCode).toBe(201);
    const response = await api.post(
      '/billing/orders',
      serverOrderFor(windowsChoice(windows, { keyName: 'laptop' })),
    );
    expect(response.statusCode).toBe(400);
    const message =
      'Hệ điều hành Windows Server 2022 chỉ đăng nhập bằng mật khẩu, không dùng được SSH key.';
    expect(response.json()).toEqual({ message, errors: { 'data.key_name': message } });
    // The same key is fine for Ubuntu.
    await place(api, serverOrderFor({ name: 'lin-01', keyName: 'laptop' }));
  });
});

describe('a Windows trial server', () => {
  it('is offered for upgrade with its licence', async () => {
    const { api, books: db, windows, license } = await sandbox('trial@example.vn');
    const trialServer = (imageId: number) =>
      db
        .prepare(
          `UPDATE servers SET image_id = ?, disk = 40
            WHERE user_id = (SELECT id FROM users WHERE email = 'trial@example.vn')`,
        )
        .run(imageId);
    const offered = async () =>
      (await api.get('/auth/trial')).json().items[0] as {
        plan: { price: number };
        price: { charge_this_month: number };
      };
    trialServer(1);
    const ubuntu = await offered();
    trialServer(windows.id);
    const windowsItem = await offered();

    expect(windowsItem.plan.price).toBe(ubuntu.plan.price + license.price);
    expect(windowsItem.price.charge_this_month).toBe(
      ubuntu.price.charge_this_month + proratedAmount(license.price, 1, START),
    );
  });
});

/** A sandbox whose account has a Windows server, built. */
async function sandboxWithWindowsServer() {
  const sandboxed = await sandbox();
  const { api, windows, images, clock } = sandboxed;
  const ubuntu = images.find((image) => image.name === 'Ubuntu 22.04') as Image;
  const windowsId = (await pay(api, (await place(api, serverOrderFor(windowsChoice(windows)))).id))
    .order.resource_id;
  clock.advance(TASKS_DONE_MS);
  return { ...sandboxed, ubuntu, windowsId };
}

describe('rebuilding onto a licensed image', () => {
  it('is refused for a Linux server, changing nothing: the licence is bought with a new server', async () => {
    const { api, windows, images, clock } = await sandbox();
    const ubuntu = images.find((image) => image.name === 'Ubuntu 22.04') as Image;
    const linuxId = (
      await pay(api, (await place(api, serverOrderFor({ name: 'lin-01', disk: 40 }))).id)
    ).order.resource_id;
    clock.advance(TASKS_DONE_MS);
    const packages = async () => (await api.get('/billing/packages')).json();
    const before = await packages();

    const refused = await api.post(`/cloud/servers/${linuxId}/rebuild`, {
      image_id: windows.id,
      password: 'Hn7#Vps2026x',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message:
        'Hệ điều hành Windows Server 2022 có bản quyền tính phí hằng tháng, được mua cùng máy chủ, nên không cài lại sang được. Hãy tạo máy chủ mới với Windows Server 2022.',
      errors: {
        image_id:
          'Hệ điều hành Windows Server 2022 có bản quyền tính phí hằng tháng, được mua cùng máy chủ, nên không cài lại sang được. Hãy tạo máy chủ mới với Windows Server 2022.',
      },
    });
    const server = (await api.get(`/cloud/servers/${linuxId}`)).json();
    expect(server).toMatchObject({ status: 'active', image: { id: ubuntu.id } });
    expect(await packages()).toEqual(before);
  });

  it('leaves a Windows server free to be rebuilt onto Linux or Windows again', async () => {
    const { api, windows, ubuntu, windowsId, clock } = await sandboxWithWindowsServer();
    const again = await api.post(`/cloud/servers/${windowsId}/rebuild`, {
      image_id: windows.id,
      password: 'Hn7#Vps2026x',
    });
    expect(again.statusCode, again.body).toBe(202);
    clock.advance(TASKS_DONE_MS);
    const toLinux = await api.post(`/cloud/servers/${windowsId}/rebuild`, {
      image_id: ubuntu.id,
      password: 'Hn7#Vps2026x',
    });
    expect(toLinux.statusCode, toLinux.body).toBe(202);
  });
});

describe('restoring a licensed image from a snapshot', () => {
  it('is refused once the server left the licence: the snapshot makes a new server instead', async () => {
    const { api, ubuntu, windowsId, clock } = await sandboxWithWindowsServer();
    const taken = await api.post('/storage/snapshots', { name: 'win-root', server_id: windowsId });
    expect(taken.statusCode, taken.body).toBe(201);
    const snapshotId = taken.json().snapshot.id as number;
    clock.advance(TASKS_DONE_MS);
    const toLinux = await api.post(`/cloud/servers/${windowsId}/rebuild`, {
      image_id: ubuntu.id,
      password: 'Hn7#Vps2026x',
      keep_snapshots: true,
    });
    expect(toLinux.statusCode, toLinux.body).toBe(202);
    clock.advance(TASKS_DONE_MS);
    const packages = async () => (await api.get('/billing/packages')).json();
    const before = await packages();

    const refused = await api.post(`/cloud/servers/${windowsId}/restore`, {
      snapshot_id: snapshotId,
    });
    expect(refused.statusCode).toBe(400);
    const message =
      'Snapshot win-root chạy Windows Server 2022, hệ điều hành có bản quyền tính phí hằng tháng mà máy chủ win-01 không có, nên không khôi phục vào máy chủ này được. Hãy tạo máy chủ mới từ snapshot win-root.';
    expect(refused.json()).toEqual({ message, errors: { snapshot_id: message } });
    const server = (await api.get(`/cloud/servers/${windowsId}`)).json();
    expect(server).toMatchObject({ status: 'active', image: { id: ubuntu.id } });
    expect(await packages()).toEqual(before);
  });
});
