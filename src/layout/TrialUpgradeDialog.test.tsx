// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, afterAll, describe, expect, it, vi } from 'vitest';

import { withToken } from '../../server/testing';
import type { TrialPackageList } from '../api/auth';
import { topUpReturnPath } from '../components/topUpPath';
import { formatDate } from '../domain/dates';
import { formatVnd } from '../domain/money';
import { lastDayPaid } from '../domain/periods';
import {
  breakNetworkFor,
  currentUser,
  fakeWindowWidth,
  holdCalls,
  renderShell,
  setBalance,
  shellSandboxPerTest,
  signInAs,
} from './layoutTestHarness';
import { pinDateInEachTest } from '../../tests/support/pinnedDate';

// The seeded account on a running trial; its balance does not cover the upgrade.
const TRIAL = 'trial@example.vn';
const UPGRADE_PATH = '/api/v1/auth/user/upgrade';

/**
 * The sandbox and the dialog run on a clock of the test's own: prices are prorated by the hour
 * and the renewal note depends on the day, so on the real clock an hour or a month's last week
 * that began between two reads changed the answer. Mid-hour, mid-month unless a test says.
 */
const MID_MONTH = new Date('2025-03-12T05:20:00.000Z');
/** 12:20 on 26-03-2025 in Việt Nam: the period ends on 01-04-2025, within the 7-day notice. */
const LAST_WEEK = new Date('2025-03-26T05:20:00.000Z');
let now = MID_MONTH;

pinDateInEachTest(() => now);

const shell = shellSandboxPerTest();
const sandbox = () => shell().sandbox;

/** What the sandbox lists for the account: the packages the upgrade pays for. */
async function trialPackages(token: string): Promise<TrialPackageList> {
  const answer = await sandbox().app.inject({
    url: '/api/v1/auth/trial',
    headers: withToken(token),
  });
  return answer.json() as TrialPackageList;
}

/** Signs in as the trial account with `balance` on it. */
async function signInToTrial(balance?: number) {
  if (balance !== undefined) setBalance(shell().db, TRIAL, balance);
  const { token, user } = await signInAs(sandbox(), TRIAL);
  const packages = await trialPackages(token);
  expect(packages.total).toBeGreaterThan(0);
  return { token, user, packages };
}

async function openDialog(trialEnd: string) {
  const banner = (
    await screen.findByText(new RegExp(`đang dùng thử đến hết ngày ${formatDate(trialEnd)}`))
  ).closest('[role="alert"]') as HTMLElement;
  fireEvent.click(within(banner).getByRole('button', { name: 'Thanh toán' }));
  return screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' });
}

