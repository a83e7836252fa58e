/**
 * The `agency` area of the contract (our extension): an agency's customer accounts, the accounts
 * it creates, their invoices and its report. Every operation answers 403 to an account that is
 * not an agency, and an agency only ever sees the accounts that belong to it (agency/agency.ts).
 */
import { validateEmail, validateFullName, validateNewPassword } from '../../src/domain/validation';
import { phoneProblems } from '../../src/domain/phone';
import {
  agencyCustomer,
  agencyCustomers,
  agencyInvoices,
  agencyReport,
  assignToAgency,
  matchesSearch,
} from './agency';
import { issueEmailToken } from '../auth/emailTokens';
import { listActivity, recordBy, callerOf } from '../auth/activity';
import { dateRangeOf } from '../platform/listQuery';
import { ApiError, notFound } from '../platform/errors';
import { refuseAtLimit } from '../platform/accountLimits';
import { pageItems, pageOf, rejectInvalidFields, signedInUser } from '../auth/guards';
import type { HandlerContext, HandlerTable, OperationId } from '../platform/handler';
import { confirmationLink, mailConfirmation } from '../auth/authMails';
import { hashPassword } from '../platform/secrets';
import { createUser, findUserByEmail } from '../auth/users';
import { type UserRow } from '../auth/userRows';

/** Vietnam is UTC+7: the report's default year is the one under way there. */
const VIETNAM_OFFSET_MS = 7 * 60 * 60 * 1000;

export const agencyHandlers: HandlerTable = {
  listAgencyAccounts: (ctx) => {
    const agency = requireAgency(ctx);
    const search = ctx.query.search?.trim();
    const accounts = agencyCustomers(ctx.db, agency.id).filter(
      (account) => !search || matchesSearch(account, search),
    );
    return pageItems(accounts, ctx.query);
  },

  createAgencyAccount: async (ctx) => {
    const agency = requireAgency(ctx);
    const { body } = ctx;
    rejectInvalidFields({
      email: validateEmail(body.email),
      password: validateNewPassword(body.password),
      fullname: validateFullName(body.fullname),
      ...phoneProblems(body.phone, body.formatted_phone),
    });
    refuseAgencyAccountAtLimit(ctx, agency.id);
    if (findUserByEmail(ctx.db, body.email)) throw emailTaken();
    const passwordHash = await hashPassword(body.password);
    const now = ctx.now();
    try {
      const created = ctx.db.transaction(() => {
        // Again inside the transaction: other requests may have created accounts while hashing.
        refuseAgencyAccountAtLimit(ctx, agency.id);
        const user = createUser(
          ctx.db,
          {
            email: body.email,
            fullname: body.fullname,
            phone: body.phone,
            formatted_phone: body.formatted_phone ?? '',
            password_hash: passwordHash,
          },
          now,
        );
        assignToAgency(ctx.db, user.id, agency.id);
        // The customer confirms the address as a self-registered one does, from the same mail.
        const token = issueEmailToken(ctx.db, user.id, 'confirm', now);
        const link = confirmationLink(ctx.origin, token);
        mailConfirmation(ctx.db, user, link, now, agency.fullname);
        const made = { email: user.email, name: user.fullname };
        recordBy(ctx.db, agency.id, 'agency_account_created', now, callerOf(ctx), made);
        const by = { actor: 'agency', client: ctx.client } as const;
        recordBy(ctx.db, user.id, 'agency_account_created', now, by, { agency: agency.email });
        return user;
      })();
      return agencyCustomer(ctx.db, agency.id, created.id) as NonNullable<
        ReturnType<typeof agencyCustomer>
      >;
    } catch (error) {
      // Another registration for the same address won the race while the password was hashed.
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw emailTaken();
      throw error;
    }
  },

  listAgencyInvoices: (ctx) => {
    const agency = requireAgency(ctx);
    const { status, code, account_id: accountId } = ctx.query;
    if (accountId !== undefined && !agencyCustomer(ctx.db, agency.id, accountId)) {
      throw notFound('server.agency_account_not_found');
    }
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const { items, total } = agencyInvoices(ctx.db, agency.id, {
      status,
      code,
      accountId,
      limit,
      offset,
    });
    return { items, total, page, per_page };
  },

  // Our extension (issue 20): the customers' activity logs, each event naming its account.
  listAgencyActivity: (ctx) => {
    const agency = requireAgency(ctx);
    const accountId = ctx.query.account_id;
    if (accountId !== undefined && !agencyCustomer(ctx.db, agency.id, accountId)) {
      throw notFound('server.agency_account_not_found');
    }
    const { page, per_page, limit, offset } = pageOf(ctx.query);
    const filter = { group: ctx.query.group, ...dateRangeOf(ctx.query), limit, offset };
    const scope = { agencyId: agency.id, accountId };
    return { ...listActivity(ctx.db, scope, filter), page, per_page };
  },

  getAgencyReport: (ctx) => {
    const agency = requireAgency(ctx);
    const now = ctx.now();
    const year = ctx.query.year ?? new Date(now.getTime() + VIETNAM_OFFSET_MS).getUTCFullYear();
    return agencyReport(ctx.db, agency.id, year, now);
  },
};

/** The signed-in account, if it is an agency; 403 (saying the area is for agencies) otherwise. */
export function requireAgency(ctx: Pick<HandlerContext<OperationId>, 'db' | 'userId'>): UserRow {
  const user = signedInUser(ctx);
  if (user.is_agency !== 1) throw new ApiError(403, 'server.agency_only');
  return user;
}

const emailTaken = () =>
  new ApiError(409, 'server.email_taken', {}, { email: 'server.email_taken' });

/**
 * At most `agencyAccountsPerDay` customer accounts per agency in the last 24 hours of the sandbox
 * clock (issue 20): each one mails an address the agency chose.
 */
function refuseAgencyAccountAtLimit(ctx: HandlerContext<'createAgencyAccount'>, agencyId: number) {
  const since = new Date(ctx.now().getTime() - 24 * 60 * 60 * 1000).toISOString();
  const { created } = ctx.db
    .prepare(`SELECT COUNT(*) AS created FROM users WHERE agency_id = ? AND created_at > ?`)
    .get(agencyId, since) as { created: number };
  refuseAtLimit(created, ctx.accountLimits.agencyAccountsPerDay, 'server.limits.agency_accounts');
}
