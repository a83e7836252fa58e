/**
 * Top-ups (issue 7) through the sandbox's OnePay-compatible card gateway and its PayPal simulator:
 * started from the billing page's dialog (or, where only the return matters, through the API as
 * the dialog starts it), decided on the gateway page, and brought back to the portal's return
 * page, which credits once and shows the result. A bank transfer shows its reference, and is
 * credited when the sandbox page reports the money received.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';

import { emvFields, hasValidCrc } from '../../src/domain/vietQr';
import { axeViolations, expect, GATEWAY_BUTTONS, test, signInAsNewCustomer } from './support';

const PASSWORD = 'TopUp1pass';

const NEW_CUSTOMER = { fullname: 'Trần Nạp Tiền', password: PASSWORD };

async function balanceOf(request: APIRequestContext, token: string): Promise<number> {
  const answer = await request.get('/api/v1/auth/user', {
    headers: { Authorization: `Token ${token}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).balance;
}

/** Starts a card top-up as the dialog does and opens the gateway page it answers. */
async function openGateway(page: Page, request: APIRequestContext, token: string, amount: number) {
  const baseURL = test.info().project.use.baseURL;
  const started = await request.post('/api/v1/billing/gen_payment_req_url', {
    headers: { Authorization: `Token ${token}` },
    data: { method: 'card', amount, return_url: `${baseURL}/idc/billing/payment` },
  });
  expect(started.status()).toBe(200);
  await page.goto((await started.json()).url);
}