describe('the trial upgrade dialog', () => {
  it('lists the packages with plan, the period paid and the amount, the total and the period in words', async () => {
    const { user, packages } = await signInToTrial(10_000_000);
    const load = holdCalls('/api/v1/auth/trial');
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    expect(
      within(dialog).getByRole('progressbar', { name: 'Đang tải danh sách gói dịch vụ' }),
    ).toBeInTheDocument();
    load.release();

    const rows = await within(dialog).findAllByRole('row');
    expect(packages.items.every((item) => item.plan.interval === 'month')).toBe(true);
    // The trial server, named as the customer knows it rather than by its slug.
    expect(packages.items.map((item) => item.resource)).toEqual([
      'Máy chủ vps-dung-thu-01 (1 CPU · 1 GB RAM · 10 GB SSD)',
    ]);
    // The end is exclusive (the start of next month): the last day paid is the day before.
    const words = (item: TrialPackageList['items'][number]) =>
      `từ ${formatDate(item.start)} đến hết ${lastDayPaid(item.end)}`;
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Tài nguyên', 'Gói', 'Thời gian', 'Số tiền'],
      ...packages.items.map((item) => [
        item.resource,
        `${formatVnd(item.plan.price)} / ${item.plan.interval_count} tháng`,
        words(item),
        formatVnd(item.price.charge_this_month),
      ]),
      ['Tổng cộng', formatVnd(packages.total)],
    ]);
    const [item] = packages.items;
    expect(
      within(dialog).getByText(
        `Thanh toán cho thời gian ${words(item!)}. Thời gian dùng thử kết thúc ngay khi bạn thanh toán; các tài nguyên tiếp tục chạy theo các gói dưới đây.`,
      ),
    ).toBeInTheDocument();
    // The renewal that paying sets off is said only in a month's last week (below).
    expect(within(dialog).queryByTestId('renewal-soon')).not.toBeInTheDocument();
    expect(lastDayPaid(item!.end)).not.toBe(formatDate(item!.end));
    expect(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(packages.total)}` }),
    ).toBeEnabled();
  });

  it('stacks the packages on a phone instead of a table cut at the edge', async () => {
    const { user, packages } = await signInToTrial(10_000_000);
    fakeWindowWidth(375);
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    const list = await within(dialog).findByRole('region', {
      name: 'Các gói dịch vụ cần thanh toán',
    });
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
    const [entry] = within(list).getAllByRole('listitem');
    const [item] = packages.items;
    expect(entry).toHaveTextContent(item!.resource);
    expect(entry).toHaveTextContent(
      `Thời giantừ ${formatDate(item!.start)} đến hết ${lastDayPaid(item!.end)}`,
    );
    expect(entry).toHaveTextContent(`Số tiền${formatVnd(item!.price.charge_this_month)}`);
    expect(list).toHaveTextContent(`Tổng cộng${formatVnd(packages.total)}`);
    Reflect.deleteProperty(window, 'matchMedia');
  });

  it('pays once with a spinner, then refreshes the user, hides the banner, closes and shows the server’s message', async () => {
    const { token, user, packages } = await signInToTrial(10_000_000);
    const upgrade = holdCalls(UPGRADE_PATH, 'POST');
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    const pay = await within(dialog).findByRole('button', {
      name: `Thanh toán ${formatVnd(packages.total)}`,
    });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(pay).toBeDisabled();
    // The spinner is the button's decoration; the button itself says it is busy.
    expect(pay).toHaveAttribute('aria-busy', 'true');

    upgrade.release();
    const { message } = (await upgrade.answers) as { message: string };

    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/đang dùng thử/)).not.toBeInTheDocument();
    expect(sandbox().requests.filter((call) => call === `POST ${UPGRADE_PATH}`)).toHaveLength(1);
    const upgraded = await currentUser(sandbox(), token);
    expect(upgraded.balance).toBe(user.balance - packages.total);
    expect(JSON.parse(window.localStorage.getItem('user_info') as string)).toEqual(upgraded);
  });

  it('keeps the dialog open and shows the server’s message when the payment fails', async () => {
    const { user, packages } = await signInToTrial(10_000_000);
    const upgrade = holdCalls(UPGRADE_PATH, 'POST');
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    const pay = await within(dialog).findByRole('button', {
      name: `Thanh toán ${formatVnd(packages.total)}`,
    });
    // The balance is spent elsewhere while the customer looks at the dialog: the sandbox refuses.
    setBalance(shell().db, TRIAL, 0);
    fireEvent.click(pay);
    upgrade.release();
    const { message } = (await upgrade.answers) as { message: string };

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nâng cấp tài khoản' })).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(packages.total)}` }),
    ).toBeEnabled();
  });

  it('leads to billing with the missing amount and the top-up open when the balance is short', async () => {
    const { user, packages } = await signInToTrial();
    const missing = packages.total - user.balance;
    expect(missing).toBeGreaterThan(0);
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    expect(
      await within(dialog).findByText(`Số dư không đủ, vui lòng nạp thêm ${formatVnd(missing)}.`),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: `Nạp thêm ${formatVnd(missing)}` }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/billing?amount=${missing}&topup=1`,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sandbox().requests).not.toContain(`POST ${UPGRADE_PATH}`);
    // The top-up's success page will offer the way back to this dialog, open on the same page.
    expect(topUpReturnPath()).toBe('/dashboard?upgrade=1');
  });

  it('says the packages could not be loaded, without a toast, and loads them on Retry', async () => {
    const { user, packages } = await signInToTrial(10_000_000);
    breakNetworkFor('/api/v1/auth/trial');
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    const failure = await within(dialog).findByRole('alert');
    expect(failure).not.toHaveTextContent('Không có gói dịch vụ nào cần thanh toán.');
    expect(within(dialog).queryByRole('button', { name: /Thanh toán/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toEqual([failure]);

    vi.mocked(globalThis.fetch).mockRestore();
    fireEvent.click(within(failure).getByRole('button', { name: 'Thử lại' }));
    expect(
      await within(dialog).findByRole('button', {
        name: `Thanh toán ${formatVnd(packages.total)}`,
      }),
    ).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says there is nothing to pay when the trial has no resources left', async () => {
    const { user } = await signInToTrial(10_000_000);
    shell()
      .db.prepare("UPDATE servers SET status = 'deleted', deleted_at = ? WHERE user_id = ?")
      .run(new Date().toISOString(), user.id);
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    expect(
      await within(dialog).findByText('Không có gói dịch vụ nào cần thanh toán.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Thanh toán/ })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the trial upgrade dialog in a month’s last week', () => {
  beforeAll(() => {
    now = LAST_WEEK;
  });
  afterAll(() => {
    now = MID_MONTH;
  });

  it('says that paying also issues the next month’s renewal, and its due date', async () => {
    const { user, packages } = await signInToTrial(10_000_000);
    renderShell();

    const dialog = await openDialog(user.trial.end_date as string);
    const [item] = packages.items;
    expect(formatDate(item!.end)).toBe('01-04-2025');
    expect(await within(dialog).findByTestId('renewal-soon')).toHaveTextContent(
      'Vì kỳ này kết thúc trong vòng 7 ngày, hoá đơn gia hạn tháng tiếp theo sẽ được phát hành ngay sau khi thanh toán, hạn thanh toán 01-04-2025.',
    );
  });
});
