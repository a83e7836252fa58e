/**
 * Reverse DNS of a server's addresses (an extension: issue 19). Only the caller's own server's
 * addresses; the hostname rule is the contract's (`x-rule: hostname`), checked again here so the
 * rule holds whatever reaches the handler.
 */
import { validateHostname } from '../../src/domain/hostname';
import { rejectInvalidFields, requireActionAllowed, signedInUser } from '../auth/guards';
import { accountServer, settleServers } from '../compute/servers';
import { notFound } from '../platform/errors';
import type { HandlerTable } from '../platform/handler';
import { addressReverseDns, resetReverseDns, serverReverseDns, setReverseDns } from './reverseDns';

export const reverseDnsHandlers: HandlerTable = {
  listServerReverseDns: (ctx) => {
    const user = signedInUser(ctx);
    settleServers(ctx.db, ctx.now());
    const server = accountServer(ctx.db, user.id, ctx.params.id);
    return { items: serverReverseDns(ctx.db, server.id) };
  },

  setServerIpReverseDns: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    rejectInvalidFields({ hostname: validateHostname(ctx.body.hostname) });
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const server = accountServer(ctx.db, user.id, ctx.params.id);
      const address = addressReverseDns(ctx.db, server.id, ctx.params.ip_id);
      if (!address) throw notFound('server.ip_not_found');
      setReverseDns(ctx.db, address.ip_id, ctx.body.hostname, now);
      return addressReverseDns(ctx.db, server.id, address.ip_id)!;
    })();
  },

  resetServerIpReverseDns: (ctx) => {
    const user = requireActionAllowed(ctx);
    const now = ctx.now();
    return ctx.db.transaction(() => {
      settleServers(ctx.db, now);
      const server = accountServer(ctx.db, user.id, ctx.params.id);
      const address = addressReverseDns(ctx.db, server.id, ctx.params.ip_id);
      if (!address) throw notFound('server.ip_not_found');
      resetReverseDns(ctx.db, address.ip_id);
      return addressReverseDns(ctx.db, server.id, address.ip_id)!;
    })();
  },
};
