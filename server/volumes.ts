/**
 * Volumes: for now the data disks a paid create_server order makes, attached to the new server.
 * A volume stores its status at rest (in_use or available); while the attached server builds or is
 * deleted, the server's task gives the status in between, as the clock says (see servers.ts).
 * Deleting a server deletes or detaches its volumes when the deletion ends (settleServers).
 */
import type { components } from '../src/api/schema';
import type { IntervalCount } from '../src/domain/pricing';
import { productByCode } from './catalog';
import type { Db } from './db';
import { notFound } from './errors';
import { serverState, type ServerRow } from './servers';

type Volume = components['schemas']['Volume'];
type VolumeStatus = components['schemas']['VolumeStatus'];
export type DiskType = 'SSD' | 'HDD';

export interface VolumeRow {
  id: number;
  user_id: number;
  name: string;
  size: number;
  type: DiskType;
  status: 'available' | 'in_use' | 'deleted';
  server_id: number | null;
  datacenter: string;
  price: number;
  interval_count: IntervalCount;
  expiry: string | null;
  created_at: string;
  deleted_at: string | null;
}

/** A volume's name is a ResourceName: 5–32 letters, digits, dashes and underscores. */
export const VOLUME_NAME_MAX = 32;

/**
 * `<server>-data-<n>`, the server's name shortened to fit 32 characters; `n` counts from `first`
 * and skips names the account's live volumes already use (a kept volume of an earlier server).
 */
export function dataVolumeName(db: Db, userId: number, serverName: string, first: number): string {
  const taken = db.prepare(
    'SELECT 1 FROM volumes WHERE user_id = ? AND name = ? COLLATE NOCASE AND deleted_at IS NULL',
  );
  for (let n = first; ; n += 1) {
    const suffix = `-data-${n}`;
    const name = `${serverName.slice(0, VOLUME_NAME_MAX - suffix.length)}${suffix}`;
    if (taken.get(userId, name) === undefined) return name;
  }
}

/** The monthly price of a volume: its gigabytes at the catalog's disk price. */
export function volumeMonthlyPrice(db: Db, size: number, type: DiskType): number {
  return size * (productByCode(db, type === 'SSD' ? 'volume_ssd' : 'volume_hdd')?.price ?? 0);
}

/** One volume per data disk, attached to the server (in its datacenter, for its period). */
export function createDataVolumes(
  db: Db,
  server: Pick<ServerRow, 'id' | 'user_id' | 'name' | 'datacenter'> & {
    interval_count: IntervalCount;
    expiry: string | null;
  },
  disks: readonly { size: number; type: DiskType }[],
  now: Date,
): void {
  const insert = db.prepare(
    `INSERT INTO volumes (user_id, name, size, type, status, server_id, datacenter, price,
       interval_count, expiry, created_at)
     VALUES (?, ?, ?, ?, 'in_use', ?, ?, ?, ?, ?, ?)`,
  );
  disks.forEach((disk, index) => {
    insert.run(
      server.user_id,
      dataVolumeName(db, server.user_id, server.name, index + 1),
      disk.size,
      disk.type,
      server.id,
      server.datacenter,
      volumeMonthlyPrice(db, disk.size, disk.type),
      server.interval_count,
      server.expiry,
      now.toISOString(),
    );
  });
}

/** A volume with the attached server, if any. */
type VolumeWithServer = VolumeRow & { server: ServerRow | undefined };

function withServer(db: Db, row: VolumeRow): VolumeWithServer {
  const server =
    row.server_id === null
      ? undefined
      : (db.prepare('SELECT * FROM servers WHERE id = ?').get(row.server_id) as
          ServerRow | undefined);
  return { ...row, server };
}

/** The account's live volumes, newest first. Settle the servers first. */
export function accountVolumes(db: Db, userId: number): VolumeWithServer[] {
  const rows = db
    .prepare('SELECT * FROM volumes WHERE user_id = ? AND deleted_at IS NULL ORDER BY id DESC')
    .all(userId) as VolumeRow[];
  return rows.map((row) => withServer(db, row));
}

/** A live volume of the account, or 404. Settle the servers first. */
export function accountVolume(db: Db, userId: number, id: number): VolumeWithServer {
  const row = db
    .prepare('SELECT * FROM volumes WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
    .get(id, userId) as VolumeRow | undefined;
  if (!row) throw notFound('server.volume_not_found');
  return withServer(db, row);
}

/** Creating while the attached server builds; detaching while it is deleted keeping volumes. */
export function volumeStatus(volume: VolumeWithServer, now: Date): VolumeStatus {
  if (volume.status === 'deleted') throw new Error(`volume ${volume.id} is deleted`);
  const task = volume.server && serverState(volume.server, now).task;
  if (task === 'build') return 'creating';
  if (task === 'delete' && volume.server?.delete_volumes !== 1) return 'detaching';
  return volume.status;
}

export function toVolume(volume: VolumeWithServer, now: Date): Volume {
  return {
    id: volume.id,
    name: volume.name,
    size: volume.size,
    type: volume.type,
    status: volumeStatus(volume, now),
    bootable: false,
    server_id: volume.server_id,
    server_name: volume.server?.name ?? null,
    datacenter: volume.datacenter,
    price: volume.price,
    package_id: null,
    created: volume.created_at,
  };
}
