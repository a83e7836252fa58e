/** Single-use, expiring tokens mailed as links: e-mail confirmation and password reset. */
import { EMAIL_CONFIRMATION_TTL_MS, PASSWORD_RESET_TTL_MS } from '../../src/domain/constants';
import type { Db } from '../platform/db';
import { newToken, sha256 } from '../platform/secrets';

export type EmailTokenPurpose = 'confirm' | 'reset';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm: EMAIL_CONFIRMATION_TTL_MS,
  reset: PASSWORD_RESET_TTL_MS,
};

/** A new token for the link; any older unused token of the same purpose stops working. */
export function issueEmailToken(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  now: Date,
): string {
  const token = newToken();
  dropUnusedEmailTokens(db, userId, purpose);
  db.prepare(
    `INSERT INTO email_tokens (user_id, purpose, token_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(
    userId,
    purpose,
    sha256(token),
    now.toISOString(),
    new Date(now.getTime() + EMAIL_TOKEN_TTL_MS[purpose]).toISOString(),
  );
  return token;
}

/**
 * Every unused link of this purpose stops working: a new one replaces them, and a changed
 * password ends the reset links mailed before it (whoever had the mailbox then keeps no way in).
 */
export function dropUnusedEmailTokens(db: Db, userId: number, purpose: EmailTokenPurpose): void {
  db.prepare('DELETE FROM email_tokens WHERE user_id = ? AND purpose = ? AND used_at IS NULL').run(
    userId,
    purpose,
  );
}

/**
 * Marks the token used and answers its user, or undefined when the token is unknown, used,
 * expired or meant for something else. Call it inside the transaction that acts on the user.
 */
export function consumeEmailToken(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): number | undefined {
  const row = db
    .prepare(
      `UPDATE email_tokens SET used_at = ?
        WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
        RETURNING user_id`,
    )
    .get(now.toISOString(), sha256(token), purpose, now.toISOString()) as
    { user_id: number } | undefined;
  return row?.user_id;
}

/** Whether the token would be accepted now, without using it up. */
export function isEmailTokenUsable(
  db: Db,
  token: string,
  purpose: EmailTokenPurpose,
  now: Date,
): boolean {
  const row = db
    .prepare(
      `SELECT 1 FROM email_tokens
        WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?`,
    )
    .get(sha256(token), purpose, now.toISOString());
  return row !== undefined;
}

/** Whether the token is one that was issued for `purpose` and has been used (issue 20). */
export function isEmailTokenUsed(db: Db, token: string, purpose: EmailTokenPurpose): boolean {
  const row = db
    .prepare(
      `SELECT 1 FROM email_tokens WHERE token_hash = ? AND purpose = ? AND used_at IS NOT NULL`,
    )
    .get(sha256(token), purpose);
  return row !== undefined;
}
