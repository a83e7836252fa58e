/** The account's activity log (our extension, issue 20): the signed-in account's own events. */
import { dateRangeOf } from '../platform/listQuery';
import type { HandlerTable } from '../platform/handler';
import { listActivity } from './activity';
import { pageOf, signedInUser } from './guards';

export const activityHandlers: HandlerTable = {
  listAccountActivity: (ctx) => {
    const user = signedInUser(ctx);
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const filter = { group: ctx.query.group, ...dateRangeOf(ctx.query), limit, offset };
    const { items, total } = listActivity(ctx.db, { userId: user.id }, filter);
    // The account's own log does not name the account on every line.
    const own = items.map(
      ({ account_id: _id, account_email: _email, account_name: _name, ...event }) => event,
    );
    return { items: own, total, page, per_page };
  },
};
