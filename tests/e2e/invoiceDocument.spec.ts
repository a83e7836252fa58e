/**
 * An invoice is a document: a new customer buys a 60 GB SSD volume with the GIAM10 coupon and
 * opens its invoice. The page shows the lines (the volume and the coupon's discount), the VAT the
 * total holds to the dong and the total in Vietnamese words; the PDF downloads; printing shows the
 * invoice without the portal's menu.
 */
import { readFile } from 'node:fs/promises';

import { axeViolations, callApi, expect, signInAsNewCustomer, test, topUpByCard } from './support';

const CUSTOMER = {
  label: 'invoice-document',
  fullname: 'Trần Thị Hoá Đơn',
  password: 'Demo@12345',
};

test('an invoice shows its lines, VAT and words, downloads as a PDF and prints alone', async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page, request, CUSTOMER);
  await topUpByCard(page, 1_000_000);
  const order = await callApi(page, 'post', '/billing/orders', {
    type: 'create_volume',
    interval_count: 1,
    data: { name: 'du-lieu-01', size: 60, type: 'SSD' },
  });
  const paid = await callApi(page, 'post', `/billing/orders/${order.id}/pay`, {
    coupon_code: 'GIAM10',
  });
  const { code, total, vat, discount } = paid.invoice as {
    code: string;
    total: number;
    vat: number;
    discount: number;
  };
  expect(discount).toBeGreaterThan(0);
  const vnd = (amount: number) => `${amount.toLocaleString('de-DE')} ₫`;

  await page.goto(`/idc/billing/invoices/${paid.invoice.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: `Hoá đơn ${code}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Vị trí trang' })).toContainText(
    `Hoá đơn ${code}`,
  );
  const lines = main.getByTestId('invoice-line');
  await expect(lines).toHaveCount(2);
  await expect(lines.nth(0)).toContainText('du-lieu-01');
  await expect(lines.nth(1)).toContainText('Giảm giá (mã GIAM10)');
  await expect(lines.nth(1)).toContainText(vnd(-discount));
  await expect(main.getByTestId('invoice-vat')).toHaveText(vnd(vat));
  await expect(main.getByTestId('invoice-total')).toHaveText(vnd(total));
  await expect(main.getByTestId('invoice-words')).toHaveText(/^Bằng chữ: [A-ZĐ].+ đồng$/);
  await expect(main.getByTestId('invoice-paid')).toContainText(`mã tham chiếu ${code}`);
  expect(await axeViolations(page, 'main')).toEqual([]);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: 'Tải PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${code}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The menu is react-admin's docked sidebar: on screen it is there, in print it is not.
  const sidebar = page.locator('.RaSidebar-docked');
  const menuLink = sidebar.getByRole('link').first();
  await expect(menuLink).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(sidebar).toBeHidden();
  await expect(menuLink).toBeHidden();
  await expect(main.getByRole('button', { name: 'Tải PDF' })).toBeHidden();
  await expect(main.getByTestId('invoice-total')).toBeVisible();
  await expect(main.getByTestId('invoice-words')).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  // On a phone (opened there: a sidebar left open on a wide screen becomes a drawer over the
  // page) the document fits the screen's width.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(main.getByTestId('invoice-total')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  // The three dates wrap at 375 px: the one on the second line starts where the first does.
  const dateStarts = await main
    .locator('dl')
    .first()
    .evaluate((list) =>
      [...list.children].map((item) => {
        const box = item.getBoundingClientRect();
        return { left: Math.round(box.left), top: Math.round(box.top) };
      }),
    );
  const lineStarts = dateStarts.filter(
    (item, index) => index === 0 || item.top > (dateStarts[index - 1]?.top ?? 0),
  );
  expect(lineStarts.length).toBeGreaterThan(1);
  expect(new Set(lineStarts.map((item) => item.left)).size).toBe(1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.reload();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(main.getByRole('heading', { name: `Invoice ${code}` })).toBeVisible();
  await expect(lines.nth(1)).toContainText('Discount (code GIAM10)');
  await expect(main.getByTestId('invoice-words')).toHaveText(
    /^Amount in words \(Vietnamese\): [A-ZĐ].+ đồng$/,
  );
});
