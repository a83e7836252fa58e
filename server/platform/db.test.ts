import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { migrations } from './migrations';
import { migrate, openDatabase } from './db';
import { sha256 } from './secrets';
import { AGENCY_CUSTOMERS, DEMO_ACCOUNTS, DEMO_PASSWORD } from '../sandbox/seed';
import { NEW_CUSTOMER, register, scratchDir, signIn } from '../testing';

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

function scratchFile() {
  const scratch = scratchDir();
  cleanup = scratch.cleanup;
  return join(scratch.dir, 'nested', 'sandbox.db');
}

describe('the database', () => {
  it('creates its folder, uses WAL and foreign keys, and records each migration once', () => {
    const file = scratchFile();
    const first = openDatabase(file);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
    first.close();

    const again = openDatabase(file);
    const applied = again.prepare('SELECT version, name FROM schema_migrations').all();
    expect(applied).toEqual(
      migrations.map((step, index) => ({ version: index + 1, name: step.name })),
    );
    again.close();
  });

  it("applies each step once by its name, an area's steps after the platform's", () => {
    const file = scratchFile();
    const notes = { name: 'example:notes', sql: 'CREATE TABLE example_notes (id INTEGER)' };
    openDatabase(file, [notes]).close();

    // Later the platform gains a step: it applies, and the area's step (which would fail if run
    // again, its table exists) does not run twice.
    const later = { name: 'later_platform_step', sql: 'CREATE TABLE later_step (id INTEGER)' };
    const db = new Database(file);
    migrate(db, [...migrations, later, notes]);
    const names = db.prepare('SELECT name FROM schema_migrations ORDER BY version').all();
    db.close();
    expect(names).toEqual(
      [...migrations.map((step) => step.name), 'example:notes', 'later_platform_step'].map(
        (name) => ({ name }),
      ),
    );
  });

  it('opens every in-memory database migrated, foreign keys on, and each one its own', () => {
    const notes = { name: 'example:notes', sql: 'CREATE TABLE example_notes (id INTEGER)' };
    const first = openDatabase(':memory:', [notes]);
    const second = openDatabase(':memory:', [notes]);
    first.prepare('INSERT INTO example_notes (id) VALUES (1)').run();
    expect(second.prepare('SELECT COUNT(*) AS n FROM example_notes').get()).toEqual({ n: 0 });
    expect(second.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(second.prepare('SELECT name FROM schema_migrations').all()).toEqual(
      [...migrations.map((step) => step.name), 'example:notes'].map((name) => ({ name })),
    );
    // Another list of steps is its own database, not the first list's.
    const plain = openDatabase(':memory:');
    expect(
      plain.prepare("SELECT name FROM sqlite_master WHERE name = 'example_notes'").all(),
    ).toEqual([]);
    for (const db of [first, second, plain]) db.close();
  });

  it('compiles a statement once per connection and hands it out again for the same SQL', () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT name FROM schema_migrations WHERE version = ?';
    const other = openDatabase(':memory:');
    expect(db.prepare(sql)).toBe(db.prepare(sql));
    expect(other.prepare(sql)).not.toBe(db.prepare(sql));
    for (const connection of [db, other]) connection.close();
  });

  it("keeps a statement's mode to the caller who chose it", () => {
    const db = openDatabase(':memory:');
    const sql = 'SELECT name FROM schema_migrations WHERE version = 1';
    const first = { name: migrations[0]?.name };
    // Held plucked for later, as the sandbox clock holds its read.
    const names = db.prepare(sql).pluck();
    expect(db.prepare(sql).get()).toEqual(first);
    expect(names.get()).toBe(first.name);
    expect(db.prepare(sql).raw().get()).toEqual([first.name]);
    expect(db.prepare(sql).get()).toEqual(first);
    expect(names.get()).toBe(first.name);
    db.close();
  });

  it('begins a transaction with the write lock, so a writer in between waits rather than failing it', () => {
    const file = scratchFile();
    const sandbox = openDatabase(file);
    const other = new Database(file, { timeout: 0 });
    const countVersions = () =>
      sandbox.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get();
    const insert = (db: Database.Database, name: string) =>
      db
        .prepare(
          `INSERT INTO schema_migrations (version, name, applied_at)
           VALUES ((SELECT MAX(version) + 1 FROM schema_migrations), ?, 'now')`,
        )
        .run(name);
    const readThenWrite = sandbox.transaction(() => {
      countVersions();
      // Another process writes between the read and the write: it has to wait for the lock.
      expect(() => insert(other, 'other process')).toThrow(/database is locked/);
      insert(sandbox, 'sandbox');
    });
    expect(() => readThenWrite()).not.toThrow();
    expect(insert(other, 'after').changes).toBe(1);
    other.close();
    sandbox.close();
  });

  it('keeps accounts across a restart and seeds only the first time', async () => {
    const dbFile = scratchFile();
    const first = await buildApp({ dbFile });
    await register(first);
    await first.close();

    const second = await buildApp({ dbFile });
    await signIn(second, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    await second.close();

    const db = new Database(dbFile, { readonly: true });
    const count = db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number };
    db.close();
    // The demo accounts, the agency's customers and the one registered here; none twice.
    expect(count.n).toBe(DEMO_ACCOUNTS.length + AGENCY_CUSTOMERS.length + 1);
  });

  it('stores salted scrypt hashes of passwords and only hashes of tokens', async () => {
    const dbFile = scratchFile();
    const app = await buildApp({ dbFile });
    await register(app);
    const session = await signIn(app, NEW_CUSTOMER.email, NEW_CUSTOMER.password);
    await app.close();

    const db = new Database(dbFile, { readonly: true });
    const users = db.prepare('SELECT email, password_hash FROM users').all() as {
      email: string;
      password_hash: string;
    }[];
    const sessions = db.prepare('SELECT token_hash FROM sessions').all();
    const links = db.prepare('SELECT token_hash FROM email_tokens').all();
    db.close();

    for (const user of users) {
      expect(user.password_hash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
      expect(user.password_hash).not.toContain(DEMO_PASSWORD);
      expect(user.password_hash).not.toContain(NEW_CUSTOMER.password);
    }
    const customer = users.find((user) => user.email === NEW_CUSTOMER.email);
    const demo = users.find((user) => user.email === 'demo@example.vn');
    expect(customer?.password_hash).not.toBe(demo?.password_hash);
    expect(sessions).toEqual([{ token_hash: sha256(session) }]);
    expect(links).toHaveLength(1);
  });
});
