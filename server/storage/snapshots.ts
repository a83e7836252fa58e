/**
 * Snapshots: copies of a data volume or of a server's root disk. As with servers (servers.ts),
 * time is simulated from timestamps: a snapshot stores the task it runs (taking the copy, or
 * restoring it into a new volume) and when the task ends; its status follows from the clock.
 * Taking one is paid through a create_snapshot order, restoring one through a create_volume order
 * (orders.ts calls `takeSnapshot` and `restoreSnapshotVolume` while paying).
 */
import type { components } from '../../src/api/schema';
import { quote, type IntervalCount } from '../../src/domain/pricing';
import { rebuildAddsLicense } from '../../src/domain/serverRules';
import { unusedPrepaidValue } from '../../src/domain/serviceLife';
import type { SnapshotSource } from '../../src/domain/snapshotRules';
import { toPricedProduct } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { ApiError, badRequest, notFound } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import type {
  NewOrder,
  OrderRow,
  RestoreSnapshotWork,
  TakeSnapshotWork,
} from '../billing/orderRows';
import { cancelRenewalsOfDeletedResources, reissueOpenRenewals } from '../billing/renewals';
import { requireProduct } from '../catalog/prices';
import {
  accountServer,
  requireIdle,
  startTask,
  taskSeconds,
  type ServerRow,
} from '../compute/servers';
import { findImage, imageById } from '../catalog/catalog';
import {
  accountVolume,
  insertVolume,
  requireFreeVolumeName,
  volumeProductCode,
  volumeStatus,
  type DiskType,
} from './volumes';

type Snapshot = components['schemas']['Snapshot'];
type SnapshotStatus = components['schemas']['SnapshotStatus'];

type SnapshotTask = 'create' | 'restore';

export interface SnapshotRow {
  id: number;
  user_id: number;
  name: string;
  volume_id: number | null;
  server_id: number | null;
  size: number;
  type: DiskType;
  datacenter: string;
  status: 'available' | 'deleted';
  task: SnapshotTask | null;
  task_ends_at: string | null;
  auto: 0 | 1;
  /** The image a root disk's server ran when it was copied; null for a data volume. */
  image_id: number | null;
  price: number;
  expiry: string | null;
  created_at: string;
  deleted_at: string | null;
}

export function isRestoreSnapshotWork(work: unknown): work is RestoreSnapshotWork {
  return typeof (work as Partial<RestoreSnapshotWork>).snapshot_id === 'number';
}

const STATUS_DURING: Record<SnapshotTask, SnapshotStatus> = {
  create: 'creating',
  restore: 'restoring',
};

/** Taking or restoring a copy takes as long as a server task other than the build. */
export const snapshotSeconds = (buildSeconds: number) => taskSeconds('rebuild', buildSeconds);

/**
 * 400 while a snapshot of the volume is being taken: deleting the volume would delete, half
 * copied, a snapshot the customer has just paid for.
 */
export function requireNoSnapshotBeingTaken(db: Db, volumeId: number, now: Date): void {
  const taking = db
    .prepare(
      `SELECT name FROM snapshots
        WHERE volume_id = ? AND status <> 'deleted' AND task = 'create' AND task_ends_at > ?`,
    )
    .pluck()
    .get(volumeId, now.toISOString()) as string | undefined;
  if (taking !== undefined)
    throw badRequest('server.volume_snapshot_being_taken', { name: taking });
}

export function snapshotStatus(row: SnapshotRow, now: Date): SnapshotStatus {
  if (row.status === 'deleted') return 'deleting';
  if (row.task && row.task_ends_at && now.toISOString() < row.task_ends_at) {
    return STATUS_DURING[row.task];
  }
  return 'available';
}

function sourceName(db: Db, row: SnapshotRow): string {
  const source =
    row.volume_id !== null
      ? db.prepare('SELECT name FROM volumes WHERE id = ?').get(row.volume_id)
      : db.prepare('SELECT name FROM servers WHERE id = ?').get(row.server_id);
  return (source as { name: string } | undefined)?.name ?? '';
}

