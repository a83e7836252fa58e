/**
 * Issue 8, volumes: a customer orders a volume from the form (the price shown is the price paid),
 * attaches it to a server, extends it (a smaller size is refused with the message), detaches and
 * deletes it; a customer with overdue invoices sees why the volume form is blocked. A fresh
 * account, so no other spec moves its balance, its servers or its volumes.
 */
import type { Page } from '@playwright/test';

import {
  axeViolations,
  clearOfTheHourTurn,
  expect,
  serverOrder,
  signIn,
  signInAsNewCustomer,
  test,
  topUpByCard,
} from './support';

const PASSWORD = 'Volumes1pass';

const NEW_CUSTOMER = { label: 'volumes', fullname: 'Trần Ổ Đĩa', password: PASSWORD };

/** A small server bought through the API (the server screens have their own spec), once built. */
async function buyServer(page: Page, name: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Token ${token}` };
  const order = serverOrder({ name });
  const placed = await page.request.post('/api/v1/billing/orders', { headers, data: order });
  expect(placed.status(), await placed.text()).toBe(201);
  const paid = await page.request.post(`/api/v1/billing/orders/${(await placed.json()).id}/pay`, {
    headers,
    data: {},
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const serverId = (await paid.json()).order.resource_id as number;
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/v1/cloud/servers/${serverId}`, { headers })).json())
          .status,
      { timeout: 30_000 },
    )
    .toBe('active');
  return serverId;
}

test('a customer orders a volume, attaches, extends, detaches and deletes it', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await topUpByCard(page, 1_000_000);
  const suffix = Date.now().toString(36);
  const serverName = `e2e-vm-${suffix}`;
  const volumeName = `e2e-vol-${suffix}`;
  await buyServer(page, serverName);

  // No volume yet: the empty list leads to the form. Its price is the order's and the payment's,
  // so all three come from one hour (prices are prorated by the hour).
  await clearOfTheHourTurn(page, 90);
  await page.goto('/idc/volume');
  await expect(page.getByText('Bạn chưa có volume nào')).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Tạo volume' }).last().click();
  await expect(page).toHaveURL(/\/idc\/volume\/create$/);
  await expect(page.getByTestId('price-total')).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.getByLabel('Tên volume').fill(volumeName);
  await page.getByLabel('Dung lượng (GB)').fill('30');
  await page.getByLabel('HDD').check();
  const price = (await page.getByTestId('price-total').textContent()) ?? '';
  expect(price).toMatch(/^[\d.]+ ₫$/);
  await page.getByRole('button', { name: 'Đặt hàng' }).click();
  await expect(page).toHaveURL(/\/idc\/order\/create\?id=\d+$/);
  await expect(page.getByTestId('order-total')).toHaveText(price);
  await page.getByRole('button', { name: `Thanh toán ${price}` }).click();
  await expect(page).toHaveURL(/\/idc\/volume\/\d+\/detail$/);
  await expect(page.getByRole('heading', { name: volumeName })).toBeVisible();

  // Attach, once created.
  const attach = page.getByRole('button', { name: 'Gắn vào máy chủ' });
  await expect(attach).toBeVisible({ timeout: 30_000 });
  expect(await axeViolations(page, 'main')).toEqual([]);
  await attach.click();
  let dialog = page.getByRole('dialog');
  await dialog.getByLabel('Máy chủ').click();
  await page.getByRole('option', { name: serverName }).click();
  await dialog.getByRole('button', { name: 'Gắn vào máy chủ' }).click();
  // Said when the volume is attached, a few seconds after the call was accepted.
  await expect(
    page.getByText(
      `Đang gắn volume ${volumeName} vào máy chủ ${serverName}. Bạn sẽ được báo khi xong.`,
    ),
  ).toBeVisible();
  await expect(
    page.getByText(`Đã gắn volume ${volumeName} vào máy chủ ${serverName}.`),
  ).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: serverName })).toBeVisible();

  // Extend: a smaller size is refused with the message, a larger one is charged.
  const extend = page.getByRole('button', { name: 'Mở rộng' });
  await expect(extend).toBeVisible({ timeout: 30_000 });
  await extend.click();
  dialog = page.getByRole('dialog', { name: `Mở rộng volume ${volumeName}` });
  const size = dialog.getByLabel('Dung lượng mới (GB)');
  await size.fill('20');
  await expect(
    dialog.getByText('Dung lượng mới phải lớn hơn dung lượng hiện tại (không thể giảm).'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Mở rộng' })).toBeDisabled();
  await size.fill('60');
  await expect(dialog.getByTestId('first-payment')).toBeVisible();
  await dialog.getByRole('button', { name: 'Mở rộng' }).click();
  await expect(page.getByText(`Đã mở rộng volume ${volumeName} lên 60 GB.`)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('60 GB', { exact: true })).toBeVisible();

  // The server's page lists it.
  await page.getByRole('link', { name: serverName }).click();
  await expect(page).toHaveURL(/\/idc\/cloud-server\/\d+\/detail$/);
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Volume đã gắn' }),
  });
  await section.getByRole('link', { name: volumeName }).click();

  await expect(page).toHaveURL(/\/idc\/volume\/\d+\/detail$/);

  // Detach, then delete once the name is typed; on a phone from here on (opened afresh, as a
  // phone would: a window narrowed while open keeps the wide layout's sidebar state).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(page.url());
  await expect(page.getByRole('heading', { name: volumeName })).toBeVisible();
  const detach = page.getByRole('button', { name: 'Tháo khỏi máy chủ' });
  await expect(detach).toBeVisible({ timeout: 30_000 });
  await detach.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Tháo khỏi máy chủ' }).click();
  await expect(page.getByText(`Đã tháo volume ${volumeName} khỏi máy chủ.`)).toBeVisible({
    timeout: 30_000,
  });
  const remove = page.getByRole('button', { name: 'Xoá' });
  await expect(remove).toBeEnabled({ timeout: 30_000 });
  await remove.click();
  dialog = page.getByRole('dialog', { name: `Xoá volume ${volumeName}?` });
  await dialog.getByLabel(`Nhập tên volume "${volumeName}" để xác nhận`).fill(volumeName);
  await dialog.getByRole('button', { name: 'Xoá' }).click();
  await expect(page.getByText(`Đã xoá volume ${volumeName}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/volume$/);
  await expect(page.getByText('Bạn chưa có volume nào')).toBeVisible();
});

test('a customer with overdue invoices sees why the volume form is blocked', async ({ page }) => {
  await signIn(page, 'expired@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.goto('/idc/volume/create');
  await expect(
    page.getByRole('main').getByText('Không thể thực hiện thao tác do: đã hết hạn dùng thử.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Đặt hàng' })).toBeDisabled();
});

test('the volume pages read in English', async ({ page }) => {
  await page.goto('/idc/login');
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByLabel('E-mail').fill('expired@example.vn');
  await page.getByLabel('Password').fill('Demo@12345');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.goto('/idc/volume/create');
  await expect(page.getByRole('heading', { name: 'Create a volume' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Place order' })).toBeDisabled();
  await page.goto('/idc/volume');
  await expect(page).toHaveTitle('Volumes | IDC Cloud');
  await expect(page.getByRole('link', { name: 'Create volume' }).first()).toBeVisible();
});
