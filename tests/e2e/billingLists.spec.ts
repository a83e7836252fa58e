/**
 * The billing lists as a bookkeeper uses them (issue 17 item 6): invoices sorted by amount, the
 * overdue one found with "Quá hạn", a past (paid) order found in Orders, and the invoices exported
 * to a CSV file that Excel opens with its Vietnamese intact.
 *
 * A customer of this test's own buys two servers; then one server's paid period is made to have
 * ended yesterday and the sandbox's life-cycle sweep runs (as its one-minute timer would), which,
 * with auto-pay off, issues the renewal: open, and already past its due date. The clock of the
 * shared sandbox never moves.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';

import {
  axeViolations,
  callApi,
  clearOfTheHourTurn,
  DEMO_PASSWORD,
  expect,
  signInAsNewCustomer,
  test,
  topUpByCard,
  serverOrder,
  waitUntilRunning,
} from './support';

/** 56000 → "56.000 ₫", as the portal shows money. */
const vnd = (amount: number) => `${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')} ₫`;

const END_PERIOD_AND_SWEEP = `
  import Database from 'better-sqlite3';
  import { runLifecycle } from './server/billing/lifecycle';
  import { connectAreas } from './server/handlers';
  connectAreas();
  const db = new Database(process.env.E2E_DB);
  db.pragma('busy_timeout = 10000');
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
  db.prepare('UPDATE servers SET expiry = ? WHERE id = ?').run(yesterday, Number(process.env.SERVER_ID));
  // In the last 7 days of a month the sandbox's own sweep may already have issued this server's
  // renewal, due at the old end of its period: that renewal falls due yesterday now too.
  db.prepare(
    "UPDATE invoices SET due_date = ? WHERE resource_type = 'server' AND resource_id = ? AND status = 'open' AND renewal_period_end IS NOT NULL",
  ).run(yesterday, Number(process.env.SERVER_ID));
  runLifecycle(db, new Date());
  db.close();
`;

/**
 * Ends the server's paid period yesterday and runs the sweep that issues its renewal (or finds the
 * one already issued), so that exactly one renewal is overdue.
 */
