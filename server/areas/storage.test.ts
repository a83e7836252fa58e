import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { components } from '../../src/api/schema';
import { apiAs, buyServer, signIn, START, testApp, testClock, type Api } from '../testing';

const SECOND = 1000;
/** The default build takes 20 seconds, other tasks 5. */
const BUILD = 20 * SECOND;
const TASK = 5 * SECOND;
const HDD_100 = [{ size: 100, type: 'HDD' as const }];

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let api: Api;

async function start() {
  ({ app, clock } = await testApp());
  api = apiAs(app, await signIn(app, 'demo@example.vn'));
}

afterEach(async () => {
  await app?.close();
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
      created: START.toISOString(),
    });
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
    expect((await api.get(`/storage/volumes/${volume?.id}`)).json().status).toBe('in_use');

    clock.advance(TASK);
    expect((await api.get(`/storage/volumes/${volume?.id}`)).statusCode).toBe(404);
    expect(await volumes()).toMatchObject({ total: 0, items: [] });
  });
});
