/**
 * The portal when the server cannot be reached, tried as a customer would: the API blocked, then
 * "Cloud VPS" clicked; the server stopped before a screen's code was downloaded.
 */
import type { Page } from '@playwright/test';

import { expect, signIn, test } from './support';

const UNREACHABLE = 'Không kết nối được hệ thống. Kiểm tra mạng rồi thử lại.';

/**
 * Signed in, on a dashboard that has its data: blocking the server before then would fail the
 * dashboard's own cards too (each says so), which is not what these tests look at.
 */
async function onLoadedDashboard(page: Page) {
  await signIn(page, 'whitelist@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const servers = page.getByRole('region', { name: 'Máy chủ' });
  await expect(servers).toBeVisible();
  await expect(servers.getByRole('status', { name: 'Đang tải' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Cloud VPS' })).toBeVisible();
}

test('a list the API cannot deliver says so with a Retry, never "no servers", and Retry loads it', async ({
  page,
}) => {
  await onLoadedDashboard(page);

  await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
  await page.getByRole('link', { name: 'Cloud VPS' }).click();

  const failure = page.getByRole('alert').filter({ hasText: UNREACHABLE });
  await expect(failure).toBeVisible();
  await expect(page.getByText('network_error')).toHaveCount(0);
  await expect(page.getByText('Bạn chưa có máy chủ nào')).toHaveCount(0);
  await expect(page.getByText(/\d+-\d+ \/ \d+/)).toHaveCount(0);

  await page.unroute('**/api/v1/**');
  await failure.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('link', { name: 'vps-uu-tien-01', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/cloud-server$/);
  await expect(page.getByText(UNREACHABLE)).toHaveCount(0);
});

test('a screen whose code cannot be downloaded says the server cannot be reached, and Retry reloads it', async ({
  page,
}) => {
  await onLoadedDashboard(page);

  // The server is gone: neither the API nor the code of screens not opened yet answer.
  await page.route('**/idc/assets/**', (route) => route.abort('connectionrefused'));
  await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
  await page.getByRole('link', { name: 'Cloud VPS' }).click();

  await expect(page.getByRole('heading', { name: 'Không kết nối được hệ thống' })).toBeVisible();
  await expect(page.getByText(UNREACHABLE)).toBeVisible();
  await expect(
    page.getByText('Đã xảy ra lỗi phía máy khách, không thể hoàn tất yêu cầu của bạn.'),
  ).toHaveCount(0);

  await page.unroute('**/idc/assets/**');
  await page.unroute('**/api/v1/**');
  await page.getByRole('button', { name: 'Thử lại' }).click();
  await expect(page.getByRole('link', { name: 'vps-uu-tien-01', exact: true })).toBeVisible();
});
