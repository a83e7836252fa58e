/**
 * Issue 8, snapshots: a customer with a volume snapshots it from the form (the price shown is the
 * one charged), waits for the copy, restores it into a new volume and deletes the snapshot. A
 * fresh account, so no other spec moves its balance or its volumes.
 */
import type { Page } from '@playwright/test';

import { formatVnd } from '../../src/domain/money';
import {
  axeViolations,
  callApi,
  clearOfTheHourTurn,
  expect,
  serverOrder,
  signInAsNewCustomer,
  test,
  topUpByCard,
} from './support';

const PASSWORD = 'Snapshots1pass';

const NEW_CUSTOMER = { label: 'snapshots', fullname: 'Phạm Sao Lưu', password: PASSWORD };

/**
 * axe's findings once MUI's colour transitions have ended: a label fading from the error red to
 * its normal colour would otherwise be measured half-way.
 */
async function settledAxeViolations(page: Page) {
  await page.waitForFunction(
    () =>
      document.getAnimations().filter((animation) => animation instanceof CSSTransition).length ===
      0,
  );
  return axeViolations(page, 'main');
}

/** A volume made through the API (the volume screens have their own spec), once it is ready. */
async function createVolume(page: Page, name: string) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Token ${token}` };
  const created = await page.request.post('/api/v1/storage/volumes', {
    headers,
    data: { name, size: 10, type: 'HDD' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { volume } = (await created.json()) as { volume: { id: number } };
  await expect
    .poll(
      async () =>
        (
          (await (
            await page.request.get(`/api/v1/storage/volumes/${volume.id}`, { headers })
          ).json()) as {
            status: string;
          }
        ).status,
      { timeout: 30_000 },
    )
    .toBe('available');
}

test('a customer snapshots a volume, restores it into a new volume and deletes the snapshot', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await topUpByCard(page, 200_000);
  const suffix = Date.now().toString(36);
  // As long as a name may be (32): chosen on a phone, it must not widen the page.
  const volumeName = `e2e-long-volume-name-${suffix}`.slice(0, 32);
  const snapshotName = `e2e-snap-${suffix}`;
  const restoredName = `e2e-back-${suffix}`;
  await createVolume(page, volumeName);

  // The create form: a volume is required, then the price shown is the price charged (both in
  // one hour: prices are prorated by the hour).
  await clearOfTheHourTurn(page, 90);
  await page.goto('/idc/snapshot/create');
  await page.getByRole('button', { name: 'Tạo snapshot' }).click();
  await expect(page.getByText('Snapshot cần có một volume: vui lòng chọn volume.')).toBeVisible();
  await page.getByRole('combobox', { name: /Volume cần sao lưu/ }).click();
  await page.getByRole('option', { name: `${volumeName} (10 GB HDD)` }).click();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 720 });
  const total = page.getByTestId('snapshot-price-total');
  await expect(total).toHaveText(/^[\d.]+ ₫$/);
  const price = (await total.textContent()) as string;
  await page.getByLabel(/Tên snapshot/).fill(snapshotName);
  // The theme's focus blue on the page's grey is the theme's own finding: check it unfocused.
  await page.getByLabel(/Tên snapshot/).blur();
  expect(await settledAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: `Thanh toán ${price} và tạo snapshot` }).click();
  await expect(page.getByText(`Tạo snapshot ${snapshotName} thành công.`)).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/snapshot$/);

  // The list polls until the copy is taken.
  const row = page.getByRole('row').filter({ hasText: snapshotName });
  await expect(row.getByRole('link', { name: volumeName })).toBeVisible();
  await expect(row.getByText('Sẵn sàng')).toBeVisible({ timeout: 30_000 });
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Token ${token}` };
  // The purchase's invoice, the one with an order: in a month's last week the volume and the
  // snapshot itself, both paid to the month's end, also get next month's renewal invoices from
  // the sandbox's lifecycle sweep (renewals have no order).
  const invoices = await page.request.get('/api/v1/billing/invoices', { headers });
  const snapshotInvoices = (
    (await invoices.json()) as {
      items: { amount: number; resource_type: string; order_id: number | null }[];
    }
  ).items.filter((invoice) => invoice.resource_type === 'snapshot' && invoice.order_id !== null);
  expect(snapshotInvoices.map((invoice) => formatVnd(invoice.amount))).toEqual([price]);

  // On a phone from here on: restore into a new volume, priced as a new volume.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/idc/snapshot');
  await page.getByRole('button', { name: `Khôi phục snapshot ${snapshotName}` }).click();
  const restore = page.getByRole('dialog', { name: `Khôi phục snapshot ${snapshotName}` });
  await expect(restore.getByTestId('snapshot-price-total')).toHaveText(/^[\d.]+ ₫$/);
  const restorePrice = (await restore.getByTestId('snapshot-price-total').textContent()) as string;
  await restore.getByLabel(/Tên volume mới/).fill(restoredName);
  await restore.getByRole('button', { name: `Thanh toán ${restorePrice} và khôi phục` }).click();
  await expect(
    restore.getByText(`Đang khôi phục snapshot ${snapshotName} vào volume mới ${restoredName}.`),
  ).toBeVisible();
  // The dialog leads to the new volume (issue 19), then back to the list.
  await restore.getByRole('link', { name: `Mở volume ${restoredName}` }).click();
  await expect(page).toHaveURL(/\/idc\/volume\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: restoredName })).toBeVisible();
  await page.goto('/idc/snapshot');
  await expect(row.getByText('Sẵn sàng')).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(375);
  expect(await settledAxeViolations(page)).toEqual([]);

  // Delete, after typing the name.
  await page.getByRole('button', { name: `Xoá snapshot ${snapshotName}` }).click();
  const remove = page.getByRole('dialog', { name: `Xoá snapshot ${snapshotName}?` });
  await remove.getByLabel(`Nhập tên snapshot "${snapshotName}" để xác nhận`).fill(snapshotName);
  await remove.getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByText(`Đã xoá snapshot ${snapshotName}.`)).toBeVisible();
  await expect(page.getByText('Bạn chưa có snapshot nào')).toBeVisible();

  // The restored volume is the customer's.
  const volumes = await page.request.get('/api/v1/storage/volumes', { headers });
  const names = ((await volumes.json()) as { items: { name: string }[] }).items.map((v) => v.name);
  expect(names).toContain(restoredName);
});

