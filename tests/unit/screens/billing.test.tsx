// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatDate } from '../../../src/domain/dates';
import { isOverdue } from '../../../src/domain/invoices';
import { formatVnd } from '../../../src/domain/money';
import { applyDiscount, vatContained } from '../../../src/domain/pricing';
import {
  breakNetworkFor,
  setBalance,
  shellSandboxPerTest,
} from '../../../src/layout/layoutTestHarness';
import { postSandboxForm, moveSandboxClock } from '../../../server/testing';
import { pinDateInEachTest } from '../../support/pinnedDate';
import { PORTAL_ORIGIN } from '../../support/sandbox';
import { api, buyServer, placeOrder, renderPortal, signInAs, SMALL_SERVER } from './portalHarness';

const NOW = new Date('2025-03-26T05:20:00.000Z');

pinDateInEachTest(NOW);

afterEach(() => {
  vi.restoreAllMocks();
});

const shell = shellSandboxPerTest();
const sandbox = () => shell().sandbox;

/** The seeded account with one overdue invoice (and no balance). */
const EXPIRED = 'expired@example.vn';
/** GIAM10 in the seed: 10 %, at most 100.000 ₫. */
const GIAM10 = { discount_type: 'percent' as const, value: 10, max_discount: 100_000 };

interface Invoice {
  id: number;
  code: string;
  amount: number;
  status: string;
}

async function overdueInvoice(token: string): Promise<Invoice> {
  const { body } = await api<{ items: Invoice[] }>(sandbox(), token, 'GET', '/billing/invoices');
  const invoice = body.items.find((item) => item.status === 'open');
  if (!invoice) throw new Error('the seed has no open invoice for this account');
  return invoice;
}

async function balanceOf(token: string): Promise<number> {
  const { body } = await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user');
  return body.balance;
}

/** The expired account with `balance`, on /billing, with its overdue invoice's Pay dialog open. */
async function openPayDialog(balance: number) {
  setBalance(shell().db, EXPIRED, balance);
  const token = await signInAs(sandbox(), EXPIRED);
  const invoice = await overdueInvoice(token);
  renderPortal('/billing');
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: `Thanh toán hoá đơn ${invoice.code}` }),
  );
  const dialog = await screen.findByRole('dialog');
  return { token, invoice, user, dialog };
}

function checkCalls(): number {
  return sandbox().requests.filter((call) => call === 'GET /api/v1/billing/coupons/check_code')
    .length;
}

