/**
 * Reverse DNS and metrics (issue 19) as a customer meets them on a phone: the IP tab shows each
 * address's default name, refuses a hostname the shared rule refuses and keeps a good one; the
 * metrics tab of a new server says it has no figures yet, and that of a server running for
 * months draws CPU, network and disk with English axes and lists them as a table. Axe-clean, no
 * sideways scrolling at 375 px. Nothing here moves the clock; the new account is this spec's own
 * and the months-old server (an agency customer's, from the demo seed) is only read.
 */
import type { Page } from '@playwright/test';

import {
  axeViolations,
  buyServer,
  callApi,
  expect,
  signIn,
  signInAsNewCustomer,
  test,
  topUpByCard,
  waitUntilRunning,
} from './support';

const NEW_CUSTOMER = { label: 'insights', fullname: 'Đặng Văn Giám Sát', password: 'Insight1pass' };
const PHONE = { width: 375, height: 812 };

const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** The lines (their tops, in px) each label of `hostname` is drawn on, in the shown reverse DNS. */
const linesOfEachLabel = (page: Page, hostname: string) =>
  page.getByText(`Reverse DNS: ${hostname}`).evaluate((shown, name) => {
    const pieces: { node: Node; start: number }[] = [];
    let text = '';
    const walker = document.createTreeWalker(shown, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      pieces.push({ node, start: text.length });
      text += node.textContent ?? '';
    }
    const place = (offset: number) => {
      const piece = pieces.findLast((candidate) => candidate.start <= offset) ?? pieces[0];
      return piece ? ([piece.node, offset - piece.start] as const) : ([shown, 0] as const);
    };
    let offset = text.indexOf(name);
    return name.split('.').map((label) => {
      const range = document.createRange();
      range.setStart(...place(offset));
      range.setEnd(...place(offset + label.length));
      offset += label.length + 1;
      const tops = [...range.getClientRects()]
        .filter((box) => box.width > 0)
        .map((box) => Math.round(box.top));
      return [...new Set(tops)];
    });
  }, hostname);

test('on a phone a customer sets the reverse DNS of a new server and sees it has no figures yet', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize(PHONE);
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await topUpByCard(page, 1_000_000);
  const name = `rdns-${Date.now().toString(36)}`;
  const id = await buyServer(page, name);
  await waitUntilRunning(page, id);
  const [primary] = (await callApi(page, 'get', `/cloud/servers/${id}/reverse_dns`)).items;

  await page.goto(`/idc/cloud-server/${id}/detail`);
  await page.getByRole('tab', { name: 'Địa chỉ IP' }).click();
  await expect(page.getByText(`Reverse DNS: ${primary.default_hostname} (mặc định)`)).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: `Sửa reverse DNS của ${primary.address}` }).click();
  const dialog = page.getByRole('dialog', { name: `Reverse DNS của ${primary.address}` });
  const field = dialog.getByRole('textbox', { name: 'Tên miền (PTR)' });
  await field.fill('mail..example.vn');
  await expect(
    dialog.getByText(
      'Tên miền không bắt đầu hay kết thúc bằng dấu chấm và không có hai dấu chấm liền nhau.',
    ),
  ).toBeVisible();
  expect(await axeViolations(page, '[role="dialog"]')).toEqual([]);
  await field.fill('mail.giamsat.vn');
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText(`Đã cập nhật reverse DNS của ${primary.address}.`)).toBeVisible();
  await expect(page.getByText('Reverse DNS: mail.giamsat.vn')).toBeVisible();
  expect(await noSidewaysScroll(page)).toBe(true);

  // A name longer than the phone's line wraps between its labels, not at a hyphen inside one.
  const long = 'may-chu-thu-nhat.phong-ky-thuat.cong-ty-giam-sat.vn';
  await page.getByRole('button', { name: `Sửa reverse DNS của ${primary.address}` }).click();
  await field.fill(long);
  await dialog.getByRole('button', { name: 'Lưu' }).click();
  await expect(page.getByText(`Reverse DNS: ${long}`)).toBeVisible();
  const lines = await linesOfEachLabel(page, long);
  expect(lines.map((tops) => tops.length)).toEqual([1, 1, 1, 1]);
  expect(new Set(lines.flat()).size).toBeGreaterThan(1);
  expect(await noSidewaysScroll(page)).toBe(true);

  await page.getByRole('tab', { name: 'Giám sát' }).click();
  await expect(page.getByText(/^Chưa có số liệu: máy chủ mới được tạo/)).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
});

test('in English on a phone, a months-old server’s metrics are drawn and listed as a table', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'minhphat@example.vn');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);
  await page.evaluate(() => localStorage.setItem('locale', 'en'));
  const servers = await callApi(page, 'get', '/cloud/servers?per_page=100');
  const server = servers.items.find((one: { name: string }) => one.name === 'minhphat-web-01');
  await page.goto(`/idc/cloud-server/${server.id}/detail`);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  await page.getByRole('button', { name: 'Last 24 hours' }).click();
  await expect(
    page.getByRole('img', { name: /^CPU, Last 24 hours\. Highest .+%\./ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Network, Last 24 hours\. Highest / })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Disk, Last 24 hours\. Highest / })).toBeVisible();
  await expect(page.getByText('Vietnam time (UTC+7)')).toBeVisible();
  await page.getByRole('button', { name: 'Show as table' }).click();
  const table = page.getByRole('table', { name: 'Metrics, Last 24 hours (Vietnam time)' });
  await expect(table.getByRole('row')).toHaveCount(49);
  await expect(table.getByRole('columnheader', { name: 'Network: In' })).toBeVisible();
  expect(await axeViolations(page, 'main')).toEqual([]);
  expect(await noSidewaysScroll(page)).toBe(true);

  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(
    page.getByRole('table', { name: 'Metrics, Last 7 days (Vietnam time)' }).getByRole('row'),
  ).toHaveCount(57);
  expect(await noSidewaysScroll(page)).toBe(true);
});
