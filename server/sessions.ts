/** Session tokens: handed out once, stored only as SHA-256 hashes, revoked by deleting the row. */
import type { Db } from './db';
import { newToken, sha256 } from './secrets';

export function createSession(db: Db, userId: number, now: Date): string {
  const token = newToken();
  db.prepare('INSERT INTO sessions (user_id, token_hash, created_at) VALUES (?, ?, ?)').run(
    userId,
    sha256(token),
    now.toISOString(),
  );
  return token;
}

export function userIdForSessionToken(db: Db, token: string): number | undefined {
  const row = db.prepare('SELECT user_id FROM sessions WHERE token_hash = ?').get(sha256(token)) as
    { user_id: number } | undefined;
  return row?.user_id;
}

export function revokeSessions(db: Db, userId: number): void {
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
}
