/**
 * The `storage` area, snapshots: list, detail, take one (paid at once through a create_snapshot
 * order), restore one into a new volume (paid at once through a create_volume order) and delete.
 */
import { rejectInvalidFields, requireActionAllowed, pageItems, signedInUser } from '../auth/guards';
import type { components } from '../../src/api/schema';
import type { HandlerTable } from '../platform/handler';
import { instant, sortRecords, type SortKey } from '../platform/listQuery';
import { insertOrder, payPendingOrder, toOrder } from '../billing/orders';
import { toInvoice } from '../billing/invoiceDocument';
import { settleServers } from '../compute/servers';
import {
  accountSnapshot,
  accountSnapshots,
  deleteSnapshotRow,
  requireSnapshotAvailable,
  restoreOrder,
  snapshotOrder,
  toSnapshot,
} from './snapshots';
import { validateSnapshotSource } from '../../src/domain/snapshotRules';
import { accountVolume, toVolume } from './volumes';

type Snapshot = components['schemas']['Snapshot'];

/** The snapshot list's sorts (our extension): the contract's name → what it sorts by. */
const SNAPSHOT_SORTS: Record<'created' | 'name' | 'size' | 'status', SortKey<Snapshot>> = {
  created: (snapshot) => instant(snapshot.created),
  name: (snapshot) => snapshot.name,
  size: (snapshot) => snapshot.size,
  status: (snapshot) => snapshot.status,
};

/** What a snapshot copies: a server's root disk or a data volume. */
const snapshotSource = (snapshot: Snapshot) => (snapshot.server_id === null ? 'volume' : 'server');

export const snapshotHandlers: HandlerTable = {
  listSnapshots: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    settleServers(ctx.db, now);
    const { search, volume_id: volumeId } = ctx.query;
    // A volume named in the query that is not the account's answers 404, as the contract says.
    if (volumeId !== undefined) accountVolume(ctx.db, user.id, volumeId);
    const needle = search?.toLowerCase();
    const { status, source } = ctx.query;
    const snapshots = accountSnapshots(ctx.db, user.id, volumeId)
      .filter((row) => needle === undefined || row.name.toLowerCase().includes(needle))
      .map((row) => toSnapshot(ctx.db, row, now))
      .filter((snapshot) => status === undefined || snapshot.status === status)
      .filter((snapshot) => source === undefined || snapshotSource(snapshot) === source);
    return pageItems(sortRecords(snapshots, SNAPSHOT_SORTS, ctx.query), ctx.query);
  },

  getSnapshot: (ctx) => {
    const user = signedInUser(ctx);
    return toSnapshot(ctx.db, accountSnapshot(ctx.db, user.id, ctx.params.id), ctx.now());
  },

  // Charged at once through a paid create_snapshot order (402 and nothing taken when short).
  createSnapshot: (ctx) => {
    const user = requireActionAllowed(ctx);
    const { name, volume_id: volumeId, server_id: serverId } = ctx.body;
    rejectInvalidFields({
      volume_id: validateSnapshotSource({ volume_id: volumeId, server_id: serverId }),
    });
    const now = ctx.now();
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const source = { volume_id: volumeId, server_id: serverId };
      const order = insertOrder(
        ctx.db,
        snapshotOrder(ctx.db, user.id, name, source, now, ctx.t),
        now,
      );
      const paid = payPendingOrder(ctx, user.id, order.id, undefined, now);
      const snapshot = accountSnapshot(ctx.db, user.id, paid.order.resource_id as number);
      return {
        snapshot: toSnapshot(ctx.db, snapshot, now),
        order: toOrder(paid.order),
        invoice: toInvoice(ctx.db, paid.invoice),
      };
    })();
  },

  // A new volume, charged at once through a paid create_volume order, as creating one is.
  restoreSnapshot: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const snapshot = accountSnapshot(ctx.db, user.id, ctx.params.id);
      const order = insertOrder(
        ctx.db,
        restoreOrder(ctx.db, snapshot, ctx.body.name, now, ctx.t),
        now,
      );
      const paid = payPendingOrder(ctx, user.id, order.id, undefined, now);
      const volume = accountVolume(ctx.db, user.id, paid.order.resource_id as number);
      return {
        volume: toVolume(volume, now),
        order: toOrder(paid.order),
        invoice: toInvoice(ctx.db, paid.invoice),
      };
    })();
  },

  deleteSnapshot: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    return ctx.db.transaction(() => {
      const snapshot = accountSnapshot(ctx.db, user.id, ctx.params.id);
      requireSnapshotAvailable(snapshot, now, ctx.t);
      deleteSnapshotRow(ctx.db, snapshot.id, now);
      return { message: ctx.t('server.snapshot_deleted', { name: snapshot.name }) };
    })();
  },
};