export function toSnapshot(db: Db, row: SnapshotRow, now: Date): Snapshot {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    type: row.type,
    status: snapshotStatus(row, now),
    volume_id: row.volume_id,
    server_id: row.server_id,
    volume_name: sourceName(db, row),
    image_id: row.image_id,
    auto: row.auto === 1,
    price: row.price,
    unused_prepaid_amount: unusedPrepaidValue(
      row.price,
      row.expiry ? new Date(row.expiry) : null,
      now,
    ),
    created: row.created_at,
  };
}

/** The account's live snapshots, newest first, optionally of one volume. */
export function accountSnapshots(db: Db, userId: number, volumeId?: number): SnapshotRow[] {
  return db
    .prepare(
      `SELECT * FROM snapshots WHERE user_id = @user AND deleted_at IS NULL
         AND (@volume IS NULL OR volume_id = @volume) ORDER BY id DESC`,
    )
    .all({ user: userId, volume: volumeId ?? null }) as SnapshotRow[];
}

/** A live snapshot of the account, or 404. */
export function accountSnapshot(db: Db, userId: number, id: number): SnapshotRow {
  const row = db
    .prepare('SELECT * FROM snapshots WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
    .get(id, userId) as SnapshotRow | undefined;
  if (!row) throw notFound('server.snapshot_not_found');
  return row;
}

function requireFreeSnapshotName(db: Db, userId: number, name: string, status = 409): void {
  const taken = db
    .prepare(
      'SELECT 1 FROM snapshots WHERE user_id = ? AND name = ? COLLATE NOCASE AND deleted_at IS NULL',
    )
    .get(userId, name);
  if (taken) {
    throw new ApiError(
      status,
      'server.snapshot_name_taken',
      {},
      { name: 'server.snapshot_name_taken' },
    );
  }
}

/** Volume statuses a copy cannot be taken in (the contract's createSnapshot). */
const UNCOPYABLE = new Set(['creating', 'deleting', 'error']);

interface ResolvedSource {
  volume_id: number | null;
  server_id: number | null;
  image_id: number | null;
  name: string;
  size: number;
  type: DiskType;
  datacenter: string;
}

/**
 * The account's volume or server (404) that a snapshot copies, in a state that allows it (400).
 * Settle the servers first.
 */
export function snapshotSource(
  db: Db,
  userId: number,
  source: SnapshotSource,
  now: Date,
  t: Translate,
): ResolvedSource {
  if (source.volume_id) {
    const volume = accountVolume(db, userId, source.volume_id);
    const status = volumeStatus(volume, now);
    if (UNCOPYABLE.has(status)) {
      throw badRequest('server.snapshot_volume_busy', {
        status: t(`server.volume_status.${status}` as MessageKey),
      });
    }
    return {
      volume_id: volume.id,
      server_id: null,
      image_id: null,
      name: volume.name,
      size: volume.size,
      type: volume.type,
      datacenter: volume.datacenter,
    };
  }
  if (source.server_id) {
    const server: ServerRow = accountServer(db, userId, source.server_id);
    requireIdle(server, now, t, ['active', 'shutoff']);
    return {
      volume_id: null,
      server_id: server.id,
      image_id: server.image_id,
      name: server.name,
      size: server.disk,
      type: server.disk_type,
      datacenter: server.datacenter,
    };
  }
  throw new ApiError(
    400,
    'validation.snapshot_volume_required',
    {},
    {
      volume_id: 'validation.snapshot_volume_required',
    },
  );
}

const snapshotProduct = (db: Db, type: DiskType) =>
  requireProduct(db, type === 'SSD' ? 'snapshot_ssd' : 'snapshot_hdd');
const diskProduct = (db: Db, type: DiskType) => requireProduct(db, volumeProductCode(type));

/**
 * A create_snapshot order: the source's gigabytes at the snapshot product's price for the rest of
 * this month plus `interval` − 1 whole months (the domain's `quote`, as the form shows it). 409
 * when the name is taken.
 */
export function snapshotOrder(
  db: Db,
  userId: number,
  name: string,
  source: SnapshotSource,
  now: Date,
  t: Translate,
  interval: IntervalCount = 1,
): NewOrder {
  const resolved = snapshotSource(db, userId, source, now, t);
  requireFreeSnapshotName(db, userId, name);
  const product = snapshotProduct(db, resolved.type);
  const priced = quote(
    [{ product: toPricedProduct(product), quantity: resolved.size }],
    interval,
    now,
  );
  const work: TakeSnapshotWork = {
    name,
    volume_id: resolved.volume_id,
    server_id: resolved.server_id,
    size: resolved.size,
    type: resolved.type,
  };
  return {
    userId,
    type: 'create_snapshot',
    info: `${name}: snapshot ${resolved.name}, ${resolved.size} GB ${resolved.type}`,
    amount: priced.total,
    interval,
    resourceId: null,
    newConfig: null,
    expiry: priced.period_end,
    work,
  };
}

/**
 * 400 "order_stale" when a create_snapshot order's disk has grown (a volume extended, a server
 * resized) or changed type since the order was priced: its price is for the gigabytes it was
 * placed for. A source that is gone is left to `takeSnapshot` to refuse.
 */
export function requireSnapshotPriceHolds(db: Db, order: OrderRow): void {
  const work = JSON.parse(order.data) as TakeSnapshotWork;
  const disk = (
    work.volume_id
      ? db.prepare('SELECT size, type FROM volumes WHERE id = ? AND user_id = ?')
      : db.prepare(
          'SELECT disk AS size, disk_type AS type FROM servers WHERE id = ? AND user_id = ?',
        )
  ).get(work.volume_id ?? work.server_id, order.user_id) as
    { size: number; type: DiskType } | undefined;
  if (disk && (disk.size !== work.size || disk.type !== work.type)) {
    throw badRequest('server.order_stale');
  }
}

/** Paying a create_snapshot order: the snapshot, `creating` until its copy is taken. */
export function takeSnapshot(
  db: Db,
  order: OrderRow,
  now: Date,
  t: Translate,
  buildSeconds: number,
): number {
  const work = JSON.parse(order.data) as TakeSnapshotWork;
  const resolved = snapshotSource(db, order.user_id, work, now, t);
  requireFreeSnapshotName(db, order.user_id, work.name, 400);
  const ends = new Date(now.getTime() + snapshotSeconds(buildSeconds) * 1000);
  const { id } = db
    .prepare(
      `INSERT INTO snapshots (user_id, name, volume_id, server_id, image_id, size, type, datacenter,
         status, task, task_ends_at, price, expiry, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'available', 'create', ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      order.user_id,
      work.name,
      resolved.volume_id,
      resolved.server_id,
      resolved.image_id,
      resolved.size,
      resolved.type,
      resolved.datacenter,
      ends.toISOString(),
      resolved.size * snapshotProduct(db, resolved.type).price,
      order.expiry,
      now.toISOString(),
    ) as { id: number };
  return id;
}

/** 400 unless the snapshot is `available` (no copy being taken or restored). */
export function requireSnapshotAvailable(row: SnapshotRow, now: Date, t: Translate): void {
  const status = snapshotStatus(row, now);
  if (status !== 'available') {
    throw badRequest('server.snapshot_busy', {
      status: t(`server.snapshot_status.${status}` as MessageKey),
    });
  }
}

/**
 * A create_volume order restoring a snapshot into a new volume: the snapshot's gigabytes at the
 * disk product's price for the rest of this month, as a new volume is priced. 409 when the
 * volume name is taken.
 */
export function restoreOrder(
  db: Db,
  snapshot: SnapshotRow,
  name: string,
  now: Date,
  t: Translate,
): NewOrder {
  requireSnapshotAvailable(snapshot, now, t);
  requireFreeVolumeName(db, snapshot.user_id, name);
  const product = diskProduct(db, snapshot.type);
  const priced = quote([{ product: toPricedProduct(product), quantity: snapshot.size }], 1, now);
  const work: RestoreSnapshotWork = {
    name,
    size: snapshot.size,
    type: snapshot.type,
    datacenter: snapshot.datacenter,
    snapshot_id: snapshot.id,
  };
  return {
    userId: snapshot.user_id,
    type: 'create_volume',
    info: `${name}: ${snapshot.size} GB ${snapshot.type} ← snapshot ${snapshot.name}`,
    amount: priced.total,
    interval: 1,
    resourceId: null,
    newConfig: null,
    newSize: snapshot.size,
    expiry: priced.period_end,
    work,
  };
}

/**
 * Paying a restoring create_volume order: a new detached volume with the snapshot's data; the
 * snapshot is `restoring` while the copy runs.
 */
export function restoreSnapshotVolume(
  db: Db,
  order: OrderRow,
  now: Date,
  t: Translate,
  buildSeconds: number,
): number {
  const work = JSON.parse(order.data) as RestoreSnapshotWork;
  const snapshot = accountSnapshot(db, order.user_id, work.snapshot_id);
  requireSnapshotAvailable(snapshot, now, t);
  const volume = insertVolume(
    db,
    {
      userId: order.user_id,
      name: work.name,
      size: work.size,
      type: work.type,
      datacenter: work.datacenter,
      serverId: null,
      interval: order.interval_count,
      expiry: order.expiry ?? now.toISOString(),
      task: 'restore',
    },
    now,
    buildSeconds,
  );
  const ends = new Date(now.getTime() + snapshotSeconds(buildSeconds) * 1000);
  db.prepare(`UPDATE snapshots SET task = 'restore', task_ends_at = ? WHERE id = ?`).run(
    ends.toISOString(),
    snapshot.id,
  );
  return volume.id;
}

/** Deletes a snapshot now (billing stops, nothing is refunded). */
export function deleteSnapshotRow(db: Db, id: number, now: Date): void {
  db.prepare(
    `UPDATE snapshots SET status = 'deleted', deleted_at = ?, task = NULL, task_ends_at = NULL
      WHERE id = ?`,
  ).run(now.toISOString(), id);
  cancelRenewalsOfDeletedResources(db, now.toISOString());
}

// ---- a server from a snapshot of its root disk (issue 19) ----

/** 400 on `field` unless the snapshot copies a server's root disk. */
function requireRootDisk(row: SnapshotRow, field: string): void {
  if (row.server_id === null) {
    throw new ApiError(
      400,
      'server.server_restore.not_root_disk',
      { name: row.name },
      { [field]: 'server.server_restore.not_root_disk' },
    );
  }
}

/** The image a root-disk snapshot runs: the one it was taken of, else its server's now. */
function snapshotImageId(db: Db, row: SnapshotRow): number {
  if (row.image_id !== null) return row.image_id;
  const server = db.prepare('SELECT image_id FROM servers WHERE id = ?').get(row.server_id) as {
    image_id: number;
  };
  return server.image_id;
}

/**
 * Restores the server's root disk from one of its own snapshots, in place and free (the disk does
 * not grow and the snapshot is paid for): the server runs a `rebuild` task from the snapshot
 * (status `restoring`, then `active`) with the snapshot's image, and the snapshot is `restoring`
 * meanwhile, so it cannot be deleted under it. Its other snapshots stay. 400 for a snapshot of
 * another server or of a volume, a server that is busy or not `active`/`shutoff`, a busy
 * snapshot. Settle the servers first.
 */
export function restoreServerFromSnapshot(
  db: Db,
  server: ServerRow,
  snapshot: SnapshotRow,
  now: Date,
  t: Translate,
  buildSeconds: number,
): void {
  requireRootDisk(snapshot, 'snapshot_id');
  if (snapshot.server_id !== server.id) {
    throw new ApiError(
      400,
      'server.server_restore.not_of_server',
      { name: snapshot.name, server: server.name },
      { snapshot_id: 'server.server_restore.not_of_server' },
    );
  }
  requireIdle(server, now, t, ['active', 'shutoff']);
  requireSnapshotAvailable(snapshot, now, t);
  const image = imageById(db, snapshotImageId(db, snapshot));
  // A licence is bought with a server (as a rebuild refuses it): a snapshot taken before the
  // server was rebuilt off a licensed image would bring the image back without its licence.
  if (rebuildAddsLicense(imageById(db, server.image_id), image)) {
    throw new ApiError(
      400,
      'server.server_restore.needs_license',
      { name: snapshot.name, image: image.name, server: server.name },
      { snapshot_id: 'server.server_restore.needs_license' },
    );
  }
  db.prepare('UPDATE servers SET image_id = ? WHERE id = ?').run(image.id, server.id);
  reissueOpenRenewals(db, 'server', server.id, now);
  startTask(db, server.id, 'rebuild', now, buildSeconds, { restoreSnapshotId: snapshot.id });
  markRestoring(db, snapshot.id, now, buildSeconds);
}

function markRestoring(db: Db, snapshotId: number, now: Date, buildSeconds: number): void {
  const ends = new Date(now.getTime() + snapshotSeconds(buildSeconds) * 1000);
  db.prepare(`UPDATE snapshots SET task = 'restore', task_ends_at = ? WHERE id = ?`).run(
    ends.toISOString(),
    snapshotId,
  );
}

/** What a create_server order built from a snapshot asks for (its `data`). */
export interface ServerFromSnapshot {
  snapshotId: number;
  os: number | string;
  disk: number;
  diskType: DiskType;
}

/**
 * Checks a create_server order built from a snapshot of a root disk: the account's (404), of a
 * root disk and `available` (400), with the snapshot's image, its disk type and at least its size
 * (400 on the field). The order itself is priced as any new server (compute/serverOrders.ts).
 */
export function requireServerFromSnapshot(
  db: Db,
  userId: number,
  wanted: ServerFromSnapshot,
  now: Date,
  t: Translate,
): SnapshotRow {
  const snapshot = accountSnapshot(db, userId, wanted.snapshotId);
  requireRootDisk(snapshot, 'data.snapshot_id');
  requireSnapshotAvailable(snapshot, now, t);
  const params = { name: snapshot.name, size: snapshot.size, type: snapshot.type };
  if (wanted.diskType !== snapshot.type) {
    throw new ApiError(400, 'server.server_restore.disk_type', params, {
      'data.rootdisk.type': 'server.server_restore.disk_type',
    });
  }
  if (wanted.disk < snapshot.size) {
    throw new ApiError(400, 'server.server_restore.disk_too_small', params, {
      'data.rootdisk.size': 'server.server_restore.disk_too_small',
    });
  }
  const image = imageById(db, snapshotImageId(db, snapshot));
  if (findImage(db, wanted.os)?.id !== image.id) {
    throw new ApiError(
      400,
      'server.server_restore.image',
      { ...params, image: image.name },
      { 'data.os': 'server.server_restore.image' },
    );
  }
  return snapshot;
}

/** Paying a create_server order built from a snapshot: the snapshot is read while it builds. */
export function buildFromSnapshot(
  db: Db,
  userId: number,
  snapshotId: number,
  now: Date,
  t: Translate,
  buildSeconds: number,
): void {
  const snapshot = accountSnapshot(db, userId, snapshotId);
  requireSnapshotAvailable(snapshot, now, t);
  const ends = new Date(now.getTime() + buildSeconds * 1000);
  db.prepare(`UPDATE snapshots SET task = 'restore', task_ends_at = ? WHERE id = ?`).run(
    ends.toISOString(),
    snapshot.id,
  );
}
