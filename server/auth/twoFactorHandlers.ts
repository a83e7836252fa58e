/**
 * Two-step sign-in's operations (issue 20, our extension of the contract): the account's state,
 * enrolment (a secret, then a code that confirms it and answers the recovery codes), new recovery
 * codes, turning it off, and the sign-in's second step. The rules themselves are in twoFactor.ts.
 */
import { ApiError, badRequest, unauthorized } from '../platform/errors';
import type { HandlerContext, HandlerTable, OperationId } from '../platform/handler';
import type { MessageKey } from '../platform/i18n';
import { tooManyRequests } from '../platform/rateLimits';
import { verifyPassword } from '../platform/secrets';
import { callerOf, recordBy, recordCallerActivity, recordFailedSignIn } from './activity';
import { mailSecurityChange } from './authMails';
import { signedInUser } from './guards';
import type { UserRow } from './userRows';
import { createSession } from './sessions';
import {
  acceptSecondFactor,
  codeRetryAfterMs,
  confirmEnrolment,
  disableTwoFactor,
  failTicket,
  forgetCodeFailure,
  hasPendingEnrolment,
  isTwoFactorEnabled,
  issueSecondStepTicket,
  recordCodeFailure,
  replaceRecoveryCodes,
  SECOND_STEP_TTL_MS,
  startEnrolment,
  ticketHolder,
  twoFactorState,
  spendTicket,
} from './twoFactor';

/** What `GET /auth/token` answers, instead of a session, once the password of a 2FA account is right. */
export function secondStepChallenge(
  ctx: Pick<HandlerContext<'getToken'>, 'db' | 'now' | 'userId'>,
) {
  const userId = signedInUser(ctx).id;
  return {
    two_factor_required: true as const,
    ticket: issueSecondStepTicket(ctx.db, userId, ctx.now()),
    expires_in: SECOND_STEP_TTL_MS / 1000,
  };
}

const fieldError = (field: string, key: MessageKey) => new ApiError(400, key, {}, { [field]: key });
const wrongCode = () => fieldError('code', 'server.two_factor.code_invalid');

/** 429 while the account has sent too many wrong codes lately (checked before any work). */
function requireCodeBudget(
  ctx: Pick<HandlerContext<OperationId>, 'db'>,
  userId: number,
  now: Date,
) {
  const waitMs = codeRetryAfterMs(ctx.db, userId, now);
  if (waitMs > 0) throw tooManyRequests(waitMs);
}

/**
 * The account's password, asked again for what a session alone must not do: turning two-step
 * sign-in on or off, renewing its recovery codes, making an API token. Wrong passwords count
 * against the same budget as wrong codes (checked first, before the slow hash): this is no
 * password oracle. The attempt is counted as wrong before the hash and taken back once the
 * password proves right, so requests sent together cannot all pass the check while their hashes
 * run: at most the budget's worth is ever being checked.
 */
export async function requirePassword(
  ctx: HandlerContext<
    'confirmTwoFactorSetup' | 'disableTwoFactor' | 'renewTwoFactorRecoveryCodes' | 'createApiToken'
  >,
  user: { id: number; password_hash: string },
) {
  const now = ctx.now();
  requireCodeBudget(ctx, user.id, now);
  const attempt = recordCodeFailure(ctx.db, user.id, now);
  if (!(await verifyPassword(ctx.body.password, user.password_hash))) {
    throw fieldError('password', 'server.two_factor.password_wrong');
  }
  forgetCodeFailure(ctx.db, attempt);
}

/**
 * Runs `change` for an account with two-step sign-in on, once its password and a code (of the app,
 * or an unused recovery code) prove the owner asks for it: in one transaction with using the code
 * up. A wrong code counts against the account's budget and changes nothing.
 */
