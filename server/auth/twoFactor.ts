/**
 * Two-step sign-in (issue 20): time-based one-time passwords (TOTP, RFC 6238: HMAC-SHA-1, six
 * digits, 30-second steps) computed by the `otpauth` library, ten single-use recovery codes, and
 * the short-lived tickets that carry a sign-in from the password to the code.
 *
 * The TOTP secret must be readable to check codes, so it is stored as it is; recovery codes and
 * tickets are random enough to be stored as SHA-256 hashes only. Nothing here is ever mailed.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Db } from '../platform/db';
import type { Migration } from '../platform/migrations';
import { newToken, sha256 } from '../platform/secrets';

/** The name authenticator apps show above the account's e-mail. */
export const TOTP_ISSUER = 'IDC Cloud';
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side, for clocks that drift a little (RFC 6238 §5.2). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** How long the password step holds before the code must follow. */
export const SECOND_STEP_TTL_MS = 5 * 60 * 1000;
/** Open tickets one account keeps; signing in again drops the oldest. */
export const OPEN_TICKETS_KEPT = 5;
/** Wrong codes one ticket survives; then the password must be given again. */
export const SECOND_STEP_MAX_TRIES = 5;
/** Wrong codes (at sign-in or when turning two-step sign-in off) an account may send per window. */
export const CODE_FAILURES_PER_WINDOW = 10;
export const CODE_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const TWO_FACTOR_MIGRATION: Migration = {
  name: 'auth_two_factor',
  sql: `
    CREATE TABLE two_factor (
      user_id INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret TEXT NOT NULL,
      -- NULL while enrolment waits for its first code.
      enabled_at TEXT,
      -- The newest time step whose code was accepted: no code is accepted twice.
      last_step INTEGER NOT NULL DEFAULT 0,
      created_at TEXT NOT NULL
    );
    CREATE TABLE two_factor_recovery_codes (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash TEXT NOT NULL,
      used_at TEXT
    );
    CREATE INDEX two_factor_recovery_codes_by_user ON two_factor_recovery_codes (user_id);
    CREATE TABLE two_factor_tickets (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      ticket_hash TEXT NOT NULL UNIQUE,
      expires_at TEXT NOT NULL,
      failed_attempts INTEGER NOT NULL DEFAULT 0
    );
    CREATE TABLE two_factor_failures (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      at TEXT NOT NULL
    );
    CREATE INDEX two_factor_failures_by_user ON two_factor_failures (user_id, at);
  `,
};

interface TwoFactorRow {
  user_id: number;
  secret: string;
  enabled_at: string | null;
  last_step: number;
}

function rowOf(db: Db, userId: number): TwoFactorRow | undefined {
  return db
    .prepare('SELECT user_id, secret, enabled_at, last_step FROM two_factor WHERE user_id = ?')
    .get(userId) as TwoFactorRow | undefined;
}

export interface TwoFactorState {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

export function twoFactorState(db: Db, userId: number): TwoFactorState {
  const row = rowOf(db, userId);
  const enabledAt = row?.enabled_at ?? null;
  const { left } = db
    .prepare(
      'SELECT COUNT(*) AS left FROM two_factor_recovery_codes WHERE user_id = ? AND used_at IS NULL',
    )
    .get(userId) as { left: number };
  return { enabled: enabledAt !== null, enabledAt, recoveryCodesLeft: enabledAt ? left : 0 };
}

export const isTwoFactorEnabled = (db: Db, userId: number): boolean =>
  rowOf(db, userId)?.enabled_at != null;

function totpFor(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/**
 * Starts (or restarts) enrolment with a new 160-bit secret, pending until a code confirms it.
 * Answers the secret in base32 and its `otpauth://` URI, the QR code's content.
 */
export function startEnrolment(
  db: Db,
  user: { id: number; email: string },
  now: Date,
): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  db.prepare(
    `INSERT INTO two_factor (user_id, secret, enabled_at, last_step, created_at)
     VALUES (?, ?, NULL, 0, ?)
     ON CONFLICT (user_id) DO UPDATE SET secret = excluded.secret, enabled_at = NULL,
       last_step = 0, created_at = excluded.created_at`,
  ).run(user.id, secret, now.toISOString());
  return { secret, uri: totpFor(secret, user.email).toString() };
}

/** Digits only, spaces and dashes dropped; a recovery code lower-cased the same way. */
export function normalizeCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

const isTotpShaped = (code: string) => /^\d{6}$/.test(code);

/**
 * Checks a TOTP code against the account's secret (pending or enabled) and, when it matches a
 * time step newer than the last accepted one, records that step: a code works once.
 */
function acceptTotp(db: Db, userId: number, code: string, now: Date): boolean {
  const row = rowOf(db, userId);
  if (!row || !isTotpShaped(code)) return false;
  const timestamp = now.getTime();
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(row.secret),
    period: TOTP_PERIOD_SECONDS,
    timestamp,
    window: TOTP_WINDOW,
  });
  if (delta === null) return false;
  const step = TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
  // Only a newer step wins, so two requests with the same code cannot both pass.
  return (
    db
      .prepare('UPDATE two_factor SET last_step = ? WHERE user_id = ? AND last_step < ?')
      .run(step, userId, step).changes === 1
  );
}