/** A small server ordered and paid through the API, once built; answers its id. */
async function buyBuiltServer(page: Page, name: string): Promise<number> {
  const placed = (await callApi(page, 'post', '/billing/orders', serverOrder({ name }))) as {
    id: number;
  };
  const paid = (await callApi(page, 'post', `/billing/orders/${placed.id}/pay`, {})) as {
    order: { resource_id: number };
  };
  const serverId = paid.order.resource_id;
  await expect
    .poll(
      async () =>
        ((await callApi(page, 'get', `/cloud/servers/${serverId}`)) as { status: string }).status,
      {
        timeout: 30_000,
      },
    )
    .toBe('active');
  return serverId;
}

test('a customer restores a server from a snapshot of its root disk', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAsNewCustomer(page, request, { ...NEW_CUSTOMER, label: 'server-restore' });
  await topUpByCard(page, 2_000_000);
  const suffix = Date.now().toString(36);
  const serverName = `e2e-srv-${suffix}`;
  const snapshotName = `e2e-root-${suffix}`;
  const serverId = await buyBuiltServer(page, serverName);
  await callApi(page, 'post', '/storage/snapshots', { name: snapshotName, server_id: serverId });

  await page.goto('/idc/snapshot');
  const row = page.getByRole('row').filter({ hasText: snapshotName });
  await expect(row.getByText('Sẵn sàng')).toBeVisible({ timeout: 30_000 });
  await row
    .getByRole('button', { name: `Khôi phục máy chủ ${serverName} từ snapshot này` })
    .click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^Khôi phục máy chủ ${serverName}`) });
  await expect(dialog.getByText('Khôi phục từ snapshot không mất phí.')).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Khôi phục máy chủ' });
  await expect(confirm).toBeDisabled();
  expect(await settledAxeViolations(page)).toEqual([]);
  await dialog.getByLabel(`Nhập tên máy chủ "${serverName}" để xác nhận`).fill(serverName);
  await confirm.click();
  await expect(dialog).toBeHidden();

  // The success message comes when the server runs again; the server's page says so too.
  await expect(
    page.getByText(`Đã khôi phục máy chủ ${serverName} từ snapshot ${snapshotName}.`),
  ).toBeVisible({ timeout: 30_000 });
  await page.goto(`/idc/cloud-server/${serverId}/detail`);
  await expect(page.getByRole('heading', { name: serverName })).toBeVisible();
  await expect(page.getByText('Đang hoạt động').first()).toBeVisible();
});
