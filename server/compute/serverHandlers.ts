/**
 * The `servers` area: list, detail, progress, power actions, password reset, rebuild, resize,
 * delete and the weekly auto-snapshot schedule. Servers are created by paying a create_server
 * order (billing). Every change runs the action-permission check first.
 */
import type { components } from '../../src/api/schema';
import { rebuildAddsLicense, validateServerPassword } from '../../src/domain/serverRules';
import { nextWeeklyAt } from '../../src/domain/vietnamTime';
import { findImage, imageById } from '../catalog/catalog';
import type { Db } from '../platform/db';
import { ApiError, notFound } from '../platform/errors';
import { pageItems, rejectInvalidFields, requireActionAllowed, signedInUser } from '../auth/guards';
import { recordCallerActivity } from '../auth/activity';
import type { HandlerContext, HandlerTable, OperationId } from '../platform/handler';
import { instant, sortRecords, type SortKey } from '../platform/listQuery';
import { mailServerPassword } from './serverMails';
import { installServerKeys } from './serverKeys';
import { recordRootPassword } from './consoleRootPasswords';
import { insertOrder, payPendingOrder, toOrder } from '../billing/orders';
import { resizeOrder } from './serverOrders';
import { toInvoice } from '../billing/invoiceDocument';
import { cancelRenewalsOfDeletedResources, reissueOpenRenewals } from '../billing/renewals';
import {
  accountServer,
  accountServers,
  generateServerPassword,
  requireIdle,
  serverIps,
  serverState,
  settleServers,
  shownTask,
  startTask,
  taskWords,
  toServer,
  type ServerRow,
} from './servers';

type SnapshotSchedule = components['schemas']['SnapshotSchedule'];
type Server = components['schemas']['Server'];

/** The server list's sorts (our extension): the contract's name → what it sorts by. */
const SERVER_SORTS: Record<'created' | 'name' | 'status', SortKey<Server>> = {
  created: (server) => instant(server.created),
  name: (server) => server.name,
  status: (server) => server.status,
};

/**
 * The search box finds a server by a part of its name or by the start of one of its addresses
 * (our extension: "103.56." finds a subnet, and "db" does not find every `2001:db8::` address).
 */
function serverMatches(server: Server, search: string): boolean {
  return (
    server.name.toLowerCase().includes(search) ||
    [...server.ipv4, ...server.ipv6].some((address) => address.toLowerCase().startsWith(search))
  );
}

