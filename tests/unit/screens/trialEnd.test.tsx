// @vitest-environment jsdom
/**
 * A trial's one next step (issue 16 item 2), against the in-process sandbox: the upgrade dialog
 * says the period it pays for in words, an ended trial asks for its one bill in the same words on
 * the banner, the dashboard card, the blocked-action notice and Billing; paying that bill in
 * Billing ends the trial everywhere; the top-up started from the dialog comes back to it, open.
 * And the account's auto-pay setting (item 1), saved and shown on the Services tab.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { TrialPackageList } from '../../../src/api/auth';
import { formatDate } from '../../../src/domain/dates';
import { formatVnd } from '../../../src/domain/money';
import { lastDayPaid } from '../../../src/domain/periods';
import {
  breakNetworkFor,
  setBalance,
  shellSandboxPerTest,
} from '../../../src/layout/layoutTestHarness';
import { postSandboxForm } from '../../../server/testing';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { PORTAL_ORIGIN } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';

// A clock of the test's own, mid-hour and mid-month: prices are prorated by the hour and
// "today" is a Vietnamese date, so on the real clock an hour or a day that turned between two
// reads changed the amount or the period asked for.
const NOW = new Date('2025-03-12T05:20:00.000Z');

pinDateInEachTest(NOW);

afterEach(() => {
  vi.restoreAllMocks();
});

const shell = shellSandboxPerTest();
const sandbox = () => shell().sandbox;

/** The seeded running trial (no balance) and the seeded ended one (its bill overdue). */
const TRIAL = 'trial@example.vn';
const EXPIRED = 'expired@example.vn';

interface UserInfo {
  balance: number;
  unpaid_amount: number;
  has_expired_invoices: boolean;
  trial: { active: boolean; start_date: string | null; end_date: string | null };
}

const userOf = async (token: string) =>
  (await api<UserInfo>(sandbox(), token, 'GET', '/auth/user')).body;

const trialOf = async (token: string) =>
  (await api<TrialPackageList>(sandbox(), token, 'GET', '/auth/trial')).body;

/** "từ 20-07-2025 đến hết 31-07-2025": the end is exclusive, the last day the one before. */
const periodWords = (item: TrialPackageList['items'][number]) =>
  `từ ${formatDate(item.start)} đến hết ${lastDayPaid(item.end)}`;

/** What every place says of an ended trial. */
function billWords(user: UserInfo, bill: TrialPackageList): string {
  const [item] = bill.items;
  return (
    `Thời gian dùng thử đã kết thúc ngày ${formatDate(user.trial.end_date as string)}. ` +
    `Hãy thanh toán hoá đơn dùng thử ${formatVnd(bill.total)} ` +
    `(${periodWords(item!)}) để giữ máy chủ của bạn.`
  );
}

/** The shell's banner saying `text`: the first alert on the page that says it. */
const bannerOf = async (text: string | RegExp) => {
  const found = await screen.findAllByText(text);
  const alerts = found.map((element) => element.closest<HTMLElement>('[role="alert"]'));
  const banner = alerts.find((alert) => alert !== null);
  if (!banner) throw new Error(`no banner says ${String(text)}`);
  return banner;
};

