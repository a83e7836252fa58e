/**
 * The screen catalogue (issue 10 §2, §3): every screen of the portal, signed out and signed in,
 * with its open dialogs, empty lists and error states, in Vietnamese and English. Each screen is
 * opened and awaited by its content, then
 *   - axe-core finds no violation in the whole page,
 *   - nothing is wider than the window and the page does not scroll sideways, and no dialog
 *     title splits the resource's name over two lines,
 *   - its main action is visible,
 *   - every form field has a visible label and the <html lang> is the chosen language,
 *   - no loading indicator shown on the way to it lacked an accessible name (axe sees only the
 *     settled screen; a screen reader announces the spinner before it),
 *   - at 375 px, a full-page screenshot is kept in the test's folder under test-results/.
 * Every area runs twice, on a 375×812 phone: in Vietnamese and in English (all checks, one
 * screenshot per screen). The Vietnamese run also widens the window to 1280×800 on every screen
 * and checks it as a desktop customer sees it (axe, labels, main action, lang), then narrows it
 * again: the portal's layout follows the window's width as it changes, and this spares a third
 * run its sign-ups, payments and page loads. Error states also check that each error is tied to
 * its field.
 */
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import Database from 'better-sqlite3';

import {
  axeViolations,
  expect,
  GATEWAY_BUTTONS,
  signInAsNewCustomer,
  signIn,
  test,
  topUpByCard,
  uniqueEmail,
  serverOrder,
} from './support';

type Language = 'vi' | 'en';

interface Variant {
  language: Language;
  width: number;
  height: number;
  /** Each screen is also checked in a desktop window (DESKTOP), after the phone's checks. */
  alsoOnDesktop?: boolean;
}

const DESKTOP = { width: 1280, height: 800 };

const VARIANTS: Variant[] = [
  { language: 'vi', width: 375, height: 812, alsoOnDesktop: true },
  { language: 'en', width: 375, height: 812 },
];

const variantLabel = (variant: Variant) =>
  `${variant.language}, ${variant.width}${variant.alsoOnDesktop ? ` and ${DESKTOP.width}` : ''} px`;

/** The Vietnamese or the English text, whichever language the screen is shown in. */
type Say = (vietnamese: string | RegExp, english: string | RegExp) => string | RegExp;

interface Screen {
  /** Names the screenshot and the failure. */
  name: string;
  /** The address to open; screens reached by steps from the previous one leave it out. */
  path?: string;
  /** What the customer does after the page opened: open a dialog, submit an empty form… */
  act?: (page: Page, say: Say) => Promise<void>;
  /** Content that shows once the screen has its data (never the spinner). */
  ready: (page: Page, say: Say) => Locator;
  /** The screen's main action, which must be visible. */
  action: (page: Page, say: Say) => Locator;
  /** The screen shows field errors: each must be tied to its field. */
  fieldErrors?: boolean;
}

type Scope = Page | Locator;

const heading = (page: Scope, name: string | RegExp) =>
  page.getByRole('heading', { name, exact: typeof name === 'string' ? true : undefined }).first();
const button = (page: Scope, name: string | RegExp) =>
  page.getByRole('button', { name, exact: typeof name === 'string' ? true : undefined }).first();
const link = (page: Scope, name: string | RegExp) =>
  page.getByRole('link', { name, exact: typeof name === 'string' ? true : undefined }).first();
const dialog = (page: Page) => page.getByRole('dialog');
/** A screen's own area, below the header and beside the menu. */
const main = (page: Page) => page.getByRole('main');

function sayIn(language: Language): Say {
  return (vietnamese, english) => (language === 'vi' ? vietnamese : english);
}

/**
 * Opens a path as the portal's own links do — the router moves, the page does not load again —
 * which costs the browser a third of a full load. Also the way back and forward work.
 */
