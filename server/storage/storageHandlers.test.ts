import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { quote, quoteUntil, vietnamMonthStartAfter } from '../../src/domain/pricing';
import { unusedPrepaidValue } from '../../src/domain/serviceLife';
import { openDatabase, type Db } from '../platform/db';
import { ledgerMismatches } from '../billing/ledger';
import {
  apiAs,
  buyServer,
  scratchDir,
  signIn,
  START,
  testApp,
  testClock,
  type Api,
} from '../testing';

const SECOND = 1000;
/** The default build takes 20 seconds, other tasks (a volume's too) 5. */
const BUILD = 20 * SECOND;
const TASK = 5 * SECOND;
const HDD_100 = [{ size: 100, type: 'HDD' as const }];

type Volume = components['schemas']['Volume'];
type Product = components['schemas']['Product'];

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;
/** A second connection to the sandbox's database, to check its books. */
let books: Db | undefined;
let cleanup: (() => void) | undefined;

async function start() {
  const scratch = scratchDir();
  cleanup = scratch.cleanup;
  const dbFile = join(scratch.dir, 'sandbox.db');
  ({ app, clock } = await testApp({ dbFile }));
  books = openDatabase(dbFile);
  api = apiAs(app, await signIn(app, 'demo@example.vn'));
}

afterEach(async () => {
  // Whatever a test did, every balance is still the sum of its ledger rows.
  if (books) expect(ledgerMismatches(books)).toEqual([]);
  await app?.close();
  books?.close();
  books = undefined;
  cleanup?.();
  cleanup = undefined;
});

