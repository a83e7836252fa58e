// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { moveSandboxClock } from '../../../server/testing';
import App from '../../../src/App';
import { formatDate } from '../../../src/domain/dates';
import { formatVnd } from '../../../src/domain/money';
import { vietnamMonthStartAfter } from '../../../src/domain/vietnamTime';
import { englishMessages } from '../../../src/i18n/englishMessages';
import {
  breakNetworkFor,
  holdCalls,
  setBalance,
  shellSandboxPerTest,
} from '../../../src/layout/layoutTestHarness';
import { api, buyServer, renderPortal, signInAs } from './portalHarness';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const DAY_MS = 24 * 60 * 60 * 1000;

const shell = shellSandboxPerTest();
const sandbox = () => shell().sandbox;

interface Summary {
  balance: number;
  unpaid_amount: number;
  recent_orders: { id: number }[];
  recent_invoices: { id: number; code: string }[];
  spending: { month: string; amount: number }[];
}

async function summaryOf(token: string): Promise<Summary> {
  const { status, body } = await api<Summary>(sandbox(), token, 'GET', '/dashboard/summary');
  expect(status).toBe(200);
  return body;
}

/** A card of the dashboard, found by its heading. */
const card = async (heading: string) =>
  screen.findByRole('region', { name: heading }).then((region) => within(region));

const hrefOf = (element: HTMLElement) => element.getAttribute('href');

