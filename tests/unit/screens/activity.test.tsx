// @vitest-environment jsdom
/**
 * The activity log (issue 20): the card on /account and the agency's customers' activity, against
 * the real sandbox; the events are made through the API as a customer would make them.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { formatVnd } from '../../../src/domain/money';
import { breakNetworkFor } from '../../../src/layout/layoutTestHarness';
import { sandboxPerTest } from '../../support/sandbox';
import { api, buyServer, renderPortal, signInAs, SMALL_SERVER } from './portalHarness';

const sandbox = sandboxPerTest();

const activityCard = async () =>
  (await screen.findByRole(
    'region',
    { name: 'Nhật ký hoạt động' },
    { timeout: 10_000 },
  )) as HTMLElement;

const rowsOf = (card: HTMLElement) =>
  within(within(card).getByRole('table', { name: 'Nhật ký hoạt động' })).getAllByRole('row');

describe('the activity card on /account', () => {
  it('lists the account’s events newest first, in words, with address, device and who acted', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'web-nhat-ky' });
    const { body: payments } = await api<{ items: { amount: number }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/invoices',
    );
    renderPortal('/account');

    const card = await activityCard();
    expect(await within(card).findByText('Tạo máy chủ web-nhat-ky')).toBeVisible();
    const rows = rowsOf(card);
    // The header, then: payment, server created, order placed, sign-in.
    expect(rows).toHaveLength(5);
    expect(rows[1]).toHaveTextContent(
      new RegExp(`Thanh toán hoá đơn INV-\\S+ từ số dư: ${formatVnd(payments.items[0]!.amount)}`),
    );
    expect(rows[3]).toHaveTextContent(/Đặt đơn hàng #\d+/);
    expect(rows[4]).toHaveTextContent('Đăng nhập');
    expect(rows[4]).toHaveTextContent('127.0.0.1');
    expect(rows[4]).toHaveTextContent('Chủ tài khoản');
    // Vietnam time, to the second.
    expect(rows[4]).toHaveTextContent(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}/);
  });

  it('filters by kind and by days, and says when nothing matches', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    await buyServer(sandbox(), token, { ...SMALL_SERVER, name: 'loc-may-chu' });
    renderPortal('/account');
    const card = await activityCard();
    await within(card).findByText('Tạo máy chủ loc-may-chu');
    const user = userEvent.setup();

    await user.click(within(card).getByRole('combobox', { name: 'Loại hoạt động' }));
    await user.click(await screen.findByRole('option', { name: 'Bảo mật' }));
    await waitFor(() => expect(rowsOf(card)).toHaveLength(2));
    expect(rowsOf(card)[1]).toHaveTextContent('Đăng nhập');

    await user.type(within(card).getByLabelText('Từ ngày'), '2099-01-01');
    expect(await within(card).findByText('Không có hoạt động nào khớp với bộ lọc.')).toBeVisible();
  });

  it('pages through the events on the server', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // Ten changes of the phone number, then the sign-in: eleven events, two pages of ten.
    for (let i = 10; i < 20; i += 1) {
      await api(sandbox(), token, 'PATCH', '/account/profile', { phone: `+849120000${i}` });
    }
    renderPortal('/account');
    const card = await activityCard();
    expect(await within(card).findByText('1-10 trong 11')).toBeVisible();
    expect(within(card).queryByText('Đăng nhập')).toBeNull();

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Đến trang sau' }));
    expect(await within(card).findByText('11-11 trong 11')).toBeVisible();
    expect(rowsOf(card)[1]).toHaveTextContent('Đăng nhập');
  });
});

describe('when the log cannot be read', () => {
  it('says why with a Retry (not "no activity"), and Retry shows the events', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    breakNetworkFor('/account/activity');
    renderPortal('/account');
    const card = await activityCard();

    const alert = await within(card).findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Không kết nối được hệ thống');
    expect(within(card).queryByText('Chưa có hoạt động nào.')).toBeNull();
    vi.restoreAllMocks();
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Thử lại' }));
    expect(await within(card).findByText('Đăng nhập')).toBeVisible();
  });
});

describe('the agency’s customers’ activity', () => {
  it('lists what happens in its customers’ accounts, naming each, and not its own', async () => {
    const customerToken = await signInAs(sandbox(), 'minhphat@example.vn');
    await buyServer(sandbox(), customerToken, { ...SMALL_SERVER, name: 'khach-dai-ly' });
    await signInAs(sandbox(), 'agency@example.vn');
    renderPortal('/agency/activity');

    const table = await screen.findByRole(
      'table',
      { name: 'Nhật ký hoạt động' },
      { timeout: 10_000 },
    );
    expect(await within(table).findByText('Tạo máy chủ khach-dai-ly')).toBeVisible();
    const created = within(table).getByText('Tạo máy chủ khach-dai-ly').closest('tr')!;
    expect(created).toHaveTextContent('minhphat@example.vn');
    expect(within(table).queryByText(/agency@example\.vn/)).toBeNull();
  });
});
