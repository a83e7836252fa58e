/**
 * The public pages as a customer on a phone or a keyboard meets them (issue 10): drawn before any
 * script runs, nothing fetched from other sites, Roboto served by the portal, the form first in
 * the Tab order with a visible focus ring, and usable at 375 px in both languages.
 */
import type { Page } from '@playwright/test';
import { axeViolations, expect, test } from './support';

const FORM_PAGES = [
  { path: '/idc/login', heading: { vi: 'Đăng nhập', en: 'Sign in' } },
  { path: '/idc/register', heading: { vi: 'Đăng ký', en: 'Register' } },
  { path: '/idc/forgot', heading: { vi: 'Quên mật khẩu', en: 'Forgot password' } },
];

/** Every request the page makes, by address. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

async function chooseEnglish(page: Page) {
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
}

test('the login card is drawn from the page itself, before and without any script', async ({
  browser,
  request,
}) => {
  const html = await (await request.get('/idc/login')).text();
  expect(html).toContain('class="pub-card"');
  expect(html, 'no inline style attribute').not.toMatch(/\sstyle=/);
  expect(html, 'no inline script').not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto('/idc/login', { waitUntil: 'networkidle' });
  await expect(page.locator('.pub-card')).toBeVisible();
  await expect(page.locator('.pub-brand')).toHaveText('IDC Cloud');
  await expect(page.locator('.pub-card .pub-spinner')).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Roboto/);
  // No font file before the script: on a phone it would share the bandwidth the script needs.
  expect(requests.filter((url) => /\.woff2?$/.test(url))).toEqual([]);
  await context.close();
});

test('the scripts and styles come precompressed with brotli', async ({ page, request }) => {
  await page.goto('/idc/login');
  // The portal's entry and the first-data script (src/firstData).
  const scripts = await page
    .locator('script[type="module"]')
    .evaluateAll((found) => found.map((script) => script.getAttribute('src')));
  expect(scripts).toHaveLength(2);
  for (const script of scripts) {
    expect(script).toMatch(/^\/idc\/assets\/.+\.js$/);
    const answer = await request.get(script as string, { headers: { 'accept-encoding': 'br' } });
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-encoding']).toBe('br');
    expect(answer.headers()['cache-control']).toMatch(/immutable/);
  }
});

test('the register page loads nothing from other sites; flags and country names are local', async ({
  page,
  baseURL,
}) => {
  const requests = recordRequests(page);
  await page.goto('/idc/register');
  await expect(page.getByRole('heading', { name: 'Đăng ký' })).toBeVisible();

  const flag = page.locator('.PhoneInputCountryIcon img');
  await expect(flag).toHaveAttribute('src', '/idc/flags/VN.svg');
  await expect(flag).toHaveAttribute('alt', 'Việt Nam');
  // A flag that did not load has no width.
  await expect
    .poll(() => flag.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  const countries = page.getByRole('combobox', { name: 'Quốc gia' });
  await expect(page.locator('label', { hasText: /^Quốc gia$/ })).toBeVisible();
  await expect(countries.locator('option', { hasText: /^Việt Nam$/ })).toHaveCount(1);
  await expect(countries.locator('option', { hasText: /^Hoa Kỳ$/ })).toHaveCount(1);
  await expect(countries.locator('option', { hasText: /^Quốc tế$/ })).toHaveCount(1);

  await countries.selectOption('US');
  await expect(flag).toHaveAttribute('src', '/idc/flags/US.svg');
  await expect(flag).toHaveAttribute('alt', 'Hoa Kỳ');

  await chooseEnglish(page);
  const englishCountries = page.getByRole('combobox', { name: 'Country' });
  await expect(englishCountries.locator('option', { hasText: /^Vietnam$/ })).toHaveCount(1);
  await expect(englishCountries.locator('option', { hasText: /^United States$/ })).toHaveCount(1);

  await page.evaluate(() => document.fonts.ready);
  const origin = new URL(baseURL as string).origin;
  expect(requests.filter((url) => new URL(url).origin !== origin)).toEqual([]);
  expect(
    requests.some((url) => /\/idc\/assets\/roboto-vietnamese-400-normal-.+\.woff2$/.test(url)),
  ).toBe(true);
  expect(await page.evaluate(() => document.fonts.check('16px Roboto', 'Việt Nam'))).toBe(true);
});

test('Tab starts on the form: the e-mail field is focused, the language flags come last', async ({
  page,
}) => {
  for (const { path } of FORM_PAGES) {
    await page.goto(path);
    await expect(page.getByLabel(/^Email/), path).toBeFocused();
  }

  await page.goto('/idc/login');
  await expect(page.getByLabel('Email')).toBeFocused();
  const reached: string[] = [];
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    reached.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return element.getAttribute('aria-label') ?? element.textContent ?? '';
      }),
    );
  }
  expect(reached).toEqual([
    '', // the password field
    'Quên mật khẩu?',
    'Đăng nhập',
    'Đăng ký ngay',
    'Tiếng Việt',
    'English',
  ]);
});

test('the primary button shows a focus ring when reached by keyboard', async ({ page }) => {
  await page.goto('/idc/forgot');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.press('Tab');
  const button = page.getByRole('button', { name: 'Gửi liên kết' });
  await expect(button).toBeFocused();
  const ring = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
  });
  // #1565c0 beside the white card: 5.8:1, above the 3:1 a focus indicator needs.
  expect(ring).toEqual({ style: 'solid', width: '3px', color: 'rgb(21, 101, 192)' });
});

test('the English copy spells e-mail one way under its label', async ({ page }) => {
  await page.goto('/idc/login');
  await chooseEnglish(page);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByLabel('E-mail')).toBeVisible();
  await expect(page.getByText('E-mail must not be empty.')).toBeVisible();
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const { path, heading } of FORM_PAGES) {
    test(`${path} fits the screen and passes axe in both languages`, async ({ page }) => {
      await page.goto(path);
      for (const locale of ['vi', 'en'] as const) {
        if (locale === 'en') await chooseEnglish(page);
        await expect(page.getByRole('heading', { name: heading[locale] })).toBeVisible();
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${path} ${locale}`).toBeLessThanOrEqual(375);
        await expect(page.getByRole('group', { name: /Ngôn ngữ|Language/ })).toBeInViewport();
        expect(await axeViolations(page), `${path} ${locale}`).toEqual([]);
      }
    });
  }
});
