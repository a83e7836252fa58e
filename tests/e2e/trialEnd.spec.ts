/**
 * A trial that has ended (issue 16 item 2): the customer is blocked and owes the trial's one bill.
 * Whichever way the customer pays it — from the banner (the upgrade dialog, a card top-up on the
 * sandbox gateway, back to the dialog still open, pay) or in Billing (the trial bill's row) — the
 * block is gone, the banner disappears and a server action is allowed again.
 *
 * Each test makes its own customer whose trial ended yesterday (as the seed makes
 * expired@example.vn), in the shared e2e database, without moving the sandbox clock: the trial
 * started eight days ago, and its bill is issued the way the sandbox's life-cycle sweep issues it
 * at the trial's end (server/billing/trial.ts `issueTrialBill`). Its auto-pay is off: the
 * customer pays the bill here, and with auto-pay on, the sandbox's minutely sweep could pay it
 * from the topped-up balance first (the Pay button then rightly answers that it is no longer open).
 */
import { execFileSync } from 'node:child_process';

import type { Page } from '@playwright/test';

import { axeViolations, expect, signIn, test, topUpByCard, uniqueEmail } from './support';

/** 56000 → "56.000 ₫", as the portal shows money. */
const vnd = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;

const NEW_EXPIRED_TRIAL_ACCOUNT = `
  import Database from 'better-sqlite3';
  import { issueTrialBill } from './server/billing/trial';
  import { startTrial } from './server/compute/trialServer';
  import { connectAreas } from './server/handlers';
  connectAreas();
  const db = new Database(process.env.E2E_DB);
  db.pragma('busy_timeout = 10000');
  const DAY = 24 * 60 * 60 * 1000;
  db.transaction(() => {
    const { id } = db
      .prepare(
        "INSERT INTO users (email, password_hash, fullname, phone, formatted_phone, email_verified, created_at, auto_pay_renewals) " +
          "SELECT ?, password_hash, 'Khách Hết Dùng Thử', '+84912345698', '0912 345 698', 1, ?, 0 " +
          "FROM users WHERE email = 'expired@example.vn' RETURNING id",
      )
      .get(process.env.TRIAL_EMAIL, new Date(Date.now() - 9 * DAY).toISOString());
    startTrial(db, id, 'vps-het-han-01', new Date(Date.now() - 8 * DAY));
    const { trial_end } = db.prepare('SELECT trial_end FROM users WHERE id = ?').get(id);
    issueTrialBill(db, id, new Date(trial_end), new Date());
  }).immediate();
  db.close();
`;

