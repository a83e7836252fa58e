/**
 * What a reader notices (issue 17, item 8), measured in Chromium at the widths it was seen at:
 * button and label text that wraps ("NẠP / TIỀN") at 1280 px, history dates over three lines
 * and "₫" alone, the header's unpaid amount without its meaning below a laptop's width, scroll
 * arrows on tab bars whose tabs all fit, chart amounts as "40 N ₫" with no scale, and a raw
 * validation key on /agency/create. Each in Vietnamese and in English. Nothing here moves the
 * sandbox clock; the one account whose balance changes is the test's own.
 */
import type { Locator, Page } from '@playwright/test';

import {
  expect,
  signIn,
  signInAsNewCustomer,
  test,
  topUpByCard,
  type NewCustomer,
} from './support';

const LAPTOP = { width: 1280, height: 800 };
const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 375, height: 740 };

const NEW_CUSTOMER: NewCustomer = {
  label: 'reader-layout',
  fullname: 'Lê Thị Bố Cục',
  password: 'Layout1pass',
};

/** The words each language shows, so one test reads both. */
const WORDS = {
  vi: {
    topUp: 'Nạp tiền',
    askSupport: 'Hỏi bộ phận hỗ trợ',
    unpaidFigure: 'Chưa thanh toán',
    headerUnpaid: /^Chưa thanh toán: [\d.]+ ₫$/,
    headerShort: 'Chưa trả:',
    headerFull: 'Chưa thanh toán:',
    compact: /^(0 ₫|\d{1,3}(,\d)?\u00a0(nghìn|triệu|tỷ) ₫)$/,
    phoneRequired: 'Số điện thoại không được bỏ trống.',
    create: 'Tạo tài khoản',
  },
  en: {
    topUp: 'Top up',
    askSupport: 'Ask support',
    unpaidFigure: 'Unpaid',
    headerUnpaid: /^Unpaid: [\d.]+ ₫$/,
    headerShort: 'Unpaid:',
    headerFull: 'Unpaid:',
    compact: /^(0 ₫|\d{1,3}(,\d)?[KMB] ₫)$/,
    phoneRequired: 'Phone number must not be empty.',
    create: 'Create account',
  },
} as const;
type Language = keyof typeof WORDS;

async function readIn(page: Page, language: Language) {
  await page.evaluate((locale) => localStorage.setItem('locale', locale), language);
}

/**
 * How many lines the element's text takes: the distinct tops of its text's line boxes (boxes of
 * one line lie within a few pixels of each other, icons are not text and do not count).
 */
async function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops: number[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
    }
    tops.sort((a, b) => a - b);
    return tops.filter((top, index) => index === 0 || top - tops[index - 1]! > 4).length;
  });
}

async function expectOneLine(locator: Locator) {
  await expect(locator).toBeVisible();
  expect(await textLines(locator), await locator.innerText()).toBe(1);
}

const headerUnpaid = (page: Page) =>
  page.getByRole('banner').getByRole('link', { name: /^(Chưa thanh toán|Unpaid): / });

