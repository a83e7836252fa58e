/**
 * The account's activity log (issue 20): every security- or money-relevant event of an account,
 * with its time, the caller's address and who acted. Written in the same transaction as the change
 * it records, so a change that rolls back leaves no event behind.
 */
import {
  ACTIVITY_KIND_GROUPS,
  kindsOfGroup,
  type ActivityGroup,
  type ActivityKind,
} from '../../src/domain/activity';
import type { Db } from '../platform/db';
import type { ClientInfo } from '../platform/handler';
import type { Migration } from '../platform/migrations';

/**
 * What happened; the portal's `account.activity.kind.<kind>` message says it in words. The kinds
 * and their filter groups are listed once, in src/domain/activity.ts: add a new kind there.
 */
export type { ActivityKind };

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

/** Finds an account's failed sign-ins by kind quickly, to keep only the latest ones. */
export const ACTIVITY_KIND_INDEX_MIGRATION: Migration = {
  name: 'auth_account_activity_by_kind',
  sql: `CREATE INDEX account_activity_by_user_kind ON account_activity (user_id, kind, id);`,
};

type ActivityDetail = NonNullable<ActivityEvent['detail']>;

/** Who acts in a recorded change, and from where. */
export interface ActingParty {
  actor: ActivityActor;
  client?: ClientInfo;
}

/** The provider's own timers (the life-cycle sweep): no caller, no address. */
export const PROVIDER: ActingParty = { actor: 'system' };

/**
 * A top-up: the customer's own payment, which the card gateway, PayPal or the bank reports to the
 * provider, so there is no customer's address to record.
 */
export const PAID_THROUGH_GATEWAY: ActingParty = { actor: 'customer' };

/**
 * The caller of a request, acting on their own account; the provider itself when the change runs
 * outside any request (no client). A request made with one of the account's API tokens (the
 * context's `viaApiToken`) is the `api_token` actor.
 */
export function callerOf(ctx: { client?: ClientInfo; viaApiToken?: boolean }): ActingParty {
  if (!ctx.client) return PROVIDER;
  return { actor: ctx.viaApiToken ? 'api_token' : 'customer', client: ctx.client };
}

/** An event of `userId`'s account done by `by`: the one-line call a change makes. */
export function recordBy(
  db: Db,
  userId: number,
  kind: ActivityKind,
  at: Date,
  by: ActingParty,
  detail?: ActivityDetail,
): void {
  recordActivity(db, { userId, kind, at, actor: by.actor, client: by.client, detail });
}

/** The signed-in caller's own event, in a handler (nothing when no one is signed in). */
export function recordCallerActivity(
  ctx: { db: Db; now: () => Date; userId: number | undefined; client: ClientInfo },
  kind: ActivityKind,
  detail?: ActivityDetail,
): void {
  if (ctx.userId === undefined) return;
  recordBy(ctx.db, ctx.userId, kind, ctx.now(), callerOf(ctx), detail);
}

/** Failed sign-ins kept per account: older ones are dropped, so guessing cannot grow the log. */
export const FAILED_SIGN_INS_KEPT = 50;

/**
 * A wrong password for an existing account: one small row (never the password typed), and the
 * account's failed sign-ins beyond the latest `FAILED_SIGN_INS_KEPT` dropped in the same step.
 */
export function recordFailedSignIn(db: Db, userId: number, at: Date, client?: ClientInfo): void {
  db.transaction(() => {
    recordActivity(db, { userId, kind: 'sign_in_failed', at, actor: 'customer', client });
    db.prepare(
      `DELETE FROM account_activity WHERE user_id = @user AND kind = 'sign_in_failed'
         AND id <= (SELECT id FROM account_activity WHERE user_id = @user AND kind = 'sign_in_failed'
                     ORDER BY id DESC LIMIT 1 OFFSET @kept)`,
    ).run({ user: userId, kept: FAILED_SIGN_INS_KEPT });
  })();
}

// ---- the list ----

/** Whose events a list shows: one account's, or every customer's of an agency (or one of them). */
export type ActivityScope = { userId: number } | { agencyId: number; accountId?: number };

export interface ActivityFilter {
  group?: ActivityGroup;
  /** ISO instants (see platform/listQuery's dateRangeOf); null for no bound. */
  from: string | null;
  until: string | null;
  limit: number;
  offset: number;
}

interface ActivityRow {
  id: number;
  user_id: number;
  kind: ActivityKind;
  actor: ActivityActor;
  address: string | null;
  user_agent: string | null;
  detail: string;
  created_at: string;
  account_email: string;
  account_name: string;
}

/** One listed event; the agency's list also names the customer's account. */
export interface ListedActivity {
  id: number;
  kind: ActivityKind;
  group: ActivityGroup;
  actor: ActivityActor;
  address: string | null;
  user_agent: string | null;
  detail: Record<string, string | number>;
  created: string;
  account_id: number;
  account_email: string;
  account_name: string;
}

/** A page of the scope's events, newest first, with the total the filter matches. */
export function listActivity(
  db: Db,
  scope: ActivityScope,
  filter: ActivityFilter,
): { items: ListedActivity[]; total: number } {
  const owner =
    'userId' in scope
      ? 'a.user_id = @user'
      : 'u.agency_id = @agency AND (@account IS NULL OR a.user_id = @account)';
  const kinds = filter.group ? kindsOfGroup(filter.group) : [];
  // The kinds are the domain's own names, never the caller's text.
  const kindSql = kinds.length ? `AND a.kind IN (${kinds.map((k) => `'${k}'`).join(', ')})` : '';
  const where = `${owner} ${kindSql}
    AND (@from IS NULL OR a.created_at >= @from) AND (@until IS NULL OR a.created_at < @until)`;
  const params = {
    user: 'userId' in scope ? scope.userId : null,
    agency: 'agencyId' in scope ? scope.agencyId : null,
    account: 'agencyId' in scope ? (scope.accountId ?? null) : null,
    from: filter.from,
    until: filter.until,
  };
  const from = 'FROM account_activity a JOIN users u ON u.id = a.user_id';
  const { total } = db.prepare(`SELECT COUNT(*) AS total ${from} WHERE ${where}`).get(params) as {
    total: number;
  };
  const rows = db
    .prepare(
      `SELECT a.*, u.email AS account_email, u.fullname AS account_name ${from} WHERE ${where}
        ORDER BY a.created_at DESC, a.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: filter.limit, offset: filter.offset }) as ActivityRow[];
  return { items: rows.map(toListedActivity), total };
}

function toListedActivity(row: ActivityRow): ListedActivity {
  return {
    id: row.id,
    kind: row.kind,
    group: ACTIVITY_KIND_GROUPS[row.kind],
    actor: row.actor,
    address: row.address,
    user_agent: row.user_agent,
    detail: JSON.parse(row.detail) as Record<string, string | number>,
    created: row.created_at,
    account_id: row.user_id,
    account_email: row.account_email,
    account_name: row.account_name,
  };
}
