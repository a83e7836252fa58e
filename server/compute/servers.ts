/**
 * Cloud servers and their IP addresses. Time is simulated from timestamps, not timers: a server
 * stores the task it runs (build, reboot, resize…), when the task started and when it ends; its
 * status and progress follow from the clock. `settleServers` writes finished tasks down, so the
 * database says the same as the clock before anything is read or changed.
 */
import { randomInt } from 'node:crypto';
import type { components } from '../../src/api/schema';
import { MAX_IPS_PER_SERVER } from '../../src/domain/constants';
import { addressMonthlyPrice, type IntervalCount } from '../../src/domain/pricing';
import { unusedPrepaidValue } from '../../src/domain/serviceLife';
import { SERVER_PASSWORD_SPECIALS, validateServerPassword } from '../../src/domain/serverRules';
import { imageById, productByCode, serverLicenseLines, toImage } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { ApiError, notFound } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import type { RestStatus, ServerRow, Task } from '../billing/resourceRows';
import { cancelRenewalsOfDeletedResources } from '../billing/renewals';
import { takeDueAutoSnapshots } from './autoSnapshots';
import { serverKeyNames } from './serverKeys';

type Server = components['schemas']['Server'];
type ServerStatus = components['schemas']['ServerStatus'];
type Ip = components['schemas']['Ip'];
type IpVersion = Ip['version'];

export type { RestStatus, ServerRow, Task };

/**
 * The task as the customer sees it: restoring the root disk from a snapshot is stored as a
 * `rebuild` task with the snapshot's id (`restore_snapshot_id`), and shown as `restore`.
 */
export type ShownTask = Task | 'restore';

/** The status shown while a task runs; null keeps the status at rest (power, password). */
const STATUS_DURING: Record<ShownTask, ServerStatus | null> = {
  build: 'building',
  power_on: null,
  power_off: null,
  soft_reboot: 'rebooting',
  hard_reboot: 'rebooting',
  reset_password: null,
  rebuild: 'rebuilding',
  restore: 'restoring',
  resize: 'resizing',
  delete: 'deleting',
};

const STATUS_AFTER: Record<Task, RestStatus> = {
  build: 'active',
  power_on: 'active',
  power_off: 'shutoff',
  soft_reboot: 'active',
  hard_reboot: 'active',
  reset_password: 'active',
  rebuild: 'active',
  resize: 'active',
  delete: 'deleted',
};

/** The statuses whose progress runs from 0 to 100 (the contract's getServerProgress). */
const WITH_PROGRESS = new Set<ServerStatus>([
  'building',
  'resizing',
  'rebuilding',
  'restoring',
  'deleting',
]);

/** Longest time a task other than the build takes, in seconds. */
export const TASK_SECONDS = 5;

/**
 * How long a task takes: the build `buildSeconds`; anything else a quarter of that, at least one
 * second and at most TASK_SECONDS (so a short build, as end-to-end tests use, keeps tasks short).
 */
export function taskSeconds(task: Task, buildSeconds: number): number {
  if (task === 'build') return buildSeconds;
  return Math.min(TASK_SECONDS, Math.max(1, buildSeconds / 4));
}

/**
 * Writes down every task that has ended by `now`; servers whose deletion ended are gone. Takes the
 * weekly auto-snapshots that came due (autoSnapshots.ts) of servers at rest.
 */
export function settleServers(db: Db, now: Date): void {
  takeDueAutoSnapshots(db, now, (row) => {
    const state = serverState(row, now);
    return !state.task && (state.status === 'active' || state.status === 'shutoff');
  });
  const at = now.toISOString();
  const ended = db
    .prepare(
      `SELECT id, task, task_ends_at, delete_volumes FROM servers
        WHERE task IS NOT NULL AND task_ends_at <= ?`,
    )
    .all(at) as { id: number; task: Task; task_ends_at: string; delete_volumes: 0 | 1 | null }[];
  if (!ended.length) return;
  db.transaction(() => {
    const finish = db.prepare(
      `UPDATE servers SET status = ?, deleted_at = ?, restore_snapshot_id = NULL,
         task = NULL, task_started_at = NULL, task_ends_at = NULL WHERE id = ?`,
    );
    for (const { id, task, task_ends_at: endedAt, delete_volumes: deleteVolumes } of ended) {
      const status = STATUS_AFTER[task];
      finish.run(status, status === 'deleted' ? endedAt : null, id);
      if (status === 'deleted') {
        // The addresses and the schedule go with the server; the row stays as a record.
        db.prepare('DELETE FROM ips WHERE server_id = ?').run(id);
        db.prepare('DELETE FROM snapshot_schedules WHERE server_id = ?').run(id);
        deleteRootDiskSnapshots(db, id, endedAt);
        // Its volumes go too with delete_volumes; otherwise they are detached and kept.
        if (deleteVolumes === 1) {
          db.prepare(
            `UPDATE snapshots SET status = 'deleted', deleted_at = ?, task = NULL, task_ends_at = NULL
              WHERE deleted_at IS NULL AND volume_id IN
                (SELECT id FROM volumes WHERE server_id = ? AND deleted_at IS NULL)`,
          ).run(endedAt, id);
          db.prepare(
            `UPDATE volumes SET status = 'deleted', deleted_at = ?
              WHERE server_id = ? AND deleted_at IS NULL`,
          ).run(endedAt, id);
        } else {
          db.prepare(
            `UPDATE volumes SET status = 'available', server_id = NULL
              WHERE server_id = ? AND deleted_at IS NULL`,
          ).run(id);
        }
      }
    }
    // What went with them is no longer renewed.
    cancelRenewalsOfDeletedResources(db, at);
  })();
}

