/**
 * The web console's contract operation (extension, issue 19): a one-time ticket for the
 * WebSocket that consoleSession.ts serves. Another account's server answers 404 as every server
 * call does; a server that is not running answers 400 saying what it is doing instead.
 */
import { requireActionAllowed } from '../auth/guards';
import { ApiError } from '../platform/errors';
import type { HandlerTable } from '../platform/handler';
import type { MessageKey } from '../platform/i18n';
import { consoleCanRun } from './consoleShell';
import { issueConsoleTicket } from './consoleTickets';
import { accountServer, serverState, settleServers, taskWords } from './servers';

export const consoleHandlers: HandlerTable = {
  createConsoleTicket: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const row = accountServer(ctx.db, user.id, ctx.params.id);
      const state = serverState(row, now);
      if (!consoleCanRun(state)) {
        throw state.task
          ? new ApiError(400, 'server.console.busy', { task: taskWords(ctx.t, state.task) })
          : new ApiError(400, 'server.console.not_running', {
              status: ctx.t(`server.server_status.${state.status}` as MessageKey),
            });
      }
      return issueConsoleTicket(ctx.db, user.id, row.id, ctx.sessionToken ?? '', now);
    })();
  },
};
