import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sshpk from 'sshpk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiAs, buyServer, serverOrderFor, signIn, testApp } from '../testing';

let app: FastifyInstance;

beforeEach(async () => {
  ({ app } = await testApp());
});
afterEach(async () => {
  await app.close();
});

function ed25519Line(): string {
  const pair = generateKeyPairSync('ed25519');
  return sshpk
    .parseKey(pair.publicKey.export({ type: 'spki', format: 'pem' }), 'pem')
    .toString('ssh');
}

async function customerWithKeys(email: string, names: string[]) {
  const api = apiAs(app, await signIn(app, email));
  for (const name of names) {
    const added = await api.post('/cloud/ssh_keys', { name, public_key: ed25519Line() });
    expect(added.statusCode).toBe(201);
  }
  return api;
}

describe('SSH keys on a new server (key_names, our extension)', () => {
  it('installs every chosen key, the spec’s key_name first', async () => {
    const customer = await customerWithKeys('demo@example.vn', ['laptop', 'desk', 'ci-runner']);
    const order = serverOrderFor({ keyName: 'laptop', keyNames: ['laptop', 'ci-runner'] });
    // The spec's parameter is kept as it is; the extension lists them all.
    expect(order.data).toMatchObject({ key_name: 'laptop', key_names: ['laptop', 'ci-runner'] });

    const serverId = await buyServer(customer, {
      keyName: 'laptop',
      keyNames: ['laptop', 'ci-runner'],
    });
    const server = (await customer.get(`/cloud/servers/${serverId}`)).json();
    expect(server.key_name).toBe('laptop');
    expect(server.key_names).toEqual(['laptop', 'ci-runner']);
  });

  it('keeps the spec’s single key_name order as it was: one key installed', async () => {
    const customer = await customerWithKeys('demo@example.vn', ['laptop']);
    const order = serverOrderFor({ keyName: 'laptop', keyNames: ['laptop'] });
    expect(order.data).not.toHaveProperty('key_names');
    const serverId = await buyServer(customer, { keyName: 'laptop' });
    const server = (await customer.get(`/cloud/servers/${serverId}`)).json();
    expect(server.key_names).toEqual(['laptop']);
  });

  it('refuses a key of another account among the keys, on the field, and places nothing', async () => {
    await customerWithKeys('agency@example.vn', ['agency-key']);
    const customer = await customerWithKeys('demo@example.vn', ['laptop']);
    const refused = await customer.post(
      '/billing/orders',
      serverOrderFor({ name: 'web-09', keyName: 'laptop', keyNames: ['laptop', 'agency-key'] }),
    );
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({
      message: 'Không tìm thấy SSH key này.',
      errors: { 'data.key_names': 'Không tìm thấy SSH key này.' },
    });
    const pending = (
      await customer.get('/billing/orders', undefined, { status: 'pending' })
    ).json();
    expect(pending.items).toEqual([]);
  });

  it('refuses the same key twice in the list (the contract’s uniqueItems)', async () => {
    const customer = await customerWithKeys('demo@example.vn', ['laptop', 'desk']);
    const order = serverOrderFor({ keyName: 'laptop', keyNames: ['laptop', 'desk'] });
    const twice = { ...order, data: { ...order.data, key_names: ['desk', 'desk'] } };
    expect((await customer.post('/billing/orders', twice)).statusCode).toBe(400);
  });
});
