import { DEMO_PASSWORD, expect, signIn, test } from './support';

test('the language chosen on the login page survives reload, sign-in and sign-out', async ({
  page,
}) => {
  await page.goto('/idc/login');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in | IDC Cloud');

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('E-mail').fill('demo@example.vn');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(page.getByText('Hello, Nguyễn Văn Demo')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cloud VPS' })).toBeVisible();

  await page.getByRole('navigation').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/idc\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage))).toEqual(['locale']);

  // And back to Vietnamese from the signed-in header.
  await signInInEnglish(page);
  await page.getByRole('button', { name: 'Tiếng Việt' }).click();
  const welcome = page.getByRole('heading', { level: 1, name: 'Xin chào, Nguyễn Văn Demo' });
  await expect(welcome).toBeVisible();
  await page.reload();
  await expect(welcome).toBeVisible();
});

async function signInInEnglish(page: import('@playwright/test').Page) {
  await page.getByLabel('E-mail').fill('demo@example.vn');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
}

test('an account whose trial has ended sees one banner, for the trial’s bill, and the bill unpaid', async ({
  page,
}) => {
  await signIn(page, 'expired@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const { total } = (await (
    await page.request.get('/api/v1/auth/trial', { headers: { Authorization: `Token ${token}` } })
  ).json()) as { total: number };
  const amount = `${String(total).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;
  const banner = page.getByRole('alert').filter({
    hasText:
      /^Thời gian dùng thử đã kết thúc ngày \d\d-\d\d-\d{4}\. Hãy thanh toán hoá đơn dùng thử /,
  });
  await expect(banner).toContainText(amount);
  await expect(page.getByRole('alert')).toHaveCount(1);
  // The trial's bill is its overdue invoice: not a second banner.
  await expect(page.getByText('Bạn có hoá đơn quá hạn thanh toán.', { exact: false })).toHaveCount(
    0,
  );
  await expect(page.getByRole('banner').getByText(amount)).toBeVisible();
});

test('only agency accounts see the agency menu', async ({ page }) => {
  await signIn(page, 'agency@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Đại lý' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'demo@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Cloud VPS' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Đại lý' })).toHaveCount(0);
});

test('every section of the menu opens its own page, and an unknown billing address is not found', async ({
  page,
}) => {
  await signIn(page, 'demo@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  for (const [name, path, title] of [
    ['Volume', '/idc/volume', 'Volume'],
    ['Snapshot', '/idc/snapshot', 'Snapshot'],
    ['SSH Key', '/idc/ssh-keys', 'SSH Key'],
    ['Hỗ trợ', '/idc/ticket', 'Yêu cầu hỗ trợ'],
  ] as const) {
    await page.getByRole('link', { name, exact: true }).first().click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page).toHaveTitle(`${title} | IDC Cloud`);
  }
  await page.goto('/idc/billing/no-such-tab');
  await expect(page.getByRole('heading', { level: 1, name: 'Không tìm thấy trang' })).toBeVisible();
});