/** The snapshots of a server's root disk go with it (storage/snapshots.ts keeps the rest). */
function deleteRootDiskSnapshots(db: Db, serverId: number, at: string): void {
  db.prepare(
    `UPDATE snapshots SET status = 'deleted', deleted_at = ?, task = NULL, task_ends_at = NULL
      WHERE server_id = ? AND deleted_at IS NULL`,
  ).run(at, serverId);
  cancelRenewalsOfDeletedResources(db, at);
}

/** A server of the account that is not deleted, or 404. Settle first. */
export function accountServer(db: Db, userId: number, id: number): ServerRow {
  const row = db
    .prepare('SELECT * FROM servers WHERE id = ? AND user_id = ? AND deleted_at IS NULL')
    .get(id, userId) as ServerRow | undefined;
  if (!row) throw notFound('server.server_not_found');
  return row;
}

export function accountServers(db: Db, userId: number): ServerRow[] {
  return db
    .prepare('SELECT * FROM servers WHERE user_id = ? AND deleted_at IS NULL ORDER BY id DESC')
    .all(userId) as ServerRow[];
}

/** Status, progress and the running task, from the clock. */
export function serverState(
  row: ServerRow,
  now: Date,
): { status: ServerStatus; progress: number; task: Task | null } {
  const ends = row.task_ends_at ? Date.parse(row.task_ends_at) : 0;
  if (!row.task || !row.task_started_at || now.getTime() >= ends) {
    const status = row.task ? STATUS_AFTER[row.task] : row.status;
    // A deleted server is never shown; 'deleting' is the last thing anyone sees of it.
    if (status === 'deleted') return { status: 'deleting', progress: 100, task: null };
    // Suspended for an unpaid invoice (billing/lifecycle.ts): powered off until it is paid.
    return { status: row.suspended_at ? 'suspended' : status, progress: 100, task: null };
  }
  const shown: ShownTask =
    row.task === 'rebuild' && row.restore_snapshot_id != null ? 'restore' : row.task;
  const status = STATUS_DURING[shown] ?? (row.status as ServerStatus);
  const started = Date.parse(row.task_started_at);
  const fraction = ends > started ? (now.getTime() - started) / (ends - started) : 1;
  const progress = WITH_PROGRESS.has(status)
    ? Math.min(99, Math.max(0, Math.floor(fraction * 100)))
    : 100;
  return { status, progress, task: row.task };
}

/** The task's words for messages, e.g. "khởi động lại". */
export const taskWords = (t: Translate, task: ShownTask) =>
  t(`server.server_task.${task}` as MessageKey);

/** The running task as the customer sees it (a restore runs as a rebuild). */
export const shownTask = (state: { status: ServerStatus; task: Task | null }): ShownTask | null =>
  state.status === 'restoring' ? 'restore' : state.task;

/** 400 unless no task runs and the status is one of `allowed`. */
export function requireIdle(
  row: ServerRow,
  now: Date,
  t: Translate,
  allowed: readonly ServerStatus[],
): void {
  const state = serverState(row, now);
  const task = shownTask(state);
  if (task) {
    throw new ApiError(400, 'server.server_busy', { task: taskWords(t, task) });
  }
  if (!allowed.includes(state.status)) {
    throw new ApiError(400, 'server.server_wrong_state', {
      status: t(`server.server_status.${state.status}` as MessageKey),
    });
  }
}

/** How a rebuild treats the root disk's snapshots (issue 19: our extensions). */
export interface RebuildOptions {
  /** The customer chose to keep the root disk's snapshots. */
  keepSnapshots?: boolean;
  /** Not a fresh image but this snapshot of the root disk: a restore (its snapshots stay). */
  restoreSnapshotId?: number;
}

