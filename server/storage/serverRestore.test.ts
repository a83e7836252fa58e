/**
 * Issue 19, back up and restore like the others: a server restored in place from a snapshot of its
 * root disk, a new server built from one (ordered and priced as any new server), and a rebuild
 * that keeps the root disk's snapshots when asked to.
 */
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { quote, type PricedProduct } from '../../src/domain/pricing';
import { pricedProductLines, serverProductLines } from '../../src/domain/serverOrder';
import { ledgerMismatches } from '../billing/ledger';
import { openDatabase, type Db } from '../platform/db';
import {
  apiAs,
  buyServer,
  scratchDir,
  SERVER_CHOICE,
  serverOrderFor,
  signIn,
  testApp,
  testClock,
  type Api,
} from '../testing';

type Server = components['schemas']['Server'];
type Snapshot = components['schemas']['Snapshot'];

const SECOND = 1000;
/** The default build takes 20 seconds; any other task 5. */
const BUILD = 20 * SECOND;
const TASK = 5 * SECOND;
const DAY = 24 * 60 * 60 * SECOND;
const PASSWORD = 'Hn7#Vps2026x';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;
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
  books?.close();
  books = undefined;
  await app?.close();
  cleanup?.();
  cleanup = undefined;
});

async function builtServer(name = 'web-01', as: Api = api): Promise<number> {
  const id = await buyServer(as, { name });
  clock.advance(BUILD);
  return id;
}

async function rootSnapshot(serverId: number, name: string, as: Api = api): Promise<Snapshot> {
  const response = await as.post('/storage/snapshots', { name, server_id: serverId });
  expect(response.statusCode, response.body).toBe(201);
  clock.advance(TASK);
  return (response.json() as components['schemas']['SnapshotCharge']).snapshot;
}

const server = async (id: number, as: Api = api) =>
  (await as.get(`/cloud/servers/${id}`)).json() as Server;
const snapshot = async (id: number) =>
  (await api.get(`/storage/snapshots/${id}`)).json() as Snapshot;
const images = async () =>
  ((await api.get('/catalog/images')).json() as components['schemas']['ImageList']).items;
const ledgerRows = () =>
  ((books as Db).prepare('SELECT COUNT(*) AS n FROM balance_adjustments').get() as { n: number }).n;

/** An image other than the server's that fits its disk. */
async function otherImage(current: number) {
  const found = (await images()).find(
    (image) => image.id !== current && image.min_disk <= SERVER_CHOICE.disk,
  );
  if (!found) throw new Error('no other image');
  return found;
}

