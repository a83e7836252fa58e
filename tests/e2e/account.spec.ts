/**
 * The account page (issue 9): a fresh customer saves the profile and the invoice information and
 * finds them after a reload, verifies the phone with an SMS code read from the outbox (a wrong
 * code first, refused with the §8 message), and changing the password signs out the account's
 * session in another browser. Each test has its own account, so no other spec changes its state.
 */
import type { Browser, Page } from '@playwright/test';

import { axeViolations, expect, readOutbox, signIn, test, signInAsNewCustomer } from './support';

const PASSWORD = 'Account1pass';

const NEW_CUSTOMER = { label: 'account', fullname: 'Phạm Tài Khoản', password: PASSWORD };

const region = (page: Page, name: string) => page.getByRole('region', { name });

test('the profile and the invoice information are saved and shown after a reload', async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await page.goto('/idc/account');
  const profile = region(page, 'Thông tin cá nhân');
  await expect(profile.getByLabel('Email')).toHaveAttribute('readonly', '');
  await profile.getByLabel(/^Họ và tên/).fill('Phạm Thị Đổi Tên');
  await profile.getByRole('textbox', { name: /^Số điện thoại/ }).fill('0987 654 321');
  await profile.getByRole('button', { name: 'Lưu thông tin' }).click();
  await expect(page.getByText('Đã lưu thông tin cá nhân.')).toBeVisible();
  // The header's name follows.
  await expect(page.getByRole('banner').getByText('Phạm Thị Đổi Tên')).toBeVisible();

  const invoiceInfo = region(page, 'Thông tin xuất hoá đơn');
  await invoiceInfo.getByLabel('Tên công ty').fill('Công ty TNHH Kiểm Thử');
  await invoiceInfo.getByLabel('Mã số thuế').fill('0101234567');
  await invoiceInfo.getByRole('button', { name: 'Lưu thông tin hoá đơn' }).click();
  await expect(
    invoiceInfo.getByText(
      'Mã số thuế gồm 10 chữ số, hoặc 10 chữ số, dấu gạch ngang và 3 chữ số (chi nhánh).',
    ),
  ).toHaveCount(0);
  await expect(page.getByText('Đã lưu thông tin xuất hoá đơn.')).toBeVisible();

  await page.reload();
  await expect(region(page, 'Thông tin cá nhân').getByLabel(/^Họ và tên/)).toHaveValue(
    'Phạm Thị Đổi Tên',
  );
  await expect(
    region(page, 'Thông tin cá nhân').getByRole('textbox', { name: /^Số điện thoại/ }),
  ).toHaveValue(/987 654 321/);
  await expect(region(page, 'Thông tin xuất hoá đơn').getByLabel('Tên công ty')).toHaveValue(
    'Công ty TNHH Kiểm Thử',
  );
  await expect(region(page, 'Thông tin xuất hoá đơn').getByLabel('Mã số thuế')).toHaveValue(
    '0101234567',
  );
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('a wrong SMS code is refused with the §8 message, then the right one verifies the phone', async ({
  page,
  request,
}) => {
  const { email } = await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/idc/account');
  const verification = region(page, 'Xác thực');
  await expect(verification.getByText('Chưa xác thực')).toBeVisible();
  await verification.getByRole('button', { name: 'Gửi mã xác thực' }).click();
  await expect(
    verification.getByRole('button', { name: /Gửi lại mã sau \d+ giây/ }),
  ).toBeDisabled();

  let code = '';
  await expect
    .poll(async () => {
      const sms = (await readOutbox(request, email)).find((mail) => mail.subject.includes('SMS'));
      code = /\b\d{6}\b/.exec(sms?.text ?? '')?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);

  const field = verification.getByLabel('Mã xác thực SMS (6 chữ số)');
  await field.fill(code === '000000' ? '111111' : '000000');
  await verification.getByRole('button', { name: 'Xác thực', exact: true }).click();
  await expect(page.getByText('Mã xác thực không chính xác!')).toBeVisible();

  await field.fill(code);
  await verification.getByRole('button', { name: 'Xác thực', exact: true }).click();
  await expect(page.getByText('Xác thực số điện thoại thành công.')).toBeVisible();
  await expect(verification.getByText('Đã xác thực')).toHaveCount(2);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);

  // What is typed in a form on the page survives the switch (it used to mount the page afresh).
  await region(page, 'Đổi mật khẩu')
    .getByLabel(/^Mật khẩu mới/)
    .fill('Half-typed-1');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(region(page, 'Verification').getByText('Verified')).toHaveCount(2);
  await expect(
    region(page, 'Change password').getByRole('textbox', { name: 'New password', exact: true }),
  ).toHaveValue('Half-typed-1');
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('changing the password signs out the session in another browser, not this one', async ({
  page,
  request,
  browser,
}) => {
  const { email } = await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  const other = await secondSession(browser, email);
  await other.goto('/idc/account');
  await expect(region(other, 'Đổi mật khẩu')).toBeVisible();

  await page.goto('/idc/account');
  const form = region(page, 'Đổi mật khẩu');
  await form.getByLabel(/^Mật khẩu hiện tại/).fill('not-the-password');
  await form.getByLabel(/^Mật khẩu mới/).fill('Account2pass');
  await form.getByLabel(/^Nhập lại mật khẩu mới/).fill('Account2pass');
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(form.getByText('Mật khẩu hiện tại không đúng.')).toBeVisible();

  await form.getByLabel(/^Mật khẩu hiện tại/).fill(PASSWORD);
  await form.getByRole('button', { name: 'Đổi mật khẩu' }).click();
  await expect(
    page.getByText('Đổi mật khẩu thành công. Các phiên đăng nhập khác đã được đăng xuất.'),
  ).toBeVisible();

  await other.goto('/idc/dashboard');
  await expect(other).toHaveURL(/\/idc\/login/);
  await page.reload();
  await expect(page).toHaveURL(/\/idc\/account$/);
  await expect(region(page, 'Đổi mật khẩu')).toBeVisible();
  await other.context().close();
});

async function secondSession(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
  });
  const other = await context.newPage();
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/idc\/dashboard$/);
  return other;
}
