// @vitest-environment jsdom
/**
 * Top-ups (issue 7): the dialog that starts them (card, PayPal, bank transfer), and the pages the
 * gateways send the browser back to. Everything runs against the in-process sandbox, its card
 * gateway and PayPal simulator included: a return query is the one the sandbox's gateway page
 * redirects to.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, memoryStore } from 'react-admin';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';

import { dataProvider } from '../../../src/dataProvider/dataProvider';
import { formatVnd } from '../../../src/domain/money';
import { createI18nProvider } from '../../../src/i18n/i18nProvider';
import { en as english } from '../../../src/i18n/en';
import { vi as vietnamese } from '../../../src/i18n/vi';
import { gatewayNavigation, TopUpDialog } from '../../../src/pages/topup/TopUpDialog';
import { postSandboxForm } from '../../../server/testing';
import { PORTAL_ORIGIN, sandboxPerTest } from '../../support/sandbox';
import { api, renderPortal, signInAs } from './portalHarness';

const sandbox = sandboxPerTest();

afterEach(() => {
  vi.restoreAllMocks();
});

/** demo@example.vn's balance in the seed. */
const DEMO_BALANCE = 5_000_000;
const RETURN_URL = `${PORTAL_ORIGIN}/idc/billing/payment`;

function renderDialog(initialAmount?: number, locale: 'vi' | 'en' = 'vi') {
  const onClose = vi.fn();
  const messages = locale === 'en' ? english : vietnamese;
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={createI18nProvider(locale, messages, async () => undefined)}
      store={memoryStore()}
    >
      <TopUpDialog open initialAmount={initialAmount} onClose={onClose} />
    </AdminContext>,
  );
  return { onClose };
}

/** Watches the page load the dialog asks for (jsdom cannot leave the page). */
function watchNavigation() {
  let arrived: (url: string) => void = () => undefined;
  const sentTo = new Promise<string>((resolve) => (arrived = resolve));
  const assign = vi.spyOn(gatewayNavigation, 'assign').mockImplementation((url) => arrived(url));
  return { assign, sentTo };
}

/** The dialog's calls to the API, as the sandbox saw them. */
const paymentRequests = () =>
  sandbox().requests.filter((call) => call.endsWith('/billing/gen_payment_req_url'));

