/** Checks most handlers start with: who is asking, may they act, are the fields right. */
import { actionBlockReasons, blockedMessage, type BlockReason } from '../../src/domain/permissions';
import type { Locale } from '../../src/domain/constants';
import type { Db } from '../platform/db';
import { ApiError, unauthorized } from '../platform/errors';
import { translateAny, type MessageKey } from '../platform/i18n';
import { apiTokenHeld } from './apiTokens';
import { sessionHeld, type SessionPolicy } from './sessions';
import { findUserById, toUserInfo } from './users';
import { type UserRow } from './userRows';

interface Caller {
  db: Db;
  now: () => Date;
  userId: number | undefined;
  locale: Locale;
}

export function signedInUser(ctx: Pick<Caller, 'db' | 'userId'>): UserRow {
  const user = ctx.userId === undefined ? undefined : findUserById(ctx.db, ctx.userId);
  if (!user) throw unauthorized();
  return user;
}

/**
 * The action-permission check (spec §5, src/domain/permissions): 403 listing every reason, in the
 * request's language, unless the account is whitelisted. Answers the signed-in user.
 */
export function requireActionAllowed(ctx: Caller): UserRow {
  const user = signedInUser(ctx);
  const now = ctx.now();
  const reasons = actionBlockReasons(toUserInfo(ctx.db, user, now), now);
  if (reasons.length) throw blockedRefusal(reasons, ctx.locale);
  return user;
}

/** The action-permission check's 403: its reasons joined in one sentence of `locale`. */
export function blockedRefusal(reasons: BlockReason[], locale: Locale): ApiError {
  const translate = (key: string, params?: Record<string, unknown>) =>
    translateAny(locale, key, params);
  return ApiError.withMessage(403, blockedMessage(reasons, translate));
}

/** 400 naming each field a shared validator refused; `message` is the first problem itself. */
export function rejectInvalidFields(problems: Record<string, string | undefined>): void {
  const fieldErrors = Object.fromEntries(
    Object.entries(problems).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const [first] = Object.values(fieldErrors);
  if (first !== undefined) throw new ApiError(400, first as MessageKey, {}, fieldErrors);
}

/** The paging pattern's query parameters (defaults already filled in by the contract). */
export interface PageQuery {
  page?: number;
  per_page?: number;
}

export function pageOf(query: PageQuery) {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? 20;
  return { page, per_page: perPage, limit: perPage, offset: (page - 1) * perPage };
}

/** One page of an in-memory list, in the paging pattern's shape. */
export function pageItems<T>(all: readonly T[], query: PageQuery) {
  const { page, per_page, limit, offset } = pageOf(query);
  return { items: all.slice(offset, offset + limit), total: all.length, page, per_page };
}

/**
 * Whether the session or API token whose SHA-256 is `credentialHash` is still held: not signed
 * out, revoked, ended by a password change or reset, nor past its session's age or token's expiry.
 */
export function credentialHeld(
  db: Db,
  credentialHash: string,
  now: Date,
  sessionPolicy: SessionPolicy,
): boolean {
  return (
    sessionHeld(db, credentialHash, now, sessionPolicy) || apiTokenHeld(db, credentialHash, now)
  );
}
