import type { APIRequestContext, Page } from '@playwright/test';

import { expect, linkFromMail, signIn, test, uniqueEmail } from './support';

/** Waits, through the API, until the server's running task is over and it is active again. */
async function waitUntilActive(page: Page, request: APIRequestContext) {
  const id = /cloud-server\/(\d+)\/detail/.exec(page.url())?.[1];
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/v1/cloud/servers/${id}`, {
          headers: { Authorization: `Token ${token}` },
        });
        return (await answer.json()).status;
      },
      { timeout: 30_000 },
    )
    .toBe('active');
}

async function signInAt(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
}

test('the demo customer orders a server from a plan, pays from the balance and runs it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `e2e-${Date.now().toString(36)}`;
  await signInAt(page, 'demo@example.vn');

  await page.goto('/idc/cloud-server/plans');
  await page.getByRole('link', { name: 'Chọn gói VPS Basic' }).click();
  await expect(page).toHaveURL(/\/idc\/cloud-server\/plan\/\d+/);
  await expect(page.getByLabel('CPU (core)')).toHaveValue('2');

  await page.getByLabel('Tên máy chủ').fill(name);
  await page.getByRole('button', { name: 'Thêm', exact: true }).click();
  await page.getByLabel('Dung lượng (GB)').fill('50');
  // The price follows the form, and is what the order then costs.
  const total = page.getByTestId('price-total');
  await expect(total).toHaveText(/\d ₫$/);
  const withTwoCores = await total.textContent();
  await page.getByLabel('CPU (core)').fill('3');
  await expect(total).not.toHaveText(withTwoCores as string);
  await page.getByLabel('CPU (core)').fill('2');
  await expect(total).toHaveText(withTwoCores as string);
  await page.getByRole('button', { name: 'Tạo đơn hàng' }).click();

  await expect(page).toHaveURL(/\/idc\/order\/create\?id=\d+/);
  await expect(page.getByText('Chờ thanh toán').first()).toBeVisible();
  await expect(page.getByText(withTwoCores as string).first()).toBeVisible();
  await page.getByRole('button', { name: /^Thanh toán / }).click();
  await expect(page.getByText(/Thanh toán thành công/)).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/cloud-server\/\d+\/detail$/);
  const serverPath = `/api/v1/cloud/servers/${/(\d+)\/detail/.exec(page.url())?.[1]}`;

  const status = page.getByText('Đang hoạt động').first();
  await expect(status).toBeVisible({ timeout: 30_000 });

  // Reboot.
  await page.getByRole('button', { name: 'Khởi động lại', exact: true }).click();
  const reboot = page.getByRole('dialog', { name: `Khởi động lại máy chủ ${name}?` });
  await reboot.getByRole('button', { name: 'Khởi động lại', exact: true }).click();
  await expect(page.getByText(`Đang khởi động lại máy chủ ${name}.`)).toBeVisible();
  await waitUntilActive(page, request);
  await expect(status).toBeVisible({ timeout: 30_000 });

  // Buy one more IP address.
  await page.getByRole('tab', { name: 'Địa chỉ IP' }).click();
  await expect(page.getByText('Đang dùng 1/20 địa chỉ IP.')).toBeVisible();
  await page.getByRole('button', { name: 'Mua IP' }).click();
  const confirmPurchase = page.getByRole('dialog', { name: 'Xác nhận mua IP' });
  await expect(confirmPurchase.getByTestId('first-payment')).toContainText(
    /^Thanh toán lần này [\d.]+ ₫: từ hôm nay .* — sau đó thêm 50\.000 ₫\/tháng$/,
  );
  await confirmPurchase.getByRole('button', { name: /^Thanh toán / }).click();
  await expect(page.getByText('Mua thêm 1 địa chỉ IP thành công.')).toBeVisible();
  await expect(page.getByText('Đang dùng 2/20 địa chỉ IP.')).toBeVisible();

  // Rebuild: a weak password is refused with the rule, a strong one is accepted.
  await page.getByRole('tab', { name: 'Tổng quan' }).click();
  await page.getByRole('button', { name: 'Cài lại hệ điều hành' }).click();
  const rebuild = page.getByRole('dialog', { name: `Cài lại hệ điều hành cho ${name}` });
  await rebuild.getByLabel(`Nhập tên máy chủ "${name}" để xác nhận`).fill(name);
  await rebuild.getByLabel('Mật khẩu mới').fill('weakpass');
  await rebuild.getByLabel('Mật khẩu mới').blur();
  await expect(rebuild.getByText(/Mật khẩu phải có ít nhất 10 ký tự/)).toBeVisible();
  await expect(rebuild.getByRole('button', { name: 'Cài lại hệ điều hành' })).toBeDisabled();
  await rebuild.getByLabel('Mật khẩu mới').fill('Strong#Pass2026');
  await rebuild.getByRole('button', { name: 'Cài lại hệ điều hành' }).click();
  await expect(page.getByText(`Đang cài lại hệ điều hành cho máy chủ ${name}.`)).toBeVisible();
  await waitUntilActive(page, request);
  await expect(page.getByRole('button', { name: 'Cài lại hệ điều hành' })).toBeVisible({
    timeout: 30_000,
  });

  // Delete, keeping the volumes.
  await page.getByRole('button', { name: 'Xoá máy chủ' }).click();
  const remove = page.getByRole('dialog', { name: `Xoá máy chủ ${name}` });
  await expect(remove.getByRole('checkbox')).not.toBeChecked();
  await remove.getByLabel(`Nhập tên máy chủ "${name}" để xác nhận`).fill(name);
  await remove.getByRole('button', { name: 'Xoá máy chủ' }).click();
  await expect(page.getByText(`Đang xoá máy chủ ${name}.`)).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  await expect
    .poll(
      async () =>
        (await request.get(serverPath, { headers: { Authorization: `Token ${token}` } })).status(),
      { timeout: 30_000 },
    )
    .toBe(404);
  await page.goto('/idc/cloud-server');
  await expect(page.getByRole('link', { name })).toHaveCount(0);

  // The data disk was kept: detached, still the customer's.
  const volumes = await request.get('/api/v1/storage/volumes', {
    headers: { Authorization: `Token ${token}` },
  });
  expect((await volumes.json()).items).toContainEqual(
    expect.objectContaining({
      name: `${name}-data-1`,
      size: 50,
      server_id: null,
      status: 'available',
    }),
  );
});

test('a visitor who registers from a server offer lands on the create form with that offer', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('offer');
  await page.goto(
    '/idc/register?redirect=/idc/cloud-server/create&cpu=2&ram=4&disk=40&interval=12',
  );
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Mật khẩu *', { exact: true }).fill('secret1');
  await page.getByLabel('Nhập lại mật khẩu *').fill('secret1');
  await page.getByLabel('Họ và tên *').fill('Vũ Khách Mới');
  await page.getByLabel('Số điện thoại *').fill('0912345678');
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page).toHaveURL(/\/idc\/verify$/);

  const link = await linkFromMail(request, email, '/idc/confirm?token=');
  await page.goto(link);
  await expect(page).toHaveURL(/\/idc\/cloud-server\/create\?cpu=2&ram=4&disk=40&interval=12$/, {
    timeout: 15_000,
  });
  await expect(page.getByLabel('CPU (core)')).toHaveValue('2');
  await expect(page.getByLabel('RAM (GB)')).toHaveValue('4');
  await expect(page.getByLabel('Ổ đĩa gốc (GB)')).toHaveValue('40');
  await expect(page.getByRole('button', { name: '12 tháng' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Signing out and in again keeps the offer until the order is placed.
  await page.evaluate(() => localStorage.removeItem('access_token'));
  await signIn(page, email, 'secret1');
  await expect(page).toHaveURL(/\/idc\/cloud-server\/create\?cpu=2&ram=4&disk=40&interval=12$/);
});

test('an account with an expired trial and an overdue invoice sees why it cannot act', async ({
  page,
}) => {
  await signInAt(page, 'expired@example.vn');
  await page.goto('/idc/cloud-server/create');
  await expect(
    page.getByText('Không thể thực hiện thao tác do: có hoá đơn quá hạn, đã hết hạn dùng thử.'),
  ).toBeVisible();
  await page.getByLabel('Tên máy chủ').fill('blocked-01');
  await expect(page.getByRole('button', { name: 'Tạo đơn hàng' })).toBeDisabled();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(
    page.getByText('This action is not allowed because of: overdue invoices, the trial has ended.'),
  ).toBeVisible();
});
