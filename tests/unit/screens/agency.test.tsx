// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { sandboxPerTest } from '../../support/sandbox';
import { api, loseAnswerOf, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

beforeAll(() => {
  // jsdom has no ResizeObserver; the report's charts size themselves with one.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

interface Report {
  year: number;
  totals: { paid: number; invoiced: number; new_accounts: number; active_servers: number };
}

const location = () => screen.getByTestId('location');

/** The create-account form filled in as an agency fills it in, with one password for both fields. */
async function fillNewAccount(
  user: ReturnType<typeof userEvent.setup>,
  email: string,
  fullname: string,
  phone: string,
) {
  await user.type(screen.getByLabelText('Email của khách hàng'), email);
  await user.type(screen.getByLabelText('Họ và tên'), fullname);
  await user.type(screen.getByLabelText('Số điện thoại'), phone);
  await user.type(screen.getByLabelText('Mật khẩu'), 'mat-khau-1');
  await user.type(screen.getByLabelText('Nhập lại mật khẩu'), 'mat-khau-1');
}

describe('the agency area', () => {
  it('is not available to an account that is not an agency, whatever its address', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/agency/report');
    expect(
      await screen.findByRole('heading', { name: 'Không dành cho tài khoản của bạn' }),
    ).toBeVisible();
    expect(
      screen.getByText(/Khu vực đại lý chỉ dành cho tài khoản đại lý/, { exact: false }),
    ).toBeVisible();
    // The menu is built after the page, in a render React slices (MountWhenIdle).
    const menu = await screen.findByRole('navigation', { name: 'Menu chính' });
    expect(within(menu).queryByRole('link', { name: 'Đại lý' })).toBeNull();
    expect(sandbox().requests.filter((call) => call.includes('/agency'))).toEqual([]);
  });

  it('lists the agency’s customers and searches them', async () => {
    await signInAs(sandbox(), 'agency@example.vn');
    renderPortal('/agency');
    const row = (await screen.findByText('Công ty TNHH Minh Phát')).closest('tr') as HTMLElement;
    expect(within(row).getByText('minhphat@example.vn')).toBeVisible();
    expect(within(row).getByText('2', { selector: 'td *, td' })).toBeVisible();
    for (const name of ['Nguyễn Thị Hoa', 'Lê Quang Huy', 'Phạm Gia Bảo']) {
      expect(screen.getByText(name)).toBeVisible();
    }
    expect(screen.getByRole('tab', { name: 'Tài khoản khách hàng' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'Tìm kiếm' }), 'hoa');
    await waitFor(() => expect(screen.queryByText('Lê Quang Huy')).toBeNull());
    expect(screen.getByText('Nguyễn Thị Hoa')).toBeVisible();

    await user.clear(screen.getByRole('textbox', { name: 'Tìm kiếm' }));
    await user.type(screen.getByRole('textbox', { name: 'Tìm kiếm' }), 'không ai cả');
    expect(await screen.findByText('Không có tài khoản nào khớp với tìm kiếm.')).toBeVisible();
  });

  it('opens one customer’s invoices from the accounts list', async () => {
    const token = await signInAs(sandbox(), 'agency@example.vn');
    renderPortal('/agency');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Hoá đơn của baotech@example.vn' }));
    await waitFor(() => expect(location()).toHaveTextContent(/^\/agency\/invoices/));
    const { body } = await api<{ items: { id: number; email: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/agency/accounts?search=baotech',
    );
    const { body: invoices } = await api<{ total: number; items: { code: string }[] }>(
      sandbox(),
      token,
      'GET',
      `/agency/invoices?account_id=${body.items[0]?.id}&per_page=100`,
    );
    expect(invoices.total).toBeGreaterThan(0);
    for (const invoice of invoices.items)
      expect(await screen.findByText(invoice.code)).toBeVisible();
    expect(screen.getAllByText('baotech@example.vn', { selector: 'td span' })).toHaveLength(
      invoices.total,
    );
    expect(screen.queryByText('minhphat@example.vn', { selector: 'td span' })).toBeNull();
  });

  it('creates a customer account, keeping what was typed when the sandbox refuses it', async () => {
    await signInAs(sandbox(), 'agency@example.vn');
    renderPortal('/agency/create');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Tạo tài khoản' });

    await user.click(submit);
    expect(await screen.findByText('Email không được bỏ trống.')).toBeVisible();

    await fillNewAccount(user, 'demo@example.vn', 'Đặng Văn Khách', '0987650001');
    await user.click(submit);
    expect(await screen.findByText('Email này đã được sử dụng.')).toBeVisible();
    expect(screen.getByLabelText('Họ và tên')).toHaveValue('Đặng Văn Khách');

    const email = screen.getByLabelText('Email của khách hàng');
    await user.clear(email);
    await user.type(email, 'khachmoi@example.vn');
    await user.click(submit);

    expect(
      await screen.findByText(
        'Đã tạo tài khoản khachmoi@example.vn. Email xác nhận đã được gửi tới khách hàng.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/agency$/));
    expect(await screen.findByText('Đặng Văn Khách')).toBeVisible();
    expect(screen.getByText('Chưa xác nhận email')).toBeVisible();
    const [mail] = await sandbox().outbox('khachmoi@example.vn');
    expect(mail?.subject).toContain('Xác nhận địa chỉ email');
  });

  it('ends a create whose answer was lost as made, when the sandbox made it, never a retry refused', async () => {
    const token = await signInAs(sandbox(), 'agency@example.vn');
    renderPortal('/agency/create');
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: 'Tạo tài khoản' });
    await fillNewAccount(user, 'khachmat@example.vn', 'Lê Mất Kết Nối', '0987650002');
    loseAnswerOf('POST', '/agency/accounts');
    await user.click(submit);

    expect(
      await screen.findByText(
        'Đã tạo tài khoản khachmat@example.vn. Email xác nhận đã được gửi tới khách hàng.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(location()).toHaveTextContent(/^\/agency$/));
    const { body } = await api<{ items: { email: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/agency/accounts?search=khachmat',
    );
    expect(body.items.map((account) => account.email)).toEqual(['khachmat@example.vn']);
  });

  it('shows the year’s totals and the monthly chart', async () => {
    const token = await signInAs(sandbox(), 'agency@example.vn');
    const { body: report } = await api<Report>(sandbox(), token, 'GET', '/agency/report');
    renderPortal('/agency/report');

    const totals = await screen.findByTestId('agency-report-totals');
    const figure = (label: string) =>
      within(totals).getByText(label).closest('.MuiCardContent-root') as HTMLElement;
    expect(figure('Doanh thu (đã thanh toán)')).toHaveTextContent(formatVnd(report.totals.paid));
    expect(figure('Máy chủ đang có')).toHaveTextContent(String(report.totals.active_servers));
    expect(figure('Tài khoản mới')).toHaveTextContent(String(report.totals.new_accounts));
    expect(
      screen.getByRole('img', { name: new RegExp(`^Biểu đồ cột theo tháng năm ${report.year}`) }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: `Số liệu theo tháng năm ${report.year}` });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
  });

  it('shows a year without activity as such', async () => {
    await signInAs(sandbox(), 'agency@example.vn');
    renderPortal('/agency/report?year=2020');
    expect(
      await screen.findByText('Năm 2020 không có doanh thu, tài khoản mới hay máy chủ nào.'),
    ).toBeVisible();
    expect(screen.queryByTestId('agency-report-chart')).toBeNull();
  });
});
