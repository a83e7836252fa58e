/**
 * The services the customer pays for (tagged billing in the contract): one package per paid
 * resource, derived from the resource itself (see billing/packages.ts).
 */
import { pageItems, signedInUser } from '../auth/guards';
import type { HandlerTable } from '../platform/handler';
import { accountPackage, accountPackages } from './packages';

export const serviceHandlers: HandlerTable = {
  listPackages: (ctx) => {
    const user = signedInUser(ctx);
    const { resource_type, status } = ctx.query;
    return pageItems(
      accountPackages(ctx.db, user, { resource_type, status }, ctx.now()),
      ctx.query,
    );
  },

  getPackage: (ctx) => {
    const user = signedInUser(ctx);
    return accountPackage(ctx.db, user, ctx.params.id, ctx.now());
  },
};
