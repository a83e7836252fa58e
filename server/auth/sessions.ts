/**
 * Session tokens: handed out once, stored only as SHA-256 hashes, revoked by deleting the row.
 * A token expires after a stretch without use (idle) and, however much it is used, at an
 * absolute cap after sign-in; an expired token is refused like an unknown one.
 */
import type { components } from '../../src/api/schema';
import { describeUserAgent } from '../../src/domain/userAgent';
import type { Db } from '../platform/db';
import type { Migration } from '../platform/migrations';
import type { ClientInfo, SessionPolicy } from '../platform/handler';
import { newToken, sha256 } from '../platform/secrets';

export type { SessionPolicy };

type AccountSession = components['schemas']['AccountSession'];

/** Where each session was signed in from (issue 20), for the account's list of sessions. */
export const SESSION_DEVICE_MIGRATION: Migration = {
  name: 'auth_session_devices',
  sql: `
    ALTER TABLE sessions ADD COLUMN address TEXT;
    ALTER TABLE sessions ADD COLUMN user_agent TEXT;
  `,
};

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleDays: 30, maxDays: 90 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Recording every use would write on every request; a minute is precise enough for days. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * Sessions one account keeps: signing in again past it ends the least recently used one, so a
 * script that signs in in a loop cannot grow the table without bound (issue 20).
 */
export const SESSIONS_PER_ACCOUNT = 50;

export function createSession(
  db: Db,
  userId: number,
  now: Date,
  policy: SessionPolicy = DEFAULT_SESSION_POLICY,
  client?: ClientInfo,
): string {
  deleteExpiredSessions(db, now, policy);
  const token = newToken();
  db.prepare(
    `INSERT INTO sessions (user_id, token_hash, created_at, last_used_at, address, user_agent)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    userId,
    sha256(token),
    now.toISOString(),
    now.toISOString(),
    client?.address ?? null,
    client?.userAgent ?? null,
  );
  db.prepare(
    `DELETE FROM sessions WHERE user_id = ? AND id NOT IN (
       SELECT id FROM sessions WHERE user_id = ? ORDER BY last_used_at DESC, id DESC LIMIT ?)`,
  ).run(userId, userId, SESSIONS_PER_ACCOUNT);
  return token;
}

interface StoredSession {
  id: number;
  user_id: number;
  created_at: string;
  last_used_at: string;
}

function sessionByHash(db: Db, tokenHash: string): StoredSession | undefined {
  return db
    .prepare('SELECT id, user_id, created_at, last_used_at FROM sessions WHERE token_hash = ?')
    .get(tokenHash) as StoredSession | undefined;
}

/** Past its idle or its maximum age: the session no longer lets anyone in. */
function isPastAge(session: StoredSession, now: Date, policy: SessionPolicy): boolean {
  const { idleSince, createdBefore } = expiryThresholds(now, policy);
  return session.last_used_at <= idleSince || session.created_at <= createdBefore;
}

export function userIdForSessionToken(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy = DEFAULT_SESSION_POLICY,
): number | undefined {
  const row = sessionByHash(db, sha256(token));
  if (!row) return undefined;
  if (isPastAge(row, now, policy)) {
    db.prepare('DELETE FROM sessions WHERE id = ?').run(row.id);
    return undefined;
  }
  if (now.getTime() - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    db.prepare('UPDATE sessions SET last_used_at = ? WHERE id = ?').run(now.toISOString(), row.id);
  }
  return row.user_id;
}

/**
 * Whether the session whose token hashes to `tokenHash` still stands (not signed out, nor past
 * its idle or maximum age), for a check that must not count as a use of it (the web console's).
 */
export function sessionHeld(db: Db, tokenHash: string, now: Date, policy: SessionPolicy): boolean {
  const row = sessionByHash(db, tokenHash);
  return row !== undefined && !isPastAge(row, now, policy);
}

/** Sign-out of one token; answers whether it was a live session. */
export function revokeSession(db: Db, token: string): boolean {
  return db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(sha256(token)).changes > 0;
}

interface SessionRow {
  id: number;
  token_hash: string;
  address: string | null;
  user_agent: string | null;
  created_at: string;
  last_used_at: string;
}

/**
 * The account's live sessions, the most recently used first; `currentToken` (the caller's own)
 * is marked. Never the token nor its hash.
 */
export function listSessions(
  db: Db,
  userId: number,
  currentToken: string | undefined,
  now: Date,
  policy: SessionPolicy,
): AccountSession[] {
  const { idleSince, createdBefore } = expiryThresholds(now, policy);
  const rows = db
    .prepare(
      `SELECT id, token_hash, address, user_agent, created_at, last_used_at FROM sessions
        WHERE user_id = ? AND last_used_at > ? AND created_at > ?
        ORDER BY last_used_at DESC, id DESC`,
    )
    .all(userId, idleSince, createdBefore) as SessionRow[];
  const currentHash = currentToken === undefined ? undefined : sha256(currentToken);
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.user_agent),
    user_agent: row.user_agent,
    address: row.address,
    signed_in: row.created_at,
    last_used: row.last_used_at,
    current: row.token_hash === currentHash,
  }));
}

/** Signs out one of the account's sessions by its id; answers the row it removed, if any. */
export function revokeSessionById(
  db: Db,
  userId: number,
  id: number,
): Pick<SessionRow, 'user_agent' | 'address'> | undefined {
  return db
    .prepare('DELETE FROM sessions WHERE id = ? AND user_id = ? RETURNING user_agent, address')
    .get(id, userId) as Pick<SessionRow, 'user_agent' | 'address'> | undefined;
}

export function revokeSessions(db: Db, userId: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
}

/** Removes the rows of tokens that can no longer be used; answers how many. */
export function deleteExpiredSessions(db: Db, now: Date, policy: SessionPolicy): number {
  const { idleSince, createdBefore } = expiryThresholds(now, policy);
  return db
    .prepare('DELETE FROM sessions WHERE last_used_at <= ? OR created_at <= ?')
    .run(idleSince, createdBefore).changes;
}

// Timestamps are ISO strings in UTC, so comparing them as text compares them as times.
function expiryThresholds(now: Date, policy: SessionPolicy) {
  return {
    idleSince: new Date(now.getTime() - policy.idleDays * DAY_MS).toISOString(),
    createdBefore: new Date(now.getTime() - policy.maxDays * DAY_MS).toISOString(),
  };
}
