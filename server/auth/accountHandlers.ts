/** The `account` area of the contract: profile, password and the VAT invoice details. */
import { validateTaxCode } from '../../src/domain/taxCode';
import {
  validateFullName,
  validateNewPassword,
  validatePasswordConfirmation,
} from '../../src/domain/validation';
import { phoneProblems } from '../../src/domain/phone';
import {
  findInvoiceInfo,
  revokeOtherSessions,
  saveInvoiceInfo,
  toProfile,
  updateProfile,
} from './account';
import { ApiError } from '../platform/errors';
import { rejectInvalidFields, signedInUser } from './guards';
import type { HandlerTable } from '../platform/handler';
import { hashPassword, verifyPassword } from '../platform/secrets';
import { findUserById, setPasswordHash } from './users';
import { recordCallerActivity } from './activity';
import { dropUnusedEmailTokens } from './emailTokens';
import { mailSecurityChange } from './authMails';
import { dropSignInTickets } from './twoFactor';

export const accountHandlers: HandlerTable = {
  getProfile: (ctx) => toProfile(signedInUser(ctx)),

  updateProfile: (ctx) => {
    const user = signedInUser(ctx);
    const { fullname, phone, formatted_phone: formatted } = ctx.body;
    // Without a new phone, the shown number is judged against the one the account has.
    const phoneChecks = phoneProblems(phone ?? user.phone, formatted);
    rejectInvalidFields({
      fullname: fullname === undefined ? undefined : validateFullName(fullname),
      phone: phone === undefined ? undefined : phoneChecks.phone,
      formatted_phone: phoneChecks.formatted_phone,
    });
    ctx.db.transaction(() => {
      updateProfile(ctx.db, user, ctx.body);
      if (phone !== undefined && phone !== user.phone) recordCallerActivity(ctx, 'phone_changed');
    })();
    return toProfile(findUserById(ctx.db, user.id) ?? user);
  },

  changePassword: async (ctx) => {
    const user = signedInUser(ctx);
    const { old_password: oldPassword, new_password: password, verify_password } = ctx.body;
    rejectInvalidFields({
      new_password: validateNewPassword(password),
      verify_password: validatePasswordConfirmation(verify_password, password),
    });
    if (!(await verifyPassword(oldPassword, user.password_hash))) {
      throw new ApiError(
        400,
        'server.old_password_wrong',
        {},
        { old_password: 'server.old_password_wrong' },
      );
    }
    if (password === oldPassword) {
      throw new ApiError(
        400,
        'server.refusals.same_password',
        {},
        { new_password: 'server.refusals.same_password' },
      );
    }
    const passwordHash = await hashPassword(password);
    const changed = ctx.db.transaction(() => {
      // Another change may have landed while this one was hashing (two tabs, or someone else
      // with the old password racing the owner): the password checked above is then no longer
      // the account's, and this change must not overwrite that one.
      if (findUserById(ctx.db, user.id)?.password_hash !== user.password_hash) return false;
      setPasswordHash(ctx.db, user.id, passwordHash);
      recordCallerActivity(ctx, 'password_changed');
      // Whoever else knew the old password is signed out, or halfway through signing in, or
      // holds a reset link mailed before; the customer here stays signed in.
      revokeOtherSessions(ctx.db, user.id, ctx.sessionToken);
      dropSignInTickets(ctx.db, user.id);
      dropUnusedEmailTokens(ctx.db, user.id, 'reset');
      mailSecurityChange(ctx.db, user, 'password_changed', ctx.now());
      return true;
    })();
    if (!changed) {
      throw new ApiError(
        400,
        'server.old_password_wrong',
        {},
        { old_password: 'server.old_password_wrong' },
      );
    }
    return { message: ctx.t('server.account_password_changed') };
  },

  getInvoiceInfo: (ctx) => findInvoiceInfo(ctx.db, signedInUser(ctx).id),

  updateInvoiceInfo: (ctx) => {
    const user = signedInUser(ctx);
    rejectInvalidFields({ tax_code: validateTaxCode(ctx.body.tax_code) });
    return saveInvoiceInfo(ctx.db, user.id, ctx.body, ctx.now());
  },
};