async function openInApp(page: Page, path: string) {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * Opens, awaits and checks every screen in the list, in order. The first screen is loaded by its
 * address, and so is one that follows a step (an open menu or dialog is left behind with the
 * page); the others are reached inside the portal.
 */
async function checkScreens(page: Page, variant: Variant, screens: Screen[]) {
  const say = sayIn(variant.language);
  for (const [index, screen] of screens.entries()) {
    await test.step(screen.name, async () => {
      const previous = screens[index - 1];
      if (screen.path && (!previous || previous.act)) await page.goto(screen.path);
      else if (screen.path) await openInApp(page, screen.path);
      if (screen.act) await screen.act(page, say);
      await expect(screen.ready(page, say)).toBeVisible();
      await checkScreen(page, variant, screen, say);
      if (variant.alsoOnDesktop) await checkScreenOnDesktop(page, variant, screen, say);
    });
  }
}

/** The open screen in a desktop window, as a customer on a computer sees it; then the phone's again. */
async function checkScreenOnDesktop(page: Page, variant: Variant, screen: Screen, say: Say) {
  await page.setViewportSize(DESKTOP);
  // The pointer stays where the test last clicked on the phone's layout, and on the wider one it
  // can rest on a control with a tooltip (the sidebar's toggle): an open tooltip is the test's
  // doing, not the screen's, yet axe would judge it. The header has no tooltip to open.
  await page.mouse.move(DESKTOP.width / 2, 1);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await expect(screen.ready(page, say)).toBeVisible();
  await checkScreen(page, { language: variant.language, ...DESKTOP }, screen, say);
  await page.setViewportSize({ width: variant.width, height: variant.height });
}

async function checkScreen(page: Page, variant: Variant, screen: Screen, say: Say) {
  await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
  await expect(screen.action(page, say)).toBeVisible();
  const where = `"${screen.name}" at ${variant.width} px`;
  expect.soft(await axeViolations(page), `axe on ${where}`).toEqual([]);
  expect.soft(await fieldsWithoutVisibleLabel(page), `unlabelled fields on ${where}`).toEqual([]);
  if (screen.fieldErrors) {
    expect.soft(await fieldErrorsNotTied(page), `field errors on ${where}`).toEqual([]);
  }
  expect
    .soft(await unnamedProgressIndicators(page), `unnamed loading indicators on ${where}`)
    .toEqual([]);
  // The layout and the screenshot for review are the phone's; the desktop run is for axe.
  if (variant.width < 768) {
    expect.soft(await widerThanTheWindow(page), `too wide at 375 px: "${screen.name}"`).toEqual([]);
    expect
      .soft(await namesBrokenInDialogTitles(page), `names split in titles: "${screen.name}"`)
      .toEqual([]);
    expect
      .soft(await tablesScrollingSideways(page), `tables wider than their box: "${screen.name}"`)
      .toEqual([]);
    // Polled: the tab bar scrolls its selected tab into view once its arrows have appeared.
    await expect
      .poll(() => selectedTabsOutOfView(page), {
        message: `selected tab cut off: "${screen.name}"`,
      })
      .toEqual([]);
    await attachScreenshot(page, test.info(), `${variant.language}-${screen.name}`);
  }
}

/** Kept on disk in the test's folder under test-results/, and listed in the test's report. */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name.replace(/[^\w-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

/**
 * The visible elements reaching past the window's right edge (each with its width and right
 * edge), and the page's own width when it scrolls sideways. Content inside a container that
 * clips or scrolls it (the tab bar, a code block) counts only when the container itself sticks
 * out. Only the innermost of nested offenders are named: they are the causes.
 */
async function widerThanTheWindow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const edge = document.documentElement.clientWidth + 1;
    const found: string[] = [];
    const clippedInside = (element: Element) => {
      // Not <body>: an open dialog hides its overflow, which clips nothing the customer sees.
      for (let above = element.parentElement; above; above = above.parentElement) {
        if (above === document.body || above === document.documentElement) break;
        if (getComputedStyle(above).overflowX === 'visible') continue;
        if (above.getBoundingClientRect().right <= edge) return true;
      }
      return false;
    };
    const describe = (element: Element, box: DOMRect) => {
      const label =
        element.getAttribute('aria-label') ??
        element.getAttribute('data-testid') ??
        (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const className = String(element.getAttribute('class') ?? '').split(' ')[0];
      return `<${element.tagName.toLowerCase()} class="${className}"> "${label}" is ${Math.round(box.width)} px wide, right edge at ${Math.round(box.right)} px`;
    };
    const offenders: Element[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= edge) continue;
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0') {
        continue;
      }
      if (!clippedInside(element)) offenders.push(element);
    }
    // Named: what sticks out of its own container, and the innermost elements wider than the
    // window (content that will not wrap and stretches everything around it).
    const width = document.documentElement.clientWidth;
    for (const element of offenders) {
      const box = element.getBoundingClientRect();
      const container = element.parentElement?.getBoundingClientRect();
      const sticksOut = container !== undefined && box.right > container.right + 1;
      const widest =
        box.width > width &&
        !offenders.some(
          (other) =>
            other !== element &&
            element.contains(other) &&
            other.getBoundingClientRect().width > width,
        );
      if (sticksOut || widest) found.push(describe(element, box));
    }
    if (found.length > 8) found.splice(8, found.length, `…and ${found.length - 8} more`);
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > document.documentElement.clientWidth) {
      found.push(`the page is ${pageWidth} px wide and scrolls sideways`);
    }
    return found;
  });
}

/**
 * A list's table, or a table in its own scrolling region, wider than its box at 375 px. Such a box
 * clips it (widerThanTheWindow rightly lets a box that scrolls on purpose, like the tab bar, be),
 * and a phone's customer then sees a Pay button or an amount cut at the edge: a list on a phone
 * shows the columns that fit (HIDDEN_ON_PHONE) instead of scrolling sideways.
 */
async function tablesScrollingSideways(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.RaList-content, [role="region"]')]
      .filter((box) => box.querySelector('table') && box.scrollWidth > box.clientWidth + 1)
      .map((box) => {
        const name =
          box.getAttribute('aria-label') ??
          (box.querySelector('th')?.textContent ?? '').trim().slice(0, 40);
        return `the table "${name}" is ${box.scrollWidth} px wide in a ${box.clientWidth} px box`;
      }),
  );
}

/**
 * Selected tabs a phone's tab bar shows cut off or not at all: on a page opened at its third
 * tab, the customer must see which tab they are on without scrolling the bar to find it.
 */
async function selectedTabsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="tablist"] [role="tab"][aria-selected="true"]')].flatMap(
      (tab) => {
        let clip = tab.parentElement;
        while (clip && getComputedStyle(clip).overflowX === 'visible') clip = clip.parentElement;
        if (!clip) return [];
        const shown = clip.getBoundingClientRect();
        const box = tab.getBoundingClientRect();
        return box.left >= shown.left - 1 && box.right <= shown.right + 1
          ? []
          : [
              `"${tab.textContent}" spans ${Math.round(box.left)}–${Math.round(box.right)} px, ` +
                `its bar shows ${Math.round(shown.left)}–${Math.round(shown.right)} px`,
            ];
      },
    ),
  );
}

/**
 * Form fields a sighted customer cannot name: no visible <label> and no visible element naming
 * it through aria-labelledby (a placeholder or an aria-label alone is not a visible label).
 */
async function fieldsWithoutVisibleLabel(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shown = (element: Element | null) => {
      if (!element) return false;
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && (element.textContent ?? '').trim() !== '';
    };
    const fields = document.querySelectorAll(
      'input:not([type="hidden"]), select, textarea, [role="combobox"]:not(input)',
    );
    const unlabelled: string[] = [];
    for (const field of fields) {
      if (field.getAttribute('aria-hidden') === 'true' || field.closest('[inert]')) continue;
      // MUI's radios and checkboxes are transparent inputs over their drawn box: judge the box.
      const drawn = field.closest('.MuiRadio-root, .MuiCheckbox-root, .MuiSwitch-root') ?? field;
      const box = drawn.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Inside an element the dialog has hidden from assistive technology: not on screen now.
      if (field.closest('[aria-hidden="true"]')) continue;
      const labels = 'labels' in field ? [...((field as HTMLInputElement).labels ?? [])] : [];
      const labelledBy = (field.getAttribute('aria-labelledby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id));
      if ([...labels, ...labelledBy].some(shown)) continue;
      unlabelled.push(
        `<${field.tagName.toLowerCase()} name="${field.getAttribute('name') ?? ''}" aria-label="${field.getAttribute('aria-label') ?? ''}" placeholder="${field.getAttribute('placeholder') ?? ''}">`,
      );
    }
    return unlabelled;
  });
}

/**
 * Field errors not tied to their field: every field marked aria-invalid must point, through
 * aria-describedby, at visible non-empty text. Fails when no field is marked at all.
 */
