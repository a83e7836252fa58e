/**
 * Top-ups (issue 7) through the sandbox's OnePay-compatible card gateway and its PayPal simulator:
 * started from the billing page's dialog (or, where only the return matters, through the API as
 * the dialog starts it), decided on the gateway page, and brought back to the portal's return
 * page, which credits once and shows the result. A bank transfer shows its reference, and is
 * credited when the sandbox page reports the money received.
 */
import type { APIRequestContext, Page } from '@playwright/test';

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

  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(page.getByText('250.000 ₫')).toBeVisible();
  await expect(page.getByText('Thẻ ATM / thẻ quốc tế (cổng OnePay)')).toBeVisible();
  await expect(page.getByText('VND', { exact: true })).toBeVisible();
  expect(await balanceOf(request, token)).toBe(before + 250_000);

  // Back to the return page (as Back or a reload would bring it): the same success, no second credit.
  await page.goBack();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
  expect(await balanceOf(request, token)).toBe(before + 250_000);

  await page.getByRole('link', { name: 'Về trang thanh toán' }).click();
  await expect(page).toHaveURL(/\/idc\/billing$/);
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
  await expect(page.getByText('150.000 ₫')).toBeVisible();
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

    await expect(page).toHaveURL(/\/idc\/billing\/failure\?/);
    await expect(page.getByRole('heading', { name: 'Nạp tiền không thành công' })).toBeVisible();
    await expect(page.getByText('120.000 ₫')).toBeVisible();
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

  await expect(page).toHaveURL(/\/idc\/billing\/success\?/);
  await expect(page.getByRole('heading', { name: 'Nạp tiền thành công' })).toBeVisible();
  await expect(page.getByText('3.93 USD')).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
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

  await expect(page).toHaveURL(/\/idc\/billing\/failure\?/);
  await expect(page.getByRole('heading', { name: 'Nạp tiền không thành công' })).toBeVisible();
  await expect(page.getByText('PayPal', { exact: true })).toBeVisible();
  await expect(page.getByText('Bạn đã huỷ thanh toán PayPal, số dư không thay đổi.')).toBeVisible();
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
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Xong' }).click();
  await expect(dialog).toBeHidden();
  expect(await balanceOf(request, token)).toBe(before);

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

  // The portal shows it after a reload: the payment in its tab.
  await page.goto('/idc/billing/payments');
  await expect(page.getByRole('tab', { name: 'Giao dịch nạp tiền' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText('450.000 ₫').first()).toBeVisible();
});
