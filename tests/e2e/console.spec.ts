/**
 * The web console (issue 19): a customer opens the console of a running server from its page,
 * sees the serial console's login prompt, signs in as root with the server's password and runs a
 * command, under the portal's Content-Security-Policy, in both languages' worth of states and on
 * a phone's width. The account is this spec's own.
 */
import type { Page } from '@playwright/test';

import {
  axeViolations,
  callApi,
  expect,
  buyServer,
  signInAsNewCustomer,
  test,
  topUpByCard,
  waitUntilRunning,
} from './support';

const NEW_CUSTOMER = { label: 'console', fullname: 'Trần Dòng Lệnh', password: 'Console1pass' };
const ROOT_PASSWORD = 'Bang@Dieu2026';

/** A running server of the customer whose root password is ROOT_PASSWORD; answers its id. */
async function runningServer(page: Page, name: string): Promise<number> {
  const id = await buyServer(page, name);
  await waitUntilRunning(page, id);
  // The password the customer chose (the build's own is mailed): the console accepts it.
  await callApi(page, 'post', `/cloud/servers/${id}/reset_password`, { password: ROOT_PASSWORD });
  return id;
}

/** The console's connection status, announced politely. */
const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** What the terminal shows, row by row. */
const terminalText = (page: Page) => page.getByTestId('console-screen').locator('.xterm-rows');

test('a customer opens the console of a running server, signs in as root and runs a command', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await topUpByCard(page, 1_000_000);
  const name = `console-${Date.now().toString(36)}`;
  const id = await runningServer(page, name);

  await page.goto(`/idc/cloud-server/${id}/detail`);
  await page.getByRole('link', { name: `Mở console của máy chủ ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/idc/cloud-server/${id}/console$`));
  await expect(page.getByRole('heading', { name: `Console: ${name}` })).toBeVisible();
  await expect(status(page, 'Đã kết nối')).toBeVisible();
  await expect(terminalText(page)).toContainText(`${name} login:`);

  const screen = page.getByTestId('console-screen');
  await screen.click();
  await page.keyboard.type('root');
  await page.keyboard.press('Enter');
  await expect(terminalText(page)).toContainText('Password:');
  await page.keyboard.type(ROOT_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(terminalText(page)).toContainText(`root@${name}:~#`);
  await page.keyboard.type('hostname');
  await page.keyboard.press('Enter');
  await expect(terminalText(page)).toContainText(new RegExp(`hostname\\s*${name}\\s*root@`));
  await expect(terminalText(page)).not.toContainText(ROOT_PASSWORD);

  expect(await axeViolations(page)).toEqual([]);
  expect(violations).toEqual([]);

  // Powering the server off closes the console, which says why and offers to reconnect.
  await callApi(page, 'post', `/cloud/servers/${id}/action`, { action: 'power_off' });
  await expect(page.getByRole('alert')).toContainText('Máy chủ đã dừng hoặc không còn chạy');
  await page.getByRole('button', { name: 'Kết nối lại' }).click();
  // A new ticket is refused while the server is off, with the API's reason.
  await expect(page.getByRole('alert')).toContainText('Chỉ mở được console khi máy chủ đang chạy');
  expect(await axeViolations(page)).toEqual([]);

  // On a phone the page fits the width, the terminal included, and says the same.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('Chỉ mở được console khi máy chủ đang chạy');
  await expect(page.getByRole('button', { name: 'Kết nối lại' })).toBeInViewport();
  await expect(screen).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
});
