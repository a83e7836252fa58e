/**
 * Two-step sign-in (issue 20): a new customer turns it on from /account by reading the secret the
 * page shows beside its QR code into an authenticator (here the same TOTP library the sandbox
 * uses, in the test), keeps the recovery codes, signs out, and signs in again with the password
 * and then a code. The sandbox's clock is never moved: codes are computed at the sandbox's time,
 * read from the Date header of its answers.
 */
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

import {
  axeViolations,
  expect,
  readOutbox,
  sandboxNow,
  signIn,
  signInAsNewCustomer,
  test,
} from './support';

const PASSWORD = 'TwoStep1pass';

/** What the authenticator app would show at `timestamp`. */
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

/**
 * The page fits a 375 px phone: nothing scrolls sideways. The portal lays itself out again after
 * the resize (the sidebar becomes a drawer when React hears the media query), so the width is
 * awaited rather than read at once; a page that stays too wide still fails.
 */
async function expectFitsPhone(page: Page): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  if (before) await page.setViewportSize(before);
}

test('a customer turns on two-step sign-in, signs out, and signs in with a code', async ({
  page,
  request,
}) => {
  const { email } = await signInAsNewCustomer(page, request, {
    label: 'two-factor',
    fullname: 'Lê Hai Bước',
    password: PASSWORD,
  });
  await page.goto('/idc/account');
  const card = page.getByRole('region', { name: 'Xác thực hai bước' });
  await expect(card.getByText('Xác thực hai bước đang tắt.')).toBeVisible();
  await card.getByRole('button', { name: 'Bật xác thực hai bước' }).click();

  // The QR code is drawn by the portal itself; the secret beside it is what an app would read.
  const qr = card.getByRole('img', { name: 'Mã QR để thêm tài khoản vào ứng dụng xác thực' });
  await expect(qr).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await card.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await axeViolations(page, 'main')).toEqual([]);
  await expectFitsPhone(page);

  await card
    .getByRole('textbox', { name: /Mã xác thực \(6 chữ số\)/ })
    .fill(codeAt(secret, await sandboxNow(page)));
  await card.getByLabel('Mật khẩu hiện tại').fill(PASSWORD);
  await card.getByRole('button', { name: 'Xác nhận và bật' }).click();
  const codes = card.getByRole('list', { name: 'Mã khôi phục' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(card.getByText(/Các mã chỉ hiển thị lần này/)).toBeVisible();
  const savedCodes = await codes.allInnerTexts();
  expect(await axeViolations(page, 'main')).toEqual([]);
  await expectFitsPhone(page);
  await card.getByRole('button', { name: 'Tôi đã lưu các mã' }).click();
  await expect(card.getByText('Còn 10 mã khôi phục chưa dùng.')).toBeVisible();
  // Nothing secret was mailed; the owner is told it is on.
  const mails = await readOutbox(request, email);
  expect(JSON.stringify(mails)).not.toContain(secret);
  expect(mails[0]?.subject).toBe('Xác thực hai bước đã được bật');

  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Tài khoản / })
    .click();
  await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/idc\/login/);

  await signIn(page, email, PASSWORD);
  const code = page.getByRole('textbox', { name: 'Mã xác thực' });
  await expect(code).toBeVisible();
  await expect(page.getByText(/Nhập mã 6 chữ số trong ứng dụng xác thực/)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
  expect(await axeViolations(page)).toEqual([]);
  await expectFitsPhone(page);

  // The code that turned it on is used up: the app's next one (the sandbox accepts a clock one
  // 30-second step ahead, RFC 6238 §5.2), so the test need not wait for the next step.
  await code.fill(codeAt(secret, (await sandboxNow(page)) + 30_000));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await expect(page.getByRole('heading', { name: /^Xin chào, / })).toBeVisible();

  // Codes running low, or seen by someone: ten new ones, proved by the password and a saved code.
  await page.goto('/idc/account');
  await card.getByRole('button', { name: 'Tạo mã khôi phục mới' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tạo mã khôi phục mới?' });
  await dialog.getByLabel('Mật khẩu hiện tại').fill(PASSWORD);
  await dialog.getByRole('textbox', { name: 'Mã xác thực hoặc mã khôi phục' }).fill(savedCodes[0]!);
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await expectFitsPhone(page);
  await dialog.getByRole('button', { name: 'Tạo mã khôi phục mới' }).click();
  await expect(codes).toHaveCount(10);
  await expect(
    card.getByText('Đã tạo 10 mã khôi phục mới. Các mã cũ không còn dùng được.'),
  ).toBeVisible();
  expect(await codes.allInnerTexts()).not.toContain(savedCodes[1]);
  expect((await readOutbox(request, email))[0]?.subject).toBe('Đã tạo mã khôi phục mới');
});
