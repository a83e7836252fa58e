/**
 * The account's credentials besides its password (issue 20): the sessions it is signed in with
 * and the API tokens its scripts use. Every operation here is `x-session-only` in the contract,
 * so an API token never reaches them.
 */
import { MAX_API_TOKENS, validateApiTokenName } from '../../src/domain/apiTokens';
import { describeUserAgent } from '../../src/domain/userAgent';
import type { Db } from '../platform/db';
import { ApiError, notFound } from '../platform/errors';
import { Answer, type HandlerTable } from '../platform/handler';
import { revokeOtherSessions } from './account';
import { recordCallerActivity } from './activity';
import {
  countApiTokens,
  createApiToken,
  hasApiTokenNamed,
  listApiTokens,
  revokeApiToken,
} from './apiTokens';
import { pageItems, rejectInvalidFields, signedInUser } from './guards';
import { requirePassword } from './twoFactorHandlers';
import { listSessions, revokeSessionById } from './sessions';

export const credentialHandlers: HandlerTable = {
  listAccountSessions: (ctx) => {
    const user = signedInUser(ctx);
    const sessions = listSessions(ctx.db, user.id, ctx.sessionToken, ctx.now(), ctx.sessionPolicy);
    return pageItems(sessions, ctx.query);
  },

  revokeAccountSession: (ctx) => {
    const user = signedInUser(ctx);
    ctx.db.transaction(() => {
      const revoked = revokeSessionById(ctx.db, user.id, ctx.params.id);
      if (!revoked) throw notFound('server.sessions.not_found');
      recordCallerActivity(ctx, 'session_revoked', deviceDetail(revoked));
    })();
    return new Answer(204, undefined);
  },

  revokeOtherAccountSessions: (ctx) => {
    const user = signedInUser(ctx);
    const revoked = ctx.db.transaction(() => {
      const count = revokeOtherSessions(ctx.db, user.id, ctx.sessionToken);
      if (count > 0) recordCallerActivity(ctx, 'session_revoked', { count });
      return count;
    })();
    return { revoked };
  },

  listApiTokens: (ctx) =>
    pageItems(listApiTokens(ctx.db, signedInUser(ctx).id, ctx.now()), ctx.query),

  createApiToken: async (ctx) => {
    const user = signedInUser(ctx);
    const { scope, expires_in_days: expiresInDays } = ctx.body;
    rejectInvalidFields({ name: validateApiTokenName(ctx.body.name) });
    const name = ctx.body.name.trim();
    // The cap and the name before the slow password check; again below, where the token is made.
    refuseNewToken(ctx.db, user.id, name);
    // A token outlives a change of password: a session alone (a browser left signed in) must
    // not make one.
    await requirePassword(ctx, user);
    const created = ctx.db.transaction(() => {
      refuseNewToken(ctx.db, user.id, name);
      const made = createApiToken(ctx.db, user.id, { name, scope, expiresInDays }, ctx.now());
      recordCallerActivity(ctx, 'api_token_created', { name, scope });
      return made;
    })();
    return new Answer(201, { token: created.value, api_token: created.apiToken });
  },

  revokeApiToken: (ctx) => {
    const user = signedInUser(ctx);
    ctx.db.transaction(() => {
      const name = revokeApiToken(ctx.db, user.id, ctx.params.id);
      if (name === undefined) throw notFound('server.api_tokens.not_found');
      recordCallerActivity(ctx, 'api_token_revoked', { name });
    })();
    return new Answer(204, undefined);
  },
};

/** What the activity log says of a signed-out session: its device and address, as known. */
function deviceDetail(session: { user_agent: string | null; address: string | null }) {
  const { browser, os } = describeUserAgent(session.user_agent);
  return {
    ...(browser && { browser }),
    ...(os && { os }),
    ...(session.address && { address: session.address }),
  };
}

/** 409 when the account holds the most tokens allowed, or one of this name already. */
function refuseNewToken(db: Db, userId: number, name: string): void {
  if (countApiTokens(db, userId) >= MAX_API_TOKENS) {
    throw new ApiError(409, 'server.api_tokens.limit', { limit: MAX_API_TOKENS });
  }
  // Names tell the tokens apart in the list and the activity log, as a script's owner reads them.
  if (hasApiTokenNamed(db, userId, name)) {
    throw new ApiError(
      409,
      'server.api_tokens.name_taken',
      {},
      { name: 'server.api_tokens.name_taken' },
    );
  }
}