test('an approved card payment is credited once and shown on the success page', async ({
  page,
  request,
}) => {
  const { token } = await signInAsNewCustomer(page, request, {
    ...NEW_CUSTOMER,
    label: 'topup-ok',
  });
  const before = await balanceOf(request, token);

  // Started as a customer starts it: the billing page's Top up button and its dialog.
  await page.goto('/idc/billing');
  await page.getByRole('link', { name: 'Nạp tiền', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nạp tiền vào tài khoản' });
  await dialog.getByLabel(/Số tiền nạp/).fill('250000');
  await dialog.getByRole('button', { name: 'Thanh toán' }).click();
  await expect(page).toHaveURL(/\/sandbox\/onepay\/vpc\.op\?/);
  await page.getByRole('button', { name: GATEWAY_BUTTONS.approve }).click();

  await expect(page).toHaveURL(/\/idc\/billing\/success\?reference=TOPUP-/);
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(shown(page, 'Số tiền đã cộng')).toHaveText('250.000 ₫');
  await expect(shown(page, 'Phương thức')).toHaveText('Thẻ ATM / thẻ quốc tế (cổng OnePay)');
  // The new balance and our reference, as the server recorded them.
  await expect(shown(page, 'Số dư mới')).toHaveText(vnd(before + 250_000));
  const reference = new URL(page.url()).searchParams.get('reference')!;
  await expect(shown(page, 'Mã nạp tiền')).toHaveText(reference);
  expect(await balanceOf(request, token)).toBe(before + 250_000);

  // Back to the return page (as Back or a reload would bring it): the same success, no second credit.
  await page.goBack();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
  expect(await balanceOf(request, token)).toBe(before + 250_000);

  await page.getByRole('link', { name: 'Về trang thanh toán' }).click();
  await expect(page).toHaveURL(/\/idc\/billing$/);

  // The success page opened with a forged amount shows the server's amount, not the address's.
  await page.goto(`/idc/billing/success?reference=${reference}&amount=987654321&currency=VND`);
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(shown(page, 'Số tiền đã cộng')).toHaveText('250.000 ₫');
  await expect(page.getByText(/987\.654\.321/)).toHaveCount(0);
  // Without a reference there is nothing to show: no amount at all.
  await page.goto('/idc/billing/success?amount=987654321');
  await expect(page.getByRole('heading', { name: 'Kết quả thanh toán' })).toBeVisible();
  await expect(page.getByText(/987\.654\.321/)).toHaveCount(0);
});

test('reloading the return page shows the same success and credits nothing more', async ({
  page,
  request,
}) => {
  const { token } = await signInAsNewCustomer(page, request, {
    ...NEW_CUSTOMER,
    label: 'topup-reload',
  });
  const before = await balanceOf(request, token);
  await openGateway(page, request, token, 150_000);

  // Catch the gateway's redirect to the return page, to open that address again afterwards.
  const returnRequest = page.waitForRequest((sent) => sent.url().includes('/idc/billing/payment?'));
  await page.getByRole('button', { name: GATEWAY_BUTTONS.approve }).click();
  const returnUrl = (await returnRequest).url();
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  expect(await balanceOf(request, token)).toBe(before + 150_000);

  await page.goto(returnUrl);
  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(shown(page, 'Số tiền đã cộng')).toHaveText('150.000 ₫');
  expect(await balanceOf(request, token)).toBe(before + 150_000);
});

for (const decision of ['decline', 'cancel'] as const) {
  test(`a card payment the customer ${decision}s ends on the failure page, nothing credited`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const { token } = await signInAsNewCustomer(page, request, {
      ...NEW_CUSTOMER,
      label: `topup-${decision}`,
    });
    const before = await balanceOf(request, token);
    await openGateway(page, request, token, 120_000);

    await page.getByRole('button', { name: GATEWAY_BUTTONS[decision] }).click();

    await expect(page).toHaveURL(/\/idc\/billing\/failure\?reference=TOPUP-/);
    if (decision === 'decline') {
      await expect(page.getByRole('heading', { name: 'Nạp tiền không thành công' })).toBeVisible();
      await expect(
        page.getByText('Ngân hàng phát hành thẻ từ chối giao dịch (mã 1)'),
      ).toBeVisible();
    } else {
      // A cancel is recorded as one, and said as one.
      await expect(page.getByRole('heading', { name: 'Đã huỷ thanh toán' })).toBeVisible();
      await expect(page.getByText('Đã huỷ', { exact: true })).toBeVisible();
    }
    await expect(shown(page, 'Số tiền')).toHaveText('120.000 ₫');
    await expect(page.getByRole('link', { name: 'Thử lại' })).toBeVisible();
    expect(await axeViolations(page, 'main')).toEqual([]);
    expect(await balanceOf(request, token)).toBe(before);

    // Usable on a 375 px phone: nothing wider than the screen.
    await expect(page.getByRole('link', { name: 'Về trang thanh toán' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });
}

/** Opens the billing page's top-up dialog and fills in the amount and the method. */
async function openTopUpDialog(page: Page, amount: string, method: RegExp) {
  await page.goto('/idc/billing');
  await page.getByRole('link', { name: 'Nạp tiền', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Nạp tiền vào tài khoản' });
  await dialog.getByLabel(/Số tiền nạp/).fill(amount);
  await dialog.getByLabel(method).check();
  await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
  return dialog;
}

test('a PayPal top-up shows the dollars first, is approved on PayPal and credits the dong once', async ({
  page,
  request,
}) => {
  const { token } = await signInAsNewCustomer(page, request, {
    ...NEW_CUSTOMER,
    label: 'topup-paypal',
  });
  const before = await balanceOf(request, token);

  const dialog = await openTopUpDialog(page, '100000', /^PayPal$/);
  await expect(
    dialog.getByText('Bạn sẽ trả 3,93 USD qua PayPal (tỷ giá 25.500 ₫/USD).'),
  ).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await dialog.getByRole('button', { name: 'Đến PayPal để thanh toán' }).click();

  await expect(page).toHaveURL(/\/sandbox\/paypal\/checkoutnow\?token=EC-/);
  await expect(page.getByText('3.93 USD')).toBeVisible();
  await page.getByRole('button', { name: 'Thanh toán', exact: true }).click();

  await expect(page).toHaveURL(/\/idc\/billing\/success\?reference=PAYPAL-/);
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  // The dong credited, the dollars charged beside them, in the reader's language.
  await expect(shown(page, 'Số tiền đã cộng')).toHaveText('100.000 ₫');
  await expect(shown(page, 'Đã thanh toán qua PayPal')).toHaveText('3,93 USD');
  await expect(shown(page, 'Phương thức')).toHaveText('PayPal');
  expect(await balanceOf(request, token)).toBe(before + 100_000);

  // Back to PayPal and forward again (as a customer unsure it worked would): the same success,
  // no second credit.
  await page.goBack();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
  expect(await balanceOf(request, token)).toBe(before + 100_000);
});

test('a PayPal payment cancelled on PayPal ends on the failure page, nothing credited', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { token } = await signInAsNewCustomer(page, request, {
    ...NEW_CUSTOMER,
    label: 'topup-paypal-cancel',
  });
  const before = await balanceOf(request, token);
  const baseURL = test.info().project.use.baseURL;
  const started = await request.post('/api/v1/billing/gen_payment_req_url', {
    headers: { Authorization: `Token ${token}` },
    data: { method: 'paypal', amount: 120_000, return_url: `${baseURL}/idc/billing/payment` },
  });
  expect(started.status()).toBe(200);
  await page.goto((await started.json()).url);
  await page.getByRole('button', { name: 'Huỷ và quay lại' }).click();

  await expect(page).toHaveURL(/\/idc\/billing\/failure\?reference=PAYPAL-/);
  await expect(page.getByRole('heading', { name: 'Đã huỷ thanh toán' })).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
  await expect(page.getByText('Bạn đã huỷ thanh toán trên PayPal')).toBeVisible();
  expect(await balanceOf(request, token)).toBe(before);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a bank transfer shows the reference to write, and is credited when the money arrives', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { token } = await signInAsNewCustomer(page, request, {
    ...NEW_CUSTOMER,
    label: 'topup-bank',
  });
  const before = await balanceOf(request, token);

  const dialog = await openTopUpDialog(page, '500000', /Chuyển khoản ngân hàng/);
  await expect(dialog.getByRole('heading', { name: 'Chuyển khoản ngân hàng' })).toBeVisible();
  await expect(dialog.getByText('500.000 ₫')).toBeVisible();
  const reference = (await dialog.getByText(/^NAP[A-Z0-9]{8}$/).textContent()) ?? '';
  expect(reference).toMatch(/^NAP[A-Z0-9]{8}$/);
  await expect(
    dialog.getByText(`Nội dung chuyển khoản phải có mã ${reference}`, { exact: false }),
  ).toBeVisible();
  // The VietQR code a banking app scans: the amount and the reference as the note.
  await expectVietQr(dialog.getByTestId('vietqr'), 500_000, reference);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Xong' }).click();
  await expect(dialog).toBeHidden();
  expect(await balanceOf(request, token)).toBe(before);

  // Closed, the details are still on the Billing page, also after a reload.
  await page.reload();
  const pending = page.getByRole('region', { name: 'Khoản nạp đang xử lý' });
  const item = pending.getByRole('listitem', { name: `Chuyển khoản ngân hàng ${reference}` });
  await expect(item.getByText(reference, { exact: true })).toBeVisible();
  await expect(item.getByText('500.000 ₫', { exact: true }).first()).toBeVisible();
  await expect(item.getByText('0123 4567 8901')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Sao chép: Nội dung chuyển khoản' })).toBeVisible();
  await item.getByRole('button', { name: 'Hiện mã VietQR' }).click();
  await expectVietQr(item.getByTestId('vietqr'), 500_000, reference);
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  // The provider's bank reports the money (less than asked): the sandbox page's form.
  await page.goto('/sandbox');
  const form = page.locator('form[action="/sandbox/bank-transfer/received"]');
  await form.getByLabel('Mã nạp tiền').fill(reference);
  await form.getByLabel('Số tiền đã nhận (₫)').fill('450000');
  await form.getByRole('button', { name: 'Đã nhận tiền' }).click();
  await expect(page.getByText(`Đã cộng 450.000 ₫ cho mã ${reference}.`)).toBeVisible();

  // Reported again: nothing more.
  await page.goto('/sandbox');
  await form.getByLabel('Mã nạp tiền').fill(reference);
  await form.getByLabel('Số tiền đã nhận (₫)').fill('450000');
  await form.getByRole('button', { name: 'Đã nhận tiền' }).click();
  await expect(
    page.getByText(`Mã ${reference} đã được cộng tiền trước đó, không cộng thêm.`),
  ).toBeVisible();
  expect(await balanceOf(request, token)).toBe(before + 450_000);

  // The portal shows it after a reload: no longer pending, the payment in its tab.
  await expectNothingPending(page);
  await page.goto('/idc/billing/payments');
  await expect(page.getByRole('tab', { name: 'Giao dịch nạp tiền' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // On a phone the reference is under the date (its own column is hidden there).
  await expect(page.getByText(reference).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('450.000 ₫').first()).toBeVisible();
});

/** Decodes the VietQR image drawn in the page and checks its NAPAS fields. */
async function expectVietQr(image: Locator, amount: number, reference: string) {
  await expect(image).toBeVisible();
  const pixels = await image.evaluate(async (element: HTMLImageElement) => {
    await element.decode();
    const canvas = document.createElement('canvas');
    canvas.width = element.naturalWidth;
    canvas.height = element.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(element, 0, 0);
    const data = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: data.width, height: data.height, data: Array.from(data.data) };
  });
  const decode = (jsQR as unknown as { default?: typeof jsQR }).default ?? jsQR;
  const code = decode(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height);
  expect(code, 'the QR code decodes').not.toBeNull();
  const payload = code!.data;
  expect(hasValidCrc(payload)).toBe(true);
  const fields = emvFields(payload)!;
  expect(fields.get('00')).toBe('01');
  expect(fields.get('53')).toBe('704');
  expect(fields.get('54')).toBe(String(amount));
  expect(fields.get('58')).toBe('VN');
  expect(emvFields(fields.get('62')!)!.get('08')).toBe(reference);
  expect(emvFields(fields.get('38')!)!.get('00')).toBe('A000000727');
}

test('a PayPal sale left pending shows "đang xử lý", is listed on Billing and credits once when it completes', async ({
  page,
  request,
}) => {
  const { token } = await signInAsNewCustomer(page, request, {
    ...NEW_CUSTOMER,
    label: 'topup-paypal-pending',
  });
  const before = await balanceOf(request, token);
  const baseURL = test.info().project.use.baseURL;
  const started = await request.post('/api/v1/billing/gen_payment_req_url', {
    headers: { Authorization: `Token ${token}` },
    data: { method: 'paypal', amount: 150_000, return_url: `${baseURL}/idc/billing/payment` },
  });
  expect(started.status()).toBe(200);
  const { url, reference } = await started.json();
  await page.goto(url);
  await page.getByRole('button', { name: 'Thanh toán — giao dịch chờ xử lý (eCheck)' }).click();

  await expect(page.getByRole('heading', { name: 'Nạp tiền đang xử lý' })).toBeVisible();
  await expect(page.getByText('PayPal đang xử lý khoản thanh toán (eCheck)')).toBeVisible();
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  await expect(page.getByText(/không thành công/)).toHaveCount(0);
  expect(await balanceOf(request, token)).toBe(before);

  await page.getByRole('link', { name: 'Xem khoản nạp đang xử lý' }).click();
  const pending = page.getByRole('region', { name: 'Khoản nạp đang xử lý' });
  await expect(pending.getByText(reference, { exact: true })).toBeVisible();
  await expect(pending.getByText('Đang xử lý', { exact: true })).toBeVisible();

  // PayPal completes the sale (the sandbox page's "Complete sale"): credited once, listed no more.
  await page.goto('/sandbox');
  await page
    .locator('li', { hasText: reference })
    .getByRole('button', { name: 'Hoàn tất giao dịch' })
    .click();
  await expect(page.getByText('đã cộng 150.000 ₫ vào số dư', { exact: false })).toBeVisible();
  await page.goto('/sandbox');
  await expect(page.locator('li', { hasText: reference })).toHaveCount(0);
  expect(await balanceOf(request, token)).toBe(before + 150_000);
  await expectNothingPending(page);
});

/** Billing, once its pending top-ups have been read: no "pending top-ups" card. */
async function expectNothingPending(page: Page) {
  const answered = page.waitForResponse((answer) =>
    answer.url().includes('/api/v1/billing/payment_attempts?'),
  );
  await page.goto('/idc/billing');
  expect((await (await answered).json()).total).toBe(0);
  await expect(page.getByRole('tab', { name: 'Giao dịch nạp tiền' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Khoản nạp đang xử lý' })).toHaveCount(0);
}

/** The value a result page shows under `label` (its definition list). */
const shown = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

const vnd = (amount: number) => `${amount.toLocaleString('de-DE')} ₫`;