describe('the billing page', () => {
  it('lists the invoices, the overdue one standing out, and keeps the status filter in the URL', async () => {
    const token = await signInAs(sandbox(), EXPIRED);
    const invoice = await overdueInvoice(token);
    renderPortal('/billing');

    const row = (await screen.findByRole('link', { name: invoice.code })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Quá hạn')).toBeVisible();
    expect(within(row as HTMLElement).getByText(formatVnd(invoice.amount))).toBeVisible();
    expect(
      within(row as HTMLElement).getByRole('button', {
        name: `Thanh toán hoá đơn ${invoice.code}`,
      }),
    ).toBeEnabled();
  });

  it('marks an invoice overdue by the sandbox clock, not by the device’s', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    // Paid to the start of April; nothing left in the balance to pay its renewal when it is due.
    await buyServer(sandbox(), token);
    setBalance(shell().db, 'demo@example.vn', 0);
    const moved = await moveSandboxClock(sandbox().app, { days: 10 });
    const sandboxNow = new Date(moved.now);

    const { body } = await api<{ items: (Invoice & { due_date: string })[] }>(
      sandbox(),
      token,
      'GET',
      '/billing/invoices',
    );
    const renewal = body.items.find((item) => item.status === 'open');
    if (!renewal) throw new Error('the sandbox issued no renewal for the server');
    // The device still reads 26-03-2025, before the due date; the sandbox reads 05-04-2025.
    expect(isOverdue(renewal, new Date())).toBe(false);
    expect(isOverdue(renewal, sandboxNow)).toBe(true);

    renderPortal('/billing');
    const row = (await screen.findByRole('link', { name: renewal.code })).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Quá hạn')).toBeVisible();
  });

  it('opens with the filters of a shared link and shows an empty list as empty', async () => {
    await signInAs(sandbox(), EXPIRED);
    const filter = encodeURIComponent(JSON.stringify({ status: 'paid' }));
    renderPortal(`/billing?filter=${filter}`);

    expect(await screen.findByText('Chưa có hoá đơn nào.')).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(`filter=${filter}`);
  });

  it('says the invoices could not be loaded, with a Retry, instead of an empty list', async () => {
    await signInAs(sandbox(), EXPIRED);
    breakNetworkFor('/billing/invoices');
    renderPortal('/billing');

    expect(await screen.findByRole('button', { name: 'Thử lại' })).toBeVisible();
    expect(screen.queryByText('Chưa có hoá đơn nào.')).not.toBeInTheDocument();
  });

  it('pays an overdue invoice with a checked coupon; unpaid amount, balance and banner follow without a reload', async () => {
    setBalance(shell().db, EXPIRED, 1_000_000);
    const token = await signInAs(sandbox(), EXPIRED);
    const invoice = await overdueInvoice(token);
    renderPortal('/billing');
    const user = userEvent.setup();

    expect(
      await screen.findByRole('link', { name: `Chưa thanh toán: ${formatVnd(invoice.amount)}` }),
    ).toBeInTheDocument();
    await user.click(
      await screen.findByRole('button', { name: `Thanh toán hoá đơn ${invoice.code}` }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: `Thanh toán hoá đơn ${invoice.code}`,
    });
    const codeField = within(dialog).getByLabelText('Mã giảm giá');
    const total = () => within(dialog).getByTestId('invoice-pay-total');
    const apply = () => within(dialog).getByRole('button', { name: 'Áp dụng' });
    const discounted = applyDiscount(invoice.amount, GIAM10);
    expect(discounted.discount).toBeGreaterThan(0);

    await user.type(codeField, 'GIAM10');
    await user.click(apply());
    await waitFor(() => expect(total()).toHaveTextContent(formatVnd(discounted.total)));
    expect(within(dialog).getByText('Đã áp dụng mã GIAM10.')).toBeVisible();

    // A good code, then a bad one: the old discount does not stay in the total.
    await user.clear(codeField);
    await user.type(codeField, 'KHONG-CO');
    await user.click(apply());
    expect(await within(dialog).findByText('Mã giảm giá không hợp lệ.')).toBeVisible();
    expect(total()).toHaveTextContent(formatVnd(invoice.amount));
    expect(within(dialog).getByRole('button', { name: /^Thanh toán / })).toBeDisabled();

    await user.clear(codeField);
    await user.type(codeField, 'GIAM10');
    await user.click(apply());
    await waitFor(() => expect(total()).toHaveTextContent(formatVnd(discounted.total)));
    // One check per press of Apply, no preview of its own.
    expect(checkCalls()).toBe(3);

    await user.dblClick(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(discounted.total)}` }),
    );
    expect(
      await screen.findByText(
        `Đã thanh toán hoá đơn ${invoice.code}: ${formatVnd(discounted.total)}.`,
      ),
    ).toBeVisible();
    // Paid once, with the checked code.
    expect(await balanceOf(token)).toBe(1_000_000 - discounted.total);

    await waitFor(() =>
      expect(screen.getByRole('link', { name: `Chưa thanh toán: ${formatVnd(0)}` })).toBeVisible(),
    );
    expect(screen.getByTestId('billing-balance')).toHaveTextContent(
      formatVnd(1_000_000 - discounted.total),
    );
    await waitFor(() => expect(screen.queryByText(/hoá đơn quá hạn/i)).not.toBeInTheDocument());
    const row = (await screen.findByRole('link', { name: invoice.code })).closest('tr');
    expect(await within(row as HTMLElement).findByText('Đã thanh toán')).toBeVisible();
  });

  it('does not offer Pay for a code edited after its check, and drops its discount', async () => {
    const { invoice, user, dialog } = await openPayDialog(1_000_000);
    const codeField = within(dialog).getByLabelText('Mã giảm giá');

    await user.type(codeField, 'GIAM10');
    await user.click(within(dialog).getByRole('button', { name: 'Áp dụng' }));
    expect(await within(dialog).findByText('Đã áp dụng mã GIAM10.')).toBeVisible();
    await user.type(codeField, 'X');

    expect(within(dialog).getByTestId('invoice-pay-total')).toHaveTextContent(
      formatVnd(invoice.amount),
    );
    expect(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(invoice.amount)}` }),
    ).toBeDisabled();
    expect(
      within(dialog).getByText('Bấm “Áp dụng” để kiểm tra mã trước khi thanh toán.'),
    ).toBeVisible();
  });

  it('after a lost answer on Pay says the result is unknown and reads the invoice again', async () => {
    const { invoice, user, dialog } = await openPayDialog(1_000_000);
    // The payment reaches the sandbox, but its answer never comes back.
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const request = new Request(input, init);
      const response = await realFetch(input, init);
      if (new URL(request.url).pathname.endsWith('/pay')) throw new TypeError('Failed to fetch');
      return response;
    });

    await user.click(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(invoice.amount)}` }),
    );

    expect(await screen.findByText(/Không rõ kết quả/)).toBeVisible();
    expect(await within(dialog).findByText('Hoá đơn này không còn chờ thanh toán.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: /^Thanh toán / })).not.toBeInTheDocument();
    expect(sandbox().requests).toContain(`GET /api/v1/billing/invoices/${invoice.id}`);
  });

  it('when the invoice was paid elsewhere meanwhile, Pay says so and the dialog stops offering it', async () => {
    const { token, invoice, user, dialog } = await openPayDialog(1_000_000);
    // Another tab (or the sandbox's auto-pay on the due date) pays it first.
    const paidElsewhere = await api(
      sandbox(),
      token,
      'POST',
      `/billing/invoices/${invoice.id}/pay`,
      {},
    );
    expect(paidElsewhere.status).toBe(200);

    await user.click(
      within(dialog).getByRole('button', { name: `Thanh toán ${formatVnd(invoice.amount)}` }),
    );

    // The dialog shows the invoice as it is now, beside the sandbox's refusal.
    const notOpen = 'Hoá đơn này không còn chờ thanh toán.';
    expect(await within(dialog).findByText(notOpen)).toBeVisible();
    expect(screen.getAllByText(notOpen)).toHaveLength(2);
    expect(within(dialog).queryByRole('button', { name: /^Thanh toán / })).not.toBeInTheDocument();
    expect(await balanceOf(token)).toBe(1_000_000 - invoice.amount);
  });

  it('redeems a gift code into the balance and shows it in the balance history', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const before = await balanceOf(token);
    renderPortal('/billing/history');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Mã quà tặng hoặc mã nạp tiền');

    await user.type(field, 'KHONG-CO');
    await user.click(screen.getByRole('button', { name: 'Nạp mã' }));
    expect(await screen.findByText('Mã giảm giá không hợp lệ.')).toBeVisible();

    await user.clear(field);
    await user.type(field, 'NAP100K');
    await user.click(screen.getByRole('button', { name: 'Nạp mã' }));
    expect(await screen.findByText(`Đã cộng ${formatVnd(100_000)} vào số dư.`)).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('billing-balance')).toHaveTextContent(formatVnd(before + 100_000)),
    );
    expect(await screen.findByText(`+${formatVnd(100_000)}`)).toBeVisible();
    expect(await screen.findByText('Nạp tiền bằng mã quà tặng NAP100K')).toBeVisible();
    expect(await balanceOf(token)).toBe(before + 100_000);

    // A refused code says why, in the sandbox's words, not a generic text.
    await user.type(field, 'NAP100K');
    await user.click(screen.getByRole('button', { name: 'Nạp mã' }));
    expect(
      await screen.findByText(
        'Tài khoản của bạn đã dùng mã NAP100K. Mỗi tài khoản chỉ dùng mã này một lần.',
      ),
    ).toBeVisible();
    await user.clear(field);
    await user.type(field, 'GIAM10');
    await user.click(screen.getByRole('button', { name: 'Nạp mã' }));
    expect(
      await screen.findByText(/^Mã GIAM10 là mã giảm giá, không cộng vào số dư/),
    ).toBeVisible();
    expect(await balanceOf(token)).toBe(before + 100_000);
  });

  it('shows an invoice with the VAT its price contains', async () => {
    const token = await signInAs(sandbox(), EXPIRED);
    const invoice = await overdueInvoice(token);
    renderPortal(`/billing/invoices/${invoice.id}`);

    expect(await screen.findByRole('heading', { name: `Hoá đơn ${invoice.code}` })).toBeVisible();
    expect(screen.getByTestId('invoice-vat')).toHaveTextContent(
      formatVnd(vatContained(invoice.amount)),
    );
    expect(screen.getByRole('button', { name: 'In / lưu PDF' })).toBeVisible();
  });
});

interface Payment {
  transaction_id: string;
  amount: number;
}

/** A card top-up approved at the sandbox's gateway, which credits it: one row of /billing/payments. */
async function creditedCardPayment(token: string, amount: number): Promise<Payment> {
  const { body } = await api<{ reference: string }>(
    sandbox(),
    token,
    'POST',
    '/billing/gen_payment_req_url',
    { method: 'card', amount, return_url: `${PORTAL_ORIGIN}/idc/billing/payment` },
  );
  const answer = await postSandboxForm(sandbox().app, '/sandbox/onepay/decision', {
    reference: body.reference,
    decision: 'approved',
  });
  expect(answer.statusCode).toBe(303);
  const payments = await api<{ items: Payment[] }>(sandbox(), token, 'GET', '/billing/payments');
  const payment = payments.body.items.find((item) => item.amount === amount);
  if (!payment) throw new Error('the approved top-up was not credited');
  return payment;
}

/** The query of every call the portal sent to an API path (the sandbox answers them all). */
function watchQueriesTo(path: string): URLSearchParams[] {
  const queries: URLSearchParams[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(new Request(input, init).url);
    if (url.pathname.endsWith(path)) queries.push(url.searchParams);
    return realFetch(input, init);
  });
  return queries;
}

describe('the payments tab of the billing page', () => {
  // A typed filter reaches the URL through a debounce that reads the clock: let it run.
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('lists the credited top-ups and keeps a transaction id filter in the URL', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const first = await creditedCardPayment(token, 150_000);
    const second = await creditedCardPayment(token, 320_000);
    const queries = watchQueriesTo('/billing/payments');
    renderPortal('/billing/payments');
    const user = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Giao dịch nạp tiền' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = (await screen.findByText(second.transaction_id)).closest('tr') as HTMLElement;
    expect(within(row).getByText(formatVnd(320_000))).toBeVisible();
    expect(within(row).getByText('Thẻ (cổng OnePay)')).toBeVisible();
    expect(screen.getByText(first.transaction_id)).toBeVisible();

    await user.type(screen.getByLabelText('Mã giao dịch'), first.transaction_id);
    // The typed filter reaches the URL after react-admin's debounce, then the list is asked again.
    const filter = encodeURIComponent(JSON.stringify({ transaction_id: first.transaction_id }));
    await waitFor(
      () => expect(screen.getByTestId('location')).toHaveTextContent(`filter=${filter}`),
      { timeout: 5000 },
    );
    await waitFor(() => expect(screen.queryByText(second.transaction_id)).not.toBeInTheDocument(), {
      timeout: 5000,
    });
    expect(screen.getByText(first.transaction_id)).toBeVisible();
    expect(queries.at(-1)?.get('transaction_id')).toBe(first.transaction_id);
  });

  it('sends a chosen gateway as payment_gateway, keeps it in the URL and shows an empty list as empty', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const payment = await creditedCardPayment(token, 150_000);
    const queries = watchQueriesTo('/billing/payments');
    renderPortal('/billing/payments');
    const user = userEvent.setup();
    expect(await screen.findByText(payment.transaction_id)).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Cổng thanh toán' }));
    await user.click(await screen.findByRole('option', { name: 'PayPal' }));

    expect(
      await screen.findByText('Chưa có giao dịch nạp tiền nào.', {}, { timeout: 5000 }),
    ).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `filter=${encodeURIComponent(JSON.stringify({ payment_gateway: 'paypal' }))}`,
    );
    // Spec §7's parameter names, as written (per_page is the paging every list sends).
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      page: '1',
      per_page: expect.any(String),
      payment_gateway: 'paypal',
    });
  });
});

interface Package {
  id: number;
  resource: string;
  start: string;
  end: string;
  plan: { price: number; interval_count: number };
  price: { monthly: number; charge_this_month: number };
  products: { name: string; quantity: number }[];
}

describe('the services tab of the billing page', () => {
  // A chosen filter reaches the URL through a debounce that reads the clock: let it run.
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('lists what the customer pays for, with its plan and this month’s price', async () => {
    const token = await signInAs(sandbox(), 'agency@example.vn');
    const { body } = await api<{ items: Package[] }>(sandbox(), token, 'GET', '/billing/packages');
    const server = body.items.find((item) => item.resource === 'agency-web-01');
    if (!server) throw new Error('the seed has no server package for this account');
    renderPortal('/billing/services');

    const row = (await screen.findByText('agency-web-01')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Máy chủ')).toBeVisible();
    expect(
      within(row).getByText(
        `${formatVnd(server.plan.price)} / ${server.plan.interval_count} tháng`,
      ),
    ).toBeVisible();
    // The period ends at an exclusive instant: its last day is the day before; the next renewal is
    // that instant's day.
    const lastDay = formatDate(new Date(Date.parse(server.end) - 1));
    expect(lastDay).not.toBe(formatDate(server.end));
    expect(
      within(row).getByText(`từ ${formatDate(server.start)} đến hết ${lastDay}`),
    ).toBeVisible();
    expect(within(row).getByText(formatDate(server.end))).toBeVisible();
    expect(within(row).getByText(formatVnd(server.price.charge_this_month))).toBeVisible();

    // Its details are the package as GET /billing/package/{id} answers it.
    await userEvent
      .setup()
      .click(within(row).getByRole('button', { name: 'Chi tiết dịch vụ agency-web-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'agency-web-01' });
    expect(
      await within(dialog).findByText(`Giá hằng tháng: ${formatVnd(server.price.monthly)}`),
    ).toBeVisible();
    for (const product of server.products) {
      expect(within(dialog).getByText(`${product.name} × ${product.quantity}`)).toBeVisible();
    }
    expect(sandbox().requests).toContain(`GET /api/v1/billing/package/${server.id}`);
  });

  it('sends a chosen status as status, keeps it in the URL and shows an empty list as empty', async () => {
    await signInAs(sandbox(), 'agency@example.vn');
    const queries = watchQueriesTo('/billing/packages');
    renderPortal('/billing/services');
    const user = userEvent.setup();
    expect(await screen.findByText('agency-web-01')).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Đã huỷ' }));

    expect(await screen.findByText('Chưa có dịch vụ nào.', {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByTestId('location')).toHaveTextContent(
      `filter=${encodeURIComponent(JSON.stringify({ status: 'cancelled' }))}`,
    );
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      page: '1',
      per_page: expect.any(String),
      status: 'cancelled',
    });
  });
});

describe('the orders tab of the billing page', () => {
  // Filters and notifications run on the clock: let it run.
  beforeEach(() => {
    vi.useRealTimers();
  });

  it('lists orders of every status, asks for pending ones as spec §7 writes it, and cancels one after asking', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const kept = await placeOrder(sandbox(), token);
    const dropped = await placeOrder(sandbox(), token, { ...SMALL_SERVER, name: 'web-02' });
    const alreadyCancelled = await placeOrder(sandbox(), token, {
      ...SMALL_SERVER,
      name: 'web-03',
    });
    await api(sandbox(), token, 'POST', `/billing/orders/${alreadyCancelled.id}/cancel`, {});
    const queries = watchQueriesTo('/billing/orders');
    renderPortal('/billing/orders');
    const user = userEvent.setup();

    expect(await screen.findByRole('tab', { name: 'Đơn hàng' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const pay = await screen.findByRole('link', { name: `Thanh toán đơn hàng #${kept.id}` });
    expect(pay).toHaveAttribute('href', `/order/create?id=${kept.id}`);
    const row = pay.closest('tr') as HTMLElement;
    expect(within(row).getByText(formatVnd(kept.amount))).toBeVisible();
    expect(within(row).getByText('Tạo máy chủ')).toBeVisible();
    expect(within(row).getByText('Chờ thanh toán')).toBeVisible();
    // Every status by default: the cancelled order is there, without Pay or Cancel.
    const cancelledRow = screen.getByText(`#${alreadyCancelled.id}`).closest('tr') as HTMLElement;
    expect(within(cancelledRow).getByText('Đã huỷ')).toBeVisible();
    expect(within(cancelledRow).queryByRole('button')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Trạng thái' })).toHaveTextContent('Tất cả');
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      page: '1',
      per_page: expect.any(String),
    });

    await user.click(screen.getByRole('combobox', { name: 'Trạng thái' }));
    await user.click(await screen.findByRole('option', { name: 'Chờ thanh toán' }));
    await waitFor(() => expect(screen.queryByText(`#${alreadyCancelled.id}`)).toBeNull());
    // Spec §7's call, as written.
    expect(Object.fromEntries(queries.at(-1) ?? [])).toEqual({
      page: '1',
      per_page: expect.any(String),
      status: 'pending',
    });

    await user.click(screen.getByRole('button', { name: `Huỷ đơn hàng #${dropped.id}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Huỷ đơn hàng này?' });
    await user.click(within(dialog).getByRole('button', { name: 'Huỷ đơn hàng' }));
    expect(await screen.findByText('Đã huỷ đơn hàng.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText(`#${dropped.id}`)).toBeNull());
    expect(screen.getByText(`#${kept.id}`)).toBeVisible();
    const { body } = await api<{ status: string }>(
      sandbox(),
      token,
      'GET',
      `/billing/orders/${dropped.id}`,
    );
    expect(body.status).toBe('cancelled');
  });

  it('shows an account without orders an empty list', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/billing/orders');
    expect(await screen.findByText('Chưa có đơn hàng nào.', {}, { timeout: 5000 })).toBeVisible();
  });

  it('says the orders could not be loaded, with a Retry, instead of an empty list', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    breakNetworkFor('/billing/orders');
    renderPortal('/billing/orders');
    expect(await screen.findByRole('button', { name: /thử lại/i })).toBeVisible();
    expect(screen.queryByText('Chưa có đơn hàng nào.')).toBeNull();
  });

  it('pays an order from the tab: the balance shown follows without a reload', async () => {
    setBalance(shell().db, 'demo@example.vn', 1_000_000);
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const order = await placeOrder(sandbox(), token);
    renderPortal('/billing/orders');
    const user = userEvent.setup();
    const balanceShown = await screen.findByTestId('billing-balance');
    await waitFor(() => expect(balanceShown).toHaveTextContent(formatVnd(1_000_000)));

    await user.click(await screen.findByRole('link', { name: `Thanh toán đơn hàng #${order.id}` }));
    // The order page previews the payment (total, balance) before it offers Pay.
    expect(await screen.findByTestId('order-total')).toHaveTextContent(formatVnd(order.amount));
    const pay = screen.getByRole('button', { name: `Thanh toán ${formatVnd(order.amount)}` });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/\/cloud-server\/\d+\/detail/),
    );
    expect(await balanceOf(token)).toBe(1_000_000 - order.amount);

    await user.click(screen.getByRole('link', { name: /^Chưa thanh toán/ }));
    await waitFor(() =>
      expect(screen.getByTestId('billing-balance')).toHaveTextContent(
        formatVnd(1_000_000 - order.amount),
      ),
    );
  });
});
