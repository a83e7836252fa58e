/**
 * One-time tickets for a server's web console (issue 19). A ticket is 256 random bits, handed to
 * the customer once; only its SHA-256 is stored. It opens one console session of one server of
 * one account, once, within TICKET_SECONDS of the sandbox clock, and the session lasts only while
 * the session or API token that asked for the ticket is held (not signed out or revoked). Redeeming marks it used in the
 * same statement that checks it, so two sockets racing with one ticket cannot both win.
 */
import type { Db } from '../platform/db';
import { newToken, sha256 } from '../platform/secrets';

/** How long a ticket may wait before its WebSocket is opened. */
export const TICKET_SECONDS = 60;

/** The WebSocket's path; the ticket goes in its query (the portal cannot set headers there). */
export const CONSOLE_SOCKET_PATH = '/api/v1/console/ws';

export const CONSOLE_TICKET_MIGRATION = {
  name: 'compute:console_tickets',
  sql: `
    CREATE TABLE console_tickets (
      id INTEGER PRIMARY KEY,
      hash TEXT NOT NULL UNIQUE,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      server_id INTEGER NOT NULL REFERENCES servers (id) ON DELETE CASCADE,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    ) STRICT;
    CREATE INDEX console_tickets_expiry ON console_tickets (expires_at);
  `,
};

/** The session or API token that asked for a ticket: its session lasts only as long as it. */
export const CONSOLE_TICKET_CREDENTIAL_MIGRATION = {
  name: 'compute:console_ticket_credential',
  sql: `ALTER TABLE console_tickets ADD COLUMN credential_hash TEXT NOT NULL DEFAULT ''`,
};

export interface IssuedTicket {
  ticket: string;
  url: string;
  expires_at: string;
}

/**
 * A new ticket for the account's server, asked for with `credential` (the request's session or
 * API token); tickets that can no longer be used are dropped.
 */
export function issueConsoleTicket(
  db: Db,
  userId: number,
  serverId: number,
  credential: string,
  now: Date,
): IssuedTicket {
  const ticket = newToken();
  const expires = new Date(now.getTime() + TICKET_SECONDS * 1000);
  db.prepare('DELETE FROM console_tickets WHERE expires_at <= ? OR used_at IS NOT NULL').run(
    now.toISOString(),
  );
  db.prepare(
    `INSERT INTO console_tickets (hash, user_id, server_id, credential_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    sha256(ticket),
    userId,
    serverId,
    sha256(credential),
    now.toISOString(),
    expires.toISOString(),
  );
  return {
    ticket,
    url: `${CONSOLE_SOCKET_PATH}?ticket=${encodeURIComponent(ticket)}`,
    expires_at: expires.toISOString(),
  };
}

/**
 * The account and server a ticket opens, marking it used; undefined for a ticket that is
 * unknown, already used or expired (the three are not told apart to the caller).
 */
export function redeemConsoleTicket(
  db: Db,
  ticket: string,
  now: Date,
): { userId: number; serverId: number; credentialHash: string } | undefined {
  const row = db
    .prepare(
      `UPDATE console_tickets SET used_at = @now
       WHERE hash = @hash AND used_at IS NULL AND expires_at > @now
       RETURNING user_id, server_id, credential_hash`,
    )
    .get({ hash: sha256(ticket), now: now.toISOString() }) as
    { user_id: number; server_id: number; credential_hash: string } | undefined;
  return (
    row && { userId: row.user_id, serverId: row.server_id, credentialHash: row.credential_hash }
  );
}
