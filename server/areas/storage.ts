/**
 * The `storage` area, read side: the account's volumes (so far the data disks of servers bought
 * with them). Creating, attaching, detaching, extending and deleting volumes, and snapshots, are
 * not built yet and answer 501.
 */
import { pageItems, signedInUser } from '../guards';
import type { HandlerTable } from '../handler';
import { settleServers } from '../servers';
import { accountVolume, accountVolumes, toVolume } from '../volumes';

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
    return pageItems(volumes, ctx.query);
  },

  getVolume: (ctx) => {
    const user = signedInUser(ctx);
    const now = ctx.now();
    settleServers(ctx.db, now);
    return toVolume(accountVolume(ctx.db, user.id, ctx.params.id), now);
  },
};
