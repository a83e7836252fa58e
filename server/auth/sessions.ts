/**
 * Session tokens: handed out once, stored only as SHA-256 hashes, revoked by deleting the row.
 * A token expires after a stretch without use (idle) and, however much it is used, at an
 * absolute cap after sign-in; an expired token is refused like an unknown one.
 */
import type { Db } from '../platform/db';
import type { SessionPolicy } from '../platform/handler';
import { newToken, sha256 } from '../platform/secrets';

export type { SessionPolicy };

export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleDays: 30, maxDays: 90 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Recording every use would write on every request; a minute is precise enough for days. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function createSession(
  db: Db,
  userId: number,
  now: Date,
  policy: SessionPolicy = DEFAULT_SESSION_POLICY,
): string {
  deleteExpiredSessions(db, now, policy);
  const token = newToken();
  db.prepare(
    'INSERT INTO sessions (user_id, token_hash, created_at, last_used_at) VALUES (?, ?, ?, ?)',
  ).run(userId, sha256(token), now.toISOString(), now.toISOString());
  return token;
}

export function userIdForSessionToken(
  db: Db,
  token: string,
  now: Date,
  policy: SessionPolicy = DEFAULT_SESSION_POLICY,
): number | undefined {
  const row = db
    .prepare('SELECT id, user_id, created_at, last_used_at FROM sessions WHERE token_hash = ?')
    .get(sha256(token)) as
    { id: number; user_id: number; created_at: string; last_used_at: string } | undefined;
  if (!row) return undefined;
  const { idleSince, createdBefore } = expiryThresholds(now, policy);
  if (row.last_used_at <= idleSince || row.created_at <= createdBefore) {
    db.prepare('DELETE FROM sessions WHERE id = ?').run(row.id);
    return undefined;
  }
  if (now.getTime() - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
    db.prepare('UPDATE sessions SET last_used_at = ? WHERE id = ?').run(now.toISOString(), row.id);
  }
  return row.user_id;
}

/** Sign-out of one token; answers whether it was a live session. */
export function revokeSession(db: Db, token: string): boolean {
  return db.prepare('DELETE FROM sessions WHERE token_hash = ?').run(sha256(token)).changes > 0;
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
