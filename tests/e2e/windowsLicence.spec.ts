/**
 * Issue 16, licensed images: the Windows price includes the licence from the plan card to the
 * invoice. A fresh customer with balance reads the VPS Basic card's Windows Server 2022 price,
 * chooses the plan, picks Windows in the form, orders and pays: the card, the form's total, the
 * order page and the paid invoice show one amount, the Ubuntu amount plus the licence's prorated
 * month (as `POST /billing/calculation` prices the licence alone with the shared `quote`).
 */
import { formatVnd } from '../../src/domain/money';
import { clearOfTheHourTurn, expect, signInAsNewCustomer, test, topUpByCard } from './support';

interface Image {
  id: number;
  name: string;
  license_product_id: number | null;
}
interface Product {
  id: number;
  price: number;
}

/** The amount of a first-payment sentence ("Thanh toán lần đầu 372.000 ₫: …"). */
const firstPaymentAmount = (text: string | null) => /lần đầu ([\d.]+ ₫)/.exec(text ?? '')?.[1];

test('the Windows price includes the licence from the plan card to the invoice', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await signInAsNewCustomer(page, request, {
    label: 'windows',
    fullname: 'Trần Bản Quyền',
    password: 'Windows1pass',
  });
  await topUpByCard(page, 2_000_000);
  const headers = { Authorization: `Token ${token}` };
  const images = (await (await request.get('/api/v1/catalog/images', { headers })).json())
    .items as Image[];
  const windows = images.find((image) => image.name === 'Windows Server 2022') as Image;
  const extras = (
    await (
      await request.get('/api/v1/billing/products', {
        headers,
        params: { category: 'extra', per_page: 999 },
      })
    ).json()
  ).products as Product[];
  const license = extras.find((product) => product.id === windows.license_product_id) as Product;

  // The card: the plain (Linux) first payment and the Windows one beside it.
  // The card's, the calculation's, the form's and the order's amounts, all in one hour.
  await clearOfTheHourTurn(page, 90);
  await page.goto('/idc/cloud-server/plans');
  const card = page.getByRole('article', { name: 'VPS Basic' });
  const linuxNote = card.getByTestId('first-payment');
  const windowsNote = card.getByTestId(`licensed-first-payment-${windows.id}`);
  await expect(windowsNote).toContainText(/^Thanh toán lần đầu [\d.]+ ₫: từ hôm nay /);
  await expect(card.getByTestId(`licensed-price-${windows.id}`)).toContainText(
    `Với ${windows.name} (ổ đĩa gốc 40 GB, gồm bản quyền ${formatVnd(license.price)}/tháng)`,
  );
  const linuxAmount = firstPaymentAmount(await linuxNote.textContent()) as string;
  const windowsAmount = firstPaymentAmount(await windowsNote.textContent()) as string;
  // The licence alone for the rest of this month, as the sandbox prices it now.
  const licenseAlone = await request.post('/api/v1/billing/calculation', {
    headers,
    data: {
      action: 'create_server',
      products: [{ id_or_name: license.id, quantity: 1 }],
      interval_count: 1,
    },
  });
  expect(licenseAlone.status()).toBe(200);
  const proratedLicense = ((await licenseAlone.json()) as { total: number }).total;
  const linuxDong = Number(linuxAmount.replace(/\D/g, ''));
  expect(windowsAmount).toBe(formatVnd(linuxDong + proratedLicense));

  // The form, Windows chosen: its total is the card's.
  await card.getByRole('link', { name: 'Chọn gói VPS Basic' }).click();
  await expect(page.getByTestId('price-total')).toHaveText(linuxAmount);
  await page.getByRole('combobox', { name: 'Hệ điều hành' }).click();
  await page.getByRole('option', { name: windows.name }).click();
  await expect(page.getByTestId('price-total')).toHaveText(windowsAmount);
  await expect(page.getByText(`Bản quyền ${windows.name}`)).toBeVisible();
  await page.getByLabel('Tên máy chủ').fill(`e2e-win-${Date.now().toString(36)}`);
  await page.getByRole('button', { name: 'Đặt hàng' }).click();

  // The order page, then paid from the balance.
  await expect(page).toHaveURL(/\/idc\/order\/create\?id=\d+$/);
  await expect(page.getByTestId('order-total')).toHaveText(windowsAmount);
  const orderId = /id=(\d+)/.exec(page.url())?.[1];
  const order = await (await request.get(`/api/v1/billing/orders/${orderId}`, { headers })).json();
  expect(order.info).toContain('1 × Windows Server License');
  expect(order.amount).toBe(linuxDong + proratedLicense);
  await page.getByRole('button', { name: `Thanh toán ${windowsAmount}` }).click();
  await expect(page.getByText(`Thanh toán thành công ${windowsAmount}.`)).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/cloud-server\/\d+\/detail$/);

  // The paid invoice.
  const paid = await (await request.get(`/api/v1/billing/orders/${orderId}`, { headers })).json();
  await page.goto(`/idc/billing/invoices/${paid.invoice_id}`);
  await expect(page.getByRole('row', { name: /^Tổng cộng/ })).toContainText(windowsAmount);
  await expect(page.getByText('Đã thanh toán').first()).toBeVisible();
});
