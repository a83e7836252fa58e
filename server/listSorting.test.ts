/**
 * The lists of servers, volumes, snapshots and SSH keys (issue 19 §5): `sort` and `order` (our
 * extension of spec §7) are declared in the contract, so an unknown column or direction is a 400
 * before any handler runs; a known one sorts the whole list before paging, ties by id. The server
 * list's search also finds a server by one of its addresses.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs, buyServer, signIn, testApp, testClock, type Api } from './testing';

const SECOND = 1000;
const BUILD = 20 * SECOND;
const TASK = 5 * SECOND;

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

async function list(path: string, query: Record<string, string> = {}) {
  const response = await api.get(path, undefined, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { id: number; name: string }[];
}
const names = async (path: string, query: Record<string, string> = {}) =>
  (await list(path, query)).map((item) => item.name);

describe('sort and filter parameters are validated by the contract', () => {
  it.each([
    ['/cloud/servers', { sort: 'price' }],
    ['/cloud/servers', { sort: 'name', order: 'up' }],
    ['/cloud/servers', { sort: 'name; DROP TABLE servers' }],
    ['/cloud/servers', { status: 'sleeping' }],
    ['/storage/volumes', { sort: 'server_id' }],
    ['/storage/volumes', { order: 'ASC' }],
    ['/storage/snapshots', { sort: 'price' }],
    ['/storage/snapshots', { status: 'gone' }],
    ['/storage/snapshots', { source: 'disk' }],
    ['/cloud/ssh_keys', { sort: 'fingerprint' }],
    ['/cloud/ssh_keys', { type: 'DSA' }],
  ])("%s?%o answers the contract's 400", async (path, query) => {
    await start();
    const response = await api.get(path, undefined, query);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ message: 'Yêu cầu không hợp lệ.' });
  });
});

describe('listServers', () => {
  it('sorts by name, creation date and status in either direction, and pages after sorting', async () => {
    await start();
    // Bought a minute apart, named so that name order differs from creation order.
    const web10 = await buyServer(api, { name: 'web-10' });
    clock.advance(60 * SECOND);
    const db = await buyServer(api, { name: 'DB-01' });
    clock.advance(60 * SECOND);
    const web2 = await buyServer(api, { name: 'web-2' });
    clock.advance(BUILD);
    expect(
      (await api.post(`/cloud/servers/${db}/action`, { action: 'power_off' })).statusCode,
    ).toBe(202);
    clock.advance(TASK);

    const path = '/cloud/servers';
    expect(await names(path)).toEqual(['web-2', 'DB-01', 'web-10']);
    expect(await names(path, { sort: 'name', order: 'asc' })).toEqual(['DB-01', 'web-2', 'web-10']);
    expect(await names(path, { sort: 'name', order: 'desc' })).toEqual([
      'web-10',
      'web-2',
      'DB-01',
    ]);
    expect(await names(path, { sort: 'name' })).toEqual(['web-10', 'web-2', 'DB-01']);
    expect(await names(path, { sort: 'created', order: 'asc' })).toEqual([
      'web-10',
      'DB-01',
      'web-2',
    ]);
    expect(await names(path, { sort: 'created', order: 'desc' })).toEqual([
      'web-2',
      'DB-01',
      'web-10',
    ]);
    // active < shutoff; the two active ones by id in the same direction.
    expect((await list(path, { sort: 'status', order: 'asc' })).map((s) => s.id)).toEqual([
      web10,
      web2,
      db,
    ]);
    expect(await names(path, { sort: 'name', order: 'asc', page: '2', per_page: '2' })).toEqual([
      'web-10',
    ]);
  });

  it('filters by status and finds a server by name or by one of its IP addresses', async () => {
    await start();
    const web = await buyServer(api, { name: 'web-01', ipv6: true, extraIpv4: 1 });
    const db = await buyServer(api, { name: 'db-01' });
    clock.advance(BUILD);
    await api.post(`/cloud/servers/${db}/action`, { action: 'power_off' });
    clock.advance(TASK);

    const path = '/cloud/servers';
    expect(await names(path, { status: 'shutoff' })).toEqual(['db-01']);
    expect(await names(path, { status: 'active' })).toEqual(['web-01']);

    const server = (await api.get(`/cloud/servers/${web}`)).json() as {
      ipv4: string[];
      ipv6: string[];
    };
    const second = server.ipv4[1] as string;
    expect(await names(path, { search: second })).toEqual(['web-01']);
    expect(await names(path, { search: (server.ipv6[0] as string).toUpperCase() })).toEqual([
      'web-01',
    ]);
    expect(await names(path, { search: 'DB' })).toEqual(['db-01']);
    expect(await names(path, { search: second.split('.').slice(0, 3).join('.') + '.' })).toEqual(
      expect.arrayContaining(['web-01']),
    );
    expect(await names(path, { search: '198.51.100.250' })).toEqual([]);
    expect(await names(path, { search: second, status: 'shutoff' })).toEqual([]);
  });
});

describe('listVolumes, listSnapshots and listSshKeys', () => {
  it('sorts volumes by size and name, and filters them by status', async () => {
    await start();
    await buyServer(api, {
      name: 'host',
      dataDisks: [
        { size: 100, type: 'HDD' },
        { size: 20, type: 'SSD' },
      ],
    });
    clock.advance(BUILD);
    const volumes = await list('/storage/volumes');
    expect(volumes).toHaveLength(2);
    const sizes = async (query: Record<string, string>) =>
      ((await list('/storage/volumes', query)) as unknown as { size: number }[]).map(
        (volume) => volume.size,
      );
    expect(await sizes({ sort: 'size', order: 'asc' })).toEqual([20, 100]);
    expect(await sizes({ sort: 'size', order: 'desc' })).toEqual([100, 20]);
    expect(await list('/storage/volumes', { status: 'in_use' })).toHaveLength(2);
    expect(await list('/storage/volumes', { status: 'available' })).toHaveLength(0);
  });

  it('sorts snapshots and filters them by source and status', async () => {
    await start();
    const serverId = await buyServer(api, {
      name: 'host',
      dataDisks: [{ size: 100, type: 'HDD' }],
    });
    clock.advance(BUILD);
    const [volume] = await list('/storage/volumes');
    const take = async (body: Record<string, unknown>) => {
      const response = await api.post('/storage/snapshots', body);
      expect(response.statusCode, response.body).toBe(201);
      clock.advance(TASK);
    };
    await take({ name: 'b-data', volume_id: volume?.id });
    await take({ name: 'a-root', server_id: serverId });

    expect(await names('/storage/snapshots')).toEqual(['a-root', 'b-data']);
    expect(await names('/storage/snapshots', { sort: 'name', order: 'asc' })).toEqual([
      'a-root',
      'b-data',
    ]);
    expect(await names('/storage/snapshots', { sort: 'size', order: 'desc' })).toEqual([
      'b-data',
      'a-root',
    ]);
    expect(await names('/storage/snapshots', { source: 'server' })).toEqual(['a-root']);
    expect(await names('/storage/snapshots', { source: 'volume' })).toEqual(['b-data']);
    expect(await names('/storage/snapshots', { status: 'creating' })).toEqual([]);
    expect(await names('/storage/snapshots', { status: 'available' })).toHaveLength(2);
  });

  it('sorts SSH keys by name and creation date, and filters them by type', async () => {
    await start();
    const before = await list('/cloud/ssh_keys');
    for (const name of ['zeta', 'alpha']) {
      const created = await api.post('/cloud/ssh_keys', { name });
      expect(created.statusCode, created.body).toBe(201);
      clock.advance(60 * SECOND);
    }
    const mine = (items: string[]) => items.filter((name) => ['zeta', 'alpha'].includes(name));
    expect(mine(await names('/cloud/ssh_keys', { sort: 'name', order: 'asc' }))).toEqual([
      'alpha',
      'zeta',
    ]);
    expect(mine(await names('/cloud/ssh_keys', { sort: 'created', order: 'asc' }))).toEqual([
      'zeta',
      'alpha',
    ]);
    expect(await list('/cloud/ssh_keys', { type: 'ED25519' })).toHaveLength(before.length + 2);
    expect(mine(await names('/cloud/ssh_keys', { type: 'RSA' }))).toEqual([]);
  });
});
