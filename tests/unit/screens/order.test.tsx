// @vitest-environment jsdom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import App from '../../../src/App';
import { formatVnd } from '../../../src/domain/money';
import { englishMessages } from '../../../src/i18n/englishMessages';
import { moveSandboxClock } from '../../../server/testing';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { sandboxPerTest } from '../../support/sandbox';
import { api, placeOrder, renderPortal, signInAs, SMALL_SERVER } from './portalHarness';

/** Late in the month, so the trial account's balance covers the rest of it for a small server. */
const NOW = new Date('2025-03-26T05:20:00.000Z');
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

pinDateInEachTest(NOW);

afterEach(() => {
  sessionStorage.clear();
});

const sandbox = sandboxPerTest();

/** demo@example.vn's balance in the seed. */
const DEMO_BALANCE = 5_000_000;

interface Preview {
  total: number;
  discount: number;
  shortfall: number;
  sufficient_balance: boolean;
}

/**
 * Records the order's pay calls as the portal sends them, 'check' for a preview (?check=True) and
 * 'pay' for a payment, passing every call through to the sandbox; `idle` is true while no API
 * call is waiting for its answer.
 */
function spyOnPayCalls(orderId: number) {
  const calls: string[] = [];
  let waiting = 0;
  const sendToSandbox = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname.endsWith(`/billing/orders/${orderId}/pay`)) {
      calls.push(url.searchParams.get('check') === 'True' ? 'check' : 'pay');
    }
    waiting += 1;
    try {
      return await sendToSandbox(input, init);
    } finally {
      waiting -= 1;
    }
  });
  return { calls: () => [...calls], idle: () => waiting === 0 };
}

/** The value of a field of a definition list (the order's details), found by its label. */
function definitionOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement) || value.tagName !== 'DD')
    throw new Error(`${label}: no value`);
  return value;
}

/** demo@ signed in with two pending orders placed on 26 March: one month, and twelve. */
async function monthlyAndYearlyOrders() {
  const token = await signInAs(sandbox(), 'demo@example.vn');
  const monthly = await placeOrder(sandbox(), token);
  const yearly = await placeOrder(sandbox(), token, {
    ...SMALL_SERVER,
    name: 'web-12',
    interval: 12,
  });
  return { token, monthly, yearly };
}

