/**
 * The agency area (issue 9): agency@ opens it from the menu, creates a customer account (whose
 * confirmation mail lands in the outbox) and reads the report with its chart; demo@, not an
 * agency, is turned away at the address itself. The customer created here has a fresh address,
 * so specs running beside this one see nothing of it they would rely on.
 */
import type { Page } from '@playwright/test';

import { axeViolations, expect, readOutbox, signIn, test, uniqueEmail } from './support';

async function expectFitsPhone(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
}

test('the agency creates a customer account, who is mailed the confirmation', async ({
  page,
  request,
}) => {
  await signIn(page, 'agency@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page
    .getByRole('navigation', { name: 'Menu chính' })
    .getByRole('link', { name: 'Đại lý' })
    .click();
  await expect(page).toHaveURL(/\/idc\/agency$/);
  await expect(page.getByText('Công ty TNHH Minh Phát')).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.getByRole('tab', { name: 'Tạo tài khoản' }).click();
  await expect(page).toHaveURL(/\/idc\/agency\/create$/);
  // Checked before typing: a focused field's label is the theme's primary blue on the field's
  // grey, the contrast issue 10 fixes in the theme.
  expect(await axeViolations(page, 'main')).toEqual([]);
  const email = uniqueEmail('agency-customer');
  await page.getByLabel('Email của khách hàng').fill(email);
  await page.getByLabel('Họ và tên').fill('Đặng Văn Khách');
  await page.getByRole('textbox', { name: 'Số điện thoại' }).fill('0987650001');
  await page.getByLabel('Mật khẩu', { exact: true }).fill('mat-khau-1');
  await page.getByLabel('Nhập lại mật khẩu').fill('mat-khau-1');
  await page.getByRole('button', { name: 'Tạo tài khoản' }).click();

  await expect(
    page.getByText(`Đã tạo tài khoản ${email}. Email xác nhận đã được gửi tới khách hàng.`),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/agency$/);
  await page.getByRole('textbox', { name: 'Tìm kiếm' }).fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Đặng Văn Khách');
  await expect(row).toContainText('Chưa xác nhận email');

  await expect.poll(async () => (await readOutbox(request, email)).length).toBe(1);
  const [mail] = await readOutbox(request, email);
  expect(mail?.subject).toContain('Xác nhận địa chỉ email');
  expect(mail?.links.some((link) => link.includes('/idc/confirm?token='))).toBe(true);
});

test('the agency reads the report: totals and the monthly chart', async ({ page }) => {
  await signIn(page, 'agency@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.goto('/idc/agency/report');

  const totals = page.getByTestId('agency-report-totals');
  await expect(totals.getByText('Doanh thu (đã thanh toán)')).toBeVisible();
  // The seed gives the customers a year of paid invoices: this year has revenue.
  await expect(totals.getByText(/^[1-9][\d.]* ₫$/).first()).toBeVisible();
  const chart = page.getByTestId('agency-report-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  await expect.poll(() => chart.locator('svg rect, svg path').count()).toBeGreaterThan(12);
  await expect(page.getByRole('table', { name: /^Số liệu theo tháng năm \d{4}$/ })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.setViewportSize({ width: 375, height: 800 });
  await expectFitsPhone(page);
  await page.goto('/idc/agency');
  await expect(page.getByText('Công ty TNHH Minh Phát')).toBeVisible();
  await expectFitsPhone(page);
});

test('an account that is not an agency cannot open the agency area', async ({ page }) => {
  await signIn(page, 'demo@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(
    page.getByRole('navigation', { name: 'Menu chính' }).getByRole('link', { name: 'Đại lý' }),
  ).toHaveCount(0);
  await page.goto('/idc/agency');
  await expect(
    page.getByRole('heading', { name: 'Không dành cho tài khoản của bạn' }),
  ).toBeVisible();
  await expect(page.getByText('Công ty TNHH Minh Phát')).toHaveCount(0);
  await page.goto('/idc/agency/report');
  await expect(
    page.getByRole('heading', { name: 'Không dành cho tài khoản của bạn' }),
  ).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
});
