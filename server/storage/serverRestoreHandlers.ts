/**
 * The `storage` area, a server restored in place from a snapshot of its root disk (issue 19, our
 * extension): storage answers it because the snapshot is storage's and storage may use compute's
 * servers (imports only go down, docs/architecture.md). Free; see `restoreServerFromSnapshot`.
 */
import { requireActionAllowed } from '../auth/guards';
import { accountServer, settleServers, toServer } from '../compute/servers';
import type { HandlerTable } from '../platform/handler';
import { accountSnapshot, restoreServerFromSnapshot } from './snapshots';

export const serverRestoreHandlers: HandlerTable = {
  restoreServer: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const server = accountServer(ctx.db, user.id, ctx.params.id);
      const snapshot = accountSnapshot(ctx.db, user.id, ctx.body.snapshot_id);
      restoreServerFromSnapshot(ctx.db, server, snapshot, now, ctx.t, ctx.buildSeconds);
      return toServer(ctx.db, accountServer(ctx.db, user.id, server.id), now);
    })();
  },
};
