import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { quote } from '../../src/domain/pricing';
import { unusedPrepaidValue } from '../../src/domain/serviceLife';
import { openDatabase, type Db } from '../platform/db';
import { ledgerMismatches } from '../billing/ledger';
import { apiAs, buyServer, scratchDir, signIn, testApp, testClock, type Api } from '../testing';

type Snapshot = components['schemas']['Snapshot'];

const SECOND = 1000;
/** The default build takes 20 seconds; taking or restoring a snapshot 5. */
const BUILD = 20 * SECOND;
const TASK = 5 * SECOND;

const SNAPSHOT_SSD = { id: 5, name: 'SNAPSHOT SSD', code: 'snapshot_ssd', price: 2_000 };
const SNAPSHOT_HDD = { id: 6, name: 'SNAPSHOT HDD', code: 'snapshot_hdd', price: 1_000 };
const DISK_HDD = { id: 4, name: 'DISK HDD', code: 'volume_hdd', price: 2_000 };

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;
let books: Db | undefined;
let cleanup: (() => void) | undefined;

/** The sandbox on a database file, a second connection to read its books, demo signed in. */
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

/** A built server with one 100 GB HDD data volume; answers both ids. */
async function serverWithVolume(as: Api = api, name = 'web-01') {
  const serverId = await buyServer(as, { name, dataDisks: [{ size: 100, type: 'HDD' }] });
  clock.advance(BUILD);
  const volumes = (
    await as.get('/storage/volumes', undefined, { server_id: String(serverId) })
  ).json().items as { id: number }[];
  return { serverId, volumeId: (volumes[0] as { id: number }).id };
}

const snapshots = async (as: Api = api) => {
  const response = await as.get('/storage/snapshots');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as components['schemas']['SnapshotList'];
};

const balance = async (as: Api = api) =>
  ((await as.get('/billing/balance_adjustments')).json().items[0] as { balance_after: number })
    .balance_after;