export function startTask(
  db: Db,
  serverId: number,
  task: Task,
  now: Date,
  buildSeconds: number,
  rebuild: RebuildOptions = {},
): void {
  const ends = new Date(now.getTime() + taskSeconds(task, buildSeconds) * 1000);
  // A rebuild reinstalls the root disk: its snapshots are gone from the start (spec §4), unless
  // the customer keeps them or the disk comes back from one of them.
  if (task === 'rebuild' && !rebuild.keepSnapshots && rebuild.restoreSnapshotId === undefined) {
    deleteRootDiskSnapshots(db, serverId, now.toISOString());
  }
  db.prepare(
    `UPDATE servers SET task = ?, task_started_at = ?, task_ends_at = ?, restore_snapshot_id = ?
      WHERE id = ?`,
  ).run(
    task,
    now.toISOString(),
    ends.toISOString(),
    task === 'rebuild' ? (rebuild.restoreSnapshotId ?? null) : null,
    serverId,
  );
}

/**
 * Per month: CPU, RAM and root disk at catalog prices, the primary IPv4 it comes with, and its
 * image's licence when the image has one (given an `image_id`).
 */
export function serverMonthlyPrice(
  db: Db,
  row: Pick<ServerRow, 'cpu' | 'ram' | 'disk' | 'disk_type'> & { image_id?: number },
) {
  const price = (code: string) => productByCode(db, code)?.price ?? 0;
  const license = row.image_id === undefined ? [] : serverLicenseLines(db, row.image_id);
  return (
    row.cpu * price('cpu') +
    row.ram * price('ram') +
    row.disk * price(row.disk_type === 'SSD' ? 'volume_ssd' : 'volume_hdd') +
    price('wan_ipv4') +
    license.reduce((sum, line) => sum + line.product.price * line.quantity, 0)
  );
}

export function toServer(db: Db, row: ServerRow, now: Date): Server {
  const { status, progress } = serverState(row, now);
  const addresses = serverIps(db, row.id, now);
  const expiry = row.expiry ? new Date(row.expiry) : null;
  return {
    id: row.id,
    name: row.name,
    status,
    progress,
    ipv4: addresses.filter((ip) => ip.version === 'ipv4').map((ip) => ip.address),
    ipv6: addresses.filter((ip) => ip.version === 'ipv6').map((ip) => ip.address),
    cpu: row.cpu,
    ram: row.ram,
    disk: row.disk,
    disk_type: row.disk_type,
    image: toImage(imageById(db, row.image_id)),
    datacenter: row.datacenter,
    key_name: row.key_name,
    key_names: serverKeyNames(db, row),
    // The plan's price is for the whole interval, as a billing plan's is.
    plan: {
      price: serverMonthlyPrice(db, row) * row.interval_count,
      interval: 'month',
      interval_count: row.interval_count,
    },
    package_id: null,
    expiry: row.expiry,
    // What deleting the server gives up: its own period and its extra addresses' (same period).
    unused_prepaid_amount:
      unusedPrepaidValue(serverMonthlyPrice(db, row), expiry, now) +
      addresses.reduce((sum, ip) => sum + ip.unused_prepaid_amount, 0),
    created: row.created_at,
  };
}

export interface NewServer {
  userId: number;
  name: string;
  cpu: number;
  ram: number;
  disk: number;
  diskType: 'SSD' | 'HDD';
  imageId: number;
  datacenter: string;
  keyName: string | null;
  interval: IntervalCount;
  expiry: string;
  extraIpv4: number;
  ipv6: number;
}

