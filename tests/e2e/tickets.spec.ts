/**
 * A support ticket's whole life (issue 9): a trial customer asks for more trial time from the
 * trial banner, the form opens with the subject filled in, support answers after
 * SANDBOX_SUPPORT_REPLY_SECONDS (a few seconds in playwright.config.ts) while the page polls, the
 * customer replies and marks the ticket resolved. On a 375 px phone, axe-clean.
 */
import { execFileSync } from 'node:child_process';

import { axeViolations, expect, signIn, test, uniqueEmail } from './support';

/**
 * A trial account made as tests/e2e/trial.spec.ts makes one (server/compute/trialServer.ts
 * `startTrial`), in the shared e2e database: fresh, so no other spec touches its tickets.
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
          "SELECT ?, password_hash, 'Khách Hỏi Hỗ Trợ', '+84912345698', '0912 345 698', 1, ? " +
          "FROM users WHERE email = 'trial@example.vn' RETURNING id",
      )
      .get(process.env.TRIAL_EMAIL, new Date().toISOString());
    startTrial(db, id, 'vps-dung-thu-01', new Date(Date.now() - 2 * 24 * 60 * 60 * 1000));
  }).immediate();
  db.close();
`;

function newTrialAccount(): string {
  const email = uniqueEmail('ticket');
  execFileSync('npx', ['tsx', '--input-type=module', '-e', NEW_TRIAL_ACCOUNT], {
    env: { ...process.env, TRIAL_EMAIL: email },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return email;
}

/** Nothing is wider than the phone once the menu has folded away. */
async function fitsThePhone(page: import('@playwright/test').Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
}

