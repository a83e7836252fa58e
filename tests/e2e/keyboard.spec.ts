/**
 * Keyboard only (issue 10 §2): a customer without a mouse signs in, orders and pays for a server,
 * opens and closes its dialogs and menus, and opens a support ticket. The journey presses keys
 * only (Tab, Shift+Tab, Enter, Space, arrows, Escape) and types; after every Tab the focused
 * element must show a visible focus indicator. Dialogs take the focus when they open, Escape
 * closes them and the focus goes back to the button that opened them.
 *
 * Setting up is not part of the journey: the customer is registered and confirmed through the
 * API, and the balance is topped up on the sandbox card gateway in a second tab.
 */
import type { Locator, Page } from '@playwright/test';

import { expect, linkFromMail, test, topUpByCard, uniqueEmail, type NewCustomer } from './support';

const CUSTOMER: NewCustomer = {
  label: 'keyboard',
  fullname: 'Ngô Bàn Phím',
  password: 'Keyboard1pass',
};

// The other journeys run with reduced motion (playwright.config.ts); this one keeps the ripples,
// fades and slides a customer sees by default, while its dialogs and menus open and close.
test.use({ reducedMotion: 'no-preference' });

/** Tab presses it may take to reach the furthest control of a page (header, menu, form, footer). */
const MAX_TABS = 80;

/** A confirmed account that has not signed in yet. */
async function registerConfirmedCustomer(
  request: import('@playwright/test').APIRequestContext,
): Promise<string> {
  const email = uniqueEmail(CUSTOMER.label);
  const registered = await request.post('/api/v1/auth/users', {
    data: {
      fullname: CUSTOMER.fullname,
      password: CUSTOMER.password,
      verify_password: CUSTOMER.password,
      email,
      phone: '+84912345679',
      formatted_phone: '091 234 56 79',
    },
  });
  expect(registered.status()).toBe(201);
  const link = await linkFromMail(request, email, '/idc/confirm?token=');
  const token = new URL(link).searchParams.get('token');
  const confirmed = await request.post('/api/v1/auth/users/confirm_email', { data: { token } });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  return email;
}

/**
 * How the focused element shows it has the focus, or why it does not: an outline or a box
 * shadow on it (or on the MUI control drawn around it, which MUI marks Mui-focusVisible), or
 * the thicker border MUI draws around a focused text field.
 */
async function focusIndicator(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return 'nothing is focused';
    const ring = (element: Element) => {
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== 'none' &&
        parseFloat(style.outlineWidth) > 0 &&
        !/rgba\(.*,\s*0\)$/.test(style.outlineColor);
      if (outline) return `outline ${style.outlineWidth} ${style.outlineStyle}`;
      if (style.boxShadow !== 'none') return `box-shadow ${style.boxShadow}`;
      return null;
    };
    const control = focused.closest('.Mui-focusVisible');
    // MUI draws a focused field's ring on the field around the input: a 2 px outline (outlined
    // fields) or a 2 px underline grown to full width (filled fields, react-admin's default).
    const field = focused.closest('.MuiInputBase-root.Mui-focused');
    const outlineBorder = field?.querySelector('fieldset');
    const underline = field ? getComputedStyle(field, '::after') : null;
    const thickBorder =
      (outlineBorder && parseFloat(getComputedStyle(outlineBorder).borderTopWidth) >= 2) ||
      (underline &&
        parseFloat(underline.borderBottomWidth) >= 2 &&
        !/matrix\(0,/.test(underline.transform))
        ? 'the focused field border'
        : null;
    const found = ring(focused) ?? (control ? ring(control) : null) ?? thickBorder ?? null;
    if (found) return `visible: ${found}`;
    const name =
      focused.getAttribute('aria-label') ?? (focused.textContent ?? '').trim().slice(0, 40);
    return `no visible focus on <${focused.tagName.toLowerCase()}> "${name}"`;
  });
}

/** Polled: a focus ring may grow in with a short transition (MUI's underline does). */
async function expectVisibleFocus(page: Page) {
  await expect.poll(() => focusIndicator(page), { timeout: 5_000 }).toMatch(/^visible: /);
}

