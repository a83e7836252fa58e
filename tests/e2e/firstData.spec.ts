/**
 * The first-data pictures (issue 21, src/firstData): opened by address, a daily screen's data is
 * drawn from the early answer before the portal's code has arrived, in the customer's language,
 * hidden from assistive technology, and gives way to the portal's own screen — or to the
 * customer's first key press. The portal's code is held back here (its `App` chunk), as a slow
 * network holds it, so the picture can be seen alone and compared with the screen after it.
 */
import type { Page } from '@playwright/test';

import {
  DEMO_PASSWORD,
  expect,
  buyServer,
  signInAsNewCustomer,
  test,
  topUpByCard,
  waitUntilRunning,
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

/** Opens `path` with the portal held back until `whileHeld` has looked at the picture. */
async function openWithThePortalHeld(page: Page, path: string, whileHeld: () => Promise<void>) {
  const release = await holdThePortal(page);
  await page.goto(path);
  await whileHeld();
  release();
  // The held request goes on before the hold is taken away.
  await page.unrouteAll({ behavior: 'wait' });
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
  await waitUntilRunning(page, id, 60_000);

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
  await page.unroute(/\/idc\/assets\/App-[\w-]+\.js$/);

  // The balance history: the two lines (the top-up, the server's order), newest first, with
  // the balance; the portal's rows then say the same.
  let pictured: string[][] = [];
  await openWithThePortalHeld(page, '/idc/billing/history', async () => {
    await expect(pictureRows(page)).toHaveCount(2);
    await expect(picture(page).locator('.fd-current')).toHaveText('Balance history');
    pictured = await pictureRows(page).evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
    );
    expect(pictured[1]?.[1]).toBe('Top-up');
    expect(pictured[1]?.[3]).toBe('+1.000.000 ₫');
  });
  const portalRows = page.locator('tbody tr.RaDataTable-row');
  await expect(portalRows).toHaveCount(2);
  await expect(picture(page)).toHaveCount(0);
  await expect
    .poll(() =>
      portalRows.evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      ),
    )
    .toEqual(pictured);

  // The dashboard: the welcome, the balance and this month's spending over twelve bars.
  let welcome = '';
  await openWithThePortalHeld(page, '/idc/dashboard', async () => {
    await expect(picture(page).locator('.fd-bars > div')).toHaveCount(12);
    welcome = (await picture(page).locator('.fd-title').textContent()) ?? '';
    expect(welcome).toBe('Hello, Lê Xem Nhanh');
  });
  await expect(page.getByRole('heading', { level: 1, name: welcome })).toBeVisible();
  await expect(picture(page)).toHaveCount(0);

  // The server's page: its name and state before the portal, then the portal's page.
  await openWithThePortalHeld(page, `/idc/cloud-server/${id}/detail`, async () => {
    await expect(picture(page).locator('.fd-title')).toHaveText(NAME);
    await expect(picture(page).locator('.fd-value').first()).toHaveText('Running');
  });
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(picture(page)).toHaveCount(0);

  // Any other address draws nothing: the volumes list has no picture.
  await page.goto('/idc/volume');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(picture(page)).toHaveCount(0);
});
