/**
 * A trial's one next step, the same wherever it is shown (the banner, the upgrade dialog, the
 * dashboard's trial card, the blocked-action notice, Billing): while the trial runs, pay to keep
 * its resources; once it has ended, pay its one bill — the amount and period GET /auth/trial
 * answers (with `invoice_id`, the open invoice that bills it) — to keep the server. Paying that
 * bill in Billing or through the upgrade dialog is the same payment and ends the trial.
 *
 * Every place opens the one upgrade dialog the same way: `?upgrade=1` on the current page, which
 * the layout reads, opens the dialog for and removes (AccountBanners). The dialog's top-up link
 * remembers such a path, so the top-up's success page leads back to the open dialog.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetIdentity, useLocale } from 'react-admin';

import type { TrialPackageList } from '../api/auth';
import { signedInAuthApi } from '../api/signedInAuth';
import { serverNow } from '../api/serverClock';
import type { UserInfo } from '../authProvider/sessionStore';
import { getToken } from '../authProvider/sessionStore';
import type { Invoice, PortalDataProvider } from '../dataProvider/dataProvider';
import { formatDate } from '../domain/dates';
import { isOverdue } from '../domain/invoices';
import { formatVnd } from '../domain/money';
import { sayPeriod } from '../domain/periods';
import { vietnamMonthStartAfter } from '../domain/vietnamTime';

/** The query of GET /auth/trial; refreshed with the identity after every payment. */
export const TRIAL_OFFER_QUERY_KEY = ['trial', 'offer'] as const;

/** The query parameter that opens the upgrade dialog on any page. */
export const UPGRADE_PARAM = 'upgrade';

/** The current page with the upgrade dialog open: `/billing?upgrade=1`. */
export function upgradeDialogPath(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.set(UPGRADE_PARAM, '1');
  return `${pathname}?${query.toString()}`;
}

/** A period of service: from `start` to an exclusive `end` (src/domain/periods.ts). */
export interface Period {
  start: Date;
  end: Date;
}