/** Uses up one unused recovery code of the account. */
function acceptRecoveryCode(db: Db, userId: number, code: string, now: Date): boolean {
  return (
    db
      .prepare(
        `UPDATE two_factor_recovery_codes SET used_at = ?
          WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`,
      )
      .run(now.toISOString(), userId, sha256(code)).changes === 1
  );
}

/** A current TOTP code, or an unused recovery code (used up), of an account with 2FA on. */
export function acceptSecondFactor(db: Db, userId: number, rawCode: string, now: Date): boolean {
  if (!isTwoFactorEnabled(db, userId)) return false;
  const code = normalizeCode(rawCode);
  return isTotpShaped(code)
    ? acceptTotp(db, userId, code, now)
    : acceptRecoveryCode(db, userId, code, now);
}

// Recovery codes: ten characters of an alphabet without look-alikes (no 0/o, 1/l/i), ~50 bits.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)],
  );
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Confirms a pending enrolment with a code of its secret: two-step sign-in is on from now, and
 * the account gets ten new recovery codes, answered here once (only their hashes are kept).
 * Answers undefined when there is no pending enrolment or the code does not match.
 */
export function confirmEnrolment(
  db: Db,
  userId: number,
  rawCode: string,
  now: Date,
): string[] | undefined {
  const row = rowOf(db, userId);
  if (!row || row.enabled_at !== null) return undefined;
  if (!acceptTotp(db, userId, normalizeCode(rawCode), now)) return undefined;
  db.prepare('UPDATE two_factor SET enabled_at = ? WHERE user_id = ?').run(
    now.toISOString(),
    userId,
  );
  const codes = replaceRecoveryCodes(db, userId);
  // An unused confirmation link signs in by itself (confirmEmail): none may outlive this.
  db.prepare(
    "DELETE FROM email_tokens WHERE user_id = ? AND purpose = 'confirm' AND used_at IS NULL",
  ).run(userId);
  return codes;
}

/** Ten new recovery codes for the account, answered once; every old one stops working. */
export function replaceRecoveryCodes(db: Db, userId: number): string[] {
  db.prepare('DELETE FROM two_factor_recovery_codes WHERE user_id = ?').run(userId);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const insert = db.prepare(
    'INSERT INTO two_factor_recovery_codes (user_id, code_hash) VALUES (?, ?)',
  );
  for (const code of codes) insert.run(userId, sha256(normalizeCode(code)));
  return codes;
}

export function hasPendingEnrolment(db: Db, userId: number): boolean {
  const row = rowOf(db, userId);
  return row !== undefined && row.enabled_at === null;
}

/** Turns two-step sign-in off: the secret, the recovery codes and open tickets are gone. */
export function disableTwoFactor(db: Db, userId: number): void {
  for (const table of ['two_factor', 'two_factor_recovery_codes', 'two_factor_tickets']) {
    db.prepare(`DELETE FROM ${table} WHERE user_id = ?`).run(userId);
  }
}

