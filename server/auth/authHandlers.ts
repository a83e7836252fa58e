/** The `auth` area of the contract: sign-up, sign-in, e-mail confirmation, reset, trial, OTP. */
import {
  validateEmail,
  validateFullName,
  validateNewPassword,
  validatePasswordConfirmation,
} from '../../src/domain/validation';
import { phoneProblems } from '../../src/domain/phone';
import { SANDBOX_RECAPTCHA_TOKEN } from '../../src/domain/constants';
import {
  consumeEmailToken,
  isEmailTokenUsable,
  isEmailTokenUsed,
  issueEmailToken,
} from './emailTokens';
import type { Db } from '../platform/db';
import { ApiError, badRequest } from '../platform/errors';
import { rejectInvalidFields, signedInUser } from './guards';
import { callerOf, recordBy, recordCallerActivity } from './activity';
import type { HandlerContext, HandlerTable, OperationId } from '../platform/handler';
import {
  confirmationLink,
  mailConfirmation,
  mailOtp,
  mailPasswordReset,
  mailSmsOtp,
  passwordResetLink,
} from './authMails';
import {
  consumeOtp,
  issueOtp,
  OTP_TTL_MS,
  secondsBeforeNextOtp,
  type OtpChannel,
} from './otpCodes';
import { hashPassword } from '../platform/secrets';
import { createSession, revokeSession, revokeSessions } from './sessions';
import { revokeApiTokens } from './apiTokens';
import { revokeOtherSessions } from './account';
import {
  createUser,
  findUserByEmail,
  markEmailVerified,
  markPhoneVerified,
  setPasswordHash,
  toUserInfo,
} from './users';
import { type UserRow } from './userRows';
import { dropSignInTickets, isTwoFactorEnabled } from './twoFactor';
import { secondStepChallenge } from './twoFactorHandlers';

