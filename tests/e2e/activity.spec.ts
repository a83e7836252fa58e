/**
 * The activity log (issue 20): a fresh customer signs in by the confirmation link, a wrong
 * password is tried on the account, the customer tops up by card; /account then lists each event
 * in words, newest first, with who did it, filters by kind, and reads as stacked rows on a 375 px
 * phone. The sandbox's clock is never moved.
 */
import {
  axeViolations,
  callApi,
  expect,
  signIn,
  signInAsNewCustomer,
  test,
  topUpByCard,
  uniqueEmail,
} from './support';

const PASSWORD = 'Activity1pass';

test('the link’s sign-in, a wrong password and a top-up appear on /account, filtered and on a phone', async ({
  page,
  request,
}) => {
  const { email } = await signInAsNewCustomer(page, request, {
    label: 'activity',
    fullname: 'Lê Nhật Ký',
    password: PASSWORD,
  });
  const wrong = await request.get('/api/v1/auth/token', {
    headers: {
      Authorization: `Basic ${Buffer.from(`${email}:doan-sai-mat-khau`).toString('base64')}`,
    },
  });
  expect(wrong.status()).toBe(401);
  await topUpByCard(page, 200_000);

  await page.goto('/idc/account');
  const card = page.getByRole('region', { name: 'Nhật ký hoạt động' });
  const table = card.getByRole('table', { name: 'Nhật ký hoạt động' });
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText('Nạp 200.000 ₫ vào số dư qua thẻ ngân hàng');
  await expect(rows.nth(1)).toContainText('Cổng thanh toán báo về');
  await expect(rows.nth(2)).toContainText('Đăng nhập thất bại');
  await expect(rows.nth(3)).toContainText(
    'Xác nhận địa chỉ e-mail và đăng nhập bằng liên kết trong e-mail',
  );
  await expect(rows.nth(3)).toContainText('Chủ tài khoản');
  // The address is the browser's connection's, read by the sandbox (never a header).
  await expect(rows.nth(3)).toContainText(/127\.0\.0\.1|::1/);
  // The typed password is nowhere.
  await expect(card).not.toContainText('doan-sai-mat-khau');
  expect(await axeViolations(page, 'section[aria-labelledby="account-activity"]')).toEqual([]);

  await card.getByRole('combobox', { name: 'Loại hoạt động' }).click();
  await page.getByRole('option', { name: 'Tiền' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Nạp 200.000 ₫');

  // A phone opens the page at its own width (the menu is a drawer there).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/idc/account');
  const stacked = card.getByRole('list', { name: 'Nhật ký hoạt động' });
  await expect(stacked.getByRole('listitem')).toHaveCount(3);
  await expect(stacked.getByRole('listitem').first()).toContainText('Nạp 200.000 ₫');
  await expect(stacked.getByRole('listitem').last()).toContainText('Xác nhận địa chỉ e-mail');
  // Nothing scrolls sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  expect(await axeViolations(page, 'section[aria-labelledby="account-activity"]')).toEqual([]);
});

test('an agency reads its customers’ activity, each event naming the account', async ({ page }) => {
  await signIn(page, 'agency@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const email = uniqueEmail('activity-customer');
  await callApi(page, 'post', '/agency/accounts', {
    email,
    fullname: 'Trịnh Nhật Ký',
    phone: '+84987650003',
    formatted_phone: '098 765 00 03',
    password: 'mat-khau-1',
  });

  await page.goto('/idc/agency');
  await page.getByRole('tab', { name: 'Hoạt động khách hàng' }).click();
  await expect(page).toHaveURL(/\/idc\/agency\/activity$/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Trịnh Nhật Ký');
  await expect(row).toContainText('Đại lý agency@example.vn đã tạo tài khoản này');
  await expect(row).toContainText('Đại lý');
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  const item = page
    .getByRole('list', { name: 'Nhật ký hoạt động' })
    .getByRole('listitem')
    .filter({ hasText: email });
  await expect(item).toContainText('Đại lý agency@example.vn đã tạo tài khoản này');
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  expect(await axeViolations(page, 'main')).toEqual([]);
});
