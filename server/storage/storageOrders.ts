/**
 * Storage's kinds of order (billing/orderKinds.ts): create_volume (a snapshot's restore is paid as
 * one), extend_volume and create_snapshot, and the data disks a paid server is made with.
 */
import { signedInUser } from '../auth/guards';
import type { CreateServerWork } from '../billing/orderRows';
import type { OrderKind, OrderKinds } from '../billing/orderKinds';
import { insertOrder } from '../billing/orders';
import { settleServers } from '../compute/servers';
import { ApiError } from '../platform/errors';
import {
  buildFromSnapshot,
  isRestoreSnapshotWork,
  requireServerFromSnapshot,
  restoreSnapshotVolume,
  snapshotOrder,
  requireSnapshotPriceHolds,
  takeSnapshot,
} from './snapshots';
import {
  createPaidVolume,
  extendPaidVolume,
  placeVolumeOrder,
  quoteVolumeExtension,
} from './volumeOrders';
import { createDataVolumes } from './volumes';

/** create_volume and extend_volume: one request type, told apart by placeVolumeOrder. */
const volumeOrder: OrderKind['place'] = (ctx, user, body, now) => {
  if (body.type !== 'create_volume' && body.type !== 'extend_volume') {
    throw new ApiError(501, 'server.not_implemented');
  }
  const { db } = ctx;
  return db.transaction(() => {
    settleServers(db, now);
    return insertOrder(db, placeVolumeOrder(db, user.id, body, now, ctx.t), now);
  })();
};

export const storageOrderKinds: OrderKinds = {
  create_volume: {
    place: volumeOrder,
    fulfil: ({ db, t, buildSeconds }, order, now) => {
      // A restore of a snapshot is paid as a new volume (storage/snapshots.ts).
      const makeVolume = isRestoreSnapshotWork(JSON.parse(order.data))
        ? restoreSnapshotVolume
        : createPaidVolume;
      return {
        resource: { type: 'volume', id: makeVolume(db, order, now, t, buildSeconds) },
        ips: [],
      };
    },
  },
  extend_volume: {
    quote: (ctx, lines, referenceId, now) => {
      settleServers(ctx.db, now);
      return quoteVolumeExtension(ctx.db, signedInUser(ctx).id, referenceId, lines, now, ctx.t);
    },
    place: volumeOrder,
    fulfil: ({ db, t, buildSeconds }, order, now) => ({
      resource: { type: 'volume', id: extendPaidVolume(db, order, now, t, buildSeconds) },
      ips: [],
    }),
  },
  create_snapshot: {
    place: (ctx, user, body, now) => {
      if (body.type !== 'create_snapshot') throw new ApiError(501, 'server.not_implemented');
      const { db } = ctx;
      const { name, ...source } = body.data;
      return db.transaction(() => {
        settleServers(db, now);
        const order = snapshotOrder(db, user.id, name, source, now, ctx.t, body.interval_count);
        return insertOrder(db, order, now);
      })();
    },
    fulfil: ({ db, t, buildSeconds }, order, now) => ({
      resource: { type: 'snapshot', id: takeSnapshot(db, order, now, t, buildSeconds) },
      ips: [],
    }),
    requirePriceHolds: requireSnapshotPriceHolds,
  },
};

/**
 * A create_server kind whose paid server also gets the data disks its order asked for, and may be
 * built from a snapshot of a root disk (`data.snapshot_id`, our extension: checked when placed,
 * read while the server builds; the price is any new server's).
 */
export function withDataVolumes(kind: OrderKind): OrderKind {
  return {
    ...kind,
    place: (ctx, user, body, now) => {
      if (body.type === 'create_server' && body.data.snapshot_id !== undefined) {
        const { db } = ctx;
        settleServers(db, now);
        requireServerFromSnapshot(
          db,
          user.id,
          {
            snapshotId: body.data.snapshot_id,
            os: body.data.os,
            disk: body.data.rootdisk.size,
            diskType: body.data.rootdisk.type,
          },
          now,
          ctx.t,
        );
      }
      return kind.place(ctx, user, body, now);
    },
    fulfil: (services, order, now) => {
      const done = kind.fulfil(services, order, now);
      const work = JSON.parse(order.data) as CreateServerWork;
      if (work.snapshot_id !== undefined) {
        const { db, t, buildSeconds } = services;
        buildFromSnapshot(db, order.user_id, work.snapshot_id, now, t, buildSeconds);
      }
      createDataVolumes(
        services.db,
        {
          id: done.resource.id,
          user_id: order.user_id,
          name: work.name,
          datacenter: work.datacenter,
          interval_count: order.interval_count,
          expiry: order.expiry ?? now.toISOString(),
        },
        work.datadisks ?? [],
        now,
      );
      return done;
    },
  };
}
