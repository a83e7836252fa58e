/**
 * Volumes: bought on their own (create_volume orders) or as the data disks of a new server.
 * A volume stores its status at rest (in_use or available), already the one after the task it
 * runs (create, attach, detach, extend); while the task runs, or while the attached server builds
 * or is deleted, the status in between follows from the clock (see servers.ts), so there are no
 * timers. One task at a time: a change to a busy volume is refused (400), and as every change is
 * one synchronous transaction, of two requests racing for the same volume one wins.
 * Deleting a server deletes or detaches its volumes when the deletion ends (settleServers).
 */
import type { components } from '../../src/api/schema';
import type { IntervalCount } from '../../src/domain/pricing';
import { unusedPrepaidValue } from '../../src/domain/serviceLife';
import { productByCode } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { ApiError, notFound } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import type { DiskType, VolumeRow, VolumeTask } from '../billing/resourceRows';
import { cancelRenewalsOfDeletedResources } from '../billing/renewals';
import { serverState, taskSeconds, type ServerRow } from '../compute/servers';

type Volume = components['schemas']['Volume'];
type VolumeStatus = components['schemas']['VolumeStatus'];
export type { DiskType, VolumeRow, VolumeTask };

/** The status shown while a volume's own task runs. */
const STATUS_DURING: Record<VolumeTask, VolumeStatus> = {
  create: 'creating',
  attach: 'attaching',
  detach: 'detaching',
  extend: 'extending',
  restore: 'restoring',
};

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

/** The catalog product (per GB and month) of a disk type: `DISK SSD` or `DISK HDD`. */
export const volumeProductCode = (type: DiskType) => (type === 'SSD' ? 'volume_ssd' : 'volume_hdd');

/** The monthly price of a volume: its gigabytes at the catalog's disk price. */
export function volumeMonthlyPrice(db: Db, size: number, type: DiskType): number {
  return size * (productByCode(db, volumeProductCode(type))?.price ?? 0);
}

export interface NewVolume {
  userId: number;
  name: string;
  size: number;
  type: DiskType;
  datacenter: string;
  /** Attached once created; the caller checked the server. */
  serverId: number | null;
  interval: IntervalCount;
  expiry: string;
  /** The task it starts with: `create`, or `restore` when filled from a snapshot. */
  task: 'create' | 'restore';
}

/** 409 when a live volume of the account already has the name (any case), naming `field`. */
export function requireFreeVolumeName(db: Db, userId: number, name: string, field = 'name'): void {
  const taken = db
    .prepare(
      'SELECT 1 FROM volumes WHERE user_id = ? AND name = ? COLLATE NOCASE AND deleted_at IS NULL',
    )
    .get(userId, name);
  if (taken !== undefined) {
    throw new ApiError(
      409,
      'server.volume_name_taken',
      { name },
      { [field]: 'server.volume_name_taken' },
    );
  }
}

/** A new volume, `creating` (or `restoring`) for a task's time, then available or in use. */
export function insertVolume(
  db: Db,
  volume: NewVolume,
  now: Date,
  buildSeconds: number,
): VolumeRow {
  requireFreeVolumeName(db, volume.userId, volume.name);
  return db
    .prepare(
      `INSERT INTO volumes (user_id, name, size, type, status, server_id, datacenter, price,
         interval_count, expiry, task, task_ends_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      volume.userId,
      volume.name,
      volume.size,
      volume.type,
      volume.serverId === null ? 'available' : 'in_use',
      volume.serverId,
      volume.datacenter,
      volumeMonthlyPrice(db, volume.size, volume.type),
      volume.interval,
      volume.expiry,
      volume.task,
      taskEnd(now, buildSeconds),
      now.toISOString(),
    ) as VolumeRow;
}

/** A volume's task takes as long as a server's short tasks (servers.ts taskSeconds). */
function taskEnd(now: Date, buildSeconds: number): string {
  return new Date(now.getTime() + taskSeconds('resize', buildSeconds) * 1000).toISOString();
}

/** Starts a task, writing down the status at rest it ends in (and the server, for attach/detach). */
export function startVolumeTask(
  db: Db,
  volume: Pick<VolumeRow, 'id'>,
  task: Exclude<VolumeTask, 'create'>,
  change: { serverId?: number | null; size?: number; price?: number },
  now: Date,
  buildSeconds: number,
): void {
  const sets = ['task = @task', 'task_ends_at = @ends'];
  if (change.serverId !== undefined) {
    sets.push('server_id = @serverId', 'status = @status');
  }
  if (change.size !== undefined) sets.push('size = @size');
  if (change.price !== undefined) sets.push('price = @price');
  db.prepare(`UPDATE volumes SET ${sets.join(', ')} WHERE id = @id`).run({
    id: volume.id,
    task,
    ends: taskEnd(now, buildSeconds),
    serverId: change.serverId ?? null,
    status: change.serverId === null ? 'available' : 'in_use',
    size: change.size ?? null,
    price: change.price ?? null,
  });
}

/**
 * 400 unless the volume is idle in one of the `allowed` statuses: a running task names itself
 * ("the volume is being extended"), another status says which it is.
 */
export function requireVolumeIdle(
  volume: VolumeWithServer,
  now: Date,
  t: Translate,
  allowed: readonly VolumeStatus[],
): void {
  const status = volumeStatus(volume, now);
  if (allowed.includes(status)) return;
  const words = t(`server.volume_status.${status}` as MessageKey);
  const busy = !['available', 'in_use', 'error'].includes(status);
  throw new ApiError(400, busy ? 'server.volume_busy' : 'server.volume_wrong_state', {
    status: words,
  });
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
export type VolumeWithServer = VolumeRow & { server: ServerRow | undefined };

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

/**
 * Its own running task's status; else creating while the attached server builds, detaching while
 * it is deleted keeping volumes; else the status at rest.
 */
export function volumeStatus(volume: VolumeWithServer, now: Date): VolumeStatus {
  if (volume.status === 'deleted') throw new Error(`volume ${volume.id} is deleted`);
  if (volume.task && volume.task_ends_at && Date.parse(volume.task_ends_at) > now.getTime()) {
    return STATUS_DURING[volume.task];
  }
  const task = volume.server && serverState(volume.server, now).task;
  if (task === 'build') return 'creating';
  // Going with its server, or detached from it and kept.
  if (task === 'delete') return volume.server?.delete_volumes === 1 ? 'deleting' : 'detaching';
  return volume.suspended_at ? 'suspended' : volume.status;
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
    interval_count: volume.interval_count,
    expiry: volume.expiry,
    unused_prepaid_amount: unusedPrepaidValue(
      volume.price,
      volume.expiry ? new Date(volume.expiry) : null,
      now,
    ),
    created: volume.created_at,
  };
}

/** Deletes a volume and its snapshots; the rows stay as a record. Call inside a transaction. */
export function deleteVolumeRows(db: Db, volumeId: number, now: Date): void {
  const at = now.toISOString();
  db.prepare(
    `UPDATE volumes SET status = 'deleted', deleted_at = ?, task = NULL, task_ends_at = NULL
      WHERE id = ? AND deleted_at IS NULL`,
  ).run(at, volumeId);
  db.prepare(
    `UPDATE snapshots SET status = 'deleted', deleted_at = ?, task = NULL, task_ends_at = NULL
      WHERE volume_id = ? AND deleted_at IS NULL`,
  ).run(at, volumeId);
  cancelRenewalsOfDeletedResources(db, at);
}
