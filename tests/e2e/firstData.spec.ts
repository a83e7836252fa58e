/**
 * The server list's first-data picture (issue 21, src/firstData): opened by address, the list's
 * rows are drawn from the early answer before the portal's code has arrived, in the customer's
 * language, hidden from assistive technology, and give way to the portal's own list — or to the
 * customer's first key press. The portal's code is held back here (its `App` chunk), as a slow
 * network holds it, so the picture can be seen alone.
 */
import type { Page } from '@playwright/test';

import {
  callApi,
  DEMO_PASSWORD,
  expect,
  buyServer,
  signInAsNewCustomer,
  test,
  topUpByCard,
} from './support';

const NAME = 'fd-web-01';

/** Holds every request for the portal's App chunk until the returned function is called. */
async function holdThePortal(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/idc\/assets\/App-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const picture = (page: Page) => page.locator('#first-data');
const pictureRows = (page: Page) => picture(page).locator('tr.first-data-row');

test('a reload of the server list shows the servers before the portal, then the portal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsNewCustomer(page, request, {
    label: 'first-data',
    fullname: 'Lê Xem Nhanh',
    password: DEMO_PASSWORD,
  });
  await topUpByCard(page, 1_000_000);
  const id = await buyServer(page, NAME);
  await expect
    .poll(async () => (await callApi(page, 'get', `/cloud/servers/${id}`)).status, {
      timeout: 60_000,
    })
    .toBe('active');

  // Vietnamese: the row as the list writes it, while the portal's code is still on its way.
  let release = await holdThePortal(page);
  await page.goto('/idc/cloud-server');
  await expect(pictureRows(page)).toHaveCount(1);
  const cells = pictureRows(page).locator('td');
  await expect(cells.nth(0)).toHaveText(NAME);
  await expect(cells.nth(1)).toHaveText('Đang hoạt động');
  await expect(picture(page)).toHaveAttribute('aria-hidden', 'true');
  await expect(picture(page).locator('th').first()).toHaveText('Tên máy chủ');

  // The portal's list takes its place, with the same name and state.
  release();
  const row = page
    .locator('tbody tr')
    .filter({ has: page.getByRole('link', { name: NAME, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Đang hoạt động');
  await expect(picture(page)).toHaveCount(0);

  // English, chosen before: the picture speaks it too; a key press hands over at once.
  await page.unroute(/\/idc\/assets\/App-[\w-]+\.js$/);
  await page.evaluate(() => window.localStorage.setItem('locale', 'en'));
  release = await holdThePortal(page);
  await page.goto('/idc/cloud-server');
  await expect(pictureRows(page).locator('td').nth(1)).toHaveText('Running');
  await expect(picture(page).locator('th').first()).toHaveText('Server name');
  await page.keyboard.press('Tab');
  await expect(picture(page)).toHaveCount(0);
  release();
  await expect(page.getByRole('link', { name: NAME, exact: true })).toBeVisible();

  // Any other address draws nothing: the volumes list has no picture.
  await page.goto('/idc/volume');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(picture(page)).toHaveCount(0);
});