describe('the order page', () => {
  it('shows the pending order, pays it from the balance and opens the new server', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();

    expect(await screen.findByText('Chờ thanh toán')).toBeVisible();
    expect(screen.getByText(`Đơn hàng #${order.id}`)).toBeVisible();
    expect(await screen.findByTestId('order-total')).toHaveTextContent(formatVnd(order.amount));
    const pay = screen.getByRole('button', { name: `Thanh toán ${formatVnd(order.amount)}` });
    await user.dblClick(pay);

    expect(
      await screen.findByText(`Thanh toán thành công ${formatVnd(order.amount)}.`),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/cloud-server\/\d+\/detail$/),
    );
    expect(await screen.findByRole('heading', { name: SMALL_SERVER.name })).toBeVisible();
    expect(screen.getAllByText('Đang khởi tạo').length).toBeGreaterThan(0);
    // Pressed twice, paid once.
    const { body: account } = await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user');
    expect(account.balance).toBe(DEMO_BALANCE - order.amount);
  });

  it('previews a coupon, and refuses an invalid one with the message of the specification', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();
    await screen.findByTestId('order-total');

    await user.type(screen.getByLabelText('Mã giảm giá'), 'KHONG-CO');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Mã giảm giá không hợp lệ.')).toBeVisible();
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatVnd(order.amount));
    // A known code that cannot be used says why.
    await user.clear(screen.getByLabelText('Mã giảm giá'));
    await user.type(screen.getByLabelText('Mã giảm giá'), 'HETHAN20');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Mã HETHAN20 đã hết hạn.')).toBeVisible();

    await user.clear(screen.getByLabelText('Mã giảm giá'));
    await user.type(screen.getByLabelText('Mã giảm giá'), 'GIAM50K');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    const { body: preview } = await api<Preview>(
      sandbox(),
      token,
      'POST',
      `/billing/orders/${order.id}/pay?check=True`,
      { coupon_code: 'GIAM50K' },
    );
    expect(preview.discount).toBeGreaterThan(0);
    await waitFor(() =>
      expect(screen.getByTestId('order-total')).toHaveTextContent(formatVnd(preview.total)),
    );
    expect(screen.getByText(`−${formatVnd(preview.discount)}`)).toBeVisible();
    expect(screen.getByText('Đã áp dụng mã GIAM50K.')).toBeVisible();
  });

  it('drops the discount when a later code fails, and pays the full price without a code', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();
    const total = await screen.findByTestId('order-total');
    const codeField = screen.getByLabelText('Mã giảm giá');

    await user.type(codeField, 'GIAM50K');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Đã áp dụng mã GIAM50K.')).toBeVisible();
    expect(total).not.toHaveTextContent(formatVnd(order.amount));

    await user.clear(codeField);
    await user.type(codeField, 'KHONG-CO');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Mã giảm giá không hợp lệ.')).toBeVisible();
    expect(screen.getByTestId('order-total')).toHaveTextContent(formatVnd(order.amount));
    expect(screen.queryByText(/^−/)).not.toBeInTheDocument();
    // Pay waits for a checked code: the refused one is still typed.
    await user.type(codeField, '2');
    expect(screen.getByText('Bấm “Áp dụng” để kiểm tra mã trước khi thanh toán.')).toBeVisible();
    expect(screen.getByRole('button', { name: /^Thanh toán / })).toBeDisabled();

    // The failed code is still typed: Pay must not send it, nor the good one before it.
    await user.clear(codeField);
    await user.click(screen.getByRole('button', { name: `Thanh toán ${formatVnd(order.amount)}` }));
    expect(
      await screen.findByText(`Thanh toán thành công ${formatVnd(order.amount)}.`),
    ).toBeVisible();
    const { body: account } = await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user');
    expect(account.balance).toBe(DEMO_BALANCE - order.amount);
  });

  it('previews once per Apply press, and asks for no preview after paying', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    const payCalls = spyOnPayCalls(order.id);
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();
    await screen.findByTestId('order-total');
    expect(payCalls.calls()).toEqual(['check']);

    await user.type(screen.getByLabelText('Mã giảm giá'), 'GIAM50K');
    await user.click(screen.getByRole('button', { name: 'Áp dụng' }));
    expect(await screen.findByText('Đã áp dụng mã GIAM50K.')).toBeVisible();

    // Any second preview would be sent before the payment that follows.
    await user.click(screen.getByRole('button', { name: /^Thanh toán / }));
    expect(await screen.findByText(/^Thanh toán thành công /)).toBeVisible();
    expect(await screen.findByRole('heading', { name: SMALL_SERVER.name })).toBeVisible();
    // The balance is read again after paying (the sign-in read it first): wait for that read
    // and for every answer, then count.
    const accountReads = () => sandbox().requests.filter((call) => call.endsWith('/auth/user'));
    await waitFor(() => expect(accountReads().length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(payCalls.idle()).toBe(true));
    expect(payCalls.calls()).toEqual(['check', 'check', 'pay']);
  });

  it('offers Retry when the amount could not be worked out, and pays once it is', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    const sendToSandbox = globalThis.fetch;
    let down = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (down && url.searchParams.get('check') === 'True') throw new TypeError('Failed to fetch');
      return sendToSandbox(input, init);
    });
    renderPortal(`/order/create?id=${order.id}`);

    const failed = await screen.findByRole('alert');
    expect(failed).toHaveTextContent('Không kết nối được hệ thống. Kiểm tra mạng rồi thử lại.');
    const pay = screen.getByRole('button', { name: `Thanh toán ${formatVnd(order.amount)}` });
    expect(pay).toBeDisabled();
    down = false;
    await userEvent.setup().click(within(failed).getByRole('button', { name: 'Thử lại' }));
    expect(await screen.findByTestId('order-total')).toHaveTextContent(formatVnd(order.amount));
    await waitFor(() => expect(pay).toBeEnabled());
  });

  it('cancels the order and shows it cancelled', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();
    await screen.findByTestId('order-total');

    await user.click(screen.getByRole('button', { name: 'Huỷ đơn hàng' }));
    const dialog = await screen.findByRole('dialog', { name: 'Huỷ đơn hàng này?' });
    await user.click(within(dialog).getByRole('button', { name: 'Huỷ đơn hàng' }));

    expect(await screen.findByText('Đã huỷ đơn hàng.')).toBeVisible();
    expect(await screen.findByText('Đã huỷ')).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Thanh toán / })).not.toBeInTheDocument();
    const { body } = await api<{ status: string }>(
      sandbox(),
      token,
      'GET',
      `/billing/orders/${order.id}`,
    );
    expect(body.status).toBe('cancelled');
  });

  it('leads from a paid volume order to its volume, under the billing orders breadcrumb', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const created = await api<{ volume: { id: number } }>(
      sandbox(),
      token,
      'POST',
      '/storage/volumes',
      {
        name: 'data-01',
        size: 10,
        type: 'HDD',
      },
    );
    const { body: orders } = await api<{ items: { id: number; type: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/orders',
    );
    const order = orders.items.find((item) => item.type === 'create_volume');
    renderPortal(`/order/create?id=${order?.id}`);

    expect(await screen.findByText('Đơn hàng đã được thanh toán.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Xem volume' })).toHaveAttribute(
      'href',
      `/volume/${created.body.volume.id}/detail`,
    );
    expect(
      // The page's own content, beside the sidebar (which always lists Cloud VPS).
      within(document.getElementById('main-content') as HTMLElement).queryByRole('link', {
        name: 'Cloud VPS',
      }),
    ).not.toBeInTheDocument();
    // The header (with the trail) is built after the page, in a render React slices.
    const trail = await screen.findByRole('navigation', { name: 'Vị trí trang' });
    expect(within(trail).getByRole('link', { name: 'Đơn hàng' })).toHaveAttribute(
      'href',
      '/billing/orders',
    );
    expect(within(trail).getByText('Chi tiết')).toBeVisible();
  });

  it('leads a customer whose balance is short to billing with the missing amount', async () => {
    const token = await signInAs(sandbox(), 'trial@example.vn');
    const order = await placeOrder(sandbox(), token, {
      ...SMALL_SERVER,
      cpu: 8,
      ram: 16,
      disk: 160,
      interval: 12,
    });
    const { body: preview } = await api<Preview>(
      sandbox(),
      token,
      'POST',
      `/billing/orders/${order.id}/pay?check=True`,
    );
    expect(preview.sufficient_balance).toBe(false);
    renderPortal(`/order/create?id=${order.id}`);
    const user = userEvent.setup();

    expect(
      await screen.findByText(`Số dư không đủ, vui lòng nạp thêm ${formatVnd(preview.shortfall)}.`),
    ).toBeVisible();
    await user.click(
      screen.getByRole('link', { name: `Nạp thêm ${formatVnd(preview.shortfall)}` }),
    );
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/billing?amount=${preview.shortfall}&topup=1`,
      ),
    );

    // Back from the gateway, the success page leads to the order first.
    cleanup();
    renderPortal('/billing/success');
    const back = await screen.findByRole('link', { name: 'Quay lại đơn hàng' });
    expect(back).toHaveAttribute('href', `/order/create?id=${order.id}`);
    expect(screen.getByRole('link', { name: 'Về trang thanh toán' })).toBeVisible();
  });

  it('says what the first payment covers: from today to the end of the month, plus whole months', async () => {
    const { monthly, yearly } = await monthlyAndYearlyOrders();

    renderPortal(`/order/create?id=${monthly.id}`);
    expect(await screen.findByTestId('first-payment')).toHaveTextContent(
      `Thanh toán lần đầu ${formatVnd(monthly.amount)}: từ hôm nay 26-03-2025 đến hết 31-03-2025 (phần còn lại của tháng này)`,
    );
    cleanup();
    renderPortal(`/order/create?id=${yearly.id}`);
    expect(await screen.findByTestId('first-payment')).toHaveTextContent(
      `Thanh toán lần đầu ${formatVnd(yearly.amount)}: từ hôm nay 26-03-2025 đến hết 28-02-2026 (phần còn lại của tháng này + 11 tháng)`,
    );
  });

  it('says that paying in a month’s last week issues the next month’s renewal at once, and it does', async () => {
    const { token, monthly, yearly } = await monthlyAndYearlyOrders();
    renderPortal(`/order/create?id=${yearly.id}`);
    await screen.findByTestId('first-payment');
    expect(screen.queryByTestId('renewal-soon')).not.toBeInTheDocument();
    cleanup();

    renderPortal(`/order/create?id=${monthly.id}`);
    expect(await screen.findByTestId('renewal-soon')).toHaveTextContent(
      'Vì kỳ này kết thúc trong vòng 7 ngày, hoá đơn gia hạn tháng tiếp theo sẽ được phát hành ngay sau khi thanh toán, hạn thanh toán 01-04-2025.',
    );
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Thanh toán ${formatVnd(monthly.amount)}` }),
    );
    await screen.findByText(`Thanh toán thành công ${formatVnd(monthly.amount)}.`);
    // The running sandbox sweeps every minute; an hour's move runs that sweep now.
    await moveSandboxClock(sandbox().app, { hours: 1 });
    const { body: open } = await api<{ items: { due_date: string; resource_type: string }[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/invoices?status=open',
    );
    expect(open.items).toEqual([
      expect.objectContaining({ resource_type: 'server', due_date: '2025-03-31T17:00:00.000Z' }),
    ]);
  });

  it('says the period an order pays for and its last day paid, never its exclusive end', async () => {
    const { token, monthly, yearly } = await monthlyAndYearlyOrders();
    // The order ends at the start of April in Vietnam, 17:00 UTC on the last day of March.
    const { body: placed } = await api<{ expiry: string }>(
      sandbox(),
      token,
      'GET',
      `/billing/orders/${monthly.id}`,
    );
    expect(placed.expiry).toBe('2025-03-31T17:00:00.000Z');

    renderPortal(`/order/create?id=${monthly.id}`);
    await screen.findByTestId('first-payment');
    expect(definitionOf('Thời hạn')).toHaveTextContent(
      /^phần còn lại của tháng này \(từ 26-03-2025 đến hết 31-03-2025\)$/,
    );
    expect(definitionOf('Hạn sử dụng')).toHaveTextContent(/^đến hết 31-03-2025$/);
    // The 1st of April is only the next renewal's due date, said as such.
    expect(screen.queryAllByText(/01-04-2025/)).toEqual([screen.getByTestId('renewal-soon')]);
    expect(screen.getByTestId('renewal-soon')).toHaveTextContent(/hạn thanh toán 01-04-2025\.$/);
    cleanup();

    renderPortal(`/order/create?id=${yearly.id}`);
    await screen.findByTestId('first-payment');
    expect(definitionOf('Thời hạn')).toHaveTextContent(
      /^phần còn lại của tháng này \+ 11 tháng \(từ 26-03-2025 đến hết 28-02-2026\)$/,
    );
    expect(definitionOf('Hạn sử dụng')).toHaveTextContent(/^đến hết 28-02-2026$/);
    cleanup();

    localStorage.setItem('locale', 'en');
    render(
      <MemoryRouter initialEntries={[`/order/create?id=${monthly.id}`]}>
        <App locale="en" messages={englishMessages} onLocaleChange={async () => undefined} />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('first-payment')).toHaveTextContent(
      `First payment ${formatVnd(monthly.amount)}: from today 26-03-2025 through 31-03-2025 (the rest of this month)`,
    );
    expect(definitionOf('Period')).toHaveTextContent(
      /^the rest of this month \(from 26-03-2025 through 31-03-2025\)$/,
    );
    expect(definitionOf('Paid period')).toHaveTextContent(/^through 31-03-2025$/);
  });

  it('offers billing alone after a top-up that no order led to', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/billing/success');
    expect(await screen.findByRole('link', { name: 'Về trang thanh toán' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Quay lại đơn hàng' })).toBeNull();
  });

  it('shows a blocked account why it may not pay, with the pay button disabled', async () => {
    const token = await signInAs(sandbox(), 'trial@example.vn');
    // The trial account starts with no balance: the gift code pays for the small server.
    await api(sandbox(), token, 'POST', '/billing/apply_coupon', { code: 'NAP100K' });
    const order = await placeOrder(sandbox(), token);
    // The trial (five days left) ends while the order waits.
    vi.setSystemTime(new Date(NOW.getTime() + 5 * DAY_MS + HOUR_MS));
    renderPortal(`/order/create?id=${order.id}`);
    await screen.findByTestId('order-total');
    expect(screen.getByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.')).toBeVisible();
    // The order's Pay (the banner's "Thanh toán hoá đơn dùng thử" is the trial's).
    expect(screen.getByRole('button', { name: /^Thanh toán \d/ })).toBeDisabled();
    // Cancelling is never blocked.
    expect(screen.getByRole('button', { name: 'Huỷ đơn hàng' })).toBeEnabled();
  });

  it('opens the Orders tab of billing when opened without an id', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    renderPortal('/order/create');
    const pay = await screen.findByRole('link', { name: `Thanh toán đơn hàng #${order.id}` });
    expect(pay).toHaveAttribute('href', `/order/create?id=${order.id}`);
    expect(screen.getByTestId('location')).toHaveTextContent('/billing/orders');
  });
});
