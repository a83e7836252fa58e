/**
 * The server list for a customer with several servers (issue 19 §5): sorted by creation date, the
 * sort kept through a reload; two servers ticked and powered off together after one confirmation,
 * the list showing them off once they are. A customer of this test's own, so no other spec's
 * servers get in the way; the sandbox's clock never moves.
 */
import type { Locator, Page } from '@playwright/test';

import {
  axeViolations,
  callApi,
  DEMO_PASSWORD,
  expect,
  buyServer,
  signInAsNewCustomer,
  test,
  topUpByCard,
} from './support';

const NAMES = ['sx-alpha', 'sx-bravo', 'sx-charlie'];

/** The server names in the order the list shows them. */
const rowNames = (page: Page) =>
  page.locator('tbody tr').locator('a[href$="/detail"]').allTextContents();

const rowOf = (page: Page, name: string): Locator =>
  page.locator('tbody tr').filter({ has: page.getByRole('link', { name, exact: true }) });

test('a customer sorts the server list by creation date, reloads, and powers two servers off at once', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInAsNewCustomer(page, request, {
    label: 'server-list',
    fullname: 'Trần Nhiều Máy',
    password: DEMO_PASSWORD,
  });
  await topUpByCard(page, 3_000_000);
  const ids: number[] = [];
  for (const name of NAMES) ids.push(await buyServer(page, name));
  await expect
    .poll(
      async () =>
        Promise.all(
          ids.map(async (id) => (await callApi(page, 'get', `/cloud/servers/${id}`)).status),
        ),
      { timeout: 60_000 },
    )
    .toEqual(['active', 'active', 'active']);

  await page.goto('/idc/cloud-server');
  await expect(page.getByRole('heading', { level: 1, name: 'Cloud VPS' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'sx-alpha', exact: true })).toBeVisible();
  // Without a sort: the API's order, newest first.
  expect(await rowNames(page)).toEqual([...NAMES].reverse());

  // Creation date: newest first on the first press, oldest first on the second.
  // Each press is made on the header as the customer sees it, which names what it will do next.
  await page.getByRole('button', { name: 'Sắp xếp theo ngày tạo giảm dần' }).click();
  await expect(page).toHaveURL(/sort=created/);
  await page.getByRole('button', { name: 'Sắp xếp theo ngày tạo tăng dần' }).click();
  await expect(page).toHaveURL(/order=ASC/);
  await expect.poll(() => rowNames(page)).toEqual(NAMES);

  await page.reload();
  await expect(page.getByRole('link', { name: 'sx-alpha', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/sort=created/);
  expect(await rowNames(page)).toEqual(NAMES);
  expect(await axeViolations(page)).toEqual([]);

  // Two ticked, powered off after one confirmation that names them.
  await rowOf(page, 'sx-alpha').getByRole('checkbox').check();
  await rowOf(page, 'sx-bravo').getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Tắt máy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Tắt 2 máy chủ' });
  await expect(dialog.getByRole('listitem')).toHaveText(['sx-alpha', 'sx-bravo']);
  expect(await axeViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Tắt máy', exact: true }).click();
  await expect(page.getByText('Đã gửi lệnh tới 2 máy chủ.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // What the customer sees once the machines are off: the list reads them again by itself.
  await expect(rowOf(page, 'sx-alpha').getByText('Đã tắt')).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, 'sx-bravo').getByText('Đã tắt')).toBeVisible({ timeout: 30_000 });
  await expect(rowOf(page, 'sx-charlie').getByText('Đang hoạt động')).toBeVisible();
  // The sort is still the one chosen.
  expect(await rowNames(page)).toEqual(NAMES);
});