describe('createSnapshot', () => {
  it('copies a data volume, charged at once at the SNAPSHOT price, creating then available', async () => {
    await start();
    const { volumeId } = await serverWithVolume();
    const before = await balance();
    const response = await api.post('/storage/snapshots', {
      name: 'data-copy',
      volume_id: volumeId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const charge = response.json() as components['schemas']['SnapshotCharge'];
    const priced = quote([{ product: SNAPSHOT_HDD, quantity: 100 }], 1, clock.now());
    const expected = priced.total;
    expect(charge.snapshot).toEqual({
      id: expect.any(Number),
      name: 'data-copy',
      size: 100,
      type: 'HDD',
      status: 'creating',
      volume_id: volumeId,
      server_id: null,
      volume_name: 'web-01-data-1',
      image_id: null,
      auto: false,
      price: 100 * SNAPSHOT_HDD.price,
      // Paid to the end of this month: what deleting it would give up.
      unused_prepaid_amount: unusedPrepaidValue(
        100 * SNAPSHOT_HDD.price,
        new Date(priced.period_end),
        clock.now(),
      ),
      created: clock.now().toISOString(),
    });
    expect(charge.snapshot.unused_prepaid_amount).toBeGreaterThan(0);
    expect(charge.order).toMatchObject({
      type: 'create_snapshot',
      status: 'paid',
      amount: expected,
      resource_id: charge.snapshot.id,
    });
    expect(charge.invoice).toMatchObject({
      status: 'paid',
      amount: expected,
      resource_type: 'snapshot',
      resource_id: charge.snapshot.id,
    });
    expect(await balance()).toBe(before - expected);
    expect(ledgerMismatches(books as Db)).toEqual([]);

    clock.advance(TASK);
    const listed = await snapshots();
    expect(listed.items.map((s) => [s.name, s.status])).toEqual([['data-copy', 'available']]);
    const one = await api.get(`/storage/snapshots/${charge.snapshot.id}`);
    expect(one.json()).toMatchObject({ status: 'available' });
  });

  it('can be ordered for several months and paid later, like any order', async () => {
    await start();
    const { volumeId } = await serverWithVolume();
    const placed = await api.post('/billing/orders', {
      type: 'create_snapshot',
      data: { name: 'three-months', volume_id: volumeId },
      interval_count: 3,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as components['schemas']['Order'];
    const expected = quote([{ product: SNAPSHOT_HDD, quantity: 100 }], 3, clock.now());
    expect(order).toMatchObject({
      type: 'create_snapshot',
      status: 'pending',
      amount: expected.total,
      interval_count: 3,
      expiry: expected.period_end,
    });
    expect((await snapshots()).items).toEqual([]);

    const paid = await api.post(`/billing/orders/${order.id}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    clock.advance(TASK);
    expect((await snapshots()).items.map((s) => [s.name, s.status])).toEqual([
      ['three-months', 'available'],
    ]);
    expect(ledgerMismatches(books as Db)).toEqual([]);
  });

  it('is refused when paid after its disk grew: the price was for the gigabytes it was placed for', async () => {
    await start();
    const { serverId, volumeId } = await serverWithVolume();
    const place = async (data: object) => {
      const placed = await api.post('/billing/orders', {
        type: 'create_snapshot',
        data,
        interval_count: 12,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      return (placed.json() as components['schemas']['Order']).id;
    };
    const ofVolume = await place({ name: 'data-cheap', volume_id: volumeId });
    const ofRootDisk = await place({ name: 'root-cheap', server_id: serverId });

    const grown = await api.post(`/storage/volumes/${volumeId}/extend`, { size: 200 });
    expect(grown.statusCode, grown.body).toBe(202);
    const resized = await api.post(`/cloud/servers/${serverId}/resize`, {
      cpu: 1,
      ram: 1,
      disk: 60,
    });
    expect(resized.statusCode, resized.body).toBe(202);
    clock.advance(BUILD);
    const before = await balance();

    for (const id of [ofVolume, ofRootDisk]) {
      for (const query of [{ check: 'True' }, undefined]) {
        const paid = await api.post(`/billing/orders/${id}/pay`, {}, query);
        expect(paid.statusCode, paid.body).toBe(400);
        expect(paid.json().message).toMatch(/^Máy chủ hoặc volume của đơn hàng đã thay đổi/);
      }
    }
    expect(await balance()).toBe(before);
    expect((await snapshots()).items).toEqual([]);
    // Ordered again, at today's size, it is paid and taken.
    const again = await place({ name: 'data-now', volume_id: volumeId });
    expect((await api.post(`/billing/orders/${again}/pay`, {})).statusCode).toBe(200);
    expect((await snapshots()).items.map((s) => [s.name, s.size])).toEqual([['data-now', 200]]);
    expect(ledgerMismatches(books as Db)).toEqual([]);
  });

  it("copies a server's root disk, named after the server", async () => {
    await start();
    const { serverId } = await serverWithVolume();
    const response = await api.post('/storage/snapshots', {
      name: 'root-copy',
      server_id: serverId,
    });
    expect(response.statusCode, response.body).toBe(201);
    const charge = response.json() as components['schemas']['SnapshotCharge'];
    expect(charge.snapshot).toMatchObject({
      size: 40,
      type: 'SSD',
      volume_id: null,
      server_id: serverId,
      volume_name: 'web-01',
    });
    const expected = quote([{ product: SNAPSHOT_SSD, quantity: 40 }], 1, clock.now()).total;
    expect(charge.invoice.amount).toBe(expected);
  });

  it('needs exactly one volume, with the spec message in both languages', async () => {
    await start();
    const { serverId, volumeId } = await serverWithVolume();
    const none = await api.post('/storage/snapshots', { name: 'no-source' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      message: 'Snapshot cần có một volume: vui lòng chọn volume.',
      errors: { volume_id: 'Snapshot cần có một volume: vui lòng chọn volume.' },
    });
    const english = apiAs(app, await signIn(app, 'demo@example.vn'), { 'accept-language': 'en' });
    const both = await english.post('/storage/snapshots', {
      name: 'two-sources',
      volume_id: volumeId,
      server_id: serverId,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toBe('Snapshot requires a volume: please choose one.');
    expect((await snapshots()).total).toBe(0);
  });

  it('refuses a bad name and a name the account already uses', async () => {
    await start();
    const { volumeId } = await serverWithVolume();
    for (const name of ['abcd', 'a'.repeat(33), 'có dấu', '<b>x</b>']) {
      const response = await api.post('/storage/snapshots', { name, volume_id: volumeId });
      expect(response.statusCode, name).toBe(400);
    }
    expect(
      (await api.post('/storage/snapshots', { name: 'daily-1', volume_id: volumeId })).statusCode,
    ).toBe(201);
    const again = await api.post('/storage/snapshots', { name: 'DAILY-1', volume_id: volumeId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Tên snapshot đã tồn tại.');
  });

  it('refuses a volume or server still being created', async () => {
    await start();
    const serverId = await buyServer(api, { dataDisks: [{ size: 20, type: 'SSD' }] });
    const volumeId = (await api.get('/storage/volumes')).json().items[0].id as number;
    const ofVolume = await api.post('/storage/snapshots', {
      name: 'too-early',
      volume_id: volumeId,
    });
    expect(ofVolume.statusCode).toBe(400);
    expect(ofVolume.json().message).toContain('volume');
    const ofServer = await api.post('/storage/snapshots', {
      name: 'too-early',
      server_id: serverId,
    });
    expect(ofServer.statusCode).toBe(400);
    expect((await snapshots()).total).toBe(0);
  });

  it('answers 402 and takes nothing when the balance is short', async () => {
    await start();
    const trial = apiAs(app, await signIn(app, 'trial@example.vn'));
    clock.advance(BUILD);
    const server = (await trial.get('/cloud/servers')).json().items[0] as { id: number };
    const response = await trial.post('/storage/snapshots', {
      name: 'no-money',
      server_id: server.id,
    });
    expect(response.statusCode, response.body).toBe(402);
    expect((await snapshots(trial)).total).toBe(0);
    const orders = (await trial.get('/billing/orders')).json().items as { type: string }[];
    expect(orders.filter((order) => order.type === 'create_snapshot')).toEqual([]);
    expect(ledgerMismatches(books as Db)).toEqual([]);
  });
});

describe('ownership and the action permission check', () => {
  it("never shows, copies, restores or deletes another customer's records (404)", async () => {
    await start();
    const { serverId, volumeId } = await serverWithVolume();
    const taken = (
      await api.post('/storage/snapshots', { name: 'mine-only', volume_id: volumeId })
    ).json().snapshot as Snapshot;
    clock.advance(TASK);
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    expect(
      (await other.post('/storage/snapshots', { name: 'theirs', volume_id: volumeId })).statusCode,
    ).toBe(404);
    expect(
      (await other.post('/storage/snapshots', { name: 'theirs', server_id: serverId })).statusCode,
    ).toBe(404);
    expect((await other.get(`/storage/snapshots/${taken.id}`)).statusCode).toBe(404);
    expect(
      (await other.get('/storage/snapshots', undefined, { volume_id: String(volumeId) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.post(`/storage/snapshots/${taken.id}/restore`, { name: 'stolen' })).statusCode,
    ).toBe(404);
    expect((await other.delete(`/storage/snapshots/${taken.id}`)).statusCode).toBe(404);
    expect((await snapshots(other)).total).toBe(0);
    expect((await snapshots()).total).toBe(1);
  });

  it('refuses a blocked account with the reasons (403), reads still work', async () => {
    await start();
    const expired = apiAs(app, await signIn(app, 'expired@example.vn'));
    const server = (await expired.get('/cloud/servers')).json().items[0] as { id: number };
    const response = await expired.post('/storage/snapshots', {
      name: 'blocked',
      server_id: server.id,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('hoá đơn quá hạn');
    expect(
      (await expired.post('/storage/snapshots/1/restore', { name: 'blocked' })).statusCode,
    ).toBe(403);
    expect((await expired.delete('/storage/snapshots/1')).statusCode).toBe(403);
    expect((await snapshots(expired)).total).toBe(0);
  });
});

describe('restoreSnapshot', () => {
  it('makes a new volume of the snapshot, paid as a new volume; the snapshot is kept', async () => {
    await start();
    const { volumeId } = await serverWithVolume();
    const taken = (
      await api.post('/storage/snapshots', { name: 'before-up', volume_id: volumeId })
    ).json().snapshot as Snapshot;
    const early = await api.post(`/storage/snapshots/${taken.id}/restore`, { name: 'restored-1' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Không thể thực hiện thao tác khi snapshot đang được tạo.');

    clock.advance(TASK);
    const before = await balance();
    const response = await api.post(`/storage/snapshots/${taken.id}/restore`, {
      name: 'restored-1',
    });
    expect(response.statusCode, response.body).toBe(201);
    const charge = response.json() as components['schemas']['VolumeCharge'];
    const expected = quote([{ product: DISK_HDD, quantity: 100 }], 1, clock.now()).total;
    expect(charge.volume).toMatchObject({
      name: 'restored-1',
      size: 100,
      type: 'HDD',
      status: 'restoring',
      server_id: null,
      datacenter: 'HN',
      price: 100 * DISK_HDD.price,
    });
    expect(charge.order).toMatchObject({
      type: 'create_volume',
      status: 'paid',
      amount: expected,
      new_size: 100,
    });
    expect(charge.invoice).toMatchObject({
      amount: expected,
      resource_type: 'volume',
      resource_id: charge.volume.id,
    });
    expect(await balance()).toBe(before - expected);
    expect((await api.get(`/storage/snapshots/${taken.id}`)).json().status).toBe('restoring');
    expect((await api.delete(`/storage/snapshots/${taken.id}`)).statusCode).toBe(400);

    clock.advance(TASK);
    expect((await api.get(`/storage/snapshots/${taken.id}`)).json().status).toBe('available');
    expect((await api.get(`/storage/volumes/${charge.volume.id}`)).json().status).toBe('available');
    const taken2 = await api.post(`/storage/snapshots/${taken.id}/restore`, { name: 'RESTORED-1' });
    expect(taken2.statusCode).toBe(409);
    expect(ledgerMismatches(books as Db)).toEqual([]);
  });
});

describe('deleteSnapshot', () => {
  it('deletes an available snapshot; it is gone from the list and the name is free again', async () => {
    await start();
    const { volumeId } = await serverWithVolume();
    const taken = (
      await api.post('/storage/snapshots', { name: 'throwaway', volume_id: volumeId })
    ).json().snapshot as Snapshot;
    expect((await api.delete(`/storage/snapshots/${taken.id}`)).statusCode).toBe(400);
    clock.advance(TASK);
    const response = await api.delete(`/storage/snapshots/${taken.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Đã xoá snapshot throwaway.');
    expect((await api.get(`/storage/snapshots/${taken.id}`)).statusCode).toBe(404);
    expect((await snapshots()).total).toBe(0);
    expect(
      (await api.post('/storage/snapshots', { name: 'throwaway', volume_id: volumeId })).statusCode,
    ).toBe(201);
  });
});

describe('what servers do to snapshots', () => {
  it("a rebuild destroys the root disk's snapshots, not the data volumes'", async () => {
    await start();
    const { serverId, volumeId } = await serverWithVolume();
    await api.post('/storage/snapshots', { name: 'root-disk', server_id: serverId });
    await api.post('/storage/snapshots', { name: 'data-disk', volume_id: volumeId });
    clock.advance(TASK);
    const rebuild = await api.post(`/cloud/servers/${serverId}/rebuild`, {
      image_id: 2,
      password: 'RebuildPass2025!',
    });
    expect(rebuild.statusCode, rebuild.body).toBe(202);
    expect((await snapshots()).items.map((s) => s.name)).toEqual(['data-disk']);
  });

  it('deleting a server with its volumes takes their snapshots along', async () => {
    await start();
    const { serverId, volumeId } = await serverWithVolume();
    await api.post('/storage/snapshots', { name: 'root-disk', server_id: serverId });
    await api.post('/storage/snapshots', { name: 'data-disk', volume_id: volumeId });
    clock.advance(TASK);
    expect(
      (await api.delete(`/cloud/servers/${serverId}`, undefined, { delete_volumes: 'true' }))
        .statusCode,
    ).toBe(202);
    expect((await snapshots()).total).toBe(2);
    clock.advance(TASK);
    expect((await snapshots()).total).toBe(0);
  });
});
