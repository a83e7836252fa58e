/** Six-digit one-time codes sent by e-mail or (simulated) SMS. */
import { OTP_RESEND_SECONDS } from '../../src/domain/constants';
import type { Db } from '../platform/db';
import { newOtpCode, sha256 } from '../platform/secrets';

export type OtpChannel = 'email' | 'sms';

export const OTP_TTL_MS = 10 * 60 * 1000;
/** After this many wrong guesses the code stops working, so six digits cannot be walked through. */
export const OTP_MAX_FAILED_ATTEMPTS = 5;

const hashCode = (userId: number, channel: OtpChannel, code: string) =>
  sha256(`${userId}:${channel}:${code}`);

/**
 * Seconds the account must still wait before another code of this channel is sent (0 when it
 * may): the portal counts the gap down, and the sandbox holds it too, so a script asking three
 * times a second gets one mail, not three.
 */
export function secondsBeforeNextOtp(
  db: Db,
  userId: number,
  channel: OtpChannel,
  now: Date,
): number {
  const last = db
    .prepare('SELECT MAX(created_at) FROM otp_codes WHERE user_id = ? AND channel = ?')
    .pluck()
    .get(userId, channel) as string | null;
  if (!last) return 0;
  const waitMs = new Date(last).getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime();
  return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
}

/** A new code; earlier unused codes for the same channel stop working. */
export function issueOtp(db: Db, userId: number, channel: OtpChannel, now: Date): string {
  const code = newOtpCode();
  db.prepare('DELETE FROM otp_codes WHERE user_id = ? AND channel = ? AND used_at IS NULL').run(
    userId,
    channel,
  );
  db.prepare(
    `INSERT INTO otp_codes (user_id, channel, code_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(
    userId,
    channel,
    hashCode(userId, channel, code),
    now.toISOString(),
    new Date(now.getTime() + OTP_TTL_MS).toISOString(),
  );
  return code;
}

/** True and the code used up when it matches the latest live code; a miss counts as a failure. */
export function consumeOtp(
  db: Db,
  userId: number,
  channel: OtpChannel,
  code: string,
  now: Date,
): boolean {
  return db.transaction(() => {
    const live = db
      .prepare(
        `SELECT id, code_hash, failed_attempts FROM otp_codes
          WHERE user_id = ? AND channel = ? AND used_at IS NULL AND expires_at > ?
          ORDER BY id DESC LIMIT 1`,
      )
      .get(userId, channel, now.toISOString()) as
      { id: number; code_hash: string; failed_attempts: number } | undefined;
    if (!live) return false;
    if (live.code_hash === hashCode(userId, channel, code)) {
      db.prepare('UPDATE otp_codes SET used_at = ? WHERE id = ?').run(now.toISOString(), live.id);
      return true;
    }
    const failures = live.failed_attempts + 1;
    db.prepare('UPDATE otp_codes SET failed_attempts = ?, used_at = ? WHERE id = ?').run(
      failures,
      failures >= OTP_MAX_FAILED_ATTEMPTS ? now.toISOString() : null,
      live.id,
    );
    return false;
  })();
}