const volumes = async (query?: Record<string, string>) => {
  const response = await api.get('/storage/volumes', undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as components['schemas']['VolumeList'];
};

describe('data disks of a new server', () => {
  it('become volumes attached to the server once it is paid, creating while it builds', async () => {
    await start();
    const serverId = await buyServer(api, {
      name: 'web-01',
      dataDisks: [...HDD_100, { size: 20, type: 'SSD' }],
    });
    const building = await volumes();
    expect(building.total).toBe(2);
    expect(building.items.map((v) => [v.name, v.status, v.server_id])).toEqual([
      ['web-01-data-2', 'creating', serverId],
      ['web-01-data-1', 'creating', serverId],
    ]);

    clock.advance(BUILD);
    const { items, total, page, per_page } = await volumes();
    expect({ total, page, per_page }).toEqual({ total: 2, page: 1, per_page: 20 });
    const first = items.find((v) => v.name === 'web-01-data-1');
    // A data disk's paid period is its server's: this month, bought with the server.
    const periodEnd = vietnamMonthStartAfter(START, 1);
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'web-01-data-1',
      size: 100,
      type: 'HDD',
      status: 'in_use',
      bootable: false,
      server_id: serverId,
      server_name: 'web-01',
      datacenter: 'HN',
      price: 100 * 2_000,
      package_id: null,
      interval_count: 1,
      expiry: periodEnd.toISOString(),
      unused_prepaid_amount: unusedPrepaidValue(100 * 2_000, periodEnd, clock.now()),
      created: START.toISOString(),
    });
    expect(first?.unused_prepaid_amount).toBeGreaterThan(0);
    const one = await api.get(`/storage/volumes/${first?.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
  });

  it('filters by name, status and server, and pages', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01', dataDisks: HDD_100 });
    clock.advance(BUILD);
    const db = await buyServer(api, { name: 'db-01', dataDisks: [...HDD_100, ...HDD_100] });
    const names = async (query: Record<string, string>) =>
      (await volumes(query)).items.map((v) => v.name);
    expect(await names({ search: 'DB-01' })).toEqual(['db-01-data-2', 'db-01-data-1']);
    expect(await names({ status: 'in_use' })).toEqual(['web-01-data-1']);
    expect(await names({ status: 'creating', per_page: '1', page: '2' })).toEqual(['db-01-data-1']);
    expect(await names({ server_id: String(web) })).toEqual(['web-01-data-1']);
    expect((await volumes({ server_id: String(db) })).total).toBe(2);
    expect((await volumes({ search: 'nothing' })).total).toBe(0);
  });

  it('shortens the name to 32 characters and skips names still used by kept volumes', async () => {
    await start();
    const long = 'a-very-long-server-name-32-chars';
    expect(long).toHaveLength(32);
    await buyServer(api, { name: long, dataDisks: HDD_100 });
    const [shortened] = (await volumes()).items.map((v) => v.name);
    expect(shortened).toBe('a-very-long-server-name-3-data-1');
    expect(shortened).toHaveLength(32);

    const first = await buyServer(api, { name: 'web-01', dataDisks: HDD_100 });
    clock.advance(BUILD);
    await api.delete(`/cloud/servers/${first}`);
    clock.advance(TASK);
    await buyServer(api, { name: 'web-01', dataDisks: HDD_100 });
    expect((await volumes({ search: 'web-01' })).items.map((v) => v.name)).toEqual([
      'web-01-data-2',
      'web-01-data-1',
    ]);
  });

  it('hides them from another account', async () => {
    await start();
    await buyServer(api, { dataDisks: HDD_100 });
    const [volume] = (await volumes()).items;
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect((await other.get(`/storage/volumes/${volume?.id}`)).statusCode).toBe(404);
    expect((await other.get('/storage/volumes')).json()).toMatchObject({ total: 0, items: [] });
    expect((await api.get('/storage/volumes/9999')).statusCode).toBe(404);
  });
});

describe('deleting the server', () => {
  it('keeps the volumes, detached and available, without delete_volumes', async () => {
    await start();
    const serverId = await buyServer(api, { dataDisks: HDD_100 });
    clock.advance(BUILD);
    const [volume] = (await volumes()).items;
    expect((await api.delete(`/cloud/servers/${serverId}`)).statusCode).toBe(202);
    expect((await api.get(`/storage/volumes/${volume?.id}`)).json().status).toBe('detaching');

    clock.advance(TASK);
    expect((await api.get('/cloud/servers')).json().total).toBe(0);
    const kept = await api.get(`/storage/volumes/${volume?.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({
      name: 'web-01-data-1',
      status: 'available',
      server_id: null,
      server_name: null,
    });
    expect((await volumes({ status: 'available' })).total).toBe(1);
    expect((await volumes({ server_id: String(serverId) })).total).toBe(0);
  });

  it('deletes the volumes with delete_volumes=true', async () => {
    await start();
    const serverId = await buyServer(api, { dataDisks: HDD_100 });
    clock.advance(BUILD);
    const [volume] = (await volumes()).items;
    const deleting = await api.delete(`/cloud/servers/${serverId}`, undefined, {
      delete_volumes: 'true',
    });
    expect(deleting.statusCode).toBe(202);
    // Going with its server: shown as being deleted, and nothing more can be done to it.
    expect((await api.get(`/storage/volumes/${volume?.id}`)).json().status).toBe('deleting');

    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume?.id}`)).statusCode).toBe(404);
    expect(await volumes()).toMatchObject({ total: 0, items: [] });
  });
});

// ---- volumes of their own ----

const balance = async (as: Api = api) => (await as.get('/auth/user')).json().balance as number;

/** The catalog's disk product, read as the portal reads it (spec §7: by name). */
async function diskProduct(type: 'SSD' | 'HDD'): Promise<Product> {
  const response = await api.get('/billing/products', undefined, {
    name: `DISK ${type}`,
    per_page: '9999',
  });
  const [product] = response.json().products as Product[];
  if (!product) throw new Error(`no DISK ${type}`);
  return product;
}

/** Creates a volume charged at once; answers it once its creation has ended. */
async function createVolume(body: Record<string, unknown>, as: Api = api): Promise<Volume> {
  const response = await as.post('/storage/volumes', { size: 20, type: 'SSD', ...body });
  expect(response.statusCode, response.body).toBe(201);
  clock.advance(TASK);
  const created = response.json().volume as Volume;
  return (await as.get(`/storage/volumes/${created.id}`)).json() as Volume;
}

describe('createVolume', () => {
  it('charges the rest of this month at once, priced as the shared quote, on one invoice', async () => {
    await start();
    const before = await balance();
    const product = await diskProduct('SSD');
    const expected = quote([{ product, quantity: 50 }], 1, START);

    const response = await api.post('/storage/volumes', { name: 'data-01', size: 50, type: 'SSD' });
    expect(response.statusCode, response.body).toBe(201);
    const { volume, order, invoice } = response.json();
    expect(volume).toMatchObject({
      name: 'data-01',
      size: 50,
      type: 'SSD',
      status: 'creating',
      server_id: null,
      datacenter: 'HN',
      price: 50 * product.price,
      interval_count: 1,
      expiry: expected.period_end,
    });
    expect(order).toMatchObject({
      type: 'create_volume',
      status: 'paid',
      amount: expected.total,
      new_size: 50,
      resource_id: volume.id,
    });
    expect(invoice).toMatchObject({
      status: 'paid',
      amount: expected.total,
      resource_type: 'volume',
      resource_id: volume.id,
    });
    expect(await balance()).toBe(before - expected.total);
    // The calculation the create form may ask for agrees to the dong.
    const calculation = await api.post('/billing/calculation', {
      action: 'create_volume',
      products: [{ id_or_name: product.id, quantity: 50 }],
    });
    expect(calculation.json().total).toBe(expected.total);

    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json().status).toBe('available');
  });

  it('attaches to a server of the same datacenter once created, and refuses others', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01' });
    // Still building: not yet a server a volume can be attached to.
    const building = await api.post('/storage/volumes', {
      name: 'early',
      size: 20,
      type: 'HDD',
      server_id: web,
    });
    expect(building.statusCode).toBe(400);
    clock.advance(BUILD);
    const hcm = await buyServer(api, { name: 'web-hcm', datacenter: 'HCM' });
    clock.advance(BUILD);

    const attached = await createVolume({ name: 'data-01', server_id: web });
    expect(attached).toMatchObject({ status: 'in_use', server_id: web, server_name: 'web-01' });
    expect((await volumes({ server_id: String(web) })).items.map((v) => v.name)).toEqual([
      'data-01',
    ]);
    // The server's datacenter is the volume's when none is given; another one is refused.
    expect((await createVolume({ name: 'data-hcm', server_id: hcm })).datacenter).toBe('HCM');
    const elsewhere = await api.post('/storage/volumes', {
      name: 'data-02',
      size: 20,
      type: 'SSD',
      server_id: hcm,
      datacenter: 'HN',
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('Máy chủ phải ở cùng trung tâm dữ liệu với volume.');
    // Another customer's server is not found.
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    const foreign = await other.post('/storage/volumes', {
      name: 'theirs',
      size: 20,
      type: 'SSD',
      server_id: web,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a taken name (409), a bad name or size (400), and a short balance (402) leaving nothing', async () => {
    await start();
    await createVolume({ name: 'data-01' });
    const taken = await api.post('/storage/volumes', { name: 'DATA-01', size: 20, type: 'SSD' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Tên volume DATA-01 đã tồn tại.');
    for (const body of [
      { name: 'abc', size: 20, type: 'SSD' },
      { name: 'has space', size: 20, type: 'SSD' },
      { name: 'data-02', size: 5, type: 'SSD' },
      { name: 'data-02', size: 2001, type: 'SSD' },
    ]) {
      expect((await api.post('/storage/volumes', body)).statusCode, JSON.stringify(body)).toBe(400);
    }

    const trial = apiAs(app, await signIn(app, 'trial@example.vn'));
    const short = await trial.post('/storage/volumes', { name: 'data-01', size: 100, type: 'SSD' });
    expect(short.statusCode).toBe(402);
    expect((await trial.get('/storage/volumes')).json().total).toBe(0);
    expect((await trial.get('/billing/orders')).json().total).toBe(0);
  });

  it('is a create_volume order for an interval, paid through the order flow', async () => {
    await start();
    const product = await diskProduct('HDD');
    const expected = quote([{ product, quantity: 200 }], 3, START);
    const placed = await api.post('/billing/orders', {
      type: 'create_volume',
      data: { name: 'archive', size: 200, type: 'HDD' },
      interval_count: 3,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({
      status: 'pending',
      amount: expected.total,
      new_size: 200,
      expiry: expected.period_end,
    });
    expect((await volumes()).total).toBe(0);
    const paid = await api.post(`/billing/orders/${placed.json().id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().invoice).toMatchObject({ amount: expected.total, resource_type: 'volume' });
    const volume = (await api.get(`/storage/volumes/${paid.json().order.resource_id}`)).json();
    expect(volume).toMatchObject({
      name: 'archive',
      interval_count: 3,
      expiry: expected.period_end,
      status: 'creating',
    });
  });
});