export const serverHandlers: HandlerTable = {
  listServers: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    settleServers(ctx.db, now);
    const search = ctx.query.search?.toLowerCase();
    const servers = accountServers(ctx.db, user.id)
      .map((row) => toServer(ctx.db, row, now))
      .filter((server) => search === undefined || serverMatches(server, search))
      .filter((server) => ctx.query.status === undefined || server.status === ctx.query.status);
    return pageItems(sortRecords(servers, SERVER_SORTS, ctx.query), ctx.query);
  },

  getServer: (ctx) => {
    const { row, now } = ownServer(ctx);
    return toServer(ctx.db, row, now);
  },

  getServerProgress: (ctx) => {
    const { row, now } = ownServer(ctx);
    const state = serverState(row, now);
    const { status, progress } = state;
    const task = shownTask(state);
    return {
      id: row.id,
      status,
      progress,
      message: task ? ctx.t('server.server_task_running', { task: taskWords(ctx.t, task) }) : null,
    };
  },

  performServerAction: (ctx) => {
    const { action } = ctx.body;
    return changeServer(ctx, (row, now) => {
      requireIdle(row, now, ctx.t, action === 'power_on' ? ['shutoff'] : ['active']);
      startTask(ctx.db, row.id, action, now, ctx.buildSeconds);
      recordCallerActivity(ctx, 'server_power', { server: row.name, action });
    });
  },

  resetServerPassword: (ctx) => {
    const chosen = ctx.body?.password;
    if (chosen !== undefined) rejectInvalidFields({ password: validateServerPassword(chosen) });
    return changeServer(ctx, (row, now, user) => {
      requireIdle(row, now, ctx.t, ['active']);
      startTask(ctx.db, row.id, 'reset_password', now, ctx.buildSeconds);
      const password = chosen ?? generateServerPassword();
      recordRootPassword(ctx.db, row.id, password, now);
      recordCallerActivity(ctx, 'server_password_reset', { server: row.name });
      // Without a chosen password, one is generated and mailed to the account.
      if (chosen === undefined) {
        const [primary] = serverIps(ctx.db, row.id, now);
        const server = { name: row.name, address: primary?.address ?? '' };
        mailServerPassword(ctx.db, user, server, password, now);
      }
    });
  },

  rebuildServer: (ctx) => {
    rejectInvalidFields({ password: validateServerPassword(ctx.body.password) });
    const { key_names: keyNames, keep_snapshots: keepSnapshots } = ctx.body;
    return changeServer(ctx, (row, now, user) => {
      const image = findImage(ctx.db, ctx.body.image_id);
      if (!image) throw notFound('server.image_not_found');
      requireIdle(row, now, ctx.t, ['active', 'shutoff']);
      // A licence is paid for through the server's order; a rebuild changes no price.
      if (rebuildAddsLicense(imageById(ctx.db, row.image_id), image)) {
        throw new ApiError(
          400,
          'server.image_needs_new_server',
          { image: image.name },
          { image_id: 'server.image_needs_new_server' },
        );
      }
      if (image.min_disk > row.disk) {
        const params = { image: image.name, min: image.min_disk };
        throw new ApiError(400, 'server.image_needs_disk', params, {
          image_id: 'server.image_needs_disk',
        });
      }
      // Our extension: the SSH keys to install (the server's key_name becomes the first).
      const keyName = keyNames === undefined ? row.key_name : rebuildKeyName(ctx, user.id, image);
      ctx.db
        .prepare('UPDATE servers SET image_id = ?, key_name = ? WHERE id = ?')
        .run(image.id, keyName, row.id);
      if (keyNames !== undefined) installServerKeys(ctx.db, row.id, keyNames);
      if (ctx.body.password) recordRootPassword(ctx.db, row.id, ctx.body.password, now);
      // Leaving a licensed image ends its licence: a renewal already out no longer charges it.
      reissueOpenRenewals(ctx.db, 'server', row.id, now);
      startTask(ctx.db, row.id, 'rebuild', now, ctx.buildSeconds, {
        keepSnapshots: keepSnapshots === true,
      });
      recordCallerActivity(ctx, 'server_rebuilt', { server: row.name, image: image.name });
    });
  },

  // Charged at once through a paid resize_server order (402 and nothing changed when short).
  resizeServer: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const row = accountServer(ctx.db, user.id, ctx.params.id);
      requireIdle(row, now, ctx.t, ['active', 'shutoff']);
      const order = insertOrder(ctx.db, resizeOrder(ctx.db, row, ctx.body, now), now);
      const paid = payPendingOrder(ctx, user.id, order.id, undefined, now);
      return {
        server: toServer(ctx.db, accountServer(ctx.db, user.id, row.id), now),
        order: toOrder(paid.order),
        invoice: toInvoice(ctx.db, paid.invoice),
      };
    })();
  },

  deleteServer: (ctx) =>
    changeServer(ctx, (row, now) => {
      requireIdle(row, now, ctx.t, ['active', 'shutoff', 'error']);
      ctx.db
        .prepare('UPDATE servers SET delete_volumes = ? WHERE id = ?')
        .run(ctx.query.delete_volumes ? 1 : 0, row.id);
      startTask(ctx.db, row.id, 'delete', now, ctx.buildSeconds);
      cancelRenewalsOfDeletedResources(ctx.db, now.toISOString());
      recordCallerActivity(ctx, 'server_deleted', { server: row.name });
    }),

  getSnapshotSchedule: (ctx) => {
    const { row, now } = ownServer(ctx);
    return toSchedule(scheduleOf(ctx.db, row.id), now);
  },

  createSnapshotSchedule: (ctx) => {
    const { weekday, hour } = ctx.body;
    return changeSchedule(ctx, (row, now) => {
      if (findSchedule(ctx.db, row.id)) {
        throw new ApiError(409, 'server.snapshot_schedule_exists');
      }
      ctx.db
        .prepare(
          `INSERT INTO snapshot_schedules (server_id, weekday, hour, status, created_at)
           VALUES (?, ?, ?, 'active', ?)`,
        )
        .run(row.id, weekday, hour, now.toISOString());
    });
  },

  updateSnapshotSchedule: (ctx) =>
    changeSchedule(ctx, (row) => {
      const current = scheduleOf(ctx.db, row.id);
      const { weekday = current.weekday, hour = current.hour, status = current.status } = ctx.body;
      ctx.db
        .prepare(
          'UPDATE snapshot_schedules SET weekday = ?, hour = ?, status = ? WHERE server_id = ?',
        )
        .run(weekday, hour, status, row.id);
    }),

  deleteSnapshotSchedule: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const row = accountServer(ctx.db, user.id, ctx.params.id);
      scheduleOf(ctx.db, row.id);
      ctx.db.prepare('DELETE FROM snapshot_schedules WHERE server_id = ?').run(row.id);
    })();
    return { message: ctx.t('server.snapshot_schedule_deleted') };
  },
};

