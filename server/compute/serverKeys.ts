/**
 * The SSH keys installed on a server. The spec's server has one `key_name`; a create order may
 * name several (`data.key_names`, our extension), and each is kept here by name, in the order
 * given. A server with no rows here has just its `key_name` (servers built before the table).
 */
import type { Migration } from '../platform/migrations';
import type { Db } from '../platform/db';

export const serverKeyMigrations: readonly Migration[] = [
  {
    name: 'compute:server_ssh_keys',
    sql: `
      CREATE TABLE server_ssh_keys (
        server_id INTEGER NOT NULL REFERENCES servers(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        key_name TEXT NOT NULL,
        PRIMARY KEY (server_id, key_name)
      );
    `,
  },
];

/** The keys an order names, `key_name` first, each once. */
export function orderedKeyNames(keyName: string | null | undefined, keyNames?: readonly string[]) {
  return [...new Set([...(keyName ? [keyName] : []), ...(keyNames ?? [])])];
}

/** Records `names` as the keys installed on the server, replacing any it had. */
export function installServerKeys(db: Db, serverId: number, names: readonly string[]): void {
  db.prepare('DELETE FROM server_ssh_keys WHERE server_id = ?').run(serverId);
  const insert = db.prepare(
    'INSERT INTO server_ssh_keys (server_id, position, key_name) VALUES (?, ?, ?)',
  );
  names.forEach((name, position) => insert.run(serverId, position, name));
}

/** The keys installed on the server, `key_name` first. */
export function serverKeyNames(db: Db, server: { id: number; key_name: string | null }): string[] {
  const rows = db
    .prepare('SELECT key_name FROM server_ssh_keys WHERE server_id = ? ORDER BY position')
    .all(server.id) as { key_name: string }[];
  return orderedKeyNames(
    server.key_name,
    rows.map((row) => row.key_name),
  );
}