describe('attach and detach', () => {
  it('attaches an available volume to one server at a time and detaches it', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01' });
    const db = await buyServer(api, { name: 'db-01' });
    clock.advance(BUILD);
    const volume = await createVolume({ name: 'data-01' });

    const attaching = await api.post(`/storage/volumes/${volume.id}/attach`, { server_id: web });
    expect(attaching.statusCode, attaching.body).toBe(202);
    expect(attaching.json()).toMatchObject({ status: 'attaching', server_id: web });
    // Busy while attaching; then in use, and a second server is refused.
    const meanwhile = await api.post(`/storage/volumes/${volume.id}/attach`, { server_id: db });
    expect(meanwhile.statusCode).toBe(400);
    expect(meanwhile.json().message).toBe(
      'Volume đang được gắn vào máy chủ, vui lòng đợi thao tác hoàn tất.',
    );
    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json().status).toBe('in_use');
    const second = await api.post(`/storage/volumes/${volume.id}/attach`, { server_id: db });
    expect(second.statusCode).toBe(400);
    expect(second.json().message).toBe(
      'Không thể thực hiện thao tác khi volume đang gắn vào máy chủ.',
    );

    const detaching = await api.post(`/storage/volumes/${volume.id}/detach`, {});
    expect(detaching.statusCode).toBe(202);
    expect(detaching.json()).toMatchObject({ status: 'detaching', server_id: null });
    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json()).toMatchObject({
      status: 'available',
      server_id: null,
    });
    // Detaching a detached volume is refused.
    expect((await api.post(`/storage/volumes/${volume.id}/detach`, {})).statusCode).toBe(400);
    expect(
      (await api.post(`/storage/volumes/${volume.id}/attach`, { server_id: db })).statusCode,
    ).toBe(202);
  });

  it('never lets one customer attach, detach, extend or delete what is another’s', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01' });
    clock.advance(BUILD);
    const mine = await createVolume({ name: 'data-01' });
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    const theirs = (
      await other.post('/storage/volumes', { name: 'their-1', size: 20, type: 'SSD' })
    ).json().volume as Volume;
    clock.advance(TASK);

    expect(
      (await other.post(`/storage/volumes/${mine.id}/attach`, { server_id: web })).statusCode,
    ).toBe(404);
    expect((await other.post(`/storage/volumes/${mine.id}/detach`, {})).statusCode).toBe(404);
    expect((await other.post(`/storage/volumes/${mine.id}/extend`, { size: 30 })).statusCode).toBe(
      404,
    );
    expect((await other.delete(`/storage/volumes/${mine.id}`)).statusCode).toBe(404);
    // Their volume onto my server: my server is not theirs to use.
    expect(
      (await other.post(`/storage/volumes/${theirs.id}/attach`, { server_id: web })).statusCode,
    ).toBe(404);
    expect((await api.get(`/storage/volumes/${mine.id}`)).json().status).toBe('available');
  });
});