async function fieldErrorsNotTied(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const invalid = [...document.querySelectorAll('[aria-invalid="true"]')].filter(
      (field) => field.getAttribute('aria-hidden') !== 'true',
    );
    if (invalid.length === 0) return ['no field is marked aria-invalid="true"'];
    return invalid.flatMap((field) => {
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => document.getElementById(id))
        .filter((element) => element && (element.textContent ?? '').trim() !== '');
      if (described.length > 0) return [];
      const name = field.getAttribute('name') ?? field.id;
      return [`field "${name}" is invalid but aria-describedby names no error text`];
    });
  });
}

/** Sets the window and chooses the language on the screen at hand, as a customer does. */
async function chooseLanguage(page: Page, variant: Variant) {
  const name = variant.language === 'vi' ? 'Tiếng Việt' : 'English';
  await page.getByRole('button', { name, exact: true }).first().click();
  await expect(page.locator('html')).toHaveAttribute('lang', variant.language);
}

/** API calls as the signed-in customer of the page. */
async function customerApi(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const headers = { Authorization: `Token ${token}` };
  return {
    async post(path: string, data: object) {
      const answer = await page.request.post(`/api/v1${path}`, { headers, data });
      expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
      return answer.json();
    },
    async statusOf(path: string) {
      return (await (await page.request.get(`/api/v1${path}`, { headers })).json()).status;
    },
  };
}

/** What the signed-in screens with data show: one of everything, made through the API. */
interface Holdings {
  serverId: number;
  serverName: string;
  volumeId: number;
  volumeName: string;
  snapshotName: string;
  keyName: string;
  ticketId: number;
  unpaidOrderId: number;
  openInvoiceId: number;
}

const TEST_PUBLIC_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl screens@e2e';

async function buildHoldings(page: Page, email: string): Promise<Holdings> {
  const api = await customerApi(page);
  const suffix = Date.now().toString(36);
  const serverName = `scr-vm-${suffix}`;
  const volumeName = `scr-vol-${suffix}`;
  const placed = await api.post('/billing/orders', serverOrder({ name: serverName }));
  const paid = await api.post(`/billing/orders/${placed.id}/pay`, {});
  const serverId = paid.order.resource_id as number;
  const { volume } = await api.post('/storage/volumes', {
    name: volumeName,
    size: 10,
    type: 'HDD',
  });
  const keyName = `scr-key-${suffix}`;
  await api.post('/cloud/ssh_keys', { name: keyName, public_key: TEST_PUBLIC_KEY });
  const ticket = await api.post('/support/tickets', {
    subject: 'Máy chủ khởi động chậm',
    content: 'Máy chủ của tôi khởi động lâu hơn thường lệ.',
  });
  const unpaid = await api.post('/billing/orders', serverOrder({ name: `scr-later-${suffix}` }));
  await expect.poll(() => api.statusOf(`/storage/volumes/${volume.id}`)).toBe('available');
  const snapshotName = `scr-snap-${suffix}`;
  await api.post('/storage/snapshots', { name: snapshotName, volume_id: volume.id });
  await expect
    .poll(() => api.statusOf(`/cloud/servers/${serverId}`), { timeout: 30_000 })
    .toBe('active');
  return {
    serverId,
    serverName,
    volumeId: volume.id,
    volumeName,
    snapshotName,
    keyName,
    ticketId: ticket.id,
    unpaidOrderId: unpaid.id,
    openInvoiceId: addOpenInvoice(email, serverId, serverName),
  };
}

/**
 * An open invoice due next month for the customer's server, with a renewal's line and the buyer
 * as the sandbox writes them (no screen issues one on demand, and moving the shared sandbox's
 * clock would move every worker's). It is not marked as the server's renewal, so the sandbox's
 * own renewal and pricing of that server are as they would be without it.
 */
function addOpenInvoice(email: string, serverId: number, serverName: string): number {
  const db = new Database(process.env.E2E_DB as string);
  try {
    db.pragma('busy_timeout = 10000');
    const now = new Date();
    const due = new Date(now.getTime() + 30 * 86_400_000);
    const end = new Date(due.getTime() + 30 * 86_400_000);
    const text = {
      name: serverName,
      months: 1,
      // The days as the portal writes them (DD-MM-YYYY, Vietnam's calendar), through the last
      // day paid.
      period: {
        key: 'periods.from_through',
        params: { start: vietnamDay(due), end: vietnamDay(new Date(end.getTime() - 1)) },
      },
    };
    return db.transaction(() => {
      const invoice = db
        .prepare(
          `INSERT INTO invoices (user_id, status, amount, created_at, due_date, description,
             resource_type, resource_id, parties)
           SELECT id, 'open', 330000, ?, ?, ?, 'server', ?,
                  json_object('buyer', json_object('name', fullname, 'email', email,
                    'company_name', NULL, 'tax_code', NULL, 'tax_address', NULL,
                    'billing_address', NULL))
             FROM users WHERE email = ?
           RETURNING id`,
        )
        .get(
          now.toISOString(),
          due.toISOString(),
          `${serverName}: gia hạn 1 tháng`,
          serverId,
          email,
        ) as { id: number };
      db.prepare(
        `INSERT INTO invoice_lines (invoice_id, position, kind, text_key, text_params, unit_price,
           quantity, period_months, period_start, period_end, amount)
         VALUES (?, 1, 'item', 'invoice_document.line.renewal', ?, 330000, 1, 1, ?, ?, 330000)`,
      ).run(invoice.id, JSON.stringify(text), due.toISOString(), end.toISOString());
      return invoice.id;
    })();
  } finally {
    db.close();
  }
}

/** DD-MM-YYYY of the instant in Vietnam (UTC+7 all year). */
function vietnamDay(instant: Date): string {
  const [year, month, day] = new Date(instant.getTime() + 7 * 3_600_000)
    .toISOString()
    .slice(0, 10)
    .split('-');
  return `${day}-${month}-${year}`;
}

/** Clicks Submit on an empty form. */
const submitEmpty = (name: (say: Say) => string | RegExp) => async (page: Page, say: Say) => {
  await button(main(page), name(say)).click();
};

/* ------------------------------------------------------------------------------------------ */
/* The catalogue                                                                              */
/* ------------------------------------------------------------------------------------------ */

