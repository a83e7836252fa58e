/**
 * The `storage` area, volumes: list and read them, create one charged at once, attach, detach,
 * extend (charged at once) and delete. Paid and destructive actions run the action-permission
 * check. Every change is one transaction that reads the volume again, so of two requests racing
 * for the same volume one wins and the other meets a busy volume (400). Snapshots are in
 * snapshots.ts.
 */
import type { Db } from '../platform/db';
import { Answer, type HandlerTable } from '../platform/handler';
import { instant, sortRecords, type SortKey } from '../platform/listQuery';
import type { components } from '../../src/api/schema';
import { pageItems, requireActionAllowed, signedInUser } from '../auth/guards';
import { insertOrder, payPendingOrder, toOrder, type PaidOrder } from '../billing/orders';
import { toInvoice } from '../billing/invoiceDocument';
import { settleServers } from '../compute/servers';
import { requireNoSnapshotBeingTaken } from './snapshots';
import { createVolumeOrder, extendVolumeOrder, requireAttachableServer } from './volumeOrders';
import {
  accountVolume,
  deleteVolumeRows,
  accountVolumes,
  requireVolumeIdle,
  startVolumeTask,
  toVolume,
} from './volumes';

type Volume = components['schemas']['Volume'];

/** The volume list's sorts (our extension): the contract's name → what it sorts by. */
const VOLUME_SORTS: Record<'created' | 'name' | 'size' | 'status', SortKey<Volume>> = {
  created: (volume) => instant(volume.created),
  name: (volume) => volume.name,
  size: (volume) => volume.size,
  status: (volume) => volume.status,
};

/** What the create and extend calls answer: the volume with the paid order and its invoice. */
function volumeCharge(db: Db, now: Date, paid: PaidOrder) {
  const volume = accountVolume(db, paid.order.user_id, paid.order.resource_id as number);
  return {
    volume: toVolume(volume, now),
    order: toOrder(paid.order),
    invoice: toInvoice(db, paid.invoice),
  };
}

export const storageHandlers: HandlerTable = {
  listVolumes: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    settleServers(ctx.db, now);
    const { search, status, server_id: serverId } = ctx.query;
    const needle = search?.toLowerCase();
    const volumes = accountVolumes(ctx.db, user.id)
      .filter((row) => needle === undefined || row.name.toLowerCase().includes(needle))
      .filter((row) => serverId === undefined || row.server_id === serverId)
      .map((row) => toVolume(row, now))
      .filter((volume) => status === undefined || volume.status === status);
    return pageItems(sortRecords(volumes, VOLUME_SORTS, ctx.query), ctx.query);
  },

  getVolume: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    settleServers(ctx.db, now);
    return toVolume(accountVolume(ctx.db, user.id, ctx.params.id), now);
  },

  // The rest of this month, charged at once (the create form places a create_volume order
  // instead, for a longer interval, a coupon or a top-up first). 402 leaves nothing behind.
  createVolume: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    const { db } = ctx;
    const paid = db.transaction(() => {
      settleServers(db, now);
      const order = insertOrder(db, createVolumeOrder(db, user.id, ctx.body, 1, now, ctx.t), now);
      return payPendingOrder(ctx, user.id, order.id, undefined, now);
    })();
    return volumeCharge(db, now, paid);
  },

  extendVolume: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    const { db } = ctx;
    const paid = db.transaction(() => {
      settleServers(db, now);
      const volume = accountVolume(db, user.id, ctx.params.id);
      const order = insertOrder(db, extendVolumeOrder(db, volume, ctx.body.size, now, ctx.t), now);
      return payPendingOrder(ctx, user.id, order.id, undefined, now);
    })();
    return new Answer(202, volumeCharge(db, now, paid));
  },

  // One server at a time: only a detached (available) volume can be attached.
  attachVolume: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    const { db } = ctx;
    return db.transaction(() => {
      settleServers(db, now);
      const volume = accountVolume(db, user.id, ctx.params.id);
      requireVolumeIdle(volume, now, ctx.t, ['available']);
      const server = requireAttachableServer(
        db,
        user.id,
        ctx.body.server_id,
        volume.datacenter,
        now,
        ctx.t,
      );
      startVolumeTask(db, volume, 'attach', { serverId: server.id }, now, ctx.buildSeconds);
      return toVolume(accountVolume(db, user.id, volume.id), now);
    })();
  },

  detachVolume: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    const { db } = ctx;
    return db.transaction(() => {
      settleServers(db, now);
      const volume = accountVolume(db, user.id, ctx.params.id);
      requireVolumeIdle(volume, now, ctx.t, ['in_use']);
      startVolumeTask(db, volume, 'detach', { serverId: null }, now, ctx.buildSeconds);
      return toVolume(accountVolume(db, user.id, volume.id), now);
    })();
  },

  // Only a detached volume; its snapshots go with it (the contract's "and its snapshots").
  // Billing stops: its open renewal invoices are cancelled by the renewal sweep.
  deleteVolume: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    const { db } = ctx;
    return db.transaction(() => {
      settleServers(db, now);
      const volume = accountVolume(db, user.id, ctx.params.id);
      requireVolumeIdle(volume, now, ctx.t, ['available']);
      requireNoSnapshotBeingTaken(db, volume.id, now);
      deleteVolumeRows(db, volume.id, now);
      return { message: ctx.t('server.volume_deleted', { name: volume.name }) };
    })();
  },
};
