/**
 * The account's sessions and API tokens (issue 20), in a real browser against the sandbox: the
 * same customer signed in from two browsers signs the other one out from /account, whose next
 * API call answers 401 and whose portal goes back to the login; a token created on /account
 * lists the servers from a script (`fetch` in the page) and a read token cannot write. Each test
 * has its own account; the sandbox clock is never moved.
 */
import type { Browser, Page } from '@playwright/test';

import { API_TOKEN_PREFIX } from '../../src/domain/apiTokens';
import { axeViolations, expect, signIn, signInAsNewCustomer, test } from './support';

const PASSWORD = 'Sessions1pass';
const NEW_CUSTOMER = { label: 'sessions', fullname: 'Lê Văn Phiên', password: PASSWORD };
const PHONE_WIDTH = 375;
/** The second browser says it is Firefox on Windows, so its session is told apart in the list. */
const OTHER_USER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const OTHER_DEVICE = 'Firefox 133';

const region = (page: Page, name: string) => page.getByRole('region', { name });

test('signing out the other browser from /account makes its next call answer 401 and shows it the login', async ({
  page,
  request,
  browser,
}) => {
  const { email } = await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  const other = await secondSession(browser, email);

  await page.goto('/idc/account');
  const sessions = region(page, 'Phiên đăng nhập');
  const rows = sessions.getByTestId('account-session');
  const thisRow = rows.filter({ hasText: 'Thiết bị này' });
  await expect(thisRow).toHaveCount(1);
  await expect(thisRow).toContainText(/Chrome \d+ trên Linux/);
  const otherRow = rows.filter({ hasText: `${OTHER_DEVICE} trên Windows` });
  await expect(otherRow).toHaveCount(1);
  const before = await rows.count();

  await otherRow.getByRole('button', { name: `Đăng xuất ${OTHER_DEVICE} trên Windows` }).click();
  const dialog = page.getByRole('dialog', { name: `Đăng xuất ${OTHER_DEVICE} trên Windows?` });
  await dialog.getByRole('button', { name: 'Đăng xuất', exact: true }).click();
  await expect(
    page.getByText(`Đã đăng xuất phiên trên ${OTHER_DEVICE} trên Windows.`),
  ).toBeVisible();
  await expect(rows).toHaveCount(before - 1);
  await expect(otherRow).toHaveCount(0);

  // The other browser's token no longer opens anything...
  const status = await other.evaluate(async () => {
    const answer = await fetch('/api/v1/auth/user', {
      headers: { Authorization: `Token ${localStorage.getItem('access_token')}` },
    });
    return answer.status;
  });
  expect(status).toBe(401);
  // ...and its portal, at its next call, goes back to the login page.
  const refused = other.waitForResponse(
    (answer) => answer.url().includes('/api/v1/') && answer.status() === 401,
  );
  await other.goto('/idc/ticket');
  await refused;
  await expect(other).toHaveURL(/\/idc\/login/);
  // Signed in again there, the customer is back where they were, not kept at the login page.
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Mật khẩu').fill(NEW_CUSTOMER.password);
  await other.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(other).toHaveURL(/\/idc\/ticket$/);

  // This browser stays signed in.
  await page.reload();
  await expect(page).toHaveURL(/\/idc\/account$/);
  await expect(
    region(page, 'Phiên đăng nhập').getByText('Thiết bị này', { exact: true }),
  ).toBeVisible();
  await other.context().close();
});

test('a token created on /account lists the servers from a script, and a read token cannot write', async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await page.goto('/idc/account');
  const tokens = region(page, 'API token');
  await expect(tokens.getByText('Chưa có token nào.')).toBeVisible();

  await tokens.getByRole('button', { name: 'Tạo token' }).click();
  const form = page.getByRole('dialog', { name: 'Tạo API token' });
  await form.getByRole('textbox', { name: /Tên token/ }).fill('script liệt kê máy chủ');
  await expect(form.getByRole('radio', { name: 'Chỉ đọc' })).toBeChecked();
  await form.getByRole('combobox', { name: 'Thời hạn' }).selectOption({ label: '30 ngày' });
  await form.getByLabel(/^Mật khẩu hiện tại/).fill(NEW_CUSTOMER.password);
  await form.getByRole('button', { name: 'Tạo token' }).click();

  const shown = page.getByRole('dialog', { name: 'Token script liệt kê máy chủ đã được tạo' });
  await expect(shown.getByText(/đây là lần duy nhất token được hiển thị/)).toBeVisible();
  const value = await shown.getByTestId('api-token-value').inputValue();
  expect(value.startsWith(API_TOKEN_PREFIX)).toBe(true);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await shown.getByRole('button', { name: 'Tôi đã lưu token' }).click();
  await expect(tokens.getByTestId('api-token')).toContainText('script liệt kê máy chủ');
  await expect(tokens.getByTestId('api-token')).toContainText('Chỉ đọc');

  const script = await page.evaluate(async (token) => {
    const headers = { Authorization: `Token ${token}`, 'Content-Type': 'application/json' };
    const list = await fetch('/api/v1/cloud/servers', { headers });
    const write = await fetch('/api/v1/cloud/ssh_keys', {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'from-script' }),
    });
    const profile = await fetch('/api/v1/account/profile', { headers });
    return {
      list: { status: list.status, body: (await list.json()) as { total: number } },
      write: { status: write.status, body: (await write.json()) as { message: string } },
      profile: profile.status,
    };
  }, value);
  expect(script.list.status).toBe(200);
  expect(script.list.body.total).toBe(0);
  expect(script.write.status).toBe(403);
  expect(script.write.body.message).toBe(
    'Token này chỉ có quyền đọc: chỉ gọi được các yêu cầu GET.',
  );
  expect(script.profile).toBe(403);

  // The list says when the script used it; the page still fits a phone.
  await page.reload();
  await expect(region(page, 'API token').getByTestId('api-token')).toContainText(
    /Dùng gần nhất: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/,
  );
  await expect(
    region(page, 'Phiên đăng nhập').getByText('Thiết bị này', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE_WIDTH,
  );
  expect(await axeViolations(page, 'main')).toEqual([]);
});

async function secondSession(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    userAgent: OTHER_USER_AGENT,
  });
  const other = await context.newPage();
  await signIn(other, email, PASSWORD);
  await expect(other).toHaveURL(/\/idc\/dashboard$/);
  return other;
}