describe('the upgrade dialog', () => {
  it('says the period a running trial’s payment covers, from today to the end of the month', async () => {
    setBalance(shell().db, TRIAL, 10_000_000);
    const token = await signInAs(sandbox(), TRIAL);
    const packages = await trialOf(token);
    expect(packages.invoice_id).toBeNull();
    const [item] = packages.items;
    renderPortal('/dashboard');
    const user = userEvent.setup();

    const banner = await bannerOf(/đang dùng thử đến hết ngày/);
    await user.click(within(banner).getByRole('button', { name: 'Thanh toán' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' });
    expect(
      await within(dialog).findByText(
        `Thanh toán cho thời gian ${periodWords(item!)}. Thời gian dùng thử kết thúc ngay khi bạn thanh toán; các tài nguyên tiếp tục chạy theo các gói dưới đây.`,
      ),
    ).toBeVisible();
    expect(formatDate(item!.start)).toBe('12-03-2025');
  });

  it('says an ended trial’s bill, from the trial’s end to the end of that month, as the banner does', async () => {
    setBalance(shell().db, EXPIRED, 10_000_000);
    const token = await signInAs(sandbox(), EXPIRED);
    const [account, bill] = [await userOf(token), await trialOf(token)];
    expect(bill.invoice_id).not.toBeNull();
    const [item] = bill.items;
    expect(formatDate(item!.start)).toBe(formatDate(account.trial.end_date as string));
    renderPortal('/dashboard');
    const user = userEvent.setup();

    const banner = await bannerOf(billWords(account, bill));
    await user.click(within(banner).getByRole('button', { name: 'Thanh toán hoá đơn dùng thử' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' });
    expect(await within(dialog).findByText(billWords(account, bill))).toBeVisible();
    expect(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(bill.total)}` }),
    ).toBeEnabled();
  });
});

describe('an ended trial', () => {
  it('asks for the same bill on the banner and the dashboard card, one button each, one banner', async () => {
    const token = await signInAs(sandbox(), EXPIRED);
    const [account, bill] = [await userOf(token), await trialOf(token)];
    const words = billWords(account, bill);
    renderPortal('/dashboard');

    const card = within(await screen.findByRole('region', { name: 'Dùng thử' }));
    expect(await card.findByText(words)).toBeVisible();
    expect(card.getByRole('link', { name: 'Thanh toán hoá đơn dùng thử' })).toHaveAttribute(
      'href',
      '/dashboard?upgrade=1',
    );
    expect(card.queryByRole('link', { name: 'Yêu cầu dùng thử' })).not.toBeInTheDocument();
    // One banner: the trial's bill is the overdue invoice.
    expect(await bannerOf(words)).toBeVisible();
    expect(screen.queryByText(/Bạn có hoá đơn quá hạn thanh toán/)).not.toBeInTheDocument();
  });

  it('is explained where an action is blocked, with the way to pay the bill on that page', async () => {
    const token = await signInAs(sandbox(), EXPIRED);
    const [account, bill] = [await userOf(token), await trialOf(token)];
    renderPortal('/ssh-keys');
    const user = userEvent.setup();

    const reason = await screen.findByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.');
    const notice = reason.closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByText(billWords(account, bill))).toBeVisible();
    const pay = within(notice).getByRole('link', { name: 'Thanh toán hoá đơn dùng thử' });
    expect(pay).toHaveAttribute('href', '/ssh-keys?upgrade=1');
    await user.click(pay);
    expect(await screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' })).toBeVisible();
    // The request to open it is taken out of the address.
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/ssh-keys$/));
  });

  it('ends when its bill is paid in Billing: banner and block gone, no trial offered again', async () => {
    setBalance(shell().db, EXPIRED, 1_000_000);
    const token = await signInAs(sandbox(), EXPIRED);
    const bill = await trialOf(token);
    const { body: invoices } = await api<{ items: { id: number; code: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/invoices?status=open',
    );
    const invoice = invoices.items.find((item) => item.id === bill.invoice_id);
    expect(invoice).toBeDefined();
    const first = renderPortal('/billing');
    const user = userEvent.setup();

    const code = await screen.findByRole('link', { name: invoice!.code });
    const row = code.closest('tr') as HTMLElement;
    expect(await within(row).findByText('Hoá đơn dùng thử')).toBeVisible();
    await user.click(
      within(row).getByRole('button', { name: `Thanh toán hoá đơn ${invoice!.code}` }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Thanh toán hoá đơn ${invoice!.code}`,
    });
    await user.click(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(bill.total)}` }),
    );

    expect(await screen.findByText(/^Đã thanh toán hoá đơn/)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText(/Thời gian dùng thử đã kết thúc/)).not.toBeInTheDocument(),
    );
    expect(screen.queryByText(/hoá đơn quá hạn/)).not.toBeInTheDocument();
    const after = await userOf(token);
    expect(after.trial).toMatchObject({ active: false, start_date: null, end_date: null });
    expect(after.has_expired_invoices).toBe(false);
    first.unmount();

    // Actions are allowed again, and the dashboard no longer speaks of a trial.
    const second = renderPortal('/ssh-keys');
    expect(await screen.findByText('Bạn chưa có SSH key nào')).toBeVisible();
    expect(screen.queryByText(/Không thể thực hiện thao tác/)).not.toBeInTheDocument();
    second.unmount();

    renderPortal('/dashboard');
    expect(await screen.findByRole('region', { name: 'Số dư và thanh toán' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('dashboard-unpaid')).toHaveTextContent(formatVnd(0)),
    );
    expect(screen.queryByRole('region', { name: 'Dùng thử' })).not.toBeInTheDocument();
    expect(screen.queryByText('Yêu cầu dùng thử')).not.toBeInTheDocument();
  });
});

/** A card top-up approved on the sandbox gateway; answers the page the gateway returns to. */
async function approvedTopUp(token: string, amount: number): Promise<string> {
  const returnUrl = `${PORTAL_ORIGIN}/idc/billing/payment`;
  const { status, body } = await api<{ reference: string }>(
    sandbox(),
    token,
    'POST',
    '/billing/gen_payment_req_url',
    { method: 'card', amount, return_url: returnUrl },
  );
  expect(status).toBe(200);
  const answer = await postSandboxForm(sandbox().app, '/sandbox/onepay/decision', {
    reference: body.reference,
    decision: 'approved',
    locale: 'vi',
  });
  expect(answer.statusCode).toBe(303);
  return `/billing/payment${new URL(String(answer.headers.location)).search}`;
}

describe('the top-up started from the upgrade dialog', () => {
  it('comes back to the dialog, open, which then pays; the trial card goes and offers no trial', async () => {
    const token = await signInAs(sandbox(), TRIAL);
    const packages = await trialOf(token);
    const missing = packages.total - (await userOf(token)).balance;
    expect(missing).toBeGreaterThan(0);
    const first = renderPortal('/dashboard');
    const user = userEvent.setup();

    const banner = await bannerOf(/đang dùng thử đến hết ngày/);
    await user.click(within(banner).getByRole('button', { name: 'Thanh toán' }));
    let dialog = await screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' });
    await user.click(
      await within(dialog).findByRole('button', { name: `Nạp thêm ${formatVnd(missing)}` }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/billing?amount=${missing}&topup=1`,
      ),
    );
    first.unmount();

    // The gateway sends the browser back; the success page leads to the dialog.
    renderPortal(await approvedTopUp(token, missing));
    const back = await screen.findByRole('link', { name: 'Quay lại nâng cấp tài khoản' });
    expect(back).toHaveAttribute('href', '/dashboard?upgrade=1');
    await user.click(back);

    dialog = await screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    await user.click(
      await within(dialog).findByRole('button', {
        name: `Thanh toán ${formatVnd(packages.total)}`,
      }),
    );
    expect(await screen.findByText(/^Nâng cấp tài khoản thành công/)).toBeVisible();
    await waitFor(() =>
      expect(screen.queryByText(/đang dùng thử đến hết ngày/)).not.toBeInTheDocument(),
    );
    // Right after upgrading: no trial card, so no "Yêu cầu dùng thử".
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Dùng thử' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByText('Yêu cầu dùng thử')).not.toBeInTheDocument();
  });
});

describe('auto-pay of renewals', () => {
  const SWITCH = 'Tự động thanh toán gia hạn từ số dư';

  it('is on for a new account, is turned off and back on, and the Services tab says so', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const profile = async () =>
      (await api<{ auto_pay_renewals: boolean }>(sandbox(), token, 'GET', '/account/profile')).body
        .auto_pay_renewals;
    expect(await profile()).toBe(true);
    const first = renderPortal('/account');
    const user = userEvent.setup();

    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(
      'Đến hạn, hoá đơn gia hạn và hoá đơn kết thúc dùng thử được trừ từ số dư nếu số dư đủ.',
    );
    await user.click(toggle);
    expect(await screen.findByText('Đã tắt tự động thanh toán gia hạn từ số dư.')).toBeVisible();
    expect(toggle).not.toBeChecked();
    expect(await profile()).toBe(false);
    first.unmount();

    const second = renderPortal('/billing/services');
    const line = await screen.findByTestId('auto-pay-setting');
    expect(line).toHaveTextContent('Tự động thanh toán gia hạn từ số dư: đang tắt.');
    expect(
      within(line).getByRole('link', { name: 'Thay đổi trong trang Tài khoản' }),
    ).toHaveAttribute('href', '/account');
    second.unmount();

    renderPortal('/account');
    const again = await screen.findByRole('switch', { name: SWITCH });
    expect(again).not.toBeChecked();
    await user.click(again);
    expect(await screen.findByText('Đã bật tự động thanh toán gia hạn từ số dư.')).toBeVisible();
    expect(await profile()).toBe(true);
  });

  it('keeps the old value when the change cannot be saved', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/account');
    const user = userEvent.setup();
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(toggle).toBeChecked();

    breakNetworkFor('/account/profile');
    await user.click(toggle);
    expect(await screen.findByText(/^Không rõ kết quả vì mất kết nối tới hệ thống/)).toBeVisible();
    await waitFor(() => expect(toggle).toBeChecked());
    expect(toggle).toBeEnabled();
    vi.restoreAllMocks();
    const { body } = await api<{ auto_pay_renewals: boolean }>(
      sandbox(),
      token,
      'GET',
      '/account/profile',
    );
    expect(body.auto_pay_renewals).toBe(true);
  });
});
