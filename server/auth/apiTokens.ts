/**
 * API tokens (issue 20): named, scoped, expiring credentials for scripts. Like session tokens
 * they are shown once and stored only as SHA-256 hashes; revoking one deletes its row. The
 * security scheme (auth/security.ts) accepts them where a session is accepted, within their scope
 * and never on the operations the contract marks `x-session-only`.
 */
import type { components } from '../../src/api/schema';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '../../src/domain/apiTokens';
import type { Db } from '../platform/db';
import type { Migration } from '../platform/migrations';
import { newToken, sha256 } from '../platform/secrets';

type ApiToken = components['schemas']['ApiToken'];

export const API_TOKENS_MIGRATION: Migration = {
  name: 'auth_api_tokens',
  sql: `
    CREATE TABLE api_tokens (
      id INTEGER PRIMARY KEY,
      user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name TEXT NOT NULL,
      scope TEXT NOT NULL CHECK (scope IN ('read', 'read_write')),
      token_hash TEXT NOT NULL UNIQUE,
      created_at TEXT NOT NULL,
      expires_at TEXT,
      last_used_at TEXT
    ) STRICT;
    CREATE INDEX api_tokens_user ON api_tokens (user_id);
  `,
};

const DAY_MS = 24 * 60 * 60 * 1000;
/** As for sessions: a minute is precise enough for "last used", and spares a write per call. */
const TOUCH_INTERVAL_MS = 60 * 1000;

interface ApiTokenRow {
  id: number;
  user_id: number;
  name: string;
  scope: ApiTokenScope;
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

export interface NewApiToken {
  name: string;
  scope: ApiTokenScope;
  /** null: never expires. */
  expiresInDays: number | null;
}

/** Stores a new token; answers it and its value, which exists nowhere else afterwards. */
export function createApiToken(
  db: Db,
  userId: number,
  token: NewApiToken,
  now: Date,
): { apiToken: ApiToken; value: string } {
  const value = `${API_TOKEN_PREFIX}${newToken()}`;
  const expiresAt =
    token.expiresInDays === null
      ? null
      : new Date(now.getTime() + token.expiresInDays * DAY_MS).toISOString();
  const row = db
    .prepare(
      `INSERT INTO api_tokens (user_id, name, scope, token_hash, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING *`,
    )
    .get(
      userId,
      token.name,
      token.scope,
      sha256(value),
      now.toISOString(),
      expiresAt,
    ) as ApiTokenRow;
  return { apiToken: toApiToken(row, now), value };
}

export function countApiTokens(db: Db, userId: number): number {
  return (
    db.prepare('SELECT COUNT(*) AS count FROM api_tokens WHERE user_id = ?').get(userId) as {
      count: number;
    }
  ).count;
}

/** Whether the account holds a token (expired or not) of this name, in any letter case. */
export function hasApiTokenNamed(db: Db, userId: number, name: string): boolean {
  // Compared here, not by SQLite's lower(), which leaves Vietnamese letters (Ư, Đ…) as they are.
  const wanted = name.toLocaleLowerCase('vi');
  const names = db.prepare('SELECT name FROM api_tokens WHERE user_id = ?').all(userId) as {
    name: string;
  }[];
  return names.some((row) => row.name.toLocaleLowerCase('vi') === wanted);
}

/** The account's tokens, newest first; expired ones stay listed (as expired) until revoked. */
export function listApiTokens(db: Db, userId: number, now: Date): ApiToken[] {
  const rows = db
    .prepare('SELECT * FROM api_tokens WHERE user_id = ? ORDER BY created_at DESC, id DESC')
    .all(userId) as ApiTokenRow[];
  return rows.map((row) => toApiToken(row, now));
}

/** Deletes one of the account's tokens; answers its name, or undefined when it has none such. */
export function revokeApiToken(db: Db, userId: number, id: number): string | undefined {
  const row = db
    .prepare('DELETE FROM api_tokens WHERE id = ? AND user_id = ? RETURNING name')
    .get(id, userId) as { name: string } | undefined;
  return row?.name;
}

/** Deletes every token of the account (a password reset takes the account back). */
export function revokeApiTokens(db: Db, userId: number): void {
  db.prepare('DELETE FROM api_tokens WHERE user_id = ?').run(userId);
}

/** Whether a bearer value has the shape of an API token (else it can only be a session's). */
export const looksLikeApiToken = (value: string) => value.startsWith(API_TOKEN_PREFIX);

/** The live token of this value; undefined when it is unknown, revoked or expired. */
export function findLiveApiToken(db: Db, value: string, now: Date): LiveApiToken | undefined {
  return liveApiTokenByHash(db, sha256(value), now);
}

/** Whether the token whose value hashes to `tokenHash` is still live (not revoked nor expired). */
export function apiTokenHeld(db: Db, tokenHash: string, now: Date): boolean {
  return liveApiTokenByHash(db, tokenHash, now) !== undefined;
}

function liveApiTokenByHash(db: Db, tokenHash: string, now: Date): ApiTokenRow | undefined {
  const row = db.prepare('SELECT * FROM api_tokens WHERE token_hash = ?').get(tokenHash) as
    ApiTokenRow | undefined;
  return row && !isExpired(row, now) ? row : undefined;
}

export type LiveApiToken = Pick<ApiTokenRow, 'id' | 'user_id' | 'scope' | 'last_used_at'>;

/** Records an accepted use of the token, at most once a minute. */
export function touchApiToken(db: Db, token: LiveApiToken, now: Date): void {
  const lastUsed = token.last_used_at === null ? undefined : Date.parse(token.last_used_at);
  if (lastUsed === undefined || now.getTime() - lastUsed >= TOUCH_INTERVAL_MS) {
    db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').run(
      now.toISOString(),
      token.id,
    );
  }
}

const isExpired = (row: ApiTokenRow, now: Date) =>
  row.expires_at !== null && row.expires_at <= now.toISOString();

function toApiToken(row: ApiTokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created: row.created_at,
    expires: row.expires_at,
    last_used: row.last_used_at,
    expired: isExpired(row, now),
  };
}