describe('the top-up dialog', () => {
  it('refuses amounts under the contract minimum and sends nothing', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderDialog();
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Số tiền nạp/);
    expect(screen.getByText('Tối thiểu 10.000 ₫.')).toBeVisible();
    const rangeMessage = 'Số tiền nạp phải là số nguyên từ 10.000 ₫ đến 1.000.000.000 ₫.';

    // Past the maximum it says so at once, before Pay, and never "you will top up" that amount.
    await user.type(field, '9999999999999');
    expect(screen.getByText(rangeMessage)).toBeVisible();
    expect(screen.queryByText(/Số tiền sẽ nạp/)).toBeNull();
    await user.clear(field);

    await user.type(field, '9999');
    await user.click(screen.getByRole('button', { name: 'Thanh toán' }));
    expect(await screen.findByText(rangeMessage)).toBeVisible();
    await user.clear(field);
    await user.type(field, '12abc');
    expect(screen.getByText(rangeMessage)).toBeVisible();
    // Dots in the wrong places are not thousands: "10.000.5" is not read as 100.005 ₫.
    await user.clear(field);
    await user.type(field, '10.000.5');
    expect(screen.getByText(rangeMessage)).toBeVisible();
    await user.clear(field);
    expect(screen.getByText('Vui lòng nhập số tiền cần nạp.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Thanh toán' }));
    expect(paymentRequests()).toEqual([]);

    // The minimum itself is accepted, typed with thousands dots as Vietnamese write it.
    await user.type(field, '10.000');
    expect(screen.queryByText(rangeMessage)).toBeNull();
    expect(screen.getByText('Tối thiểu 10.000 ₫. Số tiền sẽ nạp: 10.000 ₫')).toBeVisible();
  });

  it('starts a card payment for a preset with the exact body and sends the browser to the gateway', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    const { assign, sentTo } = watchNavigation();
    // Watched, not replaced: the sandbox answers.
    const createPaymentRequest = vi.spyOn(dataProvider, 'createPaymentRequest');
    renderDialog();
    const user = userEvent.setup();

    const presets = await screen.findByRole('group', { name: 'Chọn nhanh số tiền' });
    await user.click(within(presets).getByText(formatVnd(500_000)));
    expect(screen.getByLabelText(/Số tiền nạp/)).toHaveValue('500000');
    expect(screen.getByLabelText(/Thẻ ATM/)).toBeChecked();
    expect(screen.getByLabelText(/PayPal/)).toBeEnabled();
    expect(screen.getByLabelText(/Chuyển khoản ngân hàng/)).toBeEnabled();

    const pay = screen.getByRole('button', { name: 'Thanh toán' });
    await user.dblClick(pay);
    const url = await sentTo;
    expect(createPaymentRequest.mock.calls).toEqual([
      [{ method: 'card', amount: 500_000, return_url: RETURN_URL }],
    ]);
    expect(paymentRequests()).toHaveLength(1);
    expect(assign).toHaveBeenCalledTimes(1);
    // Busy until the gateway page replaces this one.
    expect(pay).toBeDisabled();

    // The browser is sent to the url the sandbox answered: its gateway page, for this top-up.
    const answered = await createPaymentRequest.mock.results[0]!.value;
    expect(url).toBe(answered.url);
    const gateway = new URL(url);
    expect(gateway.pathname).toBe('/sandbox/onepay/vpc.op');
    expect(gateway.searchParams.get('vpc_Amount')).toBe('50000000');
    expect(gateway.searchParams.get('vpc_ReturnURL')).toBe(RETURN_URL);
  });

  it('pre-fills the amount it was opened with', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    const { sentTo } = watchNavigation();
    renderDialog(123_456);
    const user = userEvent.setup();
    expect(await screen.findByLabelText(/Số tiền nạp/)).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Thanh toán' }));
    expect(new URL(await sentTo).searchParams.get('vpc_Amount')).toBe('12345600');
  });
});

describe('the top-up dialog for PayPal', () => {
  it('shows the dollars and the rate answered, goes back to the form as typed, then to PayPal', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    const { assign, sentTo } = watchNavigation();
    const createPaymentRequest = vi.spyOn(dataProvider, 'createPaymentRequest');
    renderDialog();
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/Số tiền nạp/), '100.000');
    await user.click(screen.getByLabelText('PayPal'));
    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));

    // 100.000 ₫ at 25.500 ₫ per dollar is 3,92… dollars, charged rounded up to the cent.
    expect(
      await screen.findByText('Bạn sẽ trả 3,93 USD qua PayPal (tỷ giá 25.500 ₫/USD).'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Số dư được cộng 100.000 ₫ khi PayPal xác nhận thanh toán. Số đô la đã được làm tròn lên đến cent.',
      ),
    ).toBeVisible();
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Quay lại' }));
    expect(screen.getByLabelText(/Số tiền nạp/)).toHaveValue('100.000');
    expect(screen.getByLabelText('PayPal')).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Tiếp tục' }));
    const go = await screen.findByRole('button', { name: 'Đến PayPal để thanh toán' });
    await user.dblClick(go);
    const url = await sentTo;
    expect(assign).toHaveBeenCalledTimes(1);
    expect(createPaymentRequest.mock.calls).toEqual([
      [{ method: 'paypal', amount: 100_000, return_url: RETURN_URL }],
      [{ method: 'paypal', amount: 100_000, return_url: RETURN_URL }],
    ]);
    const answered = await createPaymentRequest.mock.results[1]!.value;
    expect(url).toBe(answered.url);
    expect(new URL(url).pathname).toBe('/sandbox/paypal/checkoutnow');
    expect(answered).toMatchObject({
      currency: 'USD',
      charged_amount: 3.93,
      exchange_rate: 25_500,
    });
  });

  it('speaks English, with English separators', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderDialog(1_000_000, 'en');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('PayPal'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('You will pay 39.22 USD through PayPal (rate 25.500 ₫/USD).'),
    ).toBeVisible();
  });

  it('reads an amount grouped with commas, as English writes it, and refuses a decimal', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderDialog(undefined, 'en');
    const user = userEvent.setup();
    const field = await screen.findByLabelText(/Amount to top up/);
    await user.type(field, '100,000');
    expect(screen.getByText('At least 10.000 ₫. You will top up: 100.000 ₫')).toBeVisible();

    await user.clear(field);
    await user.type(field, '100,5');
    await user.tab();
    expect(
      screen.getByText('The top-up must be a whole amount from 10.000 ₫ to 1.000.000.000 ₫.'),
    ).toBeVisible();
  });
});