test('a trial customer asks support for more time, gets an answer, replies and resolves', async ({
  page,
}) => {
  const email = newTrialAccount();
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, email);
  await expect(page).toHaveURL(/\/idc\/dashboard$/);

  const banner = page.getByRole('alert').filter({ hasText: 'đang dùng thử đến hết ngày' });
  await banner.getByRole('link', { name: 'Yêu cầu gia hạn dùng thử' }).click();
  await expect(page).toHaveURL(/\/idc\/ticket\/create\?subject=/);
  await expect(page.getByLabel('Tiêu đề')).toHaveValue('Yêu cầu gia hạn dùng thử');
  await fitsThePhone(page);
  expect(await axeViolations(page, 'main')).toEqual([]);

  // Both fields are required: the message says which, and the subject stays.
  await page.getByLabel('Tiêu đề').fill('');
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();
  await expect(page.getByText('Tiêu đề không được bỏ trống.')).toBeVisible();
  await expect(page.getByText('Nội dung không được bỏ trống.')).toBeVisible();
  await page.getByLabel('Tiêu đề').fill('Yêu cầu gia hạn dùng thử');
  await page
    .getByRole('textbox', { name: 'Nội dung' })
    .fill('Xin thêm 7 ngày dùng thử.\nTôi đang thử cài đặt máy chủ.');
  await page.getByRole('combobox', { name: /Thời gian có thể liên hệ/ }).click();
  await page.getByRole('option', { name: '21:30' }).click();
  await page.getByRole('button', { name: 'Gửi yêu cầu' }).click();

  await expect(page).toHaveURL(/\/idc\/ticket\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: 'Yêu cầu gia hạn dùng thử' })).toBeVisible();
  await expect(page.getByText('Có thể liên hệ lúc 21:30 (giờ Việt Nam)')).toBeVisible();
  const conversation = page.getByRole('region', { name: 'Nội dung trao đổi' });
  // The message as typed, its line break kept on screen.
  const opening = conversation.getByText('Xin thêm 7 ngày dùng thử.');
  await expect(opening).toBeVisible();
  expect(await opening.innerText()).toBe(
    'Xin thêm 7 ngày dùng thử.\nTôi đang thử cài đặt máy chủ.',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Bộ phận hỗ trợ sẽ sớm trả lời' }),
  ).toBeVisible();

  // Support's answer arrives on its own while the page polls.
  await expect(
    conversation.locator('[data-author="support"]').getByText(/Bộ phận hỗ trợ đã nhận được/),
  ).toBeVisible({ timeout: 30_000 });
  await fitsThePhone(page);
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.getByLabel('Trả lời').fill('Cảm ơn.\nTôi chờ tin.');
  await page.getByRole('button', { name: 'Gửi trả lời' }).click();
  await expect(page.getByText('Đã gửi trả lời.')).toBeVisible();
  // Support answers every message a few seconds later: the conversation is read by its content,
  // not by its length, which that answer may already have changed.
  await expect(conversation.locator('li').filter({ hasText: 'Cảm ơn.' })).toContainText(
    'Cảm ơn.\nTôi chờ tin.',
  );

  // Resolving asks first; cancelling keeps the ticket open and the reply box there.
  await page.getByRole('button', { name: 'Đã giải quyết, đóng yêu cầu' }).click();
  const ask = page.getByRole('dialog', { name: 'Đóng yêu cầu hỗ trợ?' });
  await expect(ask).toContainText('Bộ phận hỗ trợ sẽ ngừng trả lời yêu cầu');
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await ask.getByRole('button', { name: 'Huỷ' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('main').getByText('Chưa xử lý')).toBeVisible();
  await expect(page.getByLabel('Trả lời')).toBeVisible();

  await page.getByRole('button', { name: 'Đã giải quyết, đóng yêu cầu' }).click();
  await ask.getByRole('button', { name: 'Đóng yêu cầu' }).click();
  await expect(ask).toBeHidden();
  await expect(
    page.getByText(
      'Yêu cầu này đã được xử lý. Nếu vấn đề vẫn còn, hãy mở lại yêu cầu hoặc tạo yêu cầu mới.',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Trả lời')).toBeHidden();

  // Resolved too soon: reopened, it takes a reply and support answers again.
  await page.getByRole('button', { name: 'Mở lại yêu cầu' }).click();
  await expect(page.getByText('Đã mở lại yêu cầu hỗ trợ.')).toBeVisible();
  await page.getByLabel('Trả lời').fill('Lỗi lại xuất hiện.');
  await page.getByRole('button', { name: 'Gửi trả lời' }).click();
  const again = conversation.locator('li').filter({ hasText: 'Lỗi lại xuất hiện.' });
  await expect(again).toBeVisible();
  await expect(
    again.locator('xpath=following-sibling::li').locator('[data-author="support"]').first(),
  ).toBeVisible({ timeout: 30_000 });
  await fitsThePhone(page);

  await page.getByRole('button', { name: 'Đã giải quyết, đóng yêu cầu' }).click();
  await ask.getByRole('button', { name: 'Đóng yêu cầu' }).click();
  await expect(page.getByRole('button', { name: 'Mở lại yêu cầu' })).toBeVisible();

  await page.goto('/idc/ticket');
  const row = page.getByRole('row').filter({ hasText: 'Yêu cầu gia hạn dùng thử' });
  await expect(row.getByText('Đã xử lý')).toBeVisible();
  await fitsThePhone(page);
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('the ticket pages read in English', async ({ page }) => {
  const email = newTrialAccount();
  await signIn(page, email);
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  await page.goto('/idc/ticket');
  await expect(page.getByText('You have no support tickets yet')).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('link', { name: 'New ticket' }).first().click();
  await expect(page.getByRole('heading', { name: 'New support ticket' })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByText('The subject must not be empty.')).toBeVisible();
  await expect(page.getByText('The message must not be empty.')).toBeVisible();

  await page.getByLabel('Subject').fill('Disk is slow');
  await page.getByRole('textbox', { name: 'Message' }).fill('Since this morning.');
  await page.getByRole('button', { name: 'Send ticket' }).click();
  await expect(page.getByRole('heading', { name: 'Disk is slow' })).toBeVisible();
  await page.getByRole('button', { name: 'Resolved, close the ticket' }).click();
  const ask = page.getByRole('dialog', { name: 'Close this support ticket?' });
  await expect(ask).toContainText('Support will stop answering "Disk is slow"');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByLabel('Reply')).toBeVisible();
  await page.getByRole('button', { name: 'Resolved, close the ticket' }).click();
  await ask.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('If the problem is still there, reopen it')).toBeVisible();
  await page.getByRole('button', { name: 'Reopen ticket' }).click();
  await expect(page.getByText('The ticket is open again.')).toBeVisible();
  await expect(page.getByLabel('Reply')).toBeVisible();
});