describe('restoreServer (in place)', () => {
  it('goes through restoring to running, with the image the snapshot was taken of, for free', async () => {
    await start();
    const id = await builtServer();
    const before = await server(id);
    const taken = await rootSnapshot(id, 'web01-truoc');
    expect(taken.image_id).toBe(before.image.id);
    // The server moves on: rebuilt on another image, keeping the snapshot.
    const next = await otherImage(before.image.id);
    const rebuilt = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: next.id,
      password: PASSWORD,
      keep_snapshots: true,
    });
    expect(rebuilt.statusCode, rebuilt.body).toBe(202);
    clock.advance(TASK);
    expect((await server(id)).image.id).toBe(next.id);
    await api.post(`/cloud/servers/${id}/action`, { action: 'power_off' });
    clock.advance(TASK);
    expect((await server(id)).status).toBe('shutoff');
    const rows = ledgerRows();

    const response = await api.post(`/cloud/servers/${id}/restore`, { snapshot_id: taken.id });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({ id, status: 'restoring', disk: before.disk });
    const progress = await api.get(`/cloud/servers/${id}/progress`);
    expect(progress.json()).toMatchObject({
      status: 'restoring',
      message: 'Đang khôi phục từ snapshot…',
    });
    // The snapshot is read meanwhile: it cannot be deleted under the restore.
    expect((await snapshot(taken.id)).status).toBe('restoring');
    expect((await api.delete(`/storage/snapshots/${taken.id}`)).statusCode).toBe(400);
    // Busy: another action waits.
    const busy = await api.post(`/cloud/servers/${id}/action`, { action: 'soft_reboot' });
    expect(busy.statusCode).toBe(400);
    expect(busy.json().message).toBe(
      'Máy chủ đang khôi phục từ snapshot, vui lòng đợi thao tác hoàn tất.',
    );

    clock.advance(TASK);
    const after = await server(id);
    expect(after).toMatchObject({ status: 'active', progress: 100, disk: before.disk });
    expect(after.image.id).toBe(before.image.id);
    expect((await snapshot(taken.id)).status).toBe('available');
    // Free: no order, no ledger row.
    expect(ledgerRows()).toBe(rows);
    expect(ledgerMismatches(books as Db)).toEqual([]);
  });

  it('restores from the weekly automatic snapshot the same way: free, one kept', async () => {
    await start();
    const id = await builtServer();
    const scheduled = await api.post(`/cloud/servers/${id}/snapshot_schedule`, {
      weekday: 0,
      hour: 2,
    });
    expect(scheduled.statusCode, scheduled.body).toBeLessThan(300);
    const rows = ledgerRows();
    const autos = async () =>
      ((await api.get('/storage/snapshots')).json().items as Snapshot[]).filter((s) => s.auto);

    expect(await autos()).toEqual([]);
    clock.advance(8 * DAY);
    const [first, ...more] = await autos();
    expect(more).toEqual([]);
    expect(first).toMatchObject({ server_id: id, price: 0, size: SERVER_CHOICE.disk });
    const schedule = (await api.get(`/cloud/servers/${id}/snapshot_schedule`)).json();
    expect(schedule).toMatchObject({ snapshot_id: first?.id, last_run: first?.created });
    // A week later the new copy replaces it (spec §9: only one recent backup kept).
    clock.advance(7 * DAY);
    const [second, ...others] = await autos();
    expect(others).toEqual([]);
    expect(second?.id).not.toBe(first?.id);
    expect(ledgerRows()).toBe(rows);

    const response = await api.post(`/cloud/servers/${id}/restore`, { snapshot_id: second?.id });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json().status).toBe('restoring');
    clock.advance(TASK);
    expect((await server(id)).status).toBe('active');
  });

  it("refuses another account's snapshot or server (404) and another server's snapshot (400)", async () => {
    await start();
    const id = await builtServer();
    const otherServer = await builtServer('web-02');
    const ofOther = await rootSnapshot(otherServer, 'web02-copy');
    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const theirs = await builtServer('their-01', agency);
    const theirSnapshot = await rootSnapshot(theirs, 'their-copy', agency);

    const foreign = await api.post(`/cloud/servers/${id}/restore`, {
      snapshot_id: theirSnapshot.id,
    });
    expect(foreign.statusCode).toBe(404);
    const notMine = await agency.post(`/cloud/servers/${id}/restore`, { snapshot_id: ofOther.id });
    expect(notMine.statusCode).toBe(404);

    const wrong = await api.post(`/cloud/servers/${id}/restore`, { snapshot_id: ofOther.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      message: 'Snapshot web02-copy không phải bản sao ổ gốc của máy chủ web-01.',
      errors: { snapshot_id: 'Snapshot web02-copy không phải bản sao ổ gốc của máy chủ web-01.' },
    });
    expect((await server(id)).status).toBe('active');
  });

  it('refuses a snapshot of a data volume', async () => {
    await start();
    const id = await buyServer(api, { name: 'web-01', dataDisks: [{ size: 20, type: 'SSD' }] });
    clock.advance(BUILD);
    const volumes = (await api.get('/storage/volumes')).json().items as { id: number }[];
    const taken = await api.post('/storage/snapshots', {
      name: 'data-copy',
      volume_id: volumes[0]?.id,
    });
    clock.advance(TASK);
    const response = await api.post(`/cloud/servers/${id}/restore`, {
      snapshot_id: taken.json().snapshot.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      snapshot_id: 'Snapshot data-copy là bản sao của một volume, không phải ổ gốc của máy chủ.',
    });
  });
});

