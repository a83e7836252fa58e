import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { apiAs, buyServer, signIn, testApp, testClock, withToken, type Api } from '../testing';

let app: FastifyInstance;
let clock: ReturnType<typeof testClock>;
let token: string;
let api: Api;

async function start() {
  ({ app, clock } = await testApp());
  token = await signIn(app, 'demo@example.vn');
  api = apiAs(app, token);
}

afterEach(async () => {
  await app?.close();
});

async function activeServer(choice: Parameters<typeof buyServer>[1] = {}) {
  const id = await buyServer(api, choice);
  clock.advance(20_000);
  return id;
}

interface ReverseDns {
  ip_id: number;
  address: string;
  version: 'ipv4' | 'ipv6';
  hostname: string;
  default_hostname: string;
  custom: boolean;
  updated: string | null;
}

const names = async (id: number, as: Api = api) =>
  (await as.get(`/cloud/servers/${id}/reverse_dns`)).json().items as ReverseDns[];

const setName = (id: number, ipId: number, hostname: unknown, as = token) =>
  app.inject({
    method: 'PUT',
    url: `/api/v1/cloud/servers/${id}/ips/${ipId}/reverse_dns`,
    payload: { hostname },
    headers: withToken(as),
  });

const resetName = (id: number, ipId: number, as: Api = api) =>
  as.delete(`/cloud/servers/${id}/ips/${ipId}/reverse_dns`);

describe('listServerReverseDns', () => {
  it('gives every address of the server the provider’s default name until one is set', async () => {
    await start();
    const id = await activeServer({ ipv6: true });
    const list = await names(id);
    const ips = (await api.get(`/cloud/servers/${id}/ips`)).json().items as {
      id: number;
      address: string;
    }[];
    expect(list.map((entry) => entry.ip_id)).toEqual(ips.map((ip) => ip.id));
    const [v4, v6] = list;
    expect(v4).toMatchObject({ version: 'ipv4', custom: false, updated: null });
    expect(v4!.hostname).toBe(`${v4!.address.replaceAll('.', '-')}.static.idc.vn`);
    expect(v4!.default_hostname).toBe(v4!.hostname);
    expect(v6).toMatchObject({ version: 'ipv6', custom: false });
    // 2001:db8::n written out in full: no label starts or ends with a hyphen.
    expect(v6!.hostname).toMatch(/^2001-db8-0-0-0-0-0-[0-9a-f]+\.static\.idc\.vn$/);
  });
});

describe('setServerIpReverseDns', () => {
  it('sets a name, stored in lower case, and lists it with when it was set', async () => {
    await start();
    const id = await activeServer();
    const [primary] = await names(id);
    const response = await setName(id, primary!.ip_id, 'Mail.MinhPhat.vn');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ip_id: primary!.ip_id,
      hostname: 'mail.minhphat.vn',
      default_hostname: primary!.default_hostname,
      custom: true,
      updated: clock.now().toISOString(),
    });
    expect((await names(id))[0]).toMatchObject({ hostname: 'mail.minhphat.vn', custom: true });
  });

  it.each([
    ['localhost', 'Hãy nhập tên miền đầy đủ, ví dụ mail.example.com.'],
    ['mail_1.example.vn', 'Tên miền chỉ gồm chữ cái không dấu (a–z), chữ số, dấu gạch ngang'],
    ['-mail.example.vn', 'Mỗi phần giữa hai dấu chấm không được bắt đầu hay kết thúc bằng'],
    ['mail.example.vn.', 'Tên miền không bắt đầu hay kết thúc bằng dấu chấm'],
    [`${'a'.repeat(64)}.vn`, 'Mỗi phần giữa hai dấu chấm dài tối đa 63 ký tự.'],
    ['103.56.158.24', 'Phần cuối của tên miền phải bắt đầu bằng chữ cái'],
    ['', 'Tên miền không được bỏ trống.'],
  ])('refuses %j with the hostname rule’s message on the field', async (hostname, message) => {
    await start();
    const id = await activeServer();
    const [primary] = await names(id);
    const response = await setName(id, primary!.ip_id, hostname);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.hostname).toContain(message);
    expect((await names(id))[0]).toMatchObject({ custom: false });
  });

  it('refuses another account’s address as not found, and leaves its name alone', async () => {
    await start();
    const id = await activeServer();
    const [primary] = await names(id);
    const other = apiAs(app, await signIn(app, 'agency@example.vn'));
    const otherToken = await signIn(app, 'agency@example.vn');
    expect((await setName(id, primary!.ip_id, 'evil.example.vn', otherToken)).statusCode).toBe(404);
    expect((await resetName(id, primary!.ip_id, other)).statusCode).toBe(404);
    expect((await other.get(`/cloud/servers/${id}/reverse_dns`)).statusCode).toBe(404);

    // Nor through a server of one's own: the address must be that server's.
    const otherServer = await buyServer(other);
    clock.advance(20_000);
    expect(
      (await setName(otherServer, primary!.ip_id, 'evil.example.vn', otherToken)).statusCode,
    ).toBe(404);
    expect((await names(id))[0]).toMatchObject({ custom: false });
  });
});

describe('resetServerIpReverseDns', () => {
  it('gives the address its default name back', async () => {
    await start();
    const id = await activeServer();
    const [primary] = await names(id);
    await setName(id, primary!.ip_id, 'mail.minhphat.vn');
    const response = await resetName(id, primary!.ip_id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      hostname: primary!.default_hostname,
      custom: false,
      updated: null,
    });
    expect((await names(id))[0]).toEqual(primary);
  });

  it('forgets the name with the address when the address is released', async () => {
    await start();
    const id = await activeServer({ extraIpv4: 1 });
    const [, extra] = await names(id);
    await setName(id, extra!.ip_id, 'shop.minhphat.vn');
    expect((await api.delete(`/cloud/servers/${id}/ips/${extra!.ip_id}`)).statusCode).toBe(200);
    expect(await names(id)).toHaveLength(1);
    expect((await setName(id, extra!.ip_id, 'shop.minhphat.vn')).statusCode).toBe(404);
  });
});