const PUBLIC_SCREENS: Screen[] = [
  {
    name: 'login',
    path: '/idc/login',
    ready: (page, say) => heading(page, say('Đăng nhập', 'Sign in')),
    action: (page, say) => button(page, say('Đăng nhập', 'Sign in')),
  },
  {
    name: 'login-empty-submitted',
    act: async (page, say) => button(page, say('Đăng nhập', 'Sign in')).click(),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(page, say('Đăng nhập', 'Sign in')),
    fieldErrors: true,
  },
  {
    name: 'register',
    path: '/idc/register',
    ready: (page, say) => heading(page, say('Đăng ký', 'Register')),
    action: (page, say) => button(page, say('Đăng ký', 'Register')),
  },
  {
    name: 'register-empty-submitted',
    act: async (page, say) => button(page, say('Đăng ký', 'Register')).click(),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(page, say('Đăng ký', 'Register')),
    fieldErrors: true,
  },
  {
    name: 'forgot-password',
    path: '/idc/forgot',
    ready: (page, say) => heading(page, say('Quên mật khẩu', 'Forgot password')),
    action: (page, say) => button(page, say('Gửi liên kết', 'Send link')),
  },
  {
    name: 'forgot-password-empty-submitted',
    act: async (page, say) => button(page, say('Gửi liên kết', 'Send link')).click(),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(page, say('Gửi liên kết', 'Send link')),
    fieldErrors: true,
  },
  {
    name: 'password-reset',
    path: '/idc/password_resets?token=screens-catalogue-token',
    ready: (page, say) => heading(page, say('Đặt lại mật khẩu', 'Reset password')),
    action: (page, say) => button(page, say('Đặt lại mật khẩu', 'Reset password')),
  },
  {
    name: 'password-reset-empty-submitted',
    act: async (page, say) => button(page, say('Đặt lại mật khẩu', 'Reset password')).click(),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(page, say('Đặt lại mật khẩu', 'Reset password')),
    fieldErrors: true,
  },
  {
    name: 'confirm-email-invalid-link',
    path: '/idc/confirm?token=screens-catalogue-token',
    ready: (page, say) =>
      heading(page, say(/^(Đăng nhập|Xác nhận email)$/, /^(Sign in|Confirm e-mail)$/)),
    action: (page) => page.getByRole('link').first(),
  },
  {
    name: 'server-error',
    path: '/idc/500',
    ready: (page, say) => heading(page, say('Lỗi hệ thống', 'Service error')),
    action: (page, say) => link(page, say('Trang chủ', 'Home')),
  },
];

/** A customer who has just registered, before confirming the e-mail. */
const VERIFY_SCREEN: Screen = {
  name: 'verify-email',
  ready: (page, say) => heading(page, say('Xác thực email', 'Verify e-mail')),
  action: (page, say) =>
    button(page, say('Gửi lại email xác thực', 'Send the verification e-mail again')),
};