describe('rebuildServer and the root disk snapshots', () => {
  it('deletes them by default (spec §4) and keeps them with keep_snapshots', async () => {
    await start();
    const id = await builtServer();
    const { image } = await server(id);
    const first = await rootSnapshot(id, 'web01-first');
    const kept = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
      keep_snapshots: true,
    });
    expect(kept.statusCode, kept.body).toBe(202);
    clock.advance(TASK);
    expect((await snapshot(first.id)).status).toBe('available');

    const plain = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
    });
    expect(plain.statusCode, plain.body).toBe(202);
    expect((await api.get(`/storage/snapshots/${first.id}`)).statusCode).toBe(404);
  });

  it('installs the chosen SSH keys (the first is the key shown) and refuses unknown ones', async () => {
    await start();
    const id = await builtServer();
    const { image } = await server(id);
    for (const name of ['laptop', 'desktop']) {
      const added = await api.post('/cloud/ssh_keys', { name });
      expect(added.statusCode, added.body).toBe(201);
    }
    const unknown = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
      key_names: ['laptop', 'nope'],
    });
    expect(unknown.statusCode).toBe(404);
    const response = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
      key_names: ['desktop', 'laptop'],
    });
    expect(response.statusCode, response.body).toBe(202);
    expect(response.json()).toMatchObject({
      key_name: 'desktop',
      key_names: ['desktop', 'laptop'],
    });
    // Without key_names the keys stay; an empty list removes them.
    const same = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
    });
    expect(same.statusCode, same.body).toBe(400); // still rebuilding
    clock.advance(TASK);
    const kept = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
    });
    expect(kept.json()).toMatchObject({ key_name: 'desktop', key_names: ['desktop', 'laptop'] });
    clock.advance(TASK);
    const none = await api.post(`/cloud/servers/${id}/rebuild`, {
      image_id: image.id,
      password: PASSWORD,
      key_names: [],
    });
    expect(none.json()).toMatchObject({ key_name: null, key_names: [] });
  });
});

describe('a new server from a snapshot', () => {
  /** The domain's quote of the portal's product lines, against the catalog the API lists. */
  async function domainQuote(choice: typeof SERVER_CHOICE) {
    const response = await api.get('/billing/products', undefined, { per_page: '9999' });
    const catalog = response.json().products as PricedProduct[];
    const lines = pricedProductLines(serverProductLines(choice), catalog);
    if (!lines) throw new Error('catalog lacks a product');
    return quote(lines, choice.interval, clock.now());
  }

  it('is ordered and priced as any new server, charged in one ledger row, and builds', async () => {
    await start();
    const id = await builtServer();
    const source = await server(id);
    const taken = await rootSnapshot(id, 'web01-goc');
    const choice = {
      ...SERVER_CHOICE,
      name: 'web-02',
      os: String(source.image.id),
      disk: SERVER_CHOICE.disk + 20,
    };
    const order = serverOrderFor(choice);
    const body = { ...order, data: { ...order.data, os: source.image.id, snapshot_id: taken.id } };
    const placed = await api.post('/billing/orders', body);
    expect(placed.statusCode, placed.body).toBe(201);
    const expected = await domainQuote(choice);
    expect(placed.json().amount).toBe(expected.total);

    const rows = ledgerRows();
    const paid = await api.post(`/billing/orders/${placed.json().id}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(ledgerRows()).toBe(rows + 1);
    expect(ledgerMismatches(books as Db)).toEqual([]);
    const newId = paid.json().order.resource_id as number;
    expect(await server(newId)).toMatchObject({ status: 'building', disk: choice.disk });
    expect((await snapshot(taken.id)).status).toBe('restoring');
    clock.advance(BUILD);
    const built = await server(newId);
    expect(built).toMatchObject({ status: 'active', name: 'web-02' });
    expect(built.image.id).toBe(source.image.id);
    expect((await snapshot(taken.id)).status).toBe('available');
  });

  it('refuses a smaller disk, another disk type, another image and a foreign snapshot', async () => {
    await start();
    const id = await builtServer();
    const source = await server(id);
    const taken = await rootSnapshot(id, 'web01-goc');
    const place = (
      choice: Partial<typeof SERVER_CHOICE>,
      os: number | string,
      snapshotId: number,
    ) => {
      const order = serverOrderFor({ ...choice, name: 'web-02' });
      return api.post('/billing/orders', {
        ...order,
        data: { ...order.data, os, snapshot_id: snapshotId },
      });
    };
    const small = await place({ disk: SERVER_CHOICE.disk - 10 }, source.image.id, taken.id);
    expect(small.statusCode).toBe(400);
    expect(Object.keys(small.json().errors)).toEqual(['data.rootdisk.size']);
    const hdd = await place({ diskType: 'HDD' }, source.image.id, taken.id);
    expect(Object.keys(hdd.json().errors)).toEqual(['data.rootdisk.type']);
    const other = await otherImage(source.image.id);
    const image = await place({}, other.id, taken.id);
    expect(Object.keys(image.json().errors)).toEqual(['data.os']);

    const agency = apiAs(app, await signIn(app, 'agency@example.vn'));
    const order = serverOrderFor({ name: 'their-02' });
    const foreign = await agency.post('/billing/orders', {
      ...order,
      data: { ...order.data, os: source.image.id, snapshot_id: taken.id },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
