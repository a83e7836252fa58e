/**
 * Support tickets in the sandbox. There is no support desk behind it: support answers the
 * customer's latest message of an open ticket `supportReplySeconds` after it, so the whole life
 * of a ticket can be seen in a demo. As with server builds there is no timer: every read of an
 * account's tickets first stores the answers the clock says are due (dated when they fell due),
 * which also makes a moved sandbox clock answer at once. A ticket the customer marks resolved is
 * closed (shown as processed) and answered no more, until the customer reopens it: as in a
 * helpdesk, a request solved too soon is picked up again rather than started over.
 */
import type { components } from '../../src/api/schema';
import type { Db } from '../platform/db';
import { notFound } from '../platform/errors';
import type { MessageKey, Translate } from '../platform/i18n';
import type { UserRow } from '../auth/userRows';

export const DEFAULT_SUPPORT_REPLY_SECONDS = 20;

/** What support's automatic answer says, translated when shown. */
const SUPPORT_ANSWER: MessageKey = 'server.tickets.support_answer';

type TicketDetail = components['schemas']['TicketDetail'];
type TicketReply = components['schemas']['TicketReply'];

export interface TicketRow {
  id: number;
  user_id: number;
  subject: string;
  content: string;
  preferred_time: string | null;
  status: 'open' | 'closed';
  created_at: string;
  updated_at: string;
}

interface ReplyRow {
  id: number;
  ticket_id: number;
  author: 'customer' | 'support';
  content: string | null;
  content_key: string | null;
  created_at: string;
}

/** Stores support's answer to every open ticket of the account whose latest message waited long enough. */
export function answerDueTickets(db: Db, userId: number, now: Date, delaySeconds: number): void {
  const waiting = db
    .prepare(
      `SELECT t.id, t.updated_at,
              COALESCE((SELECT r.author FROM ticket_replies r WHERE r.ticket_id = t.id
                        ORDER BY r.created_at DESC, r.id DESC LIMIT 1), 'customer') AS last_author
         FROM tickets t
        WHERE t.user_id = ? AND t.status = 'open'`,
    )
    .all(userId) as { id: number; updated_at: string; last_author: ReplyRow['author'] }[];
  const insert = db.prepare(
    `INSERT INTO ticket_replies (ticket_id, author, content_key, created_at)
     VALUES (?, 'support', ?, ?)`,
  );
  const touch = db.prepare('UPDATE tickets SET updated_at = ? WHERE id = ?');
  db.transaction(() => {
    for (const ticket of waiting) {
      if (ticket.last_author !== 'customer') continue;
      const due = new Date(new Date(ticket.updated_at).getTime() + delaySeconds * 1000);
      if (due > now) continue;
      insert.run(ticket.id, SUPPORT_ANSWER, due.toISOString());
      touch.run(due.toISOString(), ticket.id);
    }
  })();
}

/** The account's own ticket; another customer's is not found, as if it did not exist. */
export function ownTicket(db: Db, userId: number, id: number): TicketRow {
  const row = db.prepare('SELECT * FROM tickets WHERE id = ? AND user_id = ?').get(id, userId) as
    TicketRow | undefined;
  if (!row) throw notFound('server.tickets.not_found');
  return row;
}

export function toTicket(row: TicketRow) {
  return {
    id: row.id,
    subject: row.subject,
    content: row.content,
    status: row.status,
    preferred_time: row.preferred_time,
    created: row.created_at,
    updated: row.updated_at,
  };
}

export function ticketDetail(db: Db, row: TicketRow, user: UserRow, t: Translate): TicketDetail {
  const replies = db
    .prepare('SELECT * FROM ticket_replies WHERE ticket_id = ? ORDER BY created_at, id')
    .all(row.id) as ReplyRow[];
  return { ...toTicket(row), replies: replies.map((reply) => toReply(reply, user, t)) };
}

export function toReply(reply: ReplyRow, user: UserRow, t: Translate): TicketReply {
  return {
    id: reply.id,
    ticket_id: reply.ticket_id,
    content: reply.content ?? t(reply.content_key as MessageKey),
    author: reply.author,
    author_name:
      reply.author === 'support' ? t('server.tickets.support_name') : user.fullname || user.email,
    created: reply.created_at,
  };
}

export function addCustomerReply(db: Db, ticketId: number, content: string, now: Date): ReplyRow {
  return db.transaction(() => {
    const reply = db
      .prepare(
        `INSERT INTO ticket_replies (ticket_id, author, content, created_at)
         VALUES (?, 'customer', ?, ?) RETURNING *`,
      )
      .get(ticketId, content, now.toISOString()) as ReplyRow;
    db.prepare('UPDATE tickets SET updated_at = ? WHERE id = ?').run(now.toISOString(), ticketId);
    return reply;
  })();
}

/**
 * Opens a resolved ticket again. Its activity time is now, so a customer message still unanswered
 * when it was resolved is answered `supportReplySeconds` from the reopening, not at once.
 */
export function reopenTicket(db: Db, ticketId: number, now: Date): TicketRow {
  return db
    .prepare(`UPDATE tickets SET status = 'open', updated_at = ? WHERE id = ? RETURNING *`)
    .get(now.toISOString(), ticketId) as TicketRow;
}
