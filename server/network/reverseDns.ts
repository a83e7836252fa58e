/**
 * Reverse DNS (PTR) names of a server's addresses. A name is stored only once the owner sets one;
 * until then (and after a reset) an address answers to the provider's default
 * (src/domain/hostname.ts `defaultReverseDns`). Releasing an address forgets its name (the row
 * goes with the address).
 */
import type { components } from '../../src/api/schema';
import { defaultReverseDns, normalizeHostname } from '../../src/domain/hostname';
import type { Db } from '../platform/db';
import type { Migration } from '../platform/migrations';

type ReverseDns = components['schemas']['ReverseDns'];
type IpVersion = ReverseDns['version'];

export const reverseDnsMigrations: readonly Migration[] = [
  {
    name: 'network:reverse_dns',
    sql: `
      CREATE TABLE reverse_dns (
        ip_id INTEGER PRIMARY KEY REFERENCES ips (id) ON DELETE CASCADE,
        hostname TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `,
  },
];

interface ReverseDnsRow {
  ip_id: number;
  address: string;
  version: IpVersion;
  hostname: string | null;
  updated_at: string | null;
}

const toReverseDns = (row: ReverseDnsRow): ReverseDns => {
  const fallback = defaultReverseDns(row.address);
  return {
    ip_id: row.ip_id,
    address: row.address,
    version: row.version,
    hostname: row.hostname ?? fallback,
    default_hostname: fallback,
    custom: row.hostname !== null,
    updated: row.updated_at,
  };
};

const SELECT_NAMES = `
  SELECT i.id AS ip_id, i.address, i.version, r.hostname, r.updated_at
    FROM ips i LEFT JOIN reverse_dns r ON r.ip_id = i.id
   WHERE i.server_id = ?`;

/** Every address of the server with its name, primary first, then in the order added. */
export function serverReverseDns(db: Db, serverId: number): ReverseDns[] {
  const rows = db
    .prepare(`${SELECT_NAMES} ORDER BY i.is_primary DESC, i.id`)
    .all(serverId) as ReverseDnsRow[];
  return rows.map(toReverseDns);
}

/** One address of the server with its name; undefined when the server has no such address. */
export function addressReverseDns(db: Db, serverId: number, ipId: number): ReverseDns | undefined {
  const row = db.prepare(`${SELECT_NAMES} AND i.id = ?`).get(serverId, ipId) as
    ReverseDnsRow | undefined;
  return row ? toReverseDns(row) : undefined;
}

export function setReverseDns(db: Db, ipId: number, hostname: string, now: Date): void {
  db.prepare(
    `INSERT INTO reverse_dns (ip_id, hostname, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (ip_id) DO UPDATE SET hostname = excluded.hostname,
       updated_at = excluded.updated_at`,
  ).run(ipId, normalizeHostname(hostname), now.toISOString());
}

export function resetReverseDns(db: Db, ipId: number): void {
  db.prepare('DELETE FROM reverse_dns WHERE ip_id = ?').run(ipId);
}