describe('extendVolume', () => {
  it('grows a volume, charging the growth to the end of its paid period (quoteUntil)', async () => {
    await start();
    const volume = await createVolume({ name: 'data-01', size: 20 });
    const product = await diskProduct('SSD');
    // Ten days later, still in the paid month.
    clock.advance(10 * 24 * 3600 * SECOND);
    const now = new Date(START.getTime() + TASK + 10 * 24 * 3600 * SECOND);
    const expected = quoteUntil(
      [{ product, quantity: 30 }],
      new Date(volume.expiry as string),
      1,
      now,
    );
    const before = await balance();
    const preview = await api.post('/billing/calculation', {
      action: 'extend_volume',
      reference_id: volume.id,
      products: [{ id_or_name: product.id, quantity: 50 }],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().total).toBe(expected.total);

    const extended = await api.post(`/storage/volumes/${volume.id}/extend`, { size: 50 });
    expect(extended.statusCode, extended.body).toBe(202);
    expect(extended.json().volume).toMatchObject({
      size: 50,
      status: 'extending',
      price: 50 * product.price,
      expiry: volume.expiry,
    });
    expect(extended.json().order).toMatchObject({
      type: 'extend_volume',
      amount: expected.total,
      new_size: 50,
    });
    expect(await balance()).toBe(before - expected.total);
    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json().status).toBe('available');
  });

  it('never shrinks: a size not above the current one is refused with the message', async () => {
    await start();
    const volume = await createVolume({ name: 'data-01', size: 40 });
    const before = await balance();
    for (const size of [40, 20]) {
      const refused = await api.post(`/storage/volumes/${volume.id}/extend`, { size });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'Dung lượng mới phải lớn hơn dung lượng hiện tại (không thể giảm).',
        errors: { size: expect.any(String) },
      });
    }
    const order = await api.post('/billing/orders', {
      type: 'extend_volume',
      data: { volume_id: volume.id, size: 30 },
    });
    expect(order.statusCode).toBe(400);
    expect(await balance()).toBe(before);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json().size).toBe(40);
  });

  it('refuses a pending extension paid after a bigger one, and charges nothing', async () => {
    await start();
    const volume = await createVolume({ name: 'data-01', size: 20 });
    const small = await api.post('/billing/orders', {
      type: 'extend_volume',
      data: { volume_id: volume.id, size: 30 },
    });
    expect(small.statusCode, small.body).toBe(201);
    expect((await api.post(`/storage/volumes/${volume.id}/extend`, { size: 60 })).statusCode).toBe(
      202,
    );
    clock.advance(TASK);
    const before = await balance();
    const late = await api.post(`/billing/orders/${small.json().id}/pay`);
    expect(late.statusCode).toBe(400);
    expect(await balance()).toBe(before);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json().size).toBe(60);
  });
});