/** A fresh customer: nothing bought yet, so every list is empty. */
const EMPTY_SCREENS: Screen[] = [
  {
    name: 'dashboard-new-customer',
    path: '/idc/dashboard',
    ready: (page, say) => heading(page, say(/^Xin chào, /, /^Hello, /)),
    action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
  },
  {
    name: 'header-create-menu',
    act: async (page, say) => button(page.getByRole('banner'), say('Tạo mới', 'Create')).click(),
    ready: (page) => page.getByRole('menu'),
    action: (page, say) => page.getByRole('menuitem', { name: say('Máy chủ', 'Server') }),
  },
  {
    name: 'header-account-menu',
    path: '/idc/dashboard',
    act: async (page, say) =>
      button(page.getByRole('banner'), say(/^Tài khoản /, /^Account menu of /)).click(),
    ready: (page) => page.getByRole('menu'),
    action: (page, say) => page.getByRole('menuitem', { name: say('Đăng xuất', 'Sign out') }),
  },
  {
    name: 'servers-empty',
    path: '/idc/cloud-server',
    ready: (page, say) =>
      main(page).getByText(say('Bạn chưa có máy chủ nào', 'You have no servers yet')),
    action: (page, say) => link(main(page), say('Tạo máy chủ', 'Create server')),
  },
  {
    name: 'plans',
    path: '/idc/cloud-server/plans',
    ready: (page, say) => heading(page, say('Bảng giá', 'Plans')),
    action: (page, say) => link(main(page), say('Chọn gói VPS Basic', /VPS Basic/)),
  },
  {
    name: 'plan-create',
    act: async (page, say) => link(main(page), say('Chọn gói VPS Basic', /VPS Basic/)).click(),
    ready: (page) => page.getByTestId('price-total').first(),
    action: (page, say) => button(page, say('Đặt hàng', /order/i)),
  },
  {
    name: 'server-create',
    path: '/idc/cloud-server/create',
    ready: (page) => page.getByTestId('price-total').first(),
    action: (page, say) => button(page, say('Đặt hàng', /order/i)),
  },
  {
    name: 'volumes-empty',
    path: '/idc/volume',
    ready: (page, say) =>
      main(page).getByText(say('Bạn chưa có volume nào', 'You have no volumes yet')),
    action: (page, say) => link(main(page), say('Tạo volume', 'Create volume')),
  },
  {
    name: 'volume-create',
    path: '/idc/volume/create',
    ready: (page) => page.getByTestId('price-total').first(),
    action: (page, say) => button(page, say('Đặt hàng', 'Place order')),
  },
  {
    name: 'snapshots-empty',
    path: '/idc/snapshot',
    ready: (page, say) =>
      main(page).getByText(say('Bạn chưa có snapshot nào', 'You have no snapshots yet')),
    action: (page, say) => link(main(page), say('Tạo snapshot', /snapshot/i)),
  },
  {
    name: 'snapshot-create-nothing-to-copy',
    path: '/idc/snapshot/create',
    ready: (page, say) =>
      main(page).getByText(
        say('Bạn chưa có volume hay máy chủ nào để sao lưu.', /no volume or server/i),
      ),
    // Nothing to copy: the way forward is to create a server (or a volume).
    action: (page, say) => link(main(page), say('Tạo máy chủ', 'Create a server')),
  },
  {
    name: 'ssh-keys-empty',
    path: '/idc/ssh-keys',
    ready: (page, say) =>
      main(page).getByText(say('Bạn chưa có SSH key nào', 'You have no SSH keys yet')),
    action: (page, say) => link(main(page), say('Thêm SSH key', 'Add SSH key')),
  },
  {
    name: 'ssh-key-create',
    path: '/idc/ssh-keys/create',
    ready: (page, say) => heading(page, say('Thêm SSH key', 'Add SSH key')),
    action: (page, say) => button(main(page), say('Thêm SSH key', 'Add SSH key')),
  },
  {
    name: 'ssh-key-create-empty-submitted',
    act: submitEmpty((say) => say('Thêm SSH key', 'Add SSH key')),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(main(page), say('Thêm SSH key', 'Add SSH key')),
    fieldErrors: true,
  },
  {
    name: 'tickets-empty',
    path: '/idc/ticket',
    ready: (page, say) =>
      main(page).getByText(
        say('Bạn chưa có yêu cầu hỗ trợ nào', 'You have no support tickets yet'),
      ),
    action: (page, say) => link(main(page), say(/Tạo yêu cầu hỗ trợ/, 'New ticket')),
  },
  {
    name: 'ticket-create',
    path: '/idc/ticket/create',
    ready: (page, say) => heading(page, say('Tạo yêu cầu hỗ trợ', 'New support ticket')),
    action: (page, say) => button(page, say('Gửi yêu cầu', 'Send ticket')),
  },
  {
    name: 'ticket-create-empty-submitted',
    act: submitEmpty((say) => say('Gửi yêu cầu', 'Send ticket')),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(page, say('Gửi yêu cầu', 'Send ticket')),
    fieldErrors: true,
  },
  {
    name: 'billing-invoices-empty',
    path: '/idc/billing',
    ready: (page, say) =>
      main(page)
        .getByText(say('Chưa có hoá đơn nào.', /no invoices/i))
        .first(),
    action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
  },
  {
    name: 'top-up-dialog',
    act: async (page, say) => link(main(page), say('Nạp tiền', 'Top up')).click(),
    ready: (page, say) =>
      page.getByRole('dialog', { name: say('Nạp tiền vào tài khoản', 'Top up your balance') }),
    action: (page, say) => button(dialog(page), say(/^(Thanh toán|Tiếp tục)$/, /^(Pay|Continue)$/)),
  },
  ...(
    [
      ['history', 'Lịch sử số dư', 'Balance history'],
      ['payments', 'Giao dịch nạp tiền', 'Payments'],
      ['services', 'Dịch vụ', 'Services'],
      ['orders', 'Đơn hàng', 'Orders'],
    ] as const
  ).map(([tab, vietnamese, english]): Screen => ({
    name: `billing-${tab}-empty`,
    path: `/idc/billing/${tab}`,
    ready: (page, say) => page.getByRole('tab', { name: say(vietnamese, english), selected: true }),
    action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
  })),
  {
    name: 'account',
    path: '/idc/account',
    ready: (page, say) => heading(page, say('Thông tin cá nhân', 'Profile')),
    action: (page, say) => button(page, say('Lưu thông tin', 'Save profile')),
  },
  {
    name: 'account-password-empty-submitted',
    act: async (page, say) => button(page, say('Đổi mật khẩu', 'Change password')).click(),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(page, say('Đổi mật khẩu', 'Change password')),
    fieldErrors: true,
  },
  {
    name: 'not-found',
    path: '/idc/no-such-page',
    ready: (page, say) => heading(page, say('Không tìm thấy trang', 'Page not found')),
    action: (page, say) => link(main(page), say('Về trang tổng quan', /dashboard/i)),
  },
  {
    name: 'server-detail-not-found',
    path: '/idc/cloud-server/999999/detail',
    ready: (page, say) =>
      main(page).getByText(
        say('Không tìm thấy máy chủ này. Có thể máy chủ đã bị xoá.', /This server was not found/),
      ),
    action: (page, say) => link(main(page), say(/Cloud VPS|máy chủ/i, /Cloud VPS|server/i)),
  },
  {
    name: 'volume-detail-not-found',
    path: '/idc/volume/999999/detail',
    ready: (page, say) =>
      main(page).getByText(say('Không tìm thấy volume này.', 'There is no such volume.')),
    action: (page) => link(main(page), /Volume/i),
  },
  {
    name: 'ticket-detail-not-found',
    path: '/idc/ticket/999999/detail',
    ready: (page, say) =>
      main(page).getByText(
        say('Không tìm thấy yêu cầu hỗ trợ này.', 'This support ticket was not found.'),
      ),
    action: (page) => link(main(page), /./),
  },
  {
    name: 'invoice-not-found',
    path: '/idc/billing/invoices/999999',
    ready: (page, say) =>
      main(page).getByText(say('Không tìm thấy hoá đơn này.', 'This invoice was not found.')),
    action: (page) => link(main(page), /./),
  },
  {
    name: 'order-not-found',
    path: '/idc/order/create?id=999999',
    ready: (page, say) =>
      main(page).getByText(say('Không tìm thấy đơn hàng này.', 'This order was not found.')),
    action: (page) => link(main(page), /./),
  },
  {
    name: 'server-list-unreachable',
    path: '/idc/dashboard',
    act: async (page, say) => {
      await expect(heading(page, say(/^Xin chào, /, /^Hello, /))).toBeVisible();
      await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
      if ((page.viewportSize()?.width ?? 1280) < 768) {
        await button(page, say('Mở menu', 'Open the menu')).click();
      }
      await page
        .getByRole('navigation', { name: say('Menu chính', 'Main menu') })
        .getByRole('link', { name: 'Cloud VPS' })
        .click();
    },
    ready: (page, say) =>
      page
        .getByRole('alert')
        .filter({ hasText: say('Không kết nối được hệ thống', 'Cannot reach our service') }),
    action: (page, say) => button(page, say('Thử lại', 'Try again')),
  },
];