function endPaidPeriod(serverId: number) {
  execFileSync('npx', ['tsx', '--input-type=module', '-e', END_PERIOD_AND_SWEEP], {
    env: { ...process.env, SERVER_ID: String(serverId) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function buyServer(page: Page, name: string, cpu: number, ram: number, disk: number) {
  const placed = await callApi(
    page,
    'post',
    '/billing/orders',
    serverOrder({ name, cpu, ram, disk }),
  );
  const paid = await callApi(page, 'post', `/billing/orders/${placed.id}/pay`, {});
  return { orderId: placed.id as number, serverId: paid.order.resource_id as number };
}

/** One CSV line's cells, quotes undone (RFC 4180; no line breaks inside cells here). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < line.length; at += 1) {
    const char = line[at];
    if (quoted && char === '"' && line[at + 1] === '"') {
      cell += '"';
      at += 1;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else {
      cell += char;
    }
  }
  return [...cells, cell];
}

/** Clicks the amount header and answers the amounts the server sent, in its order. */
async function sortByAmount(page: Page, order: 'asc' | 'desc'): Promise<number[]> {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === '/api/v1/billing/invoices' &&
      url.searchParams.get('sort') === 'amount' &&
      url.searchParams.get('order') === order
    );
  });
  await page.getByRole('columnheader', { name: 'Số tiền' }).getByRole('button').click();
  const { items } = await (await answer).json();
  return items.map((invoice: { amount: number }) => invoice.amount);
}

/** The amounts of the invoices list's rows, top to bottom, in dong. */
async function listedAmounts(page: Page): Promise<number[]> {
  const cells = await page.locator('tbody td.column-amount').allInnerTexts();
  return cells.map((text) => Number(text.replace(/\D/g, '')));
}

test('a bookkeeper sorts invoices, finds the overdue one and a past order, and exports a CSV', async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page, request, {
    label: 'billing-lists',
    fullname: 'Đỗ Thị Kế Toán',
    password: DEMO_PASSWORD,
  });
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const autoPay = await page.request.patch('/api/v1/account/profile', {
    headers: { Authorization: `Token ${token}` },
    data: { auto_pay_renewals: false },
  });
  expect(autoPay.status()).toBe(200);
  await topUpByCard(page, 3_000_000);
  const small = await buyServer(page, 'so-sach-01', 1, 1, 10);
  const large = await buyServer(page, 'so-sach-02', 4, 8, 80);
  // Built first, as a month-old server is: a build that ends after the period was moved back
  // must not race the renewal (on a loaded machine the 4-second builds end late).
  for (const { serverId } of [small, large]) {
    await waitUntilRunning(page, serverId, 60_000);
  }
  // Both servers' periods end at the month's end, so the other server's renewal notice opens at
  // an hour turn: none may come between the sweep below and the rows counted against its total.
  await clearOfTheHourTurn(page, 90);
  endPaidPeriod(small.serverId);
  const overdue = (await callApi(page, 'get', '/billing/invoices?status=overdue')).items;
  expect(overdue).toHaveLength(1);

  // Sorted by amount: the header says how, and the rows follow, both ways.
  // Two order invoices and the overdue renewal; the other server's renewal too when its period
  // ends within the week's notice.
  const { total } = await callApi(page, 'get', '/billing/invoices');
  expect(total).toBeGreaterThanOrEqual(3);
  await page.goto('/idc/billing');
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(total);
  const amountHeader = page.getByRole('columnheader', { name: 'Số tiền' });
  await expect(amountHeader).toHaveAttribute('aria-sort', 'none');
  const descending = await sortByAmount(page, 'desc');
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=amount(&|$)/);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await expect.poll(() => listedAmounts(page)).toEqual(descending);
  const ascending = await sortByAmount(page, 'asc');
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(ascending).toEqual([...descending].reverse());
  await expect.poll(() => listedAmounts(page)).toEqual(ascending);

  // "Quá hạn" finds the renewal past its due date, and only it.
  const status = page.getByRole('combobox', { name: 'Trạng thái' });
  await expect(status).toHaveText('Tất cả');
  await status.click();
  await page.getByRole('option', { name: 'Quá hạn' }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(overdue[0].code);
  await expect(rows.first()).toContainText(vnd(overdue[0].amount));
  await expect(rows.first()).toContainText('Quá hạn');

  // Its CSV: every invoice the filter keeps, in Vietnamese, dates and amounts as a sheet wants.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Xuất CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^hoa-don-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  expect(lines[0]).toBe(
    'Mã hoá đơn,Dịch vụ,Nội dung,Số tiền,Trạng thái,Ngày tạo,Hạn thanh toán,Ngày thanh toán',
  );
  expect(lines).toHaveLength(3); // the header, one invoice, and the empty end after the last CRLF
  const cells = csvCells(lines[1] ?? '');
  expect(cells[0]).toBe(overdue[0].code);
  expect(cells[3]).toBe(String(overdue[0].amount));
  expect(cells[4]).toBe('Quá hạn');
  expect(cells[6]).toMatch(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await expect(rows.first()).toContainText(cells[6]?.slice(0, 10) ?? '-');

  // The first server's paid order is found in Orders, with its invoice.
  await page.getByRole('tab', { name: 'Đơn hàng' }).click();
  await expect(page).toHaveURL(/\/idc\/billing\/orders/);
  const orderRow = page.getByRole('row').filter({ hasText: 'so-sach-01' });
  await expect(orderRow).toContainText('Đã thanh toán');
  await expect(
    orderRow.getByRole('link', { name: `Xem hoá đơn của đơn hàng #${small.orderId}` }),
  ).toBeVisible();
});

test('every billing list fits a 375 px phone with its filters, sorting and export, axe-clean', async ({
  page,
  request,
}) => {
  await signInAsNewCustomer(page, request, {
    label: 'billing-lists-phone',
    fullname: 'Đỗ Văn Điện Thoại',
    password: DEMO_PASSWORD,
  });
  await topUpByCard(page, 500_000);
  // A record in every list: an empty list shows its empty state instead of filters.
  await buyServer(page, 'dien-thoai-01', 1, 1, 10);
  await page.setViewportSize({ width: 375, height: 740 });
  const lists: [string, string, boolean][] = [
    ['/idc/billing', 'Mã hoá đơn', true],
    ['/idc/billing/history', 'Thời gian', true],
    ['/idc/billing/payments', 'Mã giao dịch', true],
    ['/idc/billing/orders', 'Trạng thái', false],
  ];
  for (const [path, field, exports] of lists) {
    await page.goto(path);
    await expect(page.getByLabel('Từ ngày')).toBeVisible();
    await expect(page.getByLabel('Đến ngày')).toBeVisible();
    await expect(
      page
        .getByLabel(field)
        .or(page.getByRole('columnheader', { name: field }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Xuất CSV' })).toHaveCount(exports ? 1 : 0);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    expect(await axeViolations(page), path).toEqual([]);
  }
});