describe('extend and attach racing for the same volume', () => {
  it('lets one win and leaves the volume, the balance and the ledger consistent', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01' });
    clock.advance(BUILD);
    const volume = await createVolume({ name: 'data-01', size: 20 });
    const before = await balance();

    const [extend, attach] = await Promise.all([
      api.post(`/storage/volumes/${volume.id}/extend`, { size: 80 }),
      api.post(`/storage/volumes/${volume.id}/attach`, { server_id: web }),
    ]);
    const statuses = [extend.statusCode, attach.statusCode].sort();
    expect(statuses).toEqual([202, 400]);
    clock.advance(TASK);
    const after = (await api.get(`/storage/volumes/${volume.id}`)).json() as Volume;
    const orders = (await api.get('/billing/orders')).json().items as { type: string }[];
    if (extend.statusCode === 202) {
      expect(after).toMatchObject({ size: 80, status: 'available', server_id: null });
      expect(await balance()).toBe(before - extend.json().order.amount);
    } else {
      expect(after).toMatchObject({ size: 20, status: 'in_use', server_id: web });
      expect(await balance()).toBe(before);
      // The refused extension left no order behind.
      expect(orders.filter((o) => o.type === 'extend_volume')).toEqual([]);
    }
  });

  it('lets one of two extensions win', async () => {
    await start();
    const volume = await createVolume({ name: 'data-01', size: 20 });
    const before = await balance();
    const answers = await Promise.all([
      api.post(`/storage/volumes/${volume.id}/extend`, { size: 50 }),
      api.post(`/storage/volumes/${volume.id}/extend`, { size: 70 }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([202, 400]);
    const winner = answers.find((a) => a.statusCode === 202);
    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume.id}`)).json().size).toBe(
      winner?.json().volume.size,
    );
    expect(await balance()).toBe(before - winner?.json().order.amount);
  });
});

describe('deleteVolume', () => {
  it('deletes only a detached volume', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01' });
    clock.advance(BUILD);
    const volume = await createVolume({ name: 'data-01', server_id: web });
    const attached = await api.delete(`/storage/volumes/${volume.id}`);
    expect(attached.statusCode).toBe(400);
    expect(attached.json().message).toBe(
      'Không thể thực hiện thao tác khi volume đang gắn vào máy chủ.',
    );
    await api.post(`/storage/volumes/${volume.id}/detach`, {});
    expect((await api.delete(`/storage/volumes/${volume.id}`)).statusCode).toBe(400);
    clock.advance(TASK);
    const deleted = await api.delete(`/storage/volumes/${volume.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Đã xoá volume data-01.');
    expect((await api.get(`/storage/volumes/${volume.id}`)).statusCode).toBe(404);
    // The name is free again.
    expect(
      (await api.post('/storage/volumes', { name: 'data-01', size: 20, type: 'SSD' })).statusCode,
    ).toBe(201);
  });

  it('waits for a snapshot of it still being taken, which would be lost half copied', async () => {
    await start();
    const volume = await createVolume({ name: 'data-01' });
    clock.advance(TASK);
    const taken = await api.post('/storage/snapshots', {
      name: 'data01-snap',
      volume_id: volume.id,
    });
    expect(taken.statusCode, taken.body).toBe(201);

    const refused = await api.delete(`/storage/volumes/${volume.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Snapshot data01-snap của volume đang được tạo, vui lòng đợi thao tác hoàn tất rồi hãy xoá volume.',
    );
    const snapshot = await api.get(`/storage/snapshots/${taken.json().snapshot.id}`);
    expect(snapshot.json().status).toBe('creating');

    clock.advance(TASK);
    expect((await api.delete(`/storage/volumes/${volume.id}`)).statusCode).toBe(200);
  });
});

describe('the action-permission check', () => {
  it('refuses every paid or destructive volume action of a blocked account, listing the reasons', async () => {
    await start();
    const expired = apiAs(app, await signIn(app, 'expired@example.vn'));
    const reasons = 'Không thể thực hiện thao tác do: có hoá đơn quá hạn, đã hết hạn dùng thử.';
    const [volume] = (await expired.get('/storage/volumes')).json().items as Volume[];
    const id = volume?.id ?? 1;
    const calls = [
      expired.post('/storage/volumes', { name: 'data-01', size: 20, type: 'SSD' }),
      expired.post('/billing/orders', {
        type: 'create_volume',
        data: { name: 'data-01', size: 20, type: 'SSD' },
        interval_count: 1,
      }),
      expired.post(`/storage/volumes/${id}/attach`, { server_id: 1 }),
      expired.post(`/storage/volumes/${id}/detach`, {}),
      expired.post(`/storage/volumes/${id}/extend`, { size: 500 }),
      expired.delete(`/storage/volumes/${id}`),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(reasons);
    }
    // Reading is never blocked.
    expect((await expired.get('/storage/volumes')).statusCode).toBe(200);
  });
});