function screensWithData(have: Holdings): Screen[] {
  const server = `/idc/cloud-server/${have.serverId}/detail`;
  return [
    {
      name: 'dashboard',
      path: '/idc/dashboard',
      ready: (page) => main(page).getByText(have.serverName).first(),
      action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
    },
    {
      name: 'servers',
      path: '/idc/cloud-server',
      ready: (page) => link(main(page), have.serverName),
      action: (page, say) => link(main(page), say('Tạo máy chủ', 'Create server')),
    },
    {
      name: 'server-detail-overview',
      path: server,
      ready: (page) => heading(page, have.serverName),
      action: (page, say) => button(main(page), say('Tắt máy', 'Power off')),
    },
    {
      name: 'server-detail-power-off-dialog',
      act: async (page, say) => button(main(page), say('Tắt máy', 'Power off')).click(),
      ready: (page, say) =>
        page.getByRole('dialog', {
          name: say(`Tắt máy chủ ${have.serverName}`, `Power off ${have.serverName}`),
        }),
      action: (page, say) => button(dialog(page), say('Tắt máy', 'Power off')),
    },
    {
      name: 'server-detail-more-actions-menu',
      path: server,
      act: async (page, say) => button(main(page), say('Thao tác khác', 'More actions')).click(),
      ready: (page) => page.getByRole('menu'),
      action: (page, say) => page.getByRole('menuitem', { name: say('Xoá máy chủ', /^Delete/) }),
    },
    {
      name: 'server-detail-delete-dialog',
      act: async (page, say) =>
        page.getByRole('menuitem', { name: say('Xoá máy chủ', /^Delete/) }).click(),
      ready: (page, say) =>
        page.getByRole('dialog', {
          name: say(`Xoá máy chủ ${have.serverName}`, `Delete ${have.serverName}`),
        }),
      action: (page, say) => button(dialog(page), say('Xoá máy chủ', /^Delete/)),
    },
    {
      name: 'server-detail-ips',
      path: server,
      act: async (page, say) =>
        page.getByRole('tab', { name: say('Địa chỉ IP', 'IP addresses') }).click(),
      ready: (page, say) =>
        main(page).getByText(say(/^Đang dùng 1\/\d+ địa chỉ IP/, /^1 of \d+ IP addresses in use/)),
      action: (page, say) => button(main(page), say('Mua IP', /Buy/)),
    },
    {
      name: 'server-detail-auto-snapshots',
      act: async (page, say) =>
        page.getByRole('tab', { name: say('Sao lưu tự động', 'Auto-snapshot') }).click(),
      ready: (page, say) =>
        page.getByRole('tab', { name: say('Sao lưu tự động', 'Auto-snapshot'), selected: true }),
      action: (page, say) =>
        button(main(page), say('Bật sao lưu tự động', 'Turn on auto-snapshots')),
    },
    {
      name: 'volumes',
      path: '/idc/volume',
      ready: (page) => link(main(page), have.volumeName),
      action: (page, say) => link(main(page), say('Tạo volume', 'Create volume')),
    },
    {
      name: 'volume-detail',
      path: `/idc/volume/${have.volumeId}/detail`,
      ready: (page) => heading(page, have.volumeName),
      action: (page, say) => button(main(page), say('Gắn vào máy chủ', /Attach/)),
    },
    {
      name: 'volume-delete-dialog',
      act: async (page, say) => button(main(page), say('Xoá', 'Delete')).click(),
      ready: (page, say) =>
        page.getByRole('dialog', {
          name: say(`Xoá volume ${have.volumeName}?`, `Delete volume ${have.volumeName}?`),
        }),
      action: (page, say) => button(dialog(page), say('Xoá', 'Delete')),
    },
    {
      name: 'snapshots',
      path: '/idc/snapshot',
      ready: (page) => main(page).getByText(have.snapshotName).first(),
      action: (page, say) => link(main(page), say('Tạo snapshot', /snapshot/i)),
    },
    {
      name: 'snapshot-delete-dialog',
      act: async (page, say) =>
        button(
          main(page),
          say(`Xoá snapshot ${have.snapshotName}`, `Delete snapshot ${have.snapshotName}`),
        ).click(),
      ready: (page, say) =>
        page.getByRole('dialog', {
          name: say(`Xoá snapshot ${have.snapshotName}?`, `Delete snapshot ${have.snapshotName}?`),
        }),
      action: (page, say) => button(dialog(page), say('Xoá', 'Delete')),
    },
    {
      name: 'snapshot-create',
      path: '/idc/snapshot/create',
      ready: (page, say) => heading(page, say('Tạo snapshot', /snapshot/i)),
      action: (page, say) => button(main(page), say(/Tạo snapshot/, /snapshot/i)),
    },
    {
      name: 'snapshot-create-empty-submitted',
      act: submitEmpty((say) => say(/Tạo snapshot/, /snapshot/i)),
      ready: (page) => page.locator('[aria-invalid="true"]').first(),
      action: (page, say) => button(main(page), say(/Tạo snapshot/, /snapshot/i)),
      fieldErrors: true,
    },
    {
      name: 'ssh-keys',
      path: '/idc/ssh-keys',
      ready: (page) => main(page).getByText(have.keyName).first(),
      action: (page, say) => link(main(page), say('Thêm SSH key', 'Add SSH key')),
    },
    {
      name: 'ssh-key-delete-dialog',
      act: async (page, say) =>
        button(
          main(page),
          say(`Xoá SSH key ${have.keyName}`, `Delete SSH key ${have.keyName}`),
        ).click(),
      ready: (page) => dialog(page),
      action: (page, say) => button(dialog(page), say(/Xoá/, /Delete/)),
    },
    {
      name: 'tickets',
      path: '/idc/ticket',
      ready: (page) => link(main(page), 'Máy chủ khởi động chậm'),
      action: (page, say) => link(main(page), say(/Tạo yêu cầu hỗ trợ/, 'New ticket')),
    },
    {
      name: 'ticket-detail',
      path: `/idc/ticket/${have.ticketId}/detail`,
      ready: (page) => heading(page, 'Máy chủ khởi động chậm'),
      action: (page, say) => button(main(page), say('Gửi trả lời', /reply/i)),
    },
    {
      name: 'billing-invoices',
      path: '/idc/billing',
      ready: (page) => main(page).getByRole('row').filter({ hasText: '330.000' }).first(),
      action: (page, say) => button(main(page), say(/^Thanh toán hoá đơn /, /^Pay invoice /)),
    },
    {
      name: 'pay-invoice-dialog',
      act: async (page, say) =>
        button(main(page), say(/^Thanh toán hoá đơn /, /^Pay invoice /)).click(),
      ready: (page) => dialog(page).getByTestId('invoice-pay-total'),
      action: (page, say) => button(dialog(page), say(/^Thanh toán /, /^Pay /)),
    },
    {
      name: 'invoice-page',
      path: `/idc/billing/invoices/${have.openInvoiceId}`,
      ready: (page) => main(page).getByText('330.000').first(),
      action: (page, say) => button(main(page), say(/Thanh toán|In/, /Pay|Print/)),
    },
    {
      name: 'billing-history',
      path: '/idc/billing/history',
      ready: (page) => main(page).getByRole('row').nth(1),
      action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
    },
    {
      name: 'billing-payments',
      path: '/idc/billing/payments',
      ready: (page) => main(page).getByRole('row').nth(1),
      action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
    },
    {
      name: 'billing-services',
      path: '/idc/billing/services',
      ready: (page) => main(page).getByText(have.serverName).first(),
      action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
    },
    {
      name: 'billing-orders',
      path: '/idc/billing/orders',
      ready: (page) => main(page).getByRole('row').nth(1),
      action: (page, say) => link(main(page), say('Nạp tiền', 'Top up')),
    },
    {
      name: 'order-unpaid',
      path: `/idc/order/create?id=${have.unpaidOrderId}`,
      ready: (page) => page.getByTestId('order-total'),
      action: (page, say) => button(main(page), say(/^Thanh toán /, /^Pay /)),
    },
  ];
}

