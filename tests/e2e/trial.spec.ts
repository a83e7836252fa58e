/**
 * The trial customer upgrades (spec §2 "Banners and the upgrade dialog", §4 "Trial upgrade
 * success"): the dialog names the trial server and the total, the balance is short, the customer
 * tops up by card, upgrades, sees the server's message, the banner goes without a reload, and the
 * upgrade is a paid invoice on the Invoices tab.
 */
import { execFileSync } from 'node:child_process';

import {
  axeViolations,
  clearOfTheHourTurn,
  expect,
  signIn,
  test,
  topUpByCard,
  uniqueEmail,
} from './support';

const SERVER = 'Máy chủ vps-dung-thu-01 (1 CPU · 1 GB RAM · 10 GB SSD)';

/** 56000 → "56.000 ₫", as the portal shows money. */
const vnd = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;

/**
 * Makes a trial account the way the seed makes trial@ (server/compute/trialServer.ts
 * `startTrial`: the trial and its built trial server), in the shared e2e database: verified, the
 * demo password, no balance, started two days ago. Fresh, so no other spec touches it. Run by
 * tsx, as the sandbox itself is.
 */
const NEW_TRIAL_ACCOUNT = `
  import Database from 'better-sqlite3';
  import { startTrial } from './server/compute/trialServer';
  const db = new Database(process.env.E2E_DB);
  db.pragma('busy_timeout = 10000');
  db.transaction(() => {
    const { id } = db
      .prepare(
        "INSERT INTO users (email, password_hash, fullname, phone, formatted_phone, email_verified, created_at) " +
          "SELECT ?, password_hash, 'Khách Dùng Thử', '+84912345699', '0912 345 699', 1, ? " +
          "FROM users WHERE email = 'trial@example.vn' RETURNING id",
      )
      .get(process.env.TRIAL_EMAIL, new Date().toISOString());
    startTrial(db, id, 'vps-dung-thu-01', new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
  }).immediate();
  db.close();
`;

function newTrialAccount(): string {
  const email = uniqueEmail('trial');
  execFileSync('npx', ['tsx', '--input-type=module', '-e', NEW_TRIAL_ACCOUNT], {
    env: { ...process.env, TRIAL_EMAIL: email },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return email;
}

test('the trial customer upgrades', async ({ page }) => {
  const email = newTrialAccount();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Token ${token}` };
  // The total is read here and paid after a card top-up: both in one hour.
  await clearOfTheHourTurn(page, 120);
  const { total } = (await (await page.request.get('/api/v1/auth/trial', { headers })).json()) as {
    total: number;
  };
  expect(total).toBeGreaterThan(0);

  const banner = page.getByRole('alert').filter({ hasText: 'đang dùng thử đến hết ngày' });
  await banner.getByRole('button', { name: 'Thanh toán' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nâng cấp tài khoản' });
  await expect(dialog.getByRole('row').filter({ hasText: SERVER })).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'Tổng cộng' })).toContainText(vnd(total));
  await expect(
    dialog.getByText(
      /^Thanh toán cho thời gian từ \d\d-\d\d-\d{4} đến hết \d\d-\d\d-\d{4}\. Thời gian dùng thử kết thúc ngay khi bạn thanh toán;/,
    ),
  ).toBeVisible();

  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // Nothing on the balance: the dialog leads to the top-up for what is missing.
  await expect(dialog.getByText(`Số dư không đủ, vui lòng nạp thêm ${vnd(total)}.`)).toBeVisible();
  await dialog.getByRole('button', { name: `Nạp thêm ${vnd(total)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/idc/billing\\?amount=${total}&topup=1$`));
  await topUpByCard(page, total);
  // The success page leads back to the dialog, open on the page it was opened on.
  await page.getByRole('link', { name: 'Quay lại nâng cấp tài khoản' }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  dialog = page.getByRole('dialog', { name: 'Nâng cấp tài khoản' });
  await dialog.getByRole('button', { name: `Thanh toán ${vnd(total)}` }).click();

  await expect(
    page.getByText(`Nâng cấp tài khoản thành công. Đã trừ ${vnd(total)} từ số dư.`),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('đang dùng thử đến hết ngày', { exact: false })).toBeHidden();

  const invoices = (await (
    await page.request.get('/api/v1/billing/invoices', { headers })
  ).json()) as { items: { code: string; status: string; amount: number; description: string }[] };
  // The upgrade is one paid invoice. In a month's last week the sandbox's sweep may also have
  // issued the server's renewal for the next month: open, and nothing else.
  const paid = invoices.items.filter((item) => item.status === 'paid');
  expect(paid).toEqual([expect.objectContaining({ amount: total })]);
  for (const other of invoices.items.filter((item) => item.status !== 'paid')) {
    expect(other).toMatchObject({
      status: 'open',
      description: expect.stringContaining('vps-dung-thu-01: gia hạn 1 tháng'),
    });
  }
  const [invoice] = paid;
  await page.goto('/idc/billing');
  const row = page.getByRole('row').filter({ hasText: invoice!.code });
  await expect(row).toContainText(vnd(total));
  await expect(row.getByText('Đã thanh toán')).toBeVisible();
});

test('the upgrade dialog fits a 375 px phone, in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, newTrialAccount());
  await expect(page).toHaveURL(/\/idc\/dashboard$/);

  const banner = page.getByRole('alert').filter({ hasText: 'đang dùng thử đến hết ngày' });
  await banner.getByRole('button', { name: 'Thanh toán' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nâng cấp tài khoản' });
  await expect(dialog.getByRole('button', { name: /^Nạp thêm / })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await dialog.getByRole('button', { name: 'Đóng' }).click();

  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('alert').getByRole('button', { name: 'Pay' }).click();
  const english = page.getByRole('dialog', { name: 'Upgrade your account' });
  // Stacked on a phone, not a table cut at the screen's edge.
  await expect(
    english.getByRole('listitem').filter({ hasText: 'Server vps-dung-thu-01' }),
  ).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
});
