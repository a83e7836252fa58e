/**
 * The account's activity log (issue 20): every security- or money-relevant event of an account,
 * with its time, the caller's address and who acted. Written in the same transaction as the change
 * it records, so a change that rolls back leaves no event behind.
 */
import type { Db } from '../platform/db';
import type { ClientInfo } from '../platform/handler';
import type { Migration } from '../platform/migrations';

/** What happened; the portal's `account.activity.kind.<kind>` message says it in words. */
export type ActivityKind =
  | 'sign_in'
  | 'sign_in_failed'
  | 'password_changed'
  | 'phone_changed'
  | 'email_changed'
  | 'two_factor_enabled'
  | 'two_factor_disabled'
  | 'api_token_created'
  | 'api_token_revoked'
  | 'session_revoked'
  | 'top_up'
  | 'payment'
  | 'order_placed'
  | 'server_created'
  | 'server_deleted'
  | 'server_rebuilt'
  | 'server_resized'
  | 'server_power'
  | 'agency_account_created';

/**
 * Who acted: the customer in the portal, a script with one of the account's API tokens, the
 * customer's agency, or the provider's own timers (renewals, trial end).
 */
export type ActivityActor = 'customer' | 'api_token' | 'agency' | 'system';

export interface ActivityEvent {
  /** The account the event belongs to. */
  userId: number;
  kind: ActivityKind;
  at: Date;
  actor: ActivityActor;
  /** Absent for the provider's own actions, which have no caller. */
  client?: ClientInfo;
  /** A few facts that make the event readable (a server's name, an amount in dong, …). */
  detail?: Readonly<Record<string, string | number>>;
}

export const ACTIVITY_MIGRATION: Migration = {
  name: 'auth_account_activity',
  sql: `
    CREATE TABLE account_activity (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind TEXT NOT NULL,
      actor TEXT NOT NULL,
      address TEXT,
      user_agent TEXT,
      detail TEXT NOT NULL DEFAULT '{}',
      created_at TEXT NOT NULL
    );
    CREATE INDEX account_activity_by_user ON account_activity (user_id, created_at);
  `,
};

export function recordActivity(db: Db, event: ActivityEvent): void {
  db.prepare(
    `INSERT INTO account_activity (user_id, kind, actor, address, user_agent, detail, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    event.userId,
    event.kind,
    event.actor,
    event.client?.address ?? null,
    event.client?.userAgent ?? null,
    JSON.stringify(event.detail ?? {}),
    event.at.toISOString(),
  );
}
