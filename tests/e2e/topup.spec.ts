/**
 * A card top-up through the sandbox's OnePay-compatible gateway (issue 7): started from the
 * billing page's dialog (or, where only the return matters, through the API as the dialog starts
 * it), decided on the gateway page, and brought back to the portal's return page, which credits
 * once and shows the result.
 */
import type { APIRequestContext, Page } from '@playwright/test';

import { expect, GATEWAY_BUTTONS, linkFromMail, signIn, test, uniqueEmail } from './support';

const PASSWORD = 'TopUp1pass';

/** A fresh, confirmed, signed-in customer, so that no other test moves this balance. */
async function signInAsNewCustomer(page: Page, request: APIRequestContext, label: string) {
  const email = uniqueEmail(label);
  const registered = await request.post('/api/v1/auth/users', {
    data: {
      fullname: 'Trần Nạp Tiền',
      password: PASSWORD,
      verify_password: PASSWORD,
      email,
      phone: '+84912345678',
      formatted_phone: '091 234 56 78',
    },
  });
  expect(registered.status()).toBe(201);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/idc\/verify$/);
  await page.goto(await linkFromMail(request, email, '/idc/confirm?token='));
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  return (await page.evaluate(() => localStorage.getItem('access_token'))) as string;
}

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
  const token = await signInAsNewCustomer(page, request, 'topup-ok');
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
  const token = await signInAsNewCustomer(page, request, 'topup-reload');
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
    const token = await signInAsNewCustomer(page, request, `topup-${decision}`);
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
