import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { apiAs, scratchDir, signIn, testApp } from '../testing';

let app: FastifyInstance;
let scratch: ReturnType<typeof scratchDir>;
let dbFile: string;

beforeEach(async () => {
  scratch = scratchDir();
  dbFile = join(scratch.dir, 'keys.db');
  ({ app } = await testApp({ dbFile }));
});
afterEach(async () => {
  await app.close();
  scratch.cleanup();
});

/** The sandbox cannot add keys yet (501), so the test writes them into the database directly. */
function addKey(email: string, name: string, createdAt: string) {
  const db = new Database(dbFile);
  db.prepare(
    `INSERT INTO ssh_keys (user_id, name, public_key, fingerprint, generated, created_at)
     SELECT id, ?, 'ssh-ed25519 AAAAC3Nza demo', 'SHA256:abc', 0, ? FROM users WHERE email = ?`,
  ).run(name, createdAt, email);
  db.close();
}

describe('listSshKeys', () => {
  it('answers an empty page for an account without keys', async () => {
    const demo = apiAs(app, await signIn(app, 'demo@example.vn'));
    expect((await demo.get('/cloud/ssh_keys')).json()).toEqual({
      items: [],
      total: 0,
      page: 1,
      per_page: 20,
    });
  });

  it('lists only the account’s own keys, newest first, filtered by name', async () => {
    addKey('demo@example.vn', 'laptop', '2025-01-01T00:00:00.000Z');
    addKey('demo@example.vn', 'ci-runner', '2025-02-01T00:00:00.000Z');
    addKey('agency@example.vn', 'agency-key', '2025-02-02T00:00:00.000Z');
    const demo = apiAs(app, await signIn(app, 'demo@example.vn'));

    const all = (await demo.get('/cloud/ssh_keys')).json();
    expect(all.items.map((key: { name: string }) => key.name)).toEqual(['ci-runner', 'laptop']);
    expect(all.items[0]).toMatchObject({ generated: false, fingerprint: 'SHA256:abc' });

    const found = (await demo.get('/cloud/ssh_keys', undefined, { search: 'LAP' })).json();
    expect(found.items.map((key: { name: string }) => key.name)).toEqual(['laptop']);
  });

  it('asks for a session', async () => {
    expect((await app.inject({ url: '/api/v1/cloud/ssh_keys' })).statusCode).toBe(401);
  });
});