/** A verified customer, password Demo@12345, whose trial ended yesterday; its bill is open. */
function newExpiredTrialAccount(): string {
  const email = uniqueEmail('trial-ended');
  execFileSync('npx', ['tsx', '--input-type=module', '-e', NEW_EXPIRED_TRIAL_ACCOUNT], {
    env: { ...process.env, TRIAL_EMAIL: email },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return email;
}

interface TrialBill {
  items: { resource: string; start: string; end: string }[];
  total: number;
  invoice_id: number | null;
}

/** DD-MM-YYYY in Vietnam time (UTC+7). */
const vietnamDay = (instant: number) => {
  const [year, month, day] = new Date(instant + 7 * 60 * 60 * 1000)
    .toISOString()
    .slice(0, 10)
    .split('-');
  return `${day}-${month}-${year}`;
};

/** Signs in; answers the API headers, the trial's bill and the account's server. */
async function signInExpired(page: Page) {
  await signIn(page, newExpiredTrialAccount());
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Token ${token}` };
  const bill = (await (
    await page.request.get('/api/v1/auth/trial', { headers })
  ).json()) as TrialBill;
  expect(bill.invoice_id).not.toBeNull();
  expect(bill.total).toBeGreaterThan(0);
  const servers = (await (await page.request.get('/api/v1/cloud/servers', { headers })).json()) as {
    items: { id: number; name: string }[];
  };
  const [server] = servers.items;
  const [item] = bill.items;
  // The bill runs from the trial's end to the end of that month: its last day is the day
  // before the (exclusive) end.
  const period = `từ ${vietnamDay(Date.parse(item!.start))} đến hết ${vietnamDay(Date.parse(item!.end) - 1)}`;
  return { headers, bill, server: server!, period };
}

/** The one banner of an ended trial. */
const trialBanner = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Thời gian dùng thử đã kết thúc ngày' }).first();

/** The server's page: its actions are refused while blocked, allowed once the bill is paid. */
async function expectServerActions(page: Page, serverId: number, allowed: boolean) {
  await page.goto(`/idc/cloud-server/${serverId}/detail`);
  const actions = page.getByRole('group', { name: 'Thao tác với máy chủ' });
  const more = actions.getByRole('button', { name: 'Thao tác khác' });
  await expect(more).toBeVisible();
  if (allowed) {
    await expect(more).toBeEnabled();
    await expect(page.getByText(/^Không thể thực hiện thao tác/)).toHaveCount(0);
  } else {
    await expect(more).toBeDisabled();
    await expect(
      page.getByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.'),
    ).toBeVisible();
  }
}

test('from the banner: the dialog, a card top-up, back to the open dialog, pay; the block is gone', async ({
  page,
}) => {
  const { bill, server, period } = await signInExpired(page);
  const words = `Hãy thanh toán hoá đơn dùng thử ${vnd(bill.total)} (${period}) để giữ máy chủ của bạn.`;

  // Blocked, and the notice says the one thing to do.
  await expectServerActions(page, server.id, false);
  const notice = page.getByRole('alert').filter({ hasText: 'Không thể thực hiện thao tác do' });
  await expect(notice).toContainText(words);
  await expect(notice.getByRole('link', { name: 'Thanh toán hoá đơn dùng thử' })).toBeVisible();

  // One banner, one button: the trial's bill is the overdue invoice, not a second thing to pay.
  const banner = trialBanner(page);
  await expect(banner).toContainText(words);
  await expect(banner.getByRole('button')).toHaveCount(1);
  await expect(page.getByText('Bạn có hoá đơn quá hạn thanh toán', { exact: false })).toHaveCount(
    0,
  );
  await banner.getByRole('button', { name: 'Thanh toán hoá đơn dùng thử' }).click();

  let dialog = page.getByRole('dialog', { name: 'Nâng cấp tài khoản' });
  await expect(dialog.getByText(words)).toBeVisible();
  await expect(dialog.getByRole('row').filter({ hasText: 'vps-het-han-01' })).toContainText(period);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);

  // No balance: the dialog leads to the top-up of the whole bill…
  await dialog.getByRole('button', { name: `Nạp thêm ${vnd(bill.total)}` }).click();
  await expect(page).toHaveURL(new RegExp(`/idc/billing\\?amount=${bill.total}&topup=1$`));
  await topUpByCard(page, bill.total);
  // …and the success page back to it, open, on the page it was opened on.
  await page.getByRole('link', { name: 'Quay lại nâng cấp tài khoản' }).click();
  await expect(page).toHaveURL(new RegExp(`/idc/cloud-server/${server.id}/detail$`));
  dialog = page.getByRole('dialog', { name: 'Nâng cấp tài khoản' });
  await dialog.getByRole('button', { name: `Thanh toán ${vnd(bill.total)}` }).click();

  await expect(page.getByText(/^Nâng cấp tài khoản thành công/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(trialBanner(page)).toHaveCount(0);
  await expect(page.getByText(/^Không thể thực hiện thao tác/)).toHaveCount(0);
  await expectServerActions(page, server.id, true);
  await expect(trialBanner(page)).toHaveCount(0);
});

test('in Billing: the trial bill’s row, paid from the balance; the block is gone', async ({
  page,
}) => {
  const { headers, bill, server } = await signInExpired(page);
  const invoices = (await (
    await page.request.get('/api/v1/billing/invoices', { headers })
  ).json()) as { items: { id: number; code: string }[] };
  const invoice = invoices.items.find((item) => item.id === bill.invoice_id);
  expect(invoice).toBeDefined();
  await expectServerActions(page, server.id, false);

  // Money on the balance first, as the customer would put it there.
  await topUpByCard(page, bill.total);
  await page.goto('/idc/billing');
  // The bill is recognisable: marked as the trial's, described by what it pays for.
  const row = page.getByRole('row').filter({ hasText: invoice!.code });
  await expect(row.getByText('Hoá đơn dùng thử', { exact: true })).toBeVisible();
  await expect(row).toContainText('vps-het-han-01');
  await expect(row).toContainText(vnd(bill.total));
  await row.getByRole('button', { name: `Thanh toán hoá đơn ${invoice!.code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Thanh toán hoá đơn ${invoice!.code}` });
  await dialog.getByRole('button', { name: `Thanh toán ${vnd(bill.total)}` }).click();

  await expect(page.getByText(/^Đã thanh toán hoá đơn/)).toBeVisible();
  await expect(trialBanner(page)).toHaveCount(0);
  await expect(page.getByText('Bạn có hoá đơn quá hạn thanh toán', { exact: false })).toHaveCount(
    0,
  );
  await expect(row.getByText('Đã thanh toán')).toBeVisible();
  await expectServerActions(page, server.id, true);
  await expect(trialBanner(page)).toHaveCount(0);
});

test('the ended trial’s banner and dialog fit a 375 px phone and pass axe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const { bill, period } = await signInExpired(page);
  const banner = trialBanner(page);
  await expect(banner).toContainText(period);
  expect(await axeViolations(page, '[role="alert"]')).toEqual([]);

  await banner.getByRole('button', { name: 'Thanh toán hoá đơn dùng thử' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nâng cấp tài khoản' });
  // Stacked, not a table cut at the screen's edge.
  const packages = dialog.getByRole('region', { name: 'Các gói dịch vụ cần thanh toán' });
  await expect(packages.getByRole('listitem').first()).toContainText(period);
  await expect(dialog.getByRole('table')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: `Nạp thêm ${vnd(bill.total)}` })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
});