export const authHandlers: HandlerTable = {
  getCurrentUser: (ctx) => toUserInfo(ctx.db, signedInUser(ctx), ctx.now()),

  // The security layer has already checked the e-mail and password (basic auth).
  getToken: (ctx) =>
    ctx.db.transaction(() => {
      // Two-step sign-in on: the password alone gives a ticket for the code, not a session.
      if (isTwoFactorEnabled(ctx.db, signedInUser(ctx).id)) return secondStepChallenge(ctx);
      recordCallerActivity(ctx, 'sign_in');
      return {
        token: createSession(
          ctx.db,
          signedInUser(ctx).id,
          ctx.now(),
          ctx.sessionPolicy,
          ctx.client,
        ),
      };
    })(),

  // Our extension (spec §7 has no sign-out call): the token of this request stops working.
  revokeToken: (ctx) => {
    if (ctx.sessionToken) revokeSession(ctx.db, ctx.sessionToken);
  },

  registerUser: async (ctx) => {
    const { body } = ctx;
    rejectInvalidFields({
      email: validateEmail(body.email),
      password: validateNewPassword(body.password),
      verify_password: validatePasswordConfirmation(body.verify_password, body.password),
      fullname: validateFullName(body.fullname),
      ...phoneProblems(body.phone, body.formatted_phone),
    });
    if (findUserByEmail(ctx.db, body.email)) throw emailTaken();
    const passwordHash = await hashPassword(body.password);
    const now = ctx.now();
    try {
      ctx.db.transaction(() => {
        const { email, fullname, phone, formatted_phone } = body;
        const fields = { email, fullname, phone, formatted_phone, password_hash: passwordHash };
        sendConfirmation(ctx, createUser(ctx.db, fields, now));
      })();
    } catch (error) {
      // Another registration for the same address won the race while the password was hashed.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw emailTaken();
      throw error;
    }
    return { message: ctx.t('server.registered') };
  },

  resendEmailConfirmation: (ctx) => {
    const user = signedInUser(ctx);
    if (user.email_verified) throw badRequest('server.email_already_verified');
    ctx.db.transaction(() => sendConfirmation(ctx, user))();
    return { data: { email: user.email } };
  },

  confirmEmail: (ctx) => {
    const now = ctx.now();
    const token = ctx.db.transaction(() => {
      const userId = consumeEmailToken(ctx.db, ctx.body.token, 'confirm', now);
      if (userId === undefined && isEmailTokenUsed(ctx.db, ctx.body.token, 'confirm')) {
        // A second click on the same link: the address is confirmed, nothing is wrong (issue 20).
        throw new ApiError(409, 'server.refusals.email_already_confirmed');
      }
      if (userId === undefined) throw badRequest('server.invalid_link');
      markEmailVerified(ctx.db, userId);
      // The sessions opened before the address was confirmed end: whoever registered it (the
      // owner of the mailbox may not be the one who did) or an agency that created the account
      // keeps no way in that the confirmation made worth more.
      revokeSessions(ctx.db, userId);
      // The link signs in: the log names that way in, with who opened it and from where.
      recordBy(ctx.db, userId, 'email_confirmed', now, callerOf(ctx));
      return createSession(ctx.db, userId, now, ctx.sessionPolicy, ctx.client);
    })();
    return { token };
  },

  requestPasswordReset: (ctx) => {
    const user = findUserByEmail(ctx.db, ctx.body.email);
    if (user) {
      ctx.db.transaction(() => {
        const token = issueEmailToken(ctx.db, user.id, 'reset', ctx.now());
        mailPasswordReset(ctx.db, user, passwordResetLink(ctx.origin, token), ctx.now());
      })();
    }
    return { message: ctx.t('server.reset_requested') };
  },

  resetPassword: async (ctx) => {
    const { token, new_password: password } = ctx.body;
    rejectInvalidFields({ new_password: validateNewPassword(password) });
    // Checked before the slow hashing; used up below, in the transaction that changes the password.
    if (!isEmailTokenUsable(ctx.db, token, 'reset', ctx.now()))
      throw badRequest('server.invalid_link');
    const passwordHash = await hashPassword(password);
    const now = ctx.now();
    ctx.db.transaction(() => {
      const userId = consumeEmailToken(ctx.db, token, 'reset', now);
      if (userId === undefined) throw badRequest('server.invalid_link');
      setPasswordHash(ctx.db, userId, passwordHash);
      // A reset is how an account is taken back: whoever held it loses every way in, scripts'
      // tokens too (a change of password, made signed in, keeps them).
      revokeSessions(ctx.db, userId);
      revokeApiTokens(ctx.db, userId);
      dropSignInTickets(ctx.db, userId);
      recordBy(ctx.db, userId, 'password_reset', now, callerOf(ctx));
    })();
    return { message: ctx.t('server.password_changed') };
  },

  requestEmailOtp: (ctx) => {
    const user = signedInUser(ctx);
    requireOtpGap(ctx.db, user.id, 'email', ctx.now());
    ctx.db.transaction(() => {
      mailOtp(ctx.db, user, issueOtp(ctx.db, user.id, 'email', ctx.now()), ctx.now());
    })();
    return { message: ctx.t('server.otp_sent') };
  },

  verifyEmailOtp: (ctx) => {
    const user = signedInUser(ctx);
    if (!consumeOtp(ctx.db, user.id, 'email', ctx.body.otp, ctx.now())) {
      throw badRequest('server.otp_invalid');
    }
    // Receiving the code proves the address belongs to the user, who keeps this session; like
    // the mailed link, confirming the address ends the others opened before it.
    if (!user.email_verified) {
      ctx.db.transaction(() => {
        markEmailVerified(ctx.db, user.id);
        revokeOtherSessions(ctx.db, user.id, ctx.sessionToken);
      })();
    }
    return { message: ctx.t('server.otp_verified') };
  },

  // There is no reCAPTCHA service to ask: the sandbox accepts its one documented test token.
  requestSmsOtp: (ctx) => {
    const user = signedInUser(ctx);
    if (ctx.body.recaptchaToken !== SANDBOX_RECAPTCHA_TOKEN) {
      throw new ApiError(
        400,
        'server.recaptcha_invalid',
        {},
        { recaptchaToken: 'server.recaptcha_invalid' },
      );
    }
    requireOtpGap(ctx.db, user.id, 'sms', ctx.now());
    ctx.db.transaction(() => {
      const code = issueOtp(ctx.db, user.id, 'sms', ctx.now());
      mailSmsOtp(ctx.db, user, user.phone, code, ctx.now());
    })();
    return { data: { phone: user.phone, expires_in: OTP_TTL_MS / 1000 } };
  },

  verifySmsOtp: (ctx) => {
    const user = signedInUser(ctx);
    if (!consumeOtp(ctx.db, user.id, 'sms', ctx.body.otp, ctx.now())) {
      throw badRequest('server.otp_invalid');
    }
    markPhoneVerified(ctx.db, user.id);
    return { data: { phone_verified: true } };
  },
};

type CommonContext = Pick<HandlerContext<OperationId>, 'db' | 'now' | 'origin' | 'userId'>;

function sendConfirmation(
  ctx: CommonContext,
  user: Pick<UserRow, 'id' | 'email' | 'fullname' | 'email_verified'>,
): void {
  const token = issueEmailToken(ctx.db, user.id, 'confirm', ctx.now());
  mailConfirmation(ctx.db, user, confirmationLink(ctx.origin, token), ctx.now());
}

const emailTaken = () =>
  new ApiError(409, 'server.email_taken', {}, { email: 'server.email_taken' });

/** 429 while the last code of the channel is younger than the resend gap (nothing is mailed). */
function requireOtpGap(db: Db, userId: number, channel: OtpChannel, now: Date): void {
  const seconds = secondsBeforeNextOtp(db, userId, channel, now);
  if (seconds > 0) throw new ApiError(429, 'server.otp_wait', { seconds });
}