for (const language of ['vi', 'en'] as const) {
  const words = WORDS[language];

  test(`${language}: at 1280 px the billing summary, the header and the tabs keep to one line, with no scroll arrows`, async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'demo@example.vn');
    await expect(page).toHaveURL(/\/idc\/dashboard$/);
    await readIn(page, language);
    await page.goto('/idc/billing');
    const main = page.getByRole('main');
    await expect(page.getByTestId('billing-balance')).toHaveText(/\d ₫$/);
    const summary = main
      .locator('.MuiCard-root')
      .filter({ has: page.getByTestId('billing-balance') });

    await expectOneLine(summary.getByRole('link', { name: words.topUp, exact: true }));
    await expectOneLine(summary.getByRole('link', { name: words.askSupport }));
    await expectOneLine(page.getByTestId('billing-unpaid').locator('xpath=preceding-sibling::*'));
    await expect(
      page.getByTestId('billing-unpaid').locator('xpath=preceding-sibling::*'),
    ).toHaveText(words.unpaidFigure);
    await expectOneLine(headerUnpaid(page));
    await expect(headerUnpaid(page)).toContainText(words.headerFull);

    // Every tab fits: no arrows, and nothing scrolled out of sight.
    const tabs = main.getByRole('tablist');
    await expect(tabs.getByRole('tab')).not.toHaveCount(0);
    // (A phone's bar keeps its idle arrows in place, hidden; here none is shown.)
    await expect(page.locator('.MuiTabs-scrollButtons').filter({ visible: true })).toHaveCount(0);
    for (const tab of await tabs.getByRole('tab').all()) await expectOneLine(tab);
    expect(
      await tabs.evaluate(
        (list) => list.parentElement!.scrollWidth <= list.parentElement!.clientWidth,
      ),
    ).toBe(true);
  });

  test(`${language}: the header's unpaid amount keeps a visible meaning on a tablet and a phone`, async ({
    page,
  }) => {
    await page.setViewportSize(TABLET);
    await signIn(page, 'demo@example.vn');
    await expect(page).toHaveURL(/\/idc\/dashboard$/);
    await readIn(page, language);
    await page.reload();
    const unpaid = headerUnpaid(page);
    await expect(unpaid).toHaveAccessibleName(words.headerUnpaid);
    await expect(unpaid).toHaveText(new RegExp(`^${words.headerShort}\\s*[\\d.]+ ₫$`), {
      useInnerText: true,
    });
    await expectOneLine(unpaid);

    await page.setViewportSize(PHONE);
    await expect(unpaid).toHaveAccessibleName(words.headerUnpaid);
    // A receipt before the amount: not a bare number in the corner.
    await expect(unpaid.locator('svg')).toBeVisible();
    await expect(unpaid).toHaveText(/^[\d.]+ ₫$/, { useInnerText: true });
  });

  test(`${language}: on a phone every billing tab is reachable from the scrolling tab bar`, async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, 'demo@example.vn');
    await expect(page).toHaveURL(/\/idc\/dashboard$/);
    await readIn(page, language);
    await page.goto('/idc/billing');
    const tabs = page.getByRole('main').getByRole('tablist');
    await expect(tabs.getByRole('tab').first()).toBeVisible();
    const all = await tabs.getByRole('tab').all();
    expect(all.length).toBeGreaterThan(3);
    for (const tab of all) {
      // A tap that lands while the previous tab's lazy list replaces the page can be lost (seen
      // on a busy machine); a customer taps again, and so does the test, until the tab is chosen.
      await expect(async () => {
        await tab.click();
        await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 });
      }).toPass();
      await expect(tab).toBeInViewport();
    }
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(PHONE.width);
  });

  test(`${language}: the dashboard's spending chart reads "nghìn/triệu" or K/M on a value axis`, async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    // A customer of the agency with a year of paid renewals.
    await signIn(page, 'minhphat@example.vn');
    await expect(page).toHaveURL(/\/idc\/dashboard$/);
    await readIn(page, language);
    await page.reload();
    await expectCompactAxis(page.locator('.bar-chart-axis').first(), words.compact);
  });

  test(`${language}: the agency's revenue chart has a value axis in compact amounts`, async ({
    page,
  }) => {
    await page.setViewportSize(LAPTOP);
    await signIn(page, 'agency@example.vn');
    await expect(page).toHaveURL(/\/idc\/dashboard$/);
    await readIn(page, language);
    await page.goto('/idc/agency/report');
    await expectCompactAxis(
      page.getByTestId('agency-report-chart').locator('.bar-chart-axis').first(),
      words.compact,
    );
  });

  test(`${language}: /agency/create says in words that the phone is missing`, async ({ page }) => {
    await signIn(page, 'agency@example.vn');
    await expect(page).toHaveURL(/\/idc\/dashboard$/);
    await readIn(page, language);
    await page.goto('/idc/agency/create');
    await page.getByRole('main').getByRole('button', { name: words.create }).click();
    await expect(page.getByText(words.phoneRequired)).toBeVisible();
    await expect(page.getByRole('main')).not.toContainText('@@react-admin@@');
    await expect(page.getByRole('main')).not.toContainText('validation.');
  });
}

async function expectCompactAxis(axis: Locator, format: RegExp) {
  await expect(axis).toBeVisible();
  const labels = await axis.locator('text').allTextContents();
  expect(labels.length).toBeGreaterThanOrEqual(3);
  for (const label of labels) expect(label).toMatch(format);
  // Intl's compact Vietnamese, which the reader took for a typo.
  expect(labels.join(' ')).not.toMatch(/\bN ₫|\bTr ₫/);
  // The axis labels themselves keep to one line.
  for (const label of await axis.locator('text').all()) expect(await textLines(label)).toBe(1);
}

test('balance-history dates and amounts stay on one line at 1280 px and on a phone', async ({
  page,
  request,
}) => {
  await page.setViewportSize(LAPTOP);
  await signInAsNewCustomer(page, request, NEW_CUSTOMER);
  await topUpByCard(page, 150_000);
  for (const [viewport, language] of [
    [LAPTOP, 'vi'],
    [PHONE, 'vi'],
    [LAPTOP, 'en'],
    [PHONE, 'en'],
  ] as const) {
    await page.setViewportSize(viewport);
    await readIn(page, language);
    await page.goto('/idc/billing/history');
    const row = page.getByRole('main').locator('tbody tr').filter({ hasText: '+150.000 ₫' });
    // A phone leaves the balance after out (hidden-on-phone); the date and amount stay.
    const sources =
      viewport === PHONE ? ['created', 'amount'] : ['created', 'amount', 'balance_after'];
    for (const source of sources) {
      const cell = row.locator(`td.column-${source}`);
      await expect(cell).toHaveText(/\d/);
      await expectOneLine(cell);
    }
  }
});