const AGENCY_SCREENS: Screen[] = [
  {
    name: 'agency-accounts',
    path: '/idc/agency',
    ready: (page) => main(page).getByText('Công ty TNHH Minh Phát'),
    action: (page, say) => page.getByRole('tab', { name: say('Tạo tài khoản', 'Create account') }),
  },
  {
    name: 'agency-create-account',
    path: '/idc/agency/create',
    ready: (page, say) =>
      page.getByRole('tab', { name: say('Tạo tài khoản', 'Create account'), selected: true }),
    action: (page, say) => button(main(page), say('Tạo tài khoản', 'Create account')),
  },
  {
    name: 'agency-create-account-empty-submitted',
    act: submitEmpty((say) => say('Tạo tài khoản', 'Create account')),
    ready: (page) => page.locator('[aria-invalid="true"]').first(),
    action: (page, say) => button(main(page), say('Tạo tài khoản', 'Create account')),
    fieldErrors: true,
  },
  {
    name: 'agency-invoices',
    path: '/idc/agency/invoices',
    ready: (page) => main(page).getByRole('row').nth(1),
    action: (page, say) =>
      page.getByRole('tab', { name: say('Báo cáo tổng quan', 'Report overview') }),
  },
  {
    name: 'agency-report',
    path: '/idc/agency/report',
    ready: (page) => page.getByTestId('agency-report-chart').locator('svg').first(),
    action: (page, say) => page.getByRole('tab', { name: say('Hoá đơn', 'Invoices') }),
  },
  {
    name: 'agency-activity',
    path: '/idc/agency/activity',
    // The customers' events, or none yet (other specs may not have made any).
    ready: (page, say) =>
      main(page)
        .getByRole('list', { name: say('Nhật ký hoạt động', 'Account activity') })
        .or(main(page).getByRole('table', { name: say('Nhật ký hoạt động', 'Account activity') }))
        .or(main(page).getByText(say('Chưa có hoạt động nào.', 'No activity yet.')))
        .first(),
    action: (page, say) =>
      main(page).getByRole('combobox', { name: say('Loại hoạt động', 'Kind of activity') }),
  },
];

/* ------------------------------------------------------------------------------------------ */
/* The runs: every area in every variant, each its own test so they run in parallel           */
/* ------------------------------------------------------------------------------------------ */

/** The addresses of the sidebar's links (the logo's included once), read on a phone. */
async function sidebarPaths(page: Page): Promise<string[]> {
  await page.goto('/idc/dashboard');
  // On a phone the sidebar is a drawer, opened from the app bar.
  await page.getByRole('button', { name: /^(Mở menu|Open the menu)$/ }).click();
  const nav = page.getByRole('navigation', { name: /^(Menu chính|Main menu)$/ });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
    );
  await page.keyboard.press('Escape');
  return [...new Set(hrefs.map((href) => href.replace(/^\/idc/, '')))];
}

/** The addresses the header's Create menu opens. */
async function createMenuPaths(page: Page): Promise<string[]> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^(Tạo mới|Create)$/ })
    .click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const hrefs = await items.evaluateAll((links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  );
  await page.keyboard.press('Escape');
  return hrefs.map((href) => href.replace(/^\/idc/, ''));
}

/** A declared screen has drawn its data: nothing in it is loading any more. */
function declaredScreenReady(page: Page): Locator {
  // Inside `has`, locators are relative to the main area.
  const content = page.getByRole('heading').or(page.getByRole('button')).or(page.getByRole('link'));
  return main(page)
    .filter({ has: content })
    .filter({ hasNot: page.getByRole('progressbar') })
    .filter({ hasNot: page.locator('[aria-busy="true"]') });
}

/** What a declared screen offers first: a heading's page, a list's Create, an empty state's link. */
function declaredScreenAction(page: Page): Locator {
  const area = main(page);
  return area.getByRole('heading').or(area.getByRole('button')).or(area.getByRole('link')).first();
}

const PASSWORD = 'Screens1pass';

// A step that cannot happen fails at once with its reason, not at the end of the whole test.
test.use({ actionTimeout: 15_000 });

// Every progress bar or spinner the page ever shows, as it appears: the unnamed ones are kept in
// window.__unnamedProgress for checkScreen.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    const found: string[] = [];
    (window as unknown as { __unnamedProgress: string[] }).__unnamedProgress = found;
    const inspect = (element: Element) => {
      if (
        element.getAttribute('role') === 'progressbar' &&
        !element.getAttribute('aria-label') &&
        !element.getAttribute('aria-labelledby') &&
        !element.closest('[aria-hidden="true"]')
      ) {
        found.push(`${location.pathname}: ${element.outerHTML.slice(0, 120)}`);
      }
    };
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (!(node instanceof Element)) continue;
          inspect(node);
          node.querySelectorAll('[role="progressbar"]').forEach(inspect);
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
});

/** Names in dialog titles that a line break splits (e.g. "web-" / "01" at 375 px). */
async function namesBrokenInDialogTitles(page: Page): Promise<string[]> {
  return page.locator('[data-testid="dialog-title-name"]').evaluateAll((names) =>
    names
      .filter((name) => {
        const range = document.createRange();
        range.selectNodeContents(name);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        return lines.size > 1;
      })
      .map((name) => name.textContent ?? ''),
  );
}