describe('the top-up dialog for a bank transfer', () => {
  const NOTE_LABEL = 'Nội dung chuyển khoản';

  it('shows the account, the amount and the reference to copy, and what happens next', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const createPaymentRequest = vi.spyOn(dataProvider, 'createPaymentRequest');
    renderPortal('/billing?amount=500000&topup=1');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nạp tiền vào tài khoản' });
    await user.click(within(dialog).getByLabelText('Chuyển khoản ngân hàng'));
    await user.click(within(dialog).getByRole('button', { name: 'Tiếp tục' }));

    expect(
      await within(dialog).findByRole('heading', { name: 'Chuyển khoản ngân hàng' }),
    ).toBeVisible();
    const answered = await createPaymentRequest.mock.results[0]!.value;
    expect(createPaymentRequest.mock.calls).toEqual([
      [{ method: 'bank_transfer', amount: 500_000 }],
    ]);
    const reference: string = answered.reference;
    expect(reference).toMatch(/^NAP[A-Z0-9]{8}$/);
    // The sandbox's own text, as it answered it.
    expect(within(dialog).getByText(/Số tài khoản: 0123 4567 8901/)).toBeVisible();
    expect(within(dialog).getByText(formatVnd(500_000))).toBeVisible();
    expect(within(dialog).getByText(reference)).toBeVisible();
    expect(
      within(dialog).getByText(
        `Nội dung chuyển khoản phải có mã ${reference}; thiếu mã, khoản tiền không được cộng tự động.`,
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText(
        'Khoản nạp khi đó hiện trong mục "Giao dịch nạp tiền" của trang Thanh toán.',
      ),
    ).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: `Sao chép: ${NOTE_LABEL}` }));
    expect(await screen.findByText(`Đã sao chép: ${NOTE_LABEL}.`)).toBeVisible();
    expect(await navigator.clipboard.readText()).toBe(reference);
    await user.click(within(dialog).getByRole('button', { name: 'Sao chép: Số tiền' }));
    // Digits only, as a banking app's amount field takes them.
    expect(await navigator.clipboard.readText()).toBe('500000');

    // Nothing is credited until the money arrives.
    expect(await balanceOf(token)).toBe(DEMO_BALANCE);
    await user.click(within(dialog).getByRole('button', { name: 'Xong' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nạp tiền vào tài khoản' })).toBeNull(),
    );
  });

  it('selects the text to copy by hand where the browser gives no clipboard', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/billing?amount=200000&topup=1');
    const user = userEvent.setup();
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    onTestFinished(() => {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Nạp tiền vào tài khoản' });
    await user.click(within(dialog).getByLabelText('Chuyển khoản ngân hàng'));
    await user.click(within(dialog).getByRole('button', { name: 'Tiếp tục' }));
    const copy = await within(dialog).findByRole('button', { name: `Sao chép: ${NOTE_LABEL}` });
    await user.click(copy);
    expect(
      await screen.findByText(
        'Không sao chép tự động được. Nội dung đã được chọn: hãy nhấn Ctrl+C (hoặc chạm giữ để sao chép).',
      ),
    ).toBeVisible();
    expect(window.getSelection()?.toString()).toMatch(/^NAP[A-Z0-9]{8}$/);
  });
});