/** A new password ends the sign-ins that the old one had started and a code would finish. */
export function dropSignInTickets(db: Db, userId: number): void {
  db.prepare('DELETE FROM two_factor_tickets WHERE user_id = ?').run(userId);
}

/** After the password: a single-use ticket that the code exchanges for a session. */
export function issueSecondStepTicket(db: Db, userId: number, now: Date): string {
  db.prepare('DELETE FROM two_factor_tickets WHERE expires_at <= ?').run(now.toISOString());
  const ticket = newToken();
  db.prepare(
    'INSERT INTO two_factor_tickets (user_id, ticket_hash, expires_at) VALUES (?, ?, ?)',
  ).run(userId, sha256(ticket), new Date(now.getTime() + SECOND_STEP_TTL_MS).toISOString());
  // Signing in again and again keeps only the latest few open: no unbounded rows.
  db.prepare(
    `DELETE FROM two_factor_tickets WHERE user_id = @user AND id NOT IN
       (SELECT id FROM two_factor_tickets WHERE user_id = @user ORDER BY id DESC LIMIT @kept)`,
  ).run({ user: userId, kept: OPEN_TICKETS_KEPT });
  return ticket;
}

interface TicketRow {
  id: number;
  user_id: number;
  failed_attempts: number;
}

/** The account a live ticket stands for, or undefined when it is unknown, used or expired. */
export function ticketHolder(db: Db, ticket: string, now: Date): TicketRow | undefined {
  return db
    .prepare(
      `SELECT id, user_id, failed_attempts FROM two_factor_tickets
        WHERE ticket_hash = ? AND expires_at > ?`,
    )
    .get(sha256(ticket), now.toISOString()) as TicketRow | undefined;
}

export function spendTicket(db: Db, ticketId: number): void {
  db.prepare('DELETE FROM two_factor_tickets WHERE id = ?').run(ticketId);
}

/** Counts a wrong code against the ticket, which is gone after SECOND_STEP_MAX_TRIES of them. */
export function failTicket(db: Db, ticket: TicketRow): void {
  if (ticket.failed_attempts + 1 >= SECOND_STEP_MAX_TRIES) spendTicket(db, ticket.id);
  else
    db.prepare(
      'UPDATE two_factor_tickets SET failed_attempts = failed_attempts + 1 WHERE id = ?',
    ).run(ticket.id);
}

/**
 * The guessing limit, per account as wrong passwords are per e-mail: milliseconds until the
 * account may try a code again, or 0 while it is under CODE_FAILURES_PER_WINDOW wrong codes.
 */
export function codeRetryAfterMs(db: Db, userId: number, now: Date): number {
  const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS).toISOString();
  const rows = db
    .prepare(
      'SELECT at FROM two_factor_failures WHERE user_id = ? AND at > ? ORDER BY at DESC LIMIT ?',
    )
    .all(userId, since, CODE_FAILURES_PER_WINDOW) as { at: string }[];
  const oldest = rows[CODE_FAILURES_PER_WINDOW - 1];
  if (!oldest) return 0;
  return Math.max(1000, Date.parse(oldest.at) + CODE_FAILURE_WINDOW_MS - now.getTime());
}

/** Counts a wrong code or password against the account's budget; answers the failure's id. */
export function recordCodeFailure(db: Db, userId: number, now: Date): number {
  const since = new Date(now.getTime() - CODE_FAILURE_WINDOW_MS).toISOString();
  db.prepare('DELETE FROM two_factor_failures WHERE user_id = ? AND at <= ?').run(userId, since);
  const inserted = db
    .prepare('INSERT INTO two_factor_failures (user_id, at) VALUES (?, ?)')
    .run(userId, now.toISOString());
  return Number(inserted.lastInsertRowid);
}

/** Takes back a failure counted ahead of a check that then passed (see requirePassword). */
export function forgetCodeFailure(db: Db, failureId: number): void {
  db.prepare('DELETE FROM two_factor_failures WHERE id = ?').run(failureId);
}
