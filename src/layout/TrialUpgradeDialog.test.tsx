// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { authApi, type TrialPackageList } from '../api/auth';
import type { UserInfo } from '../authProvider/sessionStore';
import { makeUser, renderShell, signIn } from './layoutTestHarness';

const RUNNING_TRIAL: UserInfo['trial'] = {
  active: true,
  start_date: '2025-03-01T03:00:00Z',
  end_date: '2025-03-08T03:00:00Z',
  expired: false,
  plan_to_upgrade: 'vps-01, data-01',
  amount_to_upgrade: 300000,
};

const PACKAGES: TrialPackageList = {
  items: [
    {
      id: 1,
      resource: 'vps-01',
      plan: { price: 200000, interval: 'month', interval_count: 1 },
      start: '2025-03-08T03:00:00Z',
      end: '2025-04-08T03:00:00Z',
      price: { charge_this_month: 150000 },
    },
    {
      id: 2,
      resource: 'data-01',
      plan: { price: 450000, interval: 'month', interval_count: 3 },
      start: '2025-03-08T03:00:00Z',
      end: '2025-06-08T03:00:00Z',
      price: { charge_this_month: 150000 },
    },
  ],
  total: 300000,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(() => {
  cleanup();
});

async function openDialog() {
  const banner = (await screen.findByText(/đang dùng thử đến hết ngày 08-03-2025/)).closest(
    '[role="alert"]',
  ) as HTMLElement;
  fireEvent.click(within(banner).getByRole('button', { name: 'Thanh toán' }));
  return screen.findByRole('dialog', { name: 'Nâng cấp tài khoản' });
}

describe('the trial upgrade dialog', () => {
  it('lists the packages with plan, dates and this month’s charge, the total and the end of the plan', async () => {
    const load = deferred<TrialPackageList>();
    const getTrialPackages = vi.spyOn(authApi, 'getTrialPackages').mockReturnValue(load.promise);
    signIn(makeUser({ balance: 500000, trial: RUNNING_TRIAL }));
    renderShell();

    const dialog = await openDialog();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Đang tải danh sách gói dịch vụ' }),
    ).toBeInTheDocument();
    expect(getTrialPackages).toHaveBeenCalledWith('token-123', 'vi');
    load.resolve(PACKAGES);

    const rows = await within(dialog).findAllByRole('row');
    expect(rows.map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Tài nguyên', 'Gói', 'Bắt đầu', 'Kết thúc', 'Phí tháng này'],
      ['vps-01', '200.000 ₫ / 1 tháng', '08-03-2025', '08-04-2025', '150.000 ₫'],
      ['data-01', '450.000 ₫ / 3 tháng', '08-03-2025', '08-06-2025', '150.000 ₫'],
      ['Tổng cộng', '300.000 ₫'],
    ]);
    expect(
      within(dialog).getByText('Gói dịch vụ có hiệu lực đến hết ngày 08-06-2025.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Thanh toán 300.000 ₫' })).toBeEnabled();
  });

  it('pays once with a spinner, then refreshes the user, hides the banner, closes and shows the server’s message', async () => {
    vi.spyOn(authApi, 'getTrialPackages').mockResolvedValue(PACKAGES);
    const upgrade = deferred<{ message: string }>();
    const upgradeTrial = vi.spyOn(authApi, 'upgradeTrial').mockReturnValue(upgrade.promise);
    const upgradedUser = makeUser({
      balance: 200000,
      trial: { ...RUNNING_TRIAL, active: false, start_date: null, end_date: null },
    });
    const getCurrentUser = vi.spyOn(authApi, 'getCurrentUser').mockResolvedValue(upgradedUser);
    signIn(makeUser({ balance: 500000, trial: RUNNING_TRIAL }));
    renderShell();

    const dialog = await openDialog();
    const pay = await within(dialog).findByRole('button', { name: 'Thanh toán 300.000 ₫' });
    fireEvent.click(pay);
    fireEvent.click(pay);
    expect(pay).toBeDisabled();
    expect(within(pay).getByRole('progressbar')).toBeInTheDocument();
    expect(upgradeTrial).toHaveBeenCalledTimes(1);

    upgrade.resolve({ message: 'Tài khoản đã được nâng cấp.' });

    expect(await screen.findByText('Tài khoản đã được nâng cấp.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText(/đang dùng thử/)).not.toBeInTheDocument();
    expect(getCurrentUser).toHaveBeenCalled();
    expect(JSON.parse(window.localStorage.getItem('user_info') as string)).toEqual(upgradedUser);
  });

  it('keeps the dialog open and shows the server’s message when the payment fails', async () => {
    vi.spyOn(authApi, 'getTrialPackages').mockResolvedValue(PACKAGES);
    vi.spyOn(authApi, 'upgradeTrial').mockRejectedValue(
      new HttpError('Số dư tài khoản không đủ.', 402, { message: 'Số dư tài khoản không đủ.' }),
    );
    signIn(makeUser({ balance: 500000, trial: RUNNING_TRIAL }));
    renderShell();

    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Thanh toán 300.000 ₫' }));

    expect(await screen.findByText('Số dư tài khoản không đủ.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Nâng cấp tài khoản' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Thanh toán 300.000 ₫' })).toBeEnabled();
  });

  it('leads to billing with the missing amount and the top-up open when the balance is short', async () => {
    vi.spyOn(authApi, 'getTrialPackages').mockResolvedValue(PACKAGES);
    const upgradeTrial = vi.spyOn(authApi, 'upgradeTrial');
    signIn(makeUser({ balance: 120000, trial: RUNNING_TRIAL }));
    renderShell();

    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('Số dư không đủ, vui lòng nạp thêm 180.000 ₫.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nạp thêm 180.000 ₫' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      '/billing?amount=180000&topup=1',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(upgradeTrial).not.toHaveBeenCalled();
  });

  it('shows an empty list, and no error, when the packages cannot be loaded', async () => {
    vi.spyOn(authApi, 'getTrialPackages').mockRejectedValue(
      new HttpError('Bad gateway', 502, { message: 'Bad gateway' }),
    );
    signIn(makeUser({ balance: 500000, trial: RUNNING_TRIAL }));
    renderShell();

    const dialog = await openDialog();
    expect(
      await within(dialog).findByText('Không có gói dịch vụ nào cần thanh toán.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: /Thanh toán/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Bad gateway')).not.toBeInTheDocument();
  });
});