describe('the billing page with a top-up request in its address', () => {
  it('opens the dialog with the shortfall the order page links with, and closing it clears the request', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/billing?amount=123456&topup=1');
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Nạp tiền vào tài khoản' });
    expect(within(dialog).getByLabelText(/Số tiền nạp/)).toHaveValue('123456');

    await user.click(within(dialog).getByRole('button', { name: 'Huỷ' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Nạp tiền vào tài khoản' })).toBeNull(),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/billing$/);
    expect(paymentRequests()).toEqual([]);
  });
});

type Decision = 'approved' | 'declined' | 'cancelled' | 'pending';

/**
 * A card top-up started through the API and decided on the sandbox gateway page; answers the
 * portal path the gateway sends the browser back to.
 */
async function gatewayReturn(token: string, decision: Decision, amount = 250_000) {
  const { status, body } = await api<{ reference: string }>(
    sandbox(),
    token,
    'POST',
    '/billing/gen_payment_req_url',
    { method: 'card', amount, return_url: RETURN_URL },
  );
  expect(status).toBe(200);
  const answer = await postSandboxForm(sandbox().app, '/sandbox/onepay/decision', {
    reference: body.reference,
    decision,
    locale: 'vi',
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(String(answer.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
  return `/billing/payment${back.search}`;
}

const balanceOf = async (token: string) =>
  (await api<{ balance: number }>(sandbox(), token, 'GET', '/auth/user')).body.balance;

const topupCalls = () => sandbox().requests.filter((call) => call.endsWith('/billing/topup'));

/** The reference a card return names. */
const referenceOf = (returnPath: string) =>
  new URLSearchParams(returnPath.split('?')[1]).get('vpc_MerchTxnRef')!;

const locationText = () => screen.getByTestId('location').textContent ?? '';

describe('the gateway return page', () => {
  it('credits an approved payment once and shows the server’s amount, reference and new balance', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const returnPath = await gatewayReturn(token, 'approved');
    const reference = referenceOf(returnPath);
    renderPortal(returnPath);

    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    expect(locationText()).toContain(`/billing/success?reference=${reference}&method=card`);
    // Announced, not only drawn: the outcome is a polite live region.
    expect(screen.getByRole('status')).toHaveTextContent(
      `Đã cộng ${formatVnd(250_000)} vào số dư của bạn.`,
    );
    expect(screen.getByText(formatVnd(250_000))).toBeVisible();
    expect(screen.getByText(formatVnd(DEMO_BALANCE + 250_000))).toBeVisible();
    expect(screen.getByText(reference)).toBeVisible();
    expect(screen.getByText('Thẻ ATM / thẻ quốc tế (cổng OnePay)')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Về trang thanh toán' })).toHaveAttribute(
      'href',
      '/billing',
    );
    expect(topupCalls()).toHaveLength(1);
    expect(await balanceOf(token)).toBe(DEMO_BALANCE + 250_000);
    // The gateway's notification credited before the browser came back, so the identity the
    // header and banners read from is asked for again after the top-up, without a reload.
    await waitFor(() => {
      const calls = sandbox().requests;
      const topup = calls.findIndex((call) => call.endsWith('/billing/topup'));
      expect(calls.slice(topup + 1)).toContain('GET /api/v1/auth/user');
    });
  });

  it('shows the same success again when the return page is reloaded, crediting nothing more', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const returnPath = await gatewayReturn(token, 'approved');
    const first = renderPortal(returnPath);
    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    first.unmount();

    renderPortal(returnPath);
    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    expect(screen.getByText(formatVnd(250_000))).toBeVisible();
    expect(topupCalls()).toHaveLength(2);
    expect(await balanceOf(token)).toBe(DEMO_BALANCE + 250_000);
  });

  it('ignores an amount in the success page’s address: the server’s amount is shown', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const returnPath = await gatewayReturn(token, 'approved');
    await api(sandbox(), token, 'GET', `/billing/topup?${returnPath.split('?')[1]}`);
    renderPortal(
      `/billing/success?reference=${referenceOf(returnPath)}&amount=987654321&currency=VND`,
    );
    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    expect(screen.getByText(formatVnd(250_000))).toBeVisible();
    expect(screen.queryByText(formatVnd(987_654_321))).toBeNull();
  });

  it('shows a declined payment with the gateway’s reason and the next steps, crediting nothing', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const returnPath = await gatewayReturn(token, 'declined', 120_000);
    renderPortal(returnPath);

    expect(await screen.findByRole('heading', { name: 'Nạp tiền không thành công' })).toBeVisible();
    expect(locationText()).toContain(`/billing/failure?reference=${referenceOf(returnPath)}`);
    expect(screen.getByText('Ngân hàng phát hành thẻ từ chối giao dịch (mã 1)')).toBeVisible();
    expect(screen.getByText(formatVnd(120_000))).toBeVisible();
    expect(screen.getByRole('link', { name: 'Thử lại' })).toHaveAttribute(
      'href',
      '/billing?amount=120000&topup=1',
    );
    expect(screen.getByRole('link', { name: 'Chọn phương thức khác' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Hỏi bộ phận hỗ trợ' })).toBeVisible();
    expect(await balanceOf(token)).toBe(DEMO_BALANCE);
  });

  it('shows a cancelled payment as cancelled, not as failed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(await gatewayReturn(token, 'cancelled', 120_000));
    expect(await screen.findByRole('heading', { name: 'Đã huỷ thanh toán' })).toBeVisible();
    expect(screen.getByText('Đã huỷ')).toBeVisible();
    expect(screen.queryByText(/không thành công/)).toBeNull();
    expect(await balanceOf(token)).toBe(DEMO_BALANCE);
  });

  it('shows a payment the bank still processes (code 300) as processing, never as failed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(await gatewayReturn(token, 'pending', 120_000));
    expect(await screen.findByRole('heading', { name: 'Nạp tiền đang xử lý' })).toBeVisible();
    expect(screen.getByText('Đang xử lý')).toBeVisible();
    expect(screen.queryByText(/không thành công/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Xem khoản nạp đang xử lý' })).toBeVisible();
    expect(await balanceOf(token)).toBe(DEMO_BALANCE);
  });

  it('shows what the server recorded when the API refuses a return it cannot verify', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const returnPath = await gatewayReturn(token, 'approved');
    // The amount changed on the way: the signature no longer matches.
    const forged = returnPath.replace(/vpc_Amount=\d+/, 'vpc_Amount=99900000');
    renderPortal(forged);

    // Credited once, by the gateway's own notification (IPN) before the browser came back.
    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    expect(screen.getByText(formatVnd(250_000))).toBeVisible();
    expect(topupCalls()).toHaveLength(1);
    expect(await balanceOf(token)).toBe(DEMO_BALANCE + 250_000);
  });

  it("says another account's reference is not found", async () => {
    const other = await signInAs(sandbox(), 'agency@example.vn');
    const returnPath = await gatewayReturn(other, 'approved');
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(`/billing/success?reference=${referenceOf(returnPath)}`);
    expect(
      await screen.findByText('Không tìm thấy giao dịch nạp tiền này trong tài khoản của bạn.'),
    ).toBeVisible();
    expect(screen.queryByText(formatVnd(250_000))).toBeNull();
  });

  it('says so, with a way back, when opened without a gateway return', async () => {
    await signInAs(sandbox(), 'demo@example.vn');
    renderPortal('/billing/payment');
    expect(
      await screen.findByRole('heading', { name: 'Không có thông tin thanh toán' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Về trang thanh toán' })).toBeVisible();
    expect(topupCalls()).toEqual([]);
  });
});

/** A PayPal top-up started through the API and decided on the sandbox's PayPal page. */
async function paypalReturn(
  token: string,
  decision: 'pay' | 'pay_pending' | 'cancel',
  amount = 100_000,
) {
  const { status, body } = await api<{ url: string }>(
    sandbox(),
    token,
    'POST',
    '/billing/gen_payment_req_url',
    { method: 'paypal', amount, return_url: RETURN_URL },
  );
  expect(status).toBe(200);
  const answer = await postSandboxForm(sandbox().app, '/sandbox/paypal/decision', {
    token: new URL(body.url).searchParams.get('token')!,
    decision,
  });
  expect(answer.statusCode).toBe(303);
  const back = new URL(String(answer.headers.location));
  expect(`${back.origin}${back.pathname}`).toBe(RETURN_URL);
  return `/billing/payment${back.search}`;
}

describe('the PayPal return page', () => {
  it('credits the dong once and shows them, with what PayPal charged beside, also when reloaded', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const returnPath = await paypalReturn(token, 'pay', 100_000);
    const first = renderPortal(returnPath);

    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    expect(locationText()).toMatch(/\/billing\/success\?reference=PAYPAL-[\w-]+&method=paypal/);
    expect(screen.getByText(formatVnd(100_000))).toBeVisible();
    // Vietnamese writes the dollars with a decimal comma.
    expect(screen.getByText('3,93 USD')).toBeVisible();
    expect(screen.getByText('PayPal')).toBeVisible();
    expect(await balanceOf(token)).toBe(DEMO_BALANCE + 100_000);
    first.unmount();

    renderPortal(returnPath);
    expect(await screen.findByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
    expect(topupCalls()).toHaveLength(2);
    expect(await balanceOf(token)).toBe(DEMO_BALANCE + 100_000);
  });

  it('shows a cancel on PayPal as cancelled, crediting nothing', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(await paypalReturn(token, 'cancel'));
    expect(await screen.findByRole('heading', { name: 'Đã huỷ thanh toán' })).toBeVisible();
    expect(screen.getByText('Bạn đã huỷ thanh toán trên PayPal')).toBeVisible();
    expect(topupCalls()).toHaveLength(1);
    expect(await balanceOf(token)).toBe(DEMO_BALANCE);
  });

  it('shows a sale PayPal holds as pending as processing, never as failed', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    renderPortal(await paypalReturn(token, 'pay_pending'));
    expect(await screen.findByRole('heading', { name: 'Nạp tiền đang xử lý' })).toBeVisible();
    expect(screen.getByText('PayPal đang xử lý khoản thanh toán (eCheck)')).toBeVisible();
    expect(screen.queryByText(/không thành công/)).toBeNull();
    expect(await balanceOf(token)).toBe(DEMO_BALANCE);
  });
});

describe('the pending top-ups card on the Billing page', () => {
  it('lists a bank transfer awaited and a card payment the bank still processes, with their references', async () => {
    const token = await signInAs(sandbox(), 'demo@example.vn');
    const transfer = await api<{ reference: string }>(
      sandbox(),
      token,
      'POST',
      '/billing/gen_payment_req_url',
      { method: 'bank_transfer', amount: 300_000 },
    );
    const cardPath = await gatewayReturn(token, 'pending', 120_000);
    renderPortal('/billing');

    const card = await screen.findByRole('region', { name: 'Khoản nạp đang xử lý' });
    const bank = within(card).getByRole('listitem', {
      name: `Chuyển khoản ngân hàng ${transfer.body.reference}`,
    });
    expect(within(bank).getByText(formatVnd(300_000), { selector: 'dd span' })).toBeVisible();
    expect(within(bank).getByText('0123 4567 8901')).toBeVisible();
    expect(within(bank).getByRole('button', { name: 'Hiện mã VietQR' })).toBeVisible();
    const pendingCard = within(card).getByRole('listitem', {
      name: `Thẻ ATM / thẻ quốc tế (cổng OnePay) ${referenceOf(cardPath)}`,
    });
    expect(within(pendingCard).getByText('Ngân hàng đang xử lý giao dịch')).toBeVisible();
    expect(within(pendingCard).queryByRole('button', { name: 'Hiện mã VietQR' })).toBeNull();
  });
});