/**
 * The first of the rebuild's `key_names`, or null for none: 404 for a name that is not one of the
 * account's keys, 400 for an image that takes no SSH keys.
 */
function rebuildKeyName(
  ctx: HandlerContext<'rebuildServer'>,
  userId: number,
  image: { name: string; ssh_keys_allowed: number },
): string | null {
  const names = ctx.body.key_names ?? [];
  if (names.length && image.ssh_keys_allowed !== 1) {
    throw new ApiError(
      400,
      'server.image_password_only',
      { image: image.name },
      { key_names: 'server.image_password_only' },
    );
  }
  const known = ctx.db.prepare('SELECT 1 FROM ssh_keys WHERE user_id = ? AND name = ?');
  if (names.some((name) => known.get(userId, name) === undefined)) {
    throw notFound('server.ssh_key_not_found');
  }
  return names[0] ?? null;
}

type Context = Pick<HandlerContext<OperationId>, 'db' | 'now' | 'userId' | 'locale' | 't'> & {
  params: { id: number };
};

function ownServer(ctx: Context): { row: ServerRow; now: Date } {
  const user = signedInUser(ctx);
  const now = ctx.now();
  settleServers(ctx.db, now);
  return { row: accountServer(ctx.db, user.id, ctx.params.id), now };
}

/** Permission check, then the change in one transaction; answers the server as it is now. */
function changeServer(
  ctx: Context,
  change: (row: ServerRow, now: Date, user: ReturnType<typeof signedInUser>) => void,
) {
  const user = requireActionAllowed(ctx);
  const now = ctx.now();
  return ctx.db.transaction(() => {
    settleServers(ctx.db, now);
    const row = accountServer(ctx.db, user.id, ctx.params.id);
    change(row, now, user);
    return toServer(ctx.db, accountServer(ctx.db, user.id, row.id), now);
  })();
}

function changeSchedule(ctx: Context, change: (row: ServerRow, now: Date) => void) {
  const user = requireActionAllowed(ctx);
  const now = ctx.now();
  return ctx.db.transaction(() => {
    settleServers(ctx.db, now);
    const row = accountServer(ctx.db, user.id, ctx.params.id);
    change(row, now);
    return toSchedule(scheduleOf(ctx.db, row.id), now);
  })();
}

// ---- the auto-snapshot schedule ----

interface ScheduleRow {
  server_id: number;
  weekday: number;
  hour: number;
  status: 'active' | 'paused';
  last_run: string | null;
  snapshot_id: number | null;
  created_at: string;
}

function findSchedule(db: Db, serverId: number): ScheduleRow | undefined {
  return db.prepare('SELECT * FROM snapshot_schedules WHERE server_id = ?').get(serverId) as
    ScheduleRow | undefined;
}

function scheduleOf(db: Db, serverId: number): ScheduleRow {
  const row = findSchedule(db, serverId);
  if (!row) throw notFound('server.snapshot_schedule_not_found');
  return row;
}

function toSchedule(row: ScheduleRow, now: Date): SnapshotSchedule {
  return {
    server_id: row.server_id,
    weekday: row.weekday,
    hour: row.hour,
    status: row.status,
    next_run: row.status === 'active' ? nextRun(row.weekday, row.hour, now) : null,
    last_run: row.last_run,
    snapshot_id: row.snapshot_id,
    created: row.created_at,
  };
}

/** The next `weekday` (0 Sunday) at `hour`:00 Vietnam time (UTC+7) after `now`. */
export function nextRun(weekday: number, hour: number, now: Date): string {
  return nextWeeklyAt(weekday, hour, now).toISOString();
}
