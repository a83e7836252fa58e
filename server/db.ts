/** Opens the sandbox's SQLite database and brings its schema up to date. */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrations, type Migration } from './migrations';

export type Db = Database.Database;

export const IN_MEMORY = ':memory:';

export function openDatabase(file: string): Db {
  if (file !== IN_MEMORY) mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  if (file !== IN_MEMORY) db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** Applies, each in its own transaction, the migrations this database has not seen yet. */
export function migrate(db: Db, steps: readonly Migration[]): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  ) STRICT`);
  const applied = db.prepare('SELECT MAX(version) AS version FROM schema_migrations').get() as {
    version: number | null;
  };
  const record = db.prepare(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  steps.forEach((step, index) => {
    const version = index + 1;
    if (version <= (applied.version ?? 0)) return;
    db.transaction(() => {
      db.exec(step.sql);
      record.run(version, step.name, new Date().toISOString());
    })();
  });
}