/** A new server, building from `now` (or already active when `built`), with its addresses. */
export function createServer(
  db: Db,
  server: NewServer,
  now: Date,
  buildSeconds: number,
  built = false,
): { id: number; primaryAddress: string } {
  const { id } = db
    .prepare(
      `INSERT INTO servers (user_id, name, status, cpu, ram, disk, disk_type, image_id, datacenter,
         key_name, interval_count, expiry, created_at)
       VALUES (?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    )
    .get(
      server.userId,
      server.name,
      server.cpu,
      server.ram,
      server.disk,
      server.diskType,
      server.imageId,
      server.datacenter,
      server.keyName,
      server.interval,
      server.expiry,
      now.toISOString(),
    ) as { id: number };
  if (!built) startTask(db, id, 'build', now, buildSeconds);
  const [primary] = addIps(db, id, 'ipv4', 1, now, true);
  addIps(db, id, 'ipv4', server.extraIpv4, now);
  addIps(db, id, 'ipv6', server.ipv6, now);
  return { id, primaryAddress: (primary as Ip).address };
}

// ---- addresses ----

interface IpRow {
  id: number;
  server_id: number;
  address: string;
  version: IpVersion;
  is_primary: 0 | 1;
  price: number;
  created_at: string;
}

/** An address as the contract shows it; its paid period is its server's (`periodEnd`). */
export const toIp = (row: IpRow, periodEnd: string | null, now: Date): Ip => ({
  id: row.id,
  server_id: row.server_id,
  address: row.address,
  version: row.version,
  primary: row.is_primary === 1,
  price: row.price,
  unused_prepaid_amount: unusedPrepaidValue(row.price, periodEnd ? new Date(periodEnd) : null, now),
  created: row.created_at,
});

function serverExpiry(db: Db, serverId: number): string | null {
  const server = db.prepare('SELECT expiry FROM servers WHERE id = ?').get(serverId) as
    { expiry: string | null } | undefined;
  return server?.expiry ?? null;
}

/** Primary first, then in the order they were added. */
export function serverIps(db: Db, serverId: number, now: Date): Ip[] {
  const rows = db
    .prepare('SELECT * FROM ips WHERE server_id = ? ORDER BY is_primary DESC, id')
    .all(serverId) as IpRow[];
  const expiry = serverExpiry(db, serverId);
  const ipv4Price = productByCode(db, 'wan_ipv4')?.price ?? 0;
  // The primary address is listed at what its server's price charges for it (issue 17: it read
  // 0 ₫); its unused value stays in the server's own, so it is not counted twice.
  return rows.map((row) => {
    const ip = toIp(row, expiry, now);
    return { ...ip, price: addressMonthlyPrice(ip, ipv4Price) };
  });
}

export function countIps(db: Db, serverId: number): number {
  return (
    db.prepare('SELECT COUNT(*) AS n FROM ips WHERE server_id = ?').get(serverId) as {
      n: number;
    }
  ).n;
}

/** 409 when `adding` more addresses would take the server past MAX_IPS_PER_SERVER. */
export function requireIpRoom(current: number, adding: number, status = 409): void {
  if (current + adding > MAX_IPS_PER_SERVER) {
    throw new ApiError(status, 'server.ip_limit', { max: MAX_IPS_PER_SERVER });
  }
}

/** Documentation ranges (RFC 5737, RFC 3849): never routed, so safe to show. */
const IPV4_NETWORKS = ['203.0.113', '198.51.100', '192.0.2'];

function freeAddresses(db: Db, version: IpVersion, count: number): string[] {
  const used = new Set(
    (
      db.prepare('SELECT address FROM ips WHERE version = ?').all(version) as { address: string }[]
    ).map((row) => row.address),
  );
  const found: string[] = [];
  if (version === 'ipv4') {
    for (const network of IPV4_NETWORKS) {
      for (let host = 2; host <= 254 && found.length < count; host += 1) {
        const address = `${network}.${host}`;
        if (!used.has(address)) found.push(address);
      }
    }
    if (found.length < count) throw new Error('The sandbox has run out of IPv4 addresses');
  } else {
    for (let host = 1; found.length < count; host += 1) {
      const address = `2001:db8::${host.toString(16)}`;
      if (!used.has(address)) found.push(address);
    }
  }
  return found;
}

/** Adds addresses to a server: extra ones at the catalog's monthly price, the primary one free. */
export function addIps(
  db: Db,
  serverId: number,
  version: IpVersion,
  count: number,
  now: Date,
  primary = false,
): Ip[] {
  if (count <= 0) return [];
  const price = primary
    ? 0
    : (productByCode(db, version === 'ipv4' ? 'wan_ipv4' : 'wan_ipv6')?.price ?? 0);
  const insert = db.prepare(
    `INSERT INTO ips (server_id, address, version, is_primary, price, created_at)
     VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
  );
  return freeAddresses(db, version, count).map((address) =>
    toIp(
      insert.get(serverId, address, version, primary ? 1 : 0, price, now.toISOString()) as IpRow,
      serverExpiry(db, serverId),
      now,
    ),
  );
}

// ---- passwords ----

// Letters and digits that cannot be mistaken for one another in an e-mail (no I, l, O, 0, 1).
const READABLE_CHARACTERS = [
  'ABCDEFGHJKLMNPQRSTUVWXYZ',
  'abcdefghijkmnopqrstuvwxyz',
  '23456789',
  SERVER_PASSWORD_SPECIALS,
].join('');

/** A random administrator password of 14 readable characters that passes the domain's rule. */
export function generateServerPassword(): string {
  for (;;) {
    const characters = Array.from(
      { length: 14 },
      () => READABLE_CHARACTERS[randomInt(READABLE_CHARACTERS.length)],
    );
    const password = characters.join('');
    if (validateServerPassword(password) === undefined) return password;
  }
}