async function unnamedProgressIndicators(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { __unnamedProgress: string[] }).__unnamedProgress.splice(0),
  );
}

/**
 * The longer catalogues run as this many tests, each with a customer of its own, so that the
 * workers share them instead of one worker taking a minute and a half over a whole catalogue.
 */
const PARTS = 2;

/**
 * `screens` cut into `count` runs of about equal length. A run starts only at a screen opened by
 * its address: the others are steps from the screen before (a dialog opened on it).
 */
function inParts(screens: Screen[], count: number): Screen[][] {
  const parts: Screen[][] = [];
  const size = Math.ceil(screens.length / count);
  for (const screen of screens) {
    const current = parts.at(-1);
    if (!current || (current.length >= size && screen.path && parts.length < count)) {
      if (current === undefined && !screen.path) throw new Error(`${screen.name} needs a path`);
      parts.push([screen]);
    } else {
      current.push(screen);
    }
  }
  return parts;
}

/** A customer of the test's own, signed in, reading the portal in the variant's language and size. */
async function newCustomerIn(
  variant: Variant,
  page: Page,
  request: APIRequestContext,
  label: string,
  fullname: string,
) {
  const customer = await signInAsNewCustomer(page, request, {
    label,
    fullname,
    password: PASSWORD,
  });
  await chooseLanguage(page, variant);
  await page.setViewportSize({ width: variant.width, height: variant.height });
  return customer;
}

/** A card payment the customer cancels on the gateway, and the screen it returns to. */
async function cancelledCardPayment(page: Page, variant: Variant) {
  const api = await customerApi(page);
  const origin = new URL(page.url()).origin;
  const started = await api.post('/billing/gen_payment_req_url', {
    method: 'card',
    amount: 100_000,
    return_url: `${origin}/idc/billing/payment`,
  });
  await page.goto(started.url);
  await page.getByRole('button', { name: GATEWAY_BUTTONS.cancel }).click();
  await checkScreens(page, variant, [
    {
      name: 'top-up-failure',
      // A cancel is recorded and shown as one (issue 17).
      ready: (current, say) => heading(current, say('Đã huỷ thanh toán', 'Payment cancelled')),
      action: (current, say) => link(current, say('Về trang thanh toán', /billing/i)),
    },
  ]);
}

for (const variant of VARIANTS) {
  const label = variantLabel(variant);

  test.describe(label, () => {
    test(`public pages (${label})`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: variant.width, height: variant.height });
      await page.goto('/idc/login');
      await chooseLanguage(page, variant);
      await checkScreens(page, variant, PUBLIC_SCREENS);

      // The e-mail check, as a customer who has just registered sees it.
      const email = uniqueEmail('screens-verify');
      const registered = await request.post('/api/v1/auth/users', {
        data: {
          fullname: 'Lê Chờ Xác Thực',
          password: PASSWORD,
          verify_password: PASSWORD,
          email,
          phone: '+84912345678',
          formatted_phone: '091 234 56 78',
        },
      });
      expect(registered.status()).toBe(201);
      await page.goto('/idc/login');
      await page.getByLabel(sayIn(variant.language)('Email', 'E-mail') as string).fill(email);
      await page
        .getByLabel(sayIn(variant.language)('Mật khẩu', 'Password') as string, { exact: true })
        .fill(PASSWORD);
      await button(page, sayIn(variant.language)('Đăng nhập', 'Sign in')).click();
      await expect(page).toHaveURL(/\/idc\/verify$/);
      await checkScreens(page, variant, [VERIFY_SCREEN]);
    });

    inParts(EMPTY_SCREENS, PARTS).forEach((part, index) => {
      const name = `a new customer's empty portal, part ${index + 1} of ${PARTS} (${label})`;
      test(name, async ({ page, request }) => {
        test.setTimeout(180_000);
        await newCustomerIn(variant, page, request, 'screens-empty', 'Đỗ Màn Hình');
        await checkScreens(page, variant, part);
      });
    });

    for (let part = 0; part < PARTS; part += 1) {
      const name = `a customer's portal with data, part ${part + 1} of ${PARTS} (${label})`;
      test(name, async ({ page, request }) => {
        test.setTimeout(240_000);
        const { email } = await newCustomerIn(
          variant,
          page,
          request,
          'screens-data',
          'Đỗ Có Dữ Liệu',
        );
        await topUpByCard(page, 2_000_000);
        if (part === 0) {
          await checkScreens(page, variant, [
            {
              name: 'top-up-success',
              ready: (current, say) =>
                heading(current, say('Nạp tiền thành công', 'Top-up successful')),
              action: (current, say) => link(current, say('Về trang thanh toán', /billing/i)),
            },
          ]);
        }
        const have = await buildHoldings(page, email);
        await checkScreens(page, variant, inParts(screensWithData(have), PARTS)[part]!);
        if (part === PARTS - 1) await cancelledCardPayment(page, variant);
      });
    }

    test(`the agency area (${label})`, async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, 'agency@example.vn');
      await expect(page).toHaveURL(/\/idc\/dashboard$/);
      await chooseLanguage(page, variant);
      await page.setViewportSize({ width: variant.width, height: variant.height });
      await checkScreens(page, variant, AGENCY_SCREENS);
    });
  });
}

// Both runs also open every screen the portal declares.
for (const variant of VARIANTS) {
  const label = variantLabel(variant);
  // The sections and create forms as the portal declares them (src/portalResources.ts), read
  // from its sidebar and Create menu: a resource added there is checked here without an edit,
  // until the catalogue above lists it with its own content and main action.
  test(`every declared section and create form (${label})`, async ({ page, request }) => {
    test.setTimeout(150_000);
    await newCustomerIn(variant, page, request, 'screens-declared', 'Đỗ Khai Báo');
    const paths = [...(await sidebarPaths(page)), ...(await createMenuPaths(page))];
    expect(paths.length).toBeGreaterThan(8);
    const catalogued = new Set(EMPTY_SCREENS.map((screen) => screen.path));
    await checkScreens(
      page,
      variant,
      paths
        .filter((path) => !catalogued.has(`/idc${path}`))
        .map((path) => ({
          name: `declared${path.replace(/\//g, '-')}`,
          path: `/idc${path}`,
          ready: (current) => declaredScreenReady(current),
          action: (current) => declaredScreenAction(current),
        })),
    );
  });
}