describe('the dashboard', () => {
  it('shows skeletons while the summary loads, then leads an account with nothing yet somewhere useful', async () => {
    // demo@example.vn: a balance, and no servers, orders, invoices, keys or trial.
    await signInAs(sandbox(), 'demo@example.vn');
    const summary = holdCalls('/dashboard/summary');
    renderPortal('/dashboard');

    const servers = await card('Máy chủ');
    expect(servers.getByRole('status', { name: 'Đang tải' })).toBeInTheDocument();
    expect(servers.queryByText('Bạn chưa có máy chủ nào.')).not.toBeInTheDocument();
    summary.release();

    expect(await servers.findByText('Bạn chưa có máy chủ nào.')).toBeVisible();
    expect(hrefOf(servers.getByRole('link', { name: 'Tạo máy chủ' }))).toBe('/cloud-server/create');
    expect(servers.queryByRole('status')).not.toBeInTheDocument();

    const money = await card('Số dư và thanh toán');
    expect(money.getByTestId('dashboard-balance')).toHaveTextContent(formatVnd(5_000_000));
    expect(money.getByTestId('dashboard-unpaid')).toHaveTextContent(formatVnd(0));
    expect(money.getByText('Bạn không có hoá đơn nào chờ thanh toán.')).toBeVisible();
    expect(hrefOf(money.getByRole('link', { name: 'Nạp tiền' }))).toBe('/billing?topup=1');
    expect(money.queryByRole('link', { name: 'Thanh toán' })).not.toBeInTheDocument();

    const resources = await card('Tài nguyên');
    expect(hrefOf(resources.getByRole('link', { name: 'Thêm SSH key' }))).toBe('/ssh-keys/create');
    expect(hrefOf(resources.getByRole('link', { name: 'Tạo volume' }))).toBe('/volume/create');
    expect(hrefOf(resources.getByRole('link', { name: 'Tạo snapshot' }))).toBe('/snapshot/create');
    expect(hrefOf(resources.getByRole('link', { name: 'Gửi yêu cầu hỗ trợ' }))).toBe(
      '/ticket/create',
    );

    const trial = await card('Dùng thử');
    expect(trial.getByText('Tài khoản của bạn không ở chế độ dùng thử.')).toBeVisible();
    const request = new URL(
      hrefOf(trial.getByRole('link', { name: 'Yêu cầu dùng thử' })) as string,
      'http://portal',
    );
    expect(request.pathname).toBe('/ticket');
    expect(request.searchParams.get('subject')).toBe('Yêu cầu dùng thử');

    expect((await card('Sắp gia hạn')).getByText('Chưa có dịch vụ nào cần gia hạn.')).toBeVisible();
    expect((await card('Đơn hàng gần đây')).getByText('Bạn chưa có đơn hàng nào.')).toBeVisible();
    expect(
      (await card('Hoá đơn gần đây')).getByText(
        'Bạn chưa có hoá đơn nào. Hoá đơn được tạo khi bạn thanh toán dịch vụ.',
      ),
    ).toBeVisible();
    const spending = await card('Chi tiêu 12 tháng gần đây');
    expect(spending.getByText('Chưa có khoản chi nào trong 12 tháng qua.')).toBeVisible();
    expect(hrefOf(spending.getByRole('link', { name: 'Xem lịch sử số dư' }))).toBe(
      '/billing/history',
    );
  });

  it('shows what the account has, each count linking to its list, and what it spent', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token);
    await api(sandbox(), token, 'POST', '/cloud/ssh_keys', { name: 'laptop' });
    const expected = await summaryOf(token);
    renderPortal('/dashboard');

    const servers = await card('Máy chủ');
    expect(await servers.findByTestId('dashboard-servers')).toHaveTextContent('1 máy chủ');
    expect(servers.getByText('Đang khởi tạo: 1')).toBeVisible();
    expect(hrefOf(servers.getByRole('link', { name: 'Xem tất cả máy chủ' }))).toBe('/cloud-server');

    const resources = await card('Tài nguyên');
    expect(hrefOf(resources.getByRole('link', { name: 'SSH Key: 1. Xem danh sách' }))).toBe(
      '/ssh-keys',
    );

    const money = await card('Số dư và thanh toán');
    expect(money.getByTestId('dashboard-balance')).toHaveTextContent(formatVnd(expected.balance));
    expect(expected.balance).toBeLessThan(5_000_000);

    const orders = await card('Đơn hàng gần đây');
    const [order] = expected.recent_orders;
    expect(orders.getByText(`Đơn #${order?.id}`)).toBeVisible();
    expect(orders.getByText('Đã thanh toán')).toBeVisible();

    const invoices = await card('Hoá đơn gần đây');
    const [invoice] = expected.recent_invoices;
    expect(hrefOf(invoices.getByRole('link', { name: invoice?.code }))).toBe(
      `/billing/invoices/${invoice?.id}`,
    );

    const renewals = await card('Sắp gia hạn');
    expect(renewals.getByText('web-01')).toBeVisible();

    const spent = 5_000_000 - expected.balance;
    const spending = await card('Chi tiêu 12 tháng gần đây');
    expect(spending.getByTestId('dashboard-spending-total')).toHaveTextContent(formatVnd(spent));
    const table = spending.getByRole('table', { name: 'Chi tiêu theo tháng' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    const thisMonth = expected.spending.at(-1)?.month.split('-').reverse().join('/') as string;
    const thisMonthRow = within(table).getByRole('rowheader', { name: thisMonth }).closest('tr');
    expect(thisMonthRow).toHaveTextContent(formatVnd(spent));
  });

  it('shows an ended trial with the way to pay its bill, and the top-up of the shortfall coming back here', async () => {
    const token = await signInAs(sandbox(), 'expired@example.vn');
    const expected = await summaryOf(token);
    expect(expected.unpaid_amount).toBeGreaterThan(expected.balance);
    renderPortal('/dashboard');
    const user = userEvent.setup();

    const money = await card('Số dư và thanh toán');
    expect(await money.findByTestId('dashboard-unpaid')).toHaveTextContent(
      formatVnd(expected.unpaid_amount),
    );
    expect(hrefOf(money.getByRole('link', { name: 'Thanh toán' }))).toBe('/billing');
    const topUp = money.getByRole('link', { name: 'Nạp tiền' });
    const shortfall = expected.unpaid_amount - expected.balance;
    expect(hrefOf(topUp)).toBe(`/billing?amount=${shortfall}&topup=1`);

    const trial = await card('Dùng thử');
    expect(
      await trial.findByText(
        /^Thời gian dùng thử đã kết thúc ngày \d\d-\d\d-\d{4}\. Hãy thanh toán hoá đơn dùng thử /,
      ),
    ).toBeVisible();
    // One step, the banner's: the upgrade dialog, which tops up what the balance lacks.
    expect(hrefOf(trial.getByRole('link', { name: 'Thanh toán hoá đơn dùng thử' }))).toBe(
      '/dashboard?upgrade=1',
    );
    // The trial's server has no paid period: its renewal fell due when the trial ended.
    const { body: account } = await api<{ trial: { end_date: string } }>(
      sandbox(),
      token,
      'GET',
      '/auth/user',
    );
    expect(
      (await card('Sắp gia hạn')).getByText(
        `Quá hạn gia hạn từ ngày ${formatDate(account.trial.end_date)}`,
      ),
    ).toBeVisible();

    await user.click(topUp);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/billing?amount=${shortfall}&topup=1`,
      ),
    );
    expect(sessionStorage.getItem('topup_return_path')).toBe('/dashboard');
  });

  it('says a renewal is due on its date, and overdue from it only once the sandbox’s clock has passed it', async () => {
    // Five and a half days before a Vietnam month ends, whatever today is.
    const now = new Date(vietnamMonthStartAfter(new Date(), 2).getTime() - 5.5 * DAY_MS);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token);
    // Nothing in the balance pays the renewal when it falls due.
    setBalance(shell().db, 'demo@example.vn', 0);
    const { body } = await api<{ next_renewals: { resource: string; end: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/dashboard/summary',
    );
    const end = body.next_renewals.find((item) => item.resource === 'web-01')?.end as string;
    expect(end).toBe(vietnamMonthStartAfter(now, 1).toISOString());
    const due = formatDate(end);

    renderPortal('/dashboard');
    const before = await card('Sắp gia hạn');
    expect(await before.findByText(`Đến hạn gia hạn ngày ${due}`)).toBeVisible();
    expect(before.queryByText(/^Quá hạn/)).not.toBeInTheDocument();
    cleanup();

    // The sandbox's clock passes the due date; the device's stays where it was.
    await moveSandboxClock(sandbox().app, { days: 10 });
    renderPortal('/dashboard');
    const after = await card('Sắp gia hạn');
    expect(await after.findByText(`Quá hạn gia hạn từ ngày ${due}`)).toBeVisible();
    expect(new Date()).toEqual(now);
  });

  it('says the summary could not be loaded, with a Retry, never an empty state; Retry loads it', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    breakNetworkFor('/dashboard/summary');
    renderPortal('/dashboard');
    const user = userEvent.setup();

    const servers = await card('Máy chủ');
    const retry = await servers.findByRole('button', { name: 'Thử lại' });
    expect(servers.getByRole('alert')).toHaveTextContent('Không kết nối được hệ thống');
    expect(screen.getAllByRole('button', { name: 'Thử lại' })).toHaveLength(8);
    expect(screen.queryByText('Bạn chưa có máy chủ nào.')).not.toBeInTheDocument();
    expect(screen.queryByText('Chưa có khoản chi nào trong 12 tháng qua.')).not.toBeInTheDocument();

    vi.restoreAllMocks();
    await user.click(retry);
    expect(await servers.findByText('Bạn chưa có máy chủ nào.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Thử lại' })).not.toBeInTheDocument();
  });

  it('speaks English when English is chosen', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    localStorage.setItem('locale', 'en');
    render(
      <MemoryRouter initialEntries={['/dashboard']}>
        <App locale="en" messages={englishMessages} onLocaleChange={async () => undefined} />
      </MemoryRouter>,
    );

    const servers = await card('Servers');
    expect(await servers.findByText('You have no servers yet.')).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Hello, Nguyễn Văn Demo' })).toBeVisible();
    expect(
      (await card('Balance and payments')).getByRole('link', { name: 'Top up' }),
    ).toBeVisible();
    expect((await card('Trial')).getByText('Your account is not on a trial.')).toBeVisible();
  });
});