/** Presses Tab (or Shift+Tab) until `target` has the focus, checking the focus at every stop. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  if (await target.evaluate((element) => element === document.activeElement)) return;
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${MAX_TABS} presses of ${key} never reached ${target}`);
}

/** Opens a dialog (or menu) from the focused button with `key`, checks the focus, closes it. */
async function expectDialogKeepsFocus(
  page: Page,
  opener: Locator,
  popup: Locator,
  key: 'Enter' | 'Space' = 'Enter',
) {
  await expect(opener).toBeFocused();
  await page.keyboard.press(key);
  await expect(popup).toBeVisible();
  await expect
    .poll(() => popup.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await expectVisibleFocus(page);
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  await expect(opener).toBeFocused();
}

test('a keyboard user signs in, orders and pays for a server, and opens a ticket', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(150_000);
  const email = await registerConfirmedCustomer(request);
  const serverName = `kb-${Date.now().toString(36)}`;

  // Sign in: the e-mail field is where typing starts, or the first stops of Tab.
  await page.goto('/idc/login');
  const emailField = page.getByLabel('Email');
  await expect(emailField).toBeVisible();
  await tabTo(page, emailField);
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Mật khẩu', { exact: true }));
  await page.keyboard.type(CUSTOMER.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/idc\/dashboard$/);

  // Money on the balance, paid on the gateway in another tab.
  const gateway = await context.newPage();
  await gateway.goto('/idc/dashboard');
  await topUpByCard(gateway, 1_000_000);
  await gateway.close();

  // The header's Create menu: the focus moves into it, Escape gives it back.
  await page.reload();
  const createMenu = page.getByRole('banner').getByRole('button', { name: 'Tạo mới' });
  await tabTo(page, createMenu);
  await expectDialogKeepsFocus(page, createMenu, page.getByRole('menu'));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Máy chủ' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/idc\/cloud-server\/create$/);

  // The create form: a name, the rest as offered; the price is what the order costs.
  await expect(page.getByTestId('price-total')).toHaveText(/\d ₫$/);
  await tabTo(page, page.getByLabel('Tên máy chủ'));
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(serverName);
  const createOrder = page.getByRole('button', { name: 'Đặt hàng' });
  await expect(createOrder).toBeEnabled();
  await tabTo(page, createOrder);
  await page.keyboard.press('Enter');

  // The order: paid from the balance with Enter.
  await expect(page).toHaveURL(/\/idc\/order\/create\?id=\d+$/);
  const pay = page.getByRole('button', { name: /^Thanh toán / });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');
  // Announced: the payment in a live region (the notification), the build in the page's status.
  const liveRegions = page.getByRole('alert').or(page.getByRole('status'));
  await expect(liveRegions.filter({ hasText: /Thanh toán thành công/ }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/idc\/cloud-server\/\d+\/detail$/);

  // The server's page, once built: the power-off dialog and the More actions menu.
  await expect(page.getByRole('status').filter({ hasText: `Máy chủ ${serverName}: ` })).toHaveText(
    `Máy chủ ${serverName}: Đang hoạt động`,
    { timeout: 30_000 },
  );
  const powerOff = page.getByRole('main').getByRole('button', { name: 'Tắt máy', exact: true });
  await expect(powerOff).toBeEnabled({ timeout: 30_000 });
  await tabTo(page, powerOff);
  await expectDialogKeepsFocus(
    page,
    powerOff,
    page.getByRole('dialog', { name: `Tắt máy chủ ${serverName}` }),
  );
  const more = page.getByRole('main').getByRole('button', { name: 'Thao tác khác' });
  await tabTo(page, more);
  await expectDialogKeepsFocus(page, more, page.getByRole('menu'));

  // Delete, chosen from the menu with the arrows: a dialog that asks for the name, left with Escape.
  await page.keyboard.press('Enter');
  const deleteItem = page.getByRole('menuitem', { name: 'Xoá máy chủ' });
  for (let presses = 0; presses < 10; presses += 1) {
    if (await deleteItem.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(deleteItem).toBeFocused();
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  const remove = page.getByRole('dialog', { name: `Xoá máy chủ ${serverName}` });
  await expect(remove).toBeVisible();
  await expect
    .poll(() => remove.evaluate((element) => element.contains(document.activeElement)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(remove).toBeHidden();
  await expect(more).toBeFocused();

  // A support ticket, from the menu's Support section.
  const support = page
    .getByRole('navigation', { name: 'Menu chính' })
    .getByRole('link', { name: 'Hỗ trợ' });
  await tabTo(page, support, 'Shift+Tab');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/idc\/ticket$/);
  // The list first: when it arrives empty, its empty state takes the toolbar's place, and a
  // focus already on the toolbar's button would go with it.
  await expect(page.getByText('Bạn chưa có yêu cầu hỗ trợ nào')).toBeVisible();
  const newTicket = page
    .getByRole('main')
    .getByRole('link', { name: 'Tạo yêu cầu hỗ trợ' })
    .first();
  await tabTo(page, newTicket);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/idc\/ticket\/create$/);

  // Sent empty first: the errors are announced and tied to their fields.
  const send = page.getByRole('button', { name: 'Gửi yêu cầu' });
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  const subject = page.getByLabel('Tiêu đề');
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(subject).toHaveAccessibleDescription(/Tiêu đề không được bỏ trống\./);

  await tabTo(page, subject, 'Shift+Tab');
  await page.keyboard.type(`Máy chủ ${serverName} cần hỗ trợ`);
  await tabTo(page, page.getByRole('textbox', { name: 'Nội dung' }));
  await page.keyboard.type('Tôi dùng bàn phím.');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Xin gọi lại sau 21:00.');
  await tabTo(page, send);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/idc\/ticket\/\d+\/detail$/);
  await expect(
    page.getByRole('heading', { name: `Máy chủ ${serverName} cần hỗ trợ` }),
  ).toBeVisible();
});
