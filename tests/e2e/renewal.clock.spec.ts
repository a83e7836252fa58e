/**
 * A month of a customer's life, played on /sandbox in Chromium: demo@ owns a server, moves the
 * clock a month, and finds its renewal paid from the balance — in the portal, in the outbox and
 * in the balance. Runs in the `clock` project, on a sandbox of its own (playwright.config.ts).
 */
import { callApi, expect, readOutbox, serverOrder, signIn, test } from './support';

const DEMO = 'demo@example.vn';

test('a month on: the renewal is issued, paid from the balance on its due date, and mailed', async ({
  page,
  request,
}) => {
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const placed = await callApi(
    page,
    'post',
    '/billing/orders',
    serverOrder({ name: 'gia-han-01' }),
  );
  const { order } = await callApi(page, 'post', `/billing/orders/${placed.id}/pay`, {});
  const server = await callApi(page, 'get', `/cloud/servers/${order.resource_id}`);
  const balanceBefore = (await callApi(page, 'get', '/auth/user')).balance;

  await page.goto('/sandbox');
  const clock = page.getByRole('region', { name: 'Đồng hồ sandbox' });
  await clock.getByRole('button', { name: '+1 tháng' }).click();
  await expect(page).toHaveURL(/\/sandbox\?moved=month/);
  await expect(clock.getByRole('status')).toContainText('tự thanh toán');

  // A month ends idle sessions, as it would: sign in again and read the account.
  await signIn(page, DEMO);
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  const renewed = await callApi(page, 'get', `/cloud/servers/${server.id}`);
  expect(Date.parse(renewed.expiry)).toBeGreaterThan(Date.parse(server.expiry));
  const paid = await callApi(page, 'get', `/billing/invoices?resource_id=${server.id}&status=paid`);
  const renewal = paid.items.find((invoice: { description: string }) =>
    invoice.description.startsWith('gia-han-01: gia hạn 1 tháng'),
  );
  expect(renewal, JSON.stringify(paid.items)).toBeTruthy();
  const account = await callApi(page, 'get', '/auth/user');
  expect(account.balance).toBe(balanceBefore - renewal.amount);
  expect(account.has_expired_invoices).toBe(false);

  // The portal says the same: the invoice paid in Billing, the server running.
  await page.goto('/idc/billing');
  await expect(page.getByRole('row', { name: new RegExp(renewal.code) })).toContainText(
    'Đã thanh toán',
  );
  await page.goto(`/idc/cloud-server/${server.id}/detail`);
  await expect(page.getByText('Đang hoạt động').first()).toBeVisible();

  // And so do the mails: issued, then paid, naming the same invoice.
  const subjects = (await readOutbox(request, DEMO)).map((mail) => mail.subject);
  expect(subjects).toEqual(
    expect.arrayContaining([
      expect.stringContaining(`Hoá đơn ${renewal.code}:`),
      expect.stringContaining(`Đã thanh toán hoá đơn ${renewal.code}`),
    ]),
  );
});
