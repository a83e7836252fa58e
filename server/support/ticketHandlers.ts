/**
 * The `tickets` area: the account's support tickets, their conversation, the customer's
 * "resolved", which closes a ticket, and "reopen", which opens a resolved one again. Support's answers come from support/tickets.ts, stored by the
 * read that finds them due. Asking support is never blocked: an account whose actions are blocked
 * (overdue invoice, expired trial) is exactly the one that may need to.
 */
import { ApiError } from '../platform/errors';
import { refuseAtLimit } from '../platform/accountLimits';
import { pageItems, signedInUser } from '../auth/guards';
import type { Db } from '../platform/db';
import type { HandlerTable } from '../platform/handler';
import {
  addCustomerReply,
  answerDueTickets,
  ownTicket,
  reopenTicket,
  ticketDetail,
  toReply,
  toTicket,
  type TicketRow,
} from './tickets';

export const ticketHandlers: HandlerTable = {
  listTickets: (ctx) => {
    const user = signedInUser(ctx);
    answerDueTickets(ctx.db, user.id, ctx.now(), ctx.supportReplySeconds);
    const rows = ctx.db
      .prepare(
        `SELECT * FROM tickets WHERE user_id = ? AND (? IS NULL OR status = ?)
          ORDER BY updated_at DESC, id DESC`,
      )
      .all(user.id, ctx.query.status ?? null, ctx.query.status ?? null) as TicketRow[];
    return pageItems(rows.map(toTicket), ctx.query);
  },

  createTicket: (ctx) => {
    const user = signedInUser(ctx);
    // Blank or too long fields were refused before, with the form's messages (fieldRules.ts).
    const { subject, content, preferred_time } = ctx.body;
    refuseOpenTicketAtLimit(ctx.db, user.id, ctx.accountLimits.openTickets);
    const now = ctx.now().toISOString();
    const row = ctx.db
      .prepare(
        `INSERT INTO tickets (user_id, subject, content, preferred_time, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'open', ?, ?) RETURNING *`,
      )
      .get(user.id, subject.trim(), content, preferred_time ?? null, now, now) as TicketRow;
    return ticketDetail(ctx.db, row, user, ctx.t);
  },

  getTicket: (ctx) => {
    const user = signedInUser(ctx);
    answerDueTickets(ctx.db, user.id, ctx.now(), ctx.supportReplySeconds);
    return ticketDetail(ctx.db, ownTicket(ctx.db, user.id, ctx.params.id), user, ctx.t);
  },

  replyToTicket: (ctx) => {
    const user = signedInUser(ctx);
    // Support's answer that fell due before this reply comes before it in the conversation.
    answerDueTickets(ctx.db, user.id, ctx.now(), ctx.supportReplySeconds);
    const ticket = ownTicket(ctx.db, user.id, ctx.params.id);
    if (ticket.status === 'closed') throw new ApiError(400, 'server.tickets.closed');
    const reply = addCustomerReply(ctx.db, ticket.id, ctx.body.content, ctx.now());
    return toReply(reply, user, ctx.t);
  },

  resolveTicket: (ctx) => {
    const user = signedInUser(ctx);
    answerDueTickets(ctx.db, user.id, ctx.now(), ctx.supportReplySeconds);
    const ticket = ownTicket(ctx.db, user.id, ctx.params.id);
    if (ticket.status === 'closed') return ticketDetail(ctx.db, ticket, user, ctx.t);
    const closed = ctx.db
      .prepare(`UPDATE tickets SET status = 'closed', updated_at = ? WHERE id = ? RETURNING *`)
      .get(ctx.now().toISOString(), ticket.id) as TicketRow;
    return ticketDetail(ctx.db, closed, user, ctx.t);
  },

  reopenTicket: (ctx) => {
    const user = signedInUser(ctx);
    answerDueTickets(ctx.db, user.id, ctx.now(), ctx.supportReplySeconds);
    const ticket = ownTicket(ctx.db, user.id, ctx.params.id);
    if (ticket.status === 'open') return ticketDetail(ctx.db, ticket, user, ctx.t);
    refuseOpenTicketAtLimit(ctx.db, user.id, ctx.accountLimits.openTickets);
    return ticketDetail(ctx.db, reopenTicket(ctx.db, ticket.id, ctx.now()), user, ctx.t);
  },
};

/** At most `max` open tickets per account (issue 20): reopening one counts as opening it. */
function refuseOpenTicketAtLimit(db: Db, userId: number, max: number): void {
  const { open } = db
    .prepare(`SELECT COUNT(*) AS open FROM tickets WHERE user_id = ? AND status = 'open'`)
    .get(userId) as { open: number };
  refuseAtLimit(open, max, 'server.limits.open_tickets');
}