export interface TrialStep {
  /** The trial has ended: what is left is its one bill. */
  expired: boolean;
  /** When the trial ends or ended. */
  endDate: string;
  /** What keeps the trial's resources: the bill's amount once the trial has ended. */
  amount: number;
  /** What the payment covers: from `start` to `end`, an exclusive end (its last day the one before). */
  period: Period;
  /** The open invoice that bills the ended trial, once the sandbox has issued it. */
  invoiceId: number | null;
  /**
   * Whether an invoice other than the trial's bill is overdue: false when the bill is all that is
   * overdue (then the "overdue invoice" notice would only repeat the trial's step, and is not
   * shown), undefined until known.
   */
  otherOverdue: boolean | undefined;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What an ended trial asks, in the same words everywhere: "Thời gian dùng thử đã kết thúc ngày
 * 19-07-2025. Hãy thanh toán hoá đơn dùng thử 40.000 ₫ (từ 19-07-2025 đến hết 31-07-2025) để giữ
 * máy chủ của bạn."
 */
export function trialBillWords(
  translate: Translate,
  bill: { trialEnd: string; amount: number; period: Period },
): string {
  return `${translate('shell.trial_step.ended', { date: formatDate(bill.trialEnd) })} ${translate(
    'shell.trial_step.pay_to_keep',
    {
      amount: formatVnd(bill.amount),
      period: sayPeriod(translate, bill.period.start, bill.period.end),
    },
  )}`;
}

/** What a trial payment covers: from the packages' first start to their last (exclusive) end. */
export function packagesPeriod(list: TrialPackageList): Period | undefined {
  if (list.items.length === 0) return undefined;
  const starts = list.items.map((item) => Date.parse(item.start));
  const ends = list.items.map((item) => Date.parse(item.end));
  return { start: new Date(Math.min(...starts)), end: new Date(Math.max(...ends)) };
}

/**
 * Until GET /auth/trial answers: a running trial pays from today, an ended one from its end, to
 * the end of that Vietnam month (as the sandbox prices them).
 */
export function expectedPeriod(
  trial: Pick<UserInfo['trial'], 'expired' | 'end_date'>,
  now: Date,
): Period {
  const from = trial.expired && trial.end_date ? new Date(trial.end_date) : now;
  return { start: from, end: vietnamMonthStartAfter(from, 1) };
}

function isUserInfo(value: unknown): value is UserInfo {
  const candidate = value as Partial<UserInfo> | undefined;
  return typeof candidate?.trial === 'object' && candidate.trial !== null;
}

const onTrial = (user: UserInfo | undefined): user is UserInfo =>
  Boolean(user?.trial.start_date && user.trial.end_date);

/** The signed-in account's trial step, or undefined off a trial. */
export function useTrialStep(): TrialStep | undefined {
  const { identity } = useGetIdentity();
  const user = isUserInfo(identity) ? identity : undefined;
  const offer = useTrialOffer(onTrial(user));
  const list = offer.data;
  const bill = list?.invoice_id ?? null;
  // With the bill open, the open total tells whether anything else is open; when it is, the open
  // invoices tell whether any of them is overdue.
  const askOthers =
    onTrial(user) &&
    user.has_expired_invoices &&
    bill !== null &&
    user.unpaid_amount !== list?.total;
  const others = useOtherOverdueInvoices(askOthers, bill);
  if (!onTrial(user)) return undefined;
  const trial = user.trial;
  let otherOverdue: boolean | undefined;
  if (!user.has_expired_invoices) otherOverdue = false;
  else if (offer.isError || (list && bill === null)) otherOverdue = true;
  else if (!list) otherOverdue = undefined;
  else if (!askOthers) otherOverdue = false;
  else otherOverdue = others.isError ? true : others.data;
  return {
    expired: trial.expired,
    endDate: trial.end_date as string,
    amount: list ? list.total : trial.amount_to_upgrade,
    period: (list && packagesPeriod(list)) ?? expectedPeriod(trial, serverNow()),
    invoiceId: bill,
    otherOverdue,
  };
}

/** GET /auth/trial while the account is on a trial. */
export function useTrialOffer(enabled: boolean) {
  const locale = useLocale();
  return useQuery({
    queryKey: [...TRIAL_OFFER_QUERY_KEY, locale],
    queryFn: () => {
      const token = getToken();
      if (!token) throw new Error('no_token');
      return signedInAuthApi.getTrialPackages(token, locale);
    },
    enabled,
    retry: false,
  });
}

/** Whether an open invoice other than the trial's bill is overdue (asked only when it may be). */
function useOtherOverdueInvoices(enabled: boolean, billId: number | null) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({
    queryKey: [...TRIAL_OFFER_QUERY_KEY, 'other-overdue', billId],
    queryFn: async () => {
      const { data } = (await dataProvider.getList('invoices', {
        filter: { status: 'open' },
        pagination: { page: 1, perPage: 100 },
        // The list has no sort parameter: newest first.
        sort: { field: '', order: 'DESC' },
      })) as { data: Invoice[] };
      const now = serverNow();
      return data.some((invoice) => invoice.id !== billId && isOverdue(invoice, now));
    },
    enabled,
    retry: false,
  });
}

/**
 * Whether this browser has seen the account on a trial. The trial card offers "request a trial"
 * only to an account that never had one, but once a trial is paid the user info no longer says
 * there was one (trial.active false, no dates), so the portal remembers it. Browser storage is
 * cleared at sign-out, so after signing in again the portal cannot tell.
 */
const HAD_TRIAL_KEY = 'had_trial';

export function rememberHadTrial(userId: number): void {
  try {
    localStorage.setItem(`${HAD_TRIAL_KEY}:${userId}`, '1');
  } catch {
    // Storage refused: the card may offer a trial again after this one is paid.
  }
}

export function hadTrial(userId: number): boolean {
  try {
    return localStorage.getItem(`${HAD_TRIAL_KEY}:${userId}`) === '1';
  } catch {
    return false;
  }
}
