/** Opens the sandbox's SQLite database and brings its schema up to date. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations, type Migration } from './migrations';

export type Db = Database.Database;

export const IN_MEMORY = ':memory:';

/** `areaMigrations`: the areas' own tables (server/handlers.ts), applied after the platform's. */
export function openDatabase(file: string, areaMigrations: readonly Migration[] = []): Db {
  const steps = [...migrations, ...areaMigrations];
  if (file === IN_MEMORY) return connected(new Database(migratedImage(steps)));
  mkdirSync(dirname(file), { recursive: true });
  const db = connected(new Database(file));
  db.pragma('journal_mode = WAL');
  migrate(db, steps);
  return db;
}

/** What each connection is told again: SQLite keeps neither setting in the file. */
function connected(db: Db): Db {
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return writingFromTheStart(reusingStatements(db));
}

/**
 * `db.transaction(fn)()` begins IMMEDIATE: it takes the write lock before its first read. A
 * deferred transaction that read and then writes is refused at once ("database is locked", no
 * waiting) when another process on the file — a second sandbox, a test arranging data — wrote in
 * between; an immediate one makes the other writer wait instead (busy_timeout).
 */
function writingFromTheStart(db: Db): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn: (...args: never[]) => unknown) =>
    transaction(fn).immediate) as Db['transaction'];
  return db;
}

/** More distinct statements than the sandbox has: the list filters build their WHERE clauses. */
const KEPT_STATEMENTS = 1000;
const MODES = ['pluck', 'expand', 'raw'] as const;

/**
 * The connection keeps each statement it compiled and hands it out again for the same SQL. The
 * sandbox prepares a statement where it runs it, and SQLite compiled each one afresh: starting a
 * sandbox alone prepared 729 statements of 49 kinds, nearly a third of its start. A kept
 * statement never changes: `.pluck()`, `.expand()` or `.raw()` on it answers a statement of the
 * caller's own (and parameters are given at each call, never with `.bind()`).
 */
function reusingStatements(db: Db): Db {
  const compile = db.prepare.bind(db);
  const kept = new Map<string, Database.Statement>();
  const keep = (sql: string): Database.Statement => {
    const statement = compile(sql);
    if (statement.reader) {
      for (const mode of MODES) {
        statement[mode] = ((...toggle: [boolean?]) => compile(sql)[mode](...toggle)) as never;
      }
    }
    return statement;
  };
  db.prepare = ((sql: string) => {
    let statement = kept.get(sql);
    if (!statement) {
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      statement = keep(sql);
      kept.set(sql, statement);
    }
    return statement;
  }) as Db['prepare'];
  return db;
}

/**
 * An empty database with these steps applied, serialized, made once per process: the tests open
 * an in-memory database for nearly every test, and each starts from a copy of it.
 */
const migratedImages = new Map<string, Buffer>();

function migratedImage(steps: readonly Migration[]): Buffer {
  const key = steps.map((step) => `${step.name}\n${step.sql}`).join('\n');
  let image = migratedImages.get(key);
  if (!image) {
    const db = connected(new Database(IN_MEMORY));
    migrate(db, steps);
    image = db.serialize();
    db.close();
    migratedImages.set(key, image);
  }
  return image;
}

/**
 * Applies, in order and each in its own transaction, the steps this database has not seen yet,
 * told by their names: an area's steps can join the list without renumbering anyone's.
 */
export function migrate(db: Db, steps: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = new Set(
    (db.prepare('SELECT name FROM schema_migrations').all() as { name: string }[]).map(
      (row) => row.name,
    ),
  );
  const record = db.prepare(
    `INSERT INTO schema_migrations (version, name, applied_at)
     VALUES ((SELECT COALESCE(MAX(version), 0) + 1 FROM schema_migrations), ?, ?)`,
  );
  for (const step of steps) {
    if (applied.has(step.name)) continue;
    db.transaction(() => {
      db.exec(step.sql);
      record.run(step.name, new Date().toISOString());
    })();
  }
}