async function provedByOwner<T>(
  ctx: HandlerContext<'disableTwoFactor' | 'renewTwoFactorRecoveryCodes'>,
  user: UserRow,
  change: () => T,
): Promise<T> {
  if (!isTwoFactorEnabled(ctx.db, user.id)) throw badRequest('server.two_factor.not_on');
  await requirePassword(ctx, user);
  const now = ctx.now();
  const done = ctx.db.transaction(() =>
    acceptSecondFactor(ctx.db, user.id, ctx.body.code, now) ? { result: change() } : undefined,
  )();
  if (!done) {
    recordCodeFailure(ctx.db, user.id, now);
    throw wrongCode();
  }
  return done.result;
}

export const twoFactorHandlers: HandlerTable = {
  getTwoFactor: (ctx) => {
    const state = twoFactorState(ctx.db, signedInUser(ctx).id);
    return {
      enabled: state.enabled,
      enabled_at: state.enabledAt,
      recovery_codes_left: state.recoveryCodesLeft,
    };
  },

  startTwoFactorSetup: (ctx) => {
    const user = signedInUser(ctx);
    if (isTwoFactorEnabled(ctx.db, user.id)) throw badRequest('server.two_factor.already_on');
    // Recovery by e-mail must reach the customer: an unconfirmed account never gets here
    // (auth/emailHold.ts).
    const { secret, uri } = startEnrolment(ctx.db, user, ctx.now());
    return { secret, otpauth_uri: uri };
  },

  confirmTwoFactorSetup: async (ctx) => {
    const user = signedInUser(ctx);
    if (isTwoFactorEnabled(ctx.db, user.id)) throw badRequest('server.two_factor.already_on');
    if (!hasPendingEnrolment(ctx.db, user.id)) throw badRequest('server.two_factor.not_pending');
    // The password too: a session alone must not put the owner behind a code someone else holds.
    await requirePassword(ctx, user);
    const now = ctx.now();
    const codes = ctx.db.transaction(() => {
      const confirmed = confirmEnrolment(ctx.db, user.id, ctx.body.code, now);
      if (confirmed) {
        recordCallerActivity(ctx, 'two_factor_enabled');
        mailSecurityChange(ctx.db, user, 'two_factor_on', now);
      }
      return confirmed;
    })();
    if (!codes) throw wrongCode();
    return { recovery_codes: codes };
  },

  disableTwoFactor: async (ctx) => {
    const user = signedInUser(ctx);
    await provedByOwner(ctx, user, () => {
      disableTwoFactor(ctx.db, user.id);
      recordCallerActivity(ctx, 'two_factor_disabled');
      mailSecurityChange(ctx.db, user, 'two_factor_off', ctx.now());
    });
    return { message: ctx.t('server.two_factor.disabled') };
  },

  renewTwoFactorRecoveryCodes: async (ctx) => {
    const user = signedInUser(ctx);
    const codes = await provedByOwner(ctx, user, () => {
      const renewed = replaceRecoveryCodes(ctx.db, user.id);
      recordCallerActivity(ctx, 'two_factor_codes_renewed');
      mailSecurityChange(ctx.db, user, 'recovery_codes_renewed', ctx.now());
      return renewed;
    });
    return { recovery_codes: codes };
  },

  completeTwoFactorSignIn: (ctx) => {
    const now = ctx.now();
    const ticket = ticketHolder(ctx.db, ctx.body.ticket, now);
    if (!ticket) throw unauthorized('server.two_factor.ticket_expired');
    const userId = ticket.user_id;
    requireCodeBudget(ctx, userId, now);
    const token = ctx.db.transaction(() => {
      if (!acceptSecondFactor(ctx.db, userId, ctx.body.code, now)) return undefined;
      spendTicket(ctx.db, ticket.id);
      recordBy(ctx.db, userId, 'sign_in', now, callerOf(ctx));
      return createSession(ctx.db, userId, now, ctx.sessionPolicy, ctx.client);
    })();
    if (token === undefined) {
      ctx.db.transaction(() => {
        failTicket(ctx.db, ticket);
        recordCodeFailure(ctx.db, userId, now);
        // The password was right: a wrong code is worth the account holder's attention.
        recordFailedSignIn(ctx.db, userId, now, ctx.client);
      })();
      throw wrongCode();
    }
    return { token };
  },
};
